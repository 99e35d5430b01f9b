"""Korsun's Victory Points [Korsun 27.0-27.3] from ``games/korsun/victory.toml``: the Soviet total
minus the German total decides (27.3).

- 27.1 Soviet points for German units destroyed, more when the unit was isolated at the instant of
  the combat or overrun that destroyed it (25.12: :func:`~vmodgen.engine.rules.ags.korsun.isolation.isolated_at`
  on the position before its die roll); for German units isolated on the map at the end; for
  Heavy Equipment markers under units at the end. A unit air supplied is not isolated (25.23): when
  a German marker (Air, Heavy Equipment) was on the map in the log, an isolated answer is a range.
  Heavy Equipment under a unit: the stacking order is not something a log's positions keep, so a German
  marker in a German unit's hex at the end is a range.
- 27.2 German points for Soviet units destroyed: brigades, divisions, HQs; each corps step, or 12
  for an entire corps (its two counters, 24.11: the rpl counter replaces the corps at its second
  step loss), not both.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.rules.ags.korsun.isolation import isolated_at
from vmodgen.engine.rules.ags.victory_ledger import Losses, is_marker, losses
from vmodgen.engine.rules.ags.victory_tally import Bounds, Points, Tally, at_end, difference, from_start, header, \
    settled, show, value
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation

GERMAN, SOVIET = "German", "Soviet"
RPL = " (rpl)"              # a corps's replacement counter is named "<corps> (rpl)" (units.csv, 24.11)


def summary(records: Sequence[PhaseRecord]) -> list[str]:
    game = records[0].start.game
    last_turn = int(value(game, "end", "turn"))
    lost = losses(records)
    tally = Tally()
    if not from_start(records):
        for side in (SOVIET, GERMAN):
            tally.add(side, "units destroyed before the log began (Korsun 27.1, 27.2)", (0, None),
                      "the log does not begin with the game")
    air = _air_possible(records, game)
    for item, points, why in _german_destroyed(records, game, lost, air) + _left_on_map(records, game, air):
        tally.add(SOVIET, item, points, why)
    for item, points, why in _soviet_destroyed(game, lost):
        tally.add(GERMAN, item, points, why)
    return header(records, game, last_turn, "Korsun 27.0", places=False) + tally.lines + _result(records, game, tally, last_turn)


def _worth(game: Game, counter: Counter, kind: str) -> int:
    """A ``soviet_vp`` value for a German counter: the infantry regiment entry (types) or the
    other one (27.1: "any other German unit")."""
    rules = game.victory["soviet_vp"]
    regiment = rules[f"{kind}_infantry_regiment"]
    return int(regiment["value"] if counter.type in regiment["types"] else rules[f"{kind}_other"]["value"])


def _air_possible(records: Sequence[PhaseRecord], game: Game) -> bool:
    """Whether a German marker (Air, Heavy Equipment: 25.2, 25.3) was on the map in the log."""
    return any(is_marker(game, k) and u.counter.side == GERMAN for r in records for s in (r.start, r.end)
               if s is not None for k, u in s.on_map())


def _german_destroyed(records: Sequence[PhaseRecord], game: Game, lost: Losses, air: bool
                      ) -> list[tuple[str, Points, str]]:
    """Korsun 27.1, 25.12: each German unit destroyed, isolated or not at the instant."""
    found: list[tuple[str, Points, str]] = []
    for key in sorted(set(lost.eliminated) | set(lost.removed)):
        counter = game.counter(key)
        if counter.side != GERMAN:
            continue
        plain, isolated = _worth(game, counter, "destroyed"), _worth(game, counter, "destroyed_isolated")
        if key in lost.removed:
            found.append((f"{counter.name} destroyed (Korsun 27.1)", (0, isolated), lost.removed[key]))
            continue
        before = _instant(records, key, lost.eliminated[key])
        answer = isolated_at(before, [key]).get(key) if before is not None else None
        if answer is True and air:
            found.append((f"{counter.name} destroyed (Korsun 27.1)", (plain, isolated),
                          "isolated unless air supplied (25.23): German markers were on the map"))
        elif answer is None:
            found.append((f"{counter.name} destroyed (Korsun 27.1)", (plain, isolated), "isolation at its combat not known"))
        else:
            found.append((f"{counter.name} destroyed (Korsun 27.1)", isolated if answer else plain,
                          "isolated" if answer else "not isolated"))
    return found


def _instant(records: Sequence[PhaseRecord], key: str, step: int) -> Situation | None:
    """The position before the die roll of the battle or overrun that destroyed the unit (25.12)."""
    for record in records:
        track = record.tracks.get(key)
        if track is None or all(d.step != step for d in track.drops):
            continue
        fights = [(b.die_step, b.before) for b in (*record.battles, *record.overruns)
                  if b.before is not None and b.die_step is not None and b.die_step <= step
                  and key in b.before.units and b.before.units[key].hex is not None
                  and b.before.units[key].hex in (getattr(b, "defender_hexes", set()) | getattr(b, "attacker_hexes", set())
                                                  | getattr(b, "hexes", set()))]
        if fights:
            return max(fights, key=lambda f: f[0])[1]
    return None


def _left_on_map(records: Sequence[PhaseRecord], game: Game, air: bool) -> list[tuple[str, Points, str]]:
    """Korsun 27.1: German units isolated on the map at the end; Heavy Equipment under a unit."""
    end = records[-1].end or records[-1].start
    found: list[tuple[str, Points, str]] = []
    for key, answer in sorted(isolated_at(end).items()):
        counter = game.counter(key)
        worth = _worth(game, counter, "isolated_at_end")
        if answer is None or (answer and air):
            found.append((f"{counter.name} isolated on the map (Korsun 27.1)", (0, worth),
                          "isolation not known" if answer is None else "isolated unless air supplied (25.23)"))
        elif answer:
            found.append((f"{counter.name} isolated on the map (Korsun 27.1)", worth, ""))
    for key, unit in end.on_map(GERMAN):
        if not is_marker(game, key) or unit.hex is None:
            continue
        under = [game.counter(k) for k in end.at(unit.hex) if not is_marker(game, k) and game.counter(k).side == GERMAN]
        if under:
            found.append((f"{unit.counter.name} in {game.map.name(unit.hex)} (Korsun 27.1, 25.36)",
                          (0, max(_worth(game, c, "heavy_equipment") for c in under)),
                          "a Heavy Equipment marker under a unit scores; the log's positions do not keep which "
                          "piece is under which"))
    return found


def _soviet_destroyed(game: Game, lost: Losses) -> list[tuple[str, Points, str]]:
    """Korsun 27.2: brigades, divisions and HQs destroyed; corps by steps or whole."""
    rules = game.victory["german_vp"]
    found: list[tuple[str, Points, str]] = []
    corps_sizes = set(rules["corps_step"]["sizes"])
    for counter in game.counters:
        if counter.side != SOVIET or is_marker(game, counter.id) or counter.role == "replacement":
            continue
        if counter.size in corps_sizes:
            found += _corps(game, counter, lost)
            continue
        rule = next((r for r in rules.values() if isinstance(r, dict) and (counter.type in r.get("types", [])
                                                                         or counter.size in r.get("sizes", []))), None)
        if rule is None or (counter.id not in lost.eliminated and counter.id not in lost.removed):
            continue
        each = int(rule["value"])
        found.append((f"{counter.name} destroyed (Korsun 27.2)", each if counter.id in lost.eliminated else (0, each),
                      lost.removed.get(counter.id, "")))
    return found


def _corps(game: Game, corps: Counter, lost: Losses) -> list[tuple[str, Points, str]]:
    """Korsun 27.2, 24.11: 2 for each step of the corps and its rpl counter, or 12 for all."""
    rules = game.victory["german_vp"]
    per_step, whole = int(rules["corps_step"]["value"]), int(rules["entire_corps"]["value"])
    rpl = next((c for c in game.counters if c.name == corps.name + RPL), None)
    upper = lost.steps_range(corps)
    lower = lost.steps_range(rpl) if rpl is not None else (0, 0)
    if upper == (0, 0) and lower == (0, 0):
        return []
    steps: Bounds = (upper[0] + lower[0], upper[1] + lower[1])
    total = corps.steps + (rpl.steps if rpl is not None else 0)
    if rpl is not None and corps.id in lost.eliminated and rpl.id not in lost.seen:
        return [(f"{corps.name} steps lost (Korsun 27.2)", (per_step * steps[0], whole),
                 "its rpl counter never came on the map: the whole corps, or its rpl counter not yet placed")]
    low = whole if steps[0] == total else per_step * steps[0]
    high = whole if steps[1] == total else per_step * (steps[1] or 0)
    return [(f"{corps.name} steps lost (Korsun 27.2)", low if low == high else (low, high),
             f"{steps[0]} steps lost" if steps[0] == steps[1] else f"{steps[0]} to {steps[1]} steps lost")]


def _result(records: Sequence[PhaseRecord], game: Game, tally: Tally, last_turn: int) -> list[str]:
    """Korsun 27.3: the Soviet total minus the German total on the schedule."""
    margin = difference(tally.total(SOVIET), tally.total(GERMAN))
    lines = [f"  total (Korsun 27.3): Soviet {show(tally.total(SOVIET))}, German {show(tally.total(GERMAN))}; "
             f"Soviet minus German {show(margin)}"]
    if not at_end(records, game, last_turn):
        return lines + ["  level: none yet (the log ends before the end of the game)"]
    return lines + [f"  level (Korsun 27.3): {settled(margin, lambda points: level(game, points)) or 'unknown'}"]


def level(game: Game, points: int) -> str | None:
    """The level of victory for Soviet minus German points [Korsun 27.3]."""
    for row in value(game, "levels") or []:
        if row.get("from", points) <= points <= row.get("to", points):
            return str(row["level"])
    return None
