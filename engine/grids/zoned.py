"""VASSAL's ZonedGrid: polygon zones, each named by its format and optionally gridded.

A point lies in the first zone (in module order) whose polygon contains it by
``java.awt.Polygon.contains`` (even-odd crossings, with the engine's half-open edges: a point
on a left or top edge is inside, on a right or bottom edge outside); points in no zone are
named by the background grid. A zone's name is its ``locationFormat`` with ``$name$`` and
``$gridLocation$`` (its own grid's, or the background grid's when it uses the parent grid).

>>> zone = Zone("North", "$name$", ((0, 0), (10, 0), (10, 10), (0, 10)))
>>> ZonedGrid((zone,)).location_name(5, 5), ZonedGrid((zone,)).location_name(10, 5)
('North', None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vmodgen.engine.grids.formatted import expand
from vmodgen.engine.sequence import decode


def parse_path(path: str) -> tuple[tuple[int, int], ...]:
    """A Zone's ``path`` attribute (``x,y;x,y;...``), skipping what Java's parseInt rejects."""
    points = []
    for pair in decode(path, ";") if path else []:
        parts = decode(pair, ",")
        try:
            points.append((int(parts[0].strip()), int(parts[1].strip())))
        except (ValueError, IndexError):
            continue
    return tuple(points)


def polygon_contains(points: tuple[tuple[int, int], ...], x: float, y: float) -> bool:
    """``java.awt.Polygon.contains(x, y)``."""
    if len(points) <= 2:
        return False
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    left, top = min(xs), min(ys)
    if not (left <= x < max(xs) and top <= y < max(ys)):
        return False
    hits = 0
    last_x, last_y = points[-1]
    for cur_x, cur_y in points:
        if cur_y != last_y:
            hits += _crosses(x, y, cur_x, cur_y, last_x, last_y)
        last_x, last_y = cur_x, cur_y
    return hits % 2 == 1


def _crosses(x: float, y: float, cur_x: int, cur_y: int, last_x: int, last_y: int) -> int:
    if cur_x < last_x:
        if x >= last_x:
            return 0
        edge_left = cur_x
    else:
        if x >= cur_x:
            return 0
        edge_left = last_x
    if cur_y < last_y:
        if y < cur_y or y >= last_y:
            return 0
        if x < edge_left:
            return 1
        test1, test2 = x - cur_x, y - cur_y
    else:
        if y < last_y or y >= cur_y:
            return 0
        if x < edge_left:
            return 1
        test1, test2 = x - last_x, y - last_y
    return 1 if test1 < (test2 / (last_y - cur_y) * (last_x - cur_x)) else 0


@dataclass(frozen=True)
class Zone:
    name: str
    location_format: str
    points: tuple[tuple[int, int], ...]
    grid: Any = None
    use_parent_grid: bool = False

    def contains(self, x: int, y: int) -> bool:
        return polygon_contains(self.points, x, y)

    @property
    def size(self) -> tuple[int, int]:
        """The bounding box size, which a zone's own grid counts descending numbers from."""
        if not self.points:
            return (0, 0)
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (max(xs) - min(xs), max(ys) - min(ys))

    def location_name(self, x: int, y: int, background: Any = None) -> str:
        grid = background if self.use_parent_grid else self.grid
        grid_location = grid.location_name(x, y) if grid is not None else None
        return expand(self.location_format, {"name": self.name, "gridLocation": grid_location})


@dataclass(frozen=True)
class ZonedGrid:
    zones: tuple[Zone, ...]
    background: Any = None

    def find_zone(self, x: int, y: int) -> Zone | None:
        for zone in self.zones:
            if zone.contains(x, y):
                return zone
        return None

    def location_name(self, x: int, y: int) -> str | None:
        zone = self.find_zone(x, y)
        if zone is not None:
            return zone.location_name(x, y, self.background)
        return self.background.location_name(x, y) if self.background is not None else None
