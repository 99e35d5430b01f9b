"""Combat Efficiency Levels: how many a counter has and how many it lost [WB95 1.2, 1.4].

A counter printed on both sides has 2 CELs, its reverse the weaker one; one printed on a side only
has 1; towed artillery has 1 whatever its reverse shows (its transport setup) [1.2, 6.1.6]; an HQ
has 1 [9.1.4]. Korsun 1944's rulebook prints no counter, so a unit whose reverse is ``unknown`` has
1 or 2 CELs until an owner enters it (``owner-values.csv``): losses are counted as ranges, and a
finding that rests on an owner-entered value says so.

>>> Range(1, 2) + Range(1, 1)
Range(low=2, high=3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from vmodgen.engine.model.units import Counter
from vmodgen.engine.rules.situation import UnitState

OWNER = "owner"


@dataclass(frozen=True)
class Range:
    """A count known to lie between ``low`` and ``high`` (equal when known)."""

    low: int
    high: int

    def __add__(self, other: Range) -> Range:
        return Range(self.low + other.low, self.high + other.high)

    @property
    def known(self) -> bool:
        return self.low == self.high

    def __str__(self) -> str:
        return str(self.low) if self.known else f"{self.low}-{self.high}"


ZERO = Range(0, 0)


def cels(unit: UnitState) -> Range:
    """The CELs a counter has now, showing the face it shows [WB95 1.2, 1.4]."""
    counter = unit.counter
    if counter.back_kind == "reduced":
        full = max(counter.steps, 2)
        return Range(full - 1, full - 1) if unit.showing_back else Range(full, full)
    if counter.back_kind == "unknown":
        return Range(1, 1) if unit.showing_back else Range(1, 2)
    return Range(1, 1)


def lost(before: UnitState, after: UnitState | None) -> Range:
    """CELs a unit lost between two moments: all it had when it left the map (eliminated), one when
    it turned to its reverse [1.2: reducing is flipping to the weaker side]."""
    had = cels(before)
    if after is None or after.hex is None:
        return had
    if after.showing_back == before.showing_back:
        return ZERO
    now = cels(after)
    return Range(max(had.low - now.high, 0), max(had.high - now.low, 0))


def total(ranges: Iterable[Range]) -> Range:
    found = ZERO
    for one in ranges:
        found = found + one
    return found


def owner_entered(counter: Counter) -> bool:
    """Whether the counter's CELs come from an owner's values file rather than the rulebook."""
    return counter.sources.back.kind == OWNER or counter.sources.front.kind == OWNER
