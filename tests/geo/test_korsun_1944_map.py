"""The committed Korsun 1944 (WB-95) map (games/korsun-1944/map, written by `vmodgen derive-map`),
read as plain files and held against what the rulebook says about the map: the grid its set-up
hexes imply (columns 01-64, rows 00-35), the Soviet entry hexes on the east and west edges, the
zones A-F on the southern edge, the six VP cities of the Korsun 1944 victory conditions, Korsun as
a German supply base, the kinds of its TERRAIN INFLUENCE table, and every set-up unit on its side
of the Dnieper ("only through bridge": no front runs across it)."""

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

GAME = Path(__file__).resolve().parents[2] / "games" / "korsun-1944"
MAP = GAME / "map"
GRID_KEYS = ("orientation", "shifted", "first_col", "last_col", "first_row", "last_row",
             "col_digits", "row_digits", "descending_cols", "descending_rows")
KINDS = ("rules:", "geo:", "reconstructed:", "unknown:")
# the TERRAIN INFLUENCE table's hex terrain (city and town are places) and hexside features
HEX_TERRAIN = {"clear", "hills", "forest", "swamp"}
HEXSIDE_FEATURES = {"river", "stream", "dnieper"}
# Korsun 1944 victory conditions, option I: 1 VP for each hex of these cities
VP_CITIES = ("Korsun", "Gorodishche", "Smela", "Nowomirgorod", "Shpola", "Katerynopol")

# The set-up tables (Korsun 1944 and Deblockade), hexes as printed with the leading zero restored.
GERMAN_SETUP = """
0535 0733 0931 1129 1227 1309 1323 1325 1422 1501 1512 1520 1524 1615 1618 1622 1625 1826 2213
2302 3301 3916 4017 4108 4211 4214 4308 4706 5015 5215 5316 5321 5426 5517 5519 5520 5522 5525
5620 5623 5721 5723 5724 5826 5927 6029 6129 6231 6332
1230 1429 1529 1533 1534 1631 1728 1730 1930 2030 2130 2231 2532 2732 2814 2816 2818 3012 3019
3032 3110 3116 3218 3230 3419 3429 3510 3518 3529 3615 3631 3711 3719 3819 3830 3917 3919 3930
4016 4018 4118 4130 4132 4212 4217 4218 4331 4431 4730 4731 4931 5130 5330 5331 5531 5732 5933
6035""".split()
SOVIET_SETUP = """
0333 0428 0429 0526 0531 0624 0625 0729 0819 0824 0826 0921 0927 1115 1121 1123 1125 1205 1216
1319 1414 1417 5008 5112 5407 5414 5616 5716 5718 5817 5820 5916 5919 5920 5921 5923 5924 6019
6020 6022 6023 6024 6026 6119 6120 6123 6124 6221 6226 6227 6321 6323 6324 6328 6424 6428 6430
0626 0929 1228 1325 1527 1727 1928 2128 2329 2430 2523 2613 2615 2618 2631 2711 2810 2820 2831
2910 2922 3031 3108 3128 3220 3327 3520 3527 3621 3821 3828 3924 4021 4022 4024 4025 4110 4128
4220 4222 4322 4324 4325 4326 4329 4418 4529 4621 4623 4627 4720 4728 4919 4929 5027 5115 5126
5229 5427 5429 5527 5529 5730 5828 5931 6132 6232 6235""".split()
# Korsun 1944: 206 INF and 54 FU-BR (FF) face Korps-Abteilung B across the Dnieper by Kanev
SOVIET_LEFT_BANK = ("2400", "3000")


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
def places(layout: HexLayout) -> dict[str, list[tuple[Hex, str, str]]]:
    found: dict[str, list[tuple[Hex, str, str]]] = {}
    for r in rows("places.csv"):
        found.setdefault(r["name"], []).append((layout.parse(r["hex"]), r["kind"], r["vp"]))
    return found


@pytest.fixture(scope="module")
def areas(layout: HexLayout) -> dict[str, list[Hex]]:
    return {r["area"]: [layout.parse(h) for h in r["hexes"].split()] for r in rows("areas.csv")}


def dnieper_bank(layout: HexLayout, start: Hex) -> set[Hex]:
    """Every hex reached from ``start`` without crossing a Dnieper hexside."""
    barred = {Hexside.between(layout.parse(r["hex"]), layout.parse(r["other"]))
              for r in rows("hexsides.csv") if r["feature"] == "dnieper"}
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for there in layout.neighbours(here):
            if there not in seen and Hexside.between(here, there) not in barred:
                seen.add(there)
                todo.append(there)
    return seen


# ------------------------------------------------------------------------------- the grid

def test_the_grid_is_columns_01_to_64_and_rows_00_to_35(layout: HexLayout) -> None:
    assert (layout.first_col, layout.last_col, layout.first_row, layout.last_row) == (1, 64, 0, 35)
    assert layout.center(layout.parse("0130"))[0] < layout.center(layout.parse("6430"))[0]
    assert layout.center(layout.parse("2400"))[1] < layout.center(layout.parse("2435"))[1]


def test_every_set_up_hex_is_on_the_board(layout: HexLayout) -> None:
    for name in GERMAN_SETUP + SOVIET_SETUP + list(SOVIET_LEFT_BANK):
        assert layout.contains(layout.parse(name)), name


def test_the_soviet_entry_hexes_are_on_the_east_and_west_edges(layout: HexLayout, areas: dict) -> None:
    for name, col in (("6422", 64), ("6430", 64), ("0112", 1), ("0115", 1), ("0123", 1), ("0130", 1)):
        assert [layout.name(h) for h in areas[name]] == [name]       # the area is named by its hex
        assert areas[name][0].col == col == (layout.last_col if col == 64 else layout.first_col)


def test_zones_a_to_f_run_west_to_east_along_the_southern_edge(layout: HexLayout, areas: dict) -> None:
    zones = [areas[z] for z in "ABCDEF"]
    assert all(h.row == layout.last_row for zone in zones for h in zone)
    assert [max(h.col for h in zone) < min(h.col for h in nxt) for zone, nxt in zip(zones, zones[1:])] == [True] * 5
    assert sorted(h.col for zone in zones for h in zone) == list(range(1, 65))


# ---------------------------------------------------------------------------- terrain and rivers

def test_every_hex_has_a_terrain_influence_kind_and_every_row_a_source(layout: HexLayout, terrain: dict) -> None:
    assert set(terrain) == set(layout.hexes())
    assert set(terrain.values()) <= HEX_TERRAIN and {"clear", "forest", "swamp", "hills"} <= set(terrain.values())
    for name in ("hexes.csv", "hexsides.csv", "lines.csv", "places.csv", "areas.csv"):
        assert all(r["source"].startswith(KINDS) for r in rows(name)), name


def test_no_set_up_hex_is_swamp(layout: HexLayout, terrain: dict) -> None:
    # charts/terrain.toml: trucked units may not enter swamp; the book sets up SS BR [W] in 4308
    assert [h for h in GERMAN_SETUP + SOVIET_SETUP if terrain[layout.parse(h)] == "swamp"] == []


def test_the_hexside_features_are_the_tables_river_stream_and_dnieper() -> None:
    features = {(r["name"], r["feature"]) for r in rows("hexsides.csv")}
    assert {f for _, f in features} == HEXSIDE_FEATURES
    assert ("Dnieper", "dnieper") in features and ("Ros", "river") in features
    assert ("Rossava", "stream") in features          # a tributary of the Ros


def test_every_set_up_unit_is_on_its_side_of_the_dnieper(layout: HexLayout) -> None:
    right_bank = dnieper_bank(layout, layout.parse("3116"))       # Korsun
    assert [h for h in GERMAN_SETUP + SOVIET_SETUP if layout.parse(h) not in right_bank] == []
    assert [h for h in SOVIET_LEFT_BANK if layout.parse(h) in right_bank] == []


def test_kanev_and_cherkassy_stand_on_the_dnieper(layout: HexLayout, places: dict) -> None:
    dnieper = {layout.parse(r[k]) for r in rows("hexsides.csv") if r["feature"] == "dnieper" for k in ("hex", "other")}
    for town in ("Kanev", "Cherkassy"):
        (hex_, _, _), = places[town]
        assert min(layout.distance(hex_, d) for d in dnieper) <= 1, town


# ------------------------------------------------------------------------------------ places

@pytest.mark.parametrize("city", VP_CITIES)
def test_each_vp_city_is_on_the_board_at_one_vp_a_hex(places: dict, city: str) -> None:
    assert places[city] and all(kind == "city" and vp == "1" for _, kind, vp in places[city])


def test_the_city_hexes_make_the_two_victory_conditions_complements(layout: HexLayout, places: dict) -> None:
    # German 15 VP at the end, Soviet 13 at any moment: exact complements with 27 city hexes
    hexes = [h for city in VP_CITIES for h, _, _ in places[city]]
    assert len(hexes) == len(set(hexes)) == 15 + 13 - 1
    for city in VP_CITIES:              # TERRAIN INFLUENCE note 1: two or more hexes, one area
        own = {h for h, _, _ in places[city]}
        assert len(own) >= 2 and all(any(layout.adjacent(h, o) for o in own - {h}) for h in own), city


@pytest.mark.parametrize("city", VP_CITIES)
def test_every_hex_of_a_city_is_joined_to_the_others_by_main_road(layout: HexLayout, places: dict, city: str) -> None:
    # TERRAIN INFLUENCE note 1: each city hex is connected with the other by main route
    own = {h for h, _, _ in places[city]}
    runs = [[layout.parse(h) for h in r["hexes"].split()] for r in rows("lines.csv") if r["kind"] == "main_road"]
    joined = [run for run in runs if own <= set(run)]
    assert joined and all(layout.adjacent(a, b) for a, b in zip(joined[0], joined[0][1:]))


def test_only_the_vp_cities_carry_points(places: dict) -> None:
    assert {name for name, hexes in places.items() if any(vp not in ("", "0") for _, _, vp in hexes)} == set(VP_CITIES)


def test_korsun_is_3116_and_a_german_supply_hex(layout: HexLayout, places: dict, areas: dict) -> None:
    assert layout.parse("3116") in [h for h, _, _ in places["Korsun"]]
    assert sorted(areas["German supply Korsun"]) == sorted(h for h, _, _ in places["Korsun"])


# ------------------------------------------------------------------------------ registration

def _has_geo() -> bool:
    try:
        geography.require()
    except MapError:
        return False
    return True


@pytest.mark.skipif(not _has_geo(), reason="the geo extra is not installed")
def test_registration_keeps_the_books_scale_and_every_anchor_within_half_a_hex(tmp_path: Path) -> None:
    shutil.copytree(GAME / "sources", tmp_path / "sources")
    result = CliRunner().invoke(main, ["derive-map", str(tmp_path)])
    assert result.exit_code == 0, result.output
    scale = float(re.search(r"registration: ([0-9.]+) km per hex", result.output).group(1))
    assert 2.6 < scale < 3.3                                       # 1.1: "~3 kilometers"
    residuals = [float(x) for x in re.findall(r"anchor \d{4} .* residual ([0-9.]+) hex", result.output)]
    assert len(residuals) >= 3 and max(residuals) < 0.5
