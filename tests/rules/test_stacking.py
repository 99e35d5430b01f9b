"""Stacking [AGS 7.0, 11.22; Kiev 21.0]."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.stacking import stacking_applies, stacking_violations
from tests.rules.conftest import position, without_rule


def test_three_combat_units_may_stack(game: Game) -> None:
    here = position(game, {"sov-xx-1": "1004", "sov-xx-2": "1004", "sov-xx-3": "1004"})
    assert stacking_violations(here) == []


def test_four_combat_units_overstack(game: Game) -> None:
    here = position(game, {"sov-xx-1": "1004", "sov-xx-2": "1004", "sov-xx-3": "1004", "sov-xx-4": "1004"})
    [verdict] = stacking_violations(here)
    assert verdict.is_illegal and verdict.case == "AGS 7.0"
    assert verdict.message.startswith("4 Soviet combat units in 1004 (")
    assert verdict.message.endswith("); the limit is 3")
    assert all(game.counter(k).name in verdict.message for k in ("sov-xx-1", "sov-xx-2", "sov-xx-3", "sov-xx-4"))


def test_an_hq_does_not_count_against_the_limit(game: Game) -> None:
    here = position(game, {"sov-xx-1": "1004", "sov-xx-2": "1004", "sov-xx-3": "1004", "sov-hq-a": "1004"})
    assert stacking_violations(here) == []


def test_no_more_than_one_hq_in_a_hex(game: Game) -> None:
    here = position(game, {"sov-hq-a": "1004", "sov-hq-b": "1004"})
    [verdict] = stacking_violations(here)
    assert verdict.case == "AGS 11.22" and "2 Soviet HQs in 1004" in verdict.message


def test_a_leader_stacks_as_an_hq(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0204", "ger-xx-11": "0204", "ger-xx-12": "0204", "ger-ldr-g": "0204"})
    assert stacking_violations(here) == []


def test_markers_never_count_against_stacking(game: Game) -> None:
    here = position(game, {"sov-xx-1": "1004", "sov-xx-2": "1004", "sov-xx-3": "1004", "mk-turn": "1004"})
    assert stacking_violations(here) == []


def test_only_the_side_asked_about_is_checked(game: Game) -> None:
    here = position(game, {"sov-xx-1": "1004", "sov-xx-2": "1004", "sov-xx-3": "1004", "sov-xx-4": "1004"})
    assert stacking_violations(here, "German") == []


def test_stacking_binds_at_the_end_of_movement_and_throughout_combat(game: Game) -> None:
    here = position(game, {})
    movement, combat = game.phases[0], game.phases[1]
    assert stacking_applies(here, movement, at_end=True)
    assert not stacking_applies(here, movement, at_end=False)
    assert stacking_applies(here, combat, at_end=False)


def test_a_missing_stacking_limit_leaves_stacking_unchecked(game: Game) -> None:
    here = position(without_rule(game, "stacking_limit"), {"sov-xx-1": "1004"})
    [verdict] = stacking_violations(here)
    assert verdict.is_unchecked and "rules.stacking_limit" in verdict.message
