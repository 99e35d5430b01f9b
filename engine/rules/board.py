"""The edges of a printed map: where supply sources and entry hexes lie, and where the Stalin
line is closed. (Geometry the rules need; ``engine.hexes`` could one day own it.)

>>> sorted(edge_hexes(game.map.layout, "west"))[:1]          # doctest: +SKIP
[Hex(col=1, row=1)]
"""

from __future__ import annotations

from functools import lru_cache

from vmodgen.engine.hexes import Hex, HexLayout

EDGES = ("north", "south", "east", "west")


@lru_cache(maxsize=64)
def edge_hexes(layout: HexLayout, edge: str) -> frozenset[Hex]:
    """The board hexes on one edge (north, south, east, west) as the map is printed."""
    if edge not in EDGES:
        raise ValueError(f"{edge!r} is not one of {EDGES}")
    width = layout.last_col - layout.first_col
    height = layout.last_row - layout.first_row
    found = set()
    for hex_ in layout.hexes():
        across = layout.last_col - hex_.col if layout.descending_cols else hex_.col - layout.first_col
        down = layout.last_row - hex_.row if layout.descending_rows else hex_.row - layout.first_row
        if {"north": down == 0, "south": down == height, "west": across == 0, "east": across == width}[edge]:
            found.add(hex_)
    return frozenset(found)
