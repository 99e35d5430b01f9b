"""Where things go on the board picture, in pixels.

Every hex is drawn around the pixel VASSAL snaps a piece to (``BoardGeometry.pixel``), so a
counter dropped on a hex sits in the middle of the printed hex. Shapes shared by two hexes
(hexsides, road segments) are placed from the same centres, so they meet the hex outlines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from shapely.geometry import Polygon

from vmodgen.engine.grids.layout import BoardGeometry, board_geometry
from vmodgen.engine.hexes import Hex, HexLayout
from vmodgen.engine.model.game import Game

Point = tuple[float, float]
Box = tuple[float, float, float, float]


def geometry_of(game: Game) -> BoardGeometry:
    """The board the map picture is drawn for (the same call the module builder makes)."""
    art = game.map.art
    return board_geometry(game.map.layout, art.hex_height, art.margin, art.key_width)


@dataclass(frozen=True)
class MapFrame:
    """Pixel positions of hexes, corners and hexsides on one board picture."""

    board: BoardGeometry
    hex_height: int
    margin: int
    key_width: int

    @classmethod
    def of(cls, game: Game) -> MapFrame:
        art = game.map.art
        return cls(geometry_of(game), art.hex_height, art.margin, art.key_width)

    @property
    def layout(self) -> HexLayout:
        return self.board.layout

    @property
    def width(self) -> int:
        return self.board.width

    @property
    def height(self) -> int:
        return self.board.height

    @property
    def radius(self) -> float:
        """Centre-to-corner distance in pixels."""
        return self.hex_height / math.sqrt(3.0)

    def centre(self, hex_: Hex) -> Point:
        x, y = self.board.pixel(hex_)
        return float(x), float(y)

    def to_pixel(self, hex_: Hex, point: Point) -> Point:
        """A point given in HexLayout units, placed relative to ``hex_``'s snap point."""
        ux, uy = self.layout.center(hex_)
        cx, cy = self.centre(hex_)
        return cx + (point[0] - ux) * self.hex_height, cy + (point[1] - uy) * self.hex_height

    def corners(self, hex_: Hex) -> list[Point]:
        return [self.to_pixel(hex_, c) for c in self.layout.corners(hex_)]

    def polygon(self, hex_: Hex) -> Polygon:
        return Polygon(self.corners(hex_))

    def hexside(self, a: Hex, b: Hex) -> tuple[Point, Point]:
        """The two ends of the side between a and b (b may lie off the board)."""
        p, q = self.layout.hexside_endpoints(a, b)
        return self.to_pixel(a, p), self.to_pixel(a, q)

    def hexside_midpoint(self, a: Hex, b: Hex) -> Point:
        (x0, y0), (x1, y1) = self.hexside(a, b)
        return (x0 + x1) / 2.0, (y0 + y1) / 2.0

    def number_box(self, hex_: Hex) -> Box:
        """Where the hex number is printed: a strip at the top of the hex."""
        cx, cy = self.centre(hex_)
        h = self.hex_height
        if self.layout.orientation == "columns":
            top = cy - h / 2.0 + 0.03 * h
        else:
            top = cy - self.radius + 0.22 * h
        size = self.number_size
        return cx - 1.3 * size, top, cx + 1.3 * size, top + size * 1.05

    @property
    def number_size(self) -> int:
        return max(7, round(self.hex_height * 0.125))

    @cached_property
    def hexes(self) -> tuple[Hex, ...]:
        return tuple(self.layout.hexes())

    @cached_property
    def map_box(self) -> Box:
        """The box around every hex of the board (the printed map area, without the key)."""
        xs, ys = [], []
        for hex_ in self.hexes:
            for x, y in self.corners(hex_):
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)

    def off_board_sides(self, hex_: Hex) -> list[Hex]:
        """The neighbours of an edge hex that lie off the board."""
        return [n for n in self.layout.neighbours(hex_, on_board=False) if not self.layout.contains(n)]
