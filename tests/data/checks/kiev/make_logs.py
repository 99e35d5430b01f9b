"""Write the Kiev checker's test logs with the real VASSAL engine.

Each ``<name>.json`` here is an ``oracle write`` script (written by scenarios.py, combat_scenarios.py,
movement_scenarios.py or play_legal.py) played on a freshly built Kiev module;
the engine writes ``<name>.vlog``. The tests (tests/check/test_kiev_checks.py) say what the
checker must find in each log, and why. Run from the repository root with the oracle set up:

    python tests/data/checks/kiev/make_logs.py [--oracle PATH] [NAME ...]

With names, only those logs are written again.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", default=str(REPO.parent / "shared" / "tools" / "oracle" / "oracle"))
    parser.add_argument("names", nargs="*", help="scripts to write again (default: all)")
    args = parser.parse_args()
    oracle = args.oracle
    with tempfile.TemporaryDirectory() as temp:
        subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", "kiev", "--out", temp],
                       cwd=REPO, check=True, capture_output=True)
        module = Path(temp) / "kiev.vmod"
        for script in sorted(HERE.glob("*.json")):
            if args.names and script.stem not in args.names:
                continue
            log = script.with_suffix(".vlog")
            done = subprocess.run([oracle, "write", str(module), str(script), str(log)],
                                  capture_output=True, text=True)
            report = json.loads(done.stdout or "{}")
            if not report.get("ok"):
                sys.exit(f"{script.name}: {report.get('fatal') or done.stderr[-2000:]}")
            print(f"wrote {log.name}: {report['steps']} steps")


if __name__ == "__main__":
    main()
