"""Korsun Air Points on snow Game-Turns (19.8), a corps's second step on its rpl counter (24.11) and
a Panzer division spread over hexes on defense (19.52, 19.53), judged on logs the real VASSAL engine
wrote (3.6, and 3.7's copies in 3.7/). Why each log is legal or not, with its hexes and dice, is in
tests/data/checks/korsun/air-corps/scenarios.py (make_logs.py wrote the logs)."""

from __future__ import annotations

from pathlib import Path

import pytest


from tests.games.engine_logs import WRITERS, EngineLogs, assert_clean

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "checks" / "korsun" / "air-corps"
KORSUN_LOGS = EngineLogs("korsun", "air-corps")

LEGAL = ["air-snow-read-right", "air-snow-die-two-read-right", "corps-rpl-swap", "spread-adjacent-doubled",
         "spread-stug-between-doubled", "spread-stug-between-undoubled"]

#: log: [(case, unit the finding names, hex, Game-Turn)]
ILLEGAL = {
    "air-snow-one-column-right": [("Korsun 19.8", "ger-iii-3-3-pg", "2619", 1)],
    "air-snow-one-column-left": [("Korsun 19.8", "ger-iii-3-3-pg", "2619", 1)],
    "corps-rpl-wrong-counter": [("Korsun 24.11", "sov-xxx-11gd-tank", "1208", 1)],
    "corps-rpl-no-swap": [("Korsun 24.11", "sov-xxx-11gd-tank", "1208", 1)],
    "corps-rpl-swap-reduced": [("AGS 9.66", "sov-xxx-11gd-tank", "1208", 1)],
    "spread-adjacent-undoubled": [("Korsun 19.52", "sov-x-20gd-tank", "2719", 2)],
    "spread-panzer-between-doubled": [("Korsun 19.52", "sov-x-20gd-tank", "2719", 2)],
    "spread-stacked-doubled": [("Korsun 19.53", "sov-x-20gd-tank", "2719", 2)],
}


module = KORSUN_LOGS.module_fixture()


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", LEGAL)
def test_a_legal_log_checks_clean(module: Path, name: str, writer: str) -> None:
    report = KORSUN_LOGS.check(module, name, writer)
    assert_clean(report)
    assert [b.verdict for b in report.battles] == ["legal"]


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_an_illegal_log_is_flagged_with_its_case(module: Path, name: str, writer: str) -> None:
    report = KORSUN_LOGS.check(module, name, writer)
    assert [(f.rule, f.unit, f.origin, f.turn) for f in report.findings] == ILLEGAL[name]
    assert report.errors == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_shift_on_a_snow_game_turn_names_the_column_it_gives(module: Path, writer: str) -> None:
    # 19.8, 20.11: none on Game-Turn 1; 4-1, die 3: -/1 read, 5-1's 1/2 applied
    (finding,) = KORSUN_LOGS.check(module, "air-snow-one-column-right", writer).findings
    assert "is the result at 5-1 (1/2), one column off" in finding.message
    assert "neither Player has Air Points on Game-Turn 1" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_the_corps_loss_is_counted_across_its_two_counters(module: Path, writer: str) -> None:
    # 24.11: 1-1, die 6: 2/-; the corps counter's two steps gone, its rpl counter's two left
    (battle,) = KORSUN_LOGS.check(module, "corps-rpl-swap", writer).battles
    assert (battle.odds, battle.result, battle.verdict) == ("1-1", "2/-", "legal")
    assert "11 Gd Tank Corps: 2 steps lost" in battle.applied
    (finding,) = KORSUN_LOGS.check(module, "corps-rpl-no-swap", writer).findings
    assert "11 Gd Tank Corps taken off with no rpl counter put in its hex" in finding.message
    assert "lost 4 steps" in finding.message
    (finding,) = KORSUN_LOGS.check(module, "corps-rpl-wrong-counter", writer).findings
    assert "5 Gd Tank Corps (rpl) was put in for 11 Gd Tank Corps" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_spread_division_is_doubled_as_every_reading_of_between_allows(module: Path, writer: str) -> None:
    # 19.52: 2619 and 2620 adjacent, nothing between: doubled, 5 to 8, 1-2, die 3: 1/-
    (battle,) = KORSUN_LOGS.check(module, "spread-adjacent-doubled", writer).battles
    assert (battle.attack, battle.defense, battle.odds, battle.result) == (5, 8, "1-2", "1/-")
    # 2619 and 2418 with a StuG in 2519: either reading, doubled (1-2) or not (1-1), is accepted
    for name, shown in [("spread-stug-between-doubled", (8, "1-2", "1/-")),
                        ("spread-stug-between-undoubled", (4, "1-1", "1/1"))]:
        (battle,) = KORSUN_LOGS.check(module, name, writer).battles
        assert (battle.defense, battle.odds, battle.result, battle.verdict) == (*shown, "legal")
    (finding,) = KORSUN_LOGS.check(module, "spread-panzer-between-doubled", writer).findings
    assert "110/11 PzGren Rgt in 2519, between 2418 and 2619" in finding.message
    assert "no reading doubles it" in finding.message
