"""Write the committed random-play logs of tests/check/test_random_play.py with the real engine.

Each entry of CASES is a generated game (random_play.py, by seed) or a mutant (random_mutate.py:
a seed, a kind of planted violation); this writes ``<name>.json`` (the ``oracle write`` script),
``<name>.vlog`` (the engine's log) and ``manifest.json`` (seed, kind, expected case, the step
where the changed phase begins, what was planted). Run from the repository root with the
oracle set up:

    python tests/data/checks/kiev/random/make_random_logs.py [--oracle PATH] [--manifest-only] [NAME ...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[4]
sys.path.insert(0, str(HERE.parents[1]))

import random_logs  # noqa: E402
import random_play  # noqa: E402


#: name: (seed, battles, kind of planted violation or "" for a legal game[, the mutant's seed
#: when not the game's: the bench's seed * 1000 + number, to keep a mutant the bench found])
CASES: dict[str, tuple] = {
    "quiet-1": (1, False, ""),
    "quiet-2": (2, False, ""),
    "battles-1": (1, True, ""),
    "planted-too-far": (1, False, "too_far"),
    "planted-infantry-in-mech-phase": (1, False, "infantry_in_mech_phase"),
    "planted-overstack": (1, False, "overstack"),
    "planted-early-reinforcement": (1, False, "early_reinforcement"),
    "planted-leave-zoc-mech": (1, False, "leave_zoc_mech"),
    "planted-zoc-continue": (1, True, "zoc_continue"),
    "planted-rail-too-far": (1, False, "rail_too_far"),
    "planted-defender-result-ignored": (1, True, "defender_result_ignored"),
    "planted-retreat-wrong-length": (1, True, "retreat_wrong_length"),
    "planted-advance-too-far": (3, True, "advance_too_far"),
    "planted-attacker-result-ignored": (3, True, "attacker_result_ignored"),
    "planted-zoc-continue-mech": (1, False, "zoc_continue_mech"),
    "planted-wrong-area": (6, False, "wrong_area", 6093),
}


def entry(name: str) -> tuple[dict, dict]:
    """The oracle script and the manifest entry for one case."""
    random_play.use("kiev")
    return random_logs.generated(name, *CASES[name])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", default=os.environ.get("VASSAL_ORACLE", str(REPO.parent / "shared" / "tools" / "oracle" / "oracle")),
                        help="the oracle (default: $VASSAL_ORACLE, else ../shared/tools/oracle/oracle beside the repository)")
    parser.add_argument("--manifest-only", action="store_true", help="write manifest.json only (no oracle)")
    parser.add_argument("names", nargs="*", help="cases to write again (default: all)")
    args = parser.parse_args()
    manifest_path = HERE / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    if args.manifest_only:
        manifest = {name: entry(name)[1] for name in CASES}
        manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")
        return
    with tempfile.TemporaryDirectory() as temp:
        subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", "kiev", "--out", temp],
                       cwd=REPO, check=True, capture_output=True)
        module = Path(temp) / "kiev.vmod"
        for name in CASES:
            if args.names and name not in args.names:
                continue
            script, meta = entry(name)
            (HERE / f"{name}.json").write_text(json.dumps(script, indent=0) + "\n")
            log = HERE / f"{name}.vlog"
            done = subprocess.run([args.oracle, "write", str(module), str(HERE / f"{name}.json"), str(log)],
                                  capture_output=True, text=True)
            report = json.loads(done.stdout or "{}")
            if not report.get("ok"):
                sys.exit(f"{name}: {report.get('fatal') or done.stderr[-2000:]}")
            manifest[name] = meta
            print(f"wrote {log.name}: {report['steps']} steps")
    manifest_path.write_text(json.dumps({k: manifest[k] for k in CASES if k in manifest}, indent=1) + "\n")


if __name__ == "__main__":
    main()
