"""The WB-95 COMBAT TABLE read as results: what each side of a cell obliges it to do, and which
cells a battle's declared column and labelled 2K6 roll allow [WB95 5.2.1 f, COMBAT TABLE].

A cell's two sides (left of the slash the attacker, right the defender, ``[crt] result_order``)
combine: ``Ax``/``Dx`` a retreat of x hexes [5.3.1], ``-n`` a loss of n CELs [1.4], ``D``
disorganized [5.6.1], ``T`` (the book's black dot) a disorganization test [5.6.1].

>>> parse_side("A2D-2")
SideResult(retreat=2, loss=2, disorganized=True, test=False, text='A2D-2')
>>> parse_side("-1D"), parse_side("D-1").disorganized, parse_side("A1T").test
(SideResult(retreat=0, loss=1, disorganized=True, test=False, text='-1D'), True, True)
>>> rows_for(7, attacker_hq=True, defender_hq=False)
(6, 7)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, optional_param

_SIDE = re.compile(r"^(?:[AD](?P<retreat>\d))?(?P<dis1>D)?(?P<test>T)?(?:-(?P<loss>\d))?(?P<dis2>D)?$")
#: the class of a headquarters counter [WB95 9.1]
HQ = "hq"


@dataclass(frozen=True)
class SideResult:
    """One side's half of a COMBAT TABLE cell."""

    retreat: int = 0
    loss: int = 0
    disorganized: bool = False
    test: bool = False
    text: str = "-"


@dataclass(frozen=True)
class Cell:
    """A cell of the COMBAT TABLE: its column, the row (the roll after HQ modifiers) and both sides."""

    column: str
    row: int
    attacker: SideResult
    defender: SideResult

    @property
    def text(self) -> str:
        return f"{self.attacker.text}/{self.defender.text} ({self.column}, row {self.row})"


def parse_side(text: str) -> SideResult:
    """One side of a printed cell; ValueError for text the legend does not explain."""
    text = text.strip()
    if text == "-":
        return SideResult(text=text)
    found = _SIDE.match(text)
    if not found or not text:
        raise ValueError(f"{text!r} is not a COMBAT TABLE result")
    return SideResult(int(found["retreat"] or 0), int(found["loss"] or 0), bool(found["dis1"] or found["dis2"]),
                      bool(found["test"]), text)


def cell(game: Game, column: str, row: int) -> Cell:
    """The cell at ``column`` and ``row`` [WB95 5.2.1 f]; CannotCheck for a row or column the table
    does not print (a roll pushed beyond 2-12 by an HQ modifier: the book says nothing of it)."""
    table = game.crt
    if column not in table.columns:
        raise CannotCheck(f"the COMBAT TABLE has no column {column!r}", "WB95 5.2.1")
    if row not in table.rows:
        raise CannotCheck(f"a modified roll of {row} is off the COMBAT TABLE (rows "
                          f"{min(table.rows)}-{max(table.rows)}); the book does not say which row applies",
                          "WB95 9.2.1")
    attacker, _, defender = table.result(row, column).partition("/")
    return Cell(column, row, parse_side(attacker), parse_side(defender))


def rows_for(die: int, attacker_hq: bool, defender_hq: bool) -> tuple[int, ...]:
    """The rows a 2K6 roll may be read on: the roll itself, one less when every attacking unit may
    be within a friendly HQ's range, one more for the defender [WB95 9.2.1]; both cancel out
    [9.2.4] and neither is cumulative [9.2.3]; the modifier is the player's choice ("can")."""
    rows = {die}
    if attacker_hq:
        rows.add(die - 1)
    if defender_hq:
        rows.add(die + 1)
    return tuple(sorted(rows))


def hq_within_range(situation: Situation, side: str, hexes: Iterable[Hex]) -> bool:
    """Whether one of ``side``'s HQs on the map is within its range (``rules.hq_range``) of every
    one of ``hexes`` [WB95 9.2.1, 9.2.2]. A side with no range in the data is taken as within
    range, so that the checker allows the modifier rather than accuse a player of a wrong row."""
    ranges = optional_param(situation.game, "hq_range", {})
    reach = ranges.get(side) if isinstance(ranges, dict) else None
    wanted = list(hexes)
    if not isinstance(reach, int):
        return True
    layout = situation.game.map.layout
    for _, unit in situation.on_map(side):
        if situation.game.unit_types[unit.counter.type].unit_class != HQ or unit.hex is None:
            continue
        if all(layout.distance(unit.hex, h) <= reach for h in wanted):
            return True
    return False
