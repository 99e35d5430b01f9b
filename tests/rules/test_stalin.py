"""Stalin's Directive [Kiev 22.0-22.2]. The kievlike line is the Dnieper, between hexrows 06 and
07, from hexside 0601/0701 to 0612/0712."""

from __future__ import annotations

import dataclasses

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.provenance import Provenance
from vmodgen.engine.model.values import Param
from vmodgen.engine.rules.movement import movement_check
from vmodgen.engine.rules.ags.kiev.stalin import bound_by_directive, directive_check, directive_in_effect, directive_line, \
    directive_step_rule
from vmodgen.engine.rules.verdict import CannotCheck
from tests.rules.conftest import h, hexes, position


def test_directive_is_automatic_on_its_turns(game: Game) -> None:
    state = directive_in_effect(game, 7)
    assert state.in_effect is True and state.case == "Kiev 22.0"


def test_directive_does_not_apply_on_other_turns(game: Game) -> None:
    assert directive_in_effect(game, 3).in_effect is False


def test_directive_from_turn_ten_follows_the_modified_die_roll(game: Game) -> None:
    assert directive_in_effect(game, 10, die=4, previous=False).in_effect is True
    assert directive_in_effect(game, 10, die=4, previous=True).in_effect is False
    assert directive_in_effect(game, 11, die=3, previous=True).in_effect is True
    assert directive_in_effect(game, 12, die=6, previous=True).in_effect is False


def test_directive_without_its_die_roll_is_not_known(game: Game) -> None:
    state = directive_in_effect(game, 10)
    assert state.in_effect is None and "die roll" in state.reason


def test_the_line_follows_the_named_river_from_end_to_end(game: Game) -> None:
    line = directive_line(game)
    assert len(line.hexsides) == 23
    assert line.west == {hex_ for hex_ in game.map.hexes if hex_.col <= 6}


def test_a_line_the_map_does_not_give_cannot_be_checked(game: Game) -> None:
    spec = {"from_hexside": ["0101", "0201"], "to_hexside": ["0612", "0712"], "rivers": "Dnieper"}
    rules = {**game.rules, "stalin_directive_exempt_line": Param("stalin_directive_exempt_line", spec,
                                                                 Provenance("reconstructed", "test"))}
    with pytest.raises(CannotCheck, match="0101/0201"):
        directive_line(dataclasses.replace(game, rules=rules))


def test_units_west_of_the_line_and_hqs_are_exempt(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0505", "sov-xx-2": "0805", "sov-hq-a": "0806", "ger-xx-10": "0905"})
    line = directive_line(game)
    assert not bound_by_directive(here, "sov-xx-1", line)
    assert bound_by_directive(here, "sov-xx-2", line)
    assert not bound_by_directive(here, "sov-hq-a", line)
    assert not bound_by_directive(here, "ger-xx-10", line)


def test_a_move_to_a_higher_hexrow_is_illegal(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0805"}, turn=7)
    [verdict] = directive_check(here, {"sov-xx-1": h("0905")}, directive_line(game))
    assert verdict.is_illegal and verdict.case == "Kiev 22.1"
    assert "moved from 0805 to 0905" in verdict.message


def test_moves_along_the_hexrow_or_westward_are_allowed(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0805", "sov-xx-2": "0905"}, turn=7)
    assert directive_check(here, {"sov-xx-1": h("0809"), "sov-xx-2": h("0705")}, directive_line(game)) == []


def test_a_relieved_unit_may_move_to_a_higher_hexrow(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0805", "sov-xx-2": "0905"}, turn=7)
    assert directive_check(here, {"sov-xx-1": h("1005"), "sov-xx-2": h("0805")}, directive_line(game)) == []


def test_one_unit_relieves_only_one_unit(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0805", "sov-xx-3": "0805", "sov-xx-2": "0905"}, turn=7)
    ends = {"sov-xx-1": h("1005"), "sov-xx-3": h("1004"), "sov-xx-2": h("0805")}
    assert len(directive_check(here, ends, directive_line(game))) == 1


def test_an_hq_may_not_relieve(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0805", "sov-hq-a": "0905"}, turn=7)
    ends = {"sov-xx-1": h("1005"), "sov-hq-a": h("0805")}
    assert len(directive_check(here, ends, directive_line(game))) == 1


def test_off_road_steps_must_stay_in_the_hexrow_or_lower(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0804"}, turn=7)
    rule = directive_step_rule(here, "sov-xx-1", directive_line(game))
    verdict = movement_check(here, "sov-xx-1", hexes("0904", "0805"), 6, step_rule=rule)
    assert verdict.is_illegal and verdict.case == "Kiev 22.1"
    assert movement_check(here, "sov-xx-1", hexes("0806"), 6, step_rule=rule).is_legal


def test_road_moves_may_go_either_way_if_they_end_in_the_hexrow(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0805"}, turn=7)
    rule = directive_step_rule(here, "sov-xx-1", directive_line(game))
    assert movement_check(here, "sov-xx-1", hexes("1005", "0805"), 6, step_rule=rule).is_legal
