"""Times ``vmodgen replay`` next to ``oracle replay`` (the real VASSAL engine) on one large log.

Each side runs as a whole process (start-up included), ``--runs`` times; the best wall time and
the peak memory are reported, with the ratio and commands per second. The in-process figure
(read + decode + replay, no interpreter start-up or output) is printed as well, because the
``vmodgen`` start-up imports every subcommand. The log is written by the engine itself
(``oracle write``, a deterministic script of adds, stack drags, moves, flips, chat and turns on
the oracle's actions fixture) into ``build/bench/`` on first use, and must hold at least 20,000
commands.

Targets (issue 3): 10x faster than the engine, 50,000 commands/s, under 200 MB. Figures are
printed, not asserted.

    python bench/bench_replay.py --runs 3
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
ORACLE = Path(os.environ.get("VASSAL_ORACLE", SHARED / "tools" / "oracle" / "oracle"))
MODULE = REPO / "tests" / "data" / "modules" / "oracle-test-actions.vmod"
OUT = REPO / "build" / "bench"
MIN_COMMANDS = 20_000


def script(actions: int, seed: int = 1) -> dict:
    """A long game on the actions fixture: three pieces moved about, flipped, chatted over."""
    rng = random.Random(seed)
    hexes = [f"{c:02d}{r:02d}" for c in range(1, 8) for r in range(1, 6)]
    steps: list[dict] = [{"add": {"slot": "Blue Armor", "location": "0101"}}, {"step": True},
                         {"add": {"slot": "Blue Infantry", "location": "0202"}}, {"step": True},
                         {"add": {"slot": "Red Infantry", "location": "0303"}}, {"step": True}]
    for index in range(actions):
        roll = rng.random()
        if roll < 0.6:
            steps.append({"move": {"piece": f"@{rng.choice([0, 2, 4])}", "location": rng.choice(hexes)}})
        elif roll < 0.7:
            steps.append({"move": {"stack": f"@{rng.choice([0, 2, 4])}", "location": rng.choice(hexes)}})
        elif roll < 0.8:
            steps.append({"key": {"piece": "@0", "command": "Flip"}})
        elif roll < 0.9:
            steps.append({"chat": f"message {index}"})
        else:
            steps.append({"turn": "next"})
        steps.append({"step": True})
    return {"actions": steps}


def big_log(actions: int) -> Path:
    """The engine-written benchmark log (made once with ``oracle write``)."""
    OUT.mkdir(parents=True, exist_ok=True)
    log = OUT / f"replay-{actions}.vlog"
    if not log.exists():
        plan = OUT / f"replay-{actions}.json"
        plan.write_text(json.dumps(script(actions)))
        print(f"writing {log.name} with the engine ({actions} actions; takes a while)...", flush=True)
        done = subprocess.run([str(ORACLE), "write", str(MODULE), str(plan), str(log)], capture_output=True, text=True)
        if done.returncode != 0 or not log.exists():
            sys.exit(f"oracle write failed (exit {done.returncode}): {done.stdout[-500:]} {done.stderr[-1500:]}")
    return log


def timed(command: list[str]) -> tuple[float, int]:
    """(wall seconds, peak RSS in bytes of the process and the children it waited for)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=REPO)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 3):
        sys.exit(f"{' '.join(command[:3])}... failed with exit status {os.waitstatus_to_exitcode(status)}")
    return wall, usage.ru_maxrss * 1024


def best_of(runs: int, command: list[str]) -> tuple[float, int]:
    results = [timed(command) for _ in range(runs)]
    return min(r[0] for r in results), max(r[1] for r in results)


def in_process(log: Path) -> tuple[float, int, int]:
    """(seconds, commands, steps) to read, decode and replay the log inside this process."""
    sys.path.insert(0, str(REPO))
    from vmodgen.engine.replay import Replay
    from vmodgen.engine.vassal.module import read_module
    from vmodgen.engine.vassal.savefile import read_game

    module = read_module(MODULE)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        game = read_game(log)
        steps = Replay(game, module).run()
        best = min(best, time.perf_counter() - start)
    return best, game.command_count, len(steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--actions", type=int, default=8000, help="GUI actions in the generated log")
    args = parser.parse_args()
    log = big_log(args.actions)
    seconds_in, commands, steps = in_process(log)
    if commands < MIN_COMMANDS:
        print(f"warning: the log holds {commands} commands, fewer than {MIN_COMMANDS}; use more --actions")
    ours = best_of(args.runs, [sys.executable, "-m", "vmodgen.cli", "replay", str(log), "--module", str(MODULE),
                               "--json"])
    engine = best_of(args.runs, [str(ORACLE), "replay", str(MODULE), str(log)])
    print(f"log: {log.name}, {log.stat().st_size:,} bytes, {steps:,} steps, {commands:,} commands")
    print(f"vmodgen replay --json: {ours[0]:.2f} s whole process, {commands / ours[0]:,.0f} commands/s, "
          f"peak {ours[1] / 2**20:.0f} MB")
    print(f"  in process (read, decode, replay): {seconds_in:.2f} s, {commands / seconds_in:,.0f} commands/s")
    print(f"oracle replay (VASSAL 3.6 engine): {engine[0]:.2f} s whole process, {commands / engine[0]:,.0f} commands/s, "
          f"peak {engine[1] / 2**20:.0f} MB")
    print(f"ratio: vmodgen is {engine[0] / ours[0]:.1f}x faster than the engine "
          f"(targets: 10x, 50,000 commands/s, under 200 MB)")


if __name__ == "__main__":
    main()
