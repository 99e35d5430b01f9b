"""Shared fixtures for the rules tests: the kievlike game (the Kiev rules on a small made-up
map, tests/data/games/kievlike) and a helper that sets up a position by hand."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.situation import Situation, UnitState

KIEVLIKE = Path(__file__).resolve().parent.parent / "data" / "games" / "kievlike"


@pytest.fixture(scope="session")
def game() -> Game:
    return load_game(KIEVLIKE)


def h(name: str) -> Hex:
    """A hex by its printed name: h("0305")."""
    return Hex(int(name[:2]), int(name[2:]))


def hexes(*names: str) -> list[Hex]:
    return [h(n) for n in names]


def position(game: Game, placement: Mapping[str, str | None], *, turn: int = 1,
             phase: str = "Soviet Movement", back: Iterable[str] = (),
             control: Mapping[str, str] | None = None) -> Situation:
    """A Situation with each counter id at the named hex (None: off the map); ``back`` lists the
    counters showing their back; ``control`` names who controls town and city hexes."""
    showing_back = set(back)
    units = {key: UnitState(game.counter(key), h(where) if where else None, key in showing_back)
             for key, where in placement.items()}
    index = next(i for i, p in enumerate(game.phases) if p.name == phase)
    return Situation(game, turn, index, units, control={h(k): v for k, v in (control or {}).items()})


KIEV = Path(__file__).resolve().parent.parent.parent / "games" / "kiev"


@pytest.fixture(scope="session")
def kiev() -> Game:
    return load_game(KIEV)


def without_rule(game: Game, name: str) -> Game:
    """The same game with one rule parameter missing from its data."""
    return dataclasses.replace(game, rules={k: v for k, v in game.rules.items() if k != name})
