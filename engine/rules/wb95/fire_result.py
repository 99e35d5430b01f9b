"""What a ranged attack's or air attack's result asks of the target hex, against what the log shows
was done [WB95 6.4.2 d, 8.2.6]: the units on the hex lose the cell's CELs (the owner chooses which,
5.1.8), are disorganized on a ``D`` (5.6.1: a Disorganized marker, 5.6.6), take a test on a ``•``,
and never move (neither table retreats anyone).

A roll is read on the row of the SPs used; where the SPs are unknown (the book prints none) it is
read on every row the SPs may fall in, and what was done is legal when some such cell allows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.wb95 import vocabulary
from vmodgen.engine.rules.wb95.cels import Range, lost, total
from vmodgen.engine.rules.wb95.common import is_unit, unit_at, window_end
from vmodgen.engine.rules.wb95.fire_tables import Band


@dataclass(frozen=True)
class Done:
    """What the target hex's units did after the roll: the CELs they lost, who moved, whether a
    Disorganized marker lies on the hex, whether any unit is left there."""

    loss: Range
    moved: tuple[str, ...]
    marked: bool
    survivors: bool

    def text(self) -> str:
        moved = f", {', '.join(self.moved)} moved" if self.moved else ""
        return f"lost {self.loss} CEL{'' if self.loss == Range(1, 1) else 's'}{moved}" + \
            (", a Disorganized marker on the hex" if self.marked else "")


def targets(record: PhaseRecord, hex_: Hex, side: str, step: int) -> list[str]:
    """The units of ``side`` on ``hex_`` when the roll of ``step`` was made."""
    found = []
    for key in sorted(record.start.units):
        unit = unit_at(record, key, step - 1)
        if unit is not None and unit.hex == hex_ and unit.side == side and is_unit(record.start, key):
            found.append(key)
    return found


def done(record: PhaseRecord, hex_: Hex, keys: Sequence[str], step: int) -> Done:
    """What ``keys`` (the target hex's units at the roll of ``step``) did until the next roll."""
    end = window_end(record, step)
    loss, moved, survivors = [], [], False
    for key in keys:
        was, now = unit_at(record, key, step - 1), unit_at(record, key, end)
        assert was is not None
        loss.append(lost(was, now))
        if now is not None and now.hex is not None:
            survivors = True
            if now.hex != hex_:
                moved.append(was.counter.name)
    marked = any(m.kind == vocabulary.DISORGANIZED and m.hex == hex_ for m in record.markers_at(end).values())
    return Done(total(loss), tuple(moved), marked, survivors)


def allowed_by(band: Band, roll: int, what: Done) -> str | None:
    """Why the band's cell at ``roll`` does not allow what was done; None when it does, "unknown"
    when that rests on CELs the data does not know."""
    cell = band.cells[roll]
    if what.moved:
        return f"the result {cell.text} moves no unit"
    if cell.loss < what.loss.low or (cell.loss > what.loss.high and what.survivors):
        return f"the result {cell.text} asks a loss of {cell.loss} CEL{'' if cell.loss == 1 else 's'}"
    if cell.disorganized and what.survivors and not what.marked:
        return f"the result {cell.text} disorganizes the units on the hex and no Disorganized marker was put there"
    if not what.loss.known and not (cell.loss == 0 and what.loss.low == 0):
        return "unknown"
    return None


def judge(bands: Sequence[Band], roll: int, what: Done) -> tuple[str, str]:
    """``legal``, ``unchecked`` or ``illegal`` over the candidate bands, with the reason of the
    first band that does not allow it (for the finding)."""
    reasons = [allowed_by(b, roll, what) for b in bands]
    if any(r is None for r in reasons):
        return "legal", ""
    if any(r == "unknown" for r in reasons):
        return "unchecked", "the loss rests on CELs the data does not know (owner-values.csv)"
    if len(bands) == 1:
        return "illegal", f"{reasons[0]} (SPs {bands[0].text})"
    return "illegal", f"no row allows it (SPs {bands[0].text}: {reasons[0]})"
