"""Korsun exclusive-rule logs (issue 10): each a legal game up to one thing done, legal or not,
for tests/games/test_korsun_exclusive.py. This script writes ``<name>.json``, an ``oracle write``
script; make_logs.py beside it has the real VASSAL engine turn each into ``<name>.vlog``.

The hexes and dice are picked by what the rulebook says (the set-up of units.csv, the CRT of
charts/crt.csv), not by asking the checker:

- Korsun 19.4 (overrun classes per side): on Game-Turn 1 the 6th Rifle Division (0114, 4-5-5,
  rifle) overruns the 4/6 PzGren Rgt (0115, defense 3): 2 (halved) to 3, 1-2, die 3: 1/-, the
  rifle division loses a step; the same against the 64/16 PzGren Rgt (0911) by the 233rd Tank
  Brigade (0810, 4-2-9) is legal; in the German Movement Phase the three regiments of the 282nd
  Infantry Division (2615, 2+2+1 halved: 2) overrun the 63rd Cavalry Division (2716, defense 2):
  1-1, die 1: -/1, the cavalry loses a step. Rifle overruns are illegal (19.4), German infantry
  ones legal (19.4: any German unit; Kiev's 19.41 would forbid it).
- Korsun 26.0, 26.1 (reinforcements): the Game-Turn 3 schedule brought in on time in areas K and
  L (legal); a tank corps withheld; the same corps brought in a Game-Turn late; the Guards tank
  corps of area L placed in area K.
- Korsun 23.2, 23.21 (active HQ attack limits from Game-Turn 5): with the 5 Gd Tank Army HQ
  (Leadership 6: three operations) and the 27 Army HQ (Leadership 4: two) the active HQs of
  Game-Turn 5 (23.11 allows two; the 2 Tk HQ turned inactive on Game-Turn 4), the eastern
  attacks of the 53 Army's sector reach only the 5 Gd Tank Army HQ among active HQs. Three of
  them and one of the 27 Army's are legal; a fourth eastern attack breaks 23.2; an overrun and
  three attacks break it by 23.21 (an overrun is an offensive operation). Each battle's comment
  gives its odds, die and result.
- Korsun 19.5, 19.56 (divisional integrity): the three regiments of an infantry division in one hex
  shift the odds one column in their favour against a Soviet attack (a result at the unshifted
  column is illegal); a whole Panzer division attacking from one hex is doubled.
- Korsun 19.3 (Baeke stacks for free): on Game-Turn 6 every German reinforcement enters (26.2:
  6F, 6G); the Baeke Heavy Tank Regiment enters 0119 (area F) with the three regiments of the 1st
  Panzer Division (legal: three units and Baeke); with the LAH/LAH SS Pz Rgt too the hex holds
  four units besides Baeke (AGS 7.0).

Every log turns five HQs inactive at the beginning of Game-Turn 1 (23.11: three active, the 5 Gd Tk
and 2 Tk among them, 23.12); the logs that reach Game-Turn 3 bring in its reinforcements (26.0:
mandatory), and those reaching Game-Turn 5 its reinforcements too.

    python tests/data/checks/korsun/exclusive/scenarios.py
    python tests/data/checks/korsun/exclusive/make_logs.py [--engine 3.7] [NAME ...]
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
BOARD = "Korsun"
TURN = 11                   # phases in a Game-Turn
TO_GERMAN_MOVEMENT = 5      # Soviet Combat, Mechanized, Disruption Removal, Air Power, German Movement


def move(piece: str, hex_name: str) -> list[dict]:
    return [{"move": {"piece": piece, "map": BOARD, "location": hex_name}}, {"step": True}]


def next_phase(times: int = 1) -> list[dict]:
    return [{"turn": "next"}, {"step": True}] * times


def key(piece: str, command: str) -> list[dict]:
    return [{"key": {"piece": piece, "command": command}}, {"step": True}]


def add(slot: str, hex_name: str) -> list[dict]:
    return [{"add": {"slot": slot, "map": BOARD, "location": hex_name}}, {"step": True}]


def delete(piece: str) -> list[dict]:
    return [{"delete": {"piece": piece}}, {"step": True}]


def die(value: int) -> list[dict]:
    return [{"dice": {"button": "1d6", "result": [value]}}, {"step": True}]


def inactive(*hqs: str) -> list[dict]:
    return [a for hq in hqs for a in key(hq, "Make inactive")]


def marker(slot: str, hex_name: str) -> list[dict]:
    """A battle or overrun marker, named ``slot@hex`` until :func:`resolved` turns the name into
    the engine's ``@N`` (two markers of one battle share a name, which the engine cannot tell apart)."""
    return [{"add": {"slot": slot, "map": BOARD, "location": hex_name}, "ref": f"{slot}@{hex_name}"}, {"step": True}]


def battle(number: int, attackers: list[str], defender: str, roll: int, loser: str) -> list[dict]:
    """A battle by markers, its die and the defender's step loss (-/1 at these odds, die 1)."""
    marks = [(f"Attack {number}", h) for h in attackers] + [(f"Defend {number}", defender)]
    return ([a for m in marks for a in marker(*m)] + die(roll) + key(loser, "Lose step")
            + [a for slot, h in marks for a in delete(f"{slot}@{h}")])


def overrun(number: int, source: str, target: str, roll: int, loser: str) -> list[dict]:
    """An overrun by two markers (AGS 6.0), its die and the one step it costs ``loser``."""
    marks = [(f"Overrun {number}", source), (f"Overrun {number}", target)]
    return ([a for m in marks for a in marker(*m)] + die(roll) + key(loser, "Lose step")
            + [a for slot, h in marks for a in delete(f"{slot}@{h}")])


def resolved(actions: list[dict]) -> list[dict]:
    """The script with each marker's ``slot@hex`` name replaced by ``@N``, N the index of the
    action that placed the marker last before."""
    placed: dict[str, int] = {}
    out = []
    for index, action in enumerate(actions):
        if "ref" in action:
            placed[action["ref"]] = index
            action = {k: v for k, v in action.items() if k != "ref"}
        elif "delete" in action and action["delete"]["piece"] in placed:
            action = {"delete": {"piece": f"@{placed[action['delete']['piece']]}"}}
        out.append(action)
    return out


#: 23.11, 23.12: the 27 Army, 2 Tk and 5 Gd Tk HQs active on Game-Turn 1
HQ_CHOICE = inactive("HQ 4 Gd Army", "HQ 40 Army", "HQ 52 Army", "HQ 53 Army", "HQ 6 Tank Army")
#: the same with the 40 Army HQ active instead of the 27 Army's (the 6th Rifle Division's only HQ)
ACTIVE_40 = inactive("HQ 4 Gd Army", "HQ 27 Army", "HQ 52 Army", "HQ 53 Army", "HQ 6 Tank Army")

#: Korsun 26.1, Game-Turn 3: area K two Gd Abn, one Gd Rifle, one Gd Mot corps, two Tank corps;
#: area L one Gd Tank corps (a corps alone in its hex, 24.12)
TURN_3_K = [("7 Gd Airborne Div", "3914"), ("6 Gd Airborne Div", "3920"), ("94 Gd Rifle Div", "3912"),
            ("3 Gd Mech Corps", "3922"), ("18 Tank Corps", "3913"), ("29 Tank Corps", "3916")]
TURN_3_L = [("3 Gd Tank Corps", "1101")]
#: Game-Turn 5, area K: one Gd Rifle, three Gd Tank and three Gd Mot brigades, one Tank corps
TURN_5_K = [("95 Gd Rifle Div", "3915"), ("21 Gd Tank Bde", "3917"), ("8 Gd Tank Bde", "3917"),
            ("44 Gd Tank Bde", "3917"), ("1 Gd Mot Bde", "3919"), ("21 Gd Mot Bde", "3919"),
            ("29 Gd Mot Bde", "3919"), ("20 Tank Corps", "3918")]


def enter(units: list[tuple[str, str]]) -> list[dict]:
    return [a for slot, hex_name in units for a in add(slot, hex_name)]


#: Game-Turn 1 to the beginning of Game-Turn 3's Soviet Movement Phase, nothing moved
TO_TURN_3 = HQ_CHOICE + next_phase(2 * TURN)
#: on to Game-Turn 5's Soviet Movement Phase: Game-Turn 3's reinforcements, on Game-Turn 4 the
#: 2 Tk HQ turned inactive (two active, 23.11), Game-Turn 5's reinforcements
TO_TURN_5 = TO_TURN_3 + enter(TURN_3_K + TURN_3_L) + next_phase(TURN) + inactive("HQ 2 Tank Army") \
    + next_phase(TURN) + enter(TURN_5_K)

#: the Game-Turn 5 battles; east of the pocket every attacker reaches only the 5 Gd Tank Army
#: HQ among active HQs (the 4 Gd, 52 and 53 Army HQs are inactive)
EAST_1 = battle(1, ["2712"], "2611", 1, "389 Inf Div")          # 5 to 5, 1-1, die 1: -/1
EAST_2 = battle(2, ["2715", "2716"], "2615", 3, "25 Tank Bde")  # 4+3 to 3+3+1, 1-1 shifted to 1-2 (19.56), die 3: 1/-
EAST_3 = battle(3, ["2717", "2718"], "2617", 3, "1 Gd Cavalry Div")  # 4+4 to 3+3+1, 1-2 (19.56), die 3: 1/-
EAST_4 = battle(4, ["2719"], "2619", 3, "20 Gd Tank Bde")       # 5 to (1+3+1)x2 (19.52, whole 3 Pz), 1-2, die 3: 1/-
WEST_5 = battle(5, ["1802", "1902"], "1903", 1, "417/168 Inf Rgt")  # 27 Army HQ: 8 to 3, 2-1, die 1: -/1

#: Game-Turn 6's German Movement Phase, nothing done on Game-Turn 5 after its reinforcements
#: (23.11: two active HQs on Game-Turn 6 as on 5; no Soviet reinforcement on Game-Turn 6, 26.1)
TO_TURN_6_GERMAN = TO_TURN_5 + next_phase(TURN + TO_GERMAN_MOVEMENT)
#: Korsun 26.2: the 6F and 6G units; 0119 and 0121 are in Entry Area F, 1426 in G
FIRST_PZ_WITH_BAEKE = [("Baeke Heavy Tank Rgt", "0119"), ("1/1 Pz Rgt", "0119"), ("1/1 PzGren Rgt", "0119"),
                       ("113/1 PzGren Rgt", "0119")]
LAH = [("LAH/LAH SS Pz Rgt", "0121"), ("1/LAH SS PzGren Rgt", "0121"), ("2/LAH SS PzGren Rgt", "0121")]
THIRTEENTH_PZ = [("4/13 Pz Rgt", "1426"), ("66/13 PzGren Rgt", "1426"), ("93/13 PzGren Rgt", "1426")]

SCENARIOS = {
    # 19.56: the 25 Tank Bde and 63 Cavalry Div attack the three regiments of the 282nd Infantry
    # Division (2615): 7 to 7, 1-1 shifted to 1-2 for the whole division in the hex, die 3: 1/-
    "infantry-division-shift": HQ_CHOICE + next_phase() + battle(1, ["2715", "2716"], "2615", 3, "25 Tank Bde")
    + next_phase(2),
    # 19.56: the same attack with die 1 resolved at 1-1 (-/1, a regiment loses a step) instead of
    # the shifted 1-2 (1/1)
    "infantry-division-unshifted": HQ_CHOICE + next_phase() + battle(1, ["2715", "2716"], "2615", 1, "848/282 Inf Rgt")
    + next_phase(),
    # 19.51: the whole 3rd Panzer Division (2619: 3+2+1, doubled 12) attacks the 20 Gd Tank Bde
    # (2719, defense 3) on Game-Turn 1: 4-1, die 3: -/1 (undoubled it would be 2-1: 1/1)
    "panzer-division-attack": HQ_CHOICE + next_phase(TO_GERMAN_MOVEMENT + 1)
    + battle(1, ["2619"], "2719", 3, "20 Gd Tank Bde") + next_phase(2),
    # 19.51: two of the 11th Panzer Division's three regiments (2415: 15/11 Pz 5, 111/11 PzGren 2;
    # the 110/11 is in 2419) move to 2616 and attack the 63 Cavalry Div (2716, defense 2): 7 to 2,
    # 3-1, die 6: eng; the Player applied 7-1's -/1, as if they were doubled
    "panzer-division-partial": HQ_CHOICE + next_phase(TO_GERMAN_MOVEMENT) + move("15/11 Pz Rgt", "2616")
    + move("111/11 PzGren Rgt", "2616") + next_phase() + battle(1, ["2616"], "2716", 6, "63 Cavalry Div")
    + next_phase(2),
    # 19.4: a rifle division overruns (illegal); the 40 Army HQ is active so that 23.14 allows it
    "overrun-by-rifle": ACTIVE_40 + overrun(1, "0114", "0115", 3, "6 Rifle Div") + next_phase(),
    # 19.4: a tank brigade overruns (legal): 2 to 3, 1-2, die 3: 1/-
    "overrun-by-tank": HQ_CHOICE + overrun(1, "0810", "0911", 3, "233 Tank Bde") + next_phase(),
    # 19.4: German infantry regiments overrun (legal for the German Player)
    "overrun-by-german-infantry": HQ_CHOICE + next_phase(TO_GERMAN_MOVEMENT)
    + overrun(1, "2615", "2716", 1, "63 Cavalry Div") + next_phase(),
    # 26.0, 26.1: Game-Turn 3's reinforcements on time and in their areas
    "reinforcements-on-time": TO_TURN_3 + enter(TURN_3_K + TURN_3_L) + next_phase(),
    # 26.0, 26.1: the 29 Tank Corps withheld on Game-Turn 3
    "reinforcement-withheld": TO_TURN_3 + enter(TURN_3_K[:-1] + TURN_3_L) + next_phase(),
    # 26.0, 26.1: the 29 Tank Corps withheld on Game-Turn 3 and brought in on Game-Turn 4
    "reinforcement-late": TO_TURN_3 + enter(TURN_3_K[:-1] + TURN_3_L) + next_phase(TURN)
    + inactive("HQ 2 Tank Army") + enter(TURN_3_K[-1:]) + next_phase(),
    # 26.0: the 3 Gd Tank Corps, due in area L, placed in area K
    "reinforcement-wrong-area": TO_TURN_3 + enter(TURN_3_K + [("3 Gd Tank Corps", "3918")]) + next_phase(),
    # 23.2: three eastern attacks for the 5 Gd Tank Army HQ and one for the 27 Army HQ (legal)
    "hq-operations-within": TO_TURN_5 + next_phase() + EAST_1 + EAST_2 + EAST_3 + WEST_5 + next_phase(2),
    # 23.2: a fourth eastern attack, beyond the 5 Gd Tank Army HQ's three
    "hq-operations-over": TO_TURN_5 + next_phase() + EAST_1 + EAST_2 + EAST_3 + EAST_4 + next_phase(2),
    # 23.21: the 20 Gd Tank Bde overruns the 3rd Panzer's hex (2 to 5, 1-3, die 1: 1/-), then three
    # eastern attacks: four operations for the 5 Gd Tank Army HQ's three
    "hq-operations-overrun": TO_TURN_5 + overrun(1, "2719", "2619", 1, "20 Gd Tank Bde") + next_phase()
    + EAST_1 + EAST_2 + EAST_3 + next_phase(2),
    # 19.3: Baeke with three units in 0119 (legal)
    "baeke-stacks-free": TO_TURN_6_GERMAN + enter(FIRST_PZ_WITH_BAEKE + LAH + THIRTEENTH_PZ) + next_phase(),
    # 19.3, AGS 7.0: Baeke with four units in 0119 (the LAH/LAH SS Pz Rgt enters there too)
    "baeke-overstacked": TO_TURN_6_GERMAN + enter(FIRST_PZ_WITH_BAEKE + [("LAH/LAH SS Pz Rgt", "0119")] + LAH[1:]
                                                  + THIRTEENTH_PZ) + next_phase(),
}


def main() -> None:
    for name, actions in SCENARIOS.items():
        (HERE / f"{name}.json").write_text(json.dumps({"player_name": "tester", "actions": resolved(actions)}, indent=1) + "\n")
        print("wrote", f"{name}.json")


if __name__ == "__main__":
    main()
