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
from pathlib import Path
from typing import Any

from vmodgen.engine.model.errors import ErrorLog


@dataclass(frozen=True)
class Row:
    """One CSV data row: its fields by column name and its line number in the file."""

    path: Path
    line: int
    fields: dict[str, str]

    def get(self, name: str) -> str:
        return (self.fields.get(name) or "").strip()


def read_csv(path: Path, required: tuple[str, ...], log: ErrorLog) -> list[Row]:
    """The data rows of a CSV file; missing file or columns are logged and give no rows."""
    text = _read_text(path, log)
    if text is None:
        return []
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
        values = next(csv.reader(io.StringIO(line)))
        if len(values) != len(columns):
            log.add(path, number, "", f"{len(values)} fields where the header has {len(columns)}")
            continue
        rows.append(Row(path, number, dict(zip(columns, values))))
    return rows


def read_toml(path: Path, log: ErrorLog) -> tuple[dict[str, Any], str]:
    """The parsed TOML document and its text (for line look-ups); ``({}, "")`` on error."""
    text = _read_text(path, log)
    if text is None:
        return {}, ""
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        log.add(path, int(match.group(1)) if match else 0, "", f"not valid TOML: {error}")
        return {}, ""


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"']+)\s*=")


def toml_line(text: str, table: str, key: str | None = None, index: int = 0) -> int:
    """Line (1-based) of ``key`` inside ``[table]`` (or the ``index``-th ``[[table]]``); the
    table's header line when the key is absent; 0 when the table is not found."""
    current = ""
    seen: dict[str, int] = {}
    header_line = 0
    in_target = table == ""
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            current = header.group(2).replace('"', "")
            occurrence = seen.get(current, -1) + 1
            seen[current] = occurrence
            in_target = current == table and (header.group(1) == "[" or occurrence == index)
            if in_target:
                header_line = number
            continue
        if in_target and key is not None:
            match = _KEY.match(line)
            if match and match.group(1).strip("\"'") == key:
                return number
    return header_line


def _read_text(path: Path, log: ErrorLog) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        log.add(path, 0, "", "file not found")
    except UnicodeDecodeError as error:
        log.add(path, 0, "", f"not UTF-8 text ({error.reason} at byte {error.start})")
    except OSError as error:
        log.add(path, 0, "", f"cannot read: {error.strerror}")
    return None
