"""A victory point tally whose items may be left open by the log: each item is a number, a range
(what the log leaves open, e.g. whether a destroyed unit was isolated), or unknown, and each
side's total their bounds. Shared by the AGS games' tallies (``victory.py``).

>>> tally = Tally()
>>> tally.add("Soviet", "a unit destroyed (Korsun 27.1)", (3, 4), "isolation not known")
>>> tally.add("Soviet", "another destroyed (Korsun 27.1)", 6)
>>> tally.total("Soviet")
(9, 10)
>>> tally.lines[0]
'  Soviet: a unit destroyed (Korsun 27.1): 3 to 4 (isolation not known)'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.record import PhaseRecord

#: a value: exact, a range whose ends may be open (None), or unknown (None)
Points = int | tuple[int | None, int | None] | None
Bounds = tuple[int | None, int | None]


@dataclass
class Tally:
    """Each side's items, and the bounds of each side's total."""

    lines: list[str] = field(default_factory=list)
    bounds: dict[str, Bounds] = field(default_factory=dict)

    def add(self, side: str, item: str, points: Points, why: str = "") -> None:
        low, high = bounds_of(points)
        was_low, was_high = self.bounds.get(side, (0, 0))
        self.bounds[side] = (_plus(was_low, low), _plus(was_high, high))
        self.lines.append(f"  {side}: {item}: {show((low, high))}{f' ({why})' if why else ''}")

    def add_either(self, sides: Sequence[str], item: str, points: int | None, why: str) -> None:
        """An item one of ``sides`` scores, the log not saying which: 0 up to ``points`` for each."""
        for side in sides:
            low, high = self.total(side)
            self.bounds[side] = (low, _plus(high, points))
        self.lines.append(f"  {' or '.join(sides)}: {item}: {'unknown' if points is None else points} ({why})")

    def total(self, side: str) -> Bounds:
        return self.bounds.get(side, (0, 0))


def bounds_of(points: Points) -> Bounds:
    if points is None:
        return None, None
    if isinstance(points, int):
        return points, points
    return points


def show(bounds: Bounds) -> str:
    """Bounds for a person to read.

    >>> show((3, 3)), show((0, None)), show((None, 0)), show((None, None)), show((2, 5))
    ('3', 'at least 0', 'at most 0', 'unknown', '2 to 5')
    """
    low, high = bounds
    if low is not None and low == high:
        return str(low)
    if low is None and high is None:
        return "unknown"
    if high is None:
        return f"at least {low}"
    if low is None:
        return f"at most {high}"
    return f"{low} to {high}"


def difference(a: Bounds, b: Bounds) -> Bounds:
    """The bounds of a - b."""
    return _minus(a[0], b[1]), _minus(a[1], b[0])


def settled(bounds: Bounds, result: Callable[[int], str | None]) -> str | None:
    """The result every value within the bounds gives, or None when they differ or are open.
    Results are step functions of the score, so the ends and each score between decide."""
    low, high = bounds
    if low is None or high is None:
        return None
    found = {result(points) for points in range(low, high + 1)}
    return found.pop() if len(found) == 1 else None


def at_end(records: Sequence[PhaseRecord], game: Game, last_turn: int) -> bool:
    """Whether the log reaches the last phase of the game's last Game-Turn."""
    last = records[-1]
    return last.turn >= last_turn and last.phase_index == len(game.phases) - 1


def header(records: Sequence[PhaseRecord], game: Game, last_turn: int, case: str, places: bool = True) -> list[str]:
    when = "the end of the game" if at_end(records, game, last_turn) else \
        f"Game-Turn {records[-1].turn}, not the end of the game (Game-Turn {last_turn}, {case})"
    about = ("; town and city hexes are the map's; a place's control follows the units' drops (a log does not "
             "record the hexes a move passed through)") if places else ""
    return [f"Victory Points for the log up to its end ({when}){about}:"]


def from_start(records: Sequence[PhaseRecord]) -> bool:
    """Whether the log begins with the game (losses and control before it are not in it)."""
    return records[0].turn == 1 and records[0].phase_index == 0


def value(game: Game, *keys: str) -> object:
    """A ``victory.toml`` value by its keys (a ``{value, source}`` entry gives its value)."""
    entry: object = game.victory
    for key in keys:
        entry = entry.get(key) if isinstance(entry, dict) else None
    if isinstance(entry, dict) and "value" in entry:
        return entry["value"]
    return entry


def _plus(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else a + b


def _minus(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else a - b
