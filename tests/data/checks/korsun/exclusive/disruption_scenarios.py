"""Korsun logs of disruption after an overrun (AGS 6.31-6.33; Korsun keeps 6.3, unlike Kiev
19.22, 19.42), for tests/games/test_ags_disruption.py. This script writes ``<name>.json`` beside
it, an ``oracle write`` script; make_logs.py beside it has the real VASSAL engine turn each into
``<name>.vlog`` (``make_logs.py [--engine 3.7] disrupted-moves disrupted-waits``).

Both start as scenarios.py's overrun-by-german-infantry: in the German Movement Phase of Game-Turn
1 the three regiments of the 282nd Infantry Division (2615) overrun the 63rd Cavalry Division
(2716, defense 2): 2 (halved) to 2, 1-1, die 1: -/1, the cavalry loses a step (AGS 6.31: it is
disrupted until the Soviet Disruption Removal Phase of Game-Turn 2, 6.33).

- disrupted-moves: in the Soviet Movement Phase of Game-Turn 2 the cavalry moves to 2816 (AGS
  6.32; it also leaves the German zone of control, AGS 5.24).
- disrupted-attacks: in the Soviet Combat Phase of Game-Turn 2 the cavalry alone attacks the
  282nd Infantry Division's hex (2615), die 6 (AGS 6.32; its reduced strength is not printed in
  the rulebook, so the odds and the result are not judged).
- disrupted-waits: it stays through the Soviet Player-Turn of Game-Turn 2, and makes the same
  attack in the Soviet Combat Phase of Game-Turn 3, after its Disruption Removal Phase (legal;
  Game-Turn 3's reinforcements enter as in reinforcements-on-time). A move would not do: the
  cavalry stands in the German zone of control, which it may not leave (AGS 5.24).

    python tests/data/checks/korsun/exclusive/disruption_scenarios.py
"""

from __future__ import annotations

import json

from scenarios import HERE, HQ_CHOICE, TO_GERMAN_MOVEMENT, TURN, TURN_3_K, TURN_3_L, delete, die, enter, marker, move, \
    next_phase, overrun, resolved

#: the overrun, then on to the Soviet Movement Phase of Game-Turn 2 (German Combat, Mechanized,
#: Disruption Removal, Air Power, Game-Turn Indication, Soviet Movement)
OVERRUN = HQ_CHOICE + next_phase(TO_GERMAN_MOVEMENT) + overrun(1, "2615", "2716", 1, "63 Cavalry Div") + next_phase(6)

#: the cavalry's name once its reduced side shows (the face layer's "+ (reduced)")
REDUCED_CAVALRY = "63 Cavalry Div (reduced)"

#: AGS 9.0: the cavalry's battle against 2615 by markers and a die, nothing lost
ATTACK = marker("Attack 1", "2716") + marker("Defend 1", "2615") + die(6) + delete("Attack 1@2716") \
    + delete("Defend 1@2615")

SCENARIOS = {
    "disrupted-moves": OVERRUN + move(REDUCED_CAVALRY, "2816") + next_phase(),
    "disrupted-attacks": OVERRUN + next_phase() + ATTACK + next_phase(),
    "disrupted-waits": OVERRUN + next_phase(TURN) + enter(TURN_3_K + TURN_3_L) + next_phase() + ATTACK
    + next_phase(),
}


def main() -> None:
    for name, actions in SCENARIOS.items():
        (HERE / f"{name}.json").write_text(json.dumps({"player_name": "tester", "actions": resolved(actions)}, indent=1) + "\n")
        print("wrote", f"{name}.json")


if __name__ == "__main__":
    main()
