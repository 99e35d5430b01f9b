"""VASSAL's map grids, reimplemented so that a board pixel gets the same location name, and a
location name the same pixel, as in the real engine (VASSAL 3.6).

A reader of logs needs this to name the hexes pieces moved between; the module builder needs it
to draw hexes exactly where the engine will snap pieces.
"""

from vmodgen.engine.grids.hexgrid import HexGrid
from vmodgen.engine.grids.numbering import BadCoords, GridNumbering

__all__ = ["BadCoords", "GridNumbering", "HexGrid"]
