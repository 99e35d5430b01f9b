"""Advances after combat in bad weather [Rostov 20.22, 20.23]: in moderate and severe weather every
advance after combat is limited to one hex; in severe weather cavalry advances normally.

The standard check (``engine/rules/advance.py``) judges each advance by AGS 9.81-9.85 (two hexes
where a hex was emptied by elimination, 9.84; as far as the enemy retreated, 9.85). This rule adds
the weather's limit: a unit that advanced more hexes than its weather allows is a finding. A unit's
weather is that of the hex it starts the Combat Phase in (20.24), read from the Weather Phase the
log shows (:mod:`.weather`); on a Game-Turn whose Weather Phase the log does not show, an advance
of more than one hex is not checked, never a finding. An advance is a move of a unit of the
battle through an adjacent enemy hex the battle emptied, as the standard check reads it; its
length counts that hex as the first (9.84). Parameters: ``rules.weather_advance_limit``.

>>> ADVANCE_WEATHER.check_phase(record, {})        # doctest: +SKIP
[]
"""

from __future__ import annotations

from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.ags.exclusive import memory_of
from vmodgen.engine.rules.ags.rostov.weather import ROSTOV_WEATHER, UNKNOWN
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.record import Battle, PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name, optional_table

NORMAL = "normal"       # no limit beyond the standard rules (20.23: cavalry in severe weather)


def spec(game: Game) -> dict[str, Any] | None:
    """``rules.weather_advance_limit``: hexes by weather, ``<weather>_<unit type>`` for a type the
    weather limits otherwise (``normal``: not at all), and the ``case``; None when absent."""
    return optional_table(game, "weather_advance_limit")


def limit(rule: dict[str, Any], weather: str, unit_type: str) -> int | None:
    """The most hexes a unit of ``unit_type`` may advance in ``weather`` (None: no limit here).

    >>> limit({"moderate": 1, "severe": 1, "severe_cavalry": "normal"}, "severe", "cavalry") is None
    True
    >>> limit({"moderate": 1, "severe": 1, "severe_cavalry": "normal"}, "moderate", "cavalry")
    1
    """
    value = rule.get(f"{weather}_{unit_type}", rule.get(weather))
    return None if value is None or value == NORMAL else int(value)


class AdvanceWeather:
    """Rostov 20.22: judges the advances of every battle of a Combat Phase against the weather."""

    name = "rostov_advance_weather"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        rule = spec(game)
        if rule is None or record.phase.kind != "combat":
            return []
        found: list[Judgement] = []
        for battle in record.battles:
            if battle.before is None or battle.after is None or battle.die is None:
                continue        # the standard check says what is missing
            for key, start, vacated, end in _advances(battle):
                found += self._judge(record, battle, rule, key, vacated, end)
        return found

    def _judge(self, record: PhaseRecord, battle: Battle, rule: dict[str, Any], key: str, vacated: Hex,
               end: Hex) -> list[Judgement]:
        game = record.start.game
        layout = game.map.layout
        hexes = 1 + layout.distance(vacated, end)
        unit = record.start.units.get(key)
        track = record.tracks.get(key)
        if hexes <= 1 or unit is None or unit.hex is None or track is None:
            return []
        weather = ROSTOV_WEATHER.weather(record, unit.hex, memory_of(ROSTOV_WEATHER.name) or {})
        name, case = unit.counter.name, cite(game, str(rule.get("case", "Rostov 20.22")))
        began = battle.before.units[key].hex
        where = f"{name} advanced {hexes} hexes after battle {battle.number}, from {hex_name(game, began)} to " \
                f"{hex_name(game, end)}"
        if weather is None:
            return []
        if weather == UNKNOWN:
            return [judge(record, Verdict.unchecked(case, (
                f"{where} on Game-Turn {record.turn}, whose Weather Phase the log does not show: moderate or "
                "severe weather would limit it to one hex; not checked")), track, last_step=battle.die_step)]
        most = limit(rule, weather, unit.counter.type)
        if most is None or hexes <= most:
            return []
        return [judge(record, Verdict.illegal(case, (
            f"{where} in {weather} weather (the weather of {hex_name(game, unit.hex)}, where it began the phase, "
            f"20.24), which limits every advance after combat to {most} hex{'es' if most != 1 else ''}"),
            [began]), track, last_step=battle.die_step)]


def _advances(battle: Battle) -> list[tuple[str, Hex, Hex, Hex]]:
    """(unit, start, vacated hex, end) of each unit of the battle whose move after the die went
    through an adjacent enemy hex the battle emptied (AGS 9.81: the standard check's reading)."""
    before, after = battle.before, battle.after
    assert before is not None and after is not None
    layout = before.game.map.layout
    found = []
    for own, enemy in ((battle.attacker_hexes, battle.defender_hexes), (battle.defender_hexes, battle.attacker_hexes)):
        emptied = [h for h in sorted(enemy) if _emptied(before, after, h)]
        for hex_ in sorted(own):
            for key in before.at(hex_):
                end = after.units[key].hex if key in after.units else None
                if end is None or end == hex_:
                    continue
                through = [v for v in emptied if layout.adjacent(hex_, v)
                           and layout.distance(hex_, v) + layout.distance(v, end) == layout.distance(hex_, end)]
                if through:
                    found.append((key, hex_, through[0], end))
    return found


def _emptied(before: Situation, after: Situation, hex_: Hex) -> bool:
    """An enemy hex of the battle left with none of the units it held then."""
    held = before.at(hex_)
    return bool(held) and all(after.units.get(k) is None or after.units[k].hex != hex_ for k in held)


ADVANCE_WEATHER = AdvanceWeather()
