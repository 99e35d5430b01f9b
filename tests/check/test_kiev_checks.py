"""The Kiev checker on logs written by the real VASSAL engine (tests/data/checks/kiev: the
scripts that made them, and make_logs.py): every planted violation is found with its case
number, and legal play gives no finding."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report
from vmodgen.engine.check.runner import check_logs
from tests.replay.cases import ORACLE_FIXTURES

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "checks" / "kiev"


@pytest.fixture(scope="module")
def module(kiev_module: Path) -> Path:
    return kiev_module


def check(module: Path, *names: str) -> Report:
    return check_logs([LOGS / f"{n}.vlog" for n in names], module, REPO / "games")


def found(report: Report) -> list[tuple[int, str, str]]:
    return [(f.step, f.unit, f.rule) for f in report.findings]


def test_a_legal_five_turn_game_has_no_finding(module: Path) -> None:
    report = check(module, "legal-game")
    assert report.steps > 350 and report.turns == (1, 5)
    assert report.findings == []
    assert report.errors == []


def test_planted_violations_of_the_first_turn_are_each_found(module: Path) -> None:
    report = check(module, "illegal-turn1")
    units = [(step, unit, rule) for step, unit, rule in found(report) if unit]
    assert units == [
        (3, "sov-xx-219-mot", "AGS 5.11"),     # 0317 -> 0309: 22 MP for a 10 MP tank division
        (4, "sov-xx-58-rifle", "AGS 5.24"),    # left an enemy zone of control
        (5, "ger-xx-17", "AGS 5.21"),          # a German unit moved in the Soviet phase
        (9, "ger-xx-24", "AGS 5.23"),          # went on past the enemy zone it entered
        (20, "sov-xx-55-rifle", "AGS 9.66"),   # -/1 rolled, nothing done about it
    ]
    # Battle 1 (step 14: 2-1, die 1, -/1, 62 Rifle eliminated) was applied correctly.
    assert not any(step == 14 for step, _, _ in found(report))
    schedule = [rule for _, unit, rule in found(report) if not unit]
    assert schedule.count("Kiev 23.1") == 2   # no Soviet infantry or armor came on turn 1
    assert schedule.count("Kiev 23.0") == 7   # nor the seven German turn-1 reinforcements


@pytest.mark.parametrize("log, unit, rule", [
    ("german-rail", "ger-xx-125", "AGS 5.11"),          # Germans never rail (Kiev 19.3): a foot march
    ("infantry-in-mech-phase", "ger-xx-100-lt", "AGS 4.2"),
    ("reinforcement-early", "ger-iii-18-18", "Kiev 23.2"),   # German turns are printed (23.2), not 23.1's table
    ("reinforcement-wrong-area", "ger-xx-79", "Kiev 23.2"),  # its printed area (23.2: "2B" = area B)
    ("mud-march", "ger-xx-257", "AGS 5.11"),            # MA 7 halved in mud (Kiev 19.9)
    ("attacked-twice", "sov-xx-232-rifle", "AGS 9.14"),  # two battles against one unit
    ("retreat-too-far", "sov-xx-232-rifle", "AGS 9.73"), # -/1 taken as a retreat of two hexes
    ("rail-too-far", "sov-hq-21", "Kiev 19.3"),          # 26 rail hexes; 25 allowed
])
def test_one_illegal_move_is_found_with_its_case(module: Path, log: str, unit: str, rule: str) -> None:
    report = check(module, log)
    assert [(f.unit, f.rule) for f in report.findings] == [(unit, rule)]


def test_mud_halves_the_allowance_in_the_message(module: Path) -> None:
    report = check(module, "mud-march")
    assert "halved in mud (Kiev 19.9)" in report.findings[0].message


def test_four_units_in_a_hex_at_the_end_of_movement_break_stacking(module: Path) -> None:
    report = check(module, "overstacked")
    assert [(f.rule, f.origin) for f in report.findings] == [("AGS 7.0", "2333")]


def test_moving_east_under_stalins_directive_is_found(module: Path) -> None:
    report = check(module, "directive-east")
    assert [f.rule for f in report.findings] == ["Kiev 22.1"]
    assert "196 Rifle Div" in report.findings[0].message


@pytest.mark.parametrize("log", ["rail-move", "panzer-in-mech-phase"])
def test_legal_special_moves_pass(module: Path, log: str) -> None:
    """A 14-hex move by rail within 25 rail hexes (Kiev 19.3); a panzer in the Mechanized phase."""
    assert check(module, log).findings == []


def test_a_log_ending_mid_phase_says_what_it_did_not_check(module: Path) -> None:
    report = check(module, "rail-move")
    assert any("ends during the Soviet Movement phase" in n.reason for n in report.not_checked)


def test_a_log_and_the_save_of_its_end_are_one_game(module: Path) -> None:
    saved = REPO / "tests" / "data" / "checks" / "tournament" / "legal-game-end.vsav"
    report = check_logs([LOGS / "legal-game.vlog", saved], module, REPO / "games")
    assert report.logs == ["legal-game.vlog", "legal-game-end.vsav"]
    assert report.turns == (1, 5) and report.findings == []


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vmodgen.cli", "check", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=600)


def test_cli_exit_status_is_1_with_violations_and_json_has_the_documented_keys(module: Path) -> None:
    done = run_cli(str(LOGS / "german-rail.vlog"), "--module", str(module), "--json")
    assert done.returncode == 1
    document = json.loads(done.stdout)
    assert set(document["findings"][0]) >= {"step", "side", "unit", "from", "to", "rule", "message"}
    assert document["findings"][0]["from"] == "2133"


def test_cli_exit_status_is_0_on_a_clean_log(module: Path) -> None:
    done = run_cli(str(LOGS / "rail-move.vlog"), "--module", str(module))
    assert done.returncode == 0
    assert "No rule violations found." in done.stdout


def test_cli_exit_status_is_2_on_an_unreadable_log(module: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.vlog"
    broken.write_bytes(b"PK\x03\x04 this is not a zip")
    done = run_cli(str(broken), "--module", str(module))
    assert done.returncode == 2
    assert "broken.vlog" in done.stderr and "Traceback" not in done.stderr


def test_cli_refuses_a_module_the_log_was_not_played_with(module: Path) -> None:
    other = ORACLE_FIXTURES / "oracle-test.vmod"
    done = run_cli(str(LOGS / "rail-move.vlog"), "--module", str(other))
    assert done.returncode == 2
    assert "played with the module 'Kiev: The Battle of Encirclement, 1941', not with 'Oracle Test'" in done.stderr


def test_a_finding_about_an_untried_unit_does_not_reveal_it(module: Path) -> None:
    report = check(module, "untried-far-inside")
    assert [(f.unit, f.unit_name, f.rule, f.origin, f.destination) for f in report.findings] == [
        ("", "untried Soviet infantry", "Kiev 23.1", "palette", "1218")]   # 23.1: a road or rail hex of its area
    assert "147" not in report.findings[0].message and "147" not in report.to_json()
