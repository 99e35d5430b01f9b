"""The rules on the real Kiev data (games/kiev): hexes and units named by the rulebook."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.movement import movement_allowance, movement_check
from vmodgen.engine.rules.rail import rail_check
from vmodgen.engine.rules.reinforcements import entry_check
from vmodgen.engine.rules.ags.kiev.stalin import directive_line
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.terrain import defense_multiplier
from tests.rules.conftest import h, hexes, position


def test_kiev_and_gomel_are_west_of_the_stalin_line_and_poltava_east(kiev: Game) -> None:
    west = directive_line(kiev).west
    assert h("0319") in west and h("0602") in west
    assert h("2927") not in west and h("1924") not in west


def test_kiev_supply_sources_lie_on_the_supply_edges(kiev: Game) -> None:
    tracer = SupplyTracer(position(kiev, {}, turn=2))
    area_n = set(kiev.map.area("N").hexes)
    german, soviet = tracer.sources("German"), tracer.sources("Soviet")
    assert german and not german & area_n
    assert soviet and all(hex_.col == 29 or hex_.row == 33 for hex_ in soviet)


def test_kiev_city_triples_supplied_defenders(kiev: Game) -> None:
    assert defense_multiplier(kiev, h("0319"), hexes("0219"), in_supply=True).multiplier == 3


def test_german_75th_starts_in_the_soviet_zone_west_of_kiev_and_may_not_leave(kiev: Game) -> None:
    here = position(kiev, {"ger-xx-75": "0220", "sov-xx-87-rifle": "0219", "sov-xx-164-rifle": "0320"},
                    phase="German Movement", turn=2)
    verdict = movement_check(here, "ger-xx-75", hexes("0121"), movement_allowance(here, "ger-xx-75", True))
    assert verdict.is_illegal and verdict.case == "AGS 5.24"


def test_no_crossing_of_the_dnieper_into_the_zone_of_the_262nd(kiev: Game) -> None:
    here = position(kiev, {"sov-xx-8-tank": "0317", "ger-xx-262": "0216"})
    verdict = movement_check(here, "sov-xx-8-tank", hexes("0217"), 3)
    assert verdict.is_illegal and verdict.case == "AGS 10.13"
    held = position(kiev, {"sov-xx-8-tank": "0317", "ger-xx-262": "0216", "sov-xx-58-rifle": "0217"})
    assert movement_check(held, "sov-xx-8-tank", hexes("0217"), 10).is_legal


def test_rail_move_over_25_hexes_is_illegal(kiev: Game) -> None:
    railway = next(line for line in kiev.map.lines if line.name == "Kiev-Poltava railway")
    here = position(kiev, {"sov-xx-62-rifle": "0319"})
    assert rail_check(here, "sov-xx-62-rifle", [railway.hexes[25]]).is_legal
    verdict = rail_check(here, "sov-xx-62-rifle", [railway.hexes[26]])
    assert verdict.is_illegal and "uses 26 rail hexes; the limit is 25" in verdict.message


def test_turn_one_soviet_armor_enters_in_areas_l_to_n_only(kiev: Game) -> None:
    here = position(kiev, {"sov-xx-19-tank": None}, back=["sov-xx-19-tank"])
    entries = entry_check(here, "sov-xx-19-tank").entries
    assert entries and not entries & set(kiev.map.area("K").hexes)


def test_german_79th_enters_on_turn_one_by_a_road_hex_of_area_c(kiev: Game) -> None:
    here = position(kiev, {"ger-xx-79": None}, phase="German Movement")
    verdict = entry_check(here, "ger-xx-79")
    assert verdict.is_legal and verdict.entries <= set(kiev.map.area("C").hexes)
