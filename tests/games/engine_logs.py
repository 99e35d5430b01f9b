"""What the tests of a game's engine-written logs share: where the logs are (3.6 in
``tests/data/checks/<game>[/<folder>]``, 3.7 in its ``3.7/``), the game's module (built once per
session by ``game_module`` in tests/conftest.py) and the check of one log as one engine wrote it.

>>> EngineLogs("rostov").log("legal-game", "3.7").relative_to(REPO).as_posix()
'tests/data/checks/rostov/3.7/legal-game.vlog'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from vmodgen.engine.check.report import Report
from vmodgen.engine.check.runner import check_logs

REPO = Path(__file__).resolve().parents[2]
WRITERS = ["3.6", "3.7"]        # the engines that wrote each log: 3.6 beside its script, 3.7 in 3.7/


@dataclass(frozen=True)
class EngineLogs:
    """The engine-written logs of one game, in one folder of ``tests/data/checks/<game>``."""

    game: str
    folder: str = ""

    @property
    def game_dir(self) -> Path:
        return REPO / "games" / self.game

    def log(self, name: str, writer: str) -> Path:
        """Log ``name`` as VASSAL ``writer`` wrote it."""
        folder = REPO / "tests" / "data" / "checks" / self.game / self.folder
        return (folder if writer == "3.6" else folder / writer) / f"{name}.vlog"

    def check(self, module: Path, name: str, writer: str) -> Report:
        """The report on log ``name`` as VASSAL ``writer`` wrote it."""
        return check_logs([self.log(name, writer)], module, self.game_dir.parent)

    def module_fixture(self) -> Any:
        """A module-scoped ``module`` fixture: the game's module, to assign to ``module`` in a test file."""
        @pytest.fixture(scope="module")
        def module(game_module: Callable[[Path], Path]) -> Path:
            return game_module(self.game_dir)
        return module


def assert_clean(report: Report) -> None:
    """No finding (shown with its step, case, unit and message when there is one), no error, nothing
    not checked."""
    assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
    assert report.errors == []
    assert report.not_checked == []
