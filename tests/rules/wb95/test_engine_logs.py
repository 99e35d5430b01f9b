"""The WB-95 movement checks on logs the real VASSAL engine wrote for Korsun 1944
(tests/data/checks/korsun-1944/<name>.vlog, from <name>.json by make_logs.py; the scripts are
scenarios.py's), on both engines. Each test says what the checker must find, with WB-95's case.

Only the cases these checks judge are asserted (``MOVE_CASES``): the combat checks judge the same
logs under their own cases. The book prints no counter values, so what needs CELs or MPs is not
checked with the game's data; with the TEST owner values (tests/data/korsun-1944-test-values, not
the real counters) the same logs are checked fully, and such findings say they rest on them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report
from tests.rules.wb95.conftest import WRITERS, check
from vmodgen.engine.rules.wb95.move_checks import CHECKS

MOVE_CASES = {case for check in CHECKS for case in check.cases}
UNKNOWN_VALUES = ("WB95 3.2.1", "WB95 3.1.13")




def found(report: Report) -> list[tuple[str | None, str]]:
    """(unit, case) of the findings of the movement checks, sorted (None: a finding about a hex)."""
    return sorted((f.unit or None, f.rule) for f in report.findings if f.rule in MOVE_CASES)


def unknown(report: Report) -> set[str]:
    return {n.rule for n in report.not_checked if n.rule in UNKNOWN_VALUES and "unknown" in n.reason}


@pytest.mark.parametrize("writer", WRITERS)
def test_a_legal_turn_checks_clean(module: Path, with_values: Path, writer: str) -> None:
    # Set-up swap within 34 INF's line, a Soviet move and a strategic move into no zone (2nd Ukraine
    # Front units: the 1st moves from turn 3, Korsuń 1944 Scenario Notes), 14 ARM on
    # in zone E and the adjacent zone D (11.2.1), a German move: nothing to find, with or without
    # the test values, and with them nothing is left unknown.
    assert found(check(module, "move-legal", writer)) == []
    report = check(module, "move-legal", writer, with_values)
    assert found(report) == [] and unknown(report) == set()


@pytest.mark.parametrize("writer", WRITERS)
def test_units_moved_out_of_their_phase_are_found(module: Path, writer: str) -> None:
    # WB95 2.1.2: a German unit in the Soviet Movement Phase, a Soviet unit in the Air Phase.
    report = check(module, "phase-ownership", writer)
    findings = [f for f in report.findings if f.rule in MOVE_CASES]
    assert [(f.phase, f.rule) for f in findings] == [("Soviet Movement", "WB95 2.1.2"), ("Air (Phase 7)", "WB95 2.1.2")]
    assert [f.side for f in findings] == ["German", "Soviet"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_unit_set_up_off_its_line_is_found(module: Path, writer: str) -> None:
    # 34 INF (1) on a hex of 198 INF's line, 108/14 ARM-R (a turn 1 reinforcement) on the map;
    # 88 INF (1) on another hex of its own line is legal.
    report = check(module, "set-up-off-line", writer)
    assert found(report) == [("ger-14-1", "WB95 scenario set-up"), ("ger-34-1", "WB95 scenario set-up")]
    message = next(f.message for f in report.findings if f.unit == "ger-34-1")
    assert "its set-up line names 1129, 1227 and 1325" in message and "Korsuń 1944" in message


@pytest.mark.parametrize("writer", WRITERS)
def test_reinforcements_early_in_the_wrong_zone_and_phase_are_found(module: Path, writer: str) -> None:
    # 11 ARM (1) due on turn 2 (11.1.1), 103/14 ARM four zones from E (11.1.2), III/36/14 ARM in the
    # Soviet Movement Phase (11.1.3); 108/14 ARM-R in zone E is legal.
    report = check(module, "reinforcements-wrong", writer)
    assert found(report) == [("ger-11-1", "WB95 11.1.1"), ("ger-14-2", "WB95 11.1.2"), ("ger-14-3", "WB95 11.1.3")]
    assert any("zone A is 4 zones from its zone E" in f.message for f in report.findings)


@pytest.mark.parametrize("writer", WRITERS)
def test_moving_on_in_a_zone_and_into_an_enemy_hex_are_found(module: Path, writer: str) -> None:
    report = check(module, "zoc-and-enemy-hexes", writer)
    # WB95 4.2.1: dropped in a German zone, then on beyond it; 3.1.8: dropped on a German unit.
    assert sorted(rule for _, rule in found(report)) == ["WB95 3.1.8", "WB95 4.2.1"]
    assert len({unit for unit, _ in found(report)}) == 2


@pytest.mark.parametrize("writer", WRITERS)
def test_moving_within_the_zone_of_one_unit_is_found(module: Path, writer: str) -> None:
    # WB95 4.2.3: stopped in one German unit's zone on turn 1 (legal), on to a neighbouring hex of
    # that unit's zone alone on turn 2.
    report = check(module, "within-one-zone", writer)
    assert [(f.turn, rule) for f in report.findings for rule in [f.rule] if rule in MOVE_CASES] == [(2, "WB95 4.2.3")]


@pytest.mark.parametrize("writer", WRITERS)
def test_strategic_movement_breaches_are_found(module: Path, writer: str) -> None:
    report = check(module, "strategic-wrong", writer)
    assert sorted(rule for _, rule in found(report)) == ["WB95 12.1.2", "WB95 12.2.1", "WB95 12.2.2"]


@pytest.mark.parametrize("writer", WRITERS)
def test_strategic_movers_without_a_marker_from_the_movement_phase_are_found(module: Path, writer: str) -> None:
    # WB95 12.1.4: the unit marked in the Movement Phase moves freely; one never marked and one
    # marked only in the Strategic Movement Phase are found, at the hexes they moved from.
    report = check(module, "strategic-unmarked", writer)
    assert [rule for _, rule in found(report)] == ["WB95 12.1.4"] * 2
    assert [(f.phase, f.origin) for f in report.findings if f.rule == "WB95 12.1.4"] == [
        ("Soviet Strategic Movement", "5820"), ("Soviet Strategic Movement", "5920")]
    assert all("no Strategic Movement marker covered" in f.message for f in report.findings)


@pytest.mark.parametrize("writer", WRITERS)
def test_ten_counters_are_over_the_limit_whatever_their_cels(module: Path, writer: str) -> None:
    # At least one CEL each: 10 > 8 with the book's data alone, no owner value behind it.
    report = check(module, "stacking-ten-counters", writer)
    assert found(report) == [(None, "WB95 3.2.1")]
    stack = next(f for f in report.findings if f.rule == "WB95 3.2.1")
    assert "at least 10 CELs" in stack.message and "owner" not in stack.message


@pytest.mark.parametrize("writer", WRITERS)
def test_five_counters_are_checked_with_the_test_values(module: Path, with_values: Path, writer: str) -> None:
    # 5 to 10 CELs: not checked with the book's data; 10 CELs with the test values, a finding that
    # says it rests on owner-entered values.
    report = check(module, "stacking-five-counters", writer)
    assert found(report) == [] and "WB95 3.2.1" in unknown(report)
    report = check(module, "stacking-five-counters", writer, with_values)
    stacks = [f for f in report.findings if f.rule == "WB95 3.2.1"]
    assert len(stacks) == 1 and unknown(report) == set()
    assert "holds 10 CELs" in stacks[0].message and "owner-entered values" in stacks[0].message
    # with the test values the four moves are costed too: any finding says what it rests on
    assert all("owner-entered values" in f.message for f in report.findings if f.rule == "WB95 3.1.13")


@pytest.mark.parametrize("writer", WRITERS)
def test_movement_allowance_is_checked_where_known(module: Path, with_values: Path, writer: str) -> None:
    # HQ 53 Army over its book 10 MPs (9.1.2): a finding with the book's data; HQ 52 Army within
    # them; 294 INF's MPs unknown in the book (not checked), 4 in the test values (a finding
    # resting on them).
    report = check(module, "movement-allowance", writer)
    assert found(report) == [("sov-53-hq", "WB95 3.1.13")] and "WB95 3.1.13" in unknown(report)
    assert "owner" not in next(f for f in report.findings if f.rule == "WB95 3.1.13").message
    report = check(module, "movement-allowance", writer, with_values)
    assert found(report) == [("sov-52-294", "WB95 3.1.13"), ("sov-53-hq", "WB95 3.1.13")]
    assert unknown(report) == set()
    infantry = next(f for f in report.findings if f.unit == "sov-52-294")
    assert "it has 4" in infantry.message and "owner-entered values" in infantry.message


@pytest.mark.parametrize("writer", WRITERS)
def test_the_1st_ukraine_front_moving_before_turn_3_is_found(module: Path, writer: str) -> None:
    # Korsuń 1944 Scenario Notes: the 1st Ukraine Front can move from turn 3. A 40 Army unit steps
    # on turn 1 (Movement) and a V MOT counter of 6 Armored Army on turn 2 (Strategic Movement):
    # findings; a 52 Army unit on turn 1 (2nd Ukraine Front) and a 27 Army unit on turn 3: legal.
    report = check(module, "front-early", writer)
    notes = [f for f in report.findings if f.rule == "WB95 scenario notes"]
    assert [(f.turn, f.phase, f.unit.split("-")[1]) for f in notes] == [
        (1, "Soviet Movement", "40"), (2, "Soviet Strategic Movement", "v")]
    assert all("1st Ukraine Front can move from turn 3" in f.message and "Korsuń 1944 scenario notes" in f.message
               for f in notes)
    assert [rule for _, rule in found(report)] == ["WB95 scenario notes"] * 2
    assert not [n for n in report.not_checked if n.rule == "WB95 scenario notes"]


@pytest.mark.parametrize("name", ["move-legal", "phase-ownership", "set-up-off-line", "reinforcements-wrong",
                                  "zoc-and-enemy-hexes", "within-one-zone", "strategic-wrong", "strategic-unmarked",
                                  "stacking-ten-counters", "stacking-five-counters", "movement-allowance"])
def test_no_other_log_moves_the_1st_ukraine_front_early(module: Path, name: str) -> None:
    # The scripts move only units the Korsuń 1944 Scenario Notes let move on their turn.
    for writer in WRITERS:
        assert not [f for f in check(module, name, writer).findings if f.rule == "WB95 scenario notes"]


@pytest.mark.parametrize("name", ["phase-ownership", "set-up-off-line", "reinforcements-wrong", "zoc-and-enemy-hexes",
                                  "within-one-zone", "strategic-wrong", "stacking-ten-counters"])
def test_the_test_values_change_no_finding_that_needs_none(module: Path, with_values: Path, name: str) -> None:
    # Every finding made with the book's data stays; any the test values add rests on them and
    # says so (a far move costed with the test MPs), and nothing is left unknown.
    plain, valued = check(module, name, "3.6"), check(module, name, "3.6", with_values)
    assert set(found(plain)) <= set(found(valued)) and unknown(valued) == set()
    added = [f for f in valued.findings if f.rule in MOVE_CASES and (f.unit or None, f.rule) not in found(plain)]
    assert all("owner-entered values" in f.message for f in added)
