"""What the map prints on top of the terrain: hex numbers, city and town symbols, their names,
victory-point values and the letters of the entry areas.

Names are placed where they cover the fewest hex numbers and other labels (SPI maps keep the
number strip at the top of each hex readable, since players and the rules name hexes by it).
Symbols are drawn supersampled with the terrain; text is drawn afterwards at full size so it
stays crisp.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw
from shapely.geometry import box as shapely_box
from shapely.ops import unary_union

from vmodgen.art.canvas import Canvas
from vmodgen.art.colors import INK, PAPER, WHITE, Color, darker, ink_on, luminance, rgb
from vmodgen.art.map_frame import Box, MapFrame
from vmodgen.art.map_terrain import terrain_styles
from vmodgen.art.terrain_style import style_of
from vmodgen.art.text import draw_text, font, text_box
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.mapdata import Place

#: City outlines as unions of rectangles (x0, y0, x1, y1) in units of the symbol size; the
#: hex picks one by its number so neighbouring cities do not look stamped.
CITY_BLOCKS: tuple[tuple[tuple[float, float, float, float], ...], ...] = (
    ((-0.5, -0.2, 0.05, 0.3), (-0.15, -0.42, 0.3, 0.05), (0.0, -0.05, 0.5, 0.38), (-0.32, 0.2, 0.1, 0.45)),
    ((-0.48, -0.35, 0.0, 0.15), (-0.2, -0.05, 0.45, 0.42), (0.05, -0.42, 0.4, 0.05), (-0.4, 0.1, -0.05, 0.35)),
    ((-0.45, -0.1, 0.45, 0.3), (-0.25, -0.45, 0.2, 0.0), (0.1, -0.3, 0.35, 0.0), (-0.1, 0.2, 0.3, 0.45)),
)

#: place kinds drawn as a city (the rest as towns): AGS "city", Panzergruppe Guderian's "major_city"
CITY_KINDS = ("city", "major_city")
DEFAULT_CITY: Color = (80, 70, 70)


@dataclass(frozen=True)
class PlaceMark:
    place: Place
    centre: tuple[float, float]
    symbol: Box
    vp_centre: tuple[float, float] | None


def place_marks(frame: MapFrame, game: Game) -> list[PlaceMark]:
    h = frame.hex_height
    marks = []
    for hex_ in sorted(game.map.places):
        place = game.map.places[hex_]
        cx, cy = frame.centre(hex_)
        half = h * (0.21 if place.kind in CITY_KINDS else 0.06)
        vp = (cx + half + vp_radius(h) * 0.9, cy - h * 0.14) if place.vp else None
        marks.append(PlaceMark(place, (cx, cy), (cx - half, cy - half, cx + half, cy + half), vp))
    return marks


def draw_place_symbols(canvas: Canvas, frame: MapFrame, game: Game, marks: list[PlaceMark]) -> None:
    for mark in marks:
        chart = game.terrain.types.get(mark.place.kind)
        color = rgb(chart.color if chart else "", DEFAULT_CITY)
        if mark.place.kind in CITY_KINDS:
            draw_city(canvas, mark.centre, frame.hex_height * 0.42, color,
                      mark.place.hex.col * 7 + mark.place.hex.row)
        else:
            draw_town(canvas, mark.centre, frame.hex_height, color)
        if mark.vp_centre is not None:
            draw_vp_disc(canvas, mark.vp_centre, frame.hex_height)


def draw_city(canvas: Canvas, centre: tuple[float, float], size: float, color: Color, variant: int) -> None:
    """A block of buildings: a dark irregular shape, like the city symbols of printed maps."""
    cx, cy = centre
    blocks = CITY_BLOCKS[variant % len(CITY_BLOCKS)]
    shape = unary_union([shapely_box(cx + a * size, cy + b * size, cx + c * size, cy + d * size)
                         for a, b, c, d in blocks])
    fill = color if luminance(color) < 0.45 else darker(color, 0.5)
    canvas.geometry(shape.buffer(max(1.0, size * 0.05), join_style="mitre"), INK)
    canvas.geometry(shape, fill)


def draw_town(canvas: Canvas, centre: tuple[float, float], hex_height: float, color: Color) -> None:
    """A town: a small dark square with a light rim, readable on any terrain."""
    cx, cy = centre
    half = hex_height * 0.06
    rim = half + max(1.0, hex_height * 0.02)
    canvas.rectangle((cx - rim, cy - rim, cx + rim, cy + rim), fill=WHITE)
    fill = color if luminance(color) < 0.45 else darker(color, 0.55)
    canvas.rectangle((cx - half, cy - half, cx + half, cy + half), fill=fill)


def draw_vp_disc(canvas: Canvas, centre: tuple[float, float], hex_height: float) -> None:
    r = vp_radius(hex_height)
    x, y = centre
    canvas.ellipse((x - r, y - r, x + r, y + r), fill=WHITE, outline=(160, 20, 20),
                   width=max(1.0, hex_height * 0.018))


def vp_radius(hex_height: float) -> float:
    return hex_height * 0.095


def draw_vp_value(draw: ImageDraw.ImageDraw, centre: tuple[float, float], vp: int, hex_height: float) -> None:
    text = str(vp)
    size = round(hex_height * (0.12 if len(text) < 3 else 0.09))
    draw_text(draw, centre, text, font("cond_bold", size), (160, 20, 20))


# -- text ------------------------------------------------------------------------------------------

def draw_hex_numbers(image: Image.Image, frame: MapFrame, game: Game) -> None:
    draw = ImageDraw.Draw(image)
    face = font("cond", frame.number_size)
    styles = terrain_styles(game)
    for hex_ in frame.hexes:
        info = game.map.hexes.get(hex_)
        name = info.terrain if info else ""
        fill = (styles.get(name) or style_of(name, "")).fill
        left, top, right, _ = frame.number_box(hex_)
        ink = INK if luminance(fill) > 0.45 else WHITE
        # A halo in the hex's own colour: invisible on open ground, it keeps the number
        # readable where a road, railroad or river runs through the number strip.
        draw.text(((left + right) / 2.0, top), frame.layout.name(hex_), font=face, fill=ink, anchor="ma",
                  stroke_width=1, stroke_fill=fill)


def draw_place_labels(image: Image.Image, frame: MapFrame, marks: list[PlaceMark],
                      obstacles: list[Box]) -> list[Box]:
    """Names and VP values; returns the boxes taken, for whatever is placed after."""
    draw = ImageDraw.Draw(image)
    h = frame.hex_height
    taken = list(obstacles)
    numbers = [frame.number_box(hx) for hx in frame.hexes]
    symbols = [m.symbol for m in marks] + [_vp_box(m, h) for m in marks if m.vp_centre]
    bounds = frame.map_box
    placed: list[Box] = []
    for mark in sorted(marks, key=lambda m: (m.place.kind not in CITY_KINDS, -(m.place.vp or 0),
                                             m.place.hex)):
        if mark.vp_centre is not None:
            draw_vp_value(draw, mark.vp_centre, mark.place.vp or 0, h)
        city = mark.place.kind in CITY_KINDS
        face = font("cond_bold", round(h * (0.16 if city else 0.14)))
        best: tuple[float, int, tuple[float, float], str] | None = None
        for order, (xy, anchor) in enumerate(_candidates(mark, h)):
            ink_box = text_box(xy, mark.place.name, face, anchor, halo_width=2)
            cost = (3 * _overlap(ink_box, numbers) + 2 * _overlap(ink_box, taken + placed)
                    + _overlap(ink_box, symbols) + 4 * _outside(ink_box, bounds))
            if best is None or cost < best[0] - 1e-6:
                best = (cost, order, xy, anchor)
        assert best is not None
        _, _, xy, anchor = best
        placed.append(draw_text(draw, xy, mark.place.name, face, INK, anchor, halo=PAPER, halo_width=2))
    return taken + placed


def _candidates(mark: PlaceMark, h: float) -> list[tuple[tuple[float, float], str]]:
    cx, cy = mark.centre
    _, top, right, bottom = mark.symbol
    gap = h * 0.04
    return [
        ((cx, bottom + gap), "ma"),
        ((right + gap * 1.5, cy), "lm"),
        ((mark.symbol[0] - gap * 1.5, cy), "rm"),
        ((cx, top - gap), "md"),
        ((cx, cy + h * 0.5), "ma"),
        ((right + gap, cy + h * 0.3), "la"),
        ((mark.symbol[0] - gap, cy + h * 0.3), "ra"),
    ]


def _vp_box(mark: PlaceMark, h: float) -> Box:
    assert mark.vp_centre is not None
    x, y = mark.vp_centre
    r = vp_radius(h)
    return x - r, y - r, x + r, y + r


def _overlap(box: Box, others: list[Box]) -> float:
    total = 0.0
    for o in others:
        w = min(box[2], o[2]) - max(box[0], o[0])
        if w <= 0:
            continue
        hgt = min(box[3], o[3]) - max(box[1], o[1])
        if hgt > 0:
            total += w * hgt
    return total


def _outside(box: Box, bounds: Box) -> float:
    area = (box[2] - box[0]) * (box[3] - box[1])
    return area - _overlap(box, [bounds])


def draw_area_letters(image: Image.Image, frame: MapFrame,
                      letters: list[tuple[str, Color, tuple[float, float]]], size: float = 0.13) -> list[Box]:
    """Area names in a disc of the side colour (``size``: its radius in hex heights), kept
    inside the picture; a name too wide for the disc ("13th Army") gets a pill as long as it
    needs, so it stays readable."""
    draw = ImageDraw.Draw(image)
    r = frame.hex_height * size
    taken = []
    for name, color, (x, y) in letters:
        face = font("bold", round(r * 1.2))
        half = max(r, draw.textlength(name, font=face) / 2 + r * 0.45)
        x = min(max(x, half + 1), frame.width - half - 2)
        y = min(max(y, r + 1), frame.height - r - 2)
        box = (x - half, y - r, x + half, y + r)
        if half == r:
            draw.ellipse(box, fill=color, outline=INK, width=1)
        else:
            draw.rounded_rectangle(box, radius=r, fill=color, outline=INK, width=1)
        draw_text(draw, (x, y), name, face, ink_on(color))
        taken.append(box)
    return taken
