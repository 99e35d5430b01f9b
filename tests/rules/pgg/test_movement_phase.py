"""PGG movement phases judged from hand-made phase records: terrain and roads that do not cross
rivers [PGG 6.7, 11.13], enemy zones of control [PGG 6.22, 8.13], who moves in which phase
[PGG 4.2, 6.24], the Soviet hexrows 0100 and 0200 [PGG 6.4], the first Game-Turn [PGG 5.23], rail
movement [PGG 6.3], supply [PGG 6.25, 11.2], reinforcements [PGG 12.1, 14.3, 14.11] and stacking
[PGG 7.1, 7.2]."""

from __future__ import annotations

from fractions import Fraction

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.pgg.checker import NOT_JUDGED
from vmodgen.engine.rules.pgg.family import PGG
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.movement_phase import check_movement_phase
from vmodgen.engine.rules.terrain import entry_cost
from tests.rules.conftest import h
from tests.rules.pgg.conftest import at, cases, moved

SOVIET, GERMAN, MECH = "Soviet Movement", "German Initial Movement", "German Mechanized Movement"


def judged(record, ledger: Ledger | None = None) -> list[tuple[str, str]]:
    ledger = ledger or Ledger()
    ledger.begin(record)
    return [c for c in cases(check_movement_phase(record, ledger)) if c[0] == "illegal"]


def test_a_road_does_not_cross_a_river_for_movement(pgg: Game) -> None:
    """PGG 11.13: the north road runs 0602-0702 across the river; a motorized unit pays the swamp
    and the river, not the road rate."""
    panzer = pgg.unit_types["panzer"]
    assert entry_cost(pgg, panzer, "German", h("0602"), h("0702")).mp == Fraction(2 + 2)
    assert entry_cost(pgg, panzer, "German", h("0502"), h("0602")).mp == Fraction(1, 2)


def test_a_legal_soviet_move_is_clean(pgg: Game) -> None:
    start = at(pgg, {"sov-r1": "1005", "sov-ldr-a": "1105"}, SOVIET)
    assert judged(moved(pgg, start, {"sov-r1": ["0905", "0805"]})) == []


def test_a_unit_entering_an_enemy_zone_stops_there(pgg: Game) -> None:
    start = at(pgg, {"sov-r1": "1005", "sov-ldr-a": "1105", "ger-25-7": "0804"}, SOVIET)
    assert judged(moved(pgg, start, {"sov-r1": ["0905", "0805", "0705"]})) == [("illegal", "PGG 6.22")]


def test_a_unit_may_not_leave_an_enemy_zone(pgg: Game) -> None:
    start = at(pgg, {"sov-r1": "0905", "sov-ldr-a": "1105", "ger-25-7": "0804"}, SOVIET)
    assert judged(moved(pgg, start, {"sov-r1": ["1005"]})) == [("illegal", "PGG 8.13")]


def test_no_unit_moves_in_the_other_sides_phase(pgg: Game) -> None:
    start = at(pgg, {"sov-r1": "1005", "ger-25-7": "0304"}, GERMAN)
    assert judged(moved(pgg, start, {"sov-r1": ["0905"]})) == [("illegal", "PGG 6.24")]


def test_only_mechanized_units_move_in_the_mechanized_phase(pgg: Game) -> None:
    start = at(pgg, {"ger-25-7": "0304", "ger-inf-6": "0305"}, MECH)
    assert judged(moved(pgg, start, {"ger-25-7": ["0404"]})) == []
    assert judged(moved(pgg, start, {"ger-inf-6": ["0405"]})) == [("illegal", "PGG 4.2")]


def test_soviet_units_keep_out_of_the_two_westernmost_hexrows_until_turn_six(pgg: Game) -> None:
    """PGG 6.4: on Game-Turns 1-6 no Soviet unit enters hexrows 0100 and 0200."""
    early = at(pgg, {"sov-r1": "0305", "sov-ldr-a": "0404"}, SOVIET, turn=6)
    assert judged(moved(pgg, early, {"sov-r1": ["0205"]})) == [("illegal", "PGG 6.4")]
    late = at(pgg, {"sov-r1": "0305", "sov-ldr-a": "0404"}, SOVIET, turn=7)
    assert judged(moved(pgg, late, {"sov-r1": ["0205"]})) == []


def test_the_thirteenth_and_twentieth_armies_move_east_on_turn_one(pgg: Game) -> None:
    """PGG 5.23: every unit of the armies set up in hexrow 0100 moves, never west, and does not end
    in hexrows 0100 or 0200."""
    start = at(pgg, {"sov-r6": "0108", "sov-r7": "0109", "sov-ldr-a": "1105"}, SOVIET, turn=1)
    assert judged(moved(pgg, start, {"sov-r6": ["0308"], "sov-r7": ["0309"]})) == []
    assert judged(moved(pgg, start, {"sov-r6": ["0308"]})) == [("illegal", "PGG 5.23")]        # 0109 stays
    assert judged(moved(pgg, start, {"sov-r6": ["0408"], "sov-r7": ["0209"]})) == [("illegal", "PGG 5.23")]
    assert judged(moved(pgg, start, {"sov-r6": ["0408", "0308"], "sov-r7": ["0309"]})) == [("illegal", "PGG 5.23")]


def test_a_soviet_move_too_long_on_foot_may_be_rail_movement(pgg: Game) -> None:
    """PGG 6.3: seven hexes along the railroad (MA 6) is rail movement; Germans may not use rail."""
    soviet = at(pgg, {"sov-r1": "0308", "sov-ldr-a": "0408"}, SOVIET, turn=7)
    assert judged(moved(pgg, soviet, {"sov-r1": ["1008"]})) == []
    german = at(pgg, {"ger-inf-6": "0308"}, GERMAN, turn=7)
    assert judged(moved(pgg, german, {"ger-inf-6": ["1108"]})) == [("illegal", "PGG 6.23")]


def test_a_soviet_move_along_the_railroad_beyond_the_rail_limit_breaks_the_rail_rule(pgg: Game) -> None:
    """PGG 6.33 (the data's game_cases.rail: PGG 6.3): 0308 to 1103 is 13 rail hexes (the trunk to
    1108, the branch up to 1103), over the fixture's eight, and too far on foot (MA 6)."""
    soviet = at(pgg, {"sov-r1": "0308", "sov-ldr-a": "0408"}, SOVIET, turn=7)
    assert judged(moved(pgg, soviet, {"sov-r1": ["1103"]})) == [("illegal", "PGG 6.3")]


def test_a_soviet_unit_out_of_a_leaders_radius_has_half_its_allowance(pgg: Game) -> None:
    """PGG 6.25, 11.22: no Leader within three hexes, so out of supply: MA 6 halved to 3."""
    start = at(pgg, {"sov-r1": "1001", "sov-ldr-a": "1108"}, SOVIET)
    assert judged(moved(pgg, start, {"sov-r1": ["0901", "0801", "0701"]})) == []
    assert judged(moved(pgg, start, {"sov-r1": ["0901", "0801", "0701", "0601"]})) == [("illegal", "PGG 6.23")]


def test_soviet_reinforcements_enter_untried_by_their_areas(pgg: Game) -> None:
    """PGG 12.1, 14.14: untried; PGG 14.3: by the scheduled area from its turn on; PGG 14.11: a
    rifle division also by a Provisional Reinforcement area."""
    pool = at(pgg, {"sov-p1": None, "sov-ldr-a": "1105"}, SOVIET, turn=2)
    assert judged(moved(pgg, pool, {"sov-p1": ["1205", "1105"]})) == []
    assert judged(moved(pgg, pool, {"sov-p1": ["1211"]})) == []
    # put down outside its areas, farther than any move from them: the entry breaks PGG 14.3
    assert judged(moved(pgg, pool, {"sov-p1": ["0505"]})) == [("illegal", "PGG 14.3")]
    tried = at(pgg, {"sov-p1": None, "sov-ldr-a": "1105"}, SOVIET, turn=2, tried=["sov-p1"])
    assert judged(moved(pgg, tried, {"sov-p1": ["1205"]})) == [("illegal", "PGG 12.1")]


def test_german_reinforcements_enter_from_their_turn_on(pgg: Game) -> None:
    """PGG 14.3: the turn shown is the first on which they may enter."""
    first = at(pgg, {"ger-inf-6": None, "ger-25-7": None}, GERMAN, turn=1)
    assert judged(moved(pgg, first, {"ger-25-7": ["0105", "0205"]})) == []
    assert judged(moved(pgg, first, {"ger-inf-6": ["0105"]})) == [("illegal", "PGG 14.3")]
    later = at(pgg, {"ger-inf-6": None}, GERMAN, turn=4)
    assert judged(moved(pgg, later, {"ger-inf-6": ["0105"]})) == []


def test_stacking_at_the_end_of_a_movement_phase(pgg: Game) -> None:
    """PGG 7.1: three Soviet combat units, four units with a Leader; PGG 7.2: three German."""
    soviet = at(pgg, {"sov-r1": "0905", "sov-r2": "0904", "sov-r4": "0905", "sov-r5": "0905",
                      "sov-ldr-a": "0905"}, SOVIET)
    assert judged(moved(pgg, soviet, {"sov-r2": ["0905"]})) == [("illegal", "PGG 7.1")]
    assert judged(moved(pgg, soviet, {"sov-r2": ["0805"]})) == []
    german = at(pgg, {"ger-25-7": "0304", "ger-6-7": "0304", "ger-7-7": "0304", "ger-inf-6": "0305"}, GERMAN)
    assert judged(moved(pgg, german, {"ger-inf-6": ["0304"]})) == [("illegal", "PGG 7.2")]


def test_a_german_unit_cut_from_the_western_road_has_half_its_allowance(pgg: Game) -> None:
    """PGG 11.11, 11.12, 6.25: the road to the supply hex is cut at 0805 by a Soviet unit: the
    division in 0908 reaches no road that leads there, and moves 3 of its 7 MP."""
    supplied = at(pgg, {"ger-inf-6": "0908"}, GERMAN)
    assert judged(moved(pgg, supplied, {"ger-inf-6": ["1008", "1108", "1208", "1207"]})) == []
    cut = at(pgg, {"ger-inf-6": "0908", "sov-r1": "0805"}, GERMAN)
    assert judged(moved(pgg, cut, {"ger-inf-6": ["1008", "1108", "1208"]})) == []
    assert judged(moved(pgg, cut, {"ger-inf-6": ["1008", "1108", "1208", "1207"]})) == [("illegal", "PGG 6.23")]


def test_a_leader_enters_an_enemy_zone_only_with_a_combat_unit(pgg: Game) -> None:
    """PGG 10.23: alone it may not; with a rifle division that ends the phase beside it (a stack
    dragged together is logged piece by piece) it may."""
    start = at(pgg, {"sov-ldr-a": "1005", "sov-r1": "1005", "ger-25-7": "0804"}, SOVIET)
    assert judged(moved(pgg, start, {"sov-ldr-a": ["0905"]})) == [("illegal", "PGG 10.23")]
    assert judged(moved(pgg, start, {"sov-ldr-a": ["0905"], "sov-r1": ["0905"]})) == []


def test_every_pgg_case_not_judged_is_reported_not_checked() -> None:
    """A report never reads as a clean bill of health: the cases the checker does not judge are
    listed as not checked, once per game (engine/rules/pgg/checker.py)."""
    judgements = PGG.check_game([])
    assert [j.verdict.case for j in judgements] == [case for case, _ in NOT_JUDGED] and NOT_JUDGED
    assert all(j.verdict.is_unchecked for j in judgements)
