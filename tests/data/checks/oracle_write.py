"""Write a game's checker test logs with the real VASSAL engine, for the ``make_logs.py`` beside
each game's scripts (one place for the command line and the writing, so the games cannot drift).

Every ``<name>.json`` in the game's folder is an ``oracle write`` script; it is played on a
freshly built module of the game and the engine writes ``<name>.vlog`` (``<name>.vsav`` for a script
with no action) beside it, or into
``3.7/`` with ``--engine 3.7`` (VASSAL 3.7.26, the oracle's ``ORACLE_ENGINE=3.7``). With names,
only those logs are written again.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def write_logs(game_id: str, folder: Path, description: str, suffix: str = ".vlog") -> None:
    """Parse the command line and write ``folder``'s logs on a fresh ``game_id`` module (saves
    instead with ``suffix`` ``.vsav``)."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--oracle", default=os.environ.get("VASSAL_ORACLE", str(REPO.parent / "shared" / "tools" / "oracle" / "oracle")),
                        help="the oracle (default: $VASSAL_ORACLE, else ../shared/tools/oracle/oracle beside the repository)")
    parser.add_argument("--engine", choices=("3.6", "3.7"), default=os.environ.get("ORACLE_ENGINE", "3.6"),
                        help="the oracle's engine that writes the logs (default: $ORACLE_ENGINE or 3.6)")
    parser.add_argument("names", nargs="*", help="scripts to write again (default: all)")
    args = parser.parse_args()
    out = folder if args.engine == "3.6" else folder / args.engine
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", game_id, "--out", temp],
                       cwd=REPO, check=True, capture_output=True)
        module = Path(temp) / f"{game_id}.vmod"
        for script in sorted(folder.glob("*.json")):
            if args.names and script.stem not in args.names:
                continue
            # A script with no action makes no log step, and VASSAL writes no log of none: its
            # position is written as a save instead (the opening position).
            empty = not json.loads(script.read_text()).get("actions")
            log = out / f"{script.stem}{'.vsav' if empty else suffix}"
            done = subprocess.run([args.oracle, "write", str(module), str(script), str(log)],
                                  capture_output=True, text=True, env=dict(os.environ, ORACLE_ENGINE=args.engine))
            report = json.loads(done.stdout or "{}")
            if not report.get("ok"):
                sys.exit(f"{script.name}: {report.get('fatal') or done.stderr[-2000:]}")
            print(f"wrote {log.relative_to(folder)}: {report['steps']} steps")
