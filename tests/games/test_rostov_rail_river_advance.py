"""Rostov 20.22 (advances after combat limited to one hex in moderate and severe weather; 20.23:
cavalry advances normally in severe weather) on logs the real VASSAL engine wrote:
tests/data/checks/rostov/advance-moderate-*.vlog (VASSAL 3.6) and 3.7/ (VASSAL 3.7.26), written by
make_logs.py from the scripts rail_river_scripts.py made (its 20.22 block says how)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.rostov_logs import WRITERS, assert_clean, check_log, module  # noqa: F401 (module: the fixture)
from vmodgen.engine.rules.ags.rostov.advance_weather import limit


@pytest.mark.parametrize("writer", WRITERS)
def test_a_one_hex_advance_in_moderate_weather_checks_clean(module: Path, writer: str) -> None:
    # Game-Turn 2, roll 2: moderate in both sections. HQ 12 Army eliminated at 0605 (10-1, die 1:
    # -/E); 1LAH advances into 0605. Before Rostov read AGS 9.82 (rules.advance_stops_in_enemy_zoc),
    # every Rostov advance was a not-checked note.
    assert_clean(check_log(module, "advance-moderate-one-hex", writer))


@pytest.mark.parametrize("writer", WRITERS)
def test_a_two_hex_advance_in_moderate_weather_is_found(module: Path, writer: str) -> None:
    # The same battle; 1LAH advances 0605 and on to 0604: two hexes, as 9.84 allows after an
    # elimination in clear weather, one more than moderate weather allows.
    report = check_log(module, "advance-moderate-two-hexes", writer)
    assert [(f.rule, f.unit, f.origin, f.destination, f.turn, f.phase, f.step) for f in report.findings] == [
        ("Rostov 20.22", "ger-iii-1-lah", "0706", "0604", 2, "Axis Combat", 29)]
    assert "advanced 2 hexes" in report.findings[0].message and "moderate weather" in report.findings[0].message


def test_cavalry_advances_normally_only_in_severe_weather() -> None:
    # 20.22: one hex in moderate and severe weather; 20.23: cavalry advances normally when severe.
    rule = {"moderate": 1, "severe": 1, "severe_cavalry": "normal"}
    assert [limit(rule, w, "cavalry") for w in ("clear", "moderate", "severe")] == [None, 1, None]
    assert [limit(rule, w, "panzer") for w in ("clear", "moderate", "severe")] == [None, 1, 1]
