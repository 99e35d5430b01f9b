"""Loading ``map/``: the grid, terrain per hex, hexside features, lines, places and areas."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any

from vmodgen.engine.grids.layout import board_geometry
from vmodgen.engine.hexes import Hex, HexLayout, Hexside
from vmodgen.engine.model import fields
from vmodgen.engine.model.charts import TerrainChart
from vmodgen.engine.model.errors import ErrorLog
from vmodgen.engine.model.limits import (MAX_GRID_SIZE, MAX_HEX_DIGITS, MAX_HEX_HEIGHT, MAX_KEY_WIDTH, MAX_MAP_PIXELS,
                                         MAX_MARGIN, MIN_HEX_HEIGHT)
from vmodgen.engine.model.mapdata import Area, GameMap, HexsideFeature, HexTerrain, Line, MapArt, Place
from vmodgen.engine.model.provenance import BadProvenance, Provenance
from vmodgen.engine.model.tables import Row, read_csv, read_toml, toml_line

GRID_KEYS = {
    "orientation": str, "shifted": str, "first_col": int, "last_col": int, "first_row": int,
    "last_row": int, "col_digits": int, "row_digits": int, "descending_cols": bool,
    "descending_rows": bool,
}


def load_grid(folder: Path, log: ErrorLog) -> tuple[str, HexLayout, Provenance, MapArt] | None:
    path = folder / "map" / "grid.toml"
    doc, text = read_toml(path, log)
    if not doc:
        return None
    values: dict[str, Any] = {}
    for key, kind in GRID_KEYS.items():
        if key not in doc:
            if key in ("descending_cols", "descending_rows"):
                continue
            log.add(path, 0, key, "missing")
            continue
        if not isinstance(doc[key], kind) or (kind is int and isinstance(doc[key], bool)):
            log.add(path, toml_line(text, "", key), key, f"should be a {kind.__name__}")
            continue
        values[key] = doc[key]
    if values.get("orientation") not in ("columns", "rows"):
        log.add(path, toml_line(text, "", "orientation"), "orientation", "should be 'columns' or 'rows'")
    if values.get("shifted") not in ("even", "odd"):
        log.add(path, toml_line(text, "", "shifted"), "shifted", "should be 'even' or 'odd'")
    source = _toml_source(doc.get("source"), path, toml_line(text, "", "source"), log)
    art = doc.get("art", {})
    art = art if isinstance(art, dict) else {}
    hex_height, margin = art.get("hex_height"), art.get("margin")
    if not (_whole(hex_height, MIN_HEX_HEIGHT, MAX_HEX_HEIGHT) and _whole(margin, 0, MAX_MARGIN)):
        log.add(path, toml_line(text, "art"), "art", f"needs hex_height ({MIN_HEX_HEIGHT}-{MAX_HEX_HEIGHT} pixels) "
                                                     f"and margin (0-{MAX_MARGIN} pixels)")
        return None
    if not _grid_within_limits(values, path, text, log):
        return None
    if any(k not in values for k in GRID_KEYS if not k.startswith("descending")):
        return None
    if values.get("orientation") not in ("columns", "rows") or values.get("shifted") not in ("even", "odd"):
        return None
    board = doc.get("board")
    if not isinstance(board, str) or not board:
        log.add(path, toml_line(text, "", "board"), "board", "missing: the board's name in the module")
        return None
    key_width = art.get("key_width", 0)
    if not _whole(key_width, 0, MAX_KEY_WIDTH):
        log.add(path, toml_line(text, "art", "key_width"), "art.key_width", f"should be 0-{MAX_KEY_WIDTH} pixels")
        key_width = 0
    north = art.get("north", 0)
    if not isinstance(north, (int, float)) or isinstance(north, bool) or not -180 <= north <= 180:
        log.add(path, toml_line(text, "art", "north"), "art.north",
                f"{north!r} should be degrees from -180 to 180 (where north points, clockwise from up)")
        north = 0
    layout = HexLayout(**values)
    picture = board_geometry(layout, hex_height, margin, key_width)
    if picture.width * picture.height > MAX_MAP_PIXELS:
        log.add(path, toml_line(text, "art"), "art", f"the map picture would be {picture.width} x {picture.height} "
                f"pixels, more than {MAX_MAP_PIXELS:,}: lower hex_height or margin")
        return None
    return board, layout, source, MapArt(hex_height, margin, key_width, float(north))


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _grid_within_limits(values: dict[str, Any], path: Path, text: str, log: ErrorLog) -> bool:
    """The grid's size and hex-number digits are within limits.py (they size loops and names)."""
    fine = True
    for first, last in (("first_col", "last_col"), ("first_row", "last_row")):
        low, high = values.get(first), values.get(last)
        if isinstance(low, int) and isinstance(high, int) and not (0 <= low <= high < low + MAX_GRID_SIZE):
            log.add(path, toml_line(text, "", last), last, f"{first}-{last} should be 0 or more and span "
                    f"1-{MAX_GRID_SIZE} hexes")
            fine = False
    for key in ("col_digits", "row_digits"):
        digits = values.get(key)
        if isinstance(digits, int) and not 1 <= digits <= MAX_HEX_DIGITS:
            log.add(path, toml_line(text, "", key), key, f"should be 1-{MAX_HEX_DIGITS}")
            fine = False
    return fine


def load_map(folder: Path, grid: tuple[str, HexLayout, Provenance, MapArt], terrain: TerrainChart,
             sides: Collection[str], log: ErrorLog) -> GameMap:
    board, layout, layout_source, art = grid
    map_dir = folder / "map"
    return GameMap(
        board=board, layout=layout, layout_source=layout_source, art=art,
        hexes=_hexes(map_dir / "hexes.csv", layout, terrain, log),
        hexsides=_hexsides(map_dir / "hexsides.csv", layout, terrain, log),
        lines=_lines(map_dir / "lines.csv", layout, terrain, log),
        places=_places(map_dir / "places.csv", layout, terrain, log),
        areas=_areas(map_dir / "areas.csv", layout, sides, log),
    )


def _hexes(path: Path, layout: HexLayout, terrain: TerrainChart, log: ErrorLog) -> dict[Hex, HexTerrain]:
    kinds = terrain.of_kind("hex")
    found: dict[Hex, HexTerrain] = {}
    lines: dict[Hex, int] = {}
    for row in read_csv(path, ("hex", "terrain", "source"), log):
        hex_ = fields.hex_field(row, "hex", layout, log)
        name = fields.choice(row, "terrain", kinds, log, "hex terrain")
        source = fields.source(row, "source", log)
        if hex_ is None:
            continue
        if hex_ in found:
            log.add(row.path, row.line, "hex", f"{row.get('hex')} listed twice (also line {lines[hex_]})")
            continue
        found[hex_] = HexTerrain(name, source)
        lines[hex_] = row.line
    missing = [layout.name(h) for h in layout.hexes() if h not in found]
    if missing and path.exists():
        shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
        log.add(path, 0, "hex", f"no terrain for {len(missing)} board hexes: {shown}")
    return found


def _hexsides(path: Path, layout: HexLayout, terrain: TerrainChart,
              log: ErrorLog) -> dict[Hexside, tuple[HexsideFeature, ...]]:
    kinds = terrain.of_kind("hexside")
    found: dict[Hexside, list[HexsideFeature]] = {}
    for row in read_csv(path, ("hex", "other", "feature", "name", "source"), log):
        a = fields.hex_field(row, "hex", layout, log)
        b = fields.hex_field(row, "other", layout, log)
        feature = fields.choice(row, "feature", kinds, log, "hexside feature")
        source = fields.source(row, "source", log)
        if a is None or b is None:
            continue
        if not layout.adjacent(a, b):
            log.add(row.path, row.line, "other", f"{row.get('hex')} and {row.get('other')} are not adjacent")
            continue
        side = Hexside.between(a, b)
        if any(f.feature == feature for f in found.get(side, [])):
            log.add(row.path, row.line, "feature", f"{feature} on {row.get('hex')}/{row.get('other')} listed twice")
            continue
        found.setdefault(side, []).append(HexsideFeature(feature, row.get("name"), source))
    return {side: tuple(features) for side, features in found.items()}


def _lines(path: Path, layout: HexLayout, terrain: TerrainChart, log: ErrorLog) -> tuple[Line, ...]:
    kinds = terrain.of_kind("line")
    found = []
    for row in read_csv(path, ("kind", "name", "hexes", "source"), log):
        kind = fields.choice(row, "kind", kinds, log, "line kind")
        source = fields.source(row, "source", log)
        path_hexes = _hex_list(row, "hexes", layout, log)
        if len(path_hexes) < 2:
            log.add(row.path, row.line, "hexes", "a line needs at least two hexes")
            continue
        for a, b in zip(path_hexes, path_hexes[1:]):
            if not layout.adjacent(a, b):
                log.add(row.path, row.line, "hexes",
                        f"{layout.name(a)} to {layout.name(b)} is not a step between adjacent hexes")
        found.append(Line(kind, row.get("name"), tuple(path_hexes), source))
    return tuple(found)


def _places(path: Path, layout: HexLayout, terrain: TerrainChart, log: ErrorLog) -> dict[Hex, Place]:
    kinds = terrain.of_kind("place")
    found: dict[Hex, Place] = {}
    for row in read_csv(path, ("hex", "name", "kind", "vp", "source"), log):
        hex_ = fields.hex_field(row, "hex", layout, log)
        kind = fields.choice(row, "kind", kinds, log, "place kind")
        vp = fields.integer(row, "vp", log, minimum=0)
        source = fields.source(row, "source", log)
        if not row.get("name"):
            log.add(row.path, row.line, "name", "a place needs its name")
        if hex_ is None:
            continue
        if hex_ in found:
            log.add(row.path, row.line, "hex", f"{row.get('hex')} already holds {found[hex_].name}")
            continue
        found[hex_] = Place(hex_, row.get("name"), kind, vp, source)
    return found


def _areas(path: Path, layout: HexLayout, sides: Collection[str], log: ErrorLog) -> tuple[Area, ...]:
    found: dict[tuple[str, str], Area] = {}
    for row in read_csv(path, ("area", "side", "purpose", "hexes", "source"), log):
        name = row.get("area")
        if row.get("side") and row.get("side") not in sides:
            fields.choice(row, "side", sides, log, "side")
        source = fields.source(row, "source", log)
        key = (name, row.get("purpose"))
        if key in found:
            log.add(row.path, row.line, "area", f"area {name} ({row.get('purpose')}) listed twice")
            continue
        found[key] = Area(name, row.get("side"), row.get("purpose"),
                          tuple(_hex_list(row, "hexes", layout, log)), source)
    return tuple(found.values())


def _hex_list(row: Row, column: str, layout: HexLayout, log: ErrorLog) -> list[Hex]:
    hexes = []
    for text in row.get(column).split():
        hex_ = fields.hex_field(row, column, layout, log, text=text)
        if hex_ is not None:
            hexes.append(hex_)
    return hexes


def _toml_source(value: Any, path: Path, line: int, log: ErrorLog) -> Provenance:
    if not isinstance(value, str):
        log.add(path, line, "source", "missing: say where the value comes from")
        return fields.UNKNOWN
    try:
        return Provenance.parse(value)
    except BadProvenance as error:
        log.add(path, line, "source", str(error))
        return fields.UNKNOWN
