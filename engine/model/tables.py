"""Reading the data files while keeping line numbers, so errors can point at the line.

CSV: a header row, ``#`` comment lines and blank lines skipped. TOML: parsed with ``tomllib``,
which keeps no positions, so :func:`toml_line` finds the line of a key by scanning the text; the
data files are flat enough (tables, arrays of tables, ``key = value``) for that to be exact.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from vmodgen.engine.files import UnreadableFile, read_bounded
from vmodgen.engine.model.errors import ErrorLog
from vmodgen.engine.model.limits import MAX_CSV_FIELD, MAX_DATA_FILE, control_characters


@dataclass(frozen=True)
class Row:
    """One CSV data row: its fields by column name and its line number in the file."""

    path: Path
    line: int
    fields: dict[str, str]

    def get(self, name: str) -> str:
        return (self.fields.get(name) or "").strip()


def read_csv(path: Path, required: tuple[str, ...], log: ErrorLog) -> list[Row]:
    """The data rows of a CSV file; missing file or columns, over-long fields and control
    characters are logged (limits.py) and give no rows."""
    text = _read_text(path, log)
    if text is None:
        return []
    try:
        return _csv_rows(path, text, required, log)
    except csv.Error as error:
        log.add(path, 0, "", f"not valid CSV: {error}")
        return []


def _csv_rows(path: Path, text: str, required: tuple[str, ...], log: ErrorLog) -> list[Row]:
    lines = text.splitlines()
    numbered = [(n, line) for n, line in enumerate(lines, start=1)
                if line.strip() and not line.lstrip().startswith("#")]
    if not numbered:
        log.add(path, 1, "", "the file has no header row")
        return []
    header_line, header = numbered[0]
    columns = [c.strip() for c in next(csv.reader([header]))]
    missing = [c for c in required if c not in columns]
    if missing:
        log.add(path, header_line, ", ".join(missing), "missing column(s) in the header")
        return []
    rows = []
    for number, line in numbered[1:]:
        if len(line) > MAX_CSV_FIELD:
            log.add(path, number, "", f"the line is longer than {MAX_CSV_FIELD:,} characters")
            continue
        values = next(csv.reader(io.StringIO(line)), [])
        if len(values) != len(columns):
            log.add(path, number, "", f"{len(values)} fields where the header has {len(columns)}")
            continue
        row = Row(path, number, dict(zip(columns, values)))
        if not _control_free(row, log):
            continue
        rows.append(row)
    return rows


def _control_free(row: Row, log: ErrorLog) -> bool:
    clean = True
    for column, value in row.fields.items():
        found = control_characters(value)
        if found:
            log.add(row.path, row.line, column, f"holds control characters ({found})")
            clean = False
    return clean


def read_toml(path: Path, log: ErrorLog) -> tuple[dict[str, Any], str]:
    """The parsed TOML document and its text (for line look-ups); ``({}, "")`` on error."""
    text = _read_text(path, log)
    if text is None:
        return {}, ""
    try:
        doc = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as error:  # ValueError: ints over 4300 digits
        match = re.search(r"line (\d+)", str(error))
        log.add(path, int(match.group(1)) if match else 0, "", f"not valid TOML: {error}")
        return {}, ""
    _check_strings(doc, path, text, log, "", None)
    return doc, text


def _check_strings(value: Any, path: Path, text: str, log: ErrorLog, table: str, key: str | None,
                   index: int = 0) -> None:
    """Log every string of the document that holds a control character, at its key's line."""
    if isinstance(value, str):
        found = control_characters(value)
        if found:
            field = f"{table}.{key}" if table and key else key or table
            log.add(path, toml_line(text, table, key, index), field, f"holds control characters ({found})")
    elif isinstance(value, dict):
        for name, item in value.items():
            if isinstance(item, dict):
                _check_strings(item, path, text, log, f"{table}.{name}" if table else name, None)
            elif isinstance(item, list) and item and all(isinstance(i, dict) for i in item):
                for number, entry in enumerate(item):
                    _check_strings(entry, path, text, log, f"{table}.{name}" if table else name, None, number)
            else:
                _check_strings(item, path, text, log, table, name, index)
    elif isinstance(value, list):
        for item in value:
            _check_strings(item, path, text, log, table, key, index)


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"']+)\s*=")


def toml_line(text: str, table: str, key: str | None = None, index: int = 0) -> int:
    """Line (1-based) of ``key`` inside ``[table]`` (or the ``index``-th ``[[table]]``); the
    table's header line when the key is absent; 0 when the table is not found.

    >>> toml_line("a = 1\\n[t]\\nb = 2\\n[[u]]\\nc = 3\\n[[u]]\\nc = 4\\n", "u", "c", 1)
    7
    """
    header_line = 0
    for name, bracket, occurrence, number, keys in _toml_sections(text):
        if name != table or (bracket == "[[" and occurrence != index):
            continue
        if key is not None and key in keys:
            return keys[key]
        header_line = number
    return header_line


@lru_cache(maxsize=16)
def _toml_sections(text: str) -> tuple[tuple[str, str, int, int, dict[str, int]], ...]:
    """The document's sections in order, scanned once per text (a loader asks for the lines of
    dozens of keys): (table name, ``[`` or ``[[``, its occurrence, header line, first line of each
    key); the keys before the first header form a section named ``""`` at line 0."""
    sections = [("", "", 0, 0, {})]
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            name = header.group(2).replace('"', "")
            occurrence = seen[name] = seen.get(name, -1) + 1
            sections.append((name, header.group(1), occurrence, number, {}))
            continue
        match = _KEY.match(line)
        if match:
            sections[-1][4].setdefault(match.group(1).strip("\"'"), number)
    return tuple(sections)


def _read_text(path: Path, log: ErrorLog) -> str | None:
    """The file's text: a regular UTF-8 file of at most MAX_DATA_FILE bytes (else logged)."""
    if not path.exists() and not path.is_symlink():
        log.add(path, 0, "", "file not found")
        return None
    try:
        return read_bounded(path, MAX_DATA_FILE).decode("utf-8")
    except UnreadableFile as error:
        log.add(path, 0, "", str(error))
    except UnicodeDecodeError as error:
        log.add(path, 0, "", f"not UTF-8 text ({error.reason} at byte {error.start})")
    return None
