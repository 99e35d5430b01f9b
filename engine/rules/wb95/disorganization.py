"""Disorganization after a WB-95 combat [WB95 5.6]: a result that marks it (``D``) disorganizes the
side's units [5.6.1]; a test (the black dot, ``T``, or each hex of a retreat but the first, 5.3.9)
disorganizes them when its 2K6 reaches their morale limit [5.6.2]; disorganized units are covered
with a Disorganized marker [5.6.6].

Markers lie on hexes, not on units, and a test's roll does not say which units it was for: a
finding is made only where the log leaves no doubt. A side the result disorganizes in every cell
that allows what was done must have a Disorganized marker on each of its surviving units' hexes
once the battle is over; a Disorganized marker put on a side's hex after its battle, when no such
cell disorganizes it and no disorganization roll of the battle reached the lowest morale limit of
its units, has no test behind it.

>>> from types import SimpleNamespace as N
>>> game = N(rules={"morale_limits": N(value={"German": {"SS": 12, "default": 11}}),
...                 "morale_class": N(value={"ger-ss": "SS"})})
>>> morale_limit(game, N(id="ger-ss", side="German")), morale_limit(game, N(id="ger-1", side="German"))
(12, 11)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, hex_list, optional_param
from vmodgen.engine.rules.wb95 import vocabulary
from vmodgen.engine.rules.wb95.battle import Side
from vmodgen.engine.rules.wb95.crt import Cell
from vmodgen.engine.rules.wb95.dice import DISORGANIZATION, rolls_for


def morale_limit(game: Any, counter: Any) -> int | None:
    """The 2K6 a disorganization test must reach [WB95 5.6.2]: the unit's class (``rules.morale_class``)
    in its side's limits (``rules.morale_limits``), else the side's default; None where the data has none."""
    limits = optional_param(game, "morale_limits", {})
    classes = optional_param(game, "morale_class", {})
    side = limits.get(counter.side) if isinstance(limits, dict) else None
    if not isinstance(side, dict):
        return None
    morale = classes.get(counter.id, "default") if isinstance(classes, dict) else "default"
    found = side.get(morale, side.get("default"))
    return found if isinstance(found, int) else None


def marked_hexes(record: PhaseRecord, step: int) -> set[Hex]:
    """Hexes holding a Disorganized marker after ``step``."""
    return {m.hex for m in record.markers_at(step).values() if m.kind == vocabulary.DISORGANIZED and m.hex is not None}


def check_disorganization(record: PhaseRecord, first: int, last: int, after: Situation, sides: Sequence[Side],
                          allowed: Sequence[Cell]) -> list[Verdict]:
    """Findings on one battle's disorganization, the battle rolled at step ``first`` and over at
    ``last``; ``allowed`` the cells that allow what was done (none: nothing to judge)."""
    game = record.start.game
    if not allowed or not any(m.kind == vocabulary.DISORGANIZED for m in game.markers):
        return []
    before_marks, after_marks = marked_hexes(record, first), marked_hexes(record, last)
    rolls = rolls_for(record, DISORGANIZATION, first, last)
    found: list[Verdict] = []
    for index, side in enumerate(sides):
        results = [c.attacker if index == 0 else c.defender for c in allowed]
        survivors = side.survivors(after)
        hexes = sorted({after.units[k].hex for k in survivors})  # type: ignore[misc]
        if survivors and all(r.disorganized for r in results):
            bare = [h for h in hexes if h not in after_marks]
            if bare:
                found.append(Verdict.illegal("WB95 5.6.1", f"the result disorganizes the {side.name} units (D) but "
                                                           f"{hex_list(game, bare)} has no Disorganized marker after "
                                                           "the battle (5.6.6)", bare))
            continue
        if any(r.disorganized for r in results):
            continue
        new = [h for h in hexes if h in after_marks and h not in before_marks]
        limits = [morale_limit(game, after.units[k].counter) for k in survivors]
        if not new or None in limits:
            continue
        lowest = min(l for l in limits if l is not None)
        if not any(r.value >= lowest for r in rolls):
            shown = ", ".join(str(r.value) for r in rolls) or "none"
            found.append(Verdict.illegal("WB95 5.6.2", f"a Disorganized marker was put on {hex_list(game, new)} after "
                                                       f"the battle, though no cell that allows it disorganizes the "
                                                       f"{side.name} units and no disorganization roll (rolled: "
                                                       f"{shown}) reached their morale limit {lowest}", new))
    return found
