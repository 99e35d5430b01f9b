"""The WB-95 marker checks on logs the real VASSAL engine wrote for Korsun 1944, on both engines:
Field Fortifications built [WB95 7.1.2-7.1.4] and out-of-supply levels [WB95 10.2.1-10.2.7]
(tests/data/checks/korsun-1944/<name>.vlog, from marker_scenarios.py's scripts by make_logs.py).
Each test says what the checker must find, with WB-95's case."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report
from vmodgen.engine.rules.wb95 import fortification, supply_levels
from vmodgen.engine.rules.wb95.family import NOT_CHECKED
from tests.rules.wb95.conftest import WRITERS, check

MARKER_CASES = ("WB95 7.1", "WB95 10.2.1", "WB95 10.2.3", "WB95 10.2.4", "WB95 10.2.5", "WB95 10.2.7")


def found(report: Report) -> list[tuple[str, str, str]]:
    """(unit, case, where) of the marker checks' findings, in log order."""
    return [(f.unit, f.rule, f.message.split(":")[0]) for f in report.findings if f.rule.startswith(MARKER_CASES)]


def test_the_marker_cases_are_claimed() -> None:
    assert not {"WB95 7.1", "WB95 10.2"} & {case for case, _ in NOT_CHECKED}


@pytest.mark.parametrize("writer", WRITERS)
def test_a_field_fortification_built_by_the_rules_checks_clean(module: Path, writer: str) -> None:
    # a lone Soviet unit builds in its Movement Phase of turn 2; it did not move in the German Attack before
    report = check(module, "ff-legal", writer)
    assert found(report) == []
    assert not [n for n in report.not_checked if n.rule.startswith("WB95 7.1")]


@pytest.mark.parametrize("writer", WRITERS)
def test_field_fortifications_built_against_the_rules_are_found(module: Path, writer: str) -> None:
    cases = [(f.rule, f.message) for f in check(module, "ff-wrong", writer).findings if f.rule.startswith("WB95 7.1")]
    assert [case for case, _ in cases] == ["WB95 7.1.2", "WB95 7.1.2", "WB95 7.1.4", "WB95 7.1.2"]
    phase, retreat, cost, moved_on = (message for _, message in cases)
    assert "in the Soviet Attack phase" in phase and "built in the Movement Phase" in phase
    assert "62 INF retreated in the German Attack phase" in retreat and "7.1.2 b" in retreat
    assert "after 375 INF moved there" in cost and "all the MPs" in cost
    assert "5 INF (para) moved on afterwards" in moved_on and "7.1.2 a" in moved_on


@pytest.mark.parametrize("writer", WRITERS)
def test_out_of_supply_levels_by_the_rules_check_clean(module: Path, writer: str) -> None:
    # level 1 in the Supply Phase, +1 for a full move, -4 on regaining supply (the marker off)
    report = check(module, "oos-legal", writer)
    assert [f for f in report.findings if f.rule.startswith("WB95 10")] == []
    # what rests on the units' MPs and strengths, and on the line of supply, is said to be unchecked
    assert {n.rule for n in report.not_checked if n.rule.startswith("WB95 10")} >= {"WB95 10.2.3", "WB95 10.2.7"}


@pytest.mark.parametrize("writer", WRITERS)
def test_out_of_supply_levels_against_the_rules_are_found(module: Path, writer: str) -> None:
    report = check(module, "oos-wrong", writer)
    assert [(unit, case) for unit, case, _ in found(report)] == [
        ("", "WB95 10.2.1"),                    # a marker put down on an empty hex
        ("sov-4ga-375", "WB95 10.2.1"),         # newly out of supply at level 2, not 1
        ("ger-167", "WB95 10.2.1"),             # marked in an Air Phase, not its Supply Phase
        ("sov-4ga-31", "WB95 10.2.3"),          # +2 in a Movement Phase
        ("sov-4ga-31", "WB95 10.2.7"),          # 3 to 2 in its Supply Phase: kept, or -4
    ]
    # the surrender roll (12) kept the level-3 unit: no surrender finding
    assert not [f for f in report.findings if f.rule == "WB95 10.2.6"]


def test_which_level_changes_each_phase_allows() -> None:
    allowed = supply_levels.allowed
    assert allowed("supply", own=True, before=5, after=1) and allowed("supply", own=True, before=3, after=0)
    assert not allowed("supply", own=True, before=5, after=5 - 1)
    assert allowed("combat", own=True, before=1, after=3) and not allowed("combat", own=False, before=1, after=3)
    assert not allowed("strategic_movement", own=False, before=1, after=2)
    assert not allowed("combat", own=True, before=0, after=1)


def test_doctests() -> None:
    assert doctest.testmod(fortification).failed == 0 and doctest.testmod(supply_levels).failed == 0


@pytest.mark.parametrize("writer", WRITERS)
def test_an_out_of_supply_move_on_full_mps_with_its_level_raised_checks_clean(module: Path, with_values: Path,
                                                                            writer: str) -> None:
    # HQ 52 Army under Out of Supply 1 moves for 9 of its 10 MPs (9.1.2) and its level goes to 2
    # (10.2.3): nothing to find, with or without the TEST values.
    for games in (None, with_values):
        assert check(module, "oos-full-mps", writer, games).findings == []


@pytest.mark.parametrize("writer", WRITERS)
def test_an_out_of_supply_move_over_half_its_mps_is_found(module: Path, with_values: Path, writer: str) -> None:
    # The same move with the level left at 1: half its MPs (10.2.2), a finding on the book's 10 MPs.
    for games in (None, with_values):
        report = check(module, "oos-half-mps", writer, games)
        assert [(f.unit, f.rule) for f in report.findings] == [("sov-52-hq", "WB95 10.2.2")]
        message = report.findings[0].message
        assert "Out of Supply 1" in message and "half of 10" in message and "did not rise" in message
        assert ("owner-entered values" in message) == (games is not None)
