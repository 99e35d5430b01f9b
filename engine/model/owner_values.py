"""``owner-values.csv``: counter values an owner of the game enters from the counters in the box, where
the book prints none (Korsun 1944: no strength, movement or CELs in the rulebook). They are merged
over ``units.csv`` at load with their own source (``owner: owner's counters``), so that the build
counts them apart from the book and a finding that rests on one can say so.

One row per counter; an empty cell keeps ``units.csv``'s value. A face's values go together: a row
that gives one of ``attack``, ``defense``, ``movement`` gives all three (``-`` where the counter
prints none), and likewise for the back. ``back`` and ``steps`` (CELs) say what the reverse is. An
optional ``stars`` column counts the stars the counter prints (0 for none): without it a battle's
column cannot be bounded (WB-95 15.1), so the checker leaves it unchecked.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from vmodgen.engine.model import fields
from vmodgen.engine.model.errors import ErrorLog
from vmodgen.engine.model.tables import Row, read_csv
from vmodgen.engine.model.units import BACK_KINDS, Counter, Face

FILE = "owner-values.csv"
COLUMNS = ("id", "attack", "defense", "movement", "back", "back_attack", "back_defense", "back_movement",
           "steps", "source")
FRONT = ("attack", "defense", "movement")
BACK = ("back_attack", "back_defense", "back_movement")


def apply_owner_values(path: Path, counters: tuple[Counter, ...], log: ErrorLog) -> tuple[Counter, ...]:
    """The counters with an owner's values merged over them; none changed when there is no file."""
    if not path.exists():
        return counters
    by_id = {c.id: c for c in counters}
    seen: dict[str, int] = {}
    for row in read_csv(path, COLUMNS, log):
        counter_id = row.get("id")
        if counter_id not in by_id:
            log.add(row.path, row.line, "id", f"{counter_id!r} is not a counter of units.csv")
            continue
        if counter_id in seen:
            log.add(row.path, row.line, "id", f"{counter_id!r} already has values (line {seen[counter_id]})")
            continue
        seen[counter_id] = row.line
        merged = _merge(row, by_id[counter_id], log)
        if merged is not None:
            by_id[counter_id] = merged
    return tuple(by_id[c.id] for c in counters)


def _merge(row: Row, counter: Counter, log: ErrorLog) -> Counter | None:
    source = fields.source(row, "source", log)
    if not source.is_known:
        log.add(row.path, row.line, "source", "say whose counters the values are read from "
                                              "(owner: owner's counters)")
        return None
    changes: dict[str, object] = {}
    sources = counter.sources
    if not all(_whole(row, columns, log) for columns in (FRONT, BACK)):
        return None
    front = _face(row, FRONT, log)
    if front is not None:
        changes["front"] = front
        sources = dataclasses.replace(sources, front=source)
    back_kind = counter.back_kind
    if row.get("back"):
        back_kind = fields.choice(row, "back", BACK_KINDS, log, "back kind")
        changes["back_kind"] = back_kind
        sources = dataclasses.replace(sources, back=source)
    back = _face(row, BACK, log)
    if back is not None:
        if back_kind not in ("reduced", "mode"):
            log.add(row.path, row.line, ", ".join(BACK), f"a {back_kind} back has no values")
            return None
        changes["back"] = back
        sources = dataclasses.replace(sources, back=source)
    elif row.get("back") and back_kind not in ("reduced", "mode"):
        changes["back"] = changes.get("front", counter.front) if back_kind == "inactive" else None
    steps = fields.integer(row, "steps", log, minimum=1)
    if steps is not None:
        changes["steps"] = steps
    if row.get("stars"):
        stars = fields.integer(row, "stars", log, minimum=0)
        if stars is None:
            return None
        changes["stars"] = stars
    if back_kind == "reduced" and (steps if steps is not None else counter.steps) < 2:
        log.add(row.path, row.line, "steps", "a counter with a reduced back has at least 2 steps (CELs)")
        return None
    if not changes:
        log.add(row.path, row.line, "id", "no value given")
        return None
    return dataclasses.replace(counter, sources=sources, **changes)


def _whole(row: Row, columns: tuple[str, ...], log: ErrorLog) -> bool:
    """A face's values are given all together or not at all (logged when not)."""
    missing = [c for c in columns if not row.get(c)]
    if missing and len(missing) != len(columns):
        log.add(row.path, row.line, ", ".join(missing), "empty: give the face's values together "
                                                        "('-' where the counter prints none)")
        return False
    return True


def _face(row: Row, columns: tuple[str, ...], log: ErrorLog) -> Face | None:
    """A face's three values (``-`` where the counter prints none); None when the row gives none."""
    if not row.get(columns[0]):
        return None
    return Face(*(fields.number(row, c, log) for c in columns))
