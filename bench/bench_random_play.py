"""Random legal play against a game's checker (issue 7, item 8; issue 10 for every game): how
many generated games does `vmodgen check` pass clean, and how many planted violations does it
flag with the right case?

Games come from tests/data/checks/random_play.py (legality judged from the book alone, the
game's data read from games/<id>/) and are written by the real VASSAL engine (`oracle write`);
random_mutate.py plants one illegal change per mutant. Battle-free games make the clean set;
games with battles are a separate set (combat is where the checker is being fixed), and battle
mutants are planted in those.

    python bench/bench_random_play.py [--game kiev] [--games 20] [--battle-games 10] [--planted 100]
                                      [--turns 3] [--jobs 2] [--keep DIR [--check-only]]

A planted violation counts as flagged when a finding cites the expected case at or after the
step where the changed phase begins. Needs the oracle (VASSAL_ORACLE or --oracle).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "data" / "checks"))

import random_mutate  # noqa: E402
import random_play  # noqa: E402

from vmodgen.build import build_game  # noqa: E402
from vmodgen.engine.check.runner import check_logs  # noqa: E402

BATTLE_KINDS = set(random_mutate.BATTLE_CHANGES)


@dataclass
class Job:
    name: str
    seed: int
    battles: bool
    script: dict
    kind: str = ""               # "" for a clean game
    case: str = ""
    unit: str = ""
    what: str = ""
    first_step: int = 0


def clean_job(seed: int, turns: int, battles: bool) -> Job:
    phases = random_play.Player(seed, battles=3 if battles else 0).play(turns)
    tag = "battles" if battles else "quiet"
    return Job(f"{tag}-{seed}", seed, battles, random_play.script(random_play.serialize(phases)))


def mutant_jobs(count: int, turns: int, seeds: int) -> list[Job]:
    """``count`` mutants, the kinds in turn, each in the first game (from its seed on) that
    offers an occasion for it."""
    kinds = sorted(random_mutate.CHANGES)
    jobs: list[Job] = []
    games: dict[tuple[int, bool], tuple[random_play.Player, list[random_play.PhaseRecord]]] = {}
    for number in range(count):
        kind = kinds[number % len(kinds)]
        battles = kind in BATTLE_KINDS
        for attempt in range(seeds):
            seed = 1 + (number // len(kinds) + attempt) % seeds
            if (seed, battles) not in games:   # plant() changes copies only
                player = random_play.Player(seed, battles=3 if battles else 0)
                games[seed, battles] = player, player.play(turns)
            player, phases = games[seed, battles]
            mutant = random_mutate.plant(player, phases, kind, seed * 1000 + number)
            if mutant is not None:
                break
        else:
            print(f"no occasion for {kind} in {seeds} games", file=sys.stderr)
            continue
        script = random_play.script(random_play.serialize(mutant.phases, end_with_next=True))
        jobs.append(Job(f"planted-{number:03d}-{kind}", seed, battles, script, kind, mutant.case, mutant.unit,
                        mutant.what, mutant.first_step))
    return jobs


def write(oracle: str, module: Path, job: Job, folder: Path) -> Path:
    """Have the engine write the job's log; one already kept in ``folder`` from the same script is
    used again (a rerun after a checker fix writes only what changed)."""
    script = folder / f"{job.name}.json"
    text = json.dumps(job.script, indent=0) + "\n"
    log = folder / f"{job.name}.vlog"
    if log.exists() and script.exists() and script.read_text() == text:
        return log
    script.write_text(text)
    done = subprocess.run([oracle, "write", str(module), str(script), str(log)], capture_output=True, text=True)
    report = json.loads(done.stdout or "{}")
    if not report.get("ok"):
        raise SystemExit(f"{job.name}: oracle write failed: {report.get('fatal') or done.stderr[-1500:]}")
    return log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kiev", help="the game's folder name under games/")
    parser.add_argument("--games", type=int, default=20, help="battle-free games for the clean count")
    parser.add_argument("--battle-games", type=int, default=10, help="games with battles (a separate count)")
    parser.add_argument("--planted", type=int, default=100)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="oracle writes at once")
    shared = REPO.parent / "shared" / "tools" / "oracle" / "oracle"
    parser.add_argument("--oracle", default=os.environ.get("VASSAL_ORACLE", str(shared)))
    parser.add_argument("--keep", type=Path, help="keep the scripts and logs in this folder")
    parser.add_argument("--check-only", action="store_true",
                        help="write nothing: check the logs already in --keep (e.g. after a checker fix)")
    args = parser.parse_args()
    if args.check_only and not args.keep:
        parser.error("--check-only needs --keep DIR")
    random_play.use(args.game)
    started = time.time()
    jobs = [clean_job(seed, args.turns, False) for seed in range(1, args.games + 1)]
    jobs += [clean_job(seed, args.turns, True) for seed in range(1, args.battle_games + 1)]
    jobs += mutant_jobs(args.planted, args.turns, max(args.games, args.battle_games, 1))
    with tempfile.TemporaryDirectory() as temp:
        folder = args.keep or Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        (Path(temp) / "module").mkdir()
        module = build_game(REPO / "games" / args.game, Path(temp) / "module").path
        if args.check_only:
            jobs = [j for j in jobs if (folder / f"{j.name}.vlog").exists()]
            logs = [folder / f"{j.name}.vlog" for j in jobs]
        else:
            with ThreadPoolExecutor(args.jobs) as pool:
                logs = list(pool.map(lambda j: write(args.oracle, module, j, folder), jobs))
        results = [(job, check_logs([log], module, REPO / "games")) for job, log in zip(jobs, logs)]
    report(results, time.time() - started)


def report(results: list, seconds: float) -> None:
    quiet = [(j, r) for j, r in results if not j.kind and not j.battles]
    fought = [(j, r) for j, r in results if not j.kind and j.battles]
    planted = [(j, r) for j, r in results if j.kind]
    failures = []
    for job, rep in quiet + fought:
        for f in rep.findings:
            failures.append((job.name, "(legal game)", "-", f"step {f.step} {f.rule} {f.unit}: {f.message}"))
    flagged = 0
    by_kind: dict[str, list[int]] = {}
    for job, rep in planted:
        later = [f for f in rep.findings if f.step >= job.first_step]
        hit = any(f.rule == job.case for f in later)
        flagged += hit
        by_kind.setdefault(job.kind, [0, 0])[0] += hit
        by_kind[job.kind][1] += 1
        if not hit:
            skipped = "; ".join(f"step {n.step} {n.rule}: {n.reason}" for n in rep.not_checked)
            said = "; ".join(f"step {f.step} {f.rule} {f.unit}: {f.message}" for f in later) or \
                "no finding" + (f" (not checked: {skipped})" if skipped else "")
            failures.append((f"{job.name} (seed {job.seed})", job.what, job.case, said))
    print(f"game: {random_play.GAME.id}")
    print(f"clean battle-free games: {sum(not r.findings for _, r in quiet)} / {len(quiet)}")
    print(f"clean games with battles: {sum(not r.findings for _, r in fought)} / {len(fought)}")
    distinct = len({json.dumps(j.script, sort_keys=True) for j, _ in planted})
    print(f"planted violations flagged with the right case: {flagged} / {len(planted)} "
          f"({distinct} distinct: a rare kind may be planted the same way more than once)")
    for kind, (hit, total) in sorted(by_kind.items()):
        print(f"    {kind:26} {hit:3} / {total}")
    print(f"({seconds:.0f} s)")
    if failures:
        print("\nfailures:")
        for name, what, case, said in failures:
            print(f"  {name}\n      planted:  {what}\n      expected: {case}\n      checker:  {said[:600]}")


if __name__ == "__main__":
    main()
