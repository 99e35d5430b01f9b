"""Write the Kiev audit logs with the real VASSAL engine: every ``<name>.json`` here (written by
audit_scenarios.py) played on a freshly built Kiev module; tests/check/test_kiev_audit.py says
what the checker must find in each and why. Run from the repository root with the oracle set up:

    python tests/data/checks/kiev/audit/make_logs.py [--oracle PATH] [--engine 3.6|3.7] [NAME ...]

The scripts in ``saves/`` are written as saves (``saves/<name>.vsav``, or ``saves/3.7/``), the
way File > Save writes them, by the same command.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from oracle_write import write_logs  # noqa: E402

if __name__ == "__main__":
    write_logs("kiev", HERE, __doc__)
    write_logs("kiev", HERE / "saves", __doc__, suffix=".vsav")
