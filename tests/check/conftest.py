"""The Kiev module, built once per test session for every checker test (building takes seconds)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report
from vmodgen.engine.check.runner import check_logs

REPO = Path(__file__).resolve().parents[2]
KIEV_LOGS = REPO / "tests" / "data" / "checks" / "kiev"
SAVES = REPO / "tests" / "data" / "checks" / "tournament"
OTHER_MODULE_LOG = REPO / "tests" / "data" / "logs" / "basic.vlog"    # played with oracle-test.vmod


@pytest.fixture(scope="session")
def kiev_module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(REPO / "games" / "kiev")


@pytest.fixture(scope="session")
def module(kiev_module: Path) -> Path:
    """The module a test file's logs were played with (the Kiev module unless the file says otherwise)."""
    return kiev_module


def check_kiev_log(module: Path, name: str) -> Report:
    """The report on ``tests/data/checks/kiev/<name>.vlog`` (checked with the repository's data)."""
    return check_logs([KIEV_LOGS / f"{name}.vlog"], module, REPO / "games")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: builds a wheel and a virtual environment (about half a minute); "
                                       "runs in the suite, deselect with -m 'not slow'")
