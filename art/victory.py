"""The victory conditions as a player reads them, for the chart window and the help page.

The data (``victory.toml``) holds the conditions as values for the checker, and every value's
source quotes the rulebook in a parenthesis: "rules: 24.2 (25 for each Panzer division ... completely
eliminated)". That quotation is what a player reads, so each line is the quotation, its value
when the quotation leaves it out, and the case number; no field name reaches the page.

>>> from pathlib import Path
>>> from vmodgen.engine.model.loader import load_game
>>> lines = victory_lines(load_game(Path("games/kiev")))
>>> lines[0]
VictoryLine(section='End of the game', text='Victory Points totalled at the end of Game-Turn 13', cases='24.0')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from PIL import Image

from vmodgen.art.charts import CASE, case_order
from vmodgen.art.table import Table, render_table
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.provenance import Provenance

SECTIONS = {"end": "End of the game", "control": "Control of towns and cities",
            "place_vp": "Victory Points for places"}
QUOTED = re.compile(r"\d{1,2}\.\d{1,3}[^(;]*\(([^()]*(?:\([^()]*\)[^()]*)*)\)")


@dataclass(frozen=True)
class VictoryLine:
    section: str
    text: str
    cases: str


def victory_lines(game: Game) -> list[VictoryLine]:
    """One line per victory value, in the data's order, sections named for a player."""
    found = []
    for section, entries in game.victory.items():
        if not isinstance(entries, dict):
            continue
        title = SECTIONS.get(section) or _section_title(section)
        for name, entry in entries.items():
            if isinstance(entry, dict) and isinstance(entry.get("source"), str):
                found.append(_line(title, name, entry))
    return found


def render_victory_chart(game: Game) -> Image.Image:
    lines = victory_lines(game)
    rows, fills = [], []
    last = None
    for line in lines:
        rows.append(["" if line.section == last else line.section, line.text, line.cases])
        fills.append([None, None, None])
        last = line.section
    numbers = sorted({n for line in lines for n in line.cases.split(", ") if n}, key=case_order)
    subtitle = ("Rules " + ", ".join(f"[{n}]" for n in numbers)) if numbers else "The game data gives no victory conditions."
    return render_table(Table(title="Victory Conditions", subtitle=subtitle, header=["", "Condition", "Rules"],
                              rows=rows, fills=fills, max_widths=[180, 560, 110], align=["l", "l", "l"]))


def _line(section: str, name: str, entry: dict[str, Any]) -> VictoryLine:
    try:
        source = Provenance.parse(entry["source"])
    except ValueError:
        source = None
    book = _book_part(source)
    quoted = QUOTED.search(book)
    if quoted is not None:
        text = quoted.group(1).strip()
    else:
        kind = source.kind if source is not None else "unknown"
        text = f"{name.replace('_', ' ').capitalize()}: {_value_text(entry.get('value'))} ({kind}: the rules do not say)"
    value = entry.get("value")
    if isinstance(value, int) and not isinstance(value, bool) and str(value) not in text:
        text = f"{value}: {text}"
    return VictoryLine(section, text[:1].upper() + text[1:], ", ".join(sorted(set(CASE.findall(book)), key=case_order)))


def _book_part(source: Provenance | None) -> str:
    """What a source says the rulebook says ("" for a source that is not the rules)."""
    if source is None or "rules" not in source.kinds:
        return ""
    text = source.detail.removeprefix("rules:").strip()
    return re.split(r";\s*(?:reconstructed|geo|unknown):", text)[0]


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v).replace("_", " ") for v in value)
    return str(value).replace("_", " ")


def _section_title(section: str) -> str:
    """``soviet_vp`` -> ``Victory Points for the Soviet Player``."""
    if section.endswith("_vp"):
        return f"Victory Points for the {section.removesuffix('_vp').replace('_', ' ').title()} Player"
    return section.replace("_", " ").capitalize()
