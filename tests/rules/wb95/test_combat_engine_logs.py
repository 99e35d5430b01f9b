"""The WB-95 combat checks on logs the real VASSAL engine wrote for Korsun 1944
(tests/data/checks/korsun-1944/<name>.vlog, from <name>.json by make_logs.py; the scripts are
combat_scenarios.py's), on both engines. Each test says what the checker must find, with WB-95's case.

Only the cases the combat checks judge are asserted (``COMBAT_CASES``); the movement checks judge
the same logs under their own. The book prints no counter values: a loss that depends on CELs is
not checked with the game's data; with the TEST owner values (tests/data/korsun-1944-test-values,
not the real counters) the same logs are checked fully, and such findings say they rest on them.
No column is declared in a log: a battle is judged on every cell its roll may be read on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report
from tests.rules.wb95.conftest import WRITERS, check
from vmodgen.engine.rules.wb95.combat_checks import CHECKS

COMBAT_CASES = ("WB95 3.1.1", "WB95 5.", "WB95 6.5")




def found(report: Report) -> list[tuple[str, str]]:
    """(unit, case) of the combat checks' findings."""
    return [(f.unit, f.rule) for f in report.findings if f.rule.startswith(COMBAT_CASES)]


def unknown_losses(report: Report) -> list[str]:
    return [n.reason for n in report.not_checked if n.rule == "WB95 5.2.1" and "unknown" in n.reason]


def test_the_combat_checks_claim_their_cases() -> None:
    claimed = {case for check in CHECKS for case in check.cases}
    assert {"WB95 5.1.1", "WB95 5.1.3", "WB95 5.1.4", "WB95 5.2.1", "WB95 5.3", "WB95 5.4", "WB95 5.6",
            "WB95 6.5.1"} <= claimed


@pytest.mark.parametrize("writer", WRITERS)
def test_a_battle_fought_by_the_rules_checks_clean(module: Path, with_values: Path, writer: str) -> None:
    # Roll 7: the defender retreats two hexes (3:1, -/D2), one disorganization test short of the
    # morale limit, the attacker pursues into the emptied hex; the mandatory attacks are made.
    for games in (None, with_values):
        report = check(module, "combat-legal", writer, games)
        assert found(report) == [] and unknown_losses(report) == []
        assert [b.verdict for b in report.battles] == ["legal"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_loss_of_unknown_cels_is_checked_with_the_owner_values(module: Path, with_values: Path,
                                                                  writer: str) -> None:
    # Roll 2 (1:2: -1/D1D): the attacker eliminated (one or two CELs in the book's data, one in the
    # TEST values), the defender retreats a hex under a Disorganized marker.
    report = check(module, "combat-loss", writer)
    assert found(report) == [] and len(unknown_losses(report)) == 1
    report = check(module, "combat-loss", writer, with_values)
    assert found(report) == [] and unknown_losses(report) == []
    assert [b.verdict for b in report.battles] == ["legal"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_d_result_without_its_marker_is_found_with_the_owner_values(module: Path, with_values: Path,
                                                                      writer: str) -> None:
    report = check(module, "combat-no-disorganized-marker", writer)
    assert found(report) == [] and len(unknown_losses(report)) == 1
    report = check(module, "combat-no-disorganized-marker", writer, with_values)
    assert found(report) == [("", "WB95 5.6.1")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_result_not_applied_is_found(module: Path, writer: str) -> None:
    # Roll 7 and nothing done: every cell of the row asks a loss or a retreat of someone.
    report = check(module, "combat-not-applied", writer)
    assert found(report) == [("", "WB95 5.2.1")]
    assert "no cell of the COMBAT TABLE" in next(f.message for f in report.findings if f.rule == "WB95 5.2.1")


@pytest.mark.parametrize("writer", WRITERS)
def test_a_retreat_beyond_every_column_is_found(module: Path, writer: str) -> None:
    assert found(check(module, "retreat-too-far", writer)) == [("", "WB95 5.3.2")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_pursuit_beyond_the_retreat_is_found(module: Path, writer: str) -> None:
    assert found(check(module, "pursuit-too-far", writer)) == [("", "WB95 5.4.6")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_unit_defending_twice_is_found(module: Path, writer: str) -> None:
    findings = found(check(module, "defended-twice", writer))
    assert [case for _, case in findings] == ["WB95 5.1.1"] and findings[0][0].startswith("ger-")


@pytest.mark.parametrize("writer", WRITERS)
def test_mandatory_attacks_not_made_are_found(module: Path, writer: str) -> None:
    findings = found(check(module, "no-attack", writer))
    assert [case for _, case in findings] == ["WB95 5.1.3", "WB95 5.1.4"]
    assert findings[0][0].startswith("sov-") and findings[1][0].startswith("ger-")


@pytest.mark.parametrize("writer", WRITERS)
def test_a_barrage_is_found(module: Path, writer: str) -> None:
    assert found(check(module, "barrage-fired", writer)) == [("", "WB95 6.5.1")]


@pytest.mark.parametrize("writer", WRITERS)
def test_air_missions_within_the_support_check_clean(module: Path, writer: str) -> None:
    # Turn 1: 12 Soviet SPs in Air Phase 1, 4 German SPs in Air Phase 7.
    assert found(check(module, "air-support", writer)) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_air_missions_beyond_the_support_are_found(module: Path, writer: str) -> None:
    # Turn 1: 8 and 5 Soviet SPs; no scenario gives more than 12 that turn.
    report = check(module, "air-over-support", writer)
    assert [(f.side, f.rule) for f in report.findings if f.rule == "WB95 8.1.1"] == [("Soviet", "WB95 8.1.1")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_surrender_rolled_below_the_level_checks_clean(module: Path, writer: str) -> None:
    # Out of Supply 3, roll 2: 3 - 2 > 0, the unit is taken off.
    assert [f.rule for f in check(module, "surrender", writer).findings if f.rule.startswith("WB95 10")] == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_surrender_the_roll_does_not_give_is_found(module: Path, writer: str) -> None:
    # Out of Supply 3, roll 6: 3 - 6 is not above 0, yet the unit is taken off.
    findings = [(f.unit, f.rule) for f in check(module, "surrender-wrong", writer).findings
                if f.rule.startswith("WB95 10")]
    assert [case for _, case in findings] == ["WB95 10.2.6"] and findings[0][0].startswith("sov-")
