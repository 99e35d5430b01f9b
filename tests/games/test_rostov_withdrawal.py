"""Rostov 25.2, the Axis withdrawal off area C by the end of Game-Turn 5, on logs the real VASSAL
engine wrote (VASSAL 3.6 in tests/data/checks/rostov/, 3.7.26 in its 3.7/), from the scripts of
exclusive_scripts.py: five Game-Turns with every scheduled reinforcement, so that each log reaches
Game-Turn 6, where the count is judged.

Before this rule a unit taken off the map in a Movement Phase was an AGS 5.26 finding: every
withdrawal the book asks for was a false alarm."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.rostov_logs import WRITERS, assert_clean, check_log, module  # noqa: F401 (module: the fixture)


@pytest.mark.parametrize("writer", WRITERS)
def test_six_units_withdrawn_off_area_c_check_clean(module: Path, writer: str) -> None:
    # 22, 50, 170 Inf and 1, 2, 4 Rum leave from 0107, 0102, 0105, 0104, 0105, 0106 on Game-Turn 1,
    # each within its allowance with the one MP to move off; the log reaches Game-Turn 6
    report = check_log(module, "withdrawal-legal", writer)
    assert_clean(report)
    assert report.turns == (1, 6)


@pytest.mark.parametrize("writer", WRITERS)
def test_five_units_withdrawn_and_none_removed_are_found(module: Path, writer: str) -> None:
    report = check_log(module, "withdrawal-short", writer)
    assert report.turns == (1, 6)
    assert [(f.turn, f.phase, f.unit, f.rule) for f in report.findings] == [(6, "Weather", "", "Rostov 25.2")]
    message = report.findings[0].message
    assert "by the end of Game-Turn 5, 5 Axis units were withdrawn off area C (3 German" in message
    assert "removes the 1 closest Axis unit(s)" in message


@pytest.mark.parametrize("writer", WRITERS)
def test_the_soviet_removal_of_the_closest_unit_checks_clean(module: Path, writer: str) -> None:
    # the 72nd Infantry (0207, one hex from area C) deleted at the end of Game-Turn 5
    assert_clean(check_log(module, "withdrawal-removed-closest", writer))


@pytest.mark.parametrize("writer", WRITERS)
def test_a_soviet_removal_of_a_farther_unit_is_found(module: Path, writer: str) -> None:
    report = check_log(module, "withdrawal-removed-farther", writer)
    assert [(f.turn, f.rule) for f in report.findings] == [(6, "Rostov 25.2")]
    message = report.findings[0].message
    assert "removed 2 Rum (0506, 4 hexes from area C), but 72 Inf Div (0207, 1 hex) is closer" in message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_withdrawal_over_the_allowance_with_the_exit_mp_is_found(module: Path, writer: str) -> None:
    # 0506-0101 is seven clear hexes, the 1st Rumanian's whole allowance: the MP to move off is one too many
    report = check_log(module, "withdrawal-exit-over", writer)
    assert [(f.turn, f.unit, f.origin, f.rule) for f in report.findings] == [(1, "rum-xx-1", "0506", "Rostov 25.2")]
    assert "less 1 MP to move off the map" in report.findings[0].message
