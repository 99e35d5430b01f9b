"""Times ``vmodgen build <game>`` as a whole process: wall time, peak memory, module size.

Targets (issue 2): under 10 s and under 1 GB for Kiev on a 2-core machine. Figures are printed,
not asserted: a benchmark reports, the tests judge correctness.

    python bench/bench_build.py kiev --runs 3
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def run_once(game: str, out: Path) -> tuple[float, int]:
    """(wall seconds, peak RSS in bytes so far) of one build in a fresh process.

    ru_maxrss of RUSAGE_CHILDREN is the largest finished child's peak, i.e. the worst run."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", game, "--out", str(out)],
                   cwd=REPO, check=True, capture_output=True)
    wall = time.perf_counter() - start
    return wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="kiev")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        out = Path(temp)
        walls, peaks, digests = [], [], set()
        for _ in range(args.runs):
            wall, peak = run_once(args.game, out)
            module = out / f"{args.game}.vmod"
            walls.append(wall)
            peaks.append(peak)
            digests.add(hashlib.sha256(module.read_bytes()).hexdigest())
        size = module.stat().st_size
    print(f"vmodgen build {args.game}: {args.runs} runs")
    print(f"  wall time   best {min(walls):.2f} s, median {sorted(walls)[len(walls) // 2]:.2f} s (target < 10 s)")
    print(f"  peak memory {max(peaks) / 2**20:.0f} MiB (target < 1024 MiB)")
    print(f"  module size {size / 2**20:.2f} MiB ({size:,} bytes)")
    print(f"  identical output across runs: {'yes' if len(digests) == 1 else 'NO'}")


if __name__ == "__main__":
    main()
