"""Times ``vmodgen check`` on a full 13-turn Kiev game log written by the real engine.

The game is the legal player of tests/data/checks/kiev/play_legal.py run for all 13 Game-Turns
(about a thousand moves, reinforcements, battles), written by ``oracle write`` on a freshly
built Kiev module into ``build/bench/`` on first use. Each run is a whole ``vmodgen check``
process; its wall time and its CPU are printed. Targets: under 5 s wall (issue 4), under 1 s of CPU
(issue 9). Figures are printed, not asserted.

    python bench/bench_check.py --runs 3
    python bench/bench_check.py --runs 5 --before ../old --instructions

``--before`` times a checkout of earlier code (with its own ``.venv``) in the same rounds,
interleaved, so that both see the same load on a shared machine; ``--instructions`` also counts
the instructions of one check of each under valgrind (cachegrind), a figure the load does not
change.
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
    parser.add_argument("--before", type=Path, help="a checkout of earlier code with its own .venv, timed too")
    parser.add_argument("--instructions", action="store_true", help="also count instructions (valgrind)")
    args = parser.parse_args()
    module, log = prepare()
    trees = {"after": (Path(sys.executable), REPO)}
    if args.before is not None:
        trees = {"before": (args.before / ".venv" / "bin" / "python", args.before), **trees}
    runs = {name: _Runs() for name in trees}
    for _ in range(args.runs):
        for name, (python, tree) in trees.items():
            runs[name].add(python, tree, module, log)
    report = runs["after"].report
    script = json.loads((OUT / "kiev-13-turns.json").read_text())["actions"]
    moves = sum(1 for a in script if "move" in a or "add" in a)
    print(f"vmodgen check on {log.name}: {report['steps']} log steps, {moves} moves and entries, 13 Game-Turns")
    for name, (python, tree) in trees.items():
        done = runs[name]
        if len(trees) > 1:
            print(f"{name}:")
        print(f"  wall time   best {min(done.walls):.2f} s, median {_median(done.walls):.2f} s (target < 5 s)")
        print(f"  CPU         best {min(done.cpus):.2f} s, median {_median(done.cpus):.2f} s (target < 1 s)")
        print(f"  peak memory {max(done.peaks):.0f} MiB")
        print(f"  findings    {len(done.report['findings'])}, not checked {len(done.report['not_checked'])}")
        if args.instructions:
            print(f"  instructions {_instructions(python, tree, module, log) / 1e9:.2f} billion (valgrind)")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (2 cores)")


class _Runs:
    """The wall times, CPU times and peaks of one tree's runs, and its last report."""

    def __init__(self) -> None:
        self.walls: list[float] = []
        self.cpus: list[float] = []
        self.peaks: list[float] = []
        self.report: dict = {}

    def add(self, python: Path, tree: Path, module: Path, log: Path) -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([str(python), "-c", MEASURED, "check", str(log), "--module", str(module), "--json"],
                              cwd=tree, capture_output=True, text=True)
        self.walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        peak = re.search(r"MAXRSS (\d+)", done.stderr)
        if peak is None or not done.stdout:
            sys.exit(done.stderr)
        self.peaks.append(int(peak.group(1)) / 1024)
        self.report = json.loads(done.stdout)


def _median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def _instructions(python: Path, tree: Path, module: Path, log: Path) -> int:
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           str(python), "-m", "vmodgen.cli", "check", str(log), "--module", str(module), "--json"],
                          cwd=tree, capture_output=True, text=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        sys.exit(done.stderr[-2000:])
    return int(found.group(1).replace(",", ""))


if __name__ == "__main__":
    main()
