"""Write the Rostov checker's test logs with the real VASSAL engine.

Each ``<name>.json`` here is an ``oracle write`` script (written by hand) played on a freshly
built Rostov module;
the engine writes ``<name>.vlog``. The tests (tests/games/test_rostov.py) say what the
checker must find in each log, and why. Run from the repository root with the oracle set up:

    python tests/data/checks/rostov/make_logs.py [--oracle PATH] [--engine 3.6|3.7] [NAME ...]

With names, only those logs are written again. ``--engine 3.7`` has VASSAL 3.7.26 (the oracle's
``ORACLE_ENGINE=3.7``, what players run today) write them, into ``3.7/``; the checker must give
the same verdicts on them.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from oracle_write import write_logs  # noqa: E402

if __name__ == "__main__":
    write_logs("rostov", HERE, __doc__)
