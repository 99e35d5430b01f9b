"""Markers the module adds for play: numbered battle markers that pair attackers with the hex
they attack, numbered overrun markers that pair an overrunning stack with the hex it overruns,
and a Game-Turn marker for games whose data prints none.

They share the counters' size and drawing, so a marker on a stack looks like part of the set.

>>> from pathlib import Path
>>> from vmodgen.engine.model.loader import load_game
>>> render_marker("attack", 3, load_game(Path("tests/data/games/mini")), side="Red").size
(60, 60)
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from vmodgen.art.canvas import Canvas
from vmodgen.art.colors import INK, NEUTRAL, WHITE, Color, darker, ink_on, rgb
from vmodgen.art.counters import COUNTER_FACTOR, MIN_TEXT, counter_size
from vmodgen.art.text import draw_text, fit_font
from vmodgen.engine.model.game import Game

MARKER_KINDS = ("attack", "defend", "overrun", "game_turn")
#: Overrun markers: one colour for both ends, so they read apart from the battle markers.
OVERRUN_FILL: Color = (250, 140, 30)
#: Disrupted markers: a red band, apart from every side's colour.
DISRUPTED_FILL: Color = (196, 30, 36)
#: Battle markers without a side (a neutral set).
NEUTRAL_ATTACK: Color = (236, 192, 52)


def render_marker(kind: str, number: int, game: Game, side: str | None = None) -> Image.Image:
    """``Attack <n>`` (filled in the attacker's side colour), ``Defend <n>`` (white, framed in
    that colour), ``Overrun <n>`` (orange, the same marker on the overrunning stack and on the
    hex it overruns), or a ``game_turn`` marker; ``counter_size(game)`` pixels square."""
    key = kind.lower().replace("-", "_").replace(" ", "_")
    if key not in MARKER_KINDS:
        raise ValueError(f"marker kind must be one of {MARKER_KINDS}, not {kind!r}")
    size = counter_size(game)
    color = _side_color(game, side)
    if key == "attack":
        return _battle(size, "ATTACK", str(number), color, ink_on(color), darker(color, 0.5))
    if key == "defend":
        return _battle(size, "DEFEND", str(number), WHITE, darker(color, 0.15) if side else INK,
                       color if side else INK)
    if key == "overrun":
        return _battle(size, "OVERRUN", str(number), OVERRUN_FILL, INK, darker(OVERRUN_FILL, 0.5))
    return _battle(size, "GAME", "TURN", NEUTRAL, INK, darker(NEUTRAL, 0.5), small_second=True)


def render_strength_level(game: Game, side: str, level: str) -> Image.Image:
    """A Strength Level Marker (PGG 9.61): the values of the step it stands for (``4-7``) in the
    side's colour, so that on top of a unit it reads as the unit's strength now."""
    color = _side_color(game, side)
    return _battle(counter_size(game), "STRENGTH", level, color, ink_on(color), darker(color, 0.5))


def render_disrupted(game: Game) -> Image.Image:
    """A Disrupted marker (PGG 6.61): white with a red band, the word across it."""
    c = float(counter_size(game))
    canvas = Canvas((round(c), round(c)), WHITE, COUNTER_FACTOR)
    canvas.rectangle((0, c * 0.34, c - 1, c * 0.66), fill=DISRUPTED_FILL)
    canvas.rectangle((0, 0, c - 1, c - 1), outline=darker(DISRUPTED_FILL, 0.5), width=max(1.5, c * 0.06))
    image = canvas.result()
    word = "DISRUPTED"
    draw_text(ImageDraw.Draw(image), (c / 2, c / 2), word,
              fit_font(word, "cond_bold", round(c * 0.22), c * 0.86, min_size=MIN_TEXT), WHITE, "mm")
    return image


def render_game_marker(game: Game, label: str, side: str | None = None) -> Image.Image:
    """A marker the game's data declares (``[[markers]]``): its label's words, one line each, and a
    trailing number (a level, an SP count) large; in the side's colour for a side's marker (an air
    mission), else white framed in grey."""
    words = label.split()
    big = words.pop() if len(words) > 1 and words[-1].isdigit() else ""
    fill = _side_color(game, side) if side else WHITE
    edge = darker(fill, 0.5) if side else darker(NEUTRAL, 0.5)
    c = float(counter_size(game))
    canvas = Canvas((round(c), round(c)), fill, COUNTER_FACTOR)
    band = max(1.5, c * 0.06)
    canvas.rectangle((band / 2, band / 2, c - 1 - band / 2, c - 1 - band / 2), outline=edge, width=band)
    image = canvas.result()
    draw = ImageDraw.Draw(image)
    ink = ink_on(fill)
    step = c * 0.22
    top = c * 0.12 if big else (c - step * len(words)) / 2
    for n, word in enumerate(words):
        draw_text(draw, (c / 2, top + n * step), word,
                  fit_font(word, "cond_bold", round(c * 0.2), c * 0.84, min_size=MIN_TEXT), ink, "ma")
    if big:
        draw_text(draw, (c / 2, c * 0.68), big, fit_font(big, "bold", round(c * 0.4), c * 0.8, min_size=MIN_TEXT),
                  ink, "mm")
    return image


def render_moved_flag(game: Game) -> Image.Image:
    """The small flag a unit shows once it has moved this phase (VASSAL's Mark Moved trait),
    drawn here rather than taken from the engine so that every image the module names is in it.
    Transparent around the flag, drawn 4x and reduced for smooth edges."""
    size = max(12, round(counter_size(game) * 0.3))
    big = size * 4
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((big * 0.12, big * 0.06, big * 0.22, big * 0.96), fill=INK + (255,))
    draw.polygon([(big * 0.22, big * 0.06), (big * 0.96, big * 0.3), (big * 0.22, big * 0.56)],
                 fill=(214, 40, 30, 255), outline=INK + (255,), width=max(2, big // 20))
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _battle(size: int, word: str, big: str, fill: Color, ink: Color, edge: Color,
            small_second: bool = False) -> Image.Image:
    c = float(size)
    canvas = Canvas((size, size), fill, COUNTER_FACTOR)
    band = max(1.5, c * 0.06)
    canvas.rectangle((band / 2, band / 2, c - 1 - band / 2, c - 1 - band / 2), outline=edge, width=band)
    image = canvas.result()
    draw = ImageDraw.Draw(image)
    draw_text(draw, (c / 2, c * 0.14), word, fit_font(word, "cond_bold", round(c * 0.2), c * 0.8, min_size=MIN_TEXT), ink, "ma")
    second = fit_font(big, "bold", round(c * (0.24 if small_second else 0.46)), c * 0.8, min_size=MIN_TEXT)
    draw_text(draw, (c / 2, c * 0.64), big, second, ink, "mm")
    return image


def _side_color(game: Game, side: str | None) -> Color:
    if side is None:
        return NEUTRAL_ATTACK
    try:
        return rgb(game.side(side).color)
    except KeyError:
        return NEUTRAL_ATTACK
