"""Korsun's pocket rules on positions built by hand: isolation (Korsun 25.1, 25.14), which Korsun
27.1 counts through :func:`isolated_at`. The positions: a German regiment ringed by six Soviet
rifle divisions (out of supply: AGS 12.1) with another regiment, in supply, three or four hexes
away."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.korsun import isolation
from vmodgen.engine.rules.ags.korsun.isolation import isolated_at, isolation_at
from vmodgen.engine.rules.situation import Situation, UnitState

REPO = Path(__file__).resolve().parents[2]
POCKET, RING = "ger-iii-80-34", ["sov-xx-6", "sov-xx-31", "sov-xx-58", "sov-xx-84", "sov-xx-74", "sov-xx-136"]
FRIEND = "ger-iii-107-34"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(REPO / "games" / "korsun")


def pocket(game: Game, friend_at: str | None, ring: list[str] = RING, extra: dict[str, str] | None = None) -> Situation:
    """The regiment in 1515 ringed by ``ring``, the friend in ``friend_at`` (German Air Power
    Phase of Game-Turn 6)."""
    hexes = game.map.layout
    units = {k: UnitState(game.counter(k), h) for k, h in zip(ring, hexes.neighbours(hexes.parse("1515")))}
    units[POCKET] = UnitState(game.counter(POCKET), hexes.parse("1515"))
    if friend_at is not None:
        units[FRIEND] = UnitState(game.counter(FRIEND), hexes.parse(friend_at))
    for key, where in (extra or {}).items():
        units[key] = UnitState(game.counter(key), hexes.parse(where))
    return Situation(game, 6, [p.name for p in game.phases].index("German Air Power"), units)


def test_out_of_supply_and_four_hexes_from_a_supplied_unit_is_isolated(game: Game) -> None:
    found = isolation_at(pocket(game, "1519"))       # 1519 is four hexes from 1515
    assert found[POCKET].isolated is True
    assert "107/34 Inf Rgt, is 4 hexes away" in found[POCKET].reason
    assert found[FRIEND].isolated is False


def test_three_hexes_counting_the_supplied_units_hex_is_not_isolated(game: Game) -> None:
    # Korsun 25.1: the three hexes include the supplied unit's hex, not the isolated unit's
    assert isolated_at(pocket(game, "1518")) == {POCKET: False, FRIEND: False}


def test_out_of_supply_with_no_friend_at_all_is_isolated(game: Game) -> None:
    assert isolated_at(pocket(game, None)) == {POCKET: True}


def test_enemy_units_between_do_not_lengthen_the_count(game: Game) -> None:
    # Korsun 25.14: Soviet units (and their zones) on the way are ignored, the count is a hex distance
    between = pocket(game, "1518", extra={"sov-xx-138": "1516", "sov-xx-167": "1517"})
    assert isolated_at(between)[POCKET] is False


def test_an_open_ring_is_in_supply_not_isolated(game: Game) -> None:
    found = isolation_at(pocket(game, None, ring=RING[:2]))
    assert found[POCKET].isolated is False and "in supply" in found[POCKET].reason


def test_air_supplied_units_are_in_supply_and_count_for_their_neighbours(game: Game) -> None:
    # Korsun 25.23: in supply for the whole next Game-Turn; so a unit three hexes from it is not isolated
    far = pocket(game, "1518", extra={"ger-iii-253-34": "1509"})
    assert isolated_at(far, air_supplied={POCKET})[POCKET] is False


def test_keys_limit_the_answer_and_soviet_units_are_never_isolated(game: Game) -> None:
    assert isolated_at(pocket(game, "1519"), [POCKET, "sov-xx-6"]) == {POCKET: True}


def test_a_game_without_the_parameter_has_no_isolation() -> None:
    kiev = load_game(REPO / "games" / "kiev")
    assert isolated_at(Situation(kiev, 1, 0, {})) == {}


def test_doctests() -> None:
    assert doctest.testmod(isolation).failed == 0
