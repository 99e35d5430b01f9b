"""Parsing single fields of the data files, logging a ``file:line: field: problem`` error and
returning a neutral value on failure so that loading goes on and reports every problem."""

from __future__ import annotations

from typing import Any

from vmodgen.engine.hexes import BadHexName, Hex, HexLayout
from vmodgen.engine.model.errors import ErrorLog
from vmodgen.engine.model.provenance import BadProvenance, Provenance
from vmodgen.engine.model.tables import Row
from vmodgen.engine.model.values import NOT_APPLICABLE, Number

UNKNOWN = Provenance("unknown")


def source(row: Row, column: str, log: ErrorLog) -> Provenance:
    text = row.get(column)
    if not text:
        log.add(row.path, row.line, column, "no source: say where the values come from "
                "(rules: / geo: / reconstructed: / unknown)")
        return UNKNOWN
    try:
        return Provenance.parse(text)
    except BadProvenance as error:
        log.add(row.path, row.line, column, str(error))
        return UNKNOWN


def number(row: Row, column: str, log: ErrorLog, allow_na: bool = True) -> Number:
    """An integer, ``None`` for an empty (unknown) cell, NOT_APPLICABLE for ``-``."""
    text = row.get(column)
    if text == "":
        return None
    if text == "-" and allow_na:
        return NOT_APPLICABLE
    try:
        return int(text)
    except ValueError:
        log.add(row.path, row.line, column, f"{text!r} is not a whole number"
                + (" (use '-' for not applicable, empty for unknown)" if allow_na else ""))
        return None


def integer(row: Row, column: str, log: ErrorLog, minimum: int | None = None) -> int | None:
    text = row.get(column)
    if text == "":
        return None
    try:
        value = int(text)
    except ValueError:
        log.add(row.path, row.line, column, f"{text!r} is not a whole number")
        return None
    if minimum is not None and value < minimum:
        log.add(row.path, row.line, column, f"{value} is below the minimum {minimum}")
        return None
    return value


def hex_field(row: Row, column: str, layout: HexLayout, log: ErrorLog,
              text: str | None = None) -> Hex | None:
    """A hex name that must lie on the board."""
    raw = row.get(column) if text is None else text
    try:
        hex_ = layout.parse(raw)
    except BadHexName as error:
        log.add(row.path, row.line, column, str(error))
        return None
    if not layout.contains(hex_):
        log.add(row.path, row.line, column, f"hex {raw} is off the board "
                f"(columns {layout.first_col}-{layout.last_col}, rows {layout.first_row}-{layout.last_row})")
        return None
    return hex_


def choice(row: Row, column: str, allowed: tuple[str, ...] | set[str] | dict[str, Any],
           log: ErrorLog, what: str = "value") -> str:
    text = row.get(column)
    if text not in allowed:
        options = ", ".join(sorted(allowed))
        log.add(row.path, row.line, column, f"unknown {what} {text!r} (expected one of: {options})")
    return text


def flag(row: Row, column: str, log: ErrorLog) -> bool:
    text = row.get(column).lower()
    if text in ("", "no"):
        return False
    if text == "yes":
        return True
    log.add(row.path, row.line, column, f"{text!r} should be 'yes' or empty")
    return False
