"""The strip at the right of the map: the title, the terrain key, a compass, the scale and a note
when the map is reconstructed.

Every key entry is drawn with the same functions that draw the map, so the key shows exactly
what the map shows. A board with no key strip (``key_width = 0``) gets the title and the
compass in its top margin instead.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PIL import Image, ImageDraw
from shapely.geometry import LineString, Polygon

from vmodgen.art.canvas import Canvas
from vmodgen.art.colors import INK, PAPER, WHITE, darker, ink_on, rgb
from vmodgen.art.map_features import SETUP_DISC, draw_railroad, draw_river, draw_road, river_width
from vmodgen.art.map_frame import MapFrame
from vmodgen.art.map_labels import (CITY_KINDS, DEFAULT_CITY, draw_area_letters, draw_city, draw_town, draw_vp_disc,
                                    draw_vp_value)
from vmodgen.art.map_terrain import scatter_symbols
from vmodgen.art.terrain_style import line_color, style_of
from vmodgen.art.text import draw_text, font, wrap
from vmodgen.engine.model.game import Game

RECONSTRUCTED_NOTE = "Map reconstructed from geography; see sources/map-notes.md"


@dataclass
class KeyItem:
    kind: str          # hex | hexside | line | city | town | vp | entry | setup
    name: str          # terrain name, or the side for an entry or set-up area
    label: str
    y: float
    color: str = ""
    letter: str = ""   # an entry or set-up area's name, shown on its sample


@dataclass
class KeyLayout:
    x0: float
    width: float
    pad: float
    swatch: float
    title: list[tuple[str, int, str, float]] = field(default_factory=list)   # text, size, style, y
    heading_y: float = 0.0
    items: list[KeyItem] = field(default_factory=list)
    compass: tuple[float, float, float] = (0.0, 0.0, 0.0)                    # x, y, size
    notes: list[tuple[str, float]] = field(default_factory=list)


def label_of(name: str) -> str:
    return name.replace("_", " ").capitalize()


def key_layout(frame: MapFrame, game: Game) -> KeyLayout:
    h = frame.hex_height
    pad = max(16.0, h * 0.25)
    x0 = frame.width - frame.key_width
    layout = KeyLayout(x0=x0, width=frame.key_width, pad=pad, swatch=h * 0.75)
    inner = frame.key_width - 2 * pad
    y = frame.margin * 0.5 + pad * 0.5
    main, _, sub = game.title.partition(":")
    for text, size, style in ((main.strip(), 34, "bold"), (sub.strip(), 18, "bold")):
        for line in wrap(text, font(style, size), inner) if text else []:
            layout.title.append((line, size, style, y))
            y += size * 1.25
    if game.map.board.lower() not in game.title.lower():
        for line in wrap(f"{game.map.board} map", font("book", 15), inner):
            layout.title.append((line, 15, "book", y))
            y += 20
    y += pad
    layout.heading_y = y
    y += 34
    row = max(layout.swatch + 8, 36.0)
    for item_kind, names in _key_entries(game):
        for name, label, color in names:
            letter = next((a.name for a in game.map.areas if a.purpose == item_kind and a.side == name), "")
            layout.items.append(KeyItem(item_kind, name, label, y + row / 2, color, letter))
            y += row
    y += pad
    size = min(h * 0.9, inner * 0.4)
    layout.compass = (x0 + pad + size * 0.5, y + size * 0.55, size)
    y += size * 1.25 + pad * 0.5
    scale = []
    if game.km_per_hex.value:
        scale.append(f"One hex = {game.km_per_hex.value:g} km")
    if game.days_per_turn.value:
        days = game.days_per_turn.value
        scale.append(f"One Game-Turn = {days:g} day{'' if days == 1 else 's'}")
    if any(t.source.kind in ("geo", "reconstructed") for t in game.map.hexes.values()):
        scale.append(RECONSTRUCTED_NOTE)
    for text in scale:
        for line in wrap(text, font("book", 14), inner):
            layout.notes.append((line, y))
            y += 19
        y += 4
    return layout


def _key_entries(game: Game) -> list[tuple[str, list[tuple[str, str, str]]]]:
    # The key shows what this map shows; the Terrain Effects Chart lists every terrain type.
    terrain = game.terrain
    used = ({t.terrain for t in game.map.hexes.values()}
            | {f.feature for features in game.map.hexsides.values() for f in features}
            | {line.kind for line in game.map.lines} | {p.kind for p in game.map.places.values()})
    entries: list[tuple[str, list[tuple[str, str, str]]]] = [
        (kind, [(n, label_of(n), t.color) for n, t in terrain.of_kind(kind).items() if n in used])
        for kind in ("hex", "hexside", "line")
    ]
    places = [(n, label_of(n), t.color) for n, t in terrain.of_kind("place").items() if n in used]
    entries.append(("place", places))
    if any(p.vp for p in game.map.places.values()):
        entries.append(("vp", [("vp", "Victory points", "")]))
    for purpose, label in (("entry", "entry area"), ("setup", "set-up area")):
        # Set-up areas (Korsun 18.22) are the lettered discs in their hexes.
        with_areas = {a.side for a in game.map.areas if a.purpose == purpose}
        sides = [s.name for s in game.sides if s.name in with_areas]
        if sides:
            entries.append((purpose, [(s, f"{s} {label}", game.side(s).color) for s in sides]))
    return entries


# -- drawing ---------------------------------------------------------------------------------------

def draw_key_shapes(canvas: Canvas, frame: MapFrame, game: Game, layout: KeyLayout) -> None:
    if frame.key_width <= 0:
        x = frame.width - frame.margin * 0.5
        _compass(canvas, (x, frame.margin * 0.5), frame.margin * 0.8, game.map.art.north)
        return
    canvas.rectangle((layout.x0, 0, frame.width - 1, frame.height - 1), fill=PAPER)
    canvas.line([(layout.x0 + 2, frame.margin * 0.5), (layout.x0 + 2, frame.height - frame.margin * 0.5)],
                INK, 1.5)
    h = frame.hex_height
    sx = layout.x0 + layout.pad + layout.swatch * 0.6
    for item in layout.items:
        _swatch(canvas, item, (sx, item.y), layout.swatch, h)
    cx, cy, size = layout.compass
    _compass(canvas, (cx, cy), size, game.map.art.north)


def draw_key_text(image: Image.Image, frame: MapFrame, game: Game, layout: KeyLayout) -> None:
    draw = ImageDraw.Draw(image)
    if frame.key_width <= 0:
        size = max(9, min(18, round(frame.margin * 0.42)))
        draw_text(draw, (frame.margin * 0.5, frame.margin * 0.5), game.title, font("bold", size), INK, "lm")
        draw_text(draw, (frame.width - frame.margin * 0.5 - frame.margin * 0.2, frame.margin * 0.5), "N",
                  font("bold", max(8, round(frame.margin * 0.3))), INK, "rm")
        return
    left = layout.x0 + layout.pad
    for text, size, style, y in layout.title:
        draw_text(draw, (left, y), text, font(style, size), INK, "la")
    draw_text(draw, (left, layout.heading_y), "Terrain Key", font("bold", 20), INK, "la")
    label_x = left + layout.swatch * 1.35
    for item in layout.items:
        draw_text(draw, (label_x, item.y), item.label, font("book", 16), INK, "lm")
        if item.kind == "vp":
            draw_vp_value(draw, (layout.x0 + layout.pad + layout.swatch * 0.6, item.y), 10, frame.hex_height)
        if item.kind == "entry":
            color = rgb(item.color)
            draw_text(draw, (layout.x0 + layout.pad + layout.swatch * 0.6, item.y), item.letter,
                      font("bold", round(frame.hex_height * 0.15)), ink_on(color))
        if item.kind == "setup":    # drawn as the map draws it, disc or pill
            draw_area_letters(image, frame, [(item.letter, rgb(item.color),
                                              (layout.x0 + layout.pad + layout.swatch * 0.6, item.y))], SETUP_DISC)
    cx, cy, size = layout.compass
    north = game.map.art.north
    if north:       # the letter beyond the turned arrow's tip
        nx, ny = _turned((cx, cy), (cx, cy - size * 0.62), north)
        draw_text(draw, (nx, ny), "N", font("bold", round(size * 0.28)), INK, "mm")
    else:
        draw_text(draw, (cx, cy - size * 0.5), "N", font("bold", round(size * 0.28)), INK, "md")
    for text, y in layout.notes:
        draw_text(draw, (left, y), text, font("book", 14), INK, "la")


def _swatch(canvas: Canvas, item: KeyItem, centre: tuple[float, float], size: float, h: float) -> None:
    cx, cy = centre
    if item.kind == "hex":
        style = style_of(item.name, item.color)
        poly = Polygon(_hex_points(centre, size))
        canvas.geometry(poly, style.fill)
        scatter_symbols(canvas, poly, style, h)
        canvas.polygon(list(poly.exterior.coords), outline=(70, 70, 70), width=1.0)
    elif item.kind == "hexside":
        canvas.polygon(_hex_points(centre, size), fill=style_of("clear", "").fill, outline=(70, 70, 70))
        pts = _hex_points(centre, size)
        line = LineString([pts[5], pts[0], pts[1]])
        draw_river(canvas, line, line_color(item.name, item.color), river_width(item.name, h))
    elif item.kind == "line":
        points = [(cx - size * 0.6, cy + size * 0.12), (cx + size * 0.6, cy - size * 0.12)]
        color = line_color(item.name, item.color)
        if "rail" in item.name:
            draw_railroad(canvas, points, color, h)
        else:
            draw_road(canvas, points, color, h)
    elif item.kind == "place":
        color = rgb(item.color, DEFAULT_CITY)
        if item.name in CITY_KINDS:
            draw_city(canvas, centre, h * 0.42, color, 0)
        else:
            draw_town(canvas, centre, h, color)
    elif item.kind == "vp":
        draw_vp_disc(canvas, centre, h)
    elif item.kind == "entry":
        color = rgb(item.color)
        canvas.rectangle((cx - size * 0.6, cy - h * 0.06, cx + size * 0.6, cy + h * 0.06), fill=color)
        r = h * 0.13
        canvas.ellipse((cx - r, cy - r, cx + r, cy + r), fill=color, outline=INK, width=1.0)


def _hex_points(centre: tuple[float, float], height: float) -> list[tuple[float, float]]:
    cx, cy = centre
    r = height / 3 ** 0.5
    return [(cx + r, cy), (cx + r / 2, cy + height / 2), (cx - r / 2, cy + height / 2),
            (cx - r, cy), (cx - r / 2, cy - height / 2), (cx + r / 2, cy - height / 2)]


def _compass(canvas: Canvas, centre: tuple[float, float], size: float, north: float = 0.0) -> None:
    """A north arrow: a split arrowhead, dark on the east half, as on printed maps; turned ``north``
    degrees clockwise where the map is not drawn north-up."""
    x, y = centre

    def at(px: float, py: float) -> tuple[float, float]:
        return _turned(centre, (px, py), north)
    top, bottom = at(x, y - size * 0.45), at(x, y + size * 0.4)
    half = size * 0.17
    notch = at(x, y + size * 0.18)
    canvas.polygon([top, at(x - half, y + size * 0.3), notch], fill=WHITE, outline=INK, width=1.2)
    canvas.polygon([top, at(x + half, y + size * 0.3), notch], fill=INK, outline=INK, width=1.2)
    canvas.line([notch, bottom], INK, max(1.0, size * 0.03))
    canvas.ellipse((bottom[0] - size * 0.05, bottom[1] - size * 0.05, bottom[0] + size * 0.05, bottom[1] + size * 0.05),
                   fill=darker(PAPER, 0.2), outline=INK, width=1.0)


def _turned(centre: tuple[float, float], point: tuple[float, float], degrees: float) -> tuple[float, float]:
    """``point`` turned about ``centre`` by ``degrees`` clockwise on the sheet (y grows down).

    >>> [round(v, 6) + 0.0 for v in _turned((0, 0), (0, -1), 90)]
    [1.0, 0.0]
    """
    if not degrees:
        return point
    angle = math.radians(degrees)
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    return (centre[0] + dx * math.cos(angle) - dy * math.sin(angle),
            centre[1] + dx * math.sin(angle) + dy * math.cos(angle))


def key_sample(kind: str, name: str, color: str, hex_height: int) -> Image.Image:
    """One terrain key entry drawn on its own (for the Terrain Effects Chart): exactly what the
    map and its key show for terrain ``name`` of ``kind`` (hex, hexside, line, place)."""
    size = hex_height * 0.75
    w, h = int(size * 1.5), int(size * 1.1)
    canvas = Canvas((w, h), PAPER, 3)
    item = KeyItem(kind, name, "", h / 2.0, color)
    _swatch(canvas, item, (w / 2.0, h / 2.0), size, hex_height)
    return canvas.result()
