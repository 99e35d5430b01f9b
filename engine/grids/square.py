"""VASSAL's SquareGrid with SquareGridNumbering: board pixels -> location names.

Kept to the engine's arithmetic: the column rounds with ``floor(v + 0.5)`` but the row with
``(int)(v + 0.5)``, which truncates toward zero, so rows above the origin name differently
from columns left of it; descending numbering counts from ``(int)(size / d + 0.5)``.

>>> grid = SquareGrid(x0=24, y0=24, dx=48, dy=48, size=(1008, 1008),
...                   numbering=GridNumbering(sep=",", h_leading=0, h_off=-10, v_leading=0, v_off=-11,
...                                           v_descend=True))
>>> grid.location_name(552, 552)
'1,-1'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from vmodgen.engine.grids.spacing import grid_spacing
from vmodgen.engine.grids.javamath import java_int
from vmodgen.engine.grids.numbering import GridNumbering, _bool


@dataclass(frozen=True)
class SquareGrid:
    """A rectangular grid; ``size`` is its container's (board or zone) width and height."""

    dx: float = 48.0
    dy: float = 48.0
    x0: int = 24
    y0: int = 24
    snap_to: bool = True
    numbering: GridNumbering | None = None
    size: tuple[int, int] = (0, 0)

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str], numbering: GridNumbering | None,
                        size: tuple[int, int]) -> SquareGrid:
        return cls(
            dx=grid_spacing(attrs.get("dx"), "dx", 48.0),
            dy=grid_spacing(attrs.get("dy"), "dy", 48.0),
            x0=int(attrs["x0"]) if attrs.get("x0") else 24,
            y0=int(attrs["y0"]) if attrs.get("y0") else 24,
            snap_to=_bool(attrs.get("snapTo"), True),
            numbering=numbering, size=size)

    def column(self, x: int, y: int) -> int:
        col = math.floor((x - self.x0) / self.dx + 0.5)
        if self.numbering is not None and self.numbering.h_descend:
            return java_int(self.size[0] / self.dx + 0.5) - col
        return col

    def row(self, x: int, y: int) -> int:
        row = java_int((y - self.y0) / self.dy + 0.5)
        if self.numbering is not None and self.numbering.v_descend:
            return java_int(self.size[1] / self.dy + 0.5) - row
        return row

    def location_name(self, x: int, y: int) -> str | None:
        """The engine's name for board-local point (x, y); None without a numbering."""
        if self.numbering is None:
            return None
        return self.numbering.location_name(self.row(x, y), self.column(x, y))
