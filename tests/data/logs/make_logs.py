"""Rebuild the engine-written logs in this folder and the engine's own replay of each.

Every ``*.vlog``/``*.vsav`` here was written by the real VASSAL 3.6 engine (``oracle write``)
from the ``*.json`` script of the same stem, on one of the oracle's fixture modules; next to it,
``<file>.engine.json`` is what ``oracle replay`` reports for it (trimmed to what the tests
compare, and without the ``player`` field of moves, which holds a password). One log,
``twoboards-layout.vlog``, is an engine-written log whose board layout was then edited (two
boards side by side, the second one reversed) with this repository's codec, so that the engine
names points on a multi-board map; its replay is still the engine's. ``tour.log.engine.json``
is the engine's replay of VASSAL's own 2005 tour (``tests/data/vassal-tour``).
``random-*.json`` are seeded random scripts (drags of pieces, stacks and selections, off-grid
drops, flips, undos) kept as they were generated.

The same scripts are written and replayed again by VASSAL 3.7.26, what players run today (the
oracle's ``ORACLE_ENGINE=3.7``), into ``3.7/`` (``tests.replay.cases.ENGINE_LOGS`` lists both).

Run from the repository root with the oracle available:

    python tests/data/logs/make_logs.py [--engine 3.6|3.7] [/path/to/oracle]

Piece ids are the engine's clock, so a rebuild changes them (and the tests do not depend on them).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(REPO))

from tests.replay.cases import ENGINES, ENGINE_LOGS, TOUR_LOGS, LogCase  # noqa: E402  (the one table of logs)

# Piece properties the engine reports besides its own: the fixtures' and our modules' unit properties.
PROPS = ("Kind,Fatigue,Step_Level,Step_Name,Unit,Game,Side,Formation,Type,Size,Attack,Defense,Movement,Step,"
         "Marker")
EDITED = ("twoboards-layout.vlog", "twoboards.vlog")

KEEP_COMMAND = ("index", "phase", "step", "class", "kind", "summary", "id", "name", "stack", "map", "x", "y",
                "location", "from_map", "from", "from_location", "to_map", "to", "to_location",
                "new_underneath", "changes", "text", "tracker", "levels", "new_state", "old_state",
                "old_value", "new_value", "container")


def oracle(*args: str) -> dict:
    command = [ORACLE, *args]
    done = subprocess.run(command, capture_output=True, text=True,
                          env=dict(os.environ, ORACLE_PROPS=PROPS, ORACLE_ENGINE=ENGINE))
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        sys.exit(f"oracle {' '.join(args)} failed (exit {done.returncode}):\n{done.stderr[-3000:]}")


def trimmed_replay(module: Path, log: Path) -> dict:
    report = oracle("replay", str(module), str(log))
    if report.get("fatal"):
        sys.exit(f"oracle replay {log.name}: {report['fatal']}")
    return {
        "module": module.name,
        "kind": report["kind"],
        "steps": report["steps"],
        "undecodable": report["undecodable"],
        "null_log_entries": report["null_log_entries"],
        "undo_markers": report["undo_markers"],
        "commands": [{k: c[k] for k in KEEP_COMMAND if k in c} for c in report["commands"]],
        "final_pieces": report["final_pieces"],
        "final_properties": report["final_properties"],
        "final_turns": report["final_turns"],
    }


def relayout(source: Path, target: Path) -> None:
    """Copy an engine-written log with the Main Map's layout changed to Board | Second (reversed)."""
    from vmodgen.engine.vassal.commands import BoardPlacement, SetBoards
    from vmodgen.engine.vassal.obfuscation import deobfuscate, obfuscate
    from vmodgen.engine.vassal.tree import decode_tree, encode_tree, top_level

    with zipfile.ZipFile(source) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    root = decode_tree(deobfuscate(entries["savedGame"]).decode("utf-8"))
    for part in top_level(root):
        if isinstance(part, SetBoards) and part.map_id == "Main Map":
            part.boards = [BoardPlacement("Board", False, 0, 0), BoardPlacement("Second", True, 1, 0)]
    entries["savedGame"] = obfuscate(encode_tree(root).encode("utf-8"), key=0x5a)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2021, 10, 31, 0, 0, 0)), data)


def main() -> None:
    global ORACLE, ENGINE
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", choices=ENGINES, default=ENGINE,
                        help="the oracle's engine that writes and replays the logs (default: $ORACLE_ENGINE or 3.6)")
    parser.add_argument("oracle", nargs="?", default=ORACLE)
    args = parser.parse_args()
    ORACLE, ENGINE = args.oracle, args.engine
    cases = [case for case in ENGINE_LOGS if case.engine_version == ENGINE]
    for case in cases:
        if case.script is None:
            continue
        case.build_module()
        case.log.parent.mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            written = Path(tmp) / case.log.name
            report = oracle("write", str(case.module), str(HERE / case.script), str(written))
            if report.get("fatal") or not written.exists():
                sys.exit(f"oracle write {case.log.name}: {report.get('fatal')}")
            case.log.write_bytes(written.read_bytes())
        save(case, trimmed_replay(case.module, case.log))
    edited, source = EDITED
    case = next(c for c in cases if c.log.name == edited)
    relayout(case.log.parent / source, case.log)
    save(case, trimmed_replay(case.module, case.log))
    tour = next(c for c in TOUR_LOGS if c.engine_version == ENGINE)
    save(tour, trimmed_replay(tour.module, tour.log))


def save(case: LogCase, replay: dict) -> None:
    case.replay_file.write_text(json.dumps(replay, indent=1, sort_keys=True) + "\n")
    print(f"{case.id}: {replay['steps']} steps, {len(replay['commands'])} commands")


ORACLE = os.environ.get("VASSAL_ORACLE", str(REPO.parent / "shared" / "tools" / "oracle" / "oracle"))
ENGINE = os.environ.get("ORACLE_ENGINE", ENGINES[0])

if __name__ == "__main__":
    main()
