"""Write the ``oracle write`` scripts of disruption after an overrun in Rostov (AGS 6.31-6.33:
Rostov keeps 6.3, ``rules.disruption = true``); make_logs.py beside it has the real engine write
``<name>.vlog`` from each ``<name>.json``; tests/games/test_ags_disruption.py says what the checker
must find in each.

In the Axis Movement Phase of Game-Turn 1 the 16th Panzer Division (2/16 Pz 3, 79/16 Mot Inf 1,
64/16 Mot Inf 0, at 1609, set-up) overruns the 255th Rifle Division (Defense 4, 1510): 4 halved
(AGS 6.0) is 2 to 4, 1-2, or 4 to 4, 1-1 if the whole division's doubling (Rostov 19.5) counts
before the halving; die 1 gives the defender 1 at either odds (1/1 or -/1): the 255th retreats
one hex to 1511 (AGS 9.66) and is disrupted (6.31) until the Soviet Disruption Removal Phase.

- disruption-moves: in the Soviet Movement Phase of Game-Turn 1 the 255th moves on to 1512 (AGS 6.32).
- disruption-stays: it stays through the Soviet Player-Turn (legal), while Game-Turn 1's four
  Soviet reinforcements enter (25.3).

    python tests/data/checks/rostov/disruption_scripts.py    # then make_logs.py NAME ...
"""

from __future__ import annotations

import json

from exclusive_scripts import HERE, SOVIET_GT1, add, move, next_phase, set_up, step

SIXTEENTH_PZ = ("2/16 Pz Rgt", "79/16 Mot Inf Rgt", "64/16 Mot Inf Rgt")


def overrun_gt1(advance: tuple[str, ...]) -> list[dict]:
    """Set-up, the Axis supply counter in (25.1), the overrun at die 1, the 255th's retreat and
    ``advance`` into 1510 (AGS 6.24), the markers off, on to the Soviet Movement Phase."""
    actions = set_up() + next_phase() + move("Axis Supply 5", "1201")
    source = len(actions)
    actions += add("Overrun 1", "1609")
    target = len(actions)
    actions += add("Overrun 1", "1510") + step({"dice": {"button": "1d6", "result": [1]}})
    actions += move("255 Rifle Div", "1511")
    for unit in advance:
        actions += move(unit, "1510")
    actions += step({"delete": {"piece": f"@{target}"}}) + step({"delete": {"piece": f"@{source}"}})
    return actions + next_phase(5)


def reinforcements(actions: list[dict]) -> list[dict]:
    for slot, hex_ in SOVIET_GT1:
        actions = actions + add(slot, hex_)
    return actions


SCRIPTS = {
    "disruption-moves": lambda advance: reinforcements(overrun_gt1(advance)) + move("255 Rifle Div", "1512")
    + next_phase(),
    "disruption-stays": lambda advance: reinforcements(overrun_gt1(advance)) + next_phase(4),
}


def write_scripts() -> None:
    for name, build in SCRIPTS.items():
        text = json.dumps({"player_name": "tester", "actions": build(SIXTEENTH_PZ)}, indent=0)
        (HERE / f"{name}.json").write_text(text + "\n")
        print(f"wrote {name}.json")


if __name__ == "__main__":
    write_scripts()
