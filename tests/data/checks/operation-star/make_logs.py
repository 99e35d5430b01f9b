"""Write the Operation Star checker's test logs with the real VASSAL engine.

Each ``<name>.json`` here is an ``oracle write`` script (written by hand: a few moves each),
played on a freshly built Operation Star module; the engine writes ``<name>.vlog``. The tests
(tests/check/test_operation_star_checks.py; tests/games/test_operation_star.py for the Soviet
modes, thaw, 19.8 and 19.12 logs; tests/games/test_operation_star_logs.py for rail capacity, minor
rivers, German supply, divisional integrity and retreats) say what the checker must find in each log, and why. Run from the repository root with the oracle set up:

    python tests/data/checks/operation-star/make_logs.py [--oracle PATH] [--engine 3.6|3.7] [NAME ...]

With names, only those logs are written again. ``--engine 3.7`` has VASSAL 3.7.26 (the oracle's
``ORACLE_ENGINE=3.7``, what players run today) write them, into ``3.7/``; the tests check both.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from oracle_write import write_logs  # noqa: E402

if __name__ == "__main__":
    write_logs("operation-star", HERE, __doc__)
