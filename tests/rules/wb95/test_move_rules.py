"""The WB-95 movement rules on positions and phases set by hand on Korsun 1944's data: CELs as a
counter shows them (3.2.1), zones of control (4.1.3), entry zones along the edge (11.2), terrain
costs (3.1.11, 3.1.12), and phase ownership (2.1.2)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.record import Drop, PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.model.scenarios import scenario_game
from vmodgen.engine.rules.wb95 import movement, phases, reinforcements, scenario, setup, stacking, zoc

GAME = Path(__file__).resolve().parents[3] / "games" / "korsun-1944"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(GAME)


def hx(game: Game, name: str):  # noqa: ANN201
    return game.map.layout.parse(name)


def start(game: Game, phase: str, turn: int = 1) -> Situation:
    index = next(i for i, p in enumerate(game.phases) if p.name == phase)
    units = {c.id: UnitState(c, c.setup if c.role == "setup" else None) for c in game.counters}
    return Situation(game, turn, index, units)


def record(situation: Situation, moves: dict[str, list[str]]) -> PhaseRecord:
    """A phase in which each unit was dropped on the hexes named, in order."""
    game = situation.game
    done = PhaseRecord("test.vlog", situation.turn, situation.phase_index, 1, situation, last_step=99, complete=True)
    now, step = situation, 10
    for key, drops in moves.items():
        unit = situation.units[key]
        track = UnitTrack(key, unit.hex, game.map.name(unit.hex) if unit.hex else "turn track", before=now)
        for name in drops:
            step += 1
            track.drops.append(Drop(step, name, hx(game, name)))
            now = now.moved(key, hx(game, name))
        done.tracks[key] = track
    done.end = now
    return done


def test_cels_as_the_counter_shows_them(game: Game) -> None:
    hq = UnitState(game.counter("ger-hq-vii"), None)
    assert stacking.cels(hq) == (1, 1, None)                       # 9.1.4, 3.2.2
    assert stacking.cels(UnitState(game.counter("ger-34-1"), None)) == (1, 2, None)   # unknown reverse
    owned = dataclasses.replace(game.counter("ger-34-1"), back_kind="reduced", steps=2)
    assert stacking.cels(UnitState(owned, None))[:2] == (2, 2)
    assert stacking.cels(UnitState(owned, None, showing_back=True))[:2] == (1, 1)


def test_no_zone_of_control_across_the_dnieper(game: Game) -> None:
    a, b = next((h, o) for h in sorted(game.map.hexes) for o in game.map.layout.neighbours(h)
                if "dnieper" in game.map.features(h, o))
    assert b not in zoc.zone_of(game, a, "non_motorized")        # 4.1.3
    assert b not in zoc.zone_of(game, a, "mechanized")


def test_entry_zones_counted_along_the_edge(game: Game) -> None:
    # 103/14 ARM is due on turn 1 in zone E (the schedule): D next to it is allowed at once (11.2.1);
    # A is four zones away: too far on turn 1, within reach after one turn's delay (11.2.2: 3 + 1).
    area = {name: sorted(game.map.area(name).hexes)[0] for name in "ADE"}
    answer = reinforcements._answer
    assert answer(game, "ger-14-2", 1, area["E"]) is None
    assert answer(game, "ger-14-2", 1, area["D"]) is None
    assert answer(game, "ger-14-2", 1, area["A"])[0] == "WB95 11.1.2"
    assert answer(game, "ger-14-2", 2, area["A"]) is None
    assert answer(game, "ger-11-1", 1, area["E"])[0] == "WB95 11.1.1"


def test_a_road_is_cheaper_than_the_hex_and_the_dnieper_needs_one(game: Game) -> None:
    a, b = next((h, o) for h in sorted(game.map.hexes) for o in game.map.layout.neighbours(h)
                if game.map.line_crosses("main_road", h, o) and not game.map.features(h, o)
                and game.map.terrain(o) == "clear" and o not in game.map.places)
    assert movement.entry_cost(game, "trucked", "trucked", a, b) < Fraction(3)    # main road 1/3 < clear 3
    c, d = next((h, o) for h in sorted(game.map.hexes) for o in game.map.layout.neighbours(h)
                if "dnieper" in game.map.features(h, o) and not any(game.map.line_crosses(n, h, o) for n in
                                                                    game.terrain.of_kind("line")))
    assert movement.entry_cost(game, "non_motorized", "non_motorized", c, d) is None


def test_a_unit_moved_in_the_other_sides_movement_phase_is_found(game: Game) -> None:
    situation = start(game, "Soviet Movement")
    here = situation.units["ger-hq-xi"].hex
    near = next(n for n in sorted(game.map.layout.neighbours(here)) if not situation.at(n))
    judged = phases.check_phase(record(situation, {"ger-hq-xi": [game.map.name(near)]}))
    assert [(j.unit, j.verdict.case) for j in judged] == [("ger-hq-xi", "WB95 2.1.2")]
    soviet = start(game, "German Supply")
    assert phases.check_phase(record(soviet, {"ger-hq-xi": [game.map.name(near)]}))[0].verdict.is_illegal
    assert phases.check_phase(record(start(game, "German Movement"), {"ger-hq-xi": [game.map.name(near)]})) == []


@pytest.mark.parametrize("name", ["korsun-1944", "the-retreat", "deblockade"])
def test_each_scenarios_own_set_up_is_legal_and_recognised(game: Game, name: str) -> None:
    # The position of a save of the scenario's opening: its counters on their set-up hexes, the
    # reinforcements off the map. The scenario is found from the position alone.
    played = scenario_game(game, name)
    units = {c.id: UnitState(game.counter(c.id), c.setup if c.role == "setup" else None) for c in played.counters}
    opening = Situation(game, 1, 0, units)
    titles = [p.title for p in scenario.candidates(opening, opening=opening)]
    assert titles == (["Deblockade"] if name == "deblockade" else ["Korsuń 1944", "The Retreat"])
    judged = setup.check_position("x.vsav", opening)
    assert [j for j in judged if j.verdict.is_illegal] == []
    moved = opening.moved("ger-34-1", next(c.setup for c in played.counters if c.id == "ger-hq-vii"))
    assert [(j.unit, j.verdict.case) for j in setup.check_position("x.vsav", moved) if j.verdict.is_illegal] == \
        [("ger-34-1", "WB95 scenario set-up")]
