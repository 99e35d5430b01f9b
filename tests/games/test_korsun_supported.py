"""Korsun supported corps (24.21-24.23) and the 5.14 part of delay (22.13), judged on logs the real
VASSAL engine wrote (3.6, and 3.7's copies in 3.7/). Why each log is legal or not, with its hexes
and dice, is in tests/data/checks/korsun/supported/scenarios.py (make_logs.py wrote the logs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.build import build_game
from vmodgen.engine.check.runner import check_logs

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "checks" / "korsun" / "supported"
WRITERS = ["3.6", "3.7"]     # the engine that wrote the log: 3.6 in LOGS, 3.7 in LOGS / "3.7"

LEGAL = ["supported-attack", "supported-removed", "delay-mud-within"]

#: log: [(case, unit the finding names ("": none), hex, Game-Turn)]
ILLEGAL = {
    "supported-attack-undoubled": [("Korsun 24.21", "sov-xxx-5gd-tank", "0611", 1)],
    "supported-three-kept": [("Korsun 24.22", "", "", 2)],
    "supported-kept-turn-three": [("Korsun 24.23", "", "", 3)],
    "delay-mud-one-hex-too-far": [("Korsun 22.13", "ger-iii-15-ssw", "2806", 5)],
}


def log(name: str, writer: str) -> Path:
    return (LOGS if writer == "3.6" else LOGS / writer) / f"{name}.vlog"


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_game(REPO / "games" / "korsun", tmp_path_factory.mktemp("korsun")).path


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", LEGAL)
def test_a_legal_log_checks_clean(module: Path, name: str, writer: str) -> None:
    report = check_logs([log(name, writer)], module, REPO / "games")
    assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
    assert report.errors == []
    assert report.not_checked == []


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_an_illegal_log_is_flagged_with_its_case(module: Path, name: str, writer: str) -> None:
    report = check_logs([log(name, writer)], module, REPO / "games")
    assert [(f.rule, f.unit, f.origin, f.turn) for f in report.findings] == ILLEGAL[name]
    assert report.errors == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_supported_corps_attacks_at_double_strength(module: Path, writer: str) -> None:
    # 24.21: 18 doubled to 36 against 2: above 10-1, resolved at 10-1 (9.5); die 3: -/E
    (battle,) = check_logs([log("supported-attack", writer)], module, REPO / "games").battles
    assert (battle.attack, battle.defense, battle.odds, battle.result) == (36, 2, "10-1", "-/E")
    assert battle.verdict == "legal"


@pytest.mark.parametrize("writer", WRITERS)
def test_the_undoubled_result_is_named_as_the_supported_rule(module: Path, writer: str) -> None:
    (finding,) = check_logs([log("supported-attack-undoubled", writer)], module, REPO / "games").findings
    assert "is the result at 9-1 (-/3), the odds without the Supported marker's doubling" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_delay_pays_its_two_points_even_for_the_one_hex_of_5_14(module: Path, writer: str) -> None:
    # 22.13: in mud (20.12: four MP) one hex across the Dniepr costs 3; with delay's 2, 5 of 4
    (finding,) = check_logs([log("delay-mud-one-hex-too-far", writer)], module, REPO / "games").findings
    assert "reaches 2805 from 2806 for 3 MP of 4" in finding.message
    assert "the one hex a unit may always move (AGS 5.14) does not pay for it" in finding.message
