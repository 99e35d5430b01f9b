"""The Panzergruppe Guderian opening position (issue 12: "every set-up unit on its book hex at start;
the opening position is legal by the checker's own judgement"), PGG's counterpart of
tests/games/test_opening_position.py (which judges the Army Group South games by AGS rules).

The position is the engine's own: ``opening.vsav`` (and ``3.7/opening.vsav``) in
tests/data/checks/panzergruppe-guderian/, written by ``oracle write`` from a script with no action
(``opening.json``, scenarios.py; make_logs.py). A set-up unit shows its untried side, named by its
set-up slot, so that a log can name one piece (PGG 5.0, 12.1) without telling which unit it is.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from vmodgen.engine.check.runner import check_logs
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.piece_properties import UNIT
from vmodgen.engine.replay import Replay
from vmodgen.engine.rules.pgg.leaders import Lines
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.stacking import stacking_violations
from vmodgen.engine.rules.pgg.supply import supply_of
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.vassal.module import read_module
from vmodgen.engine.vassal.savefile import read_game

REPO = Path(__file__).resolve().parents[2]
PGG = REPO / "games" / "panzergruppe-guderian"
LOGS = REPO / "tests" / "data" / "checks" / "panzergruppe-guderian"
SAVES = {"3.6": LOGS / "opening.vsav", "3.7": LOGS / "3.7" / "opening.vsav"}


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(PGG)


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(PGG)


def opening(game: Game, phase_index: int = 0) -> Situation:
    units = {c.id: UnitState(c, c.setup, c.setup_face == "back") for c in game.counters if c.role == "setup"}
    return Situation(game, 1, phase_index, units)


def test_every_untried_set_up_piece_has_a_name_of_its_own_that_tells_no_unit(game: Game) -> None:
    untried = [c for c in game.counters if c.role == "setup" and c.setup_face == "back"]
    names = [game.untried_name(c) for c in untried]
    assert len(untried) == 34 and len(set(names)) == 34            # PGG 5.1: 28 rifle, 6 armored
    shown = {c.name for c in game.counters}
    for counter, name in zip(untried, names):
        assert name.startswith(f"Untried Soviet {game.plain_name(game.pool_of(counter))} (")
        assert game.map.name(counter.setup) in name                    # its set-up hex: what the player knows
        assert counter.name not in name and name not in shown          # never the unit's own name
    pool = {game.untried_name(c) for c in game.counters if c.role == "pool" and c.type == "rifle"}
    assert pool == {"Untried Soviet rifle"}                            # drawn later: one name for all


@pytest.mark.parametrize("writer", sorted(SAVES))
def test_every_set_up_unit_is_on_its_book_hex_in_the_engines_opening(game: Game, module: Path, writer: str) -> None:
    replay = Replay(read_game(SAVES[writer]), read_module(module))
    where = {p.properties.get(UNIT): (p.map, p.location) for p in replay.state.pieces() if p.properties.get(UNIT)}
    expected = {c.id: (game.map.board, game.map.name(c.setup)) for c in game.counters if c.role == "setup"}
    assert {key: where.get(key) for key in expected} == expected
    assert len(expected) == 39                                         # PGG 5.1: 34 divisions, 5 Leaders


@pytest.mark.parametrize("writer", sorted(SAVES))
def test_the_checker_finds_the_engines_opening_legal(module: Path, writer: str) -> None:
    report = check_logs([SAVES[writer]], module, REPO / "games")
    assert report.findings == [] and report.errors == []
    assert report.turns == (1, 1)


def test_every_set_up_unit_is_in_supply_or_waits_on_an_unknown_rating(game: Game) -> None:
    # PGG 11.2: by the checker's own supply rule, at the start of every phase of Game-Turn 1. A
    # unit not stacked with its Leader depends on the Leader's rating, which the book does not
    # give for four of the five (not known, never out).
    for index, phase in enumerate(game.phases):
        situation = opening(game, index)
        found = supply_of(situation, sorted(situation.units), Ledger())
        assert [k for k, v in found.items() if v is False] == [], phase.name
        lines = Lines(situation, "Soviet")
        for key in (k for k, v in found.items() if v is None):
            leaders = [k for k in situation.at(situation.units[key].hex)  # type: ignore[arg-type]
                       if situation.unit_type(k).unit_class == "leader"]
            assert not leaders and lines.in_command(key) is None, key


def test_only_the_three_stacks_the_book_sets_up_over_the_limit_are(game: Game) -> None:
    # PGG 5.0: the 24th, 16th and 19th Armies set up in one hex each, over the limit until the end
    # of the first Soviet Movement Phase (7.1); nothing else is over-stacked.
    situation = opening(game)
    over = sorted(game.map.name(v.hexes[0]) for side in ("Soviet", "German")
                  for v in stacking_violations(situation, side))
    assert over == ["1414", "2216", "4015"]
