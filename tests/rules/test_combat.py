"""Combat strength and odds [AGS 9.0, 9.32, 9.4, 11.37, 12.23; Kiev 19.43, 19.53, 19.63-19.66,
20.0-20.2, 21.0]."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.combat import attack_strength, combat_odds, defense_strength, may_attack, odds_column
from vmodgen.engine.rules.situation import Situation
from tests.rules.conftest import h, hexes, position, without_rule


def supplied(here: Situation, out: Iterable[str] = ()) -> Mapping[str, bool]:
    cut = set(out)
    return {k: k not in cut for k in here.units}


def attack(game: Game, placement: dict[str, str], attackers: list[str], out: Iterable[str] = (),
           overrun: bool = False) -> int:
    here = position(game, placement)
    return attack_strength(here, attackers, supplied(here, out), overrun=overrun).value


def defense(game: Game, placement: dict[str, str], where: str, attackers: list[str], out: Iterable[str] = (),
            back: Iterable[str] = ()) -> int:
    here = position(game, placement, back=back)
    return defense_strength(here, h(where), hexes(*attackers), supplied(here, out)).value


def test_odds_round_in_favour_of_the_defender(game: Game) -> None:
    assert odds_column(game, 26, 9) == "2-1"
    assert odds_column(game, 29, 10) == "2-1"
    assert odds_column(game, 10, 10) == "1-1"
    assert odds_column(game, 9, 10) == "1-2"
    assert odds_column(game, 5, 12) == "1-3"


def test_odds_below_and_above_the_table_use_its_ends(game: Game) -> None:
    assert odds_column(game, 1, 4) == "1-3"
    assert odds_column(game, 60, 5) == "10-1"


def test_divisional_integrity_doubles_both_regiments(game: Game) -> None:
    assert attack(game, {"ger-iii-1-9": "0504", "ger-iii-2-9": "0504"}, ["ger-iii-1-9", "ger-iii-2-9"]) == 14


def test_integrity_needs_regiments_of_the_same_division(game: Game) -> None:
    assert attack(game, {"ger-iii-1-9": "0504", "ger-iii-4-3": "0504"}, ["ger-iii-1-9", "ger-iii-4-3"]) == 9


def test_integrity_needs_the_regiments_in_one_hex(game: Game) -> None:
    assert attack(game, {"ger-iii-1-9": "0504", "ger-iii-2-9": "0404"}, ["ger-iii-1-9", "ger-iii-2-9"]) == 7


def test_non_divisional_units_add_their_face_value(game: Game) -> None:
    placement = {"ger-iii-1-9": "0504", "ger-iii-2-9": "0504", "ger-xx-10": "0504"}
    assert attack(game, placement, list(placement)) == 19


def test_gross_deutschland_doubles_with_any_mechanized_regiment(game: Game) -> None:
    assert attack(game, {"ger-iii-gd": "0504", "ger-iii-4-3": "0504"}, ["ger-iii-gd", "ger-iii-4-3"]) == 10


def test_gross_deutschland_with_two_divisions_doubles_only_one_of_them(game: Game) -> None:
    placement = {"ger-iii-gd": "0504", "ger-iii-1-9": "0504", "ger-iii-4-3": "0504"}
    assert attack(game, placement, list(placement)) == 4 + 12 + 3


def test_out_of_supply_halves_after_the_multipliers(game: Game) -> None:
    placement = {"ger-iii-1-9": "0504", "ger-iii-2-9": "0504"}
    assert attack(game, placement, list(placement), out=placement) == 7


def test_fractions_are_dropped_only_after_all_calculations(game: Game) -> None:
    placement = {"sov-xx-1": "0504", "sov-xx-2": "0504"}
    assert attack(game, placement, list(placement), out=placement) == 2    # 1 + 1.5


def test_hq_adds_its_rating_up_to_the_strength_of_its_stack(game: Game) -> None:
    assert attack(game, {"sov-xx-6": "0504", "sov-hq-a": "0504"}, ["sov-xx-6", "sov-hq-a"]) == 10
    assert attack(game, {"sov-xx-7": "0504", "sov-hq-a": "0504"}, ["sov-xx-7", "sov-hq-a"]) == 2


def test_hq_bonus_is_capped_after_supply(game: Game) -> None:
    placement = {"sov-xx-6": "0504", "sov-hq-a": "0504"}
    assert attack(game, placement, list(placement), out=placement) == 6


def test_leader_adds_its_rating_to_a_german_attack(game: Game) -> None:
    assert attack(game, {"ger-xx-12": "0504", "ger-ldr-g": "0504"}, ["ger-xx-12", "ger-ldr-g"]) == 16


def test_overrun_halves_the_attack_but_not_the_leadership(game: Game) -> None:
    placement = {"sov-xx-9-tank": "0504", "sov-hq-b": "0504"}
    assert attack(game, placement, list(placement), overrun=True) == 3 + 3
    assert attack(game, {"sov-xx-9-tank": "0504"}, ["sov-xx-9-tank"], overrun=True) == 3


def test_defender_in_woods_is_doubled(game: Game) -> None:
    assert defense(game, {"sov-xx-1": "0404"}, "0404", ["0405"]) == 6


def test_lone_hq_defends_with_half_its_rating(game: Game) -> None:
    assert defense(game, {"sov-hq-b": "0505"}, "0505", ["0504"]) == 4


def test_hq_adds_nothing_to_the_units_it_is_stacked_with(game: Game) -> None:
    assert defense(game, {"sov-xx-1": "0505", "sov-hq-b": "0505"}, "0505", ["0504"]) == 3


def test_leader_adds_half_its_rating_to_stacked_german_units(game: Game) -> None:
    assert defense(game, {"ger-xx-10": "0505", "ger-ldr-g": "0505"}, "0505", ["0504"]) == 7 + 5


def test_divisional_integrity_doubles_defense_too(game: Game) -> None:
    assert defense(game, {"ger-iii-2-9": "0505", "ger-iii-3-9": "0505"}, "0505", ["0504"]) == 12


def test_integrity_and_terrain_both_count(game: Game) -> None:
    assert defense(game, {"ger-iii-2-9": "0404", "ger-iii-3-9": "0404"}, "0404", ["0405"]) == 24


def test_out_of_supply_defender_is_halved_after_terrain(game: Game) -> None:
    assert defense(game, {"sov-xx-1": "0404"}, "0404", ["0405"], out=["sov-xx-1"]) == 3


def test_supplied_units_in_kiev_are_tripled_and_unsupplied_ones_keep_their_face_value(game: Game) -> None:
    assert defense(game, {"sov-xx-5": "0305"}, "0305", ["0405"]) == 12
    assert defense(game, {"sov-xx-5": "0305"}, "0305", ["0405"], out=["sov-xx-5"]) == 4


def test_a_unit_is_never_worth_less_than_one(game: Game) -> None:
    assert defense(game, {"sov-xx-4": "0505"}, "0505", ["0504"], out=["sov-xx-4"]) == 1


def test_an_untried_defender_is_revealed_at_the_instant_of_combat(game: Game) -> None:
    assert defense(game, {"sov-xx-33": "0505"}, "0505", ["0504"], back=["sov-xx-33"]) == 2


def test_combat_odds_name_the_column_and_both_totals(game: Game) -> None:
    here = position(game, {"ger-iii-1-9": "0504", "ger-iii-2-9": "0504", "sov-xx-1": "0505"})
    odds = combat_odds(here, ["ger-iii-1-9", "ger-iii-2-9"], h("0505"), supplied(here))
    assert odds.column == "4-1" and odds.verdict.is_legal
    assert odds.verdict.message.startswith("14 to 3 against 0505: column 4-1")


def test_attack_by_no_strength_units_does_not_take_place(game: Game) -> None:
    here = position(game, {"sov-xx-32": "0504", "ger-xx-10": "0505"}, back=["sov-xx-32"])
    odds = combat_odds(here, ["sov-xx-32"], h("0505"), supplied(here))
    assert odds.column == "" and odds.verdict.case == "Kiev 19.65"


def test_defenders_with_no_strength_are_eliminated(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0504", "sov-xx-32": "0505"}, back=["sov-xx-32"])
    odds = combat_odds(here, ["ger-xx-10"], h("0505"), supplied(here))
    assert odds.column == "" and odds.verdict.case == "Kiev 19.63"


def test_attackers_must_be_adjacent_to_the_defender(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0503", "sov-xx-1": "0505"})
    odds = combat_odds(here, ["ger-xx-10"], h("0505"), supplied(here))
    assert odds.verdict.is_illegal and odds.verdict.case == "AGS 9.11"


def test_no_attack_across_a_lake_hexside(game: Game) -> None:
    here = position(game, {"ger-xx-10": "1001", "sov-xx-1": "1002"})
    odds = combat_odds(here, ["ger-xx-10"], h("1002"), supplied(here))
    assert odds.verdict.is_illegal and odds.verdict.case == "AGS 10.16"


def test_unknown_supply_leaves_the_odds_unchecked(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0504", "sov-xx-1": "0505"})
    odds = combat_odds(here, ["ger-xx-10"], h("0505"), {})
    assert odds.verdict.is_unchecked and "supply" in odds.verdict.message


def test_soviet_units_attack_only_in_communication_with_an_hq(game: Game) -> None:
    near = position(game, {"sov-hq-a": "1105", "sov-xx-1": "0905", "ger-xx-10": "0904"}, turn=2)
    assert may_attack(near, ["sov-xx-1"]).is_legal
    far = position(game, {"sov-hq-a": "1105", "sov-xx-1": "0505", "ger-xx-10": "0504"}, turn=2)
    verdict = may_attack(far, ["sov-xx-1"])
    assert verdict.is_illegal and verdict.case == "AGS 11.33" and "1 Rifle Div in 0505" in verdict.message


def test_an_hq_out_of_supply_still_lets_its_units_attack(game: Game) -> None:
    here = position(game, {"sov-hq-a": "0905", "sov-xx-1": "0805", "ger-xx-10": "1206", "ger-xx-11": "1209",
                           "ger-xx-12": "0804"}, turn=2)
    assert may_attack(here, ["sov-xx-1"]).is_legal


def test_german_units_need_no_hq_to_attack(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0504", "sov-xx-1": "0505"}, turn=2, phase="German Combat")
    assert may_attack(here, ["ger-xx-10"]).is_legal


def test_a_missing_rule_parameter_leaves_the_odds_unchecked(game: Game) -> None:
    incomplete = without_rule(game, "out_of_supply_strength_divisor")
    here = position(incomplete, {"ger-xx-10": "0504", "sov-xx-1": "0505"})
    odds = combat_odds(here, ["ger-xx-10"], h("0505"), supplied(here, out=["sov-xx-1"]))
    assert odds.verdict.is_unchecked and "rules.out_of_supply_strength_divisor" in odds.verdict.message
