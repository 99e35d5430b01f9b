"""The Panzergruppe Guderian rules coverage table (docs/rules-coverage-panzergruppe-guderian.md)
names only tests and engine logs that exist: a "checked" row is a claim, and its proof must be
there to run."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TABLE = REPO / "docs" / "rules-coverage-panzergruppe-guderian.md"
LOGS = REPO / "tests" / "data" / "checks" / "panzergruppe-guderian"
TESTS = [REPO / "tests" / "rules" / "pgg", REPO / "tests" / "games"]
TOKEN = re.compile(r"((?:tests/[\w/]+/)?test_\w+\.py)|::(test_\w+)|engine logs? `([a-z0-9-]+)`(?:, `([a-z0-9-]+)`)?")
STATUSES = ("checked", "checked where known", "not checkable from a log", "not yet")


def rows() -> list[str]:
    return [line for line in TABLE.read_text(encoding="utf-8").splitlines() if line.startswith("| PGG ")]


def _source(name: str) -> Path | None:
    if name.startswith("tests/"):
        return REPO / name
    return next((folder / name for folder in TESTS if (folder / name).exists()), None)


def test_every_case_row_has_a_status_the_table_explains() -> None:
    statuses = {line.split("|")[2].strip() for line in rows()}
    assert rows() and all(s.startswith(STATUSES) for s in statuses)


def test_every_test_and_log_a_row_names_exists() -> None:
    missing = []
    for line in rows():
        source: Path | None = None
        for path, test, *logs in TOKEN.findall(line.split("|")[3]):
            if path:
                source = _source(path)
                if source is None or not source.exists():
                    missing.append(path)
            elif test:
                if source is None or f"def {test}(" not in source.read_text(encoding="utf-8"):
                    missing.append(f"{source}::{test}")
            for log in filter(None, logs):
                if not (LOGS / f"{log}.vlog").exists() or not (LOGS / "3.7" / f"{log}.vlog").exists():
                    missing.append(f"{log}.vlog")
    assert missing == []
