"""VASSAL's HexGrid with its HexGridNumbering: board-local pixels <-> hex location names.

A port of the engine's arithmetic (VASSAL 3.6, ``HexGrid``, ``HexGridNumbering``), kept to its
integer truncations and its rounding, because a name one pixel off is a different hex. The
engine's quirks are kept too (``getMaxRows`` divides the board height by the hex *width*).

>>> grid = HexGrid(dx=43.30127, dy=50.0, x0=25, y0=25, numbering=GridNumbering())
>>> grid.location_name(111, 75)
'0302'
>>> grid.center_of("0302")
(111, 75)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from vmodgen.engine.grids.javamath import java_int, java_round
from vmodgen.engine.grids.numbering import BadCoords, GridNumbering, _bool
from vmodgen.engine.grids.spacing import grid_spacing

SQRT3_2 = math.sqrt(3.0) / 2.0
DEFAULT_DY = 64.0
DEFAULT_DX = SQRT3_2 * DEFAULT_DY


@dataclass(frozen=True)
class HexGrid:
    """A HexGrid on a board of ``board_size`` (width, height) pixels.

    ``dx`` is the distance between column centres, ``dy`` the centre distance within a column
    (VASSAL's "hex width" and "hex height"); ``sideways`` swaps x and y everywhere.
    """

    dx: float = DEFAULT_DX
    dy: float = DEFAULT_DY
    x0: int = 0
    y0: int = 32
    sideways: bool = False
    snap_to: bool = True
    numbering: GridNumbering | None = None
    board_size: tuple[int, int] = field(default=(0, 0))

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str], numbering: GridNumbering | None,
                        board_size: tuple[int, int]) -> HexGrid:
        """Build from buildFile attributes, in VASSAL's order of application: setting dy alone
        makes dx = dy * sqrt(3)/2."""
        dy = grid_spacing(attrs.get("dy"), "dy", DEFAULT_DY)
        dx = grid_spacing(attrs.get("dx"), "dx", SQRT3_2 * dy if attrs.get("dy") else DEFAULT_DX)
        return cls(
            dx=dx, dy=dy,
            x0=int(attrs["x0"]) if attrs.get("x0") else 0,
            y0=int(attrs["y0"]) if attrs.get("y0") else 32,
            sideways=_bool(attrs.get("sideways"), False),
            snap_to=_bool(attrs.get("snapTo"), True),
            numbering=numbering,
            board_size=board_size,
        )

    def to_attributes(self) -> dict[str, str]:
        return {
            "dx": repr(float(self.dx)), "dy": repr(float(self.dy)),
            "x0": str(self.x0), "y0": str(self.y0),
            "sideways": "true" if self.sideways else "false",
            "snapTo": "true" if self.snap_to else "false",
        }

    # -- geometry ---------------------------------------------------------------------------------

    def _rotate(self, x: int, y: int) -> tuple[int, int]:
        return (y, x) if self.sideways else (x, y)

    def raw_column(self, x: int, y: int) -> int:
        px, _ = self._rotate(x, y)
        return math.floor((px - self.x0) / self.dx + 0.5)

    def raw_row(self, x: int, y: int) -> int:
        px, py = self._rotate(x, y)
        nx = java_round((px - self.x0) / self.dx)
        if nx % 2 == 0:
            return java_round((py - self.y0) / self.dy)
        return java_round((py - self.y0 - self.dy / 2) / self.dy)

    def _max_rows(self) -> int:
        return math.floor(self.board_size[1] / self.dx + 0.5)

    def _max_columns(self) -> int:
        return math.floor(self.board_size[0] / self.dy + 0.5)

    def column(self, x: int, y: int) -> int:
        col = self.raw_column(x, y)
        n = self._numbering()
        if n.v_descend and self.sideways:
            col = self._max_rows() - col
        if n.h_descend and not self.sideways:
            col = self._max_columns() - col
        return col

    def row(self, x: int, y: int) -> int:
        n = self._numbering()
        row = self.raw_row(x, y)
        if n.v_descend and not self.sideways:
            row = self._max_rows() - row
        if n.h_descend and self.sideways:
            row = self._max_columns() - row
        if n.stagger and self.raw_column(x, y) % 2 != 0:
            descending = n.h_descend if self.sideways else n.v_descend
            row += -1 if descending else 1
        return row

    def center_point(self, col: int, row: int) -> tuple[int, int]:
        """Pixel centre of numbering cell (col, row) (numbering offsets already removed)."""
        n = self._numbering()
        if n.stagger and col % 2 != 0:
            descending = n.h_descend if self.sideways else n.v_descend
            row += 1 if descending else -1
        if self.sideways:
            if n.v_descend:
                col = self._max_rows() - col
            if n.h_descend:
                row = self._max_columns() - row
        else:
            if n.h_descend:
                col = self._max_columns() - col
            if n.v_descend:
                row = self._max_rows() - row
        x = java_int(col * self.dx) + self.x0
        if col % 2 == 0:
            y = java_int(row * self.dy)
        else:
            y = java_int(row * self.dy + self.dy / 2)
        y += self.y0
        return self._rotate(x, y)

    # -- names --------------------------------------------------------------------------------------

    def _numbering(self) -> GridNumbering:
        if self.numbering is None:
            raise BadCoords("the grid has no numbering")
        return self.numbering

    def location_name(self, x: int, y: int) -> str | None:
        """The engine's name for board-local point (x, y); None when the grid has no numbering."""
        if self.numbering is None:
            return None
        return self.numbering.location_name(self.row(x, y), self.column(x, y))

    def center_of(self, location: str) -> tuple[int, int]:
        """Board-local point the engine places a piece at for a location name (getLocation)."""
        col, row = self._numbering().parse_location(location)
        return self.center_point(col, row)

    def snap(self, x: int, y: int) -> tuple[int, int]:
        """The nearest hex centre (snapToHex), or the point itself when snapping is off."""
        if not self.snap_to:
            return x, y
        px, py = self._rotate(x, y)
        hx = java_int(self.dx * math.floor((px - self.x0 + self.dx / 2) / self.dx) + self.x0)
        nx = math.floor((px - self.x0 + self.dx / 2) / self.dx)
        if nx % 2 == 0:
            hy = java_int(self.dy * math.floor((py - self.y0 + self.dy / 2) / self.dy) + self.y0)
        else:
            hy = java_int(self.dy * math.floor((py - self.y0) / self.dy) + java_int(self.dy / 2) + self.y0)
        return self._rotate(hx, hy)
