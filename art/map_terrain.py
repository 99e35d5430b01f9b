"""Hex terrain on the map: each hex filled with its terrain's colour, and symbols scattered
over every region of one terrain.

Symbols are placed on one lattice over the whole region (the shapely union of its hexes), not
stamped hex by hex, so a forest reads as a forest rather than a pattern of tiles. They keep
clear of the hex numbers and the edge of the region, so no tree leaks into a clear hex.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import shapely
from shapely.geometry import box as shapely_box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from vmodgen.art.canvas import Canvas
from vmodgen.art.map_frame import Box, MapFrame
from vmodgen.art.terrain_style import SPACING, TerrainStyle, draw_symbol, style_of
from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game


def terrain_styles(game: Game) -> dict[str, TerrainStyle]:
    return {name: style_of(name, t.color) for name, t in game.terrain.of_kind("hex").items()}


def draw_terrain(canvas: Canvas, frame: MapFrame, game: Game, keep_clear: list[Box]) -> None:
    """Fill every hex, then draw each terrain's symbols over its regions."""
    styles = terrain_styles(game)
    regions: dict[str, list[Hex]] = defaultdict(list)
    for hex_ in frame.hexes:
        info = game.map.hexes.get(hex_)
        name = info.terrain if info else ""
        style = styles.get(name) or style_of(name, "")
        corners = frame.corners(hex_)
        # The outline in the fill colour closes the hairline seams between neighbouring hexes.
        canvas.polygon(corners, fill=style.fill, outline=style.fill, width=1.0)
        regions[name].append(hex_)
    clear = unary_union([shapely_box(*b) for b in keep_clear]) if keep_clear else None
    for name in sorted(regions):
        style = styles.get(name) or style_of(name, "")
        if style.pattern == "none":
            continue
        area = unary_union([frame.polygon(h) for h in regions[name]])
        scatter_symbols(canvas, area, style, frame.hex_height, clear)


def scatter_symbols(canvas: Canvas, area: BaseGeometry, style: TerrainStyle, h: float,
                    clear: BaseGeometry | None = None) -> None:
    """Symbols of ``style`` over ``area`` at the size they have on a map of hex height ``h``."""
    if style.pattern not in SPACING:
        return
    size = h * 0.2
    step = h * SPACING[style.pattern]
    inner = area.buffer(-size * 0.6)
    if inner.is_empty:
        return
    minx, miny, maxx, maxy = inner.bounds
    rows = int((maxy - miny) / (step * 0.87)) + 2
    cols = int((maxx - minx) / step) + 2
    # A staggered lattice anchored to the board (not to the region), nudged by a fixed hash of
    # each lattice index so the pattern looks drawn by hand yet never changes between builds.
    x0 = minx - (minx % step)
    y0 = miny - (miny % (step * 0.87))
    j_index, i_index = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    jj = j_index + int(y0 // (step * 0.87))
    ii = i_index + int(x0 // step)
    xs = x0 + i_index * step + (jj % 2) * step / 2.0 + (_hash(ii, jj, 1) - 0.5) * step * 0.3
    ys = y0 + j_index * step * 0.87 + (_hash(ii, jj, 2) - 0.5) * step * 0.3
    xs, ys = xs.ravel(), ys.ravel()
    inside = shapely.contains_xy(inner, xs, ys)
    if clear is not None:
        inside &= ~shapely.intersects_xy(clear.buffer(size * 0.5), xs, ys)
    for x, y in zip(xs[inside], ys[inside]):
        draw_symbol(canvas, style, float(x), float(y), size)


def _hash(i: np.ndarray, j: np.ndarray, salt: int) -> np.ndarray:
    """A fixed pseudo-random value in [0, 1) for each lattice index (no random state)."""
    value = (i.astype(np.int64) * 73856093) ^ (j.astype(np.int64) * 19349663) ^ (salt * 83492791)
    return ((value * 2654435761) % 4294967296) / 4294967296.0
