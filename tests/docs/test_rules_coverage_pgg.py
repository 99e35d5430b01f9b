"""The Panzergruppe Guderian rules coverage table (docs/rules-coverage-panzergruppe-guderian.md)
names only tests and engine logs that exist: a "checked" row is a claim, and its proof must be
there to run."""

from __future__ import annotations

from pathlib import Path

from tests.docs.coverage_proofs import missing_proofs

REPO = Path(__file__).resolve().parents[2]
TABLE = REPO / "docs" / "rules-coverage-panzergruppe-guderian.md"
LOGS = REPO / "tests" / "data" / "checks" / "panzergruppe-guderian"
TESTS = [REPO / "tests" / "rules" / "pgg", REPO / "tests" / "games"]
STATUSES = ("checked", "checked where known", "not checkable from a log", "not yet")


def rows() -> list[str]:
    return [line for line in TABLE.read_text(encoding="utf-8").splitlines() if line.startswith("| PGG ")]


def test_every_case_row_has_a_status_the_table_explains() -> None:
    statuses = {line.split("|")[2].strip() for line in rows()}
    assert rows() and all(s.startswith(STATUSES) for s in statuses)


def test_every_test_and_log_a_row_names_exists() -> None:
    assert missing_proofs((line.split("|")[3] for line in rows()), TESTS, LOGS) == []
