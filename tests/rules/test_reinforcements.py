"""Reinforcements [AGS 15.0; Kiev 23.0-23.2]. On the kievlike map, German area A has the road
edge hex 0105; Soviet area K the road hex 1205, area L the railroad hex 1208, area M neither."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.reinforcements import entry_check, schedule_check
from tests.rules.conftest import h, position


def test_german_reinforcement_enters_on_its_turn_by_a_road_edge_hex_of_its_area(game: Game) -> None:
    here = position(game, {"ger-xx-14": None}, turn=2, phase="German Movement")
    verdict = entry_check(here, "ger-xx-14")
    assert verdict.is_legal and verdict.entries == {h("0105")}


def test_a_reinforcement_may_not_enter_before_its_turn(game: Game) -> None:
    here = position(game, {"ger-xx-14": None}, turn=1, phase="German Movement")
    verdict = entry_check(here, "ger-xx-14")
    assert verdict.is_illegal and "not due on Game-Turn 1" in verdict.message
    assert verdict.case == "Kiev 23.2"      # a German unit's turn is printed on it, not in 23.1's table


def test_reinforcements_enter_only_in_the_initial_movement_phase(game: Game) -> None:
    here = position(game, {"ger-xx-14": None}, turn=2, phase="German Mechanized Movement")
    verdict = entry_check(here, "ger-xx-14")
    assert verdict.is_illegal and verdict.case == "AGS 15.0"


def test_german_reinforcements_enter_at_their_highest_strength(game: Game) -> None:
    here = position(game, {"ger-xx-14": None}, turn=2, phase="German Movement", back=["ger-xx-14"])
    verdict = entry_check(here, "ger-xx-14")
    assert verdict.is_illegal and verdict.case == "Kiev 23.2"


def test_soviet_reinforcements_enter_by_road_or_railroad_edge_hexes(game: Game) -> None:
    here = position(game, {"sov-xx-31": None}, turn=1, back=["sov-xx-31"])
    assert entry_check(here, "sov-xx-31").entries == {h("1205"), h("1208")}


def test_an_entry_hex_holding_an_enemy_unit_is_closed(game: Game) -> None:
    here = position(game, {"sov-xx-31": None, "ger-xx-10": "1205"}, turn=1, back=["sov-xx-31"])
    assert entry_check(here, "sov-xx-31").entries == {h("1208")}


def test_untried_units_enter_untried(game: Game) -> None:
    here = position(game, {"sov-xx-31": None}, turn=1)
    verdict = entry_check(here, "sov-xx-31")
    assert verdict.is_illegal and verdict.case == "AGS 13.1"


def test_an_area_without_road_or_railroad_edge_hexes_gives_no_entry(game: Game) -> None:
    here = position(game, {"sov-xx-31": None}, turn=2, back=["sov-xx-31"])
    verdict = entry_check(here, "sov-xx-31")
    assert verdict.is_illegal and verdict.case == "Kiev 23.0" and "no legal entry hex in area M" in verdict.message


def test_a_named_hq_enters_on_its_turn(game: Game) -> None:
    here = position(game, {"sov-hq-c": None}, turn=3)
    assert entry_check(here, "sov-hq-c").entries == {h("1205"), h("1208")}


def test_arrivals_matching_the_schedule_are_legal(game: Game) -> None:
    entered = [game.counter(k) for k in ("sov-xx-31", "sov-xx-33", "sov-xx-35-tank")]
    assert schedule_check(game, 1, "Soviet", entered) == []


def test_fewer_arrivals_than_scheduled_are_illegal(game: Game) -> None:
    [verdict] = schedule_check(game, 1, "Soviet", [game.counter("sov-xx-31"), game.counter("sov-xx-35-tank")])
    assert verdict.case == "Kiev 23.1"
    assert "1 of 2 Soviet infantry reinforcements entered on Game-Turn 1: 1 missing" in verdict.message


def test_more_arrivals_than_scheduled_are_illegal(game: Game) -> None:
    entered = [game.counter(k) for k in ("sov-xx-31", "sov-xx-33", "sov-xx-34", "sov-xx-35-tank")]
    [verdict] = schedule_check(game, 1, "Soviet", entered)
    assert "beyond the schedule" in verdict.message


def test_a_german_reinforcement_may_not_be_withheld(game: Game) -> None:
    [verdict] = schedule_check(game, 2, "German", [])
    assert verdict.case == "Kiev 23.0" and "14 Inf Div was due on Game-Turn 2" in verdict.message


def test_a_german_reinforcement_may_not_come_early(game: Game) -> None:
    [verdict] = schedule_check(game, 1, "German", [game.counter("ger-xx-14")])
    assert verdict.case == "Kiev 23.2" and "due on Game-Turn 2" in verdict.message
