"""The opening position is checked against the set-up hexes the counters print (Kiev 18.1,
18.2) when a log starts from a new game."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.family import check_game
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation, UnitState

KIEV = Path(__file__).resolve().parents[2] / "games" / "kiev"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(KIEV)


def opening(game: Game, moved: dict[str, str] | None = None) -> Situation:
    units = {c.id: UnitState(c, c.setup, False) for c in game.counters if c.role == "setup"}
    for key, hex_name in (moved or {}).items():
        units[key] = UnitState(game.counter(key), game.map.layout.parse(hex_name), False)
    return Situation(game, 1, 0, units)


def test_the_printed_set_up_passes(game: Game) -> None:
    record = PhaseRecord("new.vlog", 1, 0, 0, opening(game))
    assert [j for j in check_game([record]) if j.verdict.case.startswith("Kiev 18")] == []


def test_a_unit_set_up_on_the_wrong_hex_is_found(game: Game) -> None:
    record = PhaseRecord("new.vlog", 1, 0, 0, opening(game, {"sov-xx-32-tank": "1520"}))
    found = [j for j in check_game([record]) if j.verdict.is_illegal]
    assert [(j.unit, j.verdict.case, j.origin, j.destination) for j in found] == [
        ("sov-xx-32-tank", "Kiev 18.1", "1520", "1519")]


def test_a_log_started_later_in_the_game_is_not_held_to_the_set_up(game: Game) -> None:
    record = PhaseRecord("later.vlog", 3, 0, 0, opening(game, {"sov-xx-32-tank": "1520"}))
    assert [j for j in check_game([record]) if j.verdict.case.startswith("Kiev 18")] == []
