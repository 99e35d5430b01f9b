"""The surrender procedure [WB95 10.2.6] against the Out of Supply markers and the surrender rolls."""

from __future__ import annotations

import doctest

from tests.rules.wb95.combat_fixtures import GER_INF, h, korsun, position
from vmodgen.engine.rules.record import Drop, MarkerPlaced, PhaseRecord, Roll, UnitTrack
from vmodgen.engine.rules.wb95 import surrender

BUTTON = "Surrender 2K6"


def supply_phase(level: int | None, rolls=(), eliminated=True) -> PhaseRecord:
    game = korsun()
    start = position(game, {GER_INF: "1208"}, phase="German Supply")
    end = position(game, {GER_INF: None if eliminated else "1208"}, phase="German Supply")
    record = PhaseRecord("t.vlog", 1, start.phase_index, 1, start, end, 30, complete=True)
    if level is not None:
        record.markers_at_start["o"] = MarkerPlaced(0, "o", "OutOfSupply", (("Level", str(level)),), h(game, "1208"))
    record.rolls += [Roll(10 + i, BUTTON, v) for i, v in enumerate(rolls)]
    if eliminated:
        record.tracks[GER_INF] = UnitTrack(GER_INF, h(game, "1208"), "1208", [Drop(20, "deleted", None)])
    return record


def cases(record: PhaseRecord) -> list[tuple[str, str | None]]:
    return [(j.verdict.case, j.unit) for j in surrender.check_surrender([record])]


def test_a_unit_surrendering_on_a_roll_below_its_level_is_legal() -> None:
    assert cases(supply_phase(4, rolls=[3])) == []


def test_a_unit_removed_though_its_roll_did_not_make_it_surrender_is_found() -> None:
    assert cases(supply_phase(4, rolls=[4])) == [("WB95 10.2.6", GER_INF)]


def test_a_unit_removed_with_no_out_of_supply_marker_is_found() -> None:
    assert cases(supply_phase(None, rolls=[2])) == [("WB95 10.2.6", GER_INF)]


def test_an_out_of_supply_hex_that_could_surrender_needs_a_roll() -> None:
    assert cases(supply_phase(5, rolls=[], eliminated=False)) == [("WB95 10.2.6", None)]
    assert cases(supply_phase(5, rolls=[9], eliminated=False)) == []
    assert cases(supply_phase(2, rolls=[], eliminated=False)) == []     # 2 - 2K6 is never above 0


def test_the_modules_examples_run() -> None:
    assert doctest.testmod(surrender).failed == 0
