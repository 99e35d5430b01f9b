"""VASSAL's RegionGrid (irregular grid): named points, a location is the nearest one's name.

The engine keeps the regions in a ``HashMap<Point, Region>`` and takes the first point with a
strictly smaller distance, so between two equally near regions the winner is whichever comes
first in Java's hash order; that order is reproduced here (``java_hash_order``), as is the
map's keying by point (a later region at the same point replaces an earlier one).

>>> grid = RegionGrid.from_regions([("Japan", 1341, 452), ("Okinawa", 1125, 623)])
>>> grid.location_name(1200, 600)
'Okinawa'
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass

_MASK32 = 0xFFFFFFFF


def _int32(value: int) -> int:
    value &= _MASK32
    return value - (1 << 32) if value & 0x80000000 else value


def _double_bits(value: float) -> int:
    return struct.unpack(">q", struct.pack(">d", float(value)))[0]


def point_hash(x: int, y: int) -> int:
    """``java.awt.Point.hashCode()`` (Point2D's: the bits of both coordinates as doubles)."""
    bits = _double_bits(x) ^ ((_double_bits(y) * 31) & 0xFFFFFFFFFFFFFFFF)
    bits &= 0xFFFFFFFFFFFFFFFF
    low = bits & _MASK32
    high = (bits >> 32) & _MASK32
    return _int32(low ^ high)


def java_hash_order(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The iteration order of a ``java.util.HashMap`` holding these keys, put in this order."""
    capacity, threshold = 16, 12
    while len(points) > threshold:
        capacity, threshold = capacity * 2, threshold * 2

    def bucket(point: tuple[int, int]) -> int:
        h = point_hash(*point) & _MASK32
        return (h ^ (h >> 16)) & (capacity - 1)

    return sorted(points, key=lambda p: (bucket(p), points.index(p)))


@dataclass(frozen=True)
class RegionGrid:
    """Regions as (name, x, y), in the engine's iteration order."""

    regions: tuple[tuple[str, int, int], ...]
    snap_to: bool = True

    @classmethod
    def from_regions(cls, regions: Iterable[tuple[str, int, int]], snap_to: bool = True) -> RegionGrid:
        by_point: dict[tuple[int, int], str] = {}
        for name, x, y in regions:
            by_point[(x, y)] = name
        order = java_hash_order(list(by_point))
        return cls(tuple((by_point[p], p[0], p[1]) for p in order), snap_to)

    def nearest(self, x: int, y: int) -> tuple[str, int, int] | None:
        best = None
        best_distance = float("inf")
        for region in self.regions:
            dx, dy = x - region[1], y - region[2]
            distance = _int32(_int32(dx * dx) + _int32(dy * dy))
            if distance < best_distance:
                best, best_distance = region, distance
        return best

    def location_name(self, x: int, y: int) -> str | None:
        region = self.nearest(x, y)
        return region[0] if region else None
