"""Write the Operation Star checker's test logs with the real VASSAL engine.

Each ``<name>.json`` here is an ``oracle write`` script (written by hand: a few moves each),
played on a freshly built Operation Star module; the engine writes ``<name>.vlog``. The tests (tests/check/test_operation_star_checks.py) say what the
checker must find in each log, and why. Run from the repository root with the oracle set up:

    python tests/data/checks/operation-star/make_logs.py [--oracle PATH] [--engine 3.6|3.7] [NAME ...]

With names, only those logs are written again. ``--engine 3.7`` has VASSAL 3.7.26 (the oracle's
``ORACLE_ENGINE=3.7``, what players run today) write them, into ``3.7/``; the tests check both.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", default=str(REPO.parent / "shared" / "tools" / "oracle" / "oracle"))
    parser.add_argument("--engine", choices=("3.6", "3.7"), default=os.environ.get("ORACLE_ENGINE", "3.6"),
                        help="the oracle's engine that writes the logs (default: $ORACLE_ENGINE or 3.6)")
    parser.add_argument("names", nargs="*", help="scripts to write again (default: all)")
    args = parser.parse_args()
    oracle = args.oracle
    out = HERE if args.engine == "3.6" else HERE / args.engine
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", "operation-star", "--out", temp],
                       cwd=REPO, check=True, capture_output=True)
        module = Path(temp) / "operation-star.vmod"
        for script in sorted(HERE.glob("*.json")):
            if args.names and script.stem not in args.names:
                continue
            log = out / f"{script.stem}.vlog"
            done = subprocess.run([oracle, "write", str(module), str(script), str(log)],
                                  capture_output=True, text=True, env=dict(os.environ, ORACLE_ENGINE=args.engine))
            report = json.loads(done.stdout or "{}")
            if not report.get("ok"):
                sys.exit(f"{script.name}: {report.get('fatal') or done.stderr[-2000:]}")
            print(f"wrote {log.relative_to(HERE)}: {report['steps']} steps")


if __name__ == "__main__":
    main()
