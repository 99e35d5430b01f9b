"""How each kind of terrain looks: its fill colour and the small symbols drawn over it.

The data gives a colour per terrain (``color`` in charts/terrain.toml); the symbol is chosen by
the terrain's name (woods, swamp, rough, ...), as printed map keys do, so the same symbols serve
the map, its key and the Terrain Effects Chart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from vmodgen.art.canvas import Canvas
from vmodgen.art.colors import Color, darker, lighter, mix, rgb

#: Name fragments -> symbol pattern (first match wins, in this order).
PATTERNS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("wood", "forest", "jungle"), "trees"),
    (("swamp", "marsh", "bog"), "marsh"),
    (("rough", "hill", "mountain"), "rough"),
    (("sea", "lake", "water"), "water"),
)

#: Fallback colours for data that gives none, by pattern (and for clear ground).
DEFAULT_FILLS: dict[str, Color] = {
    "trees": (126, 164, 96), "marsh": (168, 196, 178), "rough": (200, 178, 138),
    "water": (150, 190, 225), "none": (236, 229, 200),
}

DEFAULT_LINE_COLORS: dict[str, Color] = {
    "major_river": (40, 100, 190), "minor_river": (70, 130, 205), "road": (176, 60, 36),
    "railroad": (25, 25, 25),
}


@dataclass(frozen=True)
class TerrainStyle:
    fill: Color
    pattern: str     # trees | marsh | rough | water | none

    @property
    def ink(self) -> Color:
        """The colour symbols are drawn in over this fill."""
        if self.pattern == "marsh":
            return (38, 92, 96)
        if self.pattern == "rough":
            return darker(self.fill, 0.5)
        if self.pattern == "water":
            return darker(self.fill, 0.35)
        return darker(self.fill, 0.45)


def pattern_of(name: str) -> str:
    lowered = name.lower()
    for fragments, pattern in PATTERNS:
        if any(f in lowered for f in fragments):
            return pattern
    return "none"


def style_of(name: str, color: str) -> TerrainStyle:
    pattern = pattern_of(name)
    return TerrainStyle(rgb(color, DEFAULT_FILLS[pattern]), pattern)


def line_color(name: str, color: str) -> Color:
    """Colour of a river, road or railroad: the data's, else a conventional one."""
    for key, default in DEFAULT_LINE_COLORS.items():
        if key in name:
            return rgb(color, default)
    if "river" in name or "canal" in name:
        return rgb(color, DEFAULT_LINE_COLORS["minor_river"])
    return rgb(color, (90, 90, 90))


#: Spacing of symbols, as a fraction of the hex height.
SPACING = {"trees": 0.27, "marsh": 0.30, "rough": 0.28, "water": 0.34}


def draw_symbol(canvas: Canvas, style: TerrainStyle, x: float, y: float, size: float) -> None:
    """One symbol of ``style`` centred at (x, y), ``size`` pixels across."""
    if style.pattern == "trees":
        _tree(canvas, x, y, size, style)
    elif style.pattern == "marsh":
        _tuft(canvas, x, y, size, style.ink)
    elif style.pattern == "rough":
        _rough(canvas, x, y, size, style.ink)
    elif style.pattern == "water":
        _wave(canvas, x, y, size, style.ink)


def _tree(canvas: Canvas, x: float, y: float, size: float, style: TerrainStyle) -> None:
    # A broadleaf tree as printed on many maps: a round crown with a shaded edge on a short trunk.
    r = size * 0.36
    trunk = darker(style.fill, 0.6)
    canvas.line([(x, y + r * 0.6), (x, y + r * 1.45)], trunk, max(1.0, size * 0.09))
    crown = mix(style.fill, (40, 90, 35), 0.55)
    canvas.ellipse((x - r, y - r, x + r, y + r), fill=crown, outline=darker(crown, 0.45),
                   width=max(0.8, size * 0.06))
    hl = r * 0.45
    canvas.ellipse((x - r * 0.55, y - r * 0.6, x - r * 0.55 + hl, y - r * 0.6 + hl),
                   fill=lighter(crown, 0.3))


def _tuft(canvas: Canvas, x: float, y: float, size: float, ink: Color) -> None:
    # Marsh: a water line with a tuft of reeds rising from it.
    w = max(0.8, size * 0.07)
    half = size * 0.45
    canvas.line([(x - half, y + size * 0.2), (x + half, y + size * 0.2)], ink, w)
    canvas.line([(x - half * 0.5, y + size * 0.38), (x + half * 0.35, y + size * 0.38)], ink, w)
    base = (x, y + size * 0.15)
    for angle in (-35.0, -12.0, 12.0, 35.0):
        a = math.radians(angle)
        length = size * (0.42 if abs(angle) < 20 else 0.32)
        canvas.line([base, (x + math.sin(a) * length, base[1] - math.cos(a) * length)], ink, w)


def _rough(canvas: Canvas, x: float, y: float, size: float, ink: Color) -> None:
    # Rough ground: a small broken hill line (an inverted V with a foot).
    w = max(0.8, size * 0.08)
    half = size * 0.35
    canvas.line([(x - half, y + half * 0.45), (x - half * 0.1, y - half * 0.45),
                 (x + half * 0.35, y + half * 0.1)], ink, w)
    canvas.line([(x + half * 0.2, y - half * 0.05), (x + half * 0.55, y - half * 0.35),
                 (x + half, y + half * 0.45)], ink, w)


def _wave(canvas: Canvas, x: float, y: float, size: float, ink: Color) -> None:
    w = max(0.8, size * 0.06)
    half = size * 0.4
    points = [(x - half + i * half / 4.0, y + (size * 0.08 if i % 2 else -size * 0.08)) for i in range(9)]
    canvas.line(points, ink, w)
