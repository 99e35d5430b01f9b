"""Air missions within the turn's air support [WB95 8.1.1, 8.1.5]."""

from __future__ import annotations

from tests.rules.wb95.combat_fixtures import GER_INF, h, korsun, position
from vmodgen.engine.rules.record import MarkerPlaced, PhaseRecord
from vmodgen.engine.rules.wb95.air import check_air_support, support


def air_phase(turn: int, missions, phase: str = "Air (Phase 1)", start_markers=()) -> PhaseRecord:
    game = korsun()
    start = position(game, {GER_INF: "1208"}, phase=phase)
    record = PhaseRecord("t.vlog", turn, start.phase_index, 1, start, start, 30, complete=True)
    for piece, side, sps, where in start_markers:
        record.markers_at_start[piece] = MarkerPlaced(0, piece, "AirMission", (("SP", str(sps)), ("Side", side)),
                                                      h(game, where))
    for step, (piece, side, sps, where) in enumerate(missions, start=2):
        record.marker_moves.append(MarkerPlaced(step, piece, "AirMission", (("SP", str(sps)), ("Side", side)),
                                                h(game, where)))
    return record


def test_the_support_is_the_most_any_scenario_gives_that_turn() -> None:
    table = support(korsun())
    assert table[(1, "Soviet")] == 12 and table[(2, "Soviet")] == 6     # 25 I: 4; Deblockade's turn 2: 6


def test_missions_within_the_turns_support_are_legal() -> None:
    assert check_air_support([air_phase(1, [("a", "Soviet", 8, "1208"), ("b", "Soviet", 4, "1209")])]) == []


def test_missions_beyond_the_turns_support_are_found() -> None:
    found = check_air_support([air_phase(1, [("a", "Soviet", 8, "1208"), ("b", "Soviet", 5, "1209")])])
    assert [(j.verdict.case, j.side) for j in found] == [("WB95 8.1.1", "Soviet")]
    assert "13 air SPs" in found[0].verdict.message


def test_a_mission_left_on_the_map_is_not_used_again_but_one_moved_is() -> None:
    left = air_phase(1, [], phase="Air (Phase 7)", start_markers=[("a", "Soviet", 12, "1208")])
    assert check_air_support([air_phase(1, [("a", "Soviet", 12, "1208")]), left]) == []
    moved = air_phase(1, [("a", "Soviet", 12, "1210")], phase="Air (Phase 7)",
                      start_markers=[("a", "Soviet", 12, "1208")])
    assert [j.verdict.case for j in check_air_support([air_phase(1, [("a", "Soviet", 12, "1208")]), moved])] == \
        ["WB95 8.1.1"]
