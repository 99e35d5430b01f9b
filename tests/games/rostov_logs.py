"""What the tests of Rostov's engine-written logs share (tests/data/checks/rostov, 3.7 copies in its
3.7/): the module fixture, the check of one log, and what a clean report is on Rostov, whose set-up
places some counters on hexes the book does not give."""

from __future__ import annotations

from vmodgen.engine.check.report import Report

from tests.games.engine_logs import WRITERS, EngineLogs  # noqa: F401 (WRITERS: for the test files)

LOGS = EngineLogs("rostov")
ROSTOV = LOGS.game_dir
SET_UP_NOTE = "Rostov 18.1"      # HQs, a supply counter and pool units placed on hexes the text does not give

module = LOGS.module_fixture()
check_log = LOGS.check


def assert_clean(report: Report) -> None:
    """No finding, and nothing not checked but the set-up hexes the book does not give."""
    assert report.findings == []
    assert [n.rule for n in report.not_checked if n.rule != SET_UP_NOTE] == []
