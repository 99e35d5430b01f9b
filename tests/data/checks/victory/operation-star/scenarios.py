"""Write the Operation Star victory tally's test script (an ``oracle write`` script; ``make_logs.py``
has the real engine play it). Run from the repository root:

    python tests/data/checks/victory/operation-star/scenarios.py

- ``end-of-game``: Game-Turn 1 to the end of Game-Turn 10 (OS 25.0) with nothing played: no
  unit leaves the map (25.1 not achieved), nothing is eliminated, no Soviet reinforcement enters
  (23.13 scores each as eliminated for the German Player; the report's findings say they were
  held back against 23.1), and the towns stay as they began.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
PHASES = 9             # games/operation-star/game.toml [[phases]]
TURNS = 10             # OS 25.0


def end_of_game() -> dict:
    actions: list[dict] = []
    for _ in range(TURNS * PHASES - 1):                  # to the Game-Turn Indication Phase of Game-Turn 10
        actions += [{"turn": "next"}, {"step": True}]
    return {"player_name": "tester", "actions": actions}


if __name__ == "__main__":
    (HERE / "end-of-game.json").write_text(json.dumps(end_of_game(), indent=0) + "\n")
