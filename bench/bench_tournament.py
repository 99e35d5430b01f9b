"""Times a tournament check, ``vmodgen check FOLDER --jobs N``, on a folder of N 13-turn Kiev games.

The games come from the 13-turn log of bench_check.py (the legal player of play_legal.py written
by ``oracle write``; made on first use, so the oracle is needed once). Writing a thousand games
with the engine takes longer than checking them, and copies of one file are one game to the
tournament sorter (their positions are the same, so they are files of one game that fork), so
game ``k`` is that log with its last ``k`` moves (and what followed them) cut off, written back
with vmodgen's own writer: every game starts at the set-up and ends in its own position of
Game-Turn 13, and the first holds the whole game. Each run is one whole ``vmodgen check``
process over the folder; its wall time and CPU (its own and its workers') are printed with the
rate and what 1,000 games would take at that rate. Target (issue 9): 1,000 games in under 10
minutes on a 2-core machine. Figures are printed, not asserted.

    python bench/bench_tournament.py --games 100 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_check import OUT, REPO, prepare  # noqa: E402

from vmodgen.engine.check.seams import position_of  # noqa: E402
from vmodgen.engine.replay import Replay  # noqa: E402
from vmodgen.engine.vassal.commands import LogEntry  # noqa: E402
from vmodgen.engine.vassal.module import read_module  # noqa: E402
from vmodgen.engine.vassal.savefile import read_game  # noqa: E402
from vmodgen.engine.vassal.tree import Compound, top_level  # noqa: E402
from vmodgen.engine.vassal.writer import write_game  # noqa: E402


def make_games(module: Path, log: Path, count: int) -> Path:
    """A folder of ``count`` games: the log, then the log cut after earlier and earlier steps,
    each where the position (which units show where) is one no game before it ends in."""
    folder = OUT / f"tournament-{count}"
    if folder.is_dir() and len(list(folder.glob("*.vlog"))) == count:
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.vlog"):
        old.unlink()
    saved = read_game(log)
    parts = top_level(saved.root)
    entries = [i for i, part in enumerate(parts) if isinstance(part, LogEntry)
               or (isinstance(part, Compound) and any(isinstance(p, LogEntry) for p in part.parts))]
    replay = Replay(saved, read_module(module))
    after = [position_of(replay.state).key for _ in replay.steps()]
    if len(after) != len(entries):
        sys.exit(f"{log.name}: {len(entries)} log entries but {len(after)} steps")
    cuts, seen = [], set()
    for index in range(len(after) - 1, -1, -1):
        if after[index] not in seen and len(cuts) < count:
            seen.add(after[index])
            cuts.append(entries[index] + 1)
    if len(cuts) < count:
        sys.exit(f"{log.name} ends in {len(cuts)} different positions: at most that many games can be cut from it")
    for k, end in enumerate(cuts):
        write_game(folder / f"game-{k:04d}.vlog", Compound(parts[:end]), module_name=saved.metadata.module_name or "",
                   module_version=saved.metadata.module_version or "")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    module, log = prepare()
    folder = make_games(module, log, args.games)
    walls, cpus = [], []
    for _ in range(args.runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "vmodgen.cli", "check", str(folder), "--module", str(module),
                               "--jobs", str(args.jobs), "--json"], cwd=REPO, capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if not done.stdout:
            sys.exit(done.stderr[-2000:])
    tournament = json.loads(done.stdout)
    games = tournament["games"]
    unchecked = [g for g in games if "findings" not in g]
    wall = min(walls)
    print(f"vmodgen check {folder.name}/ --jobs {args.jobs}: {len(games)} games ({len(unchecked)} not checked), "
          f"{len(tournament['unplaced'])} files not placed; each game is {log.name} cut after one of its last steps")
    print(f"  wall time   {wall:.1f} s ({len(games) / wall:.2f} games/s), CPU {min(cpus):.1f} s "
          f"({min(cpus) / max(len(games), 1):.2f} s per game)")
    print(f"  1,000 games at this rate: {1000 / len(games) * wall / 60:.1f} min (target < 10 min); with {args.jobs} "
          f"cores to itself (CPU / cores): {1000 / len(games) * min(cpus) / args.jobs / 60:.1f} min")


if __name__ == "__main__":
    main()
