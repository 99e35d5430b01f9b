"""The VASSAL grid made for a printed map names every hex as the printed map does."""

from __future__ import annotations

import math

import pytest

from vmodgen.engine.grids.layout import board_geometry
from tests.hexes.test_hexes import ALL_LAYOUTS
from vmodgen.engine.hexes import HexLayout


@pytest.mark.parametrize("layout", ALL_LAYOUTS, ids=repr)
def test_engine_names_each_hex_centre_with_its_printed_name(layout: HexLayout) -> None:
    board = board_geometry(layout, hex_height=80, margin=40)
    for hex_ in layout.hexes():
        x, y = board.pixel(hex_)
        assert board.grid.location_name(x, y) == layout.name(hex_)
        assert 0 < x < board.width and 0 < y < board.height


@pytest.mark.parametrize("layout", ALL_LAYOUTS, ids=repr)
def test_printed_neighbours_are_neighbours_on_the_board(layout: HexLayout) -> None:
    board = board_geometry(layout, hex_height=80, margin=40)
    for hex_ in layout.hexes():
        for other in layout.neighbours(hex_):
            assert abs(math.dist(board.pixel(hex_), board.pixel(other)) - 80) <= 1.5
