"""The Korsun 1944 rules coverage table (docs/rules-coverage-korsun-1944.md) names only tests and
engine logs that exist, and every case the checker's list knows: a "checked" row is a claim, and
its proof must be there to run."""

from __future__ import annotations

import re
from pathlib import Path

from vmodgen.engine.rules.wb95.cases import CASES

REPO = Path(__file__).resolve().parents[2]
TABLE = REPO / "docs" / "rules-coverage-korsun-1944.md"
LOGS = REPO / "tests" / "data" / "checks" / "korsun-1944"
TESTS = [REPO / "tests" / "rules" / "wb95"]
TOKEN = re.compile(r"((?:tests/[\w/]+/)?test_\w+\.py)|::(test_\w+)|engine logs? `([a-z0-9-]+)`(?:, `([a-z0-9-]+)`)?")
STATUSES = ("checked", "checked where known", "not checkable from a log", "not yet")


def rows() -> list[list[str]]:
    return [[cell.strip() for cell in line.split("|")[1:-1]]
            for line in TABLE.read_text(encoding="utf-8").splitlines() if line.startswith("| WB95 ")]


def test_every_row_has_a_status_the_table_explains_and_every_case_a_row() -> None:
    assert rows() and all(row[2] in STATUSES for row in rows())
    assert {c.case for c in CASES} <= {row[0] for row in rows()}


def test_every_test_and_log_a_row_names_exists() -> None:
    missing = []
    for row in rows():
        source: Path | None = None
        for path, test, *logs in TOKEN.findall(row[3]):
            if path:
                source = next((folder / path for folder in TESTS if (folder / path).exists()), None)
                if source is None:
                    missing.append(path)
            elif test:
                if source is None or f"def {test}(" not in source.read_text(encoding="utf-8"):
                    missing.append(f"{source}::{test}")
            for log in filter(None, logs):
                if not (LOGS / f"{log}.vlog").exists() or not (LOGS / "3.7" / f"{log}.vlog").exists():
                    missing.append(f"{log}.vlog")
    assert missing == []
