"""Write Panzergruppe Guderian's random-play logs with battles (issue 12: "random play declares
battles ... so the combat checks get exercised"), for tests/games/test_random_battles_panzergruppe_guderian.py.

The book prints no counter manifest, so on the game's own data the generator (random_play.py)
finds no battle whose result is evident: no untried Soviet division has a strength. Here it
plays with the TEST owner values (tests/data/panzergruppe-guderian-test-values, made-up values,
not the real counters) merged into a copy of the game: German mechanized regiments attack Soviet
divisions, which are revealed at the instant of combat (PGG 12.2), the die is rolled, the PGG
CRT result applied (a German infantry division's step losses by its Strength Level Marker, PGG
9.61), retreats and advances made. The logs are written with the module built from the game's
own data: the checker must report those battles as not checked there (never a finding), and
judge them fully with the test values.

    python tests/data/checks/panzergruppe-guderian/random_battles.py [--oracle PATH] [--manifest-only] [NAME ...]
    python tests/data/checks/panzergruppe-guderian/random_battles.py --engine 3.7 battles-8 battles-14 battles-26 planted-defender-result-ignored

``--engine 3.7`` has VASSAL 3.7 write the named logs from their committed scripts, into ``3.7/``
beside them (the checker must give the same verdicts).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKS = HERE.parent
REPO = CHECKS.parents[2]
sys.path.insert(0, str(CHECKS))

import random_logs  # noqa: E402
import random_play  # noqa: E402

GAME = "panzergruppe-guderian"
FOLDER = HERE / "random-battles"
TEST_VALUES = REPO / "tests" / "data" / f"{GAME}-test-values" / "owner-values.csv"
TURNS = 4

#: name: (seed, kind of planted violation or "" for a legal game); every game declares battles
CASES: dict[str, tuple[int, str]] = {
    "battles-8": (8, ""),
    "battles-14": (14, ""),
    "battles-26": (26, ""),
    "planted-defender-result-ignored": (9, "defender_result_ignored"),
    "planted-attacker-result-ignored": (4, "attacker_result_ignored"),
    "planted-retreat-wrong-length": (9, "retreat_wrong_length"),
    "planted-advance-too-far": (8, "advance_too_far"),
}


def games_with_test_values(where: Path) -> Path:
    """A games folder under ``where`` whose Panzergruppe Guderian has the TEST owner values."""
    shutil.copytree(REPO / "games" / GAME, where / GAME)
    shutil.copy(TEST_VALUES, where / GAME / "owner-values.csv")
    return where


def entry(name: str, games: Path) -> tuple[dict, dict]:
    """The oracle script and manifest entry of one case, played on ``games``' data."""
    random_play.use(GAME, games)
    try:
        seed, kind = CASES[name]
        random_logs.TURNS, turns = TURNS, random_logs.TURNS
        try:
            return random_logs.generated(f"{GAME} {name}", seed, True, kind)
        finally:
            random_logs.TURNS = turns
    finally:
        random_play.use(GAME)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", default=os.environ.get("VASSAL_ORACLE", str(REPO.parent / "shared" / "tools" / "oracle" / "oracle")))
    parser.add_argument("--manifest-only", action="store_true", help="write manifest.json only (no oracle)")
    parser.add_argument("--engine", choices=("3.6", "3.7"), default="3.6",
                        help="the engine that writes the logs (3.7: from the committed scripts, into 3.7/)")
    parser.add_argument("names", nargs="*", help="cases to write again (default: all)")
    args = parser.parse_args()
    FOLDER.mkdir(exist_ok=True)
    path = FOLDER / "manifest.json"
    manifest = json.loads(path.read_text()) if path.exists() else {}
    with tempfile.TemporaryDirectory() as temp:
        games = games_with_test_values(Path(temp) / "games")
        subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", GAME, "--out", temp],
                       cwd=REPO, check=True, capture_output=True)
        module = Path(temp) / f"{GAME}.vmod"
        if args.engine != "3.6":
            (FOLDER / args.engine).mkdir(exist_ok=True)
            for name in args.names or list(CASES):
                write(args.oracle, module, FOLDER / f"{name}.json", FOLDER / args.engine / f"{name}.vlog", args.engine)
            return
        for name in CASES:
            if args.names and name not in args.names:
                continue
            script, meta = entry(name, games)
            manifest[name] = meta
            if args.manifest_only:
                continue
            (FOLDER / f"{name}.json").write_text(json.dumps(script, indent=0) + "\n")
            write(args.oracle, module, FOLDER / f"{name}.json", FOLDER / f"{name}.vlog", args.engine)
    path.write_text(json.dumps({k: manifest[k] for k in CASES if k in manifest}, indent=1) + "\n")


def write(oracle: str, module: Path, script: Path, log: Path, engine: str) -> None:
    """``oracle write`` of one script by one engine; exit with its message when it fails."""
    done = subprocess.run([oracle, "write", str(module), str(script), str(log)], capture_output=True, text=True,
                          env=dict(os.environ, ORACLE_ENGINE=engine))
    report = json.loads(done.stdout or "{}")
    if not report.get("ok"):
        sys.exit(f"{script.stem}: {report.get('fatal') or done.stderr[-2000:]}")
    print(f"wrote {log.relative_to(REPO)}: {report['steps']} steps")


if __name__ == "__main__":
    main()
