"""Building a board's grid from its buildFile element: hex, square, irregular (region), zoned.

The XML tags are VASSAL's class names; attributes take VASSAL's defaults when missing. A grid
nested in a Zone counts descending numbers from the zone's bounding box, a board's grid from the
board's size, as the engine's ``GridContainer.getSize`` does.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from vmodgen.engine.grids.hexgrid import HexGrid
from vmodgen.engine.grids.numbering import GridNumbering
from vmodgen.engine.grids.region import RegionGrid
from vmodgen.engine.grids.square import SquareGrid
from vmodgen.engine.grids.zoned import Zone, ZonedGrid, parse_path

BOARD = "VASSAL.build.module.map.boardPicker.board."
HEX_GRID = BOARD + "HexGrid"
SQUARE_GRID = BOARD + "SquareGrid"
REGION_GRID = BOARD + "RegionGrid"
REGION = BOARD + "Region"
ZONED_GRID = BOARD + "ZonedGrid"
ZONE = BOARD + "mapgrid.Zone"
NUMBERINGS = (BOARD + "mapgrid.HexGridNumbering", BOARD + "mapgrid.SquareGridNumbering")
GRIDS = (HEX_GRID, SQUARE_GRID, REGION_GRID, ZONED_GRID)


class GridError(ValueError):
    """A grid attribute the engine could not parse either (it reports an IllegalBuildException)."""


def children(element: etree._Element, *tags: str) -> list[etree._Element]:
    return [child for child in element if isinstance(child.tag, str) and child.tag in tags]


def grid_of(element: etree._Element, size: tuple[int, int]) -> Any:
    """The grid under a Board or Zone element (the last one: each replaces the one before, as
    ``setGrid`` does), or None when it has none."""
    found = children(element, *GRIDS)
    return build_grid(found[-1], size) if found else None


def build_grid(element: etree._Element, size: tuple[int, int]) -> Any:
    attrs = dict(element.attrib)
    try:
        if element.tag in (HEX_GRID, SQUARE_GRID):
            numbering_elements = children(element, *NUMBERINGS)
            numbering = GridNumbering.from_attributes(dict(numbering_elements[0].attrib)) if numbering_elements else None
            if element.tag == HEX_GRID:
                return HexGrid.from_attributes(attrs, numbering, size)
            return SquareGrid.from_attributes(attrs, numbering, size)
        if element.tag == REGION_GRID:
            regions = [(r.get("name", ""), int(r.get("originx", "0")), int(r.get("originy", "0")))
                       for r in children(element, REGION)]
            return RegionGrid.from_regions(regions, snap_to=attrs.get("snapto", "true") == "true")
        if element.tag == ZONED_GRID:
            return _zoned(element, size)
    except (ValueError, TypeError) as error:
        raise GridError(f"{element.tag.rsplit('.', 1)[-1]}: {error}") from None
    return None


def _zoned(element: etree._Element, size: tuple[int, int]) -> ZonedGrid:
    zones = []
    for zone_element in children(element, ZONE):
        points = parse_path(zone_element.get("path", ""))
        shell = Zone(zone_element.get("name", ""), zone_element.get("locationFormat", "$name$"), points)
        zones.append(Zone(shell.name, shell.location_format, points, grid_of(zone_element, shell.size),
                          zone_element.get("useParentGrid") == "true"))
    background = children(element, HEX_GRID, SQUARE_GRID, REGION_GRID)
    return ZonedGrid(tuple(zones), build_grid(background[-1], size) if background else None)
