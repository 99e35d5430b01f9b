"""Hex geometry of printed maps: names, neighbours, distance, hexsides."""

from __future__ import annotations

import itertools
import math

import pytest

from vmodgen.engine.hexes import BadHexName, Hex, HexLayout, Hexside

KIEV_LIKE = HexLayout(first_col=1, last_col=29, first_row=1, last_row=33, shifted="even")

ALL_LAYOUTS = [
    HexLayout(first_col=fc, last_col=fc + 9, first_row=fr, last_row=fr + 7, shifted=sh,
              orientation=o, descending_cols=dc, descending_rows=dr)
    for o, sh, dc, dr, fc, fr in itertools.product(
        ["columns", "rows"], ["even", "odd"], [False, True], [False, True], [0, 1], [1, 2])
]


def test_names_are_zero_padded_column_then_row() -> None:
    assert KIEV_LIKE.name(Hex(3, 19)) == "0319"
    assert KIEV_LIKE.parse("0319") == Hex(3, 19)


@pytest.mark.parametrize("text", ["319", "03a9", "", "031900"])
def test_bad_names_are_rejected(text: str) -> None:
    with pytest.raises(BadHexName):
        KIEV_LIKE.parse(text)


def test_shifted_even_columns_make_2302_and_2401_neighbours() -> None:
    # AGS Kiev 22.1 names hexside 2302/2401: the even columns sit half a hex lower.
    assert KIEV_LIKE.adjacent(KIEV_LIKE.parse("2302"), KIEV_LIKE.parse("2401"))
    assert not KIEV_LIKE.adjacent(KIEV_LIKE.parse("2302"), KIEV_LIKE.parse("2403"))


def test_interior_hex_has_six_neighbours_and_corner_fewer() -> None:
    assert len(KIEV_LIKE.neighbours(Hex(10, 10))) == 6
    assert len(KIEV_LIKE.neighbours(Hex(1, 1))) == 2


@pytest.mark.parametrize("layout", ALL_LAYOUTS, ids=repr)
def test_neighbours_are_exactly_the_hexes_one_hex_height_away(layout: HexLayout) -> None:
    for hex_ in layout.hexes():
        geometric = {other for other in layout.hexes()
                     if other != hex_ and abs(math.dist(layout.center(hex_), layout.center(other)) - 1) < 1e-6}
        assert geometric == set(layout.neighbours(hex_))


@pytest.mark.parametrize("layout", ALL_LAYOUTS, ids=repr)
def test_cube_round_trip(layout: HexLayout) -> None:
    for hex_ in layout.hexes():
        assert layout.from_cube(layout.to_cube(hex_)) == hex_


def test_distance_along_a_column_and_diagonally() -> None:
    assert KIEV_LIKE.distance(Hex(3, 19), Hex(3, 25)) == 6
    assert KIEV_LIKE.distance(Hex(3, 19), Hex(9, 19)) == 6
    assert KIEV_LIKE.distance(Hex(3, 19), Hex(3, 19)) == 0


def test_within_radius_counts_a_full_ring() -> None:
    assert len(KIEV_LIKE.within(Hex(10, 10), 2)) == 19


def test_line_steps_between_adjacent_hexes() -> None:
    path = KIEV_LIKE.line(Hex(2, 2), Hex(12, 9))
    assert path[0] == Hex(2, 2) and path[-1] == Hex(12, 9)
    assert all(KIEV_LIKE.adjacent(a, b) for a, b in zip(path, path[1:]))


def test_hexside_is_named_by_its_pair_in_either_order() -> None:
    a, b = Hex(23, 2), Hex(24, 1)
    assert KIEV_LIKE.hexside(a, b) == KIEV_LIKE.hexside(b, a) == Hexside.between(a, b)
    with pytest.raises(ValueError):
        KIEV_LIKE.hexside(Hex(1, 1), Hex(5, 5))


def test_hexside_endpoints_are_shared_corners() -> None:
    a, b = Hex(5, 5), Hex(6, 5)
    ends = KIEV_LIKE.hexside_endpoints(a, b)
    corners_a, corners_b = KIEV_LIKE.corners(a), KIEV_LIKE.corners(b)
    for end in ends:
        assert min(math.dist(end, c) for c in corners_a) < 1e-9
        assert min(math.dist(end, c) for c in corners_b) < 1e-9
