"""What the tests of Panzergruppe Guderian's engine-written logs after the first Soviet Movement
Phase share: the module fixture, the check of one log, and the findings of the phases after that
first one (the oracle cannot play it to its end legally: see test_pgg_checks.py)."""

from __future__ import annotations

from vmodgen.engine.check.report import Report

from tests.games.engine_logs import WRITERS, EngineLogs  # noqa: F401 (WRITERS: for the test files)

LOGS = EngineLogs("panzergruppe-guderian")
module = LOGS.module_fixture()
check = LOGS.check


def german(report: Report) -> list[tuple[str | None, str, int, str, str]]:
    """(unit, case, step, hexes) of the findings outside the Soviet Movement Phases."""
    return [(f.unit, f.rule, f.step, f.origin, f.destination) for f in report.findings if f.phase != "Soviet Movement"]
