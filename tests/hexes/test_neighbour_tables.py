"""The neighbour tables a layout keeps give what working each hex out on its own gives."""

from __future__ import annotations

import pytest

from vmodgen.engine.hexes import HexLayout

LAYOUTS = [
    dict(first_col=1, last_col=9, first_row=1, last_row=7, shifted="even"),
    dict(first_col=2, last_col=9, first_row=3, last_row=8, shifted="odd", orientation="rows"),
    dict(first_col=1, last_col=9, first_row=1, last_row=7, shifted="odd", descending_cols=True),
    dict(first_col=1, last_col=9, first_row=1, last_row=7, shifted="even", orientation="rows", descending_rows=True),
]


@pytest.mark.parametrize("spec", LAYOUTS)
def test_tables_match_hex_by_hex(spec: dict) -> None:
    layout = HexLayout(**spec)
    for hex_ in layout.hexes():
        assert layout.neighbours(hex_) == layout._neighbours(hex_, True)
        assert layout.neighbours(hex_, on_board=False) == layout._neighbours(hex_, False)
        assert len(layout.neighbours(hex_, on_board=False)) == 6
    corner = next(layout.hexes())
    assert len(layout.neighbours(corner)) < 6      # the board's edge leaves some out
