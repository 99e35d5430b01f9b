"""Write the Korsun 1944 (WB-95) checker's test logs with the real VASSAL engine.

Each ``<name>.json`` here is an ``oracle write`` script written by scenarios.py (k44-combat's
scripts sit beside them), played on a freshly built Korsun 1944 module (its default set-up,
"Korsuń 1944"); the engine writes ``<name>.vlog``. The tests (tests/rules/wb95/test_engine_logs.py
and the combat tests) say what the checker must find in each log, and why. Run from the
repository root with the oracle set up:

    python tests/data/checks/korsun-1944/scenarios.py
    python tests/data/checks/korsun-1944/make_logs.py [--oracle PATH] [--engine 3.6|3.7] [NAME ...]

With names, only those logs are written again. ``--engine 3.7`` has VASSAL 3.7.26 write them, into
``3.7/``; the checker must give the same verdicts on them.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from oracle_write import write_logs  # noqa: E402

if __name__ == "__main__":
    write_logs("korsun-1944", HERE, __doc__)
