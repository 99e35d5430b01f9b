"""Records ``vmodgen replay --json`` and ``vmodgen check --json`` for every log and save under
``tests/data``, so that a change to the reader or the replay can be shown to change no result.

    python bench/compare_outputs.py record build/compare/before     # on the old code
    python bench/compare_outputs.py record build/compare/after      # on the new code
    python bench/compare_outputs.py diff build/compare/before build/compare/after

Each file is replayed with the module it was played with (the oracle's test modules, VASSAL's
tour module, or the Kiev module built from ``games/kiev``); every Kiev file is also checked on
its own, the tournament folder as a whole. Outputs are recorded with their exit status.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from click.testing import CliRunner

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data"
MODULES = DATA / "modules"
TOKEN = re.compile(r"player#[0-9a-f]{16}")
BY_NAME = {"basic": "oracle-test.vmod", "sides": "oracle-test-sides.vmod", "twoboards": "oracle-test-twoboards.vmod",
           "twoboards-layout": "oracle-test-twoboards.vmod"}


def kiev_module() -> Path:
    path = REPO / "build" / "compare" / "kiev" / "kiev.vmod"
    if not path.exists():
        from vmodgen.build import build_game
        build_game(REPO / "games" / "kiev", path.parent)
    return path


def module_for(log: Path, kiev: Path) -> Path:
    if log.parent.name == "vassal-tour":
        return log.parent / "tour.mod"
    if "checks" in log.parts or "integrity" in log.parts or log.stem.startswith("kiev"):
        return kiev
    return MODULES / BY_NAME.get(log.stem, "oracle-test-actions.vmod")


def game_files() -> list[Path]:
    return sorted(p for p in DATA.rglob("*") if p.suffix in (".vlog", ".vsav") or p.name == "tour.log")


def run(*args: str) -> str:
    """The command's exit status and output, password tokens numbered in order of appearance
    (a token is made with a key fresh for every process)."""
    from vmodgen.cli import main

    result = CliRunner().invoke(main, list(args))
    tokens: dict[str, str] = {}
    output = TOKEN.sub(lambda m: tokens.setdefault(m.group(0), f"player#{len(tokens)}"), result.stdout)
    return f"exit {result.exit_code}\n{output}"


def record(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    kiev = kiev_module()
    jobs: list[tuple[str, list[str]]] = []
    for log in game_files():
        name = str(log.relative_to(DATA)).replace("/", "__")
        jobs.append((f"replay__{name}", ["replay", str(log), "--module", str(module_for(log, kiev)), "--json"]))
        if module_for(log, kiev) == kiev:
            jobs.append((f"check__{name}", ["check", str(log), "--module", str(kiev), "--json"]))
    jobs.append(("check__tournament", ["check", str(DATA / "checks" / "tournament"), "--module", str(kiev), "--json"]))
    for name, args in jobs:
        (out / f"{name}.out").write_text(run(*args))
    print(f"{len(jobs)} outputs in {out}")


def diff(before: Path, after: Path, what: str = "outputs") -> int:
    """Name every recorded output that differs between the two folders; 1 if any does."""
    names = sorted({p.name for p in before.iterdir()} | {p.name for p in after.iterdir()})
    differ = [n for n in names if not (before / n).exists() or not (after / n).exists()
              or (before / n).read_bytes() != (after / n).read_bytes()]
    for name in differ:
        print(f"differs: {name}")
    print(f"{len(names) - len(differ)} of {len(names)} {what} identical")
    return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    sub.add_parser("record").add_argument("out", type=Path)
    compare = sub.add_parser("diff")
    compare.add_argument("before", type=Path)
    compare.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.what == "record":
        record(args.out)
    else:
        sys.exit(diff(args.before, args.after))


if __name__ == "__main__":
    main()
