"""Times ``vmodgen replay`` next to pywargame 0.8.0's flat dump and ``oracle replay`` (the real
VASSAL engine), whole process, on engine-written logs of 20,000 to 200,000 commands (issue 9).

The log is written by the engine itself (``oracle write``: a deterministic script of adds, stack
drags, moves, flips, chat and turns on the oracle's actions fixture, 8,000 GUI actions, 20,507
commands) into ``build/bench/`` on first use. The engine cannot write much longer ones (80,000
actions did not finish in 45 minutes), so the logs of the growth series are that log's entries,
byte for byte, played over again as often as needed and cut where the count of commands is
reached. Every move, drag and flip names its piece's new place, and each stack a drag makes is
added again under the same id, so the engine replays them as it replays the log itself (its
``replay`` is timed on them too).

Every command runs as a whole process (interpreter start-up and imports included), the three
tools one after another in each round so that they share the machine's load; the figure is the
least CPU time (user + system, of the process and the children it waited for) over ``--runs``
rounds, and the largest peak memory (ru_maxrss). CPU time, not wall time: the machine is shared.

pywargame 0.8.0 needs Python 3.12 or later (an f-string in it), so it runs from its own venv::

    python3.12 -m venv build/pwg && build/pwg/bin/pip install pywargame==0.8.0

Its entry point is ``vsavdump.py`` (``pywargame.vassal.dumpvsav.dumpMain``): it de-obfuscates
``savedGame``, splits it at every ESC and prints one line per piece, keeping no game state.

Targets (issue 9 item 7): faster than pywargame's dump at 20k commands, at least 50,000
commands/s at 200k, CPU per command flat across the growth series. Figures are printed, not
asserted; the last ones are in ``bench/RESULTS.md``.

    VASSAL_ORACLE=/path/to/oracle python bench/bench_replay.py --runs 3
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import zipfile
from pathlib import Path

from measure import measure

REPO = Path(__file__).resolve().parent.parent
ORACLE = Path(os.environ.get("VASSAL_ORACLE", REPO.parent / "shared" / "tools" / "oracle" / "oracle"))
MODULE = REPO / "tests" / "data" / "modules" / "oracle-test-actions.vmod"
OUT = REPO / "build" / "bench"
PYWARGAME = REPO / "build" / "pwg" / "bin" / "python"
PYWARGAME_DUMP = "import sys; from pywargame.vassal.dumpvsav import dumpMain; sys.argv[0] = 'vsavdump'; dumpMain()"
ESC = "\x1b"
UNESCAPED_ESC = re.compile(r"(?<!\\)\x1b")


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


def engine_log(actions: int) -> Path:
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


def series_log(source: Path, commands: int) -> tuple[Path, int]:
    """The restore of an engine-written log and its entries, played over again until ``commands``
    commands are in (the raw text of each entry kept byte for byte); its path and its count."""
    from vmodgen.engine.vassal.obfuscation import deobfuscate, obfuscate
    from vmodgen.engine.vassal.tree import is_log_entry, split_commands, step_commands

    with zipfile.ZipFile(source) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    text = deobfuscate(entries["savedGame"]).decode("utf-8")
    raw, tokens = UNESCAPED_ESC.split(text), split_commands(text) or [text]
    restore = [r for r, t in zip(raw, tokens) if not is_log_entry(t)]
    logged = [(r, len(step_commands(t)[0])) for r, t in zip(raw, tokens) if is_log_entry(t)]
    count = sum(len(step_commands(t)[0]) for t in tokens if not is_log_entry(t))
    kept: list[str] = []
    while count < commands:
        for entry, size in logged:
            kept.append(entry)
            count += size
            if count >= commands:
                break
    path = OUT / f"{source.stem}-{commands // 1000}k.vlog"
    if not path.exists():
        entries["savedGame"] = obfuscate(ESC.join(restore + kept).encode("utf-8"), 0x2A)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in entries.items():
                archive.writestr(name, data)
    return path, count


def timed(command: list[str]) -> tuple[float, int] | None:
    """(CPU seconds, peak RSS bytes) of one whole process, None when it timed out (the engine)."""
    cpu, peak, status, error = measure(command, REPO)
    if status == 124:
        return None
    if status not in (0, 3):
        sys.exit(f"{' '.join(command[:3])}... failed with exit status {status}: {error}")
    return cpu, peak


#: another install of vmodgen to time beside this one (``--baseline``), e.g. an older commit's
BASELINE: list[str] = []


def tools(log: Path, with_oracle: bool) -> dict[str, list[str]]:
    replay = ["-m", "vmodgen.cli", "replay", str(log), "--module", str(MODULE), "--json"]
    found = {"vmodgen replay --json": [sys.executable, *replay]}
    if BASELINE:
        found["vmodgen (baseline)"] = [*BASELINE, *replay]
    if PYWARGAME.exists():
        found["pywargame 0.8.0 vsavdump"] = [str(PYWARGAME), "-c", PYWARGAME_DUMP, str(log)]
    if with_oracle:
        found["oracle replay (VASSAL 3.6)"] = [str(ORACLE), "replay", str(MODULE), str(log)]
    return found


def compare(log: Path, commands: int, runs: int, with_oracle: bool) -> dict[str, tuple[float, int]]:
    """Each tool's least CPU time and largest peak memory over ``runs`` rounds, printed (the
    engine once: it takes minutes)."""
    commands_of = tools(log, with_oracle)
    results: dict[str, list[tuple[float, int]]] = {name: [] for name in commands_of}
    for round_ in range(runs):
        for name, command in commands_of.items():
            if name.startswith("oracle") and round_ > 0:
                continue
            outcome = timed(command)
            if outcome is not None:
                results[name].append(outcome)
    print(f"{log.name}: {commands:,} commands, {log.stat().st_size:,} bytes")
    best = {}
    for name, rounds in results.items():
        if not rounds:
            print(f"  {name:28s} timed out (ORACLE_TIMEOUT)")
            continue
        cpu, peak = best[name] = (min(r[0] for r in rounds), max(r[1] for r in rounds))
        print(f"  {name:28s} {cpu:7.2f} s CPU  {commands / cpu:9,.0f} commands/s  {peak / 2**20:6.0f} MiB peak",
              flush=True)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--actions", type=int, default=8000, help="GUI actions in the engine-written log")
    parser.add_argument("--growth", type=int, nargs="*", default=[50_000, 100_000, 200_000, 400_000],
                        help="commands in the logs of the growth series (the engine's entries played again)")
    parser.add_argument("--oracle-at", type=int, nargs="*", default=[200_000],
                        help="sizes of the series at which the engine is timed too (it is on the engine's log)")
    parser.add_argument("--baseline", help="the Python of another vmodgen install to time beside this one")
    args = parser.parse_args()
    if args.baseline:
        BASELINE.append(args.baseline)
    if not PYWARGAME.exists():
        print(f"note: no pywargame at {PYWARGAME} (see this script's docstring); timing without it")
    small = engine_log(args.actions)
    print("The engine-written log itself:")
    from vmodgen.engine.vassal.savefile import read_game
    commands = read_game(small).command_count
    per_command: dict[str, list[tuple[int, float]]] = {}
    for name, (cpu, _) in compare(small, commands, args.runs, ORACLE.exists()).items():
        per_command.setdefault(name, []).append((commands, cpu))
    print("\nGrowth series (the engine-written entries played again):")
    for size in args.growth:
        log, commands = series_log(small, size)
        best = compare(log, commands, args.runs, ORACLE.exists() and size in args.oracle_at)
        for name, (cpu, _) in best.items():
            per_command.setdefault(name, []).append((commands, cpu))
    print("\nCPU per 1,000 commands across the series (flat means linear growth):")
    for name, series in per_command.items():
        print(f"  {name:28s} " + "  ".join(f"{n // 1000}k: {1e6 * cpu / n:.1f} ms" for n, cpu in series))


if __name__ == "__main__":
    main()
