"""Off-map boards: the Game-Turn Record Track with the pools of units waiting to enter, and the
dead pile. Each returns its picture and its boxes by name, because the module builder puts
zones and starting stacks at exactly those rectangles.

Box names are stable and read like the data: ``Turn 1`` .. ``Turn N``, ``Pool <unit group or type>``
(untried units drawn at random by type), ``Replacements <side>``, ``Eliminated <side>``, ``Off map <side>``. A
box's centre is the centre of the space left for its stack of counters.

>>> from pathlib import Path
>>> from vmodgen.engine.model.loader import load_game
>>> image, boxes = render_turn_track(load_game(Path("tests/data/games/mini")))
>>> sorted(boxes)[:3]
['Pool rifle', 'Turn 1', 'Turn 2']
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import date, timedelta

from PIL import Image, ImageDraw

from vmodgen.art.colors import INK, PAPER, WHITE, Color, darker, ink_on, lighter, mix, rgb
from vmodgen.art.counters import counter_size
from vmodgen.art.map_key import label_of
from vmodgen.art.text import draw_text, fit_font, font, wrap
from vmodgen.engine.model.game import Game

Rect = tuple[int, int, int, int]

MUD: Color = (150, 112, 70)
GAP = 10
MARGIN = 20
TRACK_COLUMNS = 7
LINE = 16
NOTE = 13
HEADER = 26
OFF_MAP = "Off map"   # the box of a side's units retreated off the map: "Off map <side>"
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")   # not the locale's


@dataclass(frozen=True)
class _Box:
    name: str
    label: str
    color: Color
    notes: tuple[str, ...] = ()
    mud: bool = False
    sub: str = ""          # a line under the header: whose box it is
    weather: str = ""      # the track's weather words, right of the label


def render_turn_track(game: Game) -> tuple[Image.Image, dict[str, Rect]]:
    """The Game-Turn Record Track: one box per Game-Turn (scheduled arrivals written in it, mud
    turns shaded, the weather the book's track prints in its header), then the untried pools and
    the replacement boxes."""
    c = counter_size(game)
    mud = mud_turns(game)
    weather = track_weather(game)
    turns = game.turns.value if isinstance(game.turns.value, int) else 0
    drawn = _scheduled(game)
    for t, line in _scenario_dates(game):
        drawn.setdefault(t, []).append(line)
    track = [_Box(f"Turn {t}", f"Turn {t}", (70, 70, 76), tuple(drawn.get(t, ())), t in mud, turn_dates(game, t),
                  weather.get(t, "MUD" if t in mud else ""))
             for t in range(1, turns + 1)]
    reserve = [_Box(f"Pool {pool}", label_of(game.plain_name(pool)), _side_color(game, side),
                    sub=f"{side} untried units") for side, pool in pool_names(game)]
    reserve += [_Box(f"Replacements {side}", "Replacements", _side_color(game, side), sub=f"{side} units")
                for side in _sides_with(game, "replacement")]
    box_w = max(round(c * 2.4), 140)
    stack_h = round(c * 1.6)
    band = _band_height(track + reserve, box_w)
    box_h = stack_h + 2 * band
    columns = max(1, min(TRACK_COLUMNS, max(len(track), len(reserve), 1)))
    width = 2 * MARGIN + columns * box_w + (columns - 1) * GAP
    title_h = 40
    track_rows = -(-len(track) // columns)
    reserve_rows = -(-len(reserve) // columns)
    height = MARGIN + title_h + track_rows * (box_h + GAP)
    height += (title_h + reserve_rows * (box_h + GAP)) if reserve else 0
    height += MARGIN
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    boxes: dict[str, Rect] = {}
    y = MARGIN
    draw_text(draw, (MARGIN, y + title_h / 2), "Game-Turn Record Track", font("bold", 22), INK, "lm")
    y += title_h
    y = _grid(draw, track, columns, (MARGIN, y), (box_w, box_h), band, boxes)
    if reserve:
        draw_text(draw, (MARGIN, y + title_h / 2), "Units waiting to enter", font("bold", 22), INK, "lm")
        _grid(draw, reserve, columns, (MARGIN, y + title_h), (box_w, box_h), band, boxes)
    return image, boxes


def render_dead_pile(game: Game) -> tuple[Image.Image, dict[str, Rect]]:
    """One large box per side for eliminated units; in a game whose rules let a unit retreated off
    the map come back (``rules.off_map_retreat``, Operation Star 24.0), a second row with one box
    per side for those units (``Off map <side>``), so that a log tells them from the eliminated."""
    c = counter_size(game)
    box_w, box_h = max(round(c * 4.5), 240), round(c * 3.2)
    band = 30
    sides = list(game.sides)
    entries = [_Box(f"Eliminated {s.name}", f"{s.name} units eliminated", rgb(s.color)) for s in sides]
    title = "Eliminated units"
    if "off_map_retreat" in game.rules:
        entries += [_Box(f"{OFF_MAP} {s.name}", f"{s.name} units retreated off the map", rgb(s.color),
                         sub="they re-enter the map later") for s in sides]
        title = "Eliminated units and units retreated off the map"
    band = max(band, _band_height(entries, box_w))      # room for a box's line under its header
    rows = -(-len(entries) // (len(sides) or 1))
    width = 2 * MARGIN + len(sides) * box_w + (len(sides) - 1) * GAP
    title_h = 40
    height = MARGIN * 2 + title_h + rows * (box_h + 2 * band) + (rows - 1) * GAP
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw_text(draw, (MARGIN, MARGIN + title_h / 2), title, fit_font(title, "bold", 22, width - 2 * MARGIN), INK, "lm")
    boxes: dict[str, Rect] = {}
    _grid(draw, entries, len(sides) or 1, (MARGIN, MARGIN + title_h), (box_w, box_h + 2 * band), band, boxes)
    return image, boxes


def turn_dates(game: Game, turn: int) -> str:
    """The days a Game-Turn stands for, from the game's start date and days per turn ("" when
    the data gives no start date). A book whose track prints one date a box that no fixed step
    gives (Rostov's 1 Oct, 5 Oct, 10 Oct ...) lists them in ``rules.turn_track_dates``; those win.

    >>> from pathlib import Path
    >>> from vmodgen.engine.model.loader import load_game
    >>> turn_dates(load_game(Path("games/kiev")), 2)
    '31 Aug - 1 Sep 1941'
    >>> [turn_dates(load_game(Path("games/rostov")), t) for t in (1, 2, 13)]
    ['1 Oct 1941', '5 Oct 1941', '29 Nov 1941']
    """
    printed = _printed_date(game, turn)
    if printed is not None:
        return f"{printed.day} {MONTHS[printed.month - 1]} {printed.year}"
    days = game.days_per_turn.value
    if game.start_date is None or not isinstance(days, (int, float)) or days < 1:
        return ""
    first = date.fromisoformat(str(game.start_date.value)) + timedelta(days=round((turn - 1) * days))
    last = first + timedelta(days=round(days) - 1)
    if first == last:
        return f"{first.day} {MONTHS[first.month - 1]} {first.year}"
    if first.month == last.month:
        return f"{first.day}-{last.day} {MONTHS[last.month - 1]} {last.year}"
    return f"{first.day} {MONTHS[first.month - 1]} - {last.day} {MONTHS[last.month - 1]} {last.year}"


def _printed_date(game: Game, turn: int) -> date | None:
    """The date the book's track prints in box ``turn`` (``rules.turn_track_dates``: one ISO date
    a Game-Turn, optional data), or None."""
    param = game.rules.get("turn_track_dates")
    dates = param.value if param is not None and isinstance(param.value, list) else []
    return date.fromisoformat(str(dates[turn - 1])) if 0 < turn <= len(dates) else None


def mud_turns(game: Game) -> set[int]:
    """Game-Turns the ``mud_turns`` rule parameter marks as mud (optional data)."""
    param = game.rules.get("mud_turns")
    values = param.value if param is not None and isinstance(param.value, list) else []
    return {v for v in values if isinstance(v, int) and not isinstance(v, bool)}


def track_weather(game: Game) -> dict[int, str]:
    """The weather words the game's Game-Turn Record Track prints on each Game-Turn
    (``rules.turn_track_weather``: entries of ``turns`` and ``label``, optional data; without it a
    mud turn reads MUD).

    >>> from pathlib import Path
    >>> from vmodgen.engine.model.loader import load_game
    >>> track_weather(load_game(Path("games/operation-star")))[8]
    'Thaw'
    """
    param = game.rules.get("turn_track_weather")
    entries = param.value if param is not None and isinstance(param.value, list) else []
    words: dict[int, str] = {}
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("label"), str):
            continue
        for turn in entry.get("turns", []):
            if isinstance(turn, int) and not isinstance(turn, bool):
                words[turn] = entry["label"]
    return words


def pool_names(game: Game) -> list[tuple[str, str]]:
    """(side, pool) of every untried pool, in the order of the game's groups and types."""
    seen: list[tuple[str, str]] = []
    for counter in game.counters:
        entry = (counter.side, game.pool_of(counter))
        if counter.role == "pool" and entry not in seen:
            seen.append(entry)
    order = list(game.unit_groups) + list(game.unit_types)
    return sorted(seen, key=lambda sp: (sp[0], order.index(sp[1]) if sp[1] in order else len(order)))


def _scheduled(game: Game) -> dict[int, list[str]]:
    """What each turn's schedule brings, one short line per side: "Soviet: 5 infantry, 3 armor";
    a side whose arrivals of the turn come by different areas gets a line per area ("Soviet by area
    X: 6 rifle divisions", "Soviet by area V: 5 rifle divisions"), so that two items of one kind are
    told apart."""
    counters = {c.id: c for c in game.counters}
    per_turn: dict[int, dict[str, dict[str, list[str]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for r in game.reinforcements:
        where = "by die" if r.areas_by == "die" else f"by area {'/'.join(r.areas)}" if r.areas else ""  # PGG 14.11
        if r.type in counters:
            item = counters[r.type].name
        else:
            count = f"up to {r.count}" if r.optional else str(r.count)         # PGG 14.21
            item = f"{count} {_called(game, r.type, r.count)}"
        per_turn[r.turn][r.side][where].append(item)
    printed: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for turn, side, item in _printed_arrivals(game):
        printed[turn][side].append(item)
    lines: dict[int, list[str]] = defaultdict(list)
    for turn in sorted(set(per_turn) | set(printed)):
        for side in dict.fromkeys([*per_turn[turn], *printed[turn]]):
            areas = per_turn[turn][side]
            if len(areas) > 1:
                lines[turn] += [f"{side} {where}: {', '.join(items)}" for where, items in areas.items()]
            single = [item for items in areas.values() for item in items] if len(areas) == 1 else []
            if single or printed[turn][side]:
                lines[turn].append(f"{side}: {', '.join(single + printed[turn][side])}")
    return dict(lines)


def _called(game: Game, group: str, count: int) -> str:
    """What the track calls ``count`` units of a group: the group's ``one``/``many`` names, else
    its plain name ("infantry")."""
    named = game.unit_groups[group].called(count) if group in game.unit_groups else ""
    return named or label_of(game.plain_name(group)).lower()


def _printed_arrivals(game: Game) -> list[tuple[int, str, str]]:
    """(turn, side, "2 units by area C") for the counters printed with a Game-Turn and an area, of
    the sides ``rules.turn_track_printed_arrivals`` lists (optional, art only): their counters wait
    in the box, and the note says how many come and where, as the chart's draws are said.

    >>> from pathlib import Path
    >>> from vmodgen.engine.model.loader import load_game
    >>> [a for a in _printed_arrivals(load_game(Path("games/operation-star"))) if a[:2] == (4, "German")]
    [(4, 'German', '1 unit by area B'), (4, 'German', '9 units by area C')]
    """
    param = game.rules.get("turn_track_printed_arrivals")
    sides = param.value if param is not None and isinstance(param.value, list) else []
    counts: dict[tuple[int, str, str], int] = defaultdict(int)
    for counter in game.counters:
        if counter.side in sides and counter.entry_turn is not None and counter.role == "reinforcement":
            counts[(counter.entry_turn, counter.side, "/".join(counter.entry_areas))] += 1
    return [(turn, side, f"{n} unit{'s' if n != 1 else ''} by area {area}")
            for (turn, side, area), n in sorted(counts.items())]


def _scenario_dates(game: Game) -> list[tuple[int, str]]:
    """The date of each turn in a scenario that starts on another day than the game's first (Korsun
    1944 Deblockade: its turn 1 is 3 February), so that the one track serves every scenario's turn
    numbers: "Deblockade: 3 Feb" in box Turn 1."""
    if game.start_date is None:
        return []
    found = []
    for scenario in sorted(game.scenarios, key=lambda s: s.order):
        start = scenario.start_date.value if scenario.start_date is not None else game.start_date.value
        turns = scenario.turns.value
        if start == game.start_date.value or not isinstance(turns, int):
            continue
        played = replace(game, start_date=scenario.start_date)
        # the year is the track's own (printed under each box's header): one line per scenario
        found += [(t, f"{scenario.title}: {turn_dates(played, t).removesuffix(' ' + str(start)[:4])}")
                  for t in range(1, turns + 1)]
    return found


def _band_height(boxes: list[_Box], box_w: int) -> int:
    """Header and footer are equally tall so the stack sits in the middle of every box."""
    face = font("book", NOTE)
    lines = max((len([w for note in b.notes for w in wrap(note, face, box_w - 10)]) for b in boxes), default=0)
    subs = 1 if any(b.sub for b in boxes) else 0
    return max(HEADER + subs * LINE + 4, lines * LINE + 8)


def _grid(draw: ImageDraw.ImageDraw, entries: list[_Box], columns: int, origin: tuple[int, int],
          size: tuple[int, int], band: int, boxes: dict[str, Rect]) -> int:
    x0, y0 = origin
    w, h = size
    for i, entry in enumerate(entries):
        x = x0 + (i % columns) * (w + GAP)
        y = y0 + (i // columns) * (h + GAP)
        _draw_box(draw, entry, (x, y, w, h), band)
        boxes[entry.name] = (x, y, w, h)
    rows = -(-len(entries) // columns)
    return y0 + rows * (h + GAP)


def _draw_box(draw: ImageDraw.ImageDraw, entry: _Box, rect: Rect, band: int) -> None:
    x, y, w, h = rect
    inside = mix(WHITE, MUD, 0.35) if entry.mud else WHITE
    draw.rectangle((x, y, x + w - 1, y + h - 1), fill=inside, outline=INK, width=2)
    head = MUD if entry.mud else entry.color
    draw.rectangle((x, y, x + w - 1, y + HEADER - 1), fill=head, outline=INK, width=2)
    label = entry.label
    # the weather words right of the label when they fit there at full size, else on the line under it
    words = font("bold", 13)
    beside = bool(entry.weather) and words.getlength(entry.weather) + font("bold", 15).getlength(label) + 24 <= w
    reserve = max(56, round(words.getlength(entry.weather)) + 24) if beside else 10
    face = fit_font(label, "bold", 15, w - reserve)
    draw_text(draw, (x + 6, y + HEADER / 2), label, face, ink_on(head), "lm")
    if beside:
        draw_text(draw, (x + w - 6, y + HEADER / 2), entry.weather, words, ink_on(head), "rm")
    sub = entry.sub if beside or not entry.weather else " \u00b7 ".join(t for t in (entry.sub, entry.weather) if t)
    if sub:
        draw_text(draw, (x + 6, y + HEADER + 2), sub, fit_font(sub, "book", NOTE, w - 10), INK, "la")
    stack_top, stack_bottom = y + band, y + h - band
    guide = lighter(darker(inside, 0.2), 0.2)
    draw.rectangle((x + 8, stack_top + 4, x + w - 9, stack_bottom - 4), outline=guide, width=1)
    face = font("book", NOTE)
    lines = [line for note in entry.notes for line in wrap(note, face, w - 10)]
    for k, line in enumerate(lines):
        draw_text(draw, (x + 5, stack_bottom + 4 + k * LINE), line, face, INK, "la")


def _side_color(game: Game, side: str) -> Color:
    try:
        return rgb(game.side(side).color)
    except KeyError:
        return (128, 128, 128)


def _sides_with(game: Game, role: str) -> list[str]:
    return [s.name for s in game.sides if any(c.side == s.name and c.role == role for c in game.counters)]
