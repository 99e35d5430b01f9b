"""Loading ``charts/``: the combat results table and the terrain effects chart."""

from __future__ import annotations

import re
from pathlib import Path

from vmodgen.engine.model import fields
from vmodgen.engine.model.charts import TERRAIN_KINDS, CombatResultsTable, TerrainChart, TerrainType
from vmodgen.engine.model.errors import ErrorLog
from vmodgen.engine.model.provenance import BadProvenance, Provenance
from vmodgen.engine.model.tables import read_csv, read_toml, toml_line

RESULT_PATTERN = re.compile(r"^(?:[-0-9A-Za-z]+/[-0-9A-Za-z]+|[A-Za-z]+|-)$")
COLOR_PATTERN = re.compile(r"^#[0-9a-fA-F]{6}$")


def load_crt(path: Path, log: ErrorLog) -> CombatResultsTable:
    rows = read_csv(path, ("die", "source"), log)
    if not rows:
        return CombatResultsTable((), {}, {})
    columns = tuple(c for c in rows[0].fields if c not in ("die", "source"))
    results: dict[int, tuple[str, ...]] = {}
    sources: dict[int, Provenance] = {}
    for row in rows:
        die = fields.integer(row, "die", log)
        if die is None:
            log.add(row.path, row.line, "die", "missing die roll")
            continue
        if die in results:
            log.add(row.path, row.line, "die", f"die roll {die} listed twice")
            continue
        cells = []
        for column in columns:
            cell = row.get(column)
            if not RESULT_PATTERN.match(cell):
                log.add(row.path, row.line, column, f"{cell!r} is not a result like '1/-', '-/E' or 'eng'")
            cells.append(cell)
        results[die] = tuple(cells)
        sources[die] = fields.source(row, "source", log)
    return CombatResultsTable(columns, results, sources)


def load_terrain(path: Path, log: ErrorLog) -> TerrainChart:
    doc, text = read_toml(path, log)
    table = doc.get("terrain", {})
    if not isinstance(table, dict):
        log.add(path, toml_line(text, "", "terrain"), "terrain", "should be tables [terrain.<name>]")
        table = {}
    if doc and not table:
        log.add(path, 0, "terrain", "no [terrain.<name>] tables")
    types: dict[str, TerrainType] = {}
    for name, entry in table.items():
        line = toml_line(text, f"terrain.{name}")
        if not isinstance(entry, dict):
            log.add(path, line, name, "should be a table")
            continue
        kind = entry.get("kind")
        if kind not in TERRAIN_KINDS:
            log.add(path, toml_line(text, f"terrain.{name}", "kind"), f"{name}.kind",
                    f"{kind!r} should be one of {', '.join(TERRAIN_KINDS)}")
            continue
        color = entry.get("color", "")
        if color and not COLOR_PATTERN.match(str(color)):
            log.add(path, toml_line(text, f"terrain.{name}", "color"), f"{name}.color",
                    f"{color!r} is not a #rrggbb colour")
        try:
            source = Provenance.parse(str(entry.get("source", "")))
        except BadProvenance as error:
            log.add(path, toml_line(text, f"terrain.{name}", "source"), f"{name}.source", str(error))
            source = fields.UNKNOWN
        effects = {k: v for k, v in entry.items() if k not in ("kind", "color", "source")}
        types[name] = TerrainType(name, kind, effects, str(color), source)
    return TerrainChart(types)
