"""The VASSAL board for a printed map: which HexGrid and HexGridNumbering make the engine name
every hex as the printed map does, and how large the board picture is.

The printed layout (:class:`engine.hexes.HexLayout`) says which columns sit half a hex lower and
how numbers run; VASSAL always shifts its odd *raw* columns down and numbers from raw (0, 0). So
the raw column of the first printed column is chosen with the right parity, and ``hOff``/``vOff``
(and the engine's descending arithmetic, quirks included) make the names come out right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from vmodgen.engine.grids.hexgrid import SQRT3_2, HexGrid
from vmodgen.engine.grids.numbering import GridNumbering
from vmodgen.engine.hexes import Hex, HexLayout


@dataclass(frozen=True)
class BoardGeometry:
    """A board picture of ``width`` x ``height`` pixels carrying ``grid``."""

    layout: HexLayout
    grid: HexGrid
    width: int
    height: int

    def pixel(self, hex_: Hex) -> tuple[int, int]:
        """Where the engine puts a piece dropped on this hex (its snap point)."""
        return self.grid.center_of(self.layout.name(hex_))

    def scale(self) -> float:
        """Pixels per unit of HexLayout.center() (the flat-to-flat hex height)."""
        return self.grid.dy


def board_geometry(layout: HexLayout, hex_height: int, margin: int, key_width: int = 0) -> BoardGeometry:
    """The HexGrid, numbering and picture size for a printed map at ``hex_height`` pixels;
    ``key_width`` extra pixels on the right hold the terrain key and the title."""
    dy = float(hex_height)
    dx = SQRT3_2 * dy
    radius = dy / math.sqrt(3.0)
    sideways = layout.orientation == "rows"
    # In "line" space (rotated when sideways) lines are VASSAL's columns.
    if sideways:
        n_lines = layout.last_row - layout.first_row + 1
        n_along = layout.last_col - layout.first_col + 1
    else:
        n_lines = layout.last_col - layout.first_col + 1
        n_along = layout.last_row - layout.first_row + 1
    first_line_hex = _first_visual_hex(layout)
    k = 1 if layout.is_shifted(first_line_hex) else 0  # raw index of the first visual line
    line_extent = int(math.ceil(2 * margin + (n_lines - 1) * dx + 2 * radius))
    along_extent = int(math.ceil(2 * margin + n_along * dy + dy / 2))
    width, height = (along_extent, line_extent) if sideways else (line_extent, along_extent)
    width += key_width
    origin_line = int(round(margin + radius - k * dx))
    origin_along = int(round(margin + dy / 2))
    x0, y0 = (origin_along, origin_line) if sideways else (origin_line, origin_along)

    max_columns = math.floor(width / dy + 0.5)   # the engine's getMaxColumns (board width / dy)
    max_rows = math.floor(height / dx + 0.5)     # the engine's getMaxRows (board height / dx)
    line_first, along_first, line_desc, along_desc = (
        (layout.first_row, layout.first_col, layout.descending_rows, layout.descending_cols) if sideways
        else (layout.first_col, layout.first_row, layout.descending_cols, layout.descending_rows))
    line_last = layout.last_row if sideways else layout.last_col
    along_last = layout.last_col if sideways else layout.last_row
    # Numbering "column" = raw line index; "row" = raw position along the line.
    if sideways:
        line_max, along_max = max_rows, max_columns   # vDescend uses maxRows, hDescend maxColumns
    else:
        line_max, along_max = max_columns, max_rows
    first_line_number = line_last if line_desc else line_first
    first_along_number = along_last if along_desc else along_first
    line_off = first_line_number - (line_max - k if line_desc else k)
    along_off = first_along_number - (along_max if along_desc else 0)

    col_digits = layout.row_digits if sideways else layout.col_digits
    row_digits = layout.col_digits if sideways else layout.row_digits
    numbering = GridNumbering(
        # The printed name is column then row; sideways, VASSAL's "column" is the printed row.
        first="V" if sideways else "H", sep="",
        h_type="N", h_leading=col_digits - 1, h_off=line_off,
        h_descend=along_desc if sideways else line_desc,
        v_type="N", v_leading=row_digits - 1, v_off=along_off,
        v_descend=line_desc if sideways else along_desc,
        location_format="$gridLocation$", stagger=False,
    )
    grid = HexGrid(dx=dx, dy=dy, x0=x0, y0=y0, sideways=sideways, snap_to=True,
                   numbering=numbering, board_size=(width, height))
    return BoardGeometry(layout, grid, width, height)


def _first_visual_hex(layout: HexLayout) -> Hex:
    col = layout.last_col if layout.descending_cols else layout.first_col
    row = layout.last_row if layout.descending_rows else layout.first_row
    return Hex(col, row)
