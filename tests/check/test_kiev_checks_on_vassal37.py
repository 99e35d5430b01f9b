"""The Kiev checker gives the same verdicts on logs written by VASSAL 3.7.26, what players run
today, as on the VASSAL 3.6 logs of the same scripts (tests/data/checks/kiev/3.7, written by
``make_logs.py --engine 3.7``): same findings with the same steps, units, cases and messages,
same not-checked list, no reader error. 3.7 writes undos between ``UNDO`` markers, gives every
piece a ``UniqueID``, names the map of at-start pieces and writes more trait fields."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from vmodgen.engine.check.runner import check_logs

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "checks" / "kiev"
LOGS_37 = LOGS / "3.7"
SCRIPTS = sorted(p.stem for p in LOGS.glob("*.json"))


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(REPO / "games" / "kiev")


def test_every_script_was_also_written_by_vassal_37() -> None:
    assert sorted(p.stem for p in LOGS_37.glob("*.vlog")) == SCRIPTS


# kiev-opening (tests/data/logs) has what the checker scripts lack: a die rolled and a move undone
PAIRS = [(LOGS / f"{name}.vlog", LOGS_37 / f"{name}.vlog") for name in SCRIPTS] + [
    (REPO / "tests" / "data" / "logs" / "kiev-opening.vlog", REPO / "tests" / "data" / "logs" / "3.7" / "kiev-opening.vlog")]


@pytest.mark.parametrize(("log_36", "log_37"), PAIRS, ids=[p.stem for p, _ in PAIRS])
def test_the_verdicts_on_the_37_log_are_those_on_the_36_log(module: Path, log_36: Path, log_37: Path) -> None:
    on_36 = check_logs([log_36], module, REPO / "games")
    on_37 = check_logs([log_37], module, REPO / "games")
    assert on_37.errors == []
    assert json.loads(on_37.to_json()) == json.loads(on_36.to_json())
    assert on_37.turns == on_36.turns
