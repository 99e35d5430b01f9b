"""Rostov 22.1 and 22.2: a Soviet HQ evacuated at the beginning of the Soviet Player's first
Movement Phase (taken off the map, put on the Game-Turn Record Track three spaces ahead) returns
as a reinforcement three Game-Turns later; an HQ eliminated in battle may return the same way on
a die roll of 1-3.

Without this rule an evacuation was a false AGS 5.26 finding (a unit off the map in a Movement
Phase) and the return a false finding of the reinforcement schedule (the HQ is on no schedule).
Here the evacuation is legal when the HQ leaves the map in the Soviet Movement Phase before it
moves on it; leaving after moving, or in the Mechanized Movement Phase, is a finding citing 22.1.
Its return is judged as a reinforcement's entry (the Soviet entry areas, its move beyond within
its allowance) on Game-Turn ``rules.hq_evacuation_turns`` later or after; earlier is a finding.
An HQ eliminated in a Combat Phase returning earlier is a finding citing 22.2; returning at the
due Game-Turn, a not-checked note (the 22.2 die, rolled after the battle, is not read). An HQ that
enters the map in a log that starts after Game-Turn 1, not seen leaving it: a not-checked note.
Parameters: ``rules.hq_evacuation`` (``side``, ``types``, ``case``, ``eliminated_case``,
``entry_areas``) and ``rules.hq_evacuation_turns``.

>>> HQ_EVACUATION.name, HQ_EVACUATION.judges_entries
('rostov_hq_evacuation', True)
"""

from __future__ import annotations

from typing import Any

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules import movement, reinforcements
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, cite, hex_list, optional_param

AWAY = "away"       # HQ -> (Game-Turn it left, "evacuated" or "eliminated")


def spec(game: Game) -> dict[str, Any] | None:
    """``rules.hq_evacuation`` with ``rules.hq_evacuation_turns`` when the game states them, else None."""
    rule = optional_param(game, "hq_evacuation", None)
    turns = optional_param(game, "hq_evacuation_turns", None)
    if not isinstance(rule, dict) or not isinstance(turns, int):
        return None
    return {**rule, "turns": turns}


def _is_hq(game: Game, rule: dict[str, Any], key: str) -> bool:
    counter = game.counter(key)
    return counter.side == rule["side"] and counter.type in rule["types"]


class HqEvacuation:
    """Rostov 22.1, 22.2: an HQ's evacuation off the map and its return three Game-Turns later."""

    name = "rostov_hq_evacuation"
    judges_entries = True

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        game = record.start.game
        rule = spec(game)
        if rule is None or record.phase.side != rule["side"] or not _is_hq(game, rule, track.key):
            return None
        if track.entered_map:
            return _returns(record, track, before, allowance, rule, memory)
        if not track.left_map or track.start is None:
            return None
        case = cite(game, str(rule["case"]))
        name, where = game.counter(track.key).name, hex_list(game, [track.start])
        if record.phase.kind != "movement":
            return [judge(record, Verdict.illegal(case, (
                f"{name} was taken off the map from {where} in the {record.phase.name} phase: an HQ is evacuated at "
                "the beginning of the first Movement Phase of the Game-Turn"), [track.start]), track)]
        if track.map_drops:
            return [judge(record, Verdict.illegal(case, (
                f"{name} moved on the map and was then taken off it ({track.drops[-1].location}): an HQ is "
                "evacuated at the beginning of the Movement Phase, not after moving"), [track.start]), track)]
        memory.setdefault(AWAY, {})[track.key] = (record.turn, "evacuated")
        return []

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        """HQs gone from the map in the phase before this one and not evacuated: eliminated (22.2),
        in a battle or an overrun."""
        game = record.start.game
        rule = spec(game)
        if rule is None:
            return []
        memory.setdefault("first_turn", record.turn)
        away = memory.setdefault(AWAY, {})
        turn, before = memory.pop("on_map", (record.turn, []))
        for key in before:
            unit = record.start.units.get(key)
            if (unit is None or unit.hex is None) and key not in away:
                away[key] = (turn, "eliminated")
        memory["on_map"] = (record.turn, [k for k, u in record.start.units.items()
                                          if u.hex is not None and _is_hq(game, rule, k)])
        return []


def _returns(record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
             rule: dict[str, Any], memory: dict[str, Any]) -> list[Judgement] | None:
    """An HQ entering the map: its return after evacuation or elimination."""
    game = record.start.game
    away = memory.get(AWAY, {}).get(track.key)
    if away is None:
        if memory.get("first_turn", 1) == 1:
            return None     # never on the map before: its scheduled entry (25.3), or none, the standard check's
        return [judge(record, Verdict.unchecked(cite(game, str(rule["case"])), (
            f"{game.counter(track.key).name} entered the map, and the log does not show it leaving it (evacuated or "
            "eliminated before the log began): its return was not checked")), track)]
    left, how = away
    case = cite(game, str(rule["case"] if how == "evacuated" else rule["eliminated_case"]))
    name = game.counter(track.key).name
    due = left + int(rule["turns"])
    if record.turn < due:
        return [judge(record, Verdict.illegal(case, (
            f"{name}, {how} on Game-Turn {left}, returned on Game-Turn {record.turn}: it returns as a reinforcement "
            f"{rule['turns']} Game-Turns later, on Game-Turn {due}")), track)]
    if record.phase.kind != "movement":
        return [judge(record, Verdict.illegal(case, (
            f"{name} returned in the {record.phase.name} phase: as a reinforcement it enters in the Movement Phase")),
            track)]
    entries = reinforcements.entry_hexes(before, rule["side"], rule["entry_areas"])
    hexes = [d.hex for d in track.drops if d.hex is not None]
    verdict = movement.movement_check(before, track.key, hexes, allowance, entries=entries)
    del memory[AWAY][track.key]
    found = [] if verdict.is_legal else [judge(record, verdict, track)]
    if how == "eliminated":
        found.append(judge(record, Verdict.unchecked(case, (
            f"{name}, eliminated on Game-Turn {left}, returned on Game-Turn {record.turn}: whether the die after its "
            "battle allowed it (1-3) is not read")), track))
    return found


HQ_EVACUATION = HqEvacuation()
