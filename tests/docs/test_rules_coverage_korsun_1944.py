"""The Korsun 1944 rules coverage table (docs/rules-coverage-korsun-1944.md) names only tests and
engine logs that exist, and every case the checker's list knows: a "checked" row is a claim, and
its proof must be there to run."""

from __future__ import annotations

from pathlib import Path

from tests.docs.coverage_proofs import missing_proofs
from vmodgen.engine.rules.wb95.cases import CASES

REPO = Path(__file__).resolve().parents[2]
TABLE = REPO / "docs" / "rules-coverage-korsun-1944.md"
LOGS = REPO / "tests" / "data" / "checks" / "korsun-1944"
TESTS = [REPO / "tests" / "rules" / "wb95"]
STATUSES = ("checked", "checked where known", "not checkable from a log", "not yet")


def rows() -> list[list[str]]:
    return [[cell.strip() for cell in line.split("|")[1:-1]]
            for line in TABLE.read_text(encoding="utf-8").splitlines() if line.startswith("| WB95 ")]


def test_every_row_has_a_status_the_table_explains_and_every_case_a_row() -> None:
    assert rows() and all(row[2] in STATUSES for row in rows())
    assert {c.case for c in CASES} <= {row[0] for row in rows()}


def test_every_test_and_log_a_row_names_exists() -> None:
    assert missing_proofs((row[3] for row in rows()), TESTS, LOGS) == []
