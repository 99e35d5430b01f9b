"""The map board picture, drawn from the game's map data.

>>> from pathlib import Path
>>> from vmodgen.engine.model.loader import load_game
>>> render_map(load_game(Path("tests/data/games/mini"))).size
(519, 520)

Layers, bottom to top: paper, terrain fills and symbols, entry-area bands, the hex grid,
roads and railroads, rivers, city and town symbols; then, at full size, hex numbers, place
names and victory points, area letters and the key.
"""

from __future__ import annotations

from PIL import Image

from vmodgen.art.canvas import Canvas
from vmodgen.art.colors import PAPER
from vmodgen.art.map_features import SETUP_DISC, draw_entry_bands, draw_hexside_features, draw_lines, entry_bands, setup_area_marks
from vmodgen.art.map_frame import MapFrame
from vmodgen.art.map_key import draw_key_shapes, draw_key_text, key_layout
from vmodgen.art.map_labels import (draw_area_letters, draw_hex_numbers, draw_place_labels,
                            draw_place_symbols, place_marks)
from vmodgen.art.map_terrain import draw_terrain
from vmodgen.engine.model.game import Game

#: Supersampling of the map's shapes (a larger factor costs memory on big maps).
MAP_FACTOR = 2
GRID_INK = (60, 60, 60)


def render_map(game: Game) -> Image.Image:
    """The board picture: ``board_geometry(...)`` pixels, each hex around its VASSAL snap point."""
    frame = MapFrame.of(game)
    canvas = Canvas((frame.width, frame.height), PAPER, MAP_FACTOR)
    marks = place_marks(frame, game)
    keep_clear = [frame.number_box(h) for h in frame.hexes] + [m.symbol for m in marks]
    keep_clear += [_grow(m.vp_centre, frame.hex_height * 0.1) for m in marks if m.vp_centre]
    draw_terrain(canvas, frame, game, keep_clear)
    bands = entry_bands(frame, game)
    draw_entry_bands(canvas, bands)
    _draw_grid(canvas, frame)
    draw_lines(canvas, frame, game)
    draw_hexside_features(canvas, frame, game)
    draw_place_symbols(canvas, frame, game, marks)
    layout = key_layout(frame, game)
    draw_key_shapes(canvas, frame, game, layout)
    image = canvas.result()
    draw_hex_numbers(image, frame, game)
    letters = draw_area_letters(image, frame, [(name, color, at) for name, color, _, at in bands])
    letters += draw_area_letters(image, frame, setup_area_marks(frame, game), size=SETUP_DISC)
    draw_place_labels(image, frame, marks, letters)
    draw_key_text(image, frame, game, layout)
    return image


def _draw_grid(canvas: Canvas, frame: MapFrame) -> None:
    width = max(0.8, frame.hex_height / 80.0)
    for hex_ in frame.hexes:
        corners = frame.corners(hex_)
        canvas.line(corners + [corners[0]], GRID_INK, width)
    left, top, right, bottom = frame.map_box
    # A frame around the printed area, as on a mounted map.
    pad = frame.hex_height * 0.06
    canvas.rectangle((left - pad, top - pad, right + pad, bottom + pad), outline=GRID_INK, width=1.5)


def _grow(point: tuple[float, float] | None, r: float) -> tuple[float, float, float, float]:
    assert point is not None
    return point[0] - r, point[1] - r, point[0] + r, point[1] + r
