"""Rivers on hexsides, roads and railroads from hex centre to hex centre, and the entry areas
marked along the board edge.

A river is drawn exactly on the hexsides the data names, because the rules read it there (a
hexside is crossed or not); segments of one river are merged into one line with round joins,
so it reads as a river rather than as dashes. Roads and railroads run through hex centres,
where pieces sit; where both cross the same hexside the road moves aside so both stay visible.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence

from shapely.geometry import LineString, MultiLineString
from shapely.ops import linemerge, unary_union

from vmodgen.art.canvas import Canvas, Point
from vmodgen.art.colors import Color, darker, rgb
from vmodgen.art.map_frame import MapFrame
from vmodgen.art.terrain_style import line_color
from vmodgen.engine.hexes import Hexside
from vmodgen.engine.model.game import Game


def river_width(feature: str, hex_height: float) -> float:
    """Major rivers thick, minor rivers thinner (other hexside features in between)."""
    if "major" in feature:
        return hex_height * 0.11
    if "minor" in feature or "river" in feature or "stream" in feature:
        return hex_height * 0.06
    return hex_height * 0.08


def draw_hexside_features(canvas: Canvas, frame: MapFrame, game: Game) -> None:
    groups: dict[tuple[str, str], list[LineString]] = defaultdict(list)
    for side in sorted(game.map.hexsides):
        for feature in game.map.hexsides[side]:
            groups[(feature.feature, feature.name)].append(_side_line(frame, side))
    charts = game.terrain.types
    # Minor features first, so a major river runs over the end of a tributary.
    order = sorted(groups, key=lambda k: (river_width(k[0], 1.0), k))
    for feature, name in order:
        merged = linemerge(MultiLineString(groups[(feature, name)]))
        chart = charts.get(feature)
        color = line_color(feature, chart.color if chart else "")
        draw_river(canvas, merged, color, river_width(feature, frame.hex_height))


def draw_river(canvas: Canvas, geom: LineString | MultiLineString, color: Color, width: float) -> None:
    """A river of ``width`` with a thin darker bank line."""
    canvas.stroke(geom, darker(color, 0.35), width + max(1.0, width * 0.25))
    canvas.stroke(geom, color, width)


def _side_line(frame: MapFrame, side: Hexside) -> LineString:
    p, q = frame.hexside(side.a, side.b)
    # Rounded to a 1/100 pixel so the ends of neighbouring sides compare equal when merged.
    return LineString([(round(p[0], 2), round(p[1], 2)), (round(q[0], 2), round(q[1], 2))])


# -- roads and railroads ---------------------------------------------------------------------------

def draw_lines(canvas: Canvas, frame: MapFrame, game: Game) -> None:
    rail_sides = {s for line in game.map.lines if "rail" in line.kind for s in line.hexsides()}
    charts = game.terrain.types
    h = frame.hex_height
    for kind_is_rail in (False, True):
        for line in game.map.lines:
            if ("rail" in line.kind) != kind_is_rail or len(line.hexes) < 2:
                continue
            points = [frame.centre(x) for x in line.hexes]
            chart = charts.get(line.kind)
            color = line_color(line.kind, chart.color if chart else "")
            if kind_is_rail:
                draw_railroad(canvas, points, color, h)
            else:
                shared = [s in rail_sides for s in line.hexsides()]
                draw_road(canvas, _offset(points, shared, h * 0.075), color, h)


def draw_road(canvas: Canvas, points: Sequence[Point], color: Color, hex_height: float) -> None:
    width = hex_height * 0.05
    canvas.stroke(LineString(points), darker(color, 0.3), width + max(1.0, width * 0.35))
    canvas.stroke(LineString(points), color, width)


def draw_railroad(canvas: Canvas, points: Sequence[Point], color: Color, hex_height: float) -> None:
    """A line with cross ties at an even spacing along its whole length."""
    line = LineString(points)
    canvas.stroke(line, color, max(1.2, hex_height * 0.026))
    spacing = hex_height * 0.13
    half_tie = hex_height * 0.05
    tie_width = max(1.0, hex_height * 0.018)
    count = int(line.length / spacing)
    start = (line.length - count * spacing) / 2.0
    for i in range(count + 1):
        d = start + i * spacing
        a = line.interpolate(max(0.0, d - 0.5))
        b = line.interpolate(min(line.length, d + 0.5))
        dx, dy = b.x - a.x, b.y - a.y
        norm = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / norm * half_tie, dx / norm * half_tie
        c = line.interpolate(d)
        canvas.line([(c.x - nx, c.y - ny), (c.x + nx, c.y + ny)], color, tie_width)


def _offset(points: list[Point], shared: list[bool], distance: float) -> list[Point]:
    """Move the road to its left where it shares a hexside crossing with a railroad."""
    if not any(shared):
        return points
    normals = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        normals.append(((y1 - y0) / length, -(x1 - x0) / length))
    moved = []
    for k, (x, y) in enumerate(points):
        around = [normals[i] for i in (k - 1, k) if 0 <= i < len(normals) and shared[i]]
        if not around:
            moved.append((x, y))
            continue
        nx = sum(n[0] for n in around)
        ny = sum(n[1] for n in around)
        norm = math.hypot(nx, ny) or 1.0
        moved.append((x + nx / norm * distance, y + ny / norm * distance))
    return moved


# -- entry areas -----------------------------------------------------------------------------------

def entry_bands(frame: MapFrame, game: Game) -> list[tuple[str, Color, object, Point]]:
    """For each entry area: its name, side colour, the band outside its edge hexsides, and
    where its letter goes (in the margin, beside the middle of the band)."""
    board = unary_union([frame.polygon(h) for h in frame.hexes])
    band_width = frame.hex_height * 0.12
    found = []
    for area in game.map.areas:
        if area.purpose != "entry":
            continue
        sides, outward = [], []
        for hex_ in sorted(area.hexes):
            for other in frame.off_board_sides(hex_):
                p, q = frame.hexside(hex_, other)
                sides.append(LineString([p, q]))
                cx, cy = frame.centre(hex_)
                mx, my = (p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0
                outward.append(((mx, my), (mx - cx, my - cy)))
        if not sides:
            continue
        band = unary_union(sides).buffer(band_width, cap_style="flat").difference(board)
        letter_at = _letter_position(frame, outward, band_width)
        found.append((area.name, _side_color(game, area.side), band, letter_at))
    return found


#: the radius of a set-up area's lettered disc, in hex heights (the map's marks and the key's sample)
SETUP_DISC = 0.09


def setup_area_marks(frame: MapFrame, game: Game) -> list[tuple[str, Color, Point]]:
    """A small letter in each hex of a set-up area (Korsun 18.22: the lettered start-line
    segments), in the side's colour, low in the hex where town and city marks leave room."""
    found = []
    for area in game.map.areas:
        if area.purpose != "setup":
            continue
        for hex_ in sorted(area.hexes):
            x, y = frame.centre(hex_)
            found.append((area.name, _side_color(game, area.side), (x, y + frame.hex_height * 0.3)))
    return found


def _letter_position(frame: MapFrame, outward: list[tuple[Point, Point]], band_width: float) -> Point:
    """Beside the middle of the area, outside the band, on the board edge the area faces."""
    sx = sum(d[0] / (math.hypot(*d) or 1.0) for _, d in outward)
    sy = sum(d[1] / (math.hypot(*d) or 1.0) for _, d in outward)
    mx = sum(m[0] for m, _ in outward) / len(outward)
    my = sum(m[1] for m, _ in outward) / len(outward)
    left, top, right, bottom = frame.map_box
    away = band_width + frame.hex_height * 0.13 + 3
    if abs(sy) >= abs(sx):
        return mx, (top - away if sy < 0 else bottom + away)
    return (left - away if sx < 0 else right + away), my


def draw_entry_bands(canvas: Canvas, bands: list[tuple[str, Color, object, Point]]) -> None:
    for _name, color, band, _at in bands:
        canvas.geometry(band, color)  # type: ignore[arg-type]


def _side_color(game: Game, side: str) -> Color:
    try:
        return rgb(game.side(side).color)
    except KeyError:
        return (128, 128, 128)
