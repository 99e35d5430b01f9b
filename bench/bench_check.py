"""Times ``vmodgen check`` on a full 13-turn Kiev game log written by the real engine.

The game is the legal player of tests/data/checks/kiev/play_legal.py run for all 13 Game-Turns
(about a thousand moves, reinforcements, battles), written by ``oracle write`` on a freshly
built Kiev module into ``build/bench/`` on first use. Each run is a whole ``vmodgen check``
process; its wall time and its CPU are printed. Targets: under 5 s wall (issue 4), under 1 s of CPU
(issue 9). Figures are printed, not asserted.

    python bench/bench_check.py --runs 3
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ORACLE = Path(os.environ.get("VASSAL_ORACLE", REPO.parent / "shared" / "tools" / "oracle" / "oracle"))
OUT = REPO / "build" / "bench"
PLAYER = REPO / "tests" / "data" / "checks" / "kiev" / "play_legal.py"
# The whole vmodgen process, reporting its own peak memory on stderr when it ends (the oracle
# that wrote the log is a child of this script too, so the children's figure would be its).
MEASURED = ("import resource, sys\nfrom vmodgen.cli import main\nsys.argv = ['vmodgen', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('MAXRSS %d' % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")


def prepare() -> tuple[Path, Path]:
    """The Kiev module and the 13-turn log (made once)."""
    OUT.mkdir(parents=True, exist_ok=True)
    module = OUT / "kiev.vmod"
    subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", "kiev", "--out", str(OUT)],
                   cwd=REPO, check=True, capture_output=True)
    log = OUT / "kiev-13-turns.vlog"
    if not log.exists():
        script = OUT / "kiev-13-turns.json"
        played = subprocess.run([sys.executable, str(PLAYER), "--turns", "13", "--moves", "40"], cwd=REPO,
                                check=True, capture_output=True, text=True)
        script.write_text(played.stdout)
        done = subprocess.run([str(ORACLE), "write", str(module), str(script), str(log)],
                              capture_output=True, text=True)
        report = json.loads(done.stdout or "{}")
        if not report.get("ok"):
            sys.exit(f"oracle write failed: {report.get('fatal') or done.stderr[-2000:]}")
    return module, log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    module, log = prepare()
    walls, peaks, cpus = [], [], []
    for _ in range(args.runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", MEASURED, "check", str(log), "--module", str(module),
                               "--json"], cwd=REPO, capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        peak = re.search(r"MAXRSS (\d+)", done.stderr)
        if peak is None or not done.stdout:
            sys.exit(done.stderr)
        peaks.append(int(peak.group(1)) / 1024)
    report = json.loads(done.stdout)
    script = json.loads((OUT / "kiev-13-turns.json").read_text())["actions"]
    moves = sum(1 for a in script if "move" in a or "add" in a)
    print(f"vmodgen check on {log.name}: {report['steps']} log steps, {moves} moves and entries, 13 Game-Turns")
    print(f"  wall time   best {min(walls):.2f} s, median {sorted(walls)[len(walls) // 2]:.2f} s (target < 5 s)")
    print(f"  CPU         best {min(cpus):.2f} s, median {sorted(cpus)[len(cpus) // 2]:.2f} s (target < 1 s)")
    print(f"  peak memory {max(peaks):.0f} MiB")
    print(f"  findings    {len(report['findings'])}, not checked {len(report['not_checked'])}")


if __name__ == "__main__":
    main()
