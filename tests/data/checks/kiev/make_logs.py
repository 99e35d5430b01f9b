"""Write the Kiev checker's test logs with the real VASSAL engine.

Each ``<name>.json`` here is an ``oracle write`` script played on a freshly built Kiev module;
the engine writes ``<name>.vlog``. The tests (tests/check/test_kiev_checks.py) say what the
checker must find in each log, and why. Run from the repository root with the oracle set up:

    python tests/data/checks/kiev/make_logs.py [/path/to/oracle]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]


def main() -> None:
    oracle = sys.argv[1] if len(sys.argv) > 1 else str(REPO.parent / "shared" / "tools" / "oracle" / "oracle")
    with tempfile.TemporaryDirectory() as temp:
        subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", "kiev", "--out", temp],
                       cwd=REPO, check=True, capture_output=True)
        module = Path(temp) / "kiev.vmod"
        for script in sorted(HERE.glob("*.json")):
            log = script.with_suffix(".vlog")
            done = subprocess.run([oracle, "write", str(module), str(script), str(log)],
                                  capture_output=True, text=True)
            report = json.loads(done.stdout or "{}")
            if not report.get("ok"):
                sys.exit(f"{script.name}: {report.get('fatal') or done.stderr[-2000:]}")
            print(f"wrote {log.name}: {report['steps']} steps")


if __name__ == "__main__":
    main()
