"""Korsun supported corps (24.21-24.23), Air Points by weather (19.8, AGS 14.14) and the 5.14 part of
delay (22.13), judged on logs the real
VASSAL engine wrote (3.6, and 3.7's copies in 3.7/). Why each log is legal or not, with its hexes
and dice, is in tests/data/checks/korsun/supported/scenarios.py (make_logs.py wrote the logs)."""

from __future__ import annotations

from pathlib import Path

import pytest


from tests.games.engine_logs import WRITERS, EngineLogs, assert_clean

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "checks" / "korsun" / "supported"
KORSUN_LOGS = EngineLogs("korsun", "supported")

LEGAL = ["supported-attack", "supported-turn-two", "delay-mud-within"]

#: Game-Turn 1, snow, no Air Points: 5-1's result applied at 4-1 is one finding citing Korsun 19.8
AIR_SNOW = [("Korsun 19.8", "ger-iii-3-3-pg", "2619", 1)]

#: Game-Turn 3, no corps supported (24.23): 10-1's result applied at 9-1 is the result check's finding
TURN_THREE = [("AGS 9.66", "sov-xxx-5gd-tank", "0611", 3)]

#: log: [(case, unit the finding names ("": none), hex, Game-Turn)]
ILLEGAL = {
    "supported-attack-undoubled": [("Korsun 24.21", "sov-xxx-5gd-tank", "0611", 1)],
    "supported-turn-three": TURN_THREE,
    "delay-mud-one-hex-too-far": [("Korsun 22.13", "ger-iii-15-ssw", "2806", 5)],
    "air-snow-shifted": AIR_SNOW,
}


module = KORSUN_LOGS.module_fixture()


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", LEGAL)
def test_a_legal_log_checks_clean(module: Path, name: str, writer: str) -> None:
    report = KORSUN_LOGS.check(module, name, writer)
    assert_clean(report)


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_an_illegal_log_is_flagged_with_its_case(module: Path, name: str, writer: str) -> None:
    report = KORSUN_LOGS.check(module, name, writer)
    assert [(f.rule, f.unit, f.origin, f.turn) for f in report.findings] == ILLEGAL[name]
    assert report.errors == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_supported_corps_attacks_at_double_strength(module: Path, writer: str) -> None:
    # 24.21: 18 doubled to 36 against 2: above 10-1, resolved at 10-1 (9.5); die 3: -/E
    (battle,) = KORSUN_LOGS.check(module, "supported-attack", writer).battles
    assert (battle.attack, battle.defense, battle.odds, battle.result) == (36, 2, "10-1", "-/E")
    assert battle.verdict == "legal"


@pytest.mark.parametrize("writer", WRITERS)
def test_the_undoubled_result_is_named_as_the_supported_rule(module: Path, writer: str) -> None:
    (finding,) = KORSUN_LOGS.check(module, "supported-attack-undoubled", writer).findings
    assert "is the result at 9-1 (-/3), the odds without the Supported marker's doubling" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_delay_pays_its_two_points_even_for_the_one_hex_of_5_14(module: Path, writer: str) -> None:
    # 22.13: in mud (20.12: four MP) one hex across the Dniepr costs 3; with delay's 2, 5 of 4
    (finding,) = KORSUN_LOGS.check(module, "delay-mud-one-hex-too-far", writer).findings
    assert "reaches 2805 from 2806 for 3 MP of 4" in finding.message
    assert "the one hex a unit may always move (AGS 5.14) does not pay for it" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_result_one_column_off_is_not_checked_on_a_mud_turn(module: Path, writer: str) -> None:
    # Korsun 19.8: three Air Points each on Game-Turn 5; AGS 14.14: one may shift 4-1 to 5-1
    report = KORSUN_LOGS.check(module, "air-mud-shifted", writer)
    assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
    assert report.errors == []
    (note,) = report.not_checked
    assert note.rule == "Korsun 19.8" and note.turn == 5
    assert "is the result at 5-1 (1/2), one column off: an Air Point (3 each on Game-Turn 5)" in note.reason


@pytest.mark.parametrize("writer", WRITERS)
def test_a_battle_with_more_markers_than_kept_is_not_checked(module: Path, writer: str) -> None:
    # 24.22: four markers on the map on Game-Turn 2, two kept: is the 0611 corps supported?
    report = KORSUN_LOGS.check(module, "supported-turn-two-unremoved", writer)
    assert report.findings == [] and report.errors == []
    (note,) = report.not_checked
    assert note.rule == "Korsun 24.22" and note.turn == 2
    assert "4 Supported markers are on the map on Game-Turn 2, where 2 are kept" in note.reason
