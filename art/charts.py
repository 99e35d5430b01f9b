"""The game's charts as pictures for the module's chart window: the Combat Results Table, the
Terrain Effects Chart, the reinforcement schedule and the sequence of play.

Each is built from the same data the rules checker reads, and says which rule cases it comes
from, so a player can look the case up in the rulebook.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from PIL import Image

from vmodgen.art.colors import Color, lighter, mix, rgb
from vmodgen.art.counters import counter_size, render_counter
from vmodgen.art.map_key import key_sample, label_of
from vmodgen.art.table import Table, flow_cell, render_table
from vmodgen.engine.model.charts import TerrainType
from vmodgen.engine.model.errors import ErrorLog
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.provenance import Provenance
from vmodgen.engine.model.tables import read_csv

CASE = re.compile(r"(?<![\d.])\d{1,2}\.\d{1,3}(?![\d.])")
ATTACKER_LOSS: Color = (246, 214, 206)
DEFENDER_ELIMINATED: Color = (208, 232, 200)
ENGAGED: Color = (246, 236, 190)


def cases(sources: Iterable[Provenance]) -> list[str]:
    """Rulebook case numbers named by ``rules:`` sources, in the book's order (5.13 before 10.4).

    >>> cases([Provenance.parse("rules: 10.4 (chart), 5.13, 10.16")])
    ['5.13', '10.16', '10.4']
    """
    found: set[str] = set()
    for source in sources:
        if source.kind == "rules":
            found.update(CASE.findall(source.detail))
    return sorted(found, key=case_order)


def case_order(number: str) -> tuple[int, ...]:
    """Sort key of a case number: section, then the digits after the point as the book nests
    them (9.5 < 9.61 < 9.7)."""
    section, _, rest = number.partition(".")
    return (int(section), *(int(d) for d in rest))


def _cases_text(sources: Iterable[Provenance]) -> str:
    numbers = cases(sources)
    return "Rules " + ", ".join(f"[{n}]" for n in numbers) if numbers else ""


def _chart_case(sources: Iterable[Provenance]) -> str:
    """The case most rows cite (the chart's own number, e.g. 10.4): each row lists the rest."""
    counts: dict[str, int] = defaultdict(int)
    for source in sources:
        for number in cases([source]):
            counts[number] += 1
    if not counts:
        return ""
    best = max(counts, key=lambda n: (counts[n], -list(counts).index(n)))
    return f"Rules [{best}]; each row names the cases that apply to it."


# -- combat results table ----------------------------------------------------------------------

def render_crt(game: Game) -> Image.Image:
    crt = game.crt
    rule_sources = [_source(v) for v in game.crt_rules.values()] + list(crt.sources.values())
    kind = _value(game.crt_rules.get("kind"))
    heading = "Combat differential" if kind == "differential" else "Combat ratio (attacker strength to defender strength)"
    rows, fills = [], []
    for die in sorted(crt.rows):
        cells = list(crt.rows[die])
        rows.append([str(die), *cells])
        fills.append([None] + [_result_fill(c) for c in cells])
    return render_table(Table(
        title="Combat Results Table",
        subtitle=f"{heading}. {_cases_text(s for s in rule_sources if s)}",
        header=["Die", *crt.columns], rows=rows, fills=fills, notes=_crt_notes(game)))


def _result_fill(cell: str) -> Color | None:
    attacker, _, defender = cell.partition("/")
    if cell.lower() == "eng":
        return ENGAGED
    if attacker not in ("", "-"):
        return ATTACKER_LOSS
    if defender.upper() == "E":
        return DEFENDER_ELIMINATED
    return None


def _crt_notes(game: Game) -> list[str]:
    """The table's key as a player reads it: the book's own words where the data holds them
    (``[crt] key``), else sentences made from how the data says the table is read."""
    book = _value(game.crt_rules.get("key"))
    if isinstance(book, str) and book.strip():
        return [sentence.strip() + "." for sentence in re.split(r"(?<=[a-z0-9)])\.\s+(?=[A-Za-z0-9])", book.strip().rstrip("."))]
    notes = []
    order = _value(game.crt_rules.get("result_order"))
    if isinstance(order, str) and "/" in order:
        left, right = order.split("/", 1)
        notes.append(f"Results left of the slash apply to the {left}, right of the slash to the {right}.")
    results = _value(game.crt_rules.get("results"))
    if isinstance(results, dict):
        notes += [f"{code} = {meaning}." for code, meaning in results.items()]
    if _value(game.crt_rules.get("split_result_order")) == "defender_first":
        notes.append("In a split result (e.g. 1/1) the defender applies his result first, then the attacker.")
    if _value(game.crt_rules.get("rounding")) == "defender":
        notes.append("Odds are always rounded off in favour of the defender.")
    low, high = _value(game.crt_rules.get("below_table")), _value(game.crt_rules.get("above_table"))
    if high:
        notes.append(f"Attacks at greater odds than {high} are resolved as {high}.")
    if low:
        notes.append(f"Attacks at lower odds than {low} are resolved as {low}.")
    return notes


def _value(entry: Any) -> Any:
    return entry.get("value") if isinstance(entry, dict) and "value" in entry else entry


def _source(entry: Any) -> Provenance | None:
    if isinstance(entry, dict) and isinstance(entry.get("source"), str):
        try:
            return Provenance.parse(entry["source"])
        except ValueError:
            return None
    return None


# -- terrain effects chart -------------------------------------------------------------------------

def render_terrain_chart(game: Game) -> Image.Image:
    rows, notes = [], []
    h = game.map.art.hex_height
    for kind in ("hex", "hexside", "line", "place"):
        for name, terrain in game.terrain.of_kind(kind).items():
            rows.append([key_sample(kind, name, terrain.color, h), label_of(name),
                         movement_text(terrain), defense_text(terrain), zoc_supply_text(terrain),
                         ", ".join(cases([terrain.source])) or terrain.source.kind])
    notes += _movement_columns(game)
    notes.append("+n = extra Movement Points to cross the hexside; P = prohibited; "
                 "other terrain = the cost of the other terrain in the hex.")
    return render_table(Table(
        title="Terrain Effects Chart", subtitle=_chart_case(t.source for t in game.terrain.types.values()),
        header=["", "Terrain", "Movement Points", "Defender", "ZOC and supply", "Rules"],
        rows=rows, max_widths=[None, 140, 220, 160, 220, 120], align=["c", "l", "l", "l", "l", "l"],
        notes=notes))


def _movement_columns(game: Game) -> list[str]:
    """Which units pay which Movement Point column: "Mech = armor, cavalry; Inf = infantry, rifle"."""
    columns: dict[str, list[str]] = defaultdict(list)
    for name, unit_type in game.unit_types.items():
        if unit_type.movement_class not in ("", "none"):
            plain = game.plain_name(name)
            columns[unit_type.movement_class].append(plain.upper() if len(plain) <= 2 else plain)
    parts = [f"{label_of(column) if column != 'inf' else 'Inf'} = {', '.join(sorted(set(kinds)))}"
             for column, kinds in sorted(columns.items())]
    return [f"Movement Point columns: {'; '.join(parts)}."] if parts else []


def movement_text(terrain: TerrainType) -> str:
    """``Mech 2, Inf 1``, ``+2 German, +1 Soviet``, ``1``, ``P`` or ``Other terrain``."""
    cost = terrain.get("cost")
    extra = terrain.get("extra_cost")
    if extra is not None:
        if isinstance(extra, dict):
            if len({str(v) for v in extra.values()}) == 1:
                return _cost(next(iter(extra.values())), plus=True)
            return ", ".join(f"{_cost(v, plus=True)} {side}" for side, v in extra.items())
        return _cost(extra, plus=True)
    if isinstance(cost, dict):
        values = list(cost.values())
        if len(set(map(str, values))) == 1:
            return _cost(values[0]).capitalize()
        return ", ".join(f"{label_of(k) if k != 'inf' else 'Inf'} {_cost(v)}" for k, v in cost.items())
    if cost is None:
        return "Other terrain"
    return _cost(cost).capitalize()


def _cost(value: Any, plus: bool = False) -> str:
    if value == "P":
        return "P"
    if value == "terrain":
        return "other terrain"
    if isinstance(value, float) and value == 0.5:
        text = "½"
    elif isinstance(value, float) and value.is_integer():
        text = str(int(value))
    else:
        text = str(value)
    return f"+{text}" if plus else text


def defense_text(terrain: TerrainType) -> str:
    value = terrain.get("defense")
    words = {1: "None", 2: "Doubled", 3: "Tripled", "P": "P"}
    text = words.get(value, "None" if value is None else f"x{value}")
    if terrain.get("defense_when") == "all_attackers_across" and value not in (1, None, "P"):
        text += " if every attacker attacks across"
    return text


def zoc_supply_text(terrain: TerrainType) -> str:
    parts = []
    if terrain.get("blocks_zoc"):
        parts.append("Blocks ZOC")
    supply = terrain.get("supply")
    if supply == "blocked":
        parts.append("Blocks supply")
    elif supply == "into_not_through":
        parts.append("Supply into, not through")
    crosses = terrain.get("supply_crosses_at")
    if crosses:
        parts.append("(supply crosses at " + ", ".join(str(c).replace("_", " ") for c in crosses) + ")")
    return "; ".join(parts) or "None"


# -- reinforcements ----------------------------------------------------------------------------

def render_reinforcement_chart(game: Game) -> Image.Image:
    """Per Game-Turn and side: the units drawn at random from a pool (counted), then the
    counters that enter that turn (shown), by entry area."""
    draws: dict[tuple[int, str], list[str]] = defaultdict(list)
    entering: dict[tuple[int, str], dict[str, list[Image.Image]]] = defaultdict(lambda: defaultdict(list))
    counters = {c.id: c for c in game.counters}
    shown: set[tuple[int, str]] = set()
    for counter in game.counters:
        if counter.role == "reinforcement" and counter.entry_turn is not None:
            entering[(counter.entry_turn, counter.side)][_areas(counter.entry_areas)].append(
                render_counter(game, counter, "back" if counter.setup_face == "back" else "front"))
            shown.add((counter.entry_turn, counter.id))
    for r in game.reinforcements:
        if r.type in counters:
            if (r.turn, r.type) not in shown:
                entering[(r.turn, r.side)][_areas(r.areas)].append(render_counter(game, counters[r.type], "front"))
            continue
        plural = "" if r.count == 1 else "s"
        count = f"up to {r.count}" if r.optional else str(r.count)              # PGG 14.21
        where = f"area {_areas(r.areas)} by die roll" if r.areas_by == "die" else f"area {_areas(r.areas)}"  # PGG 14.11
        draws[(r.turn, r.side)].append(f"{count} {_group_label(game, r.type)} unit{plural}, {where}")
    notes: list[str] = []
    for name, group in game.unit_groups.items():
        if any(r.type == name for r in game.reinforcements):
            kinds = ", ".join(label_of(t).lower() for t in group.types)
            notes.append(f"{label_of(game.plain_name(name))}: drawn at random from the untried {kinds} units.")
    keys = set(draws) | set(entering)
    sides = [s.name for s in game.sides if any(side == s.name for _, side in keys)]
    width = counter_size(game) * 9
    rows, fills = [], []
    for turn in sorted({t for t, _ in keys}):
        cells: list[Image.Image | str | None] = [str(turn)]
        for side in sides:
            parts = [(line, []) for line in draws.get((turn, side), [])]
            parts += [(f"Area {areas}:", images) for areas, images in sorted(entering.get((turn, side), {}).items())]
            cells.append(flow_cell(parts, width))
        rows.append(cells)
        fills.append([None] + [_side_tint(game, side) for side in sides])
    sources = [r.source for r in game.reinforcements] + [c.sources.placement for c in game.counters
                                                         if c.role == "reinforcement"]
    return render_table(Table(
        title="Reinforcement Schedule", subtitle=_cases_text(sources),
        header=["Game-Turn", *sides], rows=rows, fills=fills, notes=notes, align=["c"] + ["l"] * len(sides)))


def _areas(areas: Iterable[str]) -> str:
    names = list(areas)
    if len(names) > 2 and all(len(a) == 1 for a in names) and \
            [ord(a) for a in names] == list(range(ord(names[0]), ord(names[0]) + len(names))):
        return f"{names[0]}-{names[-1]}"
    return " or ".join(names) if len(names) == 2 else " ".join(names)


def _group_label(game: Game, name: str) -> str:
    if name in game.unit_groups:
        return label_of(game.plain_name(name)).lower()
    return label_of(name).lower()


def _side_tint(game: Game, side: str) -> Color:
    try:
        return lighter(rgb(game.side(side).color), 0.8)
    except KeyError:
        return (255, 255, 255)


# -- sequence of play ------------------------------------------------------------------------------

def render_sequence_chart(game: Game) -> Image.Image:
    rows, fills = [], []
    player_turn = 0
    previous = None
    for number, phase in enumerate(game.phases, start=1):
        if phase.side and phase.side != previous:
            player_turn += 1
        previous = phase.side or previous
        turn_label = f"{_ordinal(player_turn)} Player-Turn" if phase.side else "Interphase"
        rows.append([str(number), phase.name, phase.side or "both", turn_label,
                     ", ".join(cases([phase.source])) or phase.source.kind])
        tint = _side_tint(game, phase.side) if phase.side else mix((255, 255, 255), (200, 200, 200), 0.5)
        fills.append([None, tint, tint, None, None])
    turns = game.turns.value
    days = game.days_per_turn.value
    subtitle = f"One Game-Turn{f' = {days:g} days' if days else ''}"
    subtitle += f"; {turns} Game-Turns. " if turns else ". "
    subtitle += _cases_text(p.source for p in game.phases)
    notes = []
    for name, param in game.rules.items():
        if "mud" in name and "turns" in name and isinstance(param.value, list):
            notes.append(f"Mud Game-Turns: {', '.join(str(v) for v in param.value)} "
                         f"({', '.join(cases([param.source])) or param.source.kind}).")
    return render_table(Table(
        title="Sequence of Play", subtitle=subtitle,
        header=["", "Phase", "Player", "Part of the Game-Turn", "Rules"], rows=rows, fills=fills,
        max_widths=[None, 280, None, None, 260], align=["c", "l", "l", "l", "l"], notes=notes))


def _ordinal(n: int) -> str:
    return {1: "First", 2: "Second", 3: "Third", 4: "Fourth"}.get(n, f"{n}th")


# -- the game's own tables (charts/*.csv besides the CRT) ---------------------------------------

def own_tables(game: Game) -> list[tuple[str, str]]:
    """(title, file stem) of each game table in ``charts/``: every CSV but the CRT, in name order.
    The title is the file's first comment line up to its first parenthesis ("[21.3] Disengagement
    Table"), so a table's heading is written once, in the data."""
    found = []
    for path in sorted((game.folder / "charts").glob("*.csv")):
        if path.name == "crt.csv":
            continue
        first = next((line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()), "")
        title = first.lstrip("#").split("(")[0].strip() if first.lstrip().startswith("#") else path.stem
        found.append((title or path.stem, path.stem))
    return found


def render_own_table(game: Game, stem: str) -> Image.Image:
    """One table of ``charts/<stem>.csv`` as printed: its columns (the source column becomes the
    cases under the title), its comment lines as notes."""
    path = game.folder / "charts" / f"{stem}.csv"
    log = ErrorLog()
    rows = read_csv(path, ("source",), log)
    log.raise_if_any()
    title = next(t for t, s in own_tables(game) if s == stem)
    header = [c for c in rows[0].fields if c != "source"] if rows else []
    sources = [Provenance.parse(r.get("source")) for r in rows if r.get("source")]
    notes = [line.lstrip("#").strip() for line in path.read_text(encoding="utf-8").splitlines()[1:]
             if line.lstrip().startswith("#")]
    return render_table(Table(
        title=title, subtitle=_cases_text(sources), header=[h.replace("_", " ").capitalize() for h in header],
        rows=[[r.get(c) for c in header] for r in rows], notes=notes, align=["c"] + ["l"] * (len(header) - 1)))
