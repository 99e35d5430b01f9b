"""Hex geometry for printed wargame maps.

Printed maps name hexes by offset coordinates (column, row), which is what players read and what
the data files use. All arithmetic (neighbours, distance, lines, hexsides) is done in cube
coordinates, where it is simple; one conversion each way, at the edges (Red Blob Games' hexagon
guide).

>>> layout = HexLayout(first_col=1, last_col=29, first_row=1, last_row=33, shifted="even")
>>> layout.parse("2302") in layout.neighbours(layout.parse("2401"))
True
>>> layout.distance(layout.parse("0319"), layout.parse("0322"))
3
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, NamedTuple

Orientation = Literal["columns", "rows"]
Parity = Literal["even", "odd"]

SQRT3 = math.sqrt(3.0)

#: Cube direction vectors, clockwise from "north" for flat-topped hexes (N, NE, SE, S, SW, NW).
CUBE_DIRECTIONS: tuple[tuple[int, int, int], ...] = (
    (0, -1, 1), (1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1),
)


class Hex(NamedTuple):
    """A hex by its printed column and row numbers (e.g. 0319 is column 3, row 19).

    A named tuple, so that hashing and comparing one (which searches over the map do millions of
    times) is done by the interpreter's own tuple code; hash and order are those of (col, row)."""

    col: int
    row: int


@dataclass(frozen=True, order=True)
class Cube:
    """Cube coordinates: q + r + s == 0."""

    q: int
    r: int
    s: int

    def __add__(self, other: Cube) -> Cube:
        return Cube(self.q + other.q, self.r + other.r, self.s + other.s)

    def __sub__(self, other: Cube) -> Cube:
        return Cube(self.q - other.q, self.r - other.r, self.s - other.s)

    def length(self) -> int:
        return max(abs(self.q), abs(self.r), abs(self.s))


class BadHexName(ValueError):
    """A string that is not a hex name of this layout."""


@dataclass(frozen=True)
class HexLayout:
    """How a printed map lays out and numbers its hexes.

    ``orientation="columns"``: flat-topped hexes in vertical columns (SPI's usual layout);
    ``"rows"``: pointy-topped hexes in horizontal rows. ``shifted`` names the printed columns
    (rows) that sit half a hex lower (further right). ``descending_cols``/``descending_rows``:
    printed numbers grow right-to-left / bottom-to-top. A hex's name is the zero-padded column
    then row ("0319").
    """

    first_col: int
    last_col: int
    first_row: int
    last_row: int
    shifted: Parity = "even"
    orientation: Orientation = "columns"
    col_digits: int = 2
    row_digits: int = 2
    descending_cols: bool = False
    descending_rows: bool = False

    # -- names -------------------------------------------------------------------------------

    def name(self, hex_: Hex) -> str:
        return f"{hex_.col:0{self.col_digits}d}{hex_.row:0{self.row_digits}d}"

    def parse(self, name: str) -> Hex:
        """The hex a printed name denotes; raises BadHexName for anything else."""
        text = name.strip()
        width = self.col_digits + self.row_digits
        if len(text) != width or not text.isdigit():
            raise BadHexName(f"{name!r} is not a {width}-digit hex number")
        return Hex(int(text[: self.col_digits]), int(text[self.col_digits :]))

    def contains(self, hex_: Hex) -> bool:
        return (self.first_col <= hex_.col <= self.last_col
                and self.first_row <= hex_.row <= self.last_row)

    def hexes(self) -> Iterator[Hex]:
        """Every hex of the board, column by column."""
        for col in range(self.first_col, self.last_col + 1):
            for row in range(self.first_row, self.last_row + 1):
                yield Hex(col, row)

    # -- visual placement ----------------------------------------------------------------------

    def _visual(self, hex_: Hex) -> tuple[int, int]:
        """(line index, position along the line), 0-based from the top-left of the board.

        A "line" is a column for ``orientation="columns"`` and a row for ``"rows"``."""
        col = self.last_col - hex_.col if self.descending_cols else hex_.col - self.first_col
        row = self.last_row - hex_.row if self.descending_rows else hex_.row - self.first_row
        return (col, row) if self.orientation == "columns" else (row, col)

    def is_shifted(self, hex_: Hex) -> bool:
        """True when the hex's printed column (or row) is one of the half-shifted ones."""
        number = hex_.col if self.orientation == "columns" else hex_.row
        return (number % 2 == 0) == (self.shifted == "even")

    def center(self, hex_: Hex) -> tuple[float, float]:
        """Centre of a hex in units of the hex's flat-to-flat height, origin at the centre of
        the top-left unshifted position."""
        line, along = self._visual(hex_)
        across = line * SQRT3 / 2.0
        down = along + (0.5 if self.is_shifted(hex_) else 0.0)
        return (across, down) if self.orientation == "columns" else (down, across)

    # -- cube coordinates --------------------------------------------------------------------------

    def to_cube(self, hex_: Hex) -> Cube:
        line, along = self._visual(hex_)
        shift = 1 if self.is_shifted(hex_) else 0
        # Position along the line in half-hexes is 2*along + shift; q/2 of it comes from the line.
        # The constant keeps r an integer whichever parity is shifted.
        parity = (line + shift) % 2
        r = (2 * along + shift - line - parity) // 2
        # Pointy-topped rows are the transpose of flat-topped columns, and a transpose keeps
        # adjacency and distance, so the same formula serves both orientations.
        return Cube(line, r, -line - r)

    def from_cube(self, cube: Cube) -> Hex:
        line = cube.q
        # Invert to_cube: find along and shift consistent with the board's parity.
        for shift in (0, 1):
            parity = (line + shift) % 2
            along2 = 2 * cube.r + line + parity - shift
            if along2 % 2:
                continue
            along = along2 // 2
            hex_ = self._from_visual(line, along)
            if (1 if self.is_shifted(hex_) else 0) == shift:
                return hex_
        raise AssertionError(f"no hex for {cube}")  # pragma: no cover - parity always matches

    def _from_visual(self, line: int, along: int) -> Hex:
        col_v, row_v = (line, along) if self.orientation == "columns" else (along, line)
        col = self.last_col - col_v if self.descending_cols else col_v + self.first_col
        row = self.last_row - row_v if self.descending_rows else row_v + self.first_row
        return Hex(col, row)

    # -- neighbourhood -----------------------------------------------------------------------------

    def neighbours(self, hex_: Hex, on_board: bool = True) -> list[Hex]:
        """The six adjacent hexes (only those on the board unless ``on_board=False``)."""
        if on_board:
            known = self._board_neighbours.get(hex_)
            if known is not None:
                return list(known)
            return self._neighbours(hex_, on_board)
        # Off-board neighbours too are asked for again and again (a river line's corners, the
        # hexsides around a unit): each hex's six worked out once.
        around = self._all_neighbours.get(hex_)
        if around is None:
            around = self._all_neighbours[hex_] = tuple(self._neighbours(hex_, False))
        return list(around)

    @cached_property
    def _board_neighbours(self) -> dict[Hex, tuple[Hex, ...]]:
        # Searches over the map ask for neighbours millions of times: work them out once. Each
        # board hex's cube once, then a neighbour is the board hex at the next cube (to_cube is
        # one to one), in CUBE_DIRECTIONS order as _neighbours gives them, with no from_cube.
        cubes = {}
        for hex_ in self.hexes():
            cube = self.to_cube(hex_)
            cubes[hex_] = (cube.q, cube.r)
        at = {qr: hex_ for hex_, qr in cubes.items()}
        return {hex_: tuple(at[(q + dq, r + dr)] for dq, dr, _ in CUBE_DIRECTIONS if (q + dq, r + dr) in at)
                for hex_, (q, r) in cubes.items()}

    @cached_property
    def _all_neighbours(self) -> dict[Hex, tuple[Hex, ...]]:
        return {}

    def _neighbours(self, hex_: Hex, on_board: bool) -> list[Hex]:
        cube = self.to_cube(hex_)
        result = []
        for dq, dr, ds in CUBE_DIRECTIONS:
            other = self.from_cube(Cube(cube.q + dq, cube.r + dr, cube.s + ds))
            if not on_board or self.contains(other):
                result.append(other)
        return result

    def adjacent(self, a: Hex, b: Hex) -> bool:
        return (self.to_cube(a) - self.to_cube(b)).length() == 1

    def distance(self, a: Hex, b: Hex) -> int:
        return (self.to_cube(a) - self.to_cube(b)).length()

    def within(self, hex_: Hex, radius: int) -> list[Hex]:
        """Every board hex at distance <= radius (the hex itself included)."""
        centre = self.to_cube(hex_)
        found = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                other = self.from_cube(centre + Cube(dq, dr, -dq - dr))
                if self.contains(other):
                    found.append(other)
        return found

    def hexside(self, a: Hex, b: Hex) -> Hexside:
        """The hexside between two adjacent hexes."""
        if not self.adjacent(a, b):
            raise ValueError(f"{self.name(a)} and {self.name(b)} are not adjacent")
        return Hexside.between(a, b)

    def hexside_midpoint(self, a: Hex, b: Hex) -> tuple[float, float]:
        ax, ay = self.center(a)
        bx, by = self.center(b)
        return ((ax + bx) / 2.0, (ay + by) / 2.0)

    def hexside_endpoints(self, a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners shared by adjacent hexes a and b, in center() units."""
        ax, ay = self.center(a)
        bx, by = self.center(b)
        mx, my = (ax + bx) / 2.0, (ay + by) / 2.0
        # The hexside is perpendicular to the centre line; its half-length is the circumradius/2
        # = (1/sqrt3)/2 in flat-to-flat units.
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy)
        half = (1.0 / SQRT3) / 2.0
        px, py = -dy / norm * half, dx / norm * half
        return (mx + px, my + py), (mx - px, my - py)

    def corners(self, hex_: Hex) -> list[tuple[float, float]]:
        """The six corners of a hex in center() units, clockwise."""
        cx, cy = self.center(hex_)
        radius = 1.0 / SQRT3
        start = 0.0 if self.orientation == "columns" else 30.0
        return [(cx + radius * math.cos(math.radians(start + 60 * i)),
                 cy + radius * math.sin(math.radians(start + 60 * i))) for i in range(6)]

    def line(self, a: Hex, b: Hex) -> list[Hex]:
        """Hexes on the straight line from a to b (cube lerp with an epsilon nudge)."""
        ca, cb = self.to_cube(a), self.to_cube(b)
        n = (ca - cb).length()
        if n == 0:
            return [a]
        out = []
        for i in range(n + 1):
            t = i / n
            q = ca.q + (cb.q - ca.q) * t + 1e-6
            r = ca.r + (cb.r - ca.r) * t + 1e-6
            out.append(self.from_cube(_cube_round(q, r, -q - r)))
        return out


def _cube_round(q: float, r: float, s: float) -> Cube:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return Cube(int(rq), int(rr), int(rs))


class Hexside(NamedTuple):
    """The side shared by two adjacent hexes, named by the pair (in a canonical order); a named
    tuple, as :class:`Hex` is."""

    a: Hex
    b: Hex

    @staticmethod
    def between(x: Hex, y: Hex) -> Hexside:
        return Hexside(x, y) if x <= y else Hexside(y, x)

    def other(self, hex_: Hex) -> Hex:
        if hex_ == self.a:
            return self.b
        if hex_ == self.b:
            return self.a
        raise ValueError(f"{hex_} is not on this hexside")


def hexside_corners(layout: HexLayout, side: Hexside) -> list[frozenset[Hex]]:
    """The two corners of a hexside, each named by the three hexes that meet there (off-board
    hexes included, so an edge corner has a name too).

    >>> layout = HexLayout(first_col=1, last_col=5, first_row=1, last_row=5, shifted="even")
    >>> len(hexside_corners(layout, Hexside.between(layout.parse("0202"), layout.parse("0203"))))
    2
    """
    around = set(layout.neighbours(side.a, on_board=False))
    return [frozenset((side.a, side.b, c)) for c in layout.neighbours(side.b, on_board=False) if c in around]


def hexside_run(layout: HexLayout, sides: set[Hexside], first: Hexside, last: Hexside) -> list[Hexside] | None:
    """The shortest run of ``sides`` from ``first`` to ``last`` in which each hexside shares a
    corner with the next (a river line between two named hexsides), or None when they do not join.

    >>> layout = HexLayout(first_col=1, last_col=5, first_row=1, last_row=5, shifted="even")
    >>> a = Hexside.between(layout.parse("0202"), layout.parse("0203"))
    >>> b = Hexside.between(layout.parse("0203"), layout.parse("0303"))
    >>> hexside_run(layout, {a, b}, a, b) == [a, b]
    True
    """
    by_corner: dict[frozenset[Hex], list[Hexside]] = {}
    for side in sides:
        for corner in hexside_corners(layout, side):
            by_corner.setdefault(corner, []).append(side)
    previous: dict[Hexside, Hexside | None] = {first: None}
    queue = deque([first])
    while queue:
        side = queue.popleft()
        if side == last:
            run = [side]
            while (before := previous[run[-1]]) is not None:
                run.append(before)
            return run[::-1]
        for corner in hexside_corners(layout, side):
            for other in sorted(by_corner.get(corner, ())):
                if other not in previous:
                    previous[other] = side
                    queue.append(other)
    return None
