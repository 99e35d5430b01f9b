"""Engine-written Korsun logs for tests/games/test_korsun.py: the opening position, a few moves,
each written by the real VASSAL engine (``oracle write``) from the module built from games/korsun.

The hexes are picked by what the rulebook says: the 14th Guards Rifle Division (MA 5, 1502) moving
seven hexes breaks AGS 5.11; the 88th Infantry Division (MA 5, 1804) reaching 1908 in four clear
hexes with one crossing of the Ros is legal only because Korsun 19.24 charges German units one
extra MP for a minor river, not the two of the Standard TEC; a fourth German unit moved into the
three-regiment stack of the 14th Panzer Division in 2316 breaks AGS 7.0; the 27 Army HQ turned
to its inactive side (Korsun 23.11, "Make inactive" on the piece's menu) and moved keeps its
Leadership Rating, its movement and its one step (19.62).

    VASSAL_ORACLE=../shared/tools/oracle/oracle python tests/data/games/korsun/make_logs.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
BOARD = "Korsun"
TO_GERMAN_MOVEMENT = 5      # Soviet Combat, Mechanized, Disruption Removal, Air Power, German Movement


def move(piece: str, hex_name: str) -> list[dict]:
    return [{"move": {"piece": piece, "map": BOARD, "location": hex_name}}, {"step": True}]


def next_phase(times: int = 1) -> list[dict]:
    return [{"turn": "next"}, {"step": True}] * times


SOVIET_OPENING = move("14 Gd Rifle Div", "1402") + move("HQ 40 Army", "0309")

SCENARIOS = {
    "legal": SOVIET_OPENING + next_phase(TO_GERMAN_MOVEMENT) + move("88 Inf Div", "1908") + next_phase(),
    "far": move("14 Gd Rifle Div", "0802") + next_phase(),
    "hq-inactive": [{"key": {"piece": "HQ 27 Army", "command": "Make inactive"}}, {"step": True}]
    + move("HQ 27 Army (inactive)", "1601") + next_phase(),
    "overstack": SOVIET_OPENING + next_phase(TO_GERMAN_MOVEMENT) + move("15/11 Pz Rgt", "2316") + next_phase(),
}


def main() -> None:
    oracle = os.environ.get("VASSAL_ORACLE")
    if not oracle:
        sys.exit("make_logs.py: set VASSAL_ORACLE to the oracle (../shared/tools/oracle/oracle)")
    sys.path.insert(0, str(ROOT))
    from vmodgen.build import build_game
    with tempfile.TemporaryDirectory() as tmp:
        module = build_game(ROOT / "games" / "korsun", Path(tmp)).path
        for engine, folder in (("3.6", HERE), ("3.7", HERE / "3.7")):
            folder.mkdir(exist_ok=True)
            for name, actions in SCENARIOS.items():
                script = folder / f"{name}.json"
                script.write_text(json.dumps({"player_name": "tester", "actions": actions}, indent=1) + "\n")
                done = subprocess.run([oracle, "write", str(module), str(script), str(folder / f"{name}.vlog")],
                                      capture_output=True, text=True, env=dict(os.environ, ORACLE_ENGINE=engine))
                report = json.loads(done.stdout)
                if not report.get("ok"):
                    sys.exit(f"make_logs.py: {engine} {name}: {report.get('errors')}")
                print(engine, name, "written")


if __name__ == "__main__":
    main()
