"""Issue 12 item 1: the checker runs whatever family a game's data names, through the registry
alone: a family a test registers judges a Kiev log once the game data names it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.check.conftest import KIEV_LOGS, REPO
from tests.rules.test_families import Pulse, copy
from vmodgen.engine.check.runner import check_logs
from vmodgen.engine.rules.families import register, unregister
from vmodgen.engine.rules.family import RulesFamily


@pytest.fixture()
def pulse() -> Iterator[RulesFamily]:
    family = register(Pulse())
    yield family
    unregister(family.name)


def test_the_checker_runs_a_registered_family_without_knowing_it(tmp_path: Path, kiev_module: Path,
                                                                 pulse: RulesFamily) -> None:
    games = tmp_path / "games"
    games.mkdir()
    copy(REPO / "games" / "kiev", games, "pulse")
    report = check_logs([KIEV_LOGS / "rail-move.vlog"], kiev_module, games)
    assert [(f.rule, f.unit) for f in report.findings] == [("Pulse 1.1", "sov-xx-32-tank")]
