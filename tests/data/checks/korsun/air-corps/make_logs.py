"""Write the Korsun Air Point, corps replacement and spread-division logs with the real VASSAL engine.

Each ``<name>.json`` here is an ``oracle write`` script written by scenarios.py (which says why
each is legal or not), played on a freshly built Korsun module; the engine writes ``<name>.vlog``.
The tests are tests/games/test_korsun_air_corps.py. Run from the repository root with the oracle
set up:

    python tests/data/checks/korsun/air-corps/make_logs.py [--oracle PATH] [--engine 3.6|3.7] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from oracle_write import write_logs  # noqa: E402

if __name__ == "__main__":
    write_logs("korsun", HERE, __doc__)
