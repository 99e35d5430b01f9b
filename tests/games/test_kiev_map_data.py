"""The committed Kiev map (games/kiev/map, written by `vmodgen derive-map games/kiev`) read as
plain files and held against what the rulebook says about the map."""

from __future__ import annotations

import csv
import tomllib
from collections import deque
from pathlib import Path

import pytest

from vmodgen.engine.hexes import Hex, HexLayout, Hexside, hexside_corners, hexside_run

MAP = Path(__file__).resolve().parents[2] / "games" / "kiev" / "map"
KINDS = ("rules", "geo", "reconstructed", "unknown")
GRID_KEYS = ("orientation", "shifted", "first_col", "last_col", "first_row", "last_row",
             "col_digits", "row_digits", "descending_cols", "descending_rows")
LINE_RIVERS = ("Desna", "Dnieper")          # the Seim-Desna-Dnieper line of 22.1, as mapped


def rows(name: str) -> list[dict[str, str]]:
    text = (MAP / name).read_text(encoding="utf-8").splitlines()
    return list(csv.DictReader(line for line in text if line.strip() and not line.startswith("#")))


@pytest.fixture(scope="module")
def grid() -> dict:
    return tomllib.loads((MAP / "grid.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def layout(grid: dict) -> HexLayout:
    return HexLayout(**{k: grid[k] for k in GRID_KEYS})


@pytest.fixture(scope="module")
def places(layout: HexLayout) -> dict[str, dict[str, str]]:
    return {row["hex"]: row for row in rows("places.csv")}


@pytest.fixture(scope="module")
def rivers(layout: HexLayout) -> dict[Hexside, dict[str, str]]:
    return {Hexside.between(layout.parse(r["hex"]), layout.parse(r["other"])): r
            for r in rows("hexsides.csv")}


def side(layout: HexLayout, text: str) -> Hexside:
    a, b = text.split("/")
    return Hexside.between(layout.parse(a), layout.parse(b))


def touches_rim(layout: HexLayout, hexside: Hexside) -> bool:
    """A hexside one of whose ends lies on the outline of the board."""
    return any(not all(layout.contains(h) for h in corner) for corner in hexside_corners(layout, hexside))


def on_edge(layout: HexLayout, hex_: Hex) -> bool:
    return len(layout.neighbours(hex_)) < 6


# ------------------------------------------------------------------------------- named hexes

def test_kiev_is_the_city_in_0319_worth_25(places: dict) -> None:
    kiev = places["0319"]
    assert (kiev["name"], kiev["kind"], kiev["vp"]) == ("Kiev", "city", "25")
    assert kiev["source"].startswith("rules:")


@pytest.mark.parametrize("hex_name", ["0602", "1329"])
def test_the_cities_the_german_holds_at_the_start_are_city_hexes(places: dict, hex_name: str) -> None:
    assert places[hex_name]["kind"] == "city"
    assert places[hex_name]["vp"] == "10"
    assert places[hex_name]["source"].startswith("rules: 24.0")


def test_places_score_as_24_1_says(places: dict) -> None:
    for hex_name, place in places.items():
        expected = "25" if hex_name == "0319" else {"city": "10", "town": "5"}[place["kind"]]
        assert place["vp"] == expected, place["name"]


def test_places_are_on_the_board_one_per_hex(layout: HexLayout) -> None:
    names = [r["hex"] for r in rows("places.csv")]
    assert len(names) == len(set(names))
    assert all(layout.contains(layout.parse(n)) for n in names)


# ------------------------------------------------------------------------------------ hexes

def test_every_board_hex_has_exactly_one_terrain_row(layout: HexLayout) -> None:
    listed = [layout.parse(r["hex"]) for r in rows("hexes.csv")]
    assert len(listed) == len(set(listed))
    assert set(listed) == set(layout.hexes())


def test_hex_terrain_is_a_terrain_chart_key_and_never_water() -> None:
    assert {r["terrain"] for r in rows("hexes.csv")} <= {"clear", "woods", "swamp", "rough"}


# --------------------------------------------------------------------------------- hexsides

def test_every_hexside_joins_two_adjacent_board_hexes(layout: HexLayout) -> None:
    for r in rows("hexsides.csv"):
        a, b = layout.parse(r["hex"]), layout.parse(r["other"])
        assert layout.contains(a) and layout.contains(b), r
        assert layout.adjacent(a, b), r


def test_no_hexside_is_listed_twice(layout: HexLayout) -> None:
    listed = [(Hexside.between(layout.parse(r["hex"]), layout.parse(r["other"])), r["feature"])
              for r in rows("hexsides.csv")]
    assert len(listed) == len(set(listed))


def test_no_modern_reservoir_only_rivers_on_hexsides() -> None:
    # The Kiev, Kanev and Kremenchug reservoirs were filled 1959-78: in 1941 the Dnieper was a river.
    assert {r["feature"] for r in rows("hexsides.csv")} == {"minor_river", "major_river"}


def test_the_dnieper_runs_as_major_river_from_kiev_past_cherkassy_to_kremenchug(
        layout: HexLayout, rivers: dict, places: dict) -> None:
    dnieper = {s for s, r in rivers.items() if r["name"] == "Dnieper" and r["feature"] == "major_river"}
    kremenchug = next(layout.parse(h) for h, p in places.items() if p["name"] == "Kremenchug")
    for city in (layout.parse("0319"), layout.parse("1329"), kremenchug):
        assert any(city in (s.a, s.b) for s in dnieper), layout.name(city)
    assert hexside_run(layout, dnieper, side(layout, "0319/0419"), side(layout, "2432/2433")) is not None


# ------------------------------------------------------------------ the line of 22.1

def test_seim_desna_dnieper_line_runs_unbroken_from_2302_2401_to_2432_2433(
        layout: HexLayout, rivers: dict) -> None:
    line = {s for s, r in rivers.items() if r["name"] in LINE_RIVERS}
    first, last = side(layout, "2302/2401"), side(layout, "2432/2433")
    assert rivers[first]["source"].startswith("rules: 22.1")
    assert rivers[last]["source"].startswith("rules: 22.1")
    run = hexside_run(layout, line, first, last)
    assert run is not None
    for one, two in zip(run, run[1:]):
        assert set(hexside_corners(layout, one)) & set(hexside_corners(layout, two))
    assert {rivers[s]["feature"] for s in run} <= {"minor_river", "major_river"}
    assert rivers[run[-1]]["feature"] == "major_river"


def test_the_line_reaches_the_map_edges_and_puts_kiev_and_cherkassy_west_of_it(
        layout: HexLayout, rivers: dict) -> None:
    desna = {s for s, r in rivers.items() if r["name"] == "Desna"}
    dnieper = {s for s, r in rivers.items() if r["name"] == "Dnieper"}
    north = [s for s in desna if touches_rim(layout, s) and s.a.row == layout.first_row]
    south = [s for s in dnieper if touches_rim(layout, s) and s.b.row == layout.last_row
             and s.a.col >= 20]
    assert len(north) == 1 and len(south) == 1
    walls = set(hexside_run(layout, desna | dnieper, north[0], side(layout, "2302/2401")) or ())
    walls |= set(hexside_run(layout, desna | dnieper, side(layout, "2302/2401"), south[0]) or ())
    west = {h for h in layout.hexes() if h.col == layout.first_col}
    queue = deque(sorted(west))
    while queue:
        hex_ = queue.popleft()
        for other in layout.neighbours(hex_):
            if other not in west and Hexside.between(hex_, other) not in walls:
                west.add(other)
                queue.append(other)
    assert not any(h.col == layout.last_col for h in west)
    assert layout.parse("0319") in west and layout.parse("1329") in west
    assert layout.parse("2231") not in west                       # Kremenchug, left bank


@pytest.mark.parametrize("soviet, german", [("0522", "0523"), ("1227", "1228"), ("1428", "1429"),
                                            ("2332", "2333")])
def test_the_dnieper_runs_between_opposing_set_up_hexes(layout: HexLayout, rivers: dict,
                                                         soviet: str, german: str) -> None:
    hexside = Hexside.between(layout.parse(soviet), layout.parse(german))
    assert rivers[hexside]["name"] == "Dnieper"


# ------------------------------------------------------------------------------------ lines

def test_every_line_steps_between_adjacent_board_hexes(layout: HexLayout) -> None:
    for r in rows("lines.csv"):
        assert r["kind"] in ("road", "railroad")
        path = [layout.parse(n) for n in r["hexes"].split()]
        assert len(path) >= 2, r["name"]
        assert all(layout.contains(h) for h in path), r["name"]
        for a, b in zip(path, path[1:]):
            assert layout.adjacent(a, b), (r["name"], layout.name(a), layout.name(b))


def test_the_railways_meet_at_the_junctions_of_1941(layout: HexLayout, places: dict) -> None:
    rail_hexes = {h for r in rows("lines.csv") if r["kind"] == "railroad" for h in r["hexes"].split()}
    for name in ("Kiev", "Nezhin", "Bakhmach", "Konotop", "Grebenka", "Lubny", "Romny", "Kremenchug"):
        hex_name = next(h for h, p in places.items() if p["name"] == name)
        assert hex_name in rail_hexes, name


# ------------------------------------------------------------------------------------ areas

def test_entry_areas_are_board_edge_hexes_with_a_way_in(layout: HexLayout) -> None:
    areas = {(r["area"], r["purpose"]): r for r in rows("areas.csv")}
    roads = {h for r in rows("lines.csv") if r["kind"] == "road" for h in r["hexes"].split()}
    rails = {h for r in rows("lines.csv") if r["kind"] == "railroad" for h in r["hexes"].split()}
    for name, side_name in [*((a, "German") for a in "ABCDE"), *((a, "Soviet") for a in "KLMN")]:
        area = areas[(name, "entry")]
        assert area["side"] == side_name
        hexes = area["hexes"].split()
        assert all(on_edge(layout, layout.parse(h)) for h in hexes), name
        usable = roads if side_name == "German" else roads | rails          # 23.0
        assert set(hexes) & usable, name


def test_area_n_reaches_the_south_edge_and_gives_no_german_supply(layout: HexLayout) -> None:
    areas = {(r["area"], r["purpose"]): r for r in rows("areas.csv")}
    n_hexes = set(areas[("N", "entry")]["hexes"].split())
    assert any(layout.parse(h).row == layout.last_row for h in n_hexes)       # why 19.82 names it
    german = set(areas[("German edge", "supply")]["hexes"].split())
    assert german and not german & n_hexes
    assert not any(layout.parse(h).col == layout.last_col for h in german)    # north, west, south only


def test_soviet_supply_sources_lie_on_the_east_edge_of_their_areas(layout: HexLayout) -> None:
    areas = {(r["area"], r["purpose"]): r for r in rows("areas.csv")}
    for name in "KLMN":
        supply = areas[(name, "supply")]["hexes"].split()
        assert supply, name
        assert set(supply) <= set(areas[(name, "entry")]["hexes"].split())
        assert all(layout.parse(h).col == layout.last_col for h in supply)


# ------------------------------------------------------------------------------- provenance

@pytest.mark.parametrize("name", ["hexes.csv", "hexsides.csv", "lines.csv", "places.csv", "areas.csv"])
def test_every_source_names_a_kind(name: str) -> None:
    for r in rows(name):
        kind, sep, detail = r["source"].partition(":")
        assert kind in KINDS and (kind == "unknown" or (sep and detail.strip())), r


def test_grid_says_where_it_comes_from(grid: dict) -> None:
    assert grid["source"].split(":")[0] in KINDS
    assert (grid["first_col"], grid["last_col"], grid["first_row"], grid["last_row"]) == (1, 29, 1, 33)
    assert grid["shifted"] == "even" and grid["orientation"] == "columns"
    assert grid["art"] == {"hex_height": 80, "margin": 40, "key_width": 440}   # the terrain key beside the map


def test_every_hex_number_the_book_uses_is_on_the_board(layout: HexLayout) -> None:
    # set-up hexes of the counter manifest and addenda, and the hexes of 19.53, 22.1, 24.0
    used = ("0117 0118 0119 0120 0215 0216 0217 0218 0219 0220 0221 0314 0315 0317 0319 0320 0321 "
            "0411 0412 0413 0414 0415 0503 0522 0523 0602 0607 0707 0708 0709 0723 0725 0802 0808 "
            "0809 0909 0923 0925 0927 1008 1009 1011 1026 1109 1121 1206 1207 1227 1228 1307 1309 "
            "1329 1428 1429 1511 1519 1708 1733 1807 1808 1932 2007 2008 2031 2105 2108 2133 2202 "
            "2203 2205 2233 2302 2332 2333 2401 2432 2433 2928")
    assert all(layout.contains(layout.parse(h)) for h in used.split())
