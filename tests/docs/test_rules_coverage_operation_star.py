"""docs/rules-coverage-operation-star.md names only tests that exist, and every case once."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TABLE = REPO / "docs" / "rules-coverage-operation-star.md"
TESTS = (*sorted((REPO / "tests" / "games").glob("test_operation_star*.py")),
         REPO / "tests" / "check" / "test_operation_star_checks.py")


def test_every_test_the_table_names_exists() -> None:
    named = set(re.findall(r"::(test_\w+)", TABLE.read_text(encoding="utf-8")))
    defined = {name for path in TESTS for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)}
    assert named and named <= defined, sorted(named - defined)


def test_each_case_is_listed_once_and_the_totals_add_up() -> None:
    text = TABLE.read_text(encoding="utf-8")
    cases = re.findall(r"^\| (OS [\d.]+) \| ([^|]+) \|", text, re.M)
    assert len({c for c, _ in cases}) == len(cases)
    total = re.search(r"^Totals: .*\((\d+) cases\)\.$", text, re.M)
    assert total is not None and int(total.group(1)) == len(cases)
