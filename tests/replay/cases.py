"""The logs the replay is checked on, each with the module it was played with.

Engine-written logs (``tests/data/logs``, made by ``make_logs.py`` with ``oracle write``) come
with the engine's own replay of them (``<log>.engine.json``). To check the reader on another
module, add one line to ``ENGINE_LOGS`` (e.g. logs written on ``build/kiev.vmod``, once that
module exists) and its ``.engine.json`` made the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "logs"
ORACLE_FIXTURES = REPO.parent / "shared" / "tools" / "oracle" / "fixtures"
TOUR = REPO.parent / "shared" / "fixtures" / "vassal-tour"


@dataclass(frozen=True)
class LogCase:
    """A log, the module it was played with, and the engine's replay of it."""

    log: Path
    module: Path

    @property
    def id(self) -> str:
        return self.log.name

    def engine(self) -> dict[str, Any]:
        """What ``oracle replay`` reported for this log (kept in ``tests/data/logs``)."""
        return json.loads((LOGS / f"{self.log.name}.engine.json").read_text())


ENGINE_LOGS = [
    LogCase(LOGS / "basic.vlog", ORACLE_FIXTURES / "oracle-test.vmod"),
    LogCase(LOGS / "pieces.vlog", ORACLE_FIXTURES / "oracle-test-actions.vmod"),
    LogCase(LOGS / "toolbar.vlog", ORACLE_FIXTURES / "oracle-test-actions.vmod"),
    LogCase(LOGS / "toolbar.vsav", ORACLE_FIXTURES / "oracle-test-actions.vmod"),
    LogCase(LOGS / "mixed.vlog", ORACLE_FIXTURES / "oracle-test-actions.vmod"),
    LogCase(LOGS / "sides.vlog", ORACLE_FIXTURES / "oracle-test-sides.vmod"),
    LogCase(LOGS / "twoboards.vlog", ORACLE_FIXTURES / "oracle-test-twoboards.vmod"),
    LogCase(LOGS / "twoboards-layout.vlog", ORACLE_FIXTURES / "oracle-test-twoboards.vmod"),
]

TOUR_LOG = LogCase(TOUR / "tour.log", TOUR / "tour.mod")
ALL_LOGS = [*ENGINE_LOGS, TOUR_LOG]
