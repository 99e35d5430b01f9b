"""The scenarios' movement restrictions [WB95 scenario notes] on phases set by hand on Korsun 1944's
data: the Korsuń 1944 Scenario Notes hold the 1st Ukraine Front (40 Army, 6 Armored Army with its
V MOT and V G ARM corps, 27 Army) until turn 3; the 2nd Ukraine Front moves from turn 1."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.rules.wb95.test_move_rules import record, start
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.wb95 import restrictions, scenario

GAME = Path(__file__).resolve().parents[3] / "games" / "korsun-1944"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(GAME)


def step(situation: Situation, key: str) -> str:
    """An empty neighbouring map hex of the unit (the rule asks only whether it moved)."""
    game = situation.game
    here = situation.units[key].hex
    assert here is not None
    return next(game.map.name(h) for h in sorted(game.map.layout.neighbours(here))
                if h in game.map.hexes and not situation.at(h))


def test_the_1st_ukraine_front_is_held_before_turn_3(game: Game) -> None:
    # turn 1, Soviet Movement: 40 Army and V G ARM (6 Armored Army) held, 4 Guards Army free
    now = start(game, "Soviet Movement")
    found = restrictions.check_game([record(now, {k: [step(now, k)] for k in
                                                  ("sov-40-232", "sov-v-g-arm-1", "sov-4ga-62")})])
    assert [(j.unit, j.verdict.case) for j in found] == [("sov-40-232", "WB95 scenario notes"),
                                                         ("sov-v-g-arm-1", "WB95 scenario notes")]
    assert all(j.verdict.is_illegal for j in found)
    assert "the 1st Ukraine Front can move from turn 3 (Korsuń 1944 scenario notes" in found[0].verdict.message
    # turn 2, Soviet Strategic Movement: 27 Army still held
    now = start(game, "Soviet Strategic Movement", turn=2)
    assert [j.unit for j in restrictions.check_game([record(now, {"sov-27-180": [step(now, "sov-27-180")]})])] \
        == ["sov-27-180"]


def test_from_turn_3_and_outside_movement_phases_nothing_is_found(game: Game) -> None:
    now = start(game, "Soviet Movement", turn=3)
    assert restrictions.check_game([record(now, {"sov-27-180": [step(now, "sov-27-180")]})]) == []
    # a retreat or pursuit in the Combat Phase is not a move the notes forbid
    now = start(game, "Soviet Attack")
    assert restrictions.check_game([record(now, {"sov-40-232": [step(now, "sov-40-232")]})]) == []
    # a unit dropped back on its own hex did not move
    now = start(game, "Soviet Movement")
    assert restrictions.check_game([record(now, {"sov-40-232": ["0333"]})]) == []


def test_deblockade_holds_no_one(game: Game) -> None:
    deblockade = next(p for p in scenario.scenario_games(game) if p.title == "Deblockade")
    assert restrictions.binding(deblockade, "sov-40-232", 1) is None


def test_scenarios_that_differ_leave_the_move_not_checked(game: Game) -> None:
    # The Retreat read strictly (no restriction): a log cannot tell it from Korsuń 1944
    strict = dataclasses.replace(game, scenarios=tuple(
        dataclasses.replace(s, movement_restrictions=()) if s.name == "the-retreat" else s for s in game.scenarios))
    now = start(strict, "Soviet Movement")
    found = restrictions.check_game([record(now, {"sov-40-232": [step(now, "sov-40-232")]})])
    assert [(j.unit, j.verdict.case, j.verdict.is_unchecked) for j in found] == [
        ("sov-40-232", "WB95 scenario notes", True)]
    assert "the scenarios the log may be playing differ on it" in found[0].verdict.message
