"""Loading ``units.csv``: one counter per row, every value checked."""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path

from vmodgen.engine.hexes import HexLayout
from vmodgen.engine.model import fields
from vmodgen.engine.model.errors import ErrorLog
from vmodgen.engine.model.tables import Row, read_csv
from vmodgen.engine.model.units import BACK_KINDS, ROLES, Counter, CounterSources, Face, UnitType
from vmodgen.engine.model.values import NOT_APPLICABLE, Number

COLUMNS = (
    "id", "side", "type", "size", "designation", "formation", "name", "attack", "defense",
    "movement", "leadership", "front_source", "back", "back_attack", "back_defense",
    "back_movement", "back_source", "steps", "asterisk", "setup", "setup_face", "entry_turn",
    "entry_area", "role", "placement_source", "notes",
)
SIZES = ("", "XXXX", "XXX", "XX", "(XX)", "X", "III", "II", "I")
ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def load_units(path: Path, sides: Collection[str], unit_types: dict[str, UnitType],
               layout: HexLayout, turns: int | None, entry_areas: Collection[str],
               log: ErrorLog) -> tuple[Counter, ...]:
    counters: list[Counter] = []
    seen: dict[str, int] = {}
    names: dict[str, tuple[int, Counter]] = {}
    for row in read_csv(path, COLUMNS, log):
        counter = _counter(row, sides, unit_types, layout, turns, log)
        for area in counter.entry_areas if counter is not None else ():
            if area not in entry_areas:
                log.add(row.path, row.line, "entry_area", f"entry area {area!r} is not in map/areas.csv")
        if counter is None:
            continue
        if counter.id in seen:
            log.add(row.path, row.line, "id", f"duplicate id {counter.id!r} (first on line {seen[counter.id]})")
            continue
        seen[counter.id] = row.line
        twin = names.get(counter.name)
        if twin is not None and (twin[1].front, twin[1].back) != (counter.front, counter.back):
            # Chat reports and players name pieces by name: only interchangeable counters may share one.
            log.add(row.path, row.line, "name", f"{counter.name!r} is also the name of a different counter "
                                                f"(line {twin[0]}); add what tells them apart")
        names.setdefault(counter.name, (row.line, counter))
        counters.append(counter)
    return tuple(counters)


def _counter(row: Row, sides: Collection[str], unit_types: dict[str, UnitType],
             layout: HexLayout, turns: int | None, log: ErrorLog) -> Counter | None:
    counter_id = row.get("id")
    if not ID_PATTERN.match(counter_id):
        log.add(row.path, row.line, "id", f"{counter_id!r} is not a lower-case slug like 'sov-xx-32'")
        return None
    fields.choice(row, "side", set(sides) | {"neutral"}, log, "side")
    fields.choice(row, "type", unit_types, log, "unit type")
    fields.choice(row, "size", SIZES, log, "size")
    if not row.get("name"):
        log.add(row.path, row.line, "name", "empty: the piece needs a name players read")

    front_source = fields.source(row, "front_source", log)
    front = Face(*(fields.number(row, c, log) for c in ("attack", "defense", "movement")))
    leadership = fields.number(row, "leadership", log)
    unit_type = unit_types.get(row.get("type"))
    rated = unit_type is not None and unit_type.unit_class in ("hq", "leader")
    if leadership is None and not rated:
        leadership = NOT_APPLICABLE  # only HQs and leaders print a rating
    # An optional leadership_source column gives the rating its own provenance, where the book
    # states a leader's movement allowance but not its rating (PGG 10.21 and 11.22).
    leadership_source = fields.source(row, "leadership_source", log) if row.get("leadership_source") else None
    # An optional movement_source column gives the movement allowance its own provenance, where the
    # rules state a class's MPs but not its strength (WB95 9.1.2: an HQ counter has 10 MPs).
    movement_source = fields.source(row, "movement_source", log) if row.get("movement_source") else None
    front_group = {"attack": front.attack, "defense": front.defense, "movement": front.movement}
    if movement_source is not None:
        _check_group(row, "movement_source", movement_source.is_known, {"movement": front_group.pop("movement")}, log)
    if leadership_source is None:
        front_group["leadership"] = leadership
    else:
        _check_group(row, "leadership_source", leadership_source.is_known, {"leadership": leadership}, log)
    _check_group(row, "front_source", front_source.is_known, front_group, log)

    back_kind = fields.choice(row, "back", BACK_KINDS, log, "back kind")
    back_source = fields.source(row, "back_source", log)
    back = _back(row, back_kind, back_source.is_known, log)
    if back_kind == "inactive":
        back = front        # a status side prints the front's values (Korsun 19.62)

    steps = fields.integer(row, "steps", log, minimum=1) or 1
    if back_kind == "reduced" and steps < 2:
        log.add(row.path, row.line, "steps", "a counter with a reduced back has at least 2 steps")

    setup = fields.hex_field(row, "setup", layout, log) if row.get("setup") else None
    setup_face = row.get("setup_face") or "front"
    if setup_face not in ("front", "back"):
        log.add(row.path, row.line, "setup_face", f"{setup_face!r} should be 'front' or 'back'")
    entry_turn = fields.integer(row, "entry_turn", log, minimum=1)
    if entry_turn is not None and turns is not None and entry_turn > turns:
        log.add(row.path, row.line, "entry_turn", f"turn {entry_turn} is after the last turn ({turns})")
    role = fields.choice(row, "role", ROLES, log, "role")
    placement_source = (fields.source(row, "placement_source", log)
                        if row.get("setup") or row.get("entry_turn") or row.get("placement_source")
                        else fields.UNKNOWN)
    # A set-up hex the book does not give (printed on a map the text lacks) is unknown, not invented.
    unknown_setup = role == "setup" and row.get("placement_source").strip() == "unknown"
    has_setup = setup is not None or bool(row.get("setup")) or unknown_setup
    check_role(row, role, has_setup, entry_turn, log, unknown=row.get("placement_source").strip() == "unknown")

    return Counter(
        id=counter_id, side=row.get("side"), type=row.get("type"), size=row.get("size"),
        designation=row.get("designation"), formation=row.get("formation"), name=row.get("name"),
        front=front, leadership=leadership, back_kind=back_kind, back=back, steps=steps,
        asterisk=fields.flag(row, "asterisk", log), setup=setup, setup_face=setup_face,
        entry_turn=entry_turn, entry_areas=tuple(row.get("entry_area").split()), role=role,
        sources=CounterSources(front_source, back_source, placement_source, leadership_source, movement_source),
        notes=row.get("notes"),
    )


def _back(row: Row, back_kind: str, known: bool, log: ErrorLog) -> Face | None:
    values = {c: fields.number(row, c, log) for c in ("back_attack", "back_defense", "back_movement")}
    if back_kind in ("reduced", "mode"):
        _check_group(row, "back_source", known, values, log)
        return Face(values["back_attack"], values["back_defense"], values["back_movement"])
    if back_kind == "untried":
        # The untried side prints only the movement allowance ("U-6").
        for column in ("back_attack", "back_defense"):
            if values[column] not in (None, NOT_APPLICABLE):
                log.add(row.path, row.line, column, "an untried back prints no strength: use '-' or leave empty")
        return Face(NOT_APPLICABLE, NOT_APPLICABLE, values["back_movement"])
    for column, value in values.items():
        if value is not None and value is not NOT_APPLICABLE:
            log.add(row.path, row.line, column, f"a {back_kind or 'missing'} back has no values")
    return None


def _check_group(row: Row, source_column: str, known: bool, values: dict[str, Number],
                 log: ErrorLog) -> None:
    """An unknown source goes with empty values, and a known one with no empty value."""
    empty = [c for c, v in values.items() if v is None]
    if known and empty:
        log.add(row.path, row.line, ", ".join(empty),
                f"empty (unknown) although {source_column} names a source; use '-' when the "
                "counter prints no such value, or split the unknown value out")
    filled = [c for c, v in values.items() if v is not None and v is not NOT_APPLICABLE]
    if not known and filled:
        log.add(row.path, row.line, ", ".join(filled),
                f"has a value although {source_column} is 'unknown'")


def check_role(row: Row, role: str, has_setup: bool, entry_turn: int | None, log: ErrorLog,
               unknown: bool = False) -> None:
    """A set-up unit needs its hex, a reinforcement its turn and area; ``unknown``: the placement's
    source is ``unknown`` (a schedule row the book prints without a date: Korsun 1944's 163 INF), so
    a reinforcement's missing turn or area is the book's silence, not a mistake."""
    if role == "setup" and not has_setup:
        log.add(row.path, row.line, "setup", "a set-up unit needs its set-up hex")
    if role == "reinforcement" and entry_turn is None and not unknown:
        log.add(row.path, row.line, "entry_turn", "a reinforcement needs its entry turn")
    if role == "reinforcement" and not row.get("entry_area") and not unknown:
        log.add(row.path, row.line, "entry_area", "a reinforcement needs its entry area")
