"""The declared column [WB95 1.5, 5.2.1], artillery ranged fire and setup changes [6.1, 6.2.4, 6.4] and
air missions [8.1.2, 8.2.6] on logs the real VASSAL engine wrote for Korsun 1944
(tests/data/checks/korsun-1944/<name>.vlog, from combat_scenarios.py by make_logs.py), on both engines.

The book prints no SPs: a column rests on the player's declaration and a ranged fire's row is not
checked, each said in the report; with the TEST owner values (tests/data/korsun-1944-test-values, not
the real counters) the same logs are checked fully, and such findings say they rest on them.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from tests.rules.wb95.conftest import WRITERS, check
from vmodgen.engine.check.report import Report
from vmodgen.engine.rules.wb95.combat_checks import CHECKS

CASES = ("WB95 1.5", "WB95 5.", "WB95 6.", "WB95 8.")


def found(report: Report) -> list[str]:
    """The cases of the findings of the checks this file is about, in report order."""
    return [f.rule for f in report.findings if f.rule.startswith(CASES)]


def notes(report: Report, case: str) -> list[str]:
    return [n.reason for n in report.not_checked if n.rule == case]


def test_the_checks_claim_the_column_ranged_fire_setup_and_air_mission_cases() -> None:
    claimed = {case for check in CHECKS for case in check.cases}
    assert {"WB95 1.5", "WB95 6.1", "WB95 6.2.4", "WB95 6.4", "WB95 8.2"} <= claimed


@pytest.mark.parametrize("writer", WRITERS)
def test_a_battle_at_its_declared_column_rests_on_the_declaration_without_values(module: Path, writer: str) -> None:
    report = check(module, "column-declared", writer)
    assert found(report) == []
    assert any("2:1 rests on the player's declaration" in n for n in notes(report, "WB95 1.5"))
    assert [b.odds for b in report.battles] == ["2:1"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_declared_column_the_sps_allow_checks_clean_with_the_test_values(module: Path, with_values: Path,
                                                                           writer: str) -> None:
    report = check(module, "column-declared", writer, with_values)
    assert found(report) == [] and notes(report, "WB95 1.5") == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_result_not_of_the_declared_column_is_found(module: Path, with_values: Path, writer: str) -> None:
    """1:2, roll 7 is A1/-: the German retreat is no result of it, though 3:1's (no column declared:
    every column would be read, and one allows it)."""
    for games in (None, with_values):
        report = check(module, "column-wrong-result", writer, games)
        assert found(report) == ["WB95 5.3.2"]
        assert "at 1:2" in report.findings[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_column_beyond_what_the_sps_allow_is_found_with_the_test_values(module: Path, with_values: Path,
                                                                          writer: str) -> None:
    assert found(check(module, "column-beyond-ratio", writer)) == []
    report = check(module, "column-beyond-ratio", writer, with_values)
    assert found(report) == ["WB95 1.5"]
    message = report.findings[0].message
    assert "declared column 10:1" in message and "1:3 to 2:1" in message and "owner-entered values" in message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_column_beyond_the_sps_is_not_a_finding_while_stars_are_unrecorded(module: Path, with_values: Path,
                                                                             tmp_path: Path, writer: str) -> None:
    """15.1.3: each star printed on a counter may add a CM; values without the stars column do not
    bound the column, so the same battle is a not-checked note, never an accusation."""
    games = tmp_path / "games"
    shutil.copytree(with_values, games)
    values = games / "korsun-1944" / "owner-values.csv"
    rows = list(csv.reader(line for line in values.read_text().splitlines() if not line.startswith("#")))
    stars = rows[0].index("stars")
    values.write_text("\n".join(",".join(f'"{v}"' for i, v in enumerate(row) if i != stars) for row in rows) + "\n")
    report = check(module, "column-beyond-ratio", writer, games)
    assert found(report) == []
    assert any("stars (15.1)" in n and "not bounded" in n for n in notes(report, "WB95 1.5"))


@pytest.mark.parametrize("writer", WRITERS)
def test_a_ranged_fire_within_range_checks_clean(module: Path, with_values: Path, writer: str) -> None:
    """Also: a gun turned to its transport setup and back in its Movement Phase (6.2.4)."""
    report = check(module, "ranged-fire-legal", writer)
    assert found(report) == []
    assert any("ARTILLERY FIRE table is not checked" in n for n in notes(report, "WB95 6.4.2"))
    checked = check(module, "ranged-fire-legal", writer, with_values)
    assert found(checked) == [] and notes(checked, "WB95 6.4.2") == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_fire_result_not_applied_is_found_with_the_test_values(module: Path, with_values: Path,
                                                                 writer: str) -> None:
    assert found(check(module, "ranged-fire-not-applied", writer)) == []
    report = check(module, "ranged-fire-not-applied", writer, with_values)
    assert found(report) == ["WB95 6.4.2"]
    assert "asks a loss of 1 CEL (SPs 3-5)" in report.findings[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_fire_out_of_range_twice_without_artillery_and_in_transport_setup_is_found(module: Path,
                                                                                   writer: str) -> None:
    report = check(module, "ranged-fire-wrong", writer)
    assert sorted(found(report)) == ["WB95 6.1.2", "WB95 6.1.3", "WB95 6.1.4", "WB95 6.2.4", "WB95 6.4.1"]


@pytest.mark.parametrize("writer", WRITERS)
def test_an_air_attack_read_on_its_row_checks_clean(module: Path, writer: str) -> None:
    assert found(check(module, "air-attack", writer)) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_an_air_attack_not_applied_and_a_mission_outside_the_air_phases_are_found(module: Path,
                                                                                   writer: str) -> None:
    report = check(module, "air-attack-wrong", writer)
    assert found(report) == ["WB95 8.2.6", "WB95 8.1.2"]
    assert "-1D asks a loss of 1 CEL (SPs 6-8)" in report.findings[0].message
