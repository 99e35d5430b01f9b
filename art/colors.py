"""Colours: parsing the data's ``#rrggbb``, mixing, and choosing readable ink.

The data gives one colour per side and per terrain; everything else (a darker outline, a
lighter stripe, black or white text) is derived here so that the whole set stays consistent
when a maintainer changes one colour.

>>> rgb("#ff8000")
(255, 128, 0)
>>> ink_on((20, 20, 20))
(255, 255, 255)
"""

from __future__ import annotations

Color = tuple[int, int, int]

BLACK: Color = (0, 0, 0)
WHITE: Color = (255, 255, 255)
INK: Color = (25, 25, 25)
PAPER: Color = (242, 236, 218)
NEUTRAL: Color = (214, 210, 200)


def rgb(text: str, default: Color = NEUTRAL) -> Color:
    """``#rrggbb`` as an (r, g, b) tuple; ``default`` when the data gives no colour."""
    value = (text or "").strip().lstrip("#")
    if len(value) != 6:
        return default
    try:
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    except ValueError:
        return default


def mix(a: Color, b: Color, t: float) -> Color:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))  # type: ignore[return-value]


def darker(color: Color, t: float = 0.35) -> Color:
    return mix(color, BLACK, t)


def lighter(color: Color, t: float = 0.35) -> Color:
    return mix(color, WHITE, t)


def luminance(color: Color) -> float:
    """Perceived brightness, 0 (black) to 1 (white)."""
    r, g, b = color
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255.0


def ink_on(background: Color) -> Color:
    """Black or white, whichever reads better on ``background``."""
    return INK if luminance(background) > 0.55 else WHITE
