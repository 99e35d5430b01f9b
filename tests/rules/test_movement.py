"""Movement [AGS 5.0]: allowances, phases, and whether a legal path exists through the drops."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.values import Param
from vmodgen.engine.rules.movement import MoveVerdict, may_move_in_phase, movement_allowance, movement_check
from tests.rules.conftest import h, hexes, position, without_rule

# A wall of German units down hexrow 08: every hex of hexrows 07 and 09 is in their zone.
WALL = {"ger-xx-10": "0801", "ger-xx-11": "0803", "ger-xx-12": "0805", "ger-xx-13-lt": "0807",
        "ger-iii-1-9": "0809", "ger-iii-4-3": "0811"}


def check(game: Game, placement: Mapping[str, str | None], key: str, drops: list[str],
          allowance: int | None = None, **options: object) -> MoveVerdict:
    here = position(game, placement, phase=str(options.pop("phase", "Soviet Movement")),
                    turn=int(options.pop("turn", 1)), back=options.pop("back", ()))  # type: ignore[arg-type]
    budget = allowance if allowance is not None else movement_allowance(here, key, in_supply=True)
    return movement_check(here, key, hexes(*drops), budget, **options)  # type: ignore[arg-type]


def test_move_within_the_allowance_is_legal(game: Game) -> None:
    verdict = check(game, {"sov-xx-1": "1004"}, "sov-xx-1", ["0704"])
    assert verdict.is_legal and verdict.case == "AGS 5.11"
    assert verdict.route is not None and verdict.route.cost == 3
    assert "reaches 0704 from 1004" in verdict.message and "3 MP of 6" in verdict.message


def test_move_beyond_the_allowance_says_what_it_needs(game: Game) -> None:
    verdict = check(game, {"sov-xx-1": "1004"}, "sov-xx-1", ["0304"])
    assert verdict.is_illegal and verdict.case == "AGS 5.11"
    assert "needs 9 MP to reach 0304 from 1004 through" in verdict.message
    assert "it has 6 (MA 6)" in verdict.message


def test_drops_are_passed_in_order(game: Game) -> None:
    assert check(game, {"sov-xx-1": "1004"}, "sov-xx-1", ["1003", "1005"]).route.cost == 3  # type: ignore[union-attr]
    assert check(game, {"sov-xx-1": "1004"}, "sov-xx-1", ["1001", "1007"], 6).is_illegal


def test_a_unit_that_did_not_move_is_legal(game: Game) -> None:
    assert check(game, {"sov-xx-1": "1004"}, "sov-xx-1", ["1004"]).is_legal


def test_unit_must_stop_on_entering_enemy_zoc(game: Game) -> None:
    verdict = check(game, {"sov-xx-1": "1004", "ger-xx-11": "0803"}, "sov-xx-1", ["0904", "0905"])
    assert verdict.is_illegal and verdict.case == "AGS 5.23"
    assert "entered an enemy zone of control at 0904" in verdict.message and "0905" in verdict.message


def test_unit_may_end_its_move_in_enemy_zoc(game: Game) -> None:
    assert check(game, {"sov-xx-1": "1004", "ger-xx-11": "0803"}, "sov-xx-1", ["0904"]).is_legal


def test_no_path_may_pass_through_enemy_zoc(game: Game) -> None:
    verdict = check(game, {"sov-xx-1": "1004", **WALL}, "sov-xx-1", ["0604"])
    assert verdict.is_illegal and verdict.case == "AGS 5.23"
    assert "enemy zone of control at 09" in verdict.message


def test_unit_starting_in_enemy_zoc_may_not_leave_it(game: Game) -> None:
    verdict = check(game, {"sov-xx-1": "0904", "ger-xx-11": "0803"}, "sov-xx-1", ["1004"])
    assert verdict.is_illegal and verdict.case == "AGS 5.24"
    assert "started in an enemy zone of control at 0904" in verdict.message


def test_moving_from_one_enemy_zoc_hex_to_another_is_leaving(game: Game) -> None:
    verdict = check(game, {"sov-xx-1": "0904", "ger-xx-11": "0803"}, "sov-xx-1", ["0903"])
    assert verdict.is_illegal and verdict.case == "AGS 5.24"


def test_unit_may_never_enter_an_enemy_hex(game: Game) -> None:
    verdict = check(game, {"sov-xx-1": "1004", "ger-xx-11": "0904"}, "sov-xx-1", ["0904"])
    assert verdict.is_illegal and verdict.case == "AGS 5.22"
    assert "moved into 0904, which holds enemy units" in verdict.message


def test_mechanized_unit_entering_an_enemy_hex_without_a_declared_overrun_is_illegal(game: Game) -> None:
    verdict = check(game, {"sov-xx-9-tank": "1004", "ger-xx-11": "0904"}, "sov-xx-9-tank", ["0904"])
    assert verdict.is_illegal and verdict.case == "AGS 5.22"
    assert "no overrun was declared" in verdict.message


def test_mechanized_unit_may_not_leave_enemy_zoc_without_a_declared_overrun(game: Game) -> None:
    verdict = check(game, {"sov-xx-9-tank": "0904", "ger-xx-11": "0803"}, "sov-xx-9-tank", ["1004"])
    assert verdict.is_illegal and verdict.case == "AGS 5.24"


def test_the_leg_after_a_successful_overrun_may_leave_the_overrun_hex(game: Game) -> None:
    """AGS 6.24, 8.23: having advanced into the overrun hex, the unit moves on from it."""
    verdict = check(game, {"sov-xx-9-tank": "0904", "ger-xx-11": "0803"}, "sov-xx-9-tank", ["1004"],
                    after_overrun=True)
    assert verdict.is_legal


def test_out_of_supply_unit_may_not_overrun(game: Game) -> None:
    here = position(game, {"sov-xx-9-tank": "1004", "ger-xx-11": "0904"})
    allowance = movement_allowance(here, "sov-xx-9-tank", in_supply=False)
    verdict = movement_check(here, "sov-xx-9-tank", hexes("0904"), allowance)
    assert verdict.is_illegal and verdict.case == "AGS 5.22"


def test_no_overrun_across_a_major_river(game: Game) -> None:
    verdict = check(game, {"sov-xx-9-tank": "0705", "ger-xx-10": "0605"}, "sov-xx-9-tank", ["0605"], 3)
    assert verdict.is_illegal and verdict.case == "AGS 5.22"


def test_unit_may_always_move_one_hex(game: Game) -> None:
    assert check(game, {"sov-xx-9-tank": "0405"}, "sov-xx-9-tank", ["0404"], 1).is_legal


def test_one_hex_minimum_is_only_the_first_hex(game: Game) -> None:
    verdict = check(game, {"sov-xx-9-tank": "0405"}, "sov-xx-9-tank", ["0404", "0403"], 1)
    assert verdict.is_illegal and verdict.case == "AGS 5.11"


def test_major_river_crossing_into_zoc_of_an_enemy_unit_on_the_river_is_illegal(game: Game) -> None:
    verdict = check(game, {"sov-xx-1": "0604", "ger-xx-10": "0704"}, "sov-xx-1", ["0705"], 3)
    assert verdict.is_illegal and verdict.case == "AGS 10.13"
    assert "0604/0705" in verdict.message


def test_crossing_beside_the_river_unit_zoc_and_stepping_in_is_legal(game: Game) -> None:
    verdict = check(game, {"sov-xx-1": "0604", "ger-xx-10": "0704"}, "sov-xx-1", ["0705"], 5)
    assert verdict.is_legal and verdict.route is not None
    assert verdict.route.path == tuple(hexes("0604", "0605", "0706", "0705"))


def test_major_river_crossing_into_a_friendly_occupied_hex_is_allowed(game: Game) -> None:
    placement = {"sov-xx-1": "0604", "sov-xx-2": "0705", "ger-xx-10": "0704"}
    assert check(game, placement, "sov-xx-1", ["0705"]).is_legal


def test_major_river_crossing_into_zoc_of_a_unit_away_from_the_river_is_allowed(game: Game) -> None:
    assert check(game, {"sov-xx-1": "0604", "ger-xx-10": "0805"}, "sov-xx-1", ["0705"]).is_legal


def test_hq_may_enter_enemy_zoc_only_where_a_friendly_combat_unit_is(game: Game) -> None:
    alone = check(game, {"sov-hq-a": "1004", "ger-xx-11": "0803"}, "sov-hq-a", ["0904"])
    assert alone.is_illegal and alone.case == "AGS 11.23"
    joined = check(game, {"sov-hq-a": "1004", "sov-xx-1": "0904", "ger-xx-11": "0803"}, "sov-hq-a", ["0904"])
    assert joined.is_legal


def test_move_across_major_river_into_swamp_needs_a_road(game: Game) -> None:
    verdict = check(game, {"sov-xx-1": "0601"}, "sov-xx-1", ["0702"], 4)
    assert verdict.is_illegal and verdict.case == "Kiev 19.51"
    assert check(game, {"sov-xx-1": "0601"}, "sov-xx-1", ["0702"], 5).is_legal     # round by the road bridge


def test_impassable_terrain_leaves_no_route(game: Game) -> None:
    verdict = check(game, {"sov-xx-1": "0111"}, "sov-xx-1", ["0112"])
    assert verdict.is_illegal


def test_reinforcement_pays_the_cost_of_its_entry_hex(game: Game) -> None:
    placement = {"sov-xx-31": None}
    legal = check(game, placement, "sov-xx-31", ["0705"], 6, entries=frozenset(hexes("1205")), back=["sov-xx-31"])
    assert legal.is_legal and legal.route is not None and legal.route.path[0] == h("1205")
    too_far = check(game, placement, "sov-xx-31", ["0605"], 6, entries=frozenset(hexes("1205")), back=["sov-xx-31"])
    assert too_far.is_illegal and "from the map edge" in too_far.message


def test_allowance_is_the_face_value_in_supply(game: Game) -> None:
    here = position(game, {"sov-xx-9-tank": "1004"})
    allowance = movement_allowance(here, "sov-xx-9-tank", in_supply=True)
    assert allowance.mp == 10 and allowance.explanation == "MA 10"


def test_out_of_supply_halves_the_allowance(game: Game) -> None:
    here = position(game, {"sov-xx-1": "1004"})
    assert movement_allowance(here, "sov-xx-1", in_supply=False).mp == 3


def test_unknown_supply_gives_the_full_allowance_and_says_so(game: Game) -> None:
    here = position(game, {"sov-xx-1": "1004"})
    allowance = movement_allowance(here, "sov-xx-1", in_supply=None)
    assert allowance.mp == 6 and "supply not known" in allowance.explanation


def test_mud_halves_the_allowance_but_cavalry_has_six(game: Game) -> None:
    here = position(game, {"sov-xx-9-tank": "1004", "sov-xx-8-cav": "1005", "ger-xx-1-cav": "0105"}, turn=8)
    assert movement_allowance(here, "sov-xx-9-tank", in_supply=True).mp == 5
    assert movement_allowance(here, "sov-xx-8-cav", in_supply=True).mp == 6
    assert movement_allowance(here, "ger-xx-1-cav", in_supply=True).mp == 6
    assert movement_allowance(here, "sov-xx-9-tank", in_supply=False).mp == 2


def test_untried_unit_moves_with_the_allowance_on_its_back(game: Game) -> None:
    here = position(game, {"sov-xx-35-tank": "1004"}, back=["sov-xx-35-tank"])
    assert movement_allowance(here, "sov-xx-35-tank", in_supply=True).mp == 10


def test_units_move_only_in_their_own_side_phases(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0505"}, phase="Soviet Movement")
    assert may_move_in_phase(here, "ger-xx-10").case == "AGS 5.21"


def test_infantry_may_not_move_in_the_mechanized_movement_phase(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0505", "ger-iii-1-9": "0506", "ger-ldr-g": "0507"},
                    phase="German Mechanized Movement")
    assert may_move_in_phase(here, "ger-xx-10").is_illegal
    assert may_move_in_phase(here, "ger-iii-1-9").is_legal
    assert may_move_in_phase(here, "ger-ldr-g").is_legal


def test_no_german_mechanized_movement_on_mud_turns(game: Game) -> None:
    here = position(game, {"ger-iii-1-9": "0506"}, phase="German Mechanized Movement", turn=8)
    verdict = may_move_in_phase(here, "ger-iii-1-9")
    assert verdict.is_illegal and verdict.case == "Kiev 19.9"


def test_units_do_not_move_in_a_combat_phase(game: Game) -> None:
    here = position(game, {"sov-xx-1": "1004"}, phase="Soviet Combat")
    assert may_move_in_phase(here, "sov-xx-1").is_illegal


def test_a_missing_rule_parameter_leaves_the_move_unchecked(game: Game) -> None:
    incomplete = without_rule(game, "minimum_move_one_hex")
    verdict = check(incomplete, {"sov-xx-1": "1004"}, "sov-xx-1", ["0704"])
    assert verdict.is_unchecked and verdict.case == "AGS 5.14"
    assert "rules.minimum_move_one_hex" in verdict.message


def with_disengagement(game: Game, sides: list[str]) -> Game:
    """The game with an exclusive rule letting ``sides`` leave an enemy zone (Rostov 21.0-style)."""
    rule = Param("zoc_exit_unchecked", {"case": "Rostov 21.0", "sides": sides}, game.rules["stacking_limit"].source)
    return dataclasses.replace(game, rules={**game.rules, "zoc_exit_unchecked": rule})


def test_leaving_a_zone_a_game_rule_may_allow_is_not_checked_never_illegal(game: Game) -> None:
    # Rostov 21.0, Operation Star 22.0, Korsun 22.0: disengagement is not judged yet, so a move out
    # of an enemy zone by a side that may disengage is reported as not checked, citing that case.
    verdict = check(with_disengagement(game, ["Soviet"]), {"sov-xx-1": "0904", "ger-xx-11": "0803"}, "sov-xx-1",
                    ["1004"])
    assert verdict.status == "unchecked" and verdict.case == "Rostov 21.0"
    assert "left the enemy zone of control at 0904" in verdict.message


def test_a_side_the_game_rule_does_not_name_may_still_not_leave(game: Game) -> None:
    verdict = check(with_disengagement(game, ["German"]), {"sov-xx-1": "0904", "ger-xx-11": "0803"}, "sov-xx-1",
                    ["1004"])
    assert verdict.is_illegal and verdict.case == "AGS 5.24"
