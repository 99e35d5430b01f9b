"""Korsun's optional variable weather (28.0) judged on logs the real VASSAL engine wrote (3.6, and
3.7's copies in 3.7/): a die rolled before anything else of a Game-Turn >= 4 may be the 28.0 roll, so
mud movement (20.12) and Air Points (19.8) are judged under the Game-Turn Record Track's weather and
the roll's, a finding only when both make one. Why each log is legal or not, with its hexes and
dice, is in tests/data/checks/korsun/weather/scenarios.py (make_logs.py wrote the logs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.engine_logs import WRITERS, EngineLogs

LOGS = EngineLogs("korsun", "weather")
module = LOGS.module_fixture()

#: the cases of the Game-Turns played through without their reinforcements and HQ flips, which
#: these logs do not test
SKIPPED = {"Korsun 26.0", "Korsun 26.1", "Korsun 23.11"}


def _findings(module: Path, name: str, writer: str) -> list[tuple[str, str | None, str, int]]:
    report = LOGS.check(module, name, writer)
    assert report.errors == []
    return [(f.rule, f.unit, f.origin, f.turn) for f in report.findings if f.rule not in SKIPPED]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_snow_roll_on_a_mud_turn_leaves_a_five_mp_hq_move_not_checked(module: Path, writer: str) -> None:
    # 28.0: a 5 rolled first on Game-Turn 4 (mud on the track, 20.12: four MP) gives snow (nine MP)
    report = LOGS.check(module, "mud-turn-snow-rolled", writer)
    assert (report.findings, report.errors) == ([], [])
    (note,) = report.not_checked
    assert (note.rule, note.turn) == ("Korsun 28.0", 4)
    assert "HQ 27 Army's move is legal only in snow" in note.reason
    assert "needs 5 MP to reach 1101" in note.reason and "in snow: 9 MP (MA 9)" in note.reason


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", ["mud-turn-mud-rolled", "mud-turn-no-roll", "mud-turn-rolled-late"])
def test_the_mud_finding_stands_without_a_snow_roll_before_the_turn(module: Path, name: str, writer: str) -> None:
    # 20.12: a 2 rolled (mud either way), no roll (the track), or the 5 rolled only after the HQ moved
    # (28.0: the roll comes before the Soviet Player-Turn)
    report = LOGS.check(module, name, writer)
    assert [(f.rule, f.unit, f.origin, f.destination, f.turn) for f in report.findings] == [
        ("AGS 5.11", "sov-hq-27", "1603", "1101", 4)]
    assert "it has 4 (MA 9, 4 MP in mud (Korsun 20.12))" in report.findings[0].message
    assert report.not_checked == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_mud_roll_on_a_snow_turn_leaves_an_air_point_shift_not_checked(module: Path, writer: str) -> None:
    # 28.0 with 19.8: a 2 rolled first on Game-Turn 9 (snow on the track: no Air Points) gives mud
    # (three each): 4-1, die 3: -/1, 5-1's 1/2 applied, as a German Air Point would shift it
    report = LOGS.check(module, "snow-turn-mud-rolled", writer)
    assert _findings(module, "snow-turn-mud-rolled", writer) == []
    (note,) = [n for n in report.not_checked if n.rule not in SKIPPED]
    assert (note.rule, note.turn) == ("Korsun 28.0", 9)
    assert "is the result at 5-1 (1/2), one column off" in note.reason
    assert "3 each on Game-Turn 9 if it was mud" in note.reason


@pytest.mark.parametrize("writer", WRITERS)
def test_a_snow_roll_on_a_snow_turn_keeps_the_air_point_finding(module: Path, writer: str) -> None:
    # 19.8: a 6 rolled first on Game-Turn 9: snow either way, no Air Points, the shift is a finding
    assert _findings(module, "snow-turn-snow-rolled", writer) == [("Korsun 19.8", "ger-iii-3-3-pg", "2619", 9)]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_snow_roll_on_a_mud_turn_leaves_a_five_mp_overrun_not_checked(module: Path, writer: str) -> None:
    # 28.0 with AGS 6.16: a 5 rolled first on Game-Turn 4; the 15/11 Pz Rgt (MA 8, four in mud)
    # moves two clear hexes and overruns (three MP): 5 MP
    report = LOGS.check(module, "overrun-snow-rolled", writer)
    assert (report.findings, report.errors) == ([], [])
    (note,) = report.not_checked
    assert (note.rule, note.turn) == ("Korsun 28.0", 4)
    assert "15/11 Pz Rgt's move with its overrun is legal only in snow" in note.reason
    assert "spent 2 MP to reach 2614 and 3 MP for overrun 1 on 2715: 5 MP; it has 4" in note.reason


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", ["overrun-mud-rolled", "overrun-no-roll"])
def test_the_overrun_finding_stands_without_a_snow_roll(module: Path, name: str, writer: str) -> None:
    # AGS 6.16 with 20.12: a 2 rolled (mud either way) or no roll (the track's mud): 5 MP of 4
    report = LOGS.check(module, name, writer)
    assert [(f.rule, f.unit, f.origin, f.destination, f.turn) for f in report.findings] == [
        ("AGS 6.16", "ger-iii-15-11", "2415", "2614", 4)]
    assert report.not_checked == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_mud_roll_on_a_snow_turn_leaves_an_air_marker_not_checked(module: Path, writer: str) -> None:
    # 28.0 with 25.26: German Air 1 on Korsun (2006) on Game-Turn 9 (snow on the track), a 2 rolled first
    assert _findings(module, "air-supply-snow-turn-mud-rolled", writer) == []
    (note,) = [n for n in LOGS.check(module, "air-supply-snow-turn-mud-rolled", writer).not_checked
               if n.rule not in SKIPPED]
    assert (note.rule, note.turn) == ("Korsun 28.0", 9)
    assert "German Air 1 was put on 2006 for air supply, marker 1: over the 0 Air markers of snow" in note.reason


@pytest.mark.parametrize("writer", WRITERS)
def test_a_snow_roll_on_a_snow_turn_keeps_the_air_marker_finding(module: Path, writer: str) -> None:
    # 25.26: a 6 rolled first on Game-Turn 9: snow either way
    assert _findings(module, "air-supply-snow-turn-snow-rolled", writer) == [
        ("Korsun 25.26", "marker-air-ger-1", "2006", 9)]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_snow_roll_on_a_mud_turn_counts_the_air_markers_under_both_weathers(module: Path, writer: str) -> None:
    # 28.0 with 25.25, 25.26: four markers on Game-Turn 4 with a 5 rolled first; three within the
    # track's three Air Points (not checked), the fourth over both (the track's 25.25)
    report = LOGS.check(module, "air-supply-mud-turn-snow-rolled", writer)
    assert [(f.rule, f.unit, f.origin, f.turn) for f in report.findings] == [
        ("Korsun 25.25", "marker-air-ger-4", "2208", 4)]
    assert [(n.rule, n.step) for n in report.not_checked] == [("Korsun 28.0", s) for s in (59, 60, 61)]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_snow_roll_on_a_mud_turn_leaves_a_five_mp_delay_not_checked(module: Path, writer: str) -> None:
    # 28.0 with 22.13: a 5 rolled first on Game-Turn 4; the 394/3 PzGren Rgt (MA 8, four in mud)
    # delays out of 2619 three clear hexes to 2320: 3 + 2 MP
    report = LOGS.check(module, "delay-snow-rolled", writer)
    assert (report.findings, report.errors) == ([], [])
    (note,) = report.not_checked
    assert (note.rule, note.turn) == ("Korsun 28.0", 4)
    assert "394/3 PzGren Rgt's move is legal only in snow" in note.reason
    assert "left the enemy zone of control at 2619 by delay" in note.reason


@pytest.mark.parametrize("writer", WRITERS)
def test_a_mud_roll_on_a_mud_turn_keeps_the_delay_finding(module: Path, writer: str) -> None:
    # 22.13 with 20.12: a 2 rolled first: 3 + 2 MP of four either way
    report = LOGS.check(module, "delay-mud-rolled", writer)
    assert [(f.rule, f.unit, f.origin, f.destination, f.turn) for f in report.findings] == [
        ("Korsun 22.13", "ger-iii-394-3", "2619", "2320", 4)]
    assert report.not_checked == []
