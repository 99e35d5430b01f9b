"""Overrun [AGS 6.0-6.2; Kiev 19.4] in a Movement Phase, on phase records built by hand: a
declared overrun is resolved and the overrunning unit's move is split at its die. On the
kievlike map the 9 Tank Div (attack 6, halved to 3, MA 10) in 1004 overruns a one-step panzer
regiment (defense 1) in clear 0904: column 3-1, where a 1 is -/2."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.ags.movement_phase import TurnLedger, check_movement_phase
from vmodgen.engine.rules.record import Drop, Overrun, PhaseRecord, UnitTrack
from tests.rules.conftest import h, position

TANK, PANZER, CAVALRY = "sov-xx-9-tank", "ger-iii-4-3", "sov-xx-8-cav"
WON = 1                     # -/2 on the 3-1 column
DIE_STEP = 3
Moves = Mapping[str, Sequence[tuple[int, "str | None"]]]


def where_after(start: Mapping[str, str | None], moves: Moves, until: int) -> dict[str, str | None]:
    placed = dict(start)
    for key, drops in moves.items():
        for step, where in drops:
            if step < until:
                placed[key] = where
    return placed


def phase(game: Game, start: Mapping[str, str | None], moves: Moves, die: int, *, turn: int = 1,
          marked: tuple[str, str] = ("1004", "0904")) -> list[Judgement]:
    """One Soviet Movement Phase: ``start`` positions, each unit's drops (step, hex or None for
    the dead pile), the overrun declared on ``marked`` and its die rolled at step 3; the position
    when it was rolled and at the phase's end follow from the drops."""
    before = position(game, start, turn=turn)
    at_die = position(game, where_after(start, moves, DIE_STEP), turn=turn)
    end = position(game, where_after(start, moves, 10**6), turn=turn)
    tracks = {key: UnitTrack(key, h(start[key]) if start[key] else None, start[key] or "",
                             [Drop(step, where or "Eliminated", h(where) if where else None) for step, where in drops],
                             before=before)
              for key, drops in moves.items()}
    overrun = Overrun(1, 1, {h(marked[0]), h(marked[1])}, die, DIE_STEP, at_die, end)
    record = PhaseRecord("t", turn, before.phase_index, 0, before, end=end, last_step=20, tracks=tracks,
                         dice=[(DIE_STEP, die)], overruns=[overrun])
    return [j for j in check_movement_phase(record, TurnLedger()) if not j.verdict.is_legal]


def cases(found: list[Judgement]) -> list[tuple[str | None, str]]:
    return [(j.unit, j.verdict.case) for j in found if j.verdict.is_illegal]


def test_a_successful_overrun_advances_and_moves_on(game: Game) -> None:
    found = phase(game, {TANK: "1004", PANZER: "0904"},
                  {PANZER: [(4, None)], TANK: [(5, "0904"), (6, "0804")]}, WON)
    assert cases(found) == []


def test_the_overrunners_must_advance_into_the_emptied_hex(game: Game) -> None:
    found = phase(game, {TANK: "1004", PANZER: "0904"}, {PANZER: [(4, None)], TANK: [(5, "1104")]}, WON)
    assert cases(found) == [(TANK, "AGS 6.24")]


def test_the_move_before_and_the_overrun_share_the_allowance(game: Game) -> None:
    """Eight clear hexes from 1112 to 1004, then three MP to overrun: 11 of its 10 (AGS 6.16)."""
    found = phase(game, {TANK: "1112", PANZER: "0904"}, {PANZER: [(4, None)], TANK: [(2, "1004"), (5, "0904")]}, WON)
    assert cases(found) == [(TANK, "AGS 6.16")]


def test_an_overrun_needs_supply_at_the_start_of_the_phase(game: Game) -> None:
    """Game-Turn 2: the Soviet first-turn supply is over, and no HQ is near (AGS 6.12)."""
    found = phase(game, {TANK: "1004", PANZER: "0904"}, {PANZER: [(4, None)], TANK: [(5, "0904")]}, WON, turn=2)
    assert (TANK, "AGS 6.12") in cases(found)


def test_units_that_began_the_phase_apart_may_not_overrun_together(game: Game) -> None:
    found = phase(game, {TANK: "1004", CAVALRY: "1104", PANZER: "0904"},
                  {CAVALRY: [(2, "1004")], PANZER: [(4, None)], TANK: [(5, "0904")]}, WON)
    assert (None, "AGS 6.13") in cases(found)


def test_only_mechanized_units_overrun_in_kiev(game: Game) -> None:
    found = phase(game, {"sov-xx-1": "1004", PANZER: "0904"}, {PANZER: [(4, None)], "sov-xx-1": [(5, "0904")]}, WON)
    assert ("sov-xx-1", "Kiev 19.41") in cases(found)


def test_the_defenders_result_is_checked(game: Game) -> None:
    """-/2 rolled against a one-step regiment, and it stays: the result was not applied."""
    found = phase(game, {TANK: "1004", PANZER: "0904"}, {}, WON)
    assert [case for _, case in cases(found)] == ["AGS 9.66"]


def test_after_a_loss_the_overrunners_stop(game: Game) -> None:
    """The cavalry division alone (attack 1, defense 1: 1-1, where a 2 is 1/1): the panzer
    retreats a hex, the cavalry keeps its one step by retreating a hex, then moves on (AGS 6.23)."""
    found = phase(game, {CAVALRY: "1004", PANZER: "0904"}, {PANZER: [(4, "0804")],
                                                           CAVALRY: [(6, "1104"), (7, "1204")]}, 2)
    assert cases(found) == [(CAVALRY, "AGS 6.23")]


def test_an_enemy_unit_moved_before_the_overrun_die_is_not_excused(game: Game) -> None:
    found = phase(game, {TANK: "1004", PANZER: "0904", "ger-xx-10": "0404"},
                  {"ger-xx-10": [(2, "0405")], PANZER: [(4, None)], TANK: [(5, "0904")]}, WON)
    assert cases(found) == [("ger-xx-10", "AGS 5.21")]
