"""Counters in SPI style: side colour, NATO box with the size above it, the designation beside
it and the values along the bottom (``8-6-10``, ``(8)-10`` for HQs and leaders).

What a face shows is decided first (:func:`face_look`, plain data that tests can read), then
drawn (:func:`render_counter`). Unknown values show as ``?``; an untried back shows only the
type, the size and ``?-?-M``, never the unit's identity.

>>> from pathlib import Path
>>> from vmodgen.engine.model.loader import load_game
>>> game = load_game(Path("tests/data/games/mini"))
>>> value_text(game, game.counter("red-hq-a"), "front")
'(4)-10'
>>> value_text(game, game.counter("red-xx-2"), "back")
'?-?-6'
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from vmodgen.art.canvas import Canvas
from vmodgen.art.colors import INK, NEUTRAL, WHITE, Color, darker, ink_on, lighter, luminance, mix, rgb
from vmodgen.art.nato import draw_unit_symbol
from vmodgen.art.text import draw_text, fit_font, font, wrap
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter, Face
from vmodgen.engine.model.values import NotApplicable, Number, show

FACES = ("front", "back")
NEAR_BLACK = 0.2   # luminance below which a counter is printed black (SS in Kiev)
#: Shapes are drawn this many times larger and reduced (counters are small).
COUNTER_FACTOR = 4
#: No text on a counter is set smaller than this (pixels at 100% zoom): smaller is not read.
MIN_TEXT = 9


def counter_size(game: Game) -> int:
    """Counter edge in pixels: three quarters of the hex height, as on printed maps."""
    return max(24, round(game.map.art.hex_height * 0.75))


@dataclass(frozen=True)
class CounterLook:
    """Everything one face of a counter shows, before any drawing."""

    background: Color
    ink: Color
    symbol: str            # NATO symbol name; "" for none
    size: str              # XX, III, ...; "" for none
    left: str              # designation left of the box
    right: str             # designation right of the box (the parent formation)
    inside: str            # text in the box (HQ and leader designations)
    values: str            # 8-6-10, (8)-10, ?-?-6, or ""
    title: str = ""        # leader's name or a marker's text, over the box
    asterisk: bool = False
    reduced: bool = False
    blank: bool = False    # a back printed without values


def value_text(game: Game, counter: Counter, face: str) -> str:
    """The value line of a face as printed: ``A-D-M``, ``(LR)-M``, ``?-?-M``, or ``""``."""
    unit_class = _unit_class(game, counter)
    if unit_class == "marker":
        return ""
    if face == "back":
        kind = counter.back_kind
        if kind == "untried":
            return f"?-?-{_number(_untried_movement(counter))}"
        if kind == "blank":
            return ""
        if kind == "reduced" or (kind == "mode" and unit_class not in ("hq", "leader")):
            return _abc(counter.back or Face(None, None, None), _one_strength(game, counter))
        if kind == "mode":
            return f"({_number(counter.leadership)})-{_number((counter.back or counter.front).movement)}"
        # an inactive back prints the front's values (Korsun 19.62)
    if unit_class in ("hq", "leader") and not isinstance(counter.leadership, NotApplicable):
        return f"({_number(counter.leadership)})-{_number(counter.front.movement)}"
    # an HQ that prints no rating prints its values as any unit (WB95 9.1: ``?-?-10``, its 10 MPs known)
    return _abc(counter.front, _one_strength(game, counter))


def face_look(game: Game, counter: Counter, face: str) -> CounterLook:
    """What ``face`` (front or back) of ``counter`` shows."""
    if face not in FACES:
        raise ValueError(f"face must be one of {FACES}, not {face!r}")
    showing = face if not (face == "back" and counter.back_kind == "none") else "front"
    background = counter_background(game, counter)
    unit_type = game.unit_types.get(counter.type)
    symbol = unit_type.symbol if unit_type else ""
    unit_class = _unit_class(game, counter)
    values = value_text(game, counter, showing)
    if unit_class == "marker":
        return CounterLook(background, ink_on(background), "", "", "", "", "", "", title=counter.name)
    if showing == "back" and counter.back_kind == "untried":
        return CounterLook(background, ink_on(background), symbol, counter.size, "", "", "", values)
    if showing == "back" and counter.back_kind == "blank":
        return CounterLook(background, ink_on(background), "", "", "", "", "", "",
                           title=counter.designation, blank=True)
    if showing == "back" and counter.back_kind == "mode" and unit_type is not None and unit_type.back_symbol:
        symbol = unit_type.back_symbol
    left, right, inside = _designation(counter, unit_class)
    title = counter.name.split("(")[0].strip() if unit_class == "leader" else ""
    if unit_type is not None and (unit_type.front_label or unit_type.back_label):
        # the mode a face prints (Operation Star 21.0: OFF front, DEF back)
        title = unit_type.back_label if showing == "back" and counter.back_kind == "mode" else unit_type.front_label
    if showing == "back" and counter.back_kind == "inactive":
        title = "inactive"
    return CounterLook(background, ink_on(background), symbol, counter.size, left, right, inside, values,
                       title=title, asterisk=counter.asterisk and showing == "front",
                       reduced=showing == "back" and counter.back_kind == "reduced")


def counter_background(game: Game, counter: Counter) -> Color:
    """The side colour, or the unit type's own colour where the data gives one (SS black in
    Kiev); leaders lighter with a dark frame so the commanders stand out."""
    try:
        base = rgb(game.side(counter.side).color)
    except KeyError:
        base = NEUTRAL
    unit_type = game.unit_types.get(counter.type)
    if unit_type is not None and unit_type.color:
        return rgb(unit_type.color)
    if _unit_class(game, counter) == "leader":
        return lighter(base, 0.45)
    return base


def render_counter(game: Game, counter: Counter, face: str) -> Image.Image:
    """One face of a counter, ``counter_size(game)`` pixels square."""
    return draw_look(face_look(game, counter, face), counter_size(game),
                     frame=_unit_class(game, counter) == "leader")


def draw_look(look: CounterLook, size: int, frame: bool = False) -> Image.Image:
    c = float(size)
    canvas = Canvas((size, size), look.background, COUNTER_FACTOR)
    if look.reduced:
        canvas.rectangle((0, 0, c, c * 0.2), fill=lighter(look.background, 0.55))
    place = _place(look, c)
    if look.symbol:
        dark = luminance(look.background) < NEAR_BLACK  # a light box would glare on black counters
        draw_unit_symbol(canvas, look.symbol, place.box, (90, 90, 92) if dark else lighter(look.background, 0.6),
                         WHITE if dark else INK)
    if frame:
        canvas.rectangle((c * 0.04, c * 0.04, c * 0.96 - 1, c * 0.96 - 1), outline=darker(look.background, 0.6),
                         width=max(1.0, c * 0.03))
    canvas.rectangle((0, 0, c - 1, c - 1), outline=darker(look.background, 0.45), width=1.0)
    image = canvas.result()
    _draw_texts(ImageDraw.Draw(image), look, c, place)
    return image


@dataclass(frozen=True)
class _Placement:
    box: tuple[float, float, float, float]
    side_font: ImageFont.FreeTypeFont
    right_on_top: bool = False     # the parent formation went to the top-left corner


def _place(look: CounterLook, c: float) -> _Placement:
    """Where the symbol box goes: centred when the designation fits on both sides, otherwise
    moved aside to make room for it (the printed counters do the same for long numbers). When
    even at ``MIN_TEXT`` both parts do not fit beside the box, the parent formation (``10m`` of
    ``20/10m``) goes to the top-left corner, so that no designation is set too small to read."""
    h = c * 0.28
    w = c * (0.64 if look.inside else 0.46)
    top = c * (0.34 if look.title else 0.24)
    if look.title and not look.values:
        top = c * 0.45
    edge, gap = c * 0.05, c * 0.035
    for right_text in (look.right, ""):
        for size in range(round(c * 0.2), MIN_TEXT - 1, -1):
            face = font("cond_bold", size)
            left = face.getlength(look.left) + gap if look.left else 0.0
            right = face.getlength(right_text) + gap if right_text else 0.0
            for width in (w, c * 0.4, c * 0.34):
                if left + right + width <= c - 2 * edge:
                    centred = (c - width) / 2.0
                    x0 = min(max(centred, edge + left), c - edge - right - width)
                    if right_text != look.right:   # the box to the right: room for the corner text
                        x0 = c - edge - width
                    return _Placement((x0, top, x0 + width, top + h), face, right_on_top=right_text != look.right)
    x0 = (c - w) / 2.0
    return _Placement((x0, top, x0 + w, top + h), font("cond_bold", MIN_TEXT), right_on_top=bool(look.right))


def _draw_texts(draw: ImageDraw.ImageDraw, look: CounterLook, c: float, place: _Placement) -> None:
    ink = look.ink
    x0, y0, x1, y1 = place.box
    if look.blank:
        if look.title:
            draw_text(draw, (c / 2, c / 2), look.title, fit_font(look.title, "cond_bold", round(c * 0.2), c * 0.8,
                                                                 min_size=MIN_TEXT),
                      mix(look.background, ink, 0.35))
        return
    if look.title and not look.symbol:
        _marker_title(draw, look.title, c, ink)
    elif look.title:
        draw_text(draw, (c / 2, c * 0.06), look.title,
                  fit_font(look.title, "cond_bold", round(c * 0.18), c * 0.9, min_size=MIN_TEXT), ink, "ma")
    if look.size:
        mark = fit_font(look.size, "cond_bold", max(round(c * 0.16), MIN_TEXT), c * 0.6, min_size=MIN_TEXT)
        centre = (x0 + x1) / 2
        if look.asterisk:   # keep the size mark clear of the asterisk in the top-right corner
            star = font("bold", round(c * 0.28))
            centre = min(centre, c * 0.95 - star.getlength("*") - c * 0.08 - mark.getlength(look.size) / 2)
        draw_text(draw, (centre, y0 - c * 0.03), look.size, mark, ink, "md")
    mid = (y0 + y1) / 2.0
    gap = c * 0.035
    if look.left:
        draw_text(draw, (x0 - gap, mid), look.left, place.side_font, ink, "rm")
    if look.right and place.right_on_top:
        _corner_text(draw, look, c, place, ink)
    elif look.right:
        draw_text(draw, (x1 + gap, mid), look.right, place.side_font, ink, "lm")
    if look.inside:
        face = fit_font(look.inside, "cond_bold", max(round((y1 - y0) * 0.66), MIN_TEXT), (x1 - x0) * 0.88,
                        min_size=MIN_TEXT)
        draw_text(draw, ((x0 + x1) / 2, mid), look.inside, face, INK)
    if look.values:
        face = fit_font(look.values, "bold", round(c * 0.26), c * 0.92, min_size=MIN_TEXT)
        draw_text(draw, (c / 2, c * 0.93), look.values, face, ink, "md")
    if look.asterisk:
        draw_text(draw, (c * 0.95, c * 0.02), "*", font("bold", round(c * 0.28)), ink, "ra")


def _corner_text(draw: ImageDraw.ImageDraw, look: CounterLook, c: float, place: _Placement, ink: Color) -> None:
    """The parent formation in the top corner with more room beside the size mark (the
    asterisk, when printed, keeps the top-right corner)."""
    x0, y0, x1, _ = place.box
    mark = fit_font(look.size, "cond_bold", max(round(c * 0.16), MIN_TEXT), c * 0.6, min_size=MIN_TEXT)
    half = mark.getlength(look.size) / 2 + c * 0.04 if look.size else 0.0
    centre, edge = (x0 + x1) / 2, c * 0.05
    left_room = centre - half - edge
    right_room = 0.0 if look.asterisk else c - edge - centre - half
    room = max(left_room, right_room)
    face = fit_font(look.right, "cond_bold", round(c * 0.18), room, min_size=MIN_TEXT)
    if right_room > left_room:
        draw_text(draw, (c - edge, c * 0.03), look.right, face, ink, "ra")
    else:
        draw_text(draw, (edge, c * 0.03), look.right, face, ink, "la")


def _marker_title(draw: ImageDraw.ImageDraw, title: str, c: float, ink: Color) -> None:
    face = font("cond_bold", round(c * 0.2))
    lines = wrap(title.replace("-", "- "), face, c * 0.86)
    lines = [line.replace("- ", "-") for line in lines]
    step = c * 0.22
    top = c / 2 - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        draw_text(draw, (c / 2, top + i * step), line,
                  fit_font(line, "cond_bold", round(c * 0.2), c * 0.9, min_size=MIN_TEXT), ink)


def _designation(counter: Counter, unit_class: str) -> tuple[str, str, str]:
    """Split ``33/9`` into left ``33`` and right ``9`` (and ``99 Lt`` into ``99``, ``Lt``); an HQ's
    designation goes inside its box."""
    text = counter.designation.strip()
    if unit_class == "hq":
        return "", "", text
    if unit_class == "leader":
        return text, "", ""
    if "/" in text:
        left, _, right = text.partition("/")
        return left.strip(), right.strip(), ""
    left, _, right = text.partition(" ")
    return left, right.strip(), ""


def _unit_class(game: Game, counter: Counter) -> str:
    unit_type = game.unit_types.get(counter.type)
    if unit_type is None:
        return "marker" if counter.role == "marker" else "non_mech"
    if counter.role == "marker":
        return "marker"
    return unit_type.unit_class


def _untried_movement(counter: Counter) -> Number:
    if counter.back is not None and not isinstance(counter.back.movement, NotApplicable):
        return counter.back.movement
    return counter.front.movement


def _number(value: Number) -> str:
    return show(value)


def _one_strength(game: Game, counter: Counter) -> bool:
    """Whether the counter prints one Combat Strength (``9-7``: PGG 3.4, German units)."""
    try:
        return game.side(counter.side).one_strength
    except KeyError:
        return False


def _abc(face: Face, one_strength: bool = False) -> str:
    values = (face.attack, face.movement) if one_strength else (face.attack, face.defense, face.movement)
    # beside unknown values, one the counter does not print is left out (WB95 15.2.1: a Resilience
    # Group has no MPs and unknown strengths: ``?-?``, not ``?-?--``)
    unknown = any(v is None for v in values)
    printed = [v for v in values if not (unknown and isinstance(v, NotApplicable))]
    return "-".join(_number(v) for v in printed)
