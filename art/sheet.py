"""A contact sheet of every counter, front and back side by side, for a person to check the art
against the data (and the printed counter manifest) at a glance."""

from __future__ import annotations

from PIL import Image, ImageDraw

from vmodgen.art.colors import INK, PAPER
from vmodgen.art.counters import counter_size, render_counter
from vmodgen.art.text import draw_text, fit_font, font
from vmodgen.engine.model.game import Game

PAIRS_PER_ROW = 8


def render_sheet(game: Game) -> Image.Image:
    """Every counter in data order, grouped by side: front, back, and its id underneath."""
    c = counter_size(game)
    gap = max(4, c // 10)
    label = max(9, round(c * 0.17))
    cell_w = 2 * c + gap * 3
    cell_h = c + label + gap * 2
    heading = 30
    groups: list[tuple[str, list]] = []
    for side in [s.name for s in game.sides] + sorted({k.side for k in game.counters} - {s.name for s in game.sides}):
        counters = [k for k in game.counters if k.side == side]
        if counters:
            groups.append((side, counters))
    height = gap
    for _, counters in groups:
        rows = -(-len(counters) // PAIRS_PER_ROW)
        height += heading + rows * cell_h + gap
    width = gap + PAIRS_PER_ROW * cell_w
    sheet = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(sheet)
    y = gap
    for side, counters in groups:
        draw_text(draw, (gap, y + heading / 2), f"{side} ({len(counters)} counters)", font("bold", 18), INK, "lm")
        y += heading
        for i, counter in enumerate(counters):
            x = gap + (i % PAIRS_PER_ROW) * cell_w
            top = y + (i // PAIRS_PER_ROW) * cell_h
            sheet.paste(render_counter(game, counter, "front"), (x, top))
            sheet.paste(render_counter(game, counter, "back"), (x + c + gap, top))
            face = fit_font(counter.id, "cond", label, 2 * c + gap)
            draw_text(draw, (x + c + gap / 2, top + c + 2), counter.id, face, INK, "ma")
        y += -(-len(counters) // PAIRS_PER_ROW) * cell_h + gap
    return sheet
