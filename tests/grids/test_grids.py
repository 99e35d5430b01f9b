"""The engine's quirks in each grid, one behaviour per test."""

from __future__ import annotations

from vmodgen.engine.grids.board import Board, Deck, MapBoards, PlacedBoard
from vmodgen.engine.grids.formatted import expand
from vmodgen.engine.grids.numbering import GridNumbering
from vmodgen.engine.grids.region import RegionGrid, java_hash_order, point_hash
from vmodgen.engine.grids.square import SquareGrid
from vmodgen.engine.grids.zoned import Zone, ZonedGrid, parse_path, polygon_contains

SQUARE = ((0, 0), (10, 0), (10, 10), (0, 10))


def test_square_rows_truncate_toward_zero_while_columns_floor() -> None:
    grid = SquareGrid(dx=10, dy=10, x0=0, y0=0, numbering=GridNumbering(sep=",", h_off=0, v_off=0, h_leading=0, v_leading=0))
    assert grid.location_name(-8, -8) == "-1,0"


def test_descending_square_numbers_count_from_the_board_size() -> None:
    grid = SquareGrid(dx=10, dy=10, x0=5, y0=5, size=(100, 50),
                      numbering=GridNumbering(sep=",", h_off=0, v_off=0, h_leading=0, v_leading=0, v_descend=True))
    assert grid.location_name(5, 5) == "0,5"


def test_a_point_on_the_left_or_top_edge_of_a_zone_is_inside_on_the_right_or_bottom_outside() -> None:
    assert polygon_contains(SQUARE, 0, 5) and polygon_contains(SQUARE, 5, 0)
    assert not polygon_contains(SQUARE, 10, 5) and not polygon_contains(SQUARE, 5, 10)


def test_concave_zones_use_even_odd_crossings() -> None:
    u_shape = parse_path("0,0;30,0;30,30;20,30;20,10;10,10;10,30;0,30")
    assert polygon_contains(u_shape, 5, 20) and not polygon_contains(u_shape, 15, 20)


def test_a_zone_path_skips_points_java_cannot_parse() -> None:
    assert parse_path("1,2;x,3;4, 5;6") == ((1, 2), (4, 5))


def test_the_first_zone_containing_a_point_names_it_and_others_fall_to_the_background() -> None:
    first = Zone("First", "$name$", SQUARE)
    second = Zone("Second", "$name$", SQUARE)
    background = RegionGrid.from_regions([("Sea", 50, 50)])
    grid = ZonedGrid((first, second), background)
    assert (grid.location_name(5, 5), grid.location_name(40, 40)) == ("First", "Sea")


def test_a_zone_using_the_parent_grid_names_the_background_location() -> None:
    zone = Zone("Road", "$name$ $gridLocation$", SQUARE, use_parent_grid=True)
    assert ZonedGrid((zone,), RegionGrid.from_regions([("X", 0, 0)])).location_name(5, 5) == "Road X"


def test_equidistant_regions_are_decided_by_java_hash_order() -> None:
    order = java_hash_order([(100, 100), (200, 100)])
    grid = RegionGrid.from_regions([("A", 100, 100), ("B", 200, 100)])
    assert grid.location_name(150, 100) == {(100, 100): "A", (200, 100): "B"}[order[0]]


def test_point_hash_is_java_point_hash_code() -> None:
    assert point_hash(0, 0) == 0
    assert point_hash(1, 0) == 1072693248  # Double.doubleToLongBits(1.0) folded


def test_boards_are_laid_out_by_cell_after_the_edge_buffer() -> None:
    a, b = Board("A", 100, 50), Board("B", 80, 60)
    layout = MapBoards([PlacedBoard(a, 0, 0), PlacedBoard(b, 1, 0), PlacedBoard(b, 0, 1)], edge=(10, 20))
    assert [(p.x, p.y) for p in layout.boards] == [(10, 20), (110, 20), (10, 70)]


def test_only_a_reversible_board_is_reversed() -> None:
    fixed, turnable = Board("F", 100, 50), Board("T", 100, 50, reversible=True)
    layout = MapBoards([PlacedBoard(fixed, 0, 0, True), PlacedBoard(turnable, 1, 0, True)])
    assert [p.reversed for p in layout.boards] == [False, True]
    assert layout.boards[1].local(110, 10) == (90, 40)


def test_a_deck_names_exactly_its_own_point_and_nothing_is_offboard() -> None:
    layout = MapBoards([PlacedBoard(Board("A", 100, 100), 0, 0)], decks=[Deck("Pile", 40, 40, "A")])
    assert (layout.location_name(40, 40), layout.location_name(41, 40), layout.location_name(500, 5)) == \
        ("Pile", "offboard", "offboard")


def test_formatted_strings_drop_unknown_names_only_when_localized() -> None:
    assert expand("$a$-$b$", {"a": "1"}, localized=True) == "1-"
    assert expand("$a$-$b$", {"a": "1"}) == "1-b"
    assert expand("no properties", {}) == "no properties"
