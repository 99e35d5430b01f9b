"""The logs the replay is checked on, each with the module it was played with.

Engine-written logs (``tests/data/logs``) are made by ``tests/data/logs/make_logs.py`` with
``oracle write`` from the script named here, and come with the engine's own replay of them
(``<log>.engine.json``). To check the reader on another module, add one line to
``ENGINE_LOGS`` (e.g. ``LogCase(LOGS / "kiev-opening.vlog", REPO / "build" / "kiev.vmod",
"kiev-opening.json", game="kiev")``: a module of ours is built when missing), put the script
next to the logs and run ``make_logs.py``: every agreement test then covers it. Tests skip a case
whose module is absent.

Each script is written by both engines the oracle runs: VASSAL 3.6 (``tests/data/logs``) and
VASSAL 3.7.26, what players run today (``tests/data/logs/3.7``, by ``make_logs.py --engine 3.7``,
with that engine's replays). 3.7 writes undos between ``UNDO`` markers, more trait fields,
``UniqueID`` and ``OldDeckName`` in piece states and map names in at-start states; the same tests
hold for both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from tests.oracle import ENGINES

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "logs"
ORACLE_FIXTURES = REPO / "tests" / "data" / "modules"
TOUR = REPO / "tests" / "data" / "vassal-tour"


@dataclass(frozen=True)
class LogCase:
    """A log, the module it was played with, and the script ``oracle write`` made it from
    (None for logs made otherwise), written and replayed by the oracle's ``engine_version``."""

    log: Path
    module: Path
    script: str | None = None
    game: str | None = None       # a module this repository builds (games/<game>), built when missing
    engine_version: str = ENGINES[0]

    @property
    def id(self) -> str:
        return self.log.name if self.engine_version == ENGINES[0] else f"{self.engine_version}/{self.log.name}"

    @property
    def replay_file(self) -> Path:
        """Where ``oracle replay``'s answer for this log is kept."""
        folder = LOGS if self.engine_version == ENGINES[0] else LOGS / self.engine_version
        return folder / f"{self.log.name}.engine.json"

    def engine(self) -> dict[str, Any]:
        """What ``oracle replay`` reported for this log (kept in ``tests/data/logs``)."""
        return json.loads(self.replay_file.read_text())

    def on(self, engine_version: str) -> LogCase:
        """The same script's log as written (and replayed) by another engine."""
        log = self.log if self.script is None and self.log.parent == TOUR else \
            LOGS / engine_version / self.log.name
        return replace(self, log=log, engine_version=engine_version)

    def build_module(self) -> None:
        """Build the module when it is one of ours and missing."""
        if self.game is not None and not self.module.exists():
            from vmodgen.build import build_game
            build_game(REPO / "games" / self.game, self.module.parent)

    def require(self) -> LogCase:
        """This case (building its module first when it is one of ours), or a pytest skip when
        its module or log is not there."""
        self.build_module()
        for path in (self.module, self.log):
            if not path.exists():
                pytest.skip(f"{path} does not exist (build it to check {self.id})")
        return self


ENGINE_LOGS_36 = [
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

ENGINE_LOGS = [*ENGINE_LOGS_36, *(case.on(engine) for engine in ENGINES[1:] for case in ENGINE_LOGS_36)]

TOUR_LOG = LogCase(TOUR / "tour.log", TOUR / "tour.mod")
TOUR_LOGS = [TOUR_LOG.on(engine) for engine in ENGINES]    # VASSAL's own 2005 tour, replayed by each engine
ALL_LOGS = [*ENGINE_LOGS, *TOUR_LOGS]
