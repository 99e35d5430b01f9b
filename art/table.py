"""Charts as tables: a title, the rule cases they come from, a header row, rows of text or
pictures, and notes underneath, all at a size readable at 100% zoom (15 px text).

The charts module decides what goes in each cell; this module only lays cells out, so every
chart of every game has the same look.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from vmodgen.art.colors import INK, PAPER, WHITE, Color, ink_on, mix
from vmodgen.art.text import draw_text, font, wrap

Cell = str | Image.Image | None

TEXT = 15
PAD = 8
HEADER_FILL: Color = (60, 60, 66)
STRIPE: Color = mix(PAPER, (255, 255, 255), 0.6)
LINE: Color = (150, 145, 130)


@dataclass
class Table:
    title: str
    subtitle: str
    header: Sequence[str]
    rows: list[list[Cell]]
    notes: list[str] = field(default_factory=list)
    max_widths: Sequence[int | None] = ()
    align: Sequence[str] = ()                  # "l" or "c" per column
    fills: list[list[Color | None]] = field(default_factory=list)   # per cell background


def render_table(table: Table) -> Image.Image:
    body = font("book", TEXT)
    bold = font("bold", TEXT)
    columns = len(table.header)
    max_widths = list(table.max_widths) + [None] * (columns - len(table.max_widths))
    lines = [[_lines(cell, body, max_widths[i]) for i, cell in enumerate(row)] for row in table.rows]
    header_lines = [_lines(h, bold, max_widths[i]) for i, h in enumerate(table.header)]
    widths = []
    for i in range(columns):
        contents = [_cell_width(header_lines[i], table.header[i], bold)]
        contents += [_cell_width(lines[r][i], table.rows[r][i], body) for r in range(len(table.rows))]
        widths.append(int(max(contents)) + 2 * PAD)
    line_h = round(TEXT * 1.35)
    header_h = max(len(h) for h in header_lines) * line_h + 2 * PAD
    heights = [max(_cell_height(lines[r][i], table.rows[r][i], line_h) for i in range(columns)) + 2 * PAD
               for r in range(len(table.rows))]
    table_w = sum(widths)
    margin = 20
    width = max(table_w + 2 * margin, 480)
    title_face, sub_face = font("bold", 24), font("book", 14)
    sub_lines = wrap(table.subtitle, sub_face, width - 2 * margin) if table.subtitle else []
    note_face = font("book", 14)
    note_lines = [line for note in table.notes for line in wrap(note, note_face, width - 2 * margin)]
    top = margin + 32 + len(sub_lines) * 19 + 10
    height = top + header_h + sum(heights) + (12 + len(note_lines) * 19 if note_lines else 0) + margin
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw_text(draw, (margin, margin), table.title, title_face, INK, "la")
    for i, line in enumerate(sub_lines):
        draw_text(draw, (margin, margin + 34 + i * 19), line, sub_face, INK, "la")
    x0 = margin + (width - 2 * margin - table_w) // 2
    draw.rectangle((x0, top, x0 + table_w - 1, top + header_h - 1), fill=HEADER_FILL)
    x = x0
    for i in range(columns):
        _text_cell(draw, header_lines[i], (x, top, widths[i], header_h), bold, WHITE, "c", line_h)
        x += widths[i]
    y = top + header_h
    for r, row in enumerate(table.rows):
        x = x0
        for i, cell in enumerate(row):
            fill = _fill(table, r, i)
            box = (x, y, widths[i], heights[r])
            draw.rectangle((x, y, x + widths[i] - 1, y + heights[r] - 1), fill=fill)
            align = table.align[i] if i < len(table.align) else "c"
            if isinstance(cell, Image.Image):
                px = x + PAD if align == "l" else x + (widths[i] - cell.width) // 2
                image.paste(cell, (px, y + (heights[r] - cell.height) // 2), cell if cell.mode == "RGBA" else None)
            else:
                _text_cell(draw, lines[r][i], box, body, ink_on(fill), align, line_h)
            x += widths[i]
        draw.line((x0, y + heights[r] - 1, x0 + table_w - 1, y + heights[r] - 1), fill=LINE)
        y += heights[r]
    x = x0
    for w in widths[:-1]:
        x += w
        draw.line((x - 1, top + header_h, x - 1, y - 1), fill=LINE)
    draw.rectangle((x0, top, x0 + table_w - 1, y - 1), outline=INK, width=2)
    for i, line in enumerate(note_lines):
        draw_text(draw, (margin, y + 12 + i * 19), line, note_face, INK, "la")
    return image


def _fill(table: Table, r: int, i: int) -> Color:
    if r < len(table.fills) and i < len(table.fills[r]) and table.fills[r][i] is not None:
        return table.fills[r][i]  # type: ignore[return-value]
    return STRIPE if r % 2 else WHITE


def _lines(cell: Cell, face, max_width: int | None) -> list[str]:
    if not isinstance(cell, str):
        return []
    if max_width is None:
        return cell.split("\n")
    return wrap(cell, face, max_width)


def _cell_width(lines: list[str], cell: Cell, face) -> float:
    if isinstance(cell, Image.Image):
        return cell.width
    return max((face.getlength(line) for line in lines), default=0.0)


def _cell_height(lines: list[str], cell: Cell, line_h: int) -> int:
    if isinstance(cell, Image.Image):
        return cell.height
    return max(1, len(lines)) * line_h


def _text_cell(draw: ImageDraw.ImageDraw, lines: list[str], box: tuple[int, int, int, int], face,
               ink: Color, align: str, line_h: int) -> None:
    x, y, w, h = box
    top = y + (h - len(lines) * line_h) / 2 + line_h / 2
    for k, line in enumerate(lines):
        if align == "l":
            draw_text(draw, (x + PAD, top + k * line_h), line, face, ink, "lm")
        else:
            draw_text(draw, (x + w / 2, top + k * line_h), line, face, ink, "mm")


def flow_cell(parts: Sequence[tuple[str, Sequence[Image.Image]]], max_width: int) -> Image.Image | None:
    """A cell of labelled picture rows: each part is a line of text, then its pictures left to
    right, wrapping at ``max_width`` (a reinforcement cell: "Area B:" and its counters)."""
    if not parts:
        return None
    face = font("book", TEXT)
    line_h = round(TEXT * 1.35)
    gap = 4
    placed: list[tuple[str, int, int] | tuple[Image.Image, int, int]] = []
    y, width = 0, 0
    for label, pictures in parts:
        placed.append((label, 0, y))
        width = max(width, int(face.getlength(label)))
        y += line_h
        x, row_h = 0, 0
        for picture in pictures:
            if x and x + picture.width > max_width:
                y += row_h + gap
                x, row_h = 0, 0
            placed.append((picture, x, y))
            x += picture.width + gap
            row_h = max(row_h, picture.height)
            width = max(width, x - gap)
        y += row_h + (gap * 2 if pictures else 0)
    image = Image.new("RGBA", (max(1, width), max(1, y)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for item, x, top in placed:
        if isinstance(item, Image.Image):
            image.paste(item, (x, top))
        else:
            draw_text(draw, (x, top + line_h / 2), item, face, INK, "lm")
    return image
