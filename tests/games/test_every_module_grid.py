"""The real engine names every hex of every game's module as we do (grid agreement), for every
game under games/ and both of the oracle's engines: each hex centre, and a point just inside each
of its six sides, where a rounding slip would change the name."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from vmodgen.build import build_game
from vmodgen.engine.grids.layout import board_geometry
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from tests.oracle import ENGINES, run_oracle

# a game whose map/ is another branch's and not merged yet (Korsun 1944 until k1944-map) cannot load
GAMES = sorted(p.parent for p in (Path(__file__).resolve().parents[2] / "games").glob("*/game.toml")
               if (p.parent / "map" / "grid.toml").is_file())


@pytest.fixture(scope="module", params=GAMES, ids=[g.name for g in GAMES])
def game_and_module(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    folder: Path = request.param
    return load_game(folder), build_game(folder, tmp_path_factory.mktemp(folder.name)).path


@pytest.mark.parametrize("engine", ENGINES)
def test_engine_names_every_hex_centre_and_near_edge_point_as_we_do(game_and_module: tuple[Game, Path],
                                                                    engine: str) -> None:
    game, module = game_and_module
    art = game.map.art
    board = board_geometry(game.map.layout, art.hex_height, art.margin, art.key_width)
    points: list[tuple[int, int]] = []
    for hex_ in game.map.layout.hexes():
        cx, cy = board.pixel(hex_)
        points.append((cx, cy))
        for angle in range(30, 360, 60):
            reach = 0.46 * art.hex_height
            points.append((round(cx + reach * math.cos(math.radians(angle))),
                           round(cy + reach * math.sin(math.radians(angle)))))
    report = run_oracle("grid", module, *[str(v) for point in points for v in point], engine=engine)
    mismatches = [(p["x"], p["y"], p["location"], board.grid.location_name(p["x"], p["y"]))
                  for p in report["points"] if p["location"] != board.grid.location_name(p["x"], p["y"])]
    assert mismatches == []
    assert [p["location"] for p in report["points"][::7]] == [game.map.name(h) for h in game.map.layout.hexes()]
