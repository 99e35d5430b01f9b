"""The logs the replay is checked on, each with the module it was played with.

Engine-written logs (``tests/data/logs``) are made by ``tests/data/logs/make_logs.py`` with
``oracle write`` from the script named here, and come with the engine's own replay of them
(``<log>.engine.json``). To check the reader on another module, add one line to
``ENGINE_LOGS`` (e.g. ``LogCase(LOGS / "kiev-opening.vlog", REPO / "build" / "kiev.vmod",
"kiev-opening.json", game="kiev")``: a module of ours is built when missing), put the script
next to the logs and run ``make_logs.py``: every agreement test then covers it. Tests skip a case
whose module is absent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "logs"
ORACLE_FIXTURES = REPO / "tests" / "data" / "modules"
TOUR = REPO / "tests" / "data" / "vassal-tour"


@dataclass(frozen=True)
class LogCase:
    """A log, the module it was played with, and the script ``oracle write`` made it from
    (None for logs made otherwise)."""

    log: Path
    module: Path
    script: str | None = None
    game: str | None = None       # a module this repository builds (games/<game>), built when missing

    @property
    def id(self) -> str:
        return self.log.name

    def engine(self) -> dict[str, Any]:
        """What ``oracle replay`` reported for this log (kept in ``tests/data/logs``)."""
        return json.loads((LOGS / f"{self.log.name}.engine.json").read_text())

    def require(self) -> LogCase:
        """This case (building its module first when it is one of ours), or a pytest skip when
        its module or log is not there."""
        if self.game is not None and not self.module.exists():
            from vmodgen.build import build_game
            build_game(REPO / "games" / self.game, self.module.parent)
        for path in (self.module, self.log):
            if not path.exists():
                pytest.skip(f"{path} does not exist (build it to check {self.id})")
        return self


ENGINE_LOGS = [
    LogCase(LOGS / "basic.vlog", ORACLE_FIXTURES / "oracle-test.vmod", "basic.json"),
    LogCase(LOGS / "pieces.vlog", ORACLE_FIXTURES / "oracle-test-actions.vmod", "pieces.json"),
    LogCase(LOGS / "toolbar.vlog", ORACLE_FIXTURES / "oracle-test-actions.vmod", "toolbar.json"),
    LogCase(LOGS / "toolbar.vsav", ORACLE_FIXTURES / "oracle-test-actions.vmod", "toolbar.json"),
    LogCase(LOGS / "mixed.vlog", ORACLE_FIXTURES / "oracle-test-actions.vmod", "mixed.json"),
    LogCase(LOGS / "sides.vlog", ORACLE_FIXTURES / "oracle-test-sides.vmod", "sides.json"),
    LogCase(LOGS / "twoboards.vlog", ORACLE_FIXTURES / "oracle-test-twoboards.vmod", "twoboards.json"),
    # 60 random drags (single pieces, whole stacks, two-piece selections, off-grid drops), flips, undos
    LogCase(LOGS / "random-1.vlog", ORACLE_FIXTURES / "oracle-test-actions.vmod", "random-1.json"),
    LogCase(LOGS / "random-2.vlog", ORACLE_FIXTURES / "oracle-test-actions.vmod", "random-2.json"),
    LogCase(LOGS / "kiev-opening.vlog", REPO / "build" / "kiev.vmod", "kiev-opening.json", game="kiev"),
    # twoboards.vlog with its board layout edited (see make_logs.py); its replay is still the engine's
    LogCase(LOGS / "twoboards-layout.vlog", ORACLE_FIXTURES / "oracle-test-twoboards.vmod"),
]

TOUR_LOG = LogCase(TOUR / "tour.log", TOUR / "tour.mod")
ALL_LOGS = [*ENGINE_LOGS, TOUR_LOG]
