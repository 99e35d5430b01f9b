"""Rostov's rail capacity (19.22), whole-division doubling (19.5) and second steps (19.6, 19.63,
19.65) on logs the real VASSAL engine wrote, a legal and an illegal one each, on both engines:
tests/data/checks/rostov/<name>.vlog (VASSAL 3.6) and 3.7/<name>.vlog (VASSAL 3.7.26), written by
make_logs.py from the scripts exclusive_scripts.py made (which says how each battle's odds and die
were picked from the book)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.rostov_logs import SET_UP_NOTE, WRITERS, assert_clean, check_log, module  # noqa: F401 (module: the fixture)


def _battle(report):
    (battle,) = report.battles
    return battle


# ------------------------------------------------------------------------ 19.22 rail capacity

@pytest.mark.parametrize("writer", WRITERS)
def test_five_units_counting_as_eight_by_rail_check_clean(module: Path, writer: str) -> None:
    # two tank brigades and a cavalry division count two each (19.22), two rifle divisions one,
    # HQ 6 Army nothing: 8 of 8
    assert_clean(check_log(module, "rail-capacity-legal", writer))


@pytest.mark.parametrize("writer", WRITERS)
def test_five_units_counting_as_nine_by_rail_are_found(module: Path, writer: str) -> None:
    # the same five moves with a cavalry division in place of a rifle division: 9 of 8; counted
    # one each (the standard rules) the five would be within the limit
    report = check_log(module, "rail-capacity-over", writer)
    assert [(f.unit, f.rule) for f in report.findings] == [("", "Rostov 19.22")]
    assert "5 (counting as 9) units moved by rail on Game-Turn 1" in report.findings[0].message


# ------------------------------------------------------------------ 19.5 divisional integration

@pytest.mark.parametrize("writer", WRITERS)
def test_a_whole_division_attacks_doubled(module: Path, writer: str) -> None:
    # the 16th Panzer's three regiments: 4 doubled, 8 to 4, 2-1, die 2: -/1 applied. Undoubled
    # (1-1) the die gives 1/1 and the attackers' missing step loss would be a finding.
    report = check_log(module, "integrity-whole-division", writer)
    assert_clean(report)
    summary = _battle(report)
    assert (summary.attack, summary.defense, summary.odds, summary.result) == (8, 4, "2-1", "-/1")


@pytest.mark.parametrize("writer", WRITERS)
def test_two_regiments_of_a_three_regiment_division_doubled_are_found(module: Path, writer: str) -> None:
    # Wiking's Nor/W and Wes/W without Ger/W: 5 to 2, 2-1, die 4: 1/1; the player took -/1, the
    # result at 5-1, the odds only if the two regiments were doubled
    report = check_log(module, "integrity-part-division", writer)
    assert [(f.unit, f.rule) for f in report.findings] == [("ger-iii-nor-w", "Rostov 19.5")]
    message = report.findings[0].message
    assert "Nor/W SS Mot Rgt, Wes/W SS Mot Rgt are not every unit of their division" in message
    assert "result at 5-1 (-/1)" in message
    assert _battle(report).odds == "2-1"


# -------------------------------------------------------------------------- 19.6 second steps

@pytest.mark.parametrize("writer", WRITERS)
def test_eliminating_a_second_step_unit_meets_a_two(module: Path, writer: str) -> None:
    # -/2 against the 99th Rifle (Defense 6) and the 150th: the 99th alone eliminated (19.65)
    report = check_log(module, "second-step-two-losses", writer)
    assert_clean(report)
    assert _battle(report).result == "-/2"


@pytest.mark.parametrize("writer", WRITERS)
def test_a_second_step_of_the_same_type_meets_a_one(module: Path, writer: str) -> None:
    # -/1: the 99th taken off and the 393rd Rifle (Defense 2) put in its place (19.6, 19.62).
    # Before, this was a not-checked note saying no replacement was available (19.63).
    report = check_log(module, "second-step-replaced", writer)
    assert_clean(report)
    assert "its second step put in its place" in _battle(report).applied


@pytest.mark.parametrize("writer", WRITERS)
def test_a_second_step_of_another_type_is_found(module: Path, writer: str) -> None:
    # -/1: a cavalry division put in the rifle division's place; before, a not-checked note
    report = check_log(module, "second-step-wrong-type", writer)
    assert [f.rule for f in report.findings] == ["Rostov 19.63"]
    assert "is not of its type" in report.findings[0].message
    assert [n.rule for n in report.not_checked if n.rule != SET_UP_NOTE] == []


# ------------------------------------------------------- 18.11 set-up hexes, 25.3 Soviet schedule
# Their legal side: every log above sets up the book's units on their hexes and, where the Soviet
# Movement Phase of Game-Turn 1 is played (rail-capacity-legal), brings in its four reinforcements.

@pytest.mark.parametrize("writer", WRITERS)
def test_a_unit_set_up_off_its_addenda_hex_is_found(module: Path, writer: str) -> None:
    # the 255th Rifle on 1511, not 1510, before Game-Turn 1 is played: a set-up finding, not a
    # move in the Weather Phase (AGS 4.2), which is what the checker said before
    report = check_log(module, "setup-off-its-hex", writer)
    assert [(f.unit, f.rule, f.origin, f.destination) for f in report.findings] == [
        ("sov-xx-255-rifle", "Rostov 18.11", "1510", "1511")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_soviet_reinforcement_left_in_the_pool_is_found(module: Path, writer: str) -> None:
    report = check_log(module, "soviet-reinforcements-short", writer)
    assert [(f.unit, f.rule) for f in report.findings] == [("", "Rostov 25.3")]
    assert "3 of 4 Soviet pool reinforcements entered on Game-Turn 1" in report.findings[0].message


# ------------------------------------------------ 19.3 roads, 19.7 and 23.14-23.17 supply
# Supply shows where a move needs it (AGS 5.25): each log moves a unit more than half its
# allowance and within the whole one, so only its supply decides (exclusive_scripts.py says how
# the hexes were picked).

def _not_checked(report) -> list[tuple[str, int, str]]:
    return [(n.rule, n.turn, n.phase) for n in report.not_checked if n.rule != SET_UP_NOTE]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_move_within_the_allowance_at_the_other_terrain_checks_clean(module: Path, writer: str) -> None:
    # Rostov 19.3: 92/60 Mot Inf 1708-1303, 10 MP of 10
    assert_clean(check_log(module, "roads-no-benefit-legal", writer))


@pytest.mark.parametrize("writer", WRITERS)
def test_a_move_legal_only_at_the_road_rate_is_found(module: Path, writer: str) -> None:
    # Rostov 19.3: 1708-1302 is nine road hexes (4 1/2 MP at the 10.23 rate), 11 MP of the other terrain
    # (before, the finding cited AGS 5.11 alone)
    report = check_log(module, "roads-no-benefit-over", writer)
    assert [(f.unit, f.rule) for f in report.findings] == [("ger-iii-92-60", "Rostov 19.3")]
    assert "needs 11 MP to reach 1302" in report.findings[0].message and "it has 10" in report.findings[0].message
    assert "roads give no movement benefit" in report.findings[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_soviet_unit_with_its_hq_in_supply_moves_its_whole_allowance(module: Path, writer: str) -> None:
    # Rostov 19.7: HQ 9 Army at 2218 traces a line to the east edge; the cavalry with it moves 6 MP of 8
    assert_clean(check_log(module, "soviet-hq-supply-legal", writer))


@pytest.mark.parametrize("writer", WRITERS)
def test_a_soviet_unit_whose_hq_is_cut_from_the_east_edge_moves_half(module: Path, writer: str) -> None:
    # Rostov 19.7: the same HQ and cavalry behind the Axis front (0802): out of supply, 6 MP of 4
    report = check_log(module, "soviet-hq-supply-cut", writer)
    assert [f.rule for f in report.findings] == ["AGS 5.11"]
    message = report.findings[0].message
    assert "needs 6 MP to reach 1402 from 0802" in message and "halved out of supply (AGS 5.25): 4" in message
    assert _not_checked(report) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_supply_counter_is_never_out_of_supply(module: Path, writer: str) -> None:
    # Rostov 23.14, 23.13: counter 4 at 0512, where 1LAH is out of supply (axis-supply-out), moves
    # 0512-0108, 8 MP of its 8, in the Mechanized Movement Phase. Before, the checker said a supply
    # counter may not move in that phase (AGS 4.2): a false alarm.
    assert_clean(check_log(module, "axis-supply-counter-moves", writer))


@pytest.mark.parametrize("writer", WRITERS)
def test_a_line_along_a_road_counts_half_a_hex(module: Path, writer: str) -> None:
    # Rostov 23.16: 0609 is eight hexes from the west edge along the road, six counted: in supply
    assert_clean(check_log(module, "axis-supply-road-legal", writer))


@pytest.mark.parametrize("writer", WRITERS)
def test_a_line_off_the_road_is_out_of_supply(module: Path, writer: str) -> None:
    # Rostov 23.16, 23.0: 0610, beside it on no road: nine hexes, out; 9 MP of 5
    report = check_log(module, "axis-supply-road-out", writer)
    assert [(f.unit, f.rule) for f in report.findings] == [("ger-iii-1-lah", "Rostov 23.0")]
    assert "in 0610 traces no line of supply" in report.findings[0].message
    assert "needs 9 MP" in report.findings[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_counter_outside_any_chain_leaves_supply_not_known(module: Path, writer: str) -> None:
    # Rostov 23.15: the counter at 0514 may have been expended (the module's counter shows no
    # expended side): the move over half the allowance is not checked, never a finding. Before,
    # it passed in silence.
    report = check_log(module, "axis-supply-unchained", writer)
    assert report.findings == []
    assert _not_checked(report) == [("Rostov 23.0", 1, "Axis Mechanized Movement")]
    assert "1LAH SS Mot Rgt in 0512" in next(n.reason for n in report.not_checked if n.rule == "Rostov 23.0")


@pytest.mark.parametrize("writer", WRITERS)
def test_a_line_in_the_weather_the_log_shows_is_judged(module: Path, writer: str) -> None:
    # Rostov 23.17, 20.2: on Game-Turn 2 the log shows the Weather Phase with no roll, so the
    # weather is the Record Track's (south clear): 1LAH's line of five hexes from 0706 (south
    # section) is in supply and its move (9 MP of 10) legal. Before the supply check read the
    # weather, any roll could have made it severe and the line was not known.
    report = check_log(module, "axis-supply-turn2-unknown", writer)
    assert report.findings == []
    assert _not_checked(report) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_an_axis_air_marker_on_a_german_stack_leaves_its_supply_not_known(module: Path, writer: str) -> None:
    # Rostov 23.2: axis-supply-out with Axis Air 1 on 1LAH. Before, Air markers (pieces with a
    # Marker property) were never read, and this was the same finding as axis-supply-out: a false alarm.
    report = check_log(module, "axis-supply-air", writer)
    assert report.findings == []
    assert _not_checked(report) == [("Rostov 23.2", 1, "Axis Mechanized Movement")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_unit_supplied_by_an_interdicted_counter_is_not_known(module: Path, writer: str) -> None:
    # Rostov 23.18: axis-supply-legal with the Soviet Air marker on the counter that supplies 1LAH.
    # Before, the marker was never read and the move passed as in supply, in silence.
    report = check_log(module, "axis-supply-interdicted", writer)
    assert report.findings == []
    assert _not_checked(report) == [("Rostov 23.18", 1, "Axis Mechanized Movement")]
