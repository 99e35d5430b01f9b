"""Write the Korsun optional variable weather logs (28.0) with the real VASSAL engine.

Each ``<name>.json`` here is an ``oracle write`` script written by scenarios.py (which says why
each is legal or not), played on a freshly built Korsun module; the engine writes ``<name>.vlog``.
The tests are tests/games/test_korsun_weather.py. Run from the repository root with the oracle
set up:

    python tests/data/checks/korsun/weather/make_logs.py [--oracle PATH] [--engine 3.6|3.7] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from oracle_write import write_logs  # noqa: E402

if __name__ == "__main__":
    write_logs("korsun", HERE, __doc__)
