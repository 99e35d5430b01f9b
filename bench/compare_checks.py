"""Records ``vmodgen check --json`` for every engine-written log and save of every game under
``tests/data``, each checked with the module of its own game, so that a change made for speed
can be shown to change no verdict.

    python bench/compare_checks.py record build/compare-checks/before     # on the old code
    python bench/compare_checks.py record build/compare-checks/after      # on the new code
    python bench/compare_checks.py diff build/compare-checks/before build/compare-checks/after

``bench/compare_outputs.py`` does the same for ``replay`` and Kiev; this script covers the
checks of all games (Kiev, Korsun, Operation Star, Panzergruppe Guderian, Rostov). All checks
run in one process, one after another, games interleaved, so a table kept from one game's
check to the next must give the next game the same verdicts as a fresh process would;
``--fresh`` runs each check in a process of its own instead.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

from compare_outputs import diff as diff_outputs  # bench/ is on the path of a script run from it

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data"
GAMES = REPO / "games"
TOKEN = re.compile(r"player#[0-9a-f]{16}")


def game_of(log: Path) -> str | None:
    """The game a log under tests/data was played with, or None for logs of test modules."""
    parts = log.relative_to(DATA).parts
    if parts[0] in ("checks", "games") and (GAMES / parts[1]).is_dir():
        return parts[1]
    if parts[0] in ("checks", "integrity") or log.stem.startswith("kiev"):
        return "kiev"
    return None


def module(game: str, out: Path) -> Path:
    path = out / "modules" / game / f"{game}.vmod"
    if not path.exists():
        from vmodgen.build import build_game
        path = build_game(GAMES / game, path.parent).path
    return path


def jobs(out: Path) -> list[tuple[str, list[str]]]:
    found: list[tuple[str, list[str]]] = []
    for log in sorted(p for p in DATA.rglob("*") if p.suffix in (".vlog", ".vsav")):
        game = game_of(log)
        if game is not None:
            name = str(log.relative_to(DATA)).replace("/", "__")
            found.append((name, ["check", str(log), "--module", str(module(game, out)), "--json"]))
    found.append(("tournament", ["check", str(DATA / "checks" / "tournament"), "--module",
                                 str(module("kiev", out)), "--json"]))
    return found


def normal(status: int, output: str) -> str:
    """Exit status and output, password tokens numbered in order of appearance (a token is made
    with a key fresh for every process)."""
    tokens: dict[str, str] = {}
    output = TOKEN.sub(lambda m: tokens.setdefault(m.group(0), f"player#{len(tokens)}"), output)
    return f"exit {status}\n{output}"


def record(out: Path, fresh: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    todo = jobs(out.parent)
    if fresh:
        for name, args in todo:
            done = subprocess.run([sys.executable, "-m", "vmodgen.cli", *args], cwd=REPO, capture_output=True,
                                  text=True)
            (out / f"{name}.out").write_text(normal(done.returncode, done.stdout))
    else:
        from click.testing import CliRunner

        from vmodgen.cli import main
        for name, args in todo:
            result = CliRunner().invoke(main, args)
            (out / f"{name}.out").write_text(normal(result.exit_code, result.stdout))
    print(f"{len(todo)} checks recorded in {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    recording = sub.add_parser("record")
    recording.add_argument("out", type=Path)
    recording.add_argument("--fresh", action="store_true", help="each check in a process of its own")
    compare = sub.add_parser("diff")
    compare.add_argument("before", type=Path)
    compare.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.what == "record":
        record(args.out, args.fresh)
    else:
        sys.exit(diff_outputs(args.before, args.after, "check reports"))


if __name__ == "__main__":
    main()
