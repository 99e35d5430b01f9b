"""Terrain effects [AGS 10.0]: entry costs and the defender's terrain multiplier, on the
kievlike map (Dnieper between hexrows 06 and 07, roads along rows 02 and 05)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.terrain import defense_multiplier, entry_cost, entry_cost_from_edge
from vmodgen.engine.rules.verdict import CannotCheck
from tests.rules.conftest import h, hexes


def cost(game: Game, unit_type: str, side: str, source: str, target: str) -> Fraction | None:
    return entry_cost(game, game.unit_types[unit_type], side, h(source), h(target)).mp


def test_clear_hex_costs_one(game: Game) -> None:
    assert cost(game, "rifle", "Soviet", "0505", "0504") == 1


def test_woods_cost_mechanized_units_two_and_infantry_one(game: Game) -> None:
    assert cost(game, "tank", "Soviet", "0405", "0404") == 2
    assert cost(game, "rifle", "Soviet", "0405", "0404") == 1


def test_road_costs_mechanized_units_half_along_the_road(game: Game) -> None:
    assert cost(game, "tank", "Soviet", "0405", "0505") == Fraction(1, 2)


def test_road_does_not_help_infantry(game: Game) -> None:
    assert cost(game, "rifle", "Soviet", "0405", "0505") == 1


def test_road_rate_needs_the_road_to_cross_the_hexside_entered(game: Game) -> None:
    assert cost(game, "tank", "Soviet", "0504", "0505") == 1


def test_hq_pays_infantry_terrain_costs_but_the_road_rate(game: Game) -> None:
    assert cost(game, "hq", "Soviet", "0405", "0404") == 1
    assert cost(game, "hq", "Soviet", "0405", "0505") == Fraction(1, 2)


def test_minor_river_adds_one_for_soviet_and_two_for_german_units(game: Game) -> None:
    assert cost(game, "rifle", "Soviet", "0309", "0310") == 2
    assert cost(game, "infantry", "German", "0309", "0310") == 3


def test_major_river_adds_two_for_soviet_and_three_for_german_units(game: Game) -> None:
    assert cost(game, "rifle", "Soviet", "0605", "0705") == 3
    assert cost(game, "infantry", "German", "0605", "0705") == 4


def test_river_cost_is_added_to_the_road_rate(game: Game) -> None:
    assert cost(game, "tank", "Soviet", "0605", "0705") == Fraction(5, 2)


def test_all_sea_hex_is_prohibited(game: Game) -> None:
    entry = entry_cost(game, game.unit_types["rifle"], "Soviet", h("0111"), h("0112"))
    assert entry.prohibited and entry.case == "AGS 10.16"


def test_lake_hexside_is_impassable(game: Game) -> None:
    entry = entry_cost(game, game.unit_types["tank"], "Soviet", h("1001"), h("1002"))
    assert entry.prohibited and entry.case == "AGS 10.16"


def test_no_move_across_major_river_into_swamp_without_a_road(game: Game) -> None:
    entry = entry_cost(game, game.unit_types["rifle"], "Soviet", h("0601"), h("0702"))
    assert entry.prohibited and entry.case == "Kiev 19.51"
    assert entry.waived == 4


def test_major_river_into_swamp_is_allowed_where_a_road_crosses(game: Game) -> None:
    assert cost(game, "rifle", "Soviet", "0602", "0702") == 4


def test_moving_out_of_a_swamp_across_a_major_river_is_allowed(game: Game) -> None:
    assert cost(game, "rifle", "Soviet", "0702", "0601") == 3


def test_entering_from_the_map_edge_pays_the_hex_or_the_road_rate(game: Game) -> None:
    assert entry_cost_from_edge(game, game.unit_types["tank"], h("1205")).mp == Fraction(1, 2)
    assert entry_cost_from_edge(game, game.unit_types["rifle"], h("1205")).mp == 1


def test_clear_hex_gives_no_defense_bonus(game: Game) -> None:
    assert defense_multiplier(game, h("0505"), hexes("0504")).multiplier == 1


def test_woods_double_the_defender(game: Game) -> None:
    assert defense_multiplier(game, h("0404"), hexes("0405")).multiplier == 2


def test_minor_river_doubles_when_every_attacker_attacks_across_it(game: Game) -> None:
    assert defense_multiplier(game, h("0310"), hexes("0309", "0409")).multiplier == 2


def test_minor_river_gives_nothing_when_one_attacker_is_not_across(game: Game) -> None:
    assert defense_multiplier(game, h("0310"), hexes("0309", "0311")).multiplier == 1


def test_major_river_triples_when_attacked_exclusively_across(game: Game) -> None:
    assert defense_multiplier(game, h("0605"), hexes("0705", "0706")).multiplier == 3


def test_two_bonuses_triple_the_defender(game: Game) -> None:
    terrain = defense_multiplier(game, h("0909"), hexes("0809", "1009"))
    assert terrain.multiplier == 3
    assert terrain.bonuses == ("woods", "minor_river hexsides")


def test_terrain_never_more_than_triples(game: Game) -> None:
    assert defense_multiplier(game, h("0603"), hexes("0703", "0704")).multiplier == 3


def test_city_doubles_the_defender(game: Game) -> None:
    assert defense_multiplier(game, h("0603"), hexes("0602")).multiplier == 2


def test_kiev_triples_supplied_defenders_and_doubles_unsupplied_ones(game: Game) -> None:
    assert defense_multiplier(game, h("0305"), hexes("0405"), in_supply=True).multiplier == 3
    assert defense_multiplier(game, h("0305"), hexes("0405"), in_supply=False).multiplier == 2


def test_kiev_defense_with_unknown_supply_cannot_be_checked(game: Game) -> None:
    with pytest.raises(CannotCheck, match="supply"):
        defense_multiplier(game, h("0305"), hexes("0405"))


def test_attack_across_a_lake_hexside_is_prohibited(game: Game) -> None:
    assert defense_multiplier(game, h("1002"), hexes("1001")).prohibited
