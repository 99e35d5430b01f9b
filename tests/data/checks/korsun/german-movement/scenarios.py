"""The oracle scripts of the Korsun German movement logs (Korsun 21.1, 21.2: the restrictions of the
first Game-Turns; 22.0, 21.16: delay and disengagement), one legal and one illegal log per case,
for tests/games/test_korsun_german_movement.py. Run from the repository root, then write the logs
with make_logs.py beside this file:

    python tests/data/checks/korsun/german-movement/scenarios.py

Every log turns the same five Soviet HQs inactive at the beginning of Game-Turn 1 (23.11: three
active), moves no Soviet unit (the Soviet reinforcements of Game-Turn 3 enter in area K, 26.1) and
plays the German moves its comment names, from the opening position. Distances are in hexes from
the nearest hex bordering the unit's start-line segment (map/areas.csv), or from its set-up hex;
costs are the Terrain Effects Chart's, plus two Movement Points for delay or disengagement (22.13,
22.23).
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
BOARD = "Korsun"
PHASES_PER_TURN = 11
GERMAN_MOVEMENT = 5           # phases after the Soviet Movement Phase
GERMAN_MECH = 2               # from the German Movement Phase: German Combat, German Mechanized Movement


def move(piece: str, *hexes: str) -> list[dict]:
    return [a for h in hexes for a in ({"move": {"piece": piece, "map": BOARD, "location": h}}, {"step": True})]


def add(slot: str, hex_name: str) -> list[dict]:
    return [{"add": {"slot": slot, "map": BOARD, "location": hex_name}}, {"step": True}]


def next_phase(times: int = 1) -> list[dict]:
    return [{"turn": "next"}, {"step": True}] * times


def key(piece: str, command: str) -> list[dict]:
    return [{"key": {"piece": piece, "command": command}}, {"step": True}]


#: Korsun 23.11, 23.12: three HQs active on Game-Turns 1-3 (the 5 Gd Tk and 2 Tk among them)
HQ_CHOICE = [a for hq in ("HQ 4 Gd Army", "HQ 40 Army", "HQ 52 Army", "HQ 53 Army", "HQ 6 Tank Army")
             for a in key(hq, "Make inactive")]
#: Korsun 26.1: the Game-Turn 3 Soviet reinforcements, in area K (the Gd tank corps in area L)
TURN_THREE_ARRIVALS = (add("6 Gd Airborne Div", "3919") + add("7 Gd Airborne Div", "3916")
                       + add("94 Gd Rifle Div", "3913") + add("3 Gd Mech Corps", "3912")
                       + add("20 Tank Corps", "3922") + add("29 Tank Corps", "3917") + add("3 Gd Tank Corps", "0101"))


def german_movement(turn: int) -> list[dict]:
    """From the opening position to the German Movement Phase of ``turn``."""
    actions = HQ_CHOICE + next_phase(GERMAN_MOVEMENT if turn == 1 else PHASES_PER_TURN)
    for later in range(2, turn + 1):
        actions += TURN_THREE_ARRIVALS if later == 3 else []
        actions += next_phase(GERMAN_MOVEMENT if later == turn else PHASES_PER_TURN)
    return actions


T1, T2, T3 = german_movement(1), german_movement(2), german_movement(3)

SCENARIOS: dict[str, list[dict]] = {
    # 21.11 (and 22.1): the 39/17 Pz Rgt (area A, MA 8) delays out of 1210 (the 202 Rifle Div's zone),
    # covered by the 40/17 and 63/17 PzGren Rgts, to 1214: four hexes from area A's start line (the
    # case's own example), 4 + 2 MP
    "area-a-within-four": T1 + move("39/17 Pz Rgt", "1214") + next_phase(),
    # 21.11: the same delay to 1215, five hexes from the start line (the example's illegal hex), 5 + 2 MP
    "area-a-five-away": T1 + move("39/17 Pz Rgt", "1215") + next_phase(),
    # 21.12: the 235 StuG (printed 0616, not in an enemy zone) to 1014, four hexes from 0616
    "hex-unit-within-four": T1 + move("235 StuG", "1014") + next_phase(),
    # 21.12: to 1013, five hexes from 0616
    "hex-unit-five-away": T1 + move("235 StuG", "1013") + next_phase(),
    # 21.13: the 88 Inf Div (area C, MA 5, 1804) to 1806, two hexes from area C's start line
    "area-c-within-two": T1 + move("88 Inf Div", "1806") + next_phase(),
    # 21.13: to 1907, three hexes from it
    "area-c-three-away": T1 + move("88 Inf Div", "1907") + next_phase(),
    # 21.2: on Game-Turn 2 SS Wallonien (one of the four 2306 units, set up in 2405) to 2308: three
    # hexes from 2405, two from 2306
    "group-2306-turn-two-within": T2 + move("SS Wallonien Mot Bde", "2308") + next_phase(),
    # 21.2: to 2409, four hexes from 2405 and from 2306
    "group-2306-turn-two-four-away": T2 + move("SS Wallonien Mot Bde", "2409") + next_phase(),
    # 21.15: the 39/17 Pz Rgt delays to 1216 (six hexes from the start line: 21.11), then in the
    # German Mechanized Movement Phase moves closer, to 1215 (five): the second move is legal
    "outside-moves-closer": T1 + move("39/17 Pz Rgt", "1216") + next_phase(GERMAN_MECH)
    + move("39/17 Pz Rgt", "1215") + next_phase(),
    # 21.15: it delays to 1215 (five: 21.11), then moves away, to 1216 (six)
    "outside-moves-away": T1 + move("39/17 Pz Rgt", "1215") + next_phase(GERMAN_MECH)
    + move("39/17 Pz Rgt", "1216") + next_phase(),
    # 21.16: the 4/6 PzGren Rgt, alone in 0115 (the 6 Rifle Div's zone), leaves for 0117 on Game-Turn 1
    "alone-leaves-turn-one": T1 + move("4/6 PzGren Rgt", "0117") + next_phase(),
    # 22.24: the same move on Game-Turn 2
    "alone-leaves-turn-two": T2 + move("4/6 PzGren Rgt", "0117") + next_phase(),
    # 22.2: the same move on Game-Turn 3, by disengagement: 2 + 2 MP of 8
    "disengages-turn-three": T3 + move("4/6 PzGren Rgt", "0117") + next_phase(),
    # 22.21: on Game-Turn 3 it disengages into 0214, in the zone of the 31 Rifle Div
    "disengages-into-zone": T3 + move("4/6 PzGren Rgt", "0214") + next_phase(),
    # 22.23: on Game-Turn 3 it disengages to 0122, 7 MP: 9 with the disengagement's 2, of 8
    "disengages-too-far": T3 + move("4/6 PzGren Rgt", "0122") + next_phase(),
    # 22.13: the 39/17 Pz Rgt delays (covered) to 0414, 7 MP: 9 with the delay's 2, of 8
    "delay-too-far": T1 + move("39/17 Pz Rgt", "0414") + next_phase(),
    # 22.1 ("less one"), 21.16: all three units of 1210 leave; the last has no unit left to cover it
    "whole-stack-leaves": T1 + move("39/17 Pz Rgt", "1212") + move("40/17 PzGren Rgt", "1312")
    + move("63/17 PzGren Rgt", "1211") + next_phase(),
    # 22.12: the 39/17 Pz Rgt delays into 1310, in the zone of the 202 Rifle Div, and stops there (legal)
    "delay-into-zone-stops": T1 + move("39/17 Pz Rgt", "1310") + next_phase(),
    # 22.12: it delays into 1310 and moves on to 1311
    "delay-into-zone-moves-on": T1 + move("39/17 Pz Rgt", "1310", "1311") + next_phase(),
    # 22.11: the 805 StuG (1411) moves into 1309 (zones of the 202 Rifle Div and 11 Gd Tank Corps),
    # then the 80/34 Inf Rgt delays out of it to 1409: a unit in the hex had expended Movement Points
    "delay-after-a-unit-moved-in": T1 + move("805 StuG", "1309") + move("80/34 Inf Rgt", "1409") + next_phase(),
    # 22.11, the legal order: the 80/34 Inf Rgt delays out first, then the 805 StuG moves in
    "delay-before-a-unit-moves-in": T1 + move("80/34 Inf Rgt", "1409") + move("805 StuG", "1309") + next_phase(),
}


def main() -> None:
    for name, actions in SCENARIOS.items():
        (HERE / f"{name}.json").write_text(json.dumps({"player_name": "tester", "actions": actions}, indent=1) + "\n")
        print("wrote", f"{name}.json")


if __name__ == "__main__":
    main()
