"""Write the Korsun German movement logs (Korsun 21.1, 21.2, 22.0) with the real VASSAL engine:
each ``<name>.json`` here (written by scenarios.py) is played on a freshly built Korsun module and
the engine writes ``<name>.vlog``. The tests (tests/games/test_korsun_german_movement.py) say what
the checker must find in each log, and why. Run from the repository root with the oracle set up:

    python tests/data/checks/korsun/german-movement/make_logs.py [--oracle PATH] [--engine 3.6|3.7] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from oracle_write import write_logs  # noqa: E402

if __name__ == "__main__":
    write_logs("korsun", HERE, __doc__)
