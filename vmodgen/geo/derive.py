"""The derivation of one game's map: reconstruction.toml in, the map files and a report out."""

from __future__ import annotations

import tomllib
from pathlib import Path

from vmodgen.engine.hexes import BadHexName, HexLayout
from vmodgen.geo import MapError, geography

#: the grid keys of reconstruction.toml that are not HexLayout arguments
GRID_NOTES = ("board", "source")
DEFAULT_BOUNDS = {"west": -180.0, "east": 180.0, "south": -90.0, "north": 90.0}


def read_spec(game_dir: Path) -> tuple[Path, dict]:
    """The game's ``sources/reconstruction.toml``, parsed."""
    path = game_dir / "sources" / "reconstruction.toml"
    try:
        return path, tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MapError(f"{path}: no reconstruction data (see docs/map-derivation.md)") from None
    except (OSError, UnicodeDecodeError) as error:
        raise MapError(f"{path}: cannot be read ({error})") from None
    except tomllib.TOMLDecodeError as error:
        raise MapError(f"{path}: not valid TOML ({error})") from None


def derive_map(game_dir: Path) -> list[str]:
    """Write ``game_dir/map/*`` from ``game_dir/sources/reconstruction.toml``; return the report.

    Needs the ``geo`` extra; every problem with the data is a :class:`MapError` naming the file.
    """
    geography.require()
    path, spec = read_spec(game_dir)
    try:
        return _derive(game_dir, spec)
    except MapError as error:
        raise MapError(f"{path}: {error}") from None
    except KeyError as error:
        raise MapError(f"{path}: a table lacks the key {error} (see docs/map-derivation.md)") from None
    except (BadHexName, TypeError, ValueError) as error:
        raise MapError(f"{path}: {error}") from None


def _derive(game_dir: Path, spec: dict) -> list[str]:
    # imported here: these need shapely, and the geo extra checked above
    from vmodgen.geo.areas import derive_areas
    from vmodgen.geo.board import Board
    from vmodgen.geo.lakes import derive_lakes
    from vmodgen.geo.output import write_csv, write_grid
    from vmodgen.geo.places import derive_lines, derive_places
    from vmodgen.geo.registration import Projection, Registration
    from vmodgen.geo.report import registration_report, river_report
    from vmodgen.geo.rivers import crossings, derive_rivers, lakes_on_board
    from vmodgen.geo.terrain import derive_terrain

    grid = spec["grid"]
    layout = HexLayout(**{k: v for k, v in grid.items() if k not in GRID_NOTES})
    board = Board(layout)
    towns = geography.Towns()
    projection = Projection(**spec["projection"])
    if not spec.get("anchors"):
        raise MapError("no [[anchors]] to register the map on")
    reg = Registration.fit(projection, [(towns.lonlat(a["town"]), board.centre(layout.parse(a["hex"])))
                                        for a in spec["anchors"]],
                           km_per_hex=spec.get("registration", {}).get("km_per_hex"))

    rivers, side_rows = derive_rivers(spec.get("rivers", []), board, reg, towns)
    side_rows += derive_lakes(spec.get("lakes", []), board, reg)
    hex_rows = derive_terrain(spec, board, reg)
    places, place_rows, place_report = derive_places(spec, board, reg, towns)
    line_rows, exits = derive_lines(spec, board, reg, towns, places)
    area_rows, area_report = derive_areas(spec, board, exits, line_rows)

    out = game_dir / "map"
    out.mkdir(exist_ok=True)
    art = spec["art"]
    if art.get("north") == "registration":     # a map turned from north-up: the arrow shows the fitted turn
        art = {**art, "north": round(reg.rotation_degrees, 1)}
    write_grid(out / "grid.toml", grid, art)
    write_csv(out / "hexes.csv", ["hex", "terrain", "source"], sorted(hex_rows))
    write_csv(out / "hexsides.csv", ["hex", "other", "feature", "name", "source"], sorted(side_rows))
    write_csv(out / "lines.csv", ["kind", "name", "hexes", "source"], sorted(line_rows))
    write_csv(out / "places.csv", ["hex", "name", "kind", "vp", "source"], sorted(place_rows))
    write_csv(out / "areas.csv", ["area", "side", "purpose", "hexes", "source"], sorted(area_rows))

    report = registration_report(spec, board, reg, towns) + river_report(spec, board, rivers)
    report += crossings(board, line_rows, side_rows)
    report += lakes_on_board(board, reg, spec.get("bounds", DEFAULT_BOUNDS),
                             {str(lake["gshhs"]) for lake in spec.get("lakes", [])})
    report += ["places:"] + place_report + ["areas:"] + area_report
    counts: dict[str, int] = {}
    for _, terrain, _ in hex_rows:
        counts[terrain] = counts.get(terrain, 0) + 1
    report.append("hexes: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    per_river: dict[str, int] = {}
    for _, _, feature, name, _ in side_rows:
        per_river[f"{name} {feature}"] = per_river.get(f"{name} {feature}", 0) + 1
    report.append("river hexsides: " + ", ".join(f"{k} {v}" for k, v in sorted(per_river.items())))
    report.append("lines: " + ", ".join(f"{r[1]} {len(r[2].split())}" for r in sorted(line_rows)))
    return report
