"""Write the saves of the tournament tests with the real VASSAL engine.

``legal-game-end.vsav`` is the position at the end of ``../kiev/legal-game.vlog``: the same
``oracle write`` script, saved (``GameState.saveGame``) instead of logged, so it continues that
game. ``opening.vsav`` is a new Kiev game saved before anything is played (an empty script).
Run from the repository root with the oracle set up:

    python tests/data/checks/tournament/make_saves.py [--oracle PATH]
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
SAVES = {"legal-game-end.vsav": HERE.parent / "kiev" / "legal-game.json", "opening.vsav": None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", default=os.environ.get("VASSAL_ORACLE", str(REPO.parent / "shared" / "tools" / "oracle" / "oracle")),
                        help="the oracle (default: $VASSAL_ORACLE, else ../shared/tools/oracle/oracle beside the repository)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", "kiev", "--out", temp],
                       cwd=REPO, check=True, capture_output=True)
        module = Path(temp) / "kiev.vmod"
        empty = Path(temp) / "empty.json"
        empty.write_text('{"actions": []}')
        for name, script in SAVES.items():
            done = subprocess.run([args.oracle, "write", str(module), str(script or empty), str(HERE / name)],
                                  capture_output=True, text=True)
            report = json.loads(done.stdout or "{}")
            if not report.get("ok"):
                sys.exit(f"{name}: {report.get('fatal') or done.stderr[-2000:]}")
            print(f"wrote {name}")


if __name__ == "__main__":
    main()
