"""Text for the art: the bundled DejaVu fonts and a few layout helpers.

The fonts ship inside the package and are laid out with FreeType's basic layout (not raqm), so a
label is the same pixels on every machine that builds the module.

>>> width, height = text_size("0319", font("cond", 10))
>>> width > 0 and height > 0
True
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"

#: Style name -> bundled font file.
FONT_FILES = {
    "book": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "cond_bold": "DejaVuSansCondensed-Bold.ttf",
}

Color = tuple[int, int, int]


@lru_cache(maxsize=256)
def font(style: str, size: int) -> ImageFont.FreeTypeFont:
    """The bundled font of ``style`` (book, bold, cond, cond_bold) at ``size`` pixels."""
    return ImageFont.truetype(str(FONT_DIR / FONT_FILES[style]), max(1, int(size)),
                              layout_engine=ImageFont.Layout.BASIC)


def text_size(text: str, face: ImageFont.FreeTypeFont) -> tuple[int, int]:
    """Width and height of the ink of ``text`` (its bounding box)."""
    left, top, right, bottom = face.getbbox(text)
    return right - left, bottom - top


def fit_font(text: str, style: str, size: int, max_width: float, min_size: int = 6) -> ImageFont.FreeTypeFont:
    """The largest font of ``style`` up to ``size`` in which ``text`` is at most ``max_width``
    wide (never below ``min_size``: a label too long is better cut by the eye than unreadable)."""
    for candidate in range(int(size), min_size - 1, -1):
        face = font(style, candidate)
        if face.getlength(text) <= max_width:
            return face
    return font(style, min_size)


def wrap(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``max_width`` (a single word
    longer than the width gets a line of its own)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            trial = f"{current} {word}".strip()
            if current and face.getlength(trial) > max_width:
                lines.append(current)
                current = word
            else:
                current = trial
        lines.append(current)
    return lines


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
              face: ImageFont.FreeTypeFont, fill: Color, anchor: str = "mm",
              halo: Color | None = None, halo_width: int = 1) -> tuple[int, int, int, int]:
    """Draw ``text`` anchored at ``xy`` (pillow anchors: "mm" = middle, "ma" = top centre...),
    optionally with a halo so it stays readable over busy terrain; returns the ink box."""
    stroke = halo_width if halo is not None else 0
    draw.text(xy, text, font=face, fill=fill, anchor=anchor, stroke_width=stroke,
              stroke_fill=halo)
    left, top, right, bottom = draw.textbbox(xy, text, font=face, anchor=anchor, stroke_width=stroke)
    return int(left), int(top), int(right), int(bottom)


def text_box(xy: tuple[float, float], text: str, face: ImageFont.FreeTypeFont, anchor: str = "mm",
             halo_width: int = 0) -> tuple[float, float, float, float]:
    """Where ``draw_text`` would put the ink of ``text`` (for collision tests before drawing)."""
    left, top, right, bottom = face.getbbox(text, anchor=anchor, stroke_width=halo_width)
    return xy[0] + left, xy[1] + top, xy[0] + right, xy[1] + bottom
