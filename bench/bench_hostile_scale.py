"""How ``vmodgen replay`` and ``vmodgen check`` scale to a million-command log (issue 8).

Two logs are written with our own writer (engine/vassal/writer.py) into ``build/bench/``: the
engine-written legal Kiev game (tests/data/checks/kiev/legal-game.vlog) followed by

* ``chat``: a million chat lines, one step each (a 10+ MB log, the case that took 30-40 s and
  1.7 GB to replay before);
* ``moves``: a million commands of moves, each a step of one unit's move to a neighbouring hex
  and back, with the chat line VASSAL writes for a move.

Each command runs as a whole process; wall time and peak memory (ru_maxrss) are printed.
Targets: replay under 10 s and 500 MB, check under 30 s. Figures are printed, not asserted.

    python bench/bench_hostile_scale.py                 # both logs, a million commands each
    python bench/bench_hostile_scale.py --commands 100000 --logs chat
"""

from __future__ import annotations

import argparse
import sys
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from measure import measure  # noqa: E402 - beside this script
from vmodgen.engine.vassal.commands import MovePiece  # noqa: E402 - after the repository is on the path
from vmodgen.engine.vassal.obfuscation import deobfuscate  # noqa: E402
from vmodgen.engine.vassal.savefile import read_game  # noqa: E402
from vmodgen.engine.vassal.writer import write_game  # noqa: E402

OUT = REPO / "build" / "bench"
BASE = REPO / "tests" / "data" / "checks" / "kiev" / "legal-game.vlog"
ESC = "\x1b"


def base_text() -> str:
    with zipfile.ZipFile(BASE) as archive:
        return deobfuscate(archive.read("savedGame")).decode("utf-8")


def chat_entries(count: int) -> list[str]:
    return [f"LOG\tCHAT&lt;Ivan&gt; - line {n} of a long chat about the weather on the Dnieper" for n in range(count)]


def move_entries(count: int) -> list[str]:
    """A unit's first move in the base game, played out and back again, each with its report."""
    game = read_game(BASE)
    move = next(c for step in game.steps for c in step.commands
                if isinstance(c, MovePiece) and c.id and (c.new_x, c.new_y) != (c.old_x, c.old_y))
    there = (f"M/{move.id}/{move.new_map}/{move.new_x}/{move.new_y}/null/"
             f"{move.old_map}/{move.old_x}/{move.old_y}/null/")
    back = (f"M/{move.id}/{move.old_map}/{move.old_x}/{move.old_y}/null/"
            f"{move.new_map}/{move.new_x}/{move.new_y}/null/")
    entries = []
    for n in range(count // 2):
        entries.append("LOG\t" + (there if n % 2 == 0 else back) + "\\" + ESC + "LOG\tCHAT* a unit moves *")
    return entries


def write_log(kind: str, commands: int) -> Path:
    path = OUT / f"hostile-{kind}-{commands}.vlog"
    if not path.exists():
        OUT.mkdir(parents=True, exist_ok=True)
        entries = chat_entries(commands) if kind == "chat" else move_entries(commands)
        metadata = read_game(BASE).metadata
        write_game(path, ESC.join([base_text(), *entries]), module_name=metadata.module_name or "",
                   module_version=metadata.module_version or "", vassal_version=metadata.vassal_version or "3.6.0")
    return path


def module() -> Path:
    path = OUT / "kiev" / "kiev.vmod"
    if not path.exists():
        from vmodgen.build import build_game
        build_game(REPO / "games" / "kiev", path.parent)
    return path


def timed(*args: str) -> tuple[float, float, float, int]:
    """(wall seconds, CPU seconds, peak MiB, exit status) of one ``vmodgen`` process, measured
    through a small go-between (``measure.py``: this process is large once it has written a log,
    and Linux would report its peak as the child's). The CPU time is the figure to compare on a
    shared machine, where the wall time waits for others."""
    start = time.perf_counter()
    cpu, peak, status, error = measure([sys.executable, "-m", "vmodgen.cli", *args], REPO)
    wall = time.perf_counter() - start
    if error.strip():
        print(f"    stderr: {error.strip()[:300]}")
    return wall, cpu, peak / 2**20, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=1_000_000)
    parser.add_argument("--logs", nargs="*", default=["chat", "moves"], choices=["chat", "moves"])
    parser.add_argument("--commands-run", nargs="*", default=["replay", "check"], choices=["replay", "check"],
                        dest="what", help="which vmodgen commands to time")
    args = parser.parse_args()
    kiev = module()
    for kind in args.logs:
        log = write_log(kind, args.commands)
        print(f"{log.name}: {log.stat().st_size / 1e6:.1f} MB on disk, {args.commands:,} commands added")
        for command, target in (("replay", "10 s, 500 MB"), ("check", "30 s")):
            if command not in args.what:
                continue
            wall, cpu, peak, status = timed(command, str(log), "--module", str(kiev), "--json")
            print(f"  {command:6s} {wall:6.1f} s wall  {cpu:6.1f} s CPU  {peak:6.0f} MiB peak  exit {status}"
                  f"   (target {target})", flush=True)


if __name__ == "__main__":
    main()
