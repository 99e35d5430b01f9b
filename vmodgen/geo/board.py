"""The hex grid as geometry: hex polygons, the corner graph rivers run on, nearest hexes."""

from __future__ import annotations

from shapely.geometry import Polygon
from shapely.ops import unary_union

from vmodgen.engine.hexes import SQRT3, Hex, HexLayout

Corner = tuple[int, int]
Edge = tuple[Corner, Corner]


class Board:
    """Hex polygons, the hexside graph between hex corners, and the board's rim corners."""

    def __init__(self, layout: HexLayout) -> None:
        self.layout = layout
        self.hexes = list(layout.hexes())
        self.polygons = {h: Polygon(layout.corners(h)) for h in self.hexes}
        self.outline = unary_union(list(self.polygons.values())).buffer(1e-9)
        self.edges: dict[Edge, tuple[Hex, Hex]] = {}
        self.graph: dict[Corner, list[Corner]] = {}
        self.where: dict[Corner, complex] = {}
        touching: dict[Corner, int] = {}
        for h in self.hexes:
            for corner in layout.corners(h):
                key = self.corner(corner)
                touching[key] = touching.get(key, 0) + 1
            for other in layout.neighbours(h):
                if h < other:
                    ends = [self.corner(p) for p in layout.hexside_endpoints(h, other)]
                    for p in layout.hexside_endpoints(h, other):
                        self.where[self.corner(p)] = complex(*p)
                    self.edges[self.pair(*ends)] = (h, other)
                    self.graph.setdefault(ends[0], []).append(ends[1])
                    self.graph.setdefault(ends[1], []).append(ends[0])
        self.rim = {k for k, n in touching.items() if n < 3 and k in self.graph}

    @staticmethod
    def corner(point: tuple[float, float]) -> Corner:
        return (round(point[0] * 10000), round(point[1] * 10000))

    @staticmethod
    def pair(u: Corner, v: Corner) -> Edge:
        return (u, v) if u <= v else (v, u)

    def nearest(self, z: complex) -> Hex:
        """The hex (on or off the board) whose centre is nearest to z."""
        step = SQRT3 / 2.0
        col0 = round(z.real / step) + self.layout.first_col
        row0 = round(z.imag) + self.layout.first_row
        candidates = [Hex(c, r) for c in range(col0 - 1, col0 + 2) for r in range(row0 - 1, row0 + 2)]
        return min(candidates, key=lambda h: (abs(complex(*self.layout.center(h)) - z), h))

    def centre(self, hex_: Hex) -> complex:
        return complex(*self.layout.center(hex_))

    def edge_of(self, a: Hex, b: Hex) -> Edge:
        return self.pair(*[self.corner(p) for p in self.layout.hexside_endpoints(a, b)])

    def edge_side(self, hex_: Hex, outside: Hex) -> str:
        """Which board edge a step from an edge hex to an off-board hex crosses."""
        lay = self.layout
        if outside.row < lay.first_row:
            return "north"
        if outside.row > lay.last_row:
            return "south"
        return "west" if outside.col < lay.first_col else "east"

    def edge_hexes(self, edge: str, first: int, last: int) -> list[Hex]:
        lay = self.layout
        if edge in ("north", "south"):
            row = lay.first_row if edge == "north" else lay.last_row
            return [Hex(c, row) for c in range(first, last + 1)]
        col = lay.first_col if edge == "west" else lay.last_col
        return [Hex(col, r) for r in range(first, last + 1)]
