"""Write the Kiev victory tally's test scripts (``oracle write`` scripts; ``make_logs.py`` has the
real engine play them). Run from the repository root:

    python tests/data/checks/victory/kiev/scenarios.py

- ``end-of-game``: the whole game, Game-Turn 1 to the end of Game-Turn 13 (Kiev 24.0), in which
  the only play is the 99th Light Division's move from 0221 to the town of Brovary (0519) in the
  German Movement Phase of Game-Turn 1: Brovary is German (the last to occupy it, 24.0), the
  towns within the move's reach may have been passed through, every other town and city keeps
  its controller from the start (0602 and 1329 German, the others Soviet), nothing is eliminated.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
PHASES = 6             # games/kiev/game.toml [[phases]]
TURNS = 13             # Kiev 24.0


def step(action: dict) -> list[dict]:
    return [action, {"step": True}]


def end_of_game() -> dict:
    actions: list[dict] = []
    actions += step({"turn": "next"})                    # Soviet Combat
    actions += step({"turn": "next"})                    # German Movement, Game-Turn 1
    actions += step({"move": {"piece": "99 Lt Div", "location": "0519"}})
    for _ in range(TURNS * PHASES - 3):                  # to the Game-Turn Indication Phase of Game-Turn 13
        actions += step({"turn": "next"})
    return {"player_name": "tester", "actions": actions}


if __name__ == "__main__":
    (HERE / "end-of-game.json").write_text(json.dumps(end_of_game(), indent=0) + "\n")
