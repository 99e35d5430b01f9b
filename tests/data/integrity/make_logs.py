"""Write the log-integrity test logs with the real VASSAL engine.

The scripts are derived from ``tests/data/checks/kiev/attacked-twice.json`` (a legal Kiev game
played to the German Combat Phase of Game-Turn 1, then battle 1 declared): up to the first
battle's die roll they are the same, then

* ``reroll``: the die is rolled (1), undone with the toolbar Undo, and rolled again (5); written
  by VASSAL 3.6 (inverse commands) and 3.7 (``UNDO`` markers) as ``reroll.vlog`` and
  ``reroll-3.7.vlog``;
* ``restart-1``: the die is rolled (1) and the game goes on to the next phase;
* ``restart-2``: the same game played again from the start (a restarted log), rolling 5;
* ``renamed``: ``restart-2`` played under another player name.

Run from the repository root with the oracle set up (tests/check/test_integrity.py says what
must be flagged in each):

    python tests/data/integrity/make_logs.py [--oracle PATH]
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
REPO = HERE.parents[2]
SOURCE = REPO / "tests" / "data" / "checks" / "kiev" / "attacked-twice.json"


def scripts() -> dict[str, dict]:
    source = json.loads(SOURCE.read_text())
    actions = source["actions"]
    first_die = next(i for i, a in enumerate(actions) if "dice" in a)
    before, after = actions[:first_die], actions[first_die + 2:]

    def die(value: int) -> list[dict]:
        return [{"dice": {"button": "1d6", "result": [value]}}, {"step": True}]

    return {
        "reroll": {"player_name": "tester", "actions": before + die(1) + [{"undo": True}] + die(5) + after},
        "restart-1": {"player_name": "tester", "actions": before + die(1) + [{"turn": "next"}, {"step": True}]},
        "restart-2": {"player_name": "tester", "actions": before + die(5) + after},
        "renamed": {"player_name": "impostor", "actions": before + die(5) + after},
    }


def write(oracle: str, module: Path, script: Path, log: Path, engine: str) -> None:
    done = subprocess.run([oracle, "write", str(module), str(script), str(log)], capture_output=True, text=True,
                          env={**os.environ, "ORACLE_ENGINE": engine})
    report = json.loads(done.stdout or "{}")
    if not report.get("ok"):
        sys.exit(f"{script.name} ({engine}): {report.get('fatal') or done.stderr[-2000:]}")
    print(f"wrote {log.name}: {report['steps']} steps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", default=os.environ.get("VASSAL_ORACLE", str(REPO.parent / "shared" / "tools" / "oracle" / "oracle")),
                        help="the oracle (default: $VASSAL_ORACLE, else ../shared/tools/oracle/oracle beside the repository)")
    args = parser.parse_args()
    for stem, script in scripts().items():
        (HERE / f"{stem}.json").write_text(json.dumps(script, indent=0) + "\n")
    with tempfile.TemporaryDirectory() as temp:
        subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", "kiev", "--out", temp],
                       cwd=REPO, check=True, capture_output=True)
        module = Path(temp) / "kiev.vmod"
        for stem in scripts():
            write(args.oracle, module, HERE / f"{stem}.json", HERE / f"{stem}.vlog", "3.6")
        write(args.oracle, module, HERE / "reroll.json", HERE / "reroll-3.7.vlog", "3.7")


if __name__ == "__main__":
    main()
