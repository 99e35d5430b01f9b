"""Victory Points of a position [PGG 15.11, 15.12, 15.2] on the Panzergruppe Guderian map: what the
position settles, and "unknown" where it rests on what the position does not hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.pgg import victory
from vmodgen.engine.rules.record import PhaseRecord
from tests.rules.conftest import h, position

FOLDER = Path(__file__).resolve().parents[3] / "games" / "panzergruppe-guderian"
RING = ["sov-rifle-01", "sov-rifle-02", "sov-rifle-03", "sov-rifle-04"]


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(FOLDER)


def test_a_held_hex_with_a_free_line_scores(game: Game) -> None:
    """PGG 15.11: a German unit in 5907 and no Soviet unit between it and the western edge."""
    at = position(game, {"ger-xx-6-inf": "5907"}, phase="German Combat")
    assert victory.held(at, "German", [h("5907")], 20) == 20


def test_a_soviet_unit_in_the_hex_scores_nothing(game: Game) -> None:
    at = position(game, {"sov-rifle-01": "5907"}, phase="German Combat")
    assert victory.held(at, "German", [h("5907")], 20) == 0


def test_an_empty_hex_is_unknown(game: Game) -> None:
    """Who last passed through an empty hex is history the position does not hold."""
    at = position(game, {"ger-xx-6-inf": "5906"}, phase="German Combat")
    assert victory.held(at, "German", [h("5907")], 20) is None


def test_a_city_needs_all_its_hexes(game: Game) -> None:
    """Smolensk is two hexes: one German unit in one of them, the other empty, is not enough to know."""
    smolensk = sorted(hx for hx, place in game.map.places.items() if place.name == "Smolensk")
    assert len(smolensk) == 2
    one = position(game, {"ger-xx-6-inf": game.map.name(smolensk[0])}, phase="German Combat")
    both = position(game, {"ger-xx-6-inf": game.map.name(smolensk[0]), "ger-xx-26-inf": game.map.name(smolensk[1])},
                    phase="German Combat")
    assert victory.held(one, "German", smolensk, 25) is None
    assert victory.held(both, "German", smolensk, 25) == 25


def test_a_surrounded_hex_has_no_line(game: Game) -> None:
    """Soviet units in every neighbour of 5907 bar the line to the western edge."""
    ring = dict(zip(RING, ["5906", "5908", "5807", "5806"]))
    at = position(game, {"ger-xx-6-inf": "5907", **ring}, phase="German Combat")
    assert victory.held(at, "German", [h("5907")], 20) == 0


def test_a_line_through_a_leaders_zone_is_unknown(game: Game) -> None:
    """A rifle division in 5906 zones 5806; a Soviet Leader in 5908 would close 5807 by its zone,
    whether a Leader's zone bars the line is not settled here: unknown, never 0."""
    alone = {"ger-xx-6-inf": "5907", "sov-rifle-01": "5906"}
    assert victory.held(position(game, alone, phase="German Combat"), "German", [h("5907")], 20) == 20
    with_leader = position(game, {**alone, "sov-ldr-rakutin": "5908"}, phase="German Combat")
    assert victory.held(with_leader, "German", [h("5907")], 20) is None
    with_rifle = position(game, {**alone, "sov-rifle-02": "5908"}, phase="German Combat")
    assert victory.held(with_rifle, "German", [h("5907")], 20) == 0


@pytest.mark.parametrize("points, level", [(0, "Soviet Decisive"), (-10, "Soviet Decisive"), (25, "Soviet Strategic"),
                                           (26, "Soviet Marginal"), (50, "German Marginal"), (124, "German Strategic"),
                                           (125, "German Decisive")])
def test_levels_of_victory(game: Game, points: int, level: str) -> None:
    assert victory.level(game, points) == level      # PGG 15.2


def test_an_entire_division_eliminated_scores_five(game: Game) -> None:
    """PGG 15.12 1: the 7th Panzer's three regiments on the map at the start, none at the end;
    a division seen only in part is unknown; the cavalry division scores nothing."""
    seven = ["ger-iii-7pz-pz", "ger-iii-7pz-pzgr1", "ger-iii-7pz-pzgr2"]
    cavalry = next(c.id for c in game.counters if c.side == "German" and c.type == "cavalry")
    start = position(game, {**dict(zip(seven, ["1010", "1011", "1012"])), "ger-xx-6-inf": "1013", cavalry: "1014"},
                     phase="German Combat")
    end = position(game, {"ger-iii-7pz-pzgr2": None, "ger-xx-6-inf": None, cavalry: None}, phase="German Combat")
    record = PhaseRecord("x.vlog", 3, start.phase_index, 1, start, end, 2, complete=True)
    found = dict(victory.divisions_eliminated([record], "German", game))
    assert {k.split(" (")[0]: v for k, v in found.items()} == {"German division 7 Pz eliminated": 5,
                                                               "German division 6 Inf Div eliminated": 5}
    half = position(game, {"ger-iii-7pz-pz": "1010"}, phase="German Combat")
    gone = position(game, {"ger-iii-7pz-pz": None}, phase="German Combat")
    partial = dict(victory.divisions_eliminated([PhaseRecord("x.vlog", 3, half.phase_index, 1, half, gone, 2)],
                                                "German", game))
    assert list(partial.values()) == [None]
