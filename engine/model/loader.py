"""Load one game's data folder into a checked :class:`Game`.

Every problem in every file is collected and reported together, each as
``file:line: field: problem``; a game with any error is not returned. The rules family the
game's ``system`` names (``engine.rules.families``) supplies the vocabulary its phases and unit
types are checked against, and validates the loaded game; a ``system`` no family answers to is
an error.

>>> game = load_game(Path("games/kiev"))          # doctest: +SKIP
>>> game.counter("sov-hq-agsw").leadership         # doctest: +SKIP
8
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

from vmodgen.engine.model import fields
from vmodgen.engine.model.errors import ErrorLog
from vmodgen.engine.model.limits import valid_game_id
from vmodgen.engine.model.game import Game, Phase, Reinforcement, Side
from vmodgen.engine.model.load_charts import load_crt, load_terrain
from vmodgen.engine.model.load_map import load_grid, load_map
from vmodgen.engine.model.load_scenarios import load_scenarios
from vmodgen.engine.model.owner_values import FILE as OWNER_VALUES, apply_owner_values
from vmodgen.engine.model.play_aids import load_dice, load_markers
from vmodgen.engine.model.load_units import load_units
from vmodgen.engine.model.provenance import BadProvenance, Provenance
from vmodgen.engine.model.tables import Row, read_csv, read_toml, toml_line
from vmodgen.engine.model.units import UnitGroup, UnitType
from vmodgen.engine.model.values import Param, Sourced
from vmodgen.engine.rules.family import RulesFamily
from vmodgen.engine.rules.families import UnknownFamily, find_family

#: how a reinforcement row's entry area is chosen (reinforcements.csv ``areas_by``)
AREAS_BY = ("choice", "die")
DIE_FACES = 6


class _TomlReader:
    """Typed access to one TOML document that logs errors at the right line."""

    def __init__(self, path: Path, log: ErrorLog) -> None:
        self.path = path
        self.log = log
        self.doc, self.text = read_toml(path, log)

    def error(self, table: str, key: str | None, field: str, problem: str, index: int = 0) -> None:
        self.log.add(self.path, toml_line(self.text, table, key, index), field, problem)

    def source(self, value: Any, table: str, key: str, field: str, index: int = 0) -> Provenance:
        if not isinstance(value, str):
            self.error(table, key, field, "missing: say where the value comes from", index)
            return fields.UNKNOWN
        try:
            return Provenance.parse(value)
        except BadProvenance as error:
            self.error(table, key, field, str(error), index)
            return fields.UNKNOWN

    def tables(self, key: str) -> list[tuple[int, dict[str, Any]]]:
        """The ``[[key]]`` array of tables, with each table's index; other shapes are logged."""
        value = self.doc.get(key, [])
        if not isinstance(value, list):
            self.error("", key, key, f"should be an array of tables ([[{key}]]), not {type(value).__name__}")
            return []
        found = []
        for index, entry in enumerate(value):
            if isinstance(entry, dict):
                found.append((index, entry))
            else:
                self.error(key, None, key, f"entry {index + 1} should be a table, not {type(entry).__name__}", index)
        return found

    def table(self, key: str) -> dict[str, Any]:
        """The ``[key]`` table; another shape is logged and read as empty."""
        value = self.doc.get(key, {})
        if not isinstance(value, dict):
            self.error("", key, key, f"should be a table ([{key}]), not {type(value).__name__}")
            return {}
        return value

    def subtables(self, key: str) -> list[tuple[str, dict[str, Any]]]:
        """The ``[key.<name>]`` tables by name; entries of another shape are logged."""
        found = []
        for name, entry in self.table(key).items():
            if isinstance(entry, dict):
                found.append((name, entry))
            else:
                self.error(key, name, f"{key}.{name}", f"should be a table ([{key}.{name}])")
        return found

    def string(self, key: str, default: str) -> str:
        """A top-level string; another type is logged."""
        value = self.doc.get(key, default)
        if not isinstance(value, str):
            self.error("", key, key, f"{value!r} should be a string")
            return default
        return value

    def sourced(self, key: str, kind: type | tuple[type, ...]) -> Sourced[Any]:
        entry = self.doc.get(key)
        if not isinstance(entry, dict) or "value" not in entry:
            self.error("", key, key, "missing: write it as { value = ..., source = \"...\" }")
            return Sourced(None, fields.UNKNOWN)
        value = entry["value"]
        if not isinstance(value, kind) or isinstance(value, bool):
            self.error("", key, key, f"{value!r} should be a number")
        return Sourced(value, self.source(entry.get("source"), "", key, f"{key}.source"))


def load_game(folder: Path) -> Game:
    """Read and check ``games/<id>/``; raises GameDataError listing every problem."""
    log = ErrorLog()
    toml = _TomlReader(folder / "game.toml", log)
    doc = toml.doc
    system = toml.string("system", "")
    family = _family(toml, system)
    sides = _sides(toml)
    side_names = [s.name for s in sides]
    unit_types = _unit_types(toml, family)
    unit_groups = _unit_groups(toml, unit_types)
    turns = toml.sourced("turns", int)
    game_id = toml.string("id", folder.name)
    if doc and game_id and not valid_game_id(game_id):
        toml.error("", "id", "id", f"{game_id!r} is not a game id: lower-case letters, digits and '-' only, "
                                   "at most 64 (it names the module file)")
    game_fields = dict(
        id=game_id, title=toml.string("title", ""),
        version=toml.string("version", "1.0"),
        system=system, folder=folder, turns=turns,
        km_per_hex=toml.sourced("km_per_hex", (int, float)),
        days_per_turn=toml.sourced("days_per_turn", (int, float)),
        sides=sides, phases=_phases(toml, side_names, family), unit_types=unit_types, unit_groups=unit_groups,
        rules=_rules(toml), crt_rules=_crt_rules(toml), player_notes=_player_notes(toml),
        start_date=_optional_date(toml, "start_date"),
        turn_marker=toml.sourced("turn_marker", str) if doc and "turn_marker" in doc else None,
        dice=load_dice(toml), markers=load_markers(toml, family.markers if family is not None else (), side_names),
    )
    for key in ("id", "title", "system"):
        if doc and not doc.get(key):
            toml.error("", key, key, "missing")
    terrain = load_terrain(folder / "charts" / "terrain.toml", log)
    crt = load_crt(folder / "charts" / "crt.csv", log)
    _check_own_tables(folder / "charts", log)
    grid = load_grid(folder, log)
    if grid is None:
        log.raise_if_any()
        raise AssertionError("load_grid returns None only after logging an error")
    game_map = load_map(folder, grid, terrain, side_names, log)
    total_turns = turns.value if isinstance(turns.value, int) and not isinstance(turns.value, bool) else None
    entry_areas = {a.name for a in game_map.areas if a.purpose == "entry"}
    counters = load_units(folder / "units.csv", side_names, unit_types, game_map.layout,
                          total_turns, entry_areas, log)
    counters = apply_owner_values(folder / OWNER_VALUES, counters, log)
    reinforcements = _reinforcements(folder / "reinforcements.csv", side_names, set(unit_types) | set(unit_groups),
                                     {c.id for c in counters}, total_turns, entry_areas, log)
    victory = _TomlReader(folder / "victory.toml", log).doc
    scenarios = load_scenarios(folder, side_names, {c.id: (c.side, c.formation) for c in counters}, game_map.layout, entry_areas,
                               family.markers if family is not None else (), log)
    log.raise_if_any()
    game = Game(counters=counters, map=game_map, crt=crt, terrain=terrain,
                reinforcements=reinforcements, victory=victory, scenarios=scenarios, **game_fields)
    if family is not None:
        for problem in family.validate(game):
            if problem.file == toml.path.name:
                toml.error(problem.table, problem.key, problem.field, problem.problem)
            else:
                log.add(folder / problem.file, 0, problem.field, problem.problem)
        log.raise_if_any()
    return game


def _family(toml: _TomlReader, system: str) -> RulesFamily | None:
    """The rules family ``system`` names; None (after logging why) when none answers to it."""
    if not system:
        return None
    try:
        return find_family(system)
    except UnknownFamily as error:
        toml.error("", "system", "system", str(error))
        return None


def _sides(toml: _TomlReader) -> tuple[Side, ...]:
    sides = []
    for index, entry in toml.tables("sides"):
        name = entry.get("name")
        if not isinstance(name, str) or not name:
            toml.error("sides", "name", "sides.name", "missing", index)
            continue
        source = toml.source(entry.get("source"), "sides", "source", "sides.source", index)
        one_strength = entry.get("one_strength", False)
        if not isinstance(one_strength, bool):
            toml.error("sides", "one_strength", "sides.one_strength", f"{one_strength!r} should be true or false", index)
        sides.append(Side(name, str(entry.get("color", "#808080")), source, one_strength is True))
    if toml.doc and not sides:
        toml.error("", None, "sides", "no [[sides]]")
    return tuple(sides)


def _phases(toml: _TomlReader, sides: list[str], family: RulesFamily | None) -> tuple[Phase, ...]:
    phases = []
    for index, entry in toml.tables("phases"):
        name, side, kind = entry.get("name"), entry.get("side", ""), entry.get("kind")
        if not name or not kind or not all(isinstance(v, str) for v in (name, side, kind)):
            toml.error("phases", None, "phases", "a phase needs a name and a kind (strings)", index)
            continue
        if side and side not in sides:
            toml.error("phases", "side", "phases.side", f"unknown side {side!r}", index)
        if family is not None and family.phase_kind(kind) is None:
            toml.error("phases", "kind", "phases.kind", f"{kind!r} is not a phase kind of the {family.name} rules "
                                                        f"({', '.join(k.name for k in family.phase_kinds)})", index)
        source = toml.source(entry.get("source"), "phases", "source", "phases.source", index)
        phases.append(Phase(name, side, kind, source))
    if toml.doc and not phases:
        toml.error("", None, "phases", "no [[phases]]: the sequence of play is needed")
    return tuple(phases)


def _unit_types(toml: _TomlReader, family: RulesFamily | None) -> dict[str, UnitType]:
    found = {}
    for name, entry in toml.subtables("unit_types"):
        table = f"unit_types.{name}"
        unit_class, movement_class = entry.get("class"), entry.get("movement_class")
        if family is not None:
            _check_classes(toml, table, family, unit_class, movement_class)
        source = toml.source(entry.get("source"), table, "source", f"{table}.source")
        color = str(entry.get("color", ""))
        if color and not re.match(r"^#[0-9a-fA-F]{6}$", color):
            toml.error(table, "color", f"{table}.color", f"{color!r} is not a #rrggbb colour")
        found[name] = UnitType(name, str(unit_class), str(movement_class or ""),
                               bool(entry.get("uses_roads", False)), str(entry.get("symbol", "")), source, color,
                               str(entry.get("front_label", "")), str(entry.get("back_label", "")),
                               str(entry.get("back_symbol", "")))
    return found


def _check_classes(toml: _TomlReader, table: str, family: RulesFamily, unit_class: Any, movement_class: Any) -> None:
    """A unit type's class and terrain-chart column, in the family's vocabulary."""
    known = family.unit_class(unit_class) if isinstance(unit_class, str) else None
    if known is None:
        toml.error(table, "class", f"{table}.class",
                   f"{unit_class!r} should be one of {', '.join(c.name for c in family.unit_classes)}")
    if (known is None or known.moves) and movement_class not in family.movement_classes:
        toml.error(table, "movement_class", f"{table}.movement_class",
                   f"{movement_class!r} should be one of {', '.join(family.movement_classes)}")


def _unit_groups(toml: _TomlReader, unit_types: dict[str, UnitType]) -> dict[str, UnitGroup]:
    found = {}
    for name, entry in toml.subtables("unit_groups"):
        table = f"unit_groups.{name}"
        types = entry.get("types")
        if not isinstance(types, list) or not types or not all(isinstance(t, str) for t in types):
            toml.error(table, "types", f"{table}.types", "should be a list of unit types")
            continue
        for type_name in types:
            if type_name not in unit_types:
                toml.error(table, "types", f"{table}.types", f"unknown unit type {type_name!r}")
        source = toml.source(entry.get("source"), table, "source", f"{table}.source")
        found[name] = UnitGroup(name, tuple(types), source, str(entry.get("one", "")), str(entry.get("many", "")))
    return found


def _rules(toml: _TomlReader) -> dict[str, Param]:
    params = {}
    for name, entry in toml.table("rules").items():
        table = f"rules.{name}"
        if not isinstance(entry, dict) or "value" not in entry:
            toml.error("rules", name, table, "write it as { value = ..., source = \"...\" }")
            continue
        line_key = name if toml_line(toml.text, "rules", name) else "source"
        source = toml.source(entry.get("source"), table if line_key == "source" else "rules",
                             line_key, f"{table}.source")
        params[name] = Param(name, entry["value"], source)
    return params


def _optional_date(toml: _TomlReader, key: str) -> Sourced[str] | None:
    """An optional ``{ value = "YYYY-MM-DD", source = ... }`` (the turn track prints dates from it)."""
    if not toml.doc or key not in toml.doc:
        return None
    found = toml.sourced(key, str)
    try:
        date.fromisoformat(str(found.value))
    except ValueError:
        toml.error("", key, key, f"{found.value!r} is not a date (YYYY-MM-DD)")
    return found


def _player_notes(toml: _TomlReader) -> tuple[str, ...]:
    notes = []
    for index, entry in toml.tables("player_notes"):
        text = entry.get("text") if isinstance(entry, dict) else None
        if not isinstance(text, str) or not text:
            toml.error("player_notes", "text", "player_notes.text", "missing", index)
            continue
        toml.source(entry.get("source"), "player_notes", "source", "player_notes.source", index)
        notes.append(text)
    return tuple(notes)


def _crt_rules(toml: _TomlReader) -> dict[str, Any]:
    crt = toml.table("crt")
    if toml.doc and not crt:
        toml.error("", None, "crt", "no [crt] table saying how to read charts/crt.csv")
    return dict(crt)


def _reinforcements(path: Path, sides: list[str], kinds: set[str],
                    counter_ids: set[str], turns: int | None, entry_areas: set[str],
                    log: ErrorLog) -> tuple[Reinforcement, ...]:
    if not path.exists():
        return ()
    found = []
    for row in read_csv(path, ("turn", "side", "type", "count", "areas", "source"), log):
        turn = fields.integer(row, "turn", log, minimum=1)
        count = fields.integer(row, "count", log, minimum=1)
        fields.choice(row, "side", sides, log, "side")
        if row.get("type") not in kinds and row.get("type") not in counter_ids:
            log.add(row.path, row.line, "type",
                    f"{row.get('type')!r} is neither a unit type, a unit group nor a counter id")
        if turn is not None and turns is not None and turn > turns:
            log.add(row.path, row.line, "turn", f"turn {turn} is after the last turn ({turns})")
        for area in row.get("areas").split():
            if area not in entry_areas:
                log.add(row.path, row.line, "areas", f"entry area {area!r} is not in map/areas.csv")
        source = fields.source(row, "source", log)
        areas_by = _areas_by(row, log)
        optional = fields.flag(row, "optional", log)
        if turn is None or count is None:
            continue
        found.append(Reinforcement(turn, row.get("side"), row.get("type"), count,
                                   tuple(row.get("areas").split()), source, areas_by, optional))
    return tuple(found)


def _areas_by(row: Row, log: ErrorLog) -> str:
    """How the entry area is chosen: ``choice`` (any listed area, the default), or ``die`` (a 1d6
    roll of n names the n-th area, so six areas are listed: PGG 14.11)."""
    areas_by = row.get("areas_by") or "choice"
    if areas_by not in AREAS_BY:
        log.add(row.path, row.line, "areas_by", f"{areas_by!r} should be one of {', '.join(AREAS_BY)}")
        return "choice"
    if areas_by == "die" and len(row.get("areas").split()) != DIE_FACES:
        log.add(row.path, row.line, "areas", f"a die names one of {DIE_FACES} areas: list {DIE_FACES}, "
                                             "in the order of the rolls")
    return areas_by



def _check_own_tables(charts: Path, log: ErrorLog) -> None:
    """The game's own tables (charts/*.csv besides the CRT: Rostov's 21.3 and 20.34): well-formed
    CSV with a source on every row, so that the module's chart window can print them."""
    for path in sorted(charts.glob("*.csv")):
        if path.name == "crt.csv":
            continue
        for row in read_csv(path, ("source",), log):
            try:
                Provenance.parse(row.get("source"))
            except BadProvenance as error:
                log.add(row.path, row.line, "source", str(error))
