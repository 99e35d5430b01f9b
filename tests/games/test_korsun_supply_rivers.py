"""Korsun 19.72 (with AGS 12.11 and 19.71): major river hexsides do not block German supply, while
a Soviet line still crosses one only along a road. The shared supply tracer reads the per-side
exception from ``rules.supply_features_ignored``; here it is judged on Korsun's own data, with a
German unit put across the Dniepr from every German supply source."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.supply import SupplyTracer

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(REPO / "games" / "korsun")


def position(game: Game, moved: dict[str, str]) -> dict[str, UnitState]:
    """The set-up with the units of ``moved`` put on other hexes."""
    units = {c.id: UnitState(c, c.setup, False) for c in game.counters if c.setup is not None and c.role != "marker"}
    for key, hex_name in moved.items():
        units[key] = UnitState(game.counter(key), game.map.layout.parse(hex_name), False)
    return units


def test_the_dniepr_lies_between_the_hexes_used_here(game: Game) -> None:
    layout = game.map.layout
    assert game.map.features(layout.parse("2806"), layout.parse("2805")) == ("major_river",)
    assert not any(game.map.line_crosses("road", layout.parse("2806"), layout.parse(h)) for h in ("2805", "2906"))


@pytest.mark.parametrize("hex_name", ["2805", "2906"])
def test_german_supply_crosses_the_dniepr(game: Game, hex_name: str) -> None:
    # SS Wallonien across the Dniepr from 2806: in supply (19.72);
    # by the chart alone (the Soviet rule, supply only along a road) it would be cut off
    units = position(game, {"ger-x-wallonien": hex_name})
    assert SupplyTracer(Situation(game, 4, 5, units, {})).state("ger-x-wallonien").in_supply is True
    rules = {k: v for k, v in game.rules.items() if k != "supply_features_ignored"}
    chart_only = dataclasses.replace(game, rules=rules)
    assert SupplyTracer(Situation(chart_only, 4, 5, units, {})).state("ger-x-wallonien").in_supply is False


def test_the_exception_is_the_german_players_only(game: Game) -> None:
    assert game.rules["supply_features_ignored"].value == {"German": ["major_river"]}
    assert game.terrain.types["major_river"].get("supply_crosses_at") == ["road"]   # 19.71, Soviet
