"""Write the Kiev victory tally's test logs with the real VASSAL engine: each ``<name>.json`` here
(written by scenarios.py) played on a freshly built Kiev module. Run from the repository root:

    python tests/data/checks/victory/kiev/make_logs.py [--engine 3.6|3.7] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from oracle_write import write_logs  # noqa: E402

if __name__ == "__main__":
    write_logs("kiev", HERE, __doc__)
