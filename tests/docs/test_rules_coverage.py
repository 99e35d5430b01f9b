"""The rules coverage table (docs/rules-coverage-kiev.md) names only tests and logs that exist:
a "checked" row is a claim, and its proof must be there to run."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TABLE = REPO / "docs" / "rules-coverage-kiev.md"
LOGS = [REPO / "tests" / "data" / "checks" / "kiev" / sub for sub in ("", "random", "audit")]
TOKEN = re.compile(r"(tests/[\w/]+\.py)|::(test_\w+)|\b([a-z0-9]+(?:-[a-z0-9]+)+)\b")


def rows() -> list[str]:
    return [line for line in TABLE.read_text(encoding="utf-8").splitlines() if re.match(r"\| (AGS|Kiev) ", line)]


def test_every_case_row_has_a_status_the_table_explains() -> None:
    statuses = {line.split("|")[2].strip() for line in rows()}
    assert statuses <= {"checked", "checked where known", "not checkable from a log", "not yet", "heading"}


def test_every_test_and_log_a_row_names_exists() -> None:
    missing = []
    for line in rows():
        source: Path | None = None
        for path, test, log in TOKEN.findall(line.split("|")[3]):
            if path:
                source = REPO / path
                if not source.exists():
                    missing.append(path)
            elif test:
                if source is None or f"def {test}(" not in source.read_text(encoding="utf-8"):
                    missing.append(f"{source}::{test}")
            elif log and source is not None and source.name.startswith(("test_kiev", "test_random")):
                if not any((folder / f"{log}.vlog").exists() for folder in LOGS):
                    missing.append(f"{log}.vlog")
    assert missing == []
