"""Write a game's committed random-play logs with the real engine (issue 10: "a multi-turn legal
game checks clean; random legal play ... run on each game"), for tests/games/test_random_play_<id>.py.

For each game, CASES names:

* ``legal-game``: a longer generated game (both sides, every phase of several Game-Turns, moves,
  reinforcements, battles where the generator finds evident ones), written to
  ``tests/data/checks/<id>/legal-game.json`` and ``.vlog``;
* the others: generated games (random_play.py, by seed) and mutants (random_mutate.py: a seed and
  a kind of planted violation), written to ``tests/data/checks/<id>/random-play/<name>.json`` and
  ``.vlog``, with ``manifest.json`` (seed, kind, expected case, the step where the changed phase
  begins, what was planted).

Run from the repository root with the oracle set up (one log at a time):

    python tests/data/checks/random_logs.py GAME [--oracle PATH] [--reuse DIR] [--manifest-only] [NAME ...]
    python tests/data/checks/random_logs.py GAME legal-game --engine 3.7

``--engine 3.7`` has VASSAL 3.7.26 write the named logs from their committed scripts, into a
``3.7/`` folder beside them (the checker must give the same verdicts).

``--reuse DIR`` takes the log of a case from a folder bench/bench_random_play.py kept (``--keep``)
when a script there is the case's, byte for byte, instead of writing it again.
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
REPO = HERE.parents[2]
sys.path.insert(0, str(HERE))

import random_mutate  # noqa: E402
import random_play  # noqa: E402

TURNS = 3
LEGAL_GAME = "legal-game"

#: The legal game of each game: (seed, Game-Turns, moves per side and movement phase).
LEGAL: dict[str, tuple[int, int, int]] = {
    "rostov": (1, 4, 15),
    "operation-star": (2, 4, 15),
    "korsun": (3, 4, 15),
    "panzergruppe-guderian": (1, 4, 15),
}

#: game: {name: (seed, battles, kind of planted violation or "" for a legal game[, the mutant's
#: seed when not the game's: the bench's seed * 1000 + number, to keep a mutant the bench wrote])}
CASES: dict[str, dict[str, tuple]] = {
    "rostov": {
        "quiet-1": (1, False, ""),
        "quiet-2": (2, False, ""),
        "planted-early-reinforcement": (1, False, "early_reinforcement", 1003),
        "planted-enemy-phase": (1, False, "enemy_phase", 1004),
        "planted-infantry-in-mech-phase": (1, False, "infantry_in_mech_phase", 1005),
        "planted-leave-zoc": (1, False, "leave_zoc", 1006),
        "planted-leave-zoc-mech": (1, False, "leave_zoc_mech", 1007),
        "planted-overstack": (1, False, "overstack", 1008),
        "planted-too-far": (1, False, "too_far", 1011),
        "planted-withheld-reinforcement": (1, False, "withheld_reinforcement", 1012),
        "planted-zoc-continue-mech": (4, False, "zoc_continue_mech", 4015),
    },
    "operation-star": {
        "quiet-1": (1, False, ""),
        "battles-2": (2, True, ""),
        "planted-advance-too-far": (18, True, "advance_too_far", 18000),
        "planted-attacker-result-ignored": (1, True, "attacker_result_ignored", 1001),
        "planted-defender-result-ignored": (1, True, "defender_result_ignored", 1002),
        "planted-early-reinforcement": (1, False, "early_reinforcement", 1003),
        "planted-enemy-phase": (1, False, "enemy_phase", 1004),
        "planted-infantry-in-mech-phase": (1, False, "infantry_in_mech_phase", 1005),
        "planted-leave-zoc": (1, False, "leave_zoc", 1006),
        "planted-overstack": (1, False, "overstack", 1008),
        "planted-rail-too-far": (1, False, "rail_too_far", 1009),
        "planted-retreat-wrong-length": (2, True, "retreat_wrong_length", 2010),
        "planted-too-far": (1, False, "too_far", 1011),
        "planted-wrong-area": (1, False, "wrong_area", 1013),
        "planted-zoc-continue": (1, False, "zoc_continue", 1014),
        "planted-zoc-continue-mech": (2, False, "zoc_continue_mech", 2015),
    },
    "korsun": {
        "quiet-1": (1, False, ""),
        "battles-1": (1, True, ""),
        "planted-attacker-result-ignored": (1, True, "attacker_result_ignored", 1001),
        "planted-defender-result-ignored": (1, True, "defender_result_ignored", 1002),
        "planted-early-reinforcement": (1, False, "early_reinforcement", 1003),
        "planted-enemy-phase": (1, False, "enemy_phase", 1004),
        "planted-infantry-in-mech-phase": (1, False, "infantry_in_mech_phase", 1005),
        "planted-leave-zoc": (1, False, "leave_zoc", 1006),
        "planted-leave-zoc-mech": (1, False, "leave_zoc_mech", 1007),
        "planted-overstack": (1, False, "overstack", 1008),
        "planted-retreat-wrong-length": (1, True, "retreat_wrong_length", 1010),
        "planted-too-far": (1, False, "too_far", 1011),
        "planted-zoc-continue": (1, False, "zoc_continue", 1014),
        "planted-zoc-continue-mech": (2, False, "zoc_continue_mech", 2015),
    },
    # No battles: a battle is declared only where its result is evident, and the book gives the
    # strength of no untried Soviet unit the set-up or the schedule brings on (PGG 12.1).
    "panzergruppe-guderian": {
        "quiet-1": (1, False, ""),
        "quiet-2": (2, False, ""),
        "quiet-3": (3, False, ""),
        "planted-early-reinforcement": (1, False, "early_reinforcement"),
        "planted-enemy-phase": (1, False, "enemy_phase"),
        "planted-infantry-in-mech-phase": (1, False, "infantry_in_mech_phase"),
        "planted-leave-zoc-mech": (3, False, "leave_zoc_mech"),
        "planted-overstack": (1, False, "overstack"),
        "planted-rail-too-far": (1, False, "rail_too_far"),
        "planted-too-far": (1, False, "too_far"),
        "planted-wrong-area": (1, False, "wrong_area"),
        "planted-zoc-continue": (1, False, "zoc_continue"),
        "planted-zoc-continue-mech": (1, False, "zoc_continue_mech"),
    },
}


def folder(game: str, name: str) -> Path:
    """Where a case's script and log live."""
    base = HERE / game
    return base if name == LEGAL_GAME else base / "random-play"


def entry(game: str, name: str) -> tuple[dict, dict]:
    """The oracle script and the manifest entry for one case of one game."""
    random_play.use(game)
    if name == LEGAL_GAME:
        seed, turns, moves = LEGAL[game]
        phases = random_play.Player(seed, moves=moves, battles=3).play(turns)
        return random_play.script(random_play.serialize(phases)), {"seed": seed, "battles": True, "turns": turns,
                                                                    "kind": ""}
    return generated(f"{game} {name}", *CASES[game][name])


def generated(label: str, seed: int, battles: bool, kind: str, *mutant_seed: int) -> tuple[dict, dict]:
    """The oracle script and manifest entry of a generated game of the game in use (``seed``,
    with or without battles), or of its mutant planted with a violation of ``kind``."""
    player = random_play.Player(seed, battles=3 if battles else 0)
    phases = player.play(TURNS)
    meta = {"seed": seed, "battles": battles, "turns": TURNS, "kind": kind}
    if not kind:
        return random_play.script(random_play.serialize(phases)), meta
    mutant = random_mutate.plant(player, phases, kind, mutant_seed[0] if mutant_seed else seed)
    if mutant is None:
        raise SystemExit(f"{label}: nowhere to plant {kind} in game {seed}")
    meta.update(case=mutant.case, unit=mutant.unit, what=mutant.what, first_step=mutant.first_step)
    return random_play.script(random_play.serialize(mutant.phases, end_with_next=True)), meta


def manifest_path(game: str) -> Path:
    return HERE / game / "random-play" / "manifest.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(CASES))
    parser.add_argument("--oracle", default=os.environ.get("VASSAL_ORACLE", str(REPO.parent / "shared" / "tools" / "oracle" / "oracle")),
                        help="the oracle (default: $VASSAL_ORACLE, else ../shared/tools/oracle/oracle beside the repository)")
    parser.add_argument("--reuse", type=Path, action="append", default=[], help="a bench --keep folder")
    parser.add_argument("--manifest-only", action="store_true", help="write manifest.json only (no oracle)")
    parser.add_argument("--engine", choices=("3.6", "3.7"), default="3.6",
                        help="the engine that writes the logs (3.7: from the committed scripts, into 3.7/)")
    parser.add_argument("names", nargs="*", help="cases to write again (default: all, the legal game first)")
    args = parser.parse_args()
    game = args.game
    names = [LEGAL_GAME, *CASES[game]]
    path = manifest_path(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    manifest = json.loads(path.read_text()) if path.exists() else {}
    if args.manifest_only:
        manifest = {name: entry(game, name)[1] for name in CASES[game]}
        path.write_text(json.dumps(manifest, indent=1) + "\n")
        return
    with tempfile.TemporaryDirectory() as temp:
        subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", game, "--out", temp],
                       cwd=REPO, check=True, capture_output=True)
        module = Path(temp) / f"{game}.vmod"
        if args.engine != "3.6":
            write_again(args.oracle, args.engine, module, game, args.names or names)
            return
        for name in names:
            if args.names and name not in args.names:
                continue
            script, meta = entry(game, name)
            where = folder(game, name)
            text = json.dumps(script, indent=0) + "\n"
            (where / f"{name}.json").write_text(text)
            log = where / f"{name}.vlog"
            kept = next((k.with_suffix(".vlog") for d in args.reuse for k in sorted(d.glob("*.json"))
                         if k.read_text() == text and k.with_suffix(".vlog").exists()), None)
            if kept is not None:
                shutil.copyfile(kept, log)
                print(f"took {log.relative_to(HERE)} from {kept}")
            else:
                done = subprocess.run([args.oracle, "write", str(module), str(where / f"{name}.json"), str(log)],
                                      capture_output=True, text=True)
                report = json.loads(done.stdout or "{}")
                if not report.get("ok"):
                    sys.exit(f"{name}: {report.get('fatal') or done.stderr[-2000:]}")
                print(f"wrote {log.relative_to(HERE)}: {report['steps']} steps")
            if name != LEGAL_GAME:
                manifest[name] = meta
    path.write_text(json.dumps({k: manifest[k] for k in CASES[game] if k in manifest}, indent=1) + "\n")


def write_again(oracle: str, engine: str, module: Path, game: str, names: list[str]) -> None:
    """The named cases' committed scripts written by another engine, into ``3.7/`` beside them."""
    for name in names:
        where = folder(game, name)
        (where / engine).mkdir(exist_ok=True)
        log = where / engine / f"{name}.vlog"
        done = subprocess.run([oracle, "write", str(module), str(where / f"{name}.json"), str(log)],
                              capture_output=True, text=True, env=dict(os.environ, ORACLE_ENGINE=engine))
        report = json.loads(done.stdout or "{}")
        if not report.get("ok"):
            sys.exit(f"{name}: {report.get('fatal') or done.stderr[-2000:]}")
        print(f"wrote {log.relative_to(HERE)}: {report['steps']} steps")


if __name__ == "__main__":
    main()
