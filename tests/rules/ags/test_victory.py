"""The AGS victory tally on positions and phases built by hand: what a log settles (a unit in its
dead pile, a drop in a town) and what it leaves open (a unit deleted outside combat, a move that
could have passed through a town, a destroyed unit's isolation), and each game's schedule of
levels [Kiev 24.0-24.3, Rostov 26.0-26.3, OS 25.0-25.4, Korsun 27.0-27.3]."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags import victory_ledger, victory_tally
from vmodgen.engine.rules.ags.victory_kiev import german_losses
from vmodgen.engine.rules.ags.victory_korsun import summary as korsun_summary
from vmodgen.engine.rules.ags.victory_ledger import DELETED, Losses, control, line_to_edge, losses
from vmodgen.engine.rules.ags.victory_operation_star import level as star_level
from vmodgen.engine.rules.ags.victory_rostov import level as rostov_level
from vmodgen.engine.rules.ags.victory_korsun import level as korsun_level
from vmodgen.engine.rules.record import Battle, Drop, PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation, UnitState

REPO = Path(__file__).resolve().parents[3]


def load(game_id: str) -> Game:
    return load_game(REPO / "games" / game_id)


@pytest.fixture(scope="module")
def kiev() -> Game:
    return load("kiev")


def at(game: Game, placement: dict[str, str | None], phase: str, turn: int = 1) -> Situation:
    layout = game.map.layout
    units = {k: UnitState(game.counter(k), layout.parse(h) if h else None) for k, h in placement.items()}
    return Situation(game, turn, [p.name for p in game.phases].index(phase), units)


def moved(game: Game, before: Situation, key: str, *drops: str, turn: int = 1) -> PhaseRecord:
    """A phase in which ``key`` is dropped at each of ``drops`` (a hex, ``deleted`` or a box)."""
    layout = game.map.layout
    start = before.units[key].hex
    track = UnitTrack(key, start, game.map.name(start) if start else "", before=before)
    units = dict(before.units)
    for step, where in enumerate(drops, start=1):
        hex_ = layout.parse(where) if where[:1].isdigit() else None
        track.drops.append(Drop(step, where, hex_))
        units[key] = UnitState(game.counter(key), hex_)
    end = Situation(game, turn, before.phase_index, units)
    return PhaseRecord("x.vlog", turn, before.phase_index, 1, before, end, len(drops), tracks={key: track},
                       complete=True)


def opening(game: Game) -> PhaseRecord:
    """The game's first phase, with nothing played: control at the start applies (Kiev 24.0)."""
    start = Situation(game, 1, 0, {})
    return PhaseRecord("x.vlog", 1, 0, 0, start, start, 0, complete=True)


def test_doctests() -> None:
    for module in (victory_tally, victory_ledger):
        assert doctest.testmod(module).failed == 0


# ------------------------------------------------------------------ losses


def test_the_dead_pile_is_an_elimination_in_any_phase(kiev: Game) -> None:
    record = moved(kiev, at(kiev, {"sov-xx-47-rifle": "0318"}, "Soviet Movement"), "sov-xx-47-rifle", "Eliminated Soviet")
    assert set(losses([record]).eliminated) == {"sov-xx-47-rifle"}


def test_deleted_in_combat_is_eliminated_deleted_in_movement_is_in_doubt(kiev: Game) -> None:
    combat = moved(kiev, at(kiev, {"sov-xx-47-rifle": "0318"}, "German Combat"), "sov-xx-47-rifle", DELETED)
    movement = moved(kiev, at(kiev, {"sov-xx-47-rifle": "0318"}, "Soviet Movement"), "sov-xx-47-rifle", DELETED)
    assert set(losses([combat]).eliminated) == {"sov-xx-47-rifle"}
    found = losses([movement])
    assert not found.eliminated and "deleted in the Soviet Movement phase" in found.removed["sov-xx-47-rifle"]


def test_a_unit_back_on_the_map_is_not_lost(kiev: Game) -> None:
    gone = moved(kiev, at(kiev, {"sov-xx-47-rifle": "0318"}, "German Combat"), "sov-xx-47-rifle", "Eliminated Soviet")
    back = moved(kiev, at(kiev, {"sov-xx-47-rifle": None}, "Soviet Movement", turn=2), "sov-xx-47-rifle", "0318", turn=2)
    assert losses([gone, back]).eliminated == {}


# ------------------------------------------------------------------ control [Kiev 24.0]


def test_a_drop_settles_a_town_and_a_move_through_reach_leaves_it_open(kiev: Game) -> None:
    """Kiev 24.0: the 99th Light Division dropped in Brovary (0519) controls it; from 0221 it could
    have gone through Borispol (0620), two hexes off its way and within its reach, so Borispol
    may be either side's; Kiev (0319) was in Soviet zones (AGS 8.21) and stays Soviet."""
    game = kiev
    brovary, borispol, city = (game.map.layout.parse(n) for n in ("0519", "0620", "0319"))
    before = at(game, {"ger-xx-99-lt": "0221", "sov-xx-47-rifle": "0218"}, "German Movement")
    now, changes = control([opening(game), moved(game, before, "ger-xx-99-lt", "0519")], [brovary, borispol, city],
                           {brovary: "Soviet", borispol: "Soviet", city: "Soviet"})
    assert now[brovary].known == "German"
    assert now[borispol].sides == frozenset({"German", "Soviet"}) and now[borispol].known is None
    assert now[city].known == "Soviet"
    assert {c.hex for c in changes} == {brovary, borispol}


def test_a_one_hex_move_passes_through_nothing(kiev: Game) -> None:
    game = kiev
    town = game.map.layout.parse("0519")
    before = at(game, {"ger-xx-99-lt": "0520"}, "German Movement")
    now, _ = control([opening(game), moved(game, before, "ger-xx-99-lt", "0620")], [town], {town: "Soviet"})
    assert now[town].known == "Soviet"


# ------------------------------------------------------------------ Kiev 24.2


def test_a_whole_panzer_division_scores_its_value_else_its_regiments(kiev: Game) -> None:
    """Kiev 24.2: the 3rd Panzer's three regiments eliminated: 25; two of them: 8 + 5; the third in
    doubt: either."""
    three = ["ger-iii-6-3", "ger-iii-3-3", "ger-iii-394-3"]
    def points(lost: Losses) -> dict[str, object]:
        return {item: value for item, value, _ in german_losses(kiev, lost)}
    assert points(Losses(eliminated=dict.fromkeys(three, 1))) == {"3 Pz division eliminated (Kiev 24.2)": 25}
    assert points(Losses(eliminated=dict.fromkeys(three[:2], 1))) == {"3 Pz division eliminated (Kiev 24.2)": 13}
    doubt = Losses(eliminated=dict.fromkeys(three[:2], 1), removed={three[2]: "deleted"})
    assert points(doubt) == {"3 Pz division eliminated (Kiev 24.2)": (13, 25)}


# ------------------------------------------------------------------ Korsun 27.1 with isolation


POCKET, RING = "ger-iii-80-34", ["sov-xx-6", "sov-xx-31", "sov-xx-58", "sov-xx-84", "sov-xx-74", "sov-xx-136"]


def pocket_battle(game: Game, friend_at: str) -> list[PhaseRecord]:
    """The regiment in 1515 ringed by six rifle divisions (out of supply), a regiment in supply at
    ``friend_at``; the Soviet Combat Phase of Game-Turn 6 eliminates the ringed regiment."""
    layout = game.map.layout
    ring = dict(zip(RING, (game.map.name(h) for h in layout.neighbours(layout.parse("1515")))))
    before = at(game, {POCKET: "1515", "ger-iii-107-34": friend_at, **ring}, "Soviet Combat", turn=6)
    record = moved(game, before, POCKET, DELETED, turn=6)
    record.tracks[POCKET].drops[0] = Drop(3, DELETED, None)
    record.battles.append(Battle(1, 1, {layout.parse(ring[RING[0]])}, {layout.parse("1515")}, 1, 2, before))
    return [record]


def test_a_regiment_destroyed_isolated_scores_four_else_three() -> None:
    """Korsun 27.1, 25.12: isolation at the instant of the combat (the friend four hexes away, 1519:
    isolated; three, 1518: not)."""
    game = load("korsun")
    isolated = korsun_summary(pocket_battle(game, "1519"))
    plain = korsun_summary(pocket_battle(game, "1518"))
    assert "  Soviet: 80/34 Inf Rgt destroyed (Korsun 27.1): 4 (isolated)" in isolated
    assert "  Soviet: 80/34 Inf Rgt destroyed (Korsun 27.1): 3 (not isolated)" in plain


# ------------------------------------------------------------------ lines and levels


def test_a_line_to_the_west_edge_is_cut_by_enemy_zones() -> None:
    """Rostov 26.1: Rostov (0727) ringed by Soviet units has no line to the west (printed north) edge."""
    game = load("rostov")
    layout = game.map.layout
    soviets = [c.id for c in game.counters if c.side == "Soviet" and c.type == "rifle"][:6]
    ring = dict(zip(soviets, (game.map.name(h) for h in layout.neighbours(layout.parse("0727")))))
    empty = Situation(game, 1, 0, {})
    ringed = at(game, ring, game.phases[0].name)
    assert line_to_edge(empty, "Axis", [layout.parse("0727")], "north")
    assert not line_to_edge(ringed, "Axis", [layout.parse("0727")], "north")


@pytest.mark.parametrize("points, level", [(5, "Soviet Strategic"), (6, "Soviet Operational"), (26, "Axis Tactical"),
                                           (52, "Axis Strategic"), (-3, "Soviet Strategic")])
def test_rostov_levels(points: int, level: str) -> None:
    assert rostov_level(load("rostov"), points) == level            # Rostov 26.3


@pytest.mark.parametrize("points, level", [(0, "Draw"), (1, "Soviet Tactical"), (-21, "German Operational"),
                                           (61, "Soviet Strategic"), (-20, "German Tactical")])
def test_operation_star_levels(points: int, level: str) -> None:
    assert star_level(load("operation-star"), points) == level      # OS 25.4


@pytest.mark.parametrize("points, level", [(85, "Soviet Strategic"), (64, "Draw"), (60, "Draw"), (39, "German Strategic"),
                                           (50, "German Tactical")])
def test_korsun_levels(points: int, level: str) -> None:
    assert korsun_level(load("korsun"), points) == level            # Korsun 27.3


def test_a_winner_is_stated_only_when_every_possible_total_agrees() -> None:
    margin = 133                                                    # Kiev 24.0
    def result(points: int) -> str:
        return "German" if points >= margin else "Soviet"
    assert victory_tally.settled((-105, -95), result) == "Soviet"
    assert victory_tally.settled((120, 140), result) is None
    assert victory_tally.settled((0, None), result) is None


def test_a_corps_scores_its_steps_or_twelve_when_entire() -> None:
    """Korsun 27.2, 24.11: the 5th Mechanized Corps's counter destroyed (its two steps) and its rpl
    counter reduced: 3 steps, 6; the rpl counter destroyed too: the entire corps, 12, not 8."""
    from vmodgen.engine.rules.ags.victory_korsun import _soviet_destroyed
    game = load("korsun")
    corps, rpl = "sov-xxx-5-mech", "sov-xxx-5-mech-rpl"
    three = Losses(eliminated={corps: 1}, flipped={corps: 1, rpl: 1}, seen={corps, rpl}, eliminated_reduced={corps})
    entire = Losses(eliminated={corps: 1, rpl: 2}, flipped={corps: 1, rpl: 1}, seen={corps, rpl},
                    eliminated_reduced={corps, rpl})
    never = Losses(eliminated={corps: 1}, flipped={corps: 1}, seen={corps}, eliminated_reduced={corps})
    def points(lost: Losses) -> list[object]:
        return [value for item, value, _ in _soviet_destroyed(game, lost) if item.startswith("5 Mech Corps ")]
    assert points(three) == [6]
    assert points(entire) == [12]
    assert points(never) == [(4, 12)]        # its rpl counter never came on: entire, or not yet placed
