"""Rail movement [AGS 5.3; Kiev 19.3]; the kievlike railroads run along row 08 and up hexrow
11 (1102-1108), and the fixture allows 8 rail hexes a phase."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.rail import rail_capacity_check, rail_check
from tests.rules.conftest import h, hexes, position


def test_rail_move_along_connected_railroad_is_legal(game: Game) -> None:
    here = position(game, {"sov-xx-6": "1108"})
    verdict = rail_check(here, "sov-xx-6", hexes("0608"))
    assert verdict.is_legal and verdict.rail_hexes == 5
    assert verdict.message == "6 Rifle Div moves by rail from 1108 to 0608 through 1008, 0908, 0808 and 0708, " \
                              "5 of 8 rail hexes"


def test_rail_move_over_the_rail_hex_limit_is_illegal(game: Game) -> None:
    here = position(game, {"sov-xx-6": "1104"})
    verdict = rail_check(here, "sov-xx-6", hexes("0608"))
    assert verdict.is_illegal and verdict.case == "Kiev 19.3"
    assert "uses 9 rail hexes; the limit is 8" in verdict.message


def test_rail_move_must_start_in_a_rail_hex(game: Game) -> None:
    here = position(game, {"sov-xx-6": "1005"})
    verdict = rail_check(here, "sov-xx-6", hexes("0608"))
    assert verdict.is_illegal and verdict.case == "AGS 5.31"


def test_rail_move_may_not_leave_the_railroad(game: Game) -> None:
    here = position(game, {"sov-xx-6": "1108"})
    verdict = rail_check(here, "sov-xx-6", hexes("0607"))
    assert verdict.is_illegal and verdict.case == "AGS 5.31"


def test_rail_move_may_not_pass_through_an_enemy_controlled_hex(game: Game) -> None:
    here = position(game, {"sov-xx-6": "1108", "ger-xx-10": "0907"})
    verdict = rail_check(here, "sov-xx-6", hexes("0608"))
    assert verdict.is_illegal and verdict.case == "AGS 5.31"
    assert "free of enemy units and zones of control" in verdict.message


def test_rail_move_may_not_end_in_an_enemy_controlled_hex(game: Game) -> None:
    here = position(game, {"sov-xx-6": "1108", "ger-xx-10": "0907"})
    verdict = rail_check(here, "sov-xx-6", hexes("0908"))
    assert verdict.is_illegal and verdict.case == "AGS 5.33"


def test_a_rail_line_into_an_enemy_zone_makes_it_a_rail_move_but_not_a_step_or_an_enemy_hex(game: Game) -> None:
    # AGS 5.33: 1108 to 0908 by two rail hexes into the zone of 0907 carries its rail path, so a
    # foot move too long is judged as the rail move it was; one hex along the railroad, or into
    # the enemy's own hex (AGS 5.22), carries none and is judged as the foot move it may be.
    zone = position(game, {"sov-xx-6": "1108", "ger-xx-10": "0907"})
    assert rail_check(zone, "sov-xx-6", hexes("0908")).path == tuple(hexes("1108", "1008", "0908"))
    step = position(game, {"sov-xx-6": "1008", "ger-xx-10": "0907"})
    assert rail_check(step, "sov-xx-6", hexes("0908")).path == ()
    enemy = position(game, {"sov-xx-6": "1108", "ger-xx-10": "0908"})
    verdict = rail_check(enemy, "sov-xx-6", hexes("0908"))
    assert verdict.is_illegal and verdict.path == ()


def test_rail_move_may_not_start_in_an_enemy_controlled_hex(game: Game) -> None:
    here = position(game, {"sov-xx-6": "1108", "ger-xx-10": "1007"})
    verdict = rail_check(here, "sov-xx-6", hexes("1104"))
    assert verdict.is_illegal and verdict.case == "AGS 5.33"


def test_german_units_may_not_move_by_rail(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0108"}, phase="German Movement")
    verdict = rail_check(here, "ger-xx-10", hexes("0408"))
    assert verdict.is_illegal and verdict.case == "Kiev 19.3"


def test_rail_movement_only_in_the_initial_movement_phase(game: Game) -> None:
    here = position(game, {"sov-xx-6": "1108"}, phase="Soviet Combat")
    assert rail_check(here, "sov-xx-6", hexes("0608")).case == "AGS 5.34"


def test_reinforcement_may_arrive_by_rail_from_its_entry_hex(game: Game) -> None:
    here = position(game, {"sov-xx-31": None}, back=["sov-xx-31"])
    verdict = rail_check(here, "sov-xx-31", hexes("0808"), start=h("1208"))
    assert verdict.is_legal and verdict.rail_hexes == 4


RAIL_UNITS = ["sov-xx-1", "sov-xx-2", "sov-xx-3", "sov-xx-4", "sov-xx-5", "sov-xx-6", "sov-xx-7", "sov-xx-8-cav"]


def test_eight_units_a_turn_may_move_by_rail_and_hqs_are_free(game: Game) -> None:
    here = position(game, {k: None for k in RAIL_UNITS + ["sov-hq-a"]})
    verdict = rail_capacity_check(here, RAIL_UNITS + ["sov-hq-a"])
    assert verdict.is_legal and verdict.message == "8 of 8 units moved by rail on Game-Turn 1"


def test_a_ninth_unit_by_rail_is_illegal(game: Game) -> None:
    here = position(game, {k: None for k in RAIL_UNITS + ["sov-xx-9-tank"]})
    verdict = rail_capacity_check(here, RAIL_UNITS + ["sov-xx-9-tank"])
    assert verdict.is_illegal and verdict.case == "Kiev 19.3" and "the limit is 8" in verdict.message
