"""Loading ``scenarios/*.toml`` (and a scenario's own ``scenarios/<name>.csv`` of placements): every
problem logged as ``file:line: field: problem`` like the rest of a game's data (docs/data-format.md,
"Scenarios")."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from datetime import date
from pathlib import Path
from typing import Any

from vmodgen.engine.hexes import BadHexName, Hex, HexLayout
from vmodgen.engine.model import fields
from vmodgen.engine.model.errors import ErrorLog
from vmodgen.engine.model.load_units import check_role
from vmodgen.engine.model.provenance import BadProvenance, Provenance
from vmodgen.engine.model.scenarios import Loss, MovementRestriction, Placement, Scenario
from vmodgen.engine.model.tables import read_csv, read_toml, toml_line
from vmodgen.engine.model.units import ROLES
from vmodgen.engine.model.values import Param, Sourced

PLACEMENT_COLUMNS = ("id", "setup", "setup_face", "entry_turn", "entry_area", "role", "placement_source")
NAME_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class _Scenario:
    """One scenario file being read: logs each problem at its line."""

    def __init__(self, path: Path, log: ErrorLog) -> None:
        self.path, self.log = path, log
        self.doc, self.text = read_toml(path, log)

    def error(self, table: str, key: str | None, field: str, problem: str, index: int = 0) -> None:
        self.log.add(self.path, toml_line(self.text, table, key, index), field, problem)

    def source(self, value: Any, table: str, key: str, index: int = 0) -> Provenance:
        try:
            return Provenance.parse(value if isinstance(value, str) else "")
        except BadProvenance as error:
            self.error(table, key, f"{table + '.' if table else ''}{key}", str(error), index)
            return fields.UNKNOWN

    def sourced(self, key: str, kind: type) -> Sourced[Any] | None:
        entry = self.doc.get(key)
        if not isinstance(entry, dict) or not isinstance(entry.get("value"), kind) \
                or isinstance(entry.get("value"), bool):
            self.error("", key, key, f"write it as {{ value = <{kind.__name__}>, source = \"...\" }}")
            return None
        return Sourced(entry["value"], self.source(entry.get("source"), "", key))

    def hexes(self, values: Any, table: str, key: str, layout: HexLayout) -> tuple[Hex, ...]:
        found = []
        for name in values if isinstance(values, list) else [values]:
            try:
                hex_ = layout.parse(str(name))
            except BadHexName as error:
                self.error(table, key, f"{table}.{key}", str(error))
                continue
            if not layout.contains(hex_):
                self.error(table, key, f"{table}.{key}", f"hex {name} is off the board")
                continue
            found.append(hex_)
        return tuple(found)


def load_scenarios(folder: Path, sides: Collection[str], counters: Mapping[str, tuple[str, str]], layout: HexLayout,
                   entry_areas: Collection[str], markers: Collection[str], log: ErrorLog) -> tuple[Scenario, ...]:
    """Every ``scenarios/*.toml`` of a game, in the book's order (``order``, then the file name); none
    when the game has one set-up. ``counters``: each counter's (side, formation), by id."""
    found = []
    for path in sorted((folder / "scenarios").glob("*.toml")):
        name = path.stem
        if not NAME_PATTERN.match(name):
            log.add(path, 0, "name", f"{name!r}: a scenario file is named in lower-case letters, digits and '-'")
            continue
        reader = _Scenario(path, log)
        if not reader.doc:
            continue
        title = reader.doc.get("title")
        if not isinstance(title, str) or not title:
            reader.error("", "title", "title", "missing: the scenario's name as players read it")
            title = name
        turns = reader.sourced("turns", int)
        first_side = reader.sourced("first_side", str)
        if first_side is not None and first_side.value not in sides:
            reader.error("", "first_side", "first_side", f"unknown side {first_side.value!r}")
        start = reader.sourced("start_date", str) if "start_date" in reader.doc else None
        if start is not None:
            try:
                date.fromisoformat(start.value)
            except ValueError:
                reader.error("", "start_date", "start_date", f"{start.value!r} is not a date (YYYY-MM-DD)")
        last = turns.value if turns is not None else None
        placements = _placements(reader, folder, counters, layout, last, entry_areas)
        listed = {p.counter for p in placements} if placements is not None else set(counters)
        if turns is None or first_side is None:
            continue
        restrictions = _restrictions(reader, sides, {counters[c] for c in listed if c in counters}, turns.value)
        found.append(Scenario(
            name=name, title=title, turns=turns, start_date=start, first_side=first_side, placements=placements,
            markers=_markers(reader, layout, markers), losses=_losses(reader, listed),
            movement_restrictions=restrictions,
            rules=_rules(reader), notes=_notes(reader), source=reader.source(reader.doc.get("source"), "", "source"),
            order=_order(reader)))
    return tuple(sorted(found, key=lambda s: (s.order, s.name)))


def _order(reader: _Scenario) -> int:
    """``order``: where the book prints the scenario (1 first); a scenario without one comes last."""
    value = reader.doc.get("order", 1000)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        reader.error("", "order", "order", f"{value!r} should be a whole number from 1")
        return 1000
    return value


def _placements(reader: _Scenario, folder: Path, counters: Collection[str], layout: HexLayout,
                turns: int | None, entry_areas: Collection[str]) -> tuple[Placement, ...] | None:
    """``setup``: ``units.csv`` (its own placement columns: None) or a ``scenarios/<name>.csv``."""
    entry = reader.doc.get("setup")
    setup = entry.get("value") if isinstance(entry, dict) else None
    if not isinstance(setup, str) or not setup:
        reader.error("", "setup", "setup", "write it as { value = \"units.csv\" or \"scenarios/<name>.csv\", "
                                           "source = \"...\" }")
        return None
    reader.source(entry.get("source"), "", "setup")
    if setup == "units.csv":
        return None
    path = folder / setup
    if path.parent != folder / "scenarios" or path.suffix != ".csv":
        reader.error("", "setup", "setup", f"{setup!r} should be units.csv or a scenarios/<name>.csv")
        return None
    log, found, seen = reader.log, [], set()
    for row in read_csv(path, PLACEMENT_COLUMNS, log):
        counter = row.get("id")
        if counter not in counters:
            log.add(row.path, row.line, "id", f"{counter!r} is not a counter of units.csv")
            continue
        if counter in seen:
            log.add(row.path, row.line, "id", f"{counter!r} is placed twice")
            continue
        seen.add(counter)
        setup_hex = fields.hex_field(row, "setup", layout, log) if row.get("setup") else None
        face = row.get("setup_face") or "front"
        if face not in ("front", "back"):
            log.add(row.path, row.line, "setup_face", f"{face!r} should be 'front' or 'back'")
        turn = fields.integer(row, "entry_turn", log, minimum=1)
        if turn is not None and turns is not None and turn > turns:
            log.add(row.path, row.line, "entry_turn", f"turn {turn} is after the scenario's last turn ({turns})")
        areas = tuple(row.get("entry_area").split())
        for area in areas:
            if area not in entry_areas:
                log.add(row.path, row.line, "entry_area", f"entry area {area!r} is not in map/areas.csv")
        role = fields.choice(row, "role", ROLES, log, "role")
        source = fields.source(row, "placement_source", log)
        check_role(row, role, bool(row.get("setup")) or not source.is_known, turn, log, unknown=not source.is_known)
        found.append(Placement(counter, setup_hex, face, turn, areas, role, source, row.get("notes")))
    return tuple(found)


def _markers(reader: _Scenario, layout: HexLayout, known: Collection[str]) -> dict[str, tuple[Hex, ...]]:
    """``[markers.<kind>] hexes = [...]``: markers the scenario starts with, of a kind the family plays."""
    found = {}
    table = reader.doc.get("markers", {})
    for kind, entry in table.items() if isinstance(table, dict) else ():
        if kind not in known:
            reader.error("markers", kind, f"markers.{kind}", f"not a marker kind of the rules ({', '.join(known)})")
            continue
        if not isinstance(entry, dict) or not isinstance(entry.get("hexes"), list):
            reader.error("markers", kind, f"markers.{kind}", "write it as { hexes = [...], source = \"...\" }")
            continue
        reader.source(entry.get("source"), "markers", kind)
        found[kind] = reader.hexes(entry["hexes"], "markers", kind, layout)
    return found


def _losses(reader: _Scenario, listed: set[str]) -> tuple[Loss, ...]:
    found = []
    entries = reader.doc.get("losses", [])
    for index, entry in enumerate(entries if isinstance(entries, list) else []):
        units, cels = entry.get("units"), entry.get("cels")
        if not isinstance(units, list) or not units or not isinstance(cels, int) or isinstance(cels, bool) or cels < 1:
            reader.error("losses", None, "losses", "write it as units = [<counter ids>], cels = <n >= 1>", index)
            continue
        for unit in units:
            if unit not in listed:
                reader.error("losses", "units", "losses.units", f"{unit!r} is not a counter of this scenario", index)
        found.append(Loss(tuple(units), cels, reader.source(entry.get("source"), "losses", "source", index)))
    return tuple(found)


def _restrictions(reader: _Scenario, sides: Collection[str], formations: set[tuple[str, str]],
                  turns: int) -> tuple[MovementRestriction, ...]:
    """``[[movement_restrictions]]``: formations of a side that may not move before ``from_turn``;
    each formation is a ``units.csv`` formation (``formations``: (side, formation) of this scenario's
    counters)."""
    found = []
    entries = reader.doc.get("movement_restrictions", [])
    for index, entry in enumerate(entries if isinstance(entries, list) else []):
        name, side, names, turn = (entry.get(k) for k in ("name", "side", "formations", "from_turn")) \
            if isinstance(entry, dict) else (None,) * 4
        if not isinstance(name, str) or not isinstance(side, str) or not isinstance(names, list) or not names \
                or not all(isinstance(n, str) for n in names) or not isinstance(turn, int) or isinstance(turn, bool):
            reader.error("movement_restrictions", None, "movement_restrictions",
                         "write it as name = \"...\", side = \"...\", formations = [...], from_turn = <n>", index)
            continue
        if side not in sides:
            reader.error("movement_restrictions", "side", "movement_restrictions.side", f"unknown side {side!r}", index)
        for formation in names:
            if (side, formation) not in formations:
                reader.error("movement_restrictions", "formations", "movement_restrictions.formations",
                             f"no {side} counter of this scenario is of formation {formation!r}", index)
        if not 2 <= turn <= turns:
            reader.error("movement_restrictions", "from_turn", "movement_restrictions.from_turn",
                         f"{turn} should be a turn of the scenario after the first (2 to {turns})", index)
        found.append(MovementRestriction(name, side, tuple(names), turn,
                                         reader.source(entry.get("source"), "movement_restrictions", "source", index)))
    return tuple(found)


def _rules(reader: _Scenario) -> dict[str, Param]:
    found = {}
    table = reader.doc.get("rules", {})
    for name, entry in table.items() if isinstance(table, dict) else ():
        if not isinstance(entry, dict) or "value" not in entry:
            reader.error("rules", name, f"rules.{name}", "write it as { value = ..., source = \"...\" }")
            continue
        found[name] = Param(name, entry["value"], reader.source(entry.get("source"), f"rules.{name}", "source"))
    return found


def _notes(reader: _Scenario) -> tuple[str, ...]:
    found = []
    entries = reader.doc.get("notes", [])
    for index, entry in enumerate(entries if isinstance(entries, list) else []):
        if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
            reader.error("notes", None, "notes", "each [[notes]] needs a text", index)
            continue
        reader.source(entry.get("source"), "notes", "source", index)
        found.append(entry["text"])
    return tuple(found)
