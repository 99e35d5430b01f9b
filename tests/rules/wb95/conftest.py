"""What the tests on Korsun 1944's engine-written logs share: the module built once, a games
folder with the TEST owner values (tests/data/korsun-1944-test-values: test data, not the real
counters), and the check of one log as one engine wrote it."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report
from vmodgen.engine.check.runner import check_logs

REPO = Path(__file__).resolve().parents[3]
GAME = REPO / "games" / "korsun-1944"
LOGS = REPO / "tests" / "data" / "checks" / "korsun-1944"
TEST_VALUES = REPO / "tests" / "data" / "korsun-1944-test-values" / "owner-values.csv"
WRITERS = ["3.6", "3.7"]


@pytest.fixture(scope="session")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(GAME)


@pytest.fixture(scope="session")
def with_values(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games folder whose Korsun 1944 has the TEST owner values."""
    games = tmp_path_factory.mktemp("games")
    shutil.copytree(GAME, games / GAME.name)
    shutil.copy(TEST_VALUES, games / GAME.name / "owner-values.csv")
    return games


def check(module: Path, name: str, writer: str, games: Path | None = None) -> Report:
    """The report on ``name``'s log as the ``writer`` engine wrote it (3.7's in ``3.7/``)."""
    folder = LOGS if writer == "3.6" else LOGS / writer
    return check_logs([folder / f"{name}.vlog"], module, games or REPO / "games")
