"""Scenario movement restrictions [WB95 scenario notes]: formations that may not move before a turn
(Korsuń 1944 Scenario Notes: "1st Ukraine Front can move from Turn 3 (January 26th)"), from each
scenario's ``[[movement_restrictions]]`` (docs/data-format.md, "Scenarios").

A unit of such a formation that moves from hex to hex by its own move, in its side's Movement or
Strategic Movement Phase, before the turn is a finding. Retreats and pursuits after combat are not
moves in those phases (the notes forbid moving, not fighting); the set-up before the tracker first
advances is judged by the set-up check. A log does not name its scenario
(:mod:`vmodgen.engine.rules.wb95.scenario`): a move is judged only when every scenario the log may
be playing gives the same answer, and is otherwise reported as not checked.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.model.scenarios import MovementRestriction
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.verdict import Verdict
from vmodgen.engine.rules.wb95 import scenario
from vmodgen.engine.rules.wb95.common import is_unit, opening, opens_game
from vmodgen.engine.rules.wb95.frame import CaseCheck
from vmodgen.engine.rules.wb95.phases import MOVING

NOTES = "WB95 scenario notes"


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    if not records:
        return []
    played = scenario.candidates(records[0].start, opening=opening(records))
    found: list[Judgement] = []
    for index, record in enumerate(records):
        if (index == 0 and opens_game(record)) or record.phase.kind not in MOVING:
            continue
        for key, track in record.tracks.items():
            if moved(record, track):
                found += check_move(record, track, played)
    return found


def moved(record: PhaseRecord, track: UnitTrack) -> bool:
    """The unit of the phase's side went from its hex to another one (a reinforcement entering the
    map is judged by the reinforcement checks)."""
    counter = record.start.game.counter(track.key)
    return (counter.side == record.phase.side and track.start is not None and is_unit(record.start, track.key)
            and any(d.hex != track.start for d in track.map_drops))


def check_move(record: PhaseRecord, track: UnitTrack, played: Sequence[scenario.Played]) -> list[Judgement]:
    bound = [(p, binding(p, track.key, record.turn)) for p in played]
    answers = {(r.name, r.from_turn) if r is not None else None for _, r in bound}
    if answers <= {None}:
        return []
    counter = record.start.game.counter(track.key)
    drop = next(d for d in track.map_drops if d.hex != track.start)
    if len(answers) != 1:
        return [judge(record, Verdict.unchecked(NOTES, f"{counter.name}'s move on turn {record.turn}: the scenarios "
                                                       "the log may be playing differ on it"),
                      track, last_step=drop.step)]
    restriction = bound[0][1]
    assert restriction is not None
    notes = " / ".join(f"{p.title} scenario notes" for p, _ in bound)
    verdict = Verdict.illegal(NOTES, f"{counter.name} ({counter.formation}, {restriction.name}) moved from "
                                     f"{track.start_location} on turn {record.turn}: the {restriction.name} can move "
                                     f"from turn {restriction.from_turn} ({notes})", [drop.hex])
    return [judge(record, verdict, track, last_step=drop.step)]


def binding(played: scenario.Played, key: str, turn: int) -> MovementRestriction | None:
    """The scenario's restriction the unit is still under on ``turn``, if any."""
    counter = scenario.counter_in(played.game, key)
    if counter is None:
        return None
    restrictions = next((s.movement_restrictions for s in played.game.scenarios if s.title == played.title), ())
    return next((r for r in restrictions if r.side == counter.side and counter.formation in r.formations
                 and turn < r.from_turn), None)


CHECK = CaseCheck((NOTES,), game=check_game)
