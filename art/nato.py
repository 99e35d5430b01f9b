"""NATO unit-type symbols, drawn in a box as on SPI counters.

The unit type's ``symbol`` (game.toml) names the symbol: infantry (X), armor (a track
ellipse), cavalry (one slash), motorized (X on wheels), mechanized (X and ellipse), mountain,
light, airborne, anti_tank, artillery, engineer, hq (a box with a staff) and leader. An unknown
name draws the bare box rather than failing: the counter stays usable while the data is fixed.
"""

from __future__ import annotations

import math

from vmodgen.art.canvas import Canvas
from vmodgen.art.colors import Color

Box = tuple[float, float, float, float]

SYMBOLS = ("infantry", "armor", "cavalry", "motorized", "mechanized", "mountain", "light",
           "airborne", "anti_tank", "artillery", "engineer", "hq", "leader")


def draw_unit_symbol(canvas: Canvas, symbol: str, box: Box, fill: Color, ink: Color) -> None:
    """The box of ``symbol`` filling ``box`` (x0, y0, x1, y1), lines in ``ink``."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    line = max(1.0, w * 0.055)
    if symbol == "leader":
        _leader(canvas, box, fill, ink, line)
        return
    if symbol == "hq":
        # The staff hangs from the lower left corner, as in NATO headquarters symbols.
        canvas.line([(x0, y0), (x0, y1 + (y1 - y0) * 0.4)], ink, line)
    canvas.rectangle(box, fill=fill)
    parts = _PARTS.get(symbol, ())
    for part in parts:
        part(canvas, box, ink, line)
    canvas.rectangle(box, outline=ink, width=line)


def _cross(canvas: Canvas, box: Box, ink: Color, line: float) -> None:
    x0, y0, x1, y1 = box
    canvas.line([(x0, y0), (x1, y1)], ink, line)
    canvas.line([(x0, y1), (x1, y0)], ink, line)


def _track(canvas: Canvas, box: Box, ink: Color, line: float) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    canvas.ellipse((x0 + w * 0.16, y0 + h * 0.24, x1 - w * 0.16, y1 - h * 0.24), outline=ink, width=line)


def _slash(canvas: Canvas, box: Box, ink: Color, line: float) -> None:
    x0, y0, x1, y1 = box
    canvas.line([(x0, y1), (x1, y0)], ink, line)


def _wheels(canvas: Canvas, box: Box, ink: Color, line: float) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    r = h * 0.13
    for cx in (x0 + w * 0.3, x0 + w * 0.7):
        cy = y1 + r + line
        canvas.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)


def _peak(canvas: Canvas, box: Box, ink: Color, line: float) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2.0
    canvas.polygon([(cx - w * 0.17, y1), (cx, y1 - h * 0.38), (cx + w * 0.17, y1)], fill=ink)


def _light(canvas: Canvas, box: Box, ink: Color, line: float) -> None:
    # Jaeger: a bar across the top of the box marks light infantry.
    x0, y0, x1, y1 = box
    h = y1 - y0
    canvas.rectangle((x0, y0, x1, y0 + h * 0.2), fill=ink)


def _chute(canvas: Canvas, box: Box, ink: Color, line: float) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2.0
    r = w * 0.1
    for dx in (-r, r):
        canvas.draw.arc(_scaled(canvas, (cx + dx - r, y1 - h * 0.32 - r, cx + dx + r, y1 - h * 0.32 + r)),
                        0, 180, fill=ink, width=canvas.w(line))


def _anti_tank(canvas: Canvas, box: Box, ink: Color, line: float) -> None:
    x0, y0, x1, y1 = box
    canvas.line([(x0, y1), ((x0 + x1) / 2.0, y0), (x1, y1)], ink, line)


def _gun(canvas: Canvas, box: Box, ink: Color, line: float) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
    r = (y1 - y0) * 0.17
    canvas.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)


def _bridge(canvas: Canvas, box: Box, ink: Color, line: float) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    a, b = y0 + h * 0.35, y1 - h * 0.3
    canvas.line([(x0 + w * 0.25, b), (x0 + w * 0.25, a), (x1 - w * 0.25, a), (x1 - w * 0.25, b)], ink, line)
    canvas.line([((x0 + x1) / 2.0, a), ((x0 + x1) / 2.0, b)], ink, line)


def _leader(canvas: Canvas, box: Box, fill: Color, ink: Color, line: float) -> None:
    """A commander: a star instead of a unit box, so a leader never reads as a unit."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
    outer, inner = h * 0.62, h * 0.26
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = math.radians(-90 + 36 * i)
        points.append((cx + r * math.cos(a), cy + h * 0.08 + r * math.sin(a)))
    canvas.polygon(points, fill=fill, outline=ink, width=line)


def _scaled(canvas: Canvas, box: Box) -> Box:
    a = canvas.p((box[0], box[1]))
    b = canvas.p((box[2], box[3]))
    return a[0], a[1], b[0], b[1]


_PARTS = {
    "infantry": (_cross,),
    "armor": (_track,),
    "cavalry": (_slash,),
    "motorized": (_cross, _wheels),
    "mechanized": (_cross, _track),
    "mountain": (_cross, _peak),
    "light": (_cross, _light),
    "airborne": (_cross, _chute),
    "anti_tank": (_anti_tank,),
    "artillery": (_gun,),
    "artillery_transport": (_gun, _wheels),     # towed artillery in transport setup (WB-95 6.2.2)
    "engineer": (_bridge,),
    "hq": (),
}
