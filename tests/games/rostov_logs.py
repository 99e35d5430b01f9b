"""What the tests of Rostov's engine-written logs share: where the logs are (3.6 in
tests/data/checks/rostov, 3.7 in its 3.7/), the module they are checked with (built once per test
module), and the check of one log."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report
from vmodgen.engine.check.runner import check_logs

ROSTOV = Path(__file__).resolve().parents[2] / "games" / "rostov"
LOGS = Path(__file__).resolve().parents[1] / "data" / "checks" / "rostov"
WRITERS = ["3.6", "3.7"]
SET_UP_NOTE = "Rostov 18.1"      # HQs, a supply counter and pool units placed on hexes the text does not give


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(ROSTOV)


def check_log(module: Path, name: str, writer: str) -> Report:
    """The report on log ``name`` as VASSAL ``writer`` wrote it."""
    folder = LOGS if writer == "3.6" else LOGS / writer
    return check_logs([folder / f"{name}.vlog"], module, ROSTOV.parent)


def assert_clean(report: Report) -> None:
    """No finding, and nothing not checked but the set-up hexes the book does not give."""
    assert report.findings == []
    assert [n.rule for n in report.not_checked if n.rule != SET_UP_NOTE] == []
