"""The WB-95 tables read by strength points and a 2K6 roll: ARTILLERY FIRE [WB95 6.4.2 d] and AIR
ATTACK [8.2.6]. A row is a band of SPs (``1-2`` ... ``17+``), a column a roll; a cell is ``-1`` (the
target loses 1 CEL), ``D`` (units on the hex disorganized), ``•`` (a disorganization test, 5.6.1),
or a combination (``-1D``, ``-1•``).

The tables are data (``rules.artillery_fire``, ``rules.air_attack``: CSV files in ``charts/``), read
when the game loads, since a module's data folder is gone when a log is checked.

>>> parse_fire("-1D"), parse_fire("•").test, parse_fire("-").loss
(FireResult(loss=1, disorganized=True, test=False, text='-1D'), True, 0)
>>> band_of("9-12"), band_of("17+")
((9, 12), (17, None))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from vmodgen.engine.model.errors import ErrorLog, GameDataError
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.tables import read_csv
from vmodgen.engine.rules.family import DataProblem
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.verdict import optional_param

ARTILLERY_FIRE = "artillery_fire"
AIR_ATTACK = "air_attack"
ROLLS = tuple(range(2, 13))
_CELL = re.compile(r"^(?:-(?P<loss>\d))?(?P<d>D)?(?P<t>•)?$")


@dataclass(frozen=True)
class FireResult:
    """One cell: the CELs the target loses, whether it is disorganized, whether it takes a test."""

    loss: int = 0
    disorganized: bool = False
    test: bool = False
    text: str = "-"


@dataclass(frozen=True)
class Band:
    """A row of the table: the SPs it covers (``high`` None: and more) and its cells by roll."""

    low: int
    high: int | None
    cells: dict[int, FireResult]

    @property
    def text(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"

    def covers(self, low: int, high: int) -> bool:
        """Whether some SP count between ``low`` and ``high`` falls in this band."""
        return high >= self.low and (self.high is None or low <= self.high)


def parse_fire(text: str) -> FireResult:
    """A printed cell; ValueError for text the tables' legend does not explain."""
    text = text.strip()
    if text == "-":
        return FireResult()
    found = _CELL.match(text)
    if not found or not text:
        raise ValueError(f"{text!r} is not a result of the ARTILLERY FIRE or AIR ATTACK table")
    return FireResult(int(found["loss"] or 0), bool(found["d"]), bool(found["t"]), text)


def band_of(text: str) -> tuple[int, int | None]:
    """The SPs a row label covers: ``3-5`` or ``17+``."""
    text = text.strip()
    if text.endswith("+") and text[:-1].isdigit():
        return int(text[:-1]), None
    low, _, high = text.partition("-")
    if not (low.isdigit() and high.isdigit()):
        raise ValueError(f"{text!r} is not a band of SPs (like 3-5 or 17+)")
    return int(low), int(high)


def table(game: Game, name: str) -> tuple[Band, ...]:
    """The bands of table ``name`` (``rules.<name>``), read once; empty when the data has none."""
    return of_map(game, ("wb95 fire table", name), lambda: _read(game, name))


def _read(game: Game, name: str) -> tuple[Band, ...]:
    chart = optional_param(game, name, None)
    if not isinstance(chart, str):
        return ()
    log = ErrorLog()
    columns = tuple(f"roll_{r}" for r in ROLLS)
    bands = []
    for row in read_csv(Path(game.folder) / chart, ("sps", *columns), log):
        low, high = band_of(row.get("sps"))
        bands.append(Band(low, high, {r: parse_fire(row.get(f"roll_{r}")) for r in ROLLS}))
    log.raise_if_any()
    return tuple(bands)


def load_problems(game: Game) -> list[DataProblem]:
    """Both tables read when the game loads."""
    problems = []
    for name in (ARTILLERY_FIRE, AIR_ATTACK):
        try:
            table(game, name)
        except (GameDataError, ValueError) as error:
            problems.append(DataProblem(str(optional_param(game, name, "")), name, str(error)))
    return problems


def bands_for(game: Game, name: str, low: int | None, high: int | None) -> tuple[Band, ...]:
    """The bands SPs between ``low`` and ``high`` may fall in (every band when unknown: None)."""
    bands = table(game, name)
    if low is None or high is None:
        return bands
    return tuple(b for b in bands if b.covers(max(low, 1), max(high, 1)))
