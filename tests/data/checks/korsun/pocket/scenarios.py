"""Korsun pocket logs (issue 10): German air supply, Korsun 25.2-25.26, each a legal game up to the
German Air Power Phase of Game-Turn 3 (snow) or 4 (mud), where German Air markers go on the map;
for tests/games/test_korsun_pocket.py. This script writes ``<name>.json``, an ``oracle write``
script; make_logs.py beside it has the real VASSAL engine turn each into ``<name>.vlog``.

The hexes are picked by what the rulebook and the game data say (towns of map/places.csv, the
set-up of units.csv, the weather of 20.11 and 20.12), not by asking the checker. The opening is the
one of ../exclusive/scenarios.py (23.11, 23.12 HQ choice; Game-Turn 3's reinforcements, 26.1; the
2 Tk HQ turned inactive on Game-Turn 4, 23.11), nothing else moved, so no German unit is isolated
(25.1) and no Heavy Equipment marker is due (25.28):

- air-supply-on-towns (legal): on Game-Turn 4 (mud: three Air Points, 19.8, 20.12) German Air 1-3
  go on Korsun (2006), Zvenigorodka (1711) and Uman (0915, a city).
- air-supply-off-town (25.22): German Air 1 on 1516, a clear hex beside Novo-Arkhangelsk (1517).
- air-supply-soviet-town (25.24): German Air 1 on Kamenka (2912), where the 4 Gd Army HQ sets up.
- air-supply-four-markers (25.25): German Air 1-4 on four towns on Game-Turn 4; three Air markers
  (three Air Points) at most.
- air-supply-snow (25.26, 20.11): German Air 1 on Korsun (2006) on Game-Turn 3, a snow Game-Turn.

The pocket (25.1, 25.21, 25.28): on Game-Turn 4 the 88th Infantry Division moves from 1804 to
Steblev (1907, a town two hexes on, no Soviet zone on the way); on Game-Turn 5, after the Soviet
reinforcements of 26.1, the 340th Rifle Division moves from 1703 into Korsun (2006) and the 5 Gd
Airborne Brigade from 1604 to 1807, both stopping in the division's zone. Every hex around Steblev
is then Soviet-occupied or Soviet-controlled: the division traces no line of supply (AGS 12.1,
Korsun 19.72), and the nearest German unit is four hexes off (1804 to 1907 left the 2306 group
four hexes away), so it is isolated (25.1). In the German Air Power Phase of Game-Turn 5 (mud)
German Air 1 goes on Steblev, the division's own town (25.21):

- air-supply-pocket (legal): a Heavy Equipment marker goes on the division with it (25.28).
- air-supply-pocket-no-heavy-equipment (25.28): none does.

    python tests/data/checks/korsun/pocket/scenarios.py
    python tests/data/checks/korsun/pocket/make_logs.py [--engine 3.7] [NAME ...]
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
_SPEC = importlib.util.spec_from_file_location("korsun_exclusive_scenarios", HERE.parent / "exclusive" / "scenarios.py")
assert _SPEC is not None and _SPEC.loader is not None
OPENING = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(OPENING)
add, next_phase, resolved = OPENING.add, OPENING.next_phase, OPENING.resolved

TO_AIR_POWER = 9            # Soviet Movement to German Air Power: nine phases on
WITH_TURN_3 = OPENING.TO_TURN_3 + OPENING.enter(OPENING.TURN_3_K + OPENING.TURN_3_L)
#: Game-Turn 3's German Air Power Phase (snow, 20.11)
TURN_3_AIR = WITH_TURN_3 + next_phase(TO_AIR_POWER)
#: Game-Turn 4's German Air Power Phase (mud, 20.12)
TURN_4 = WITH_TURN_3 + next_phase(OPENING.TURN) + OPENING.inactive("HQ 2 Tank Army")
TURN_4_AIR = TURN_4 + next_phase(TO_AIR_POWER)
#: Game-Turn 5's German Air Power Phase with the 88th Infantry Division isolated in Steblev
POCKET = (TURN_4 + next_phase(OPENING.TO_GERMAN_MOVEMENT) + OPENING.move("88 Inf Div", "1907")
          + next_phase(OPENING.TURN - OPENING.TO_GERMAN_MOVEMENT) + OPENING.enter(OPENING.TURN_5_K)
          + OPENING.move("340 Rifle Div", "2006") + OPENING.move("5 Gd Airborne Bde", "1807") + next_phase(TO_AIR_POWER))


def air(*hexes: str) -> list[dict]:
    """German Air 1, 2, ... on ``hexes``, in that order."""
    return [a for number, hex_name in enumerate(hexes, start=1) for a in add(f"German Air {number}", hex_name)]


SCENARIOS = {
    "air-supply-on-towns": TURN_4_AIR + air("2006", "1711", "0915") + next_phase(),
    "air-supply-off-town": TURN_4_AIR + air("1516") + next_phase(),
    "air-supply-soviet-town": TURN_4_AIR + air("2912") + next_phase(),
    "air-supply-four-markers": TURN_4_AIR + air("2006", "1711", "0915", "2208") + next_phase(),
    "air-supply-snow": TURN_3_AIR + air("2006") + next_phase(),
    "air-supply-pocket": POCKET + air("1907") + add("Heavy Equipment 1", "1907") + next_phase(),
    "air-supply-pocket-no-heavy-equipment": POCKET + air("1907") + next_phase(),
}


# --- Heavy Equipment on defense (Korsun 25.23, 25.31, 25.33), appended by korsun7b --------------
# The pocket of air-supply-pocket, with one more thing on Game-Turn 5: in the Soviet Movement Phase
# the (active) 27 Army HQ moves from 1603 to 1704, within its Leadership Rating of 4 of the 340th
# Rifle Division and the 5 Gd Airborne Brigade (AGS 11.33), which in the Soviet Combat Phase attack
# the 88th Infantry Division in Steblev (1907, a town: no terrain benefit, 10.4), out of supply and
# not air supplied on Game-Turn 4 (AGS 12.23: 5 halved): 4 + 2 to 2, 3-1, die 3: -/1, the division
# loses a step (2-3, units.csv). It is air supplied in the German Air Power
# Phase, so it is in supply all Game-Turn 6 (25.23), and its Heavy Equipment marker is on top, side
# 1 (it has not moved since, 25.34): its Defense Strength is doubled (25.31, 25.33). In Game-Turn 6's
# Soviet Movement Phase the 3 Gd Airborne Brigade (1504) and then the HQ move by 1604-1705 and
# 1705-1805 to 1806 (clear hexes, no minor river crossed, no German zone on the way; the HQ has 4 MP
# in mud, 20.12); in the Soviet Combat Phase they, the 340th (2006) and the 5 Gd Airborne Brigade
# (1807) attack the division again: 4 + 2 + 2, the HQ adding its Leadership Rating up to its stack's
# 2 (AGS 11.37), 10 to 6: 1-1 (CRT 9.5). Undoubled it would be 10 to 3, 3-1, two columns off, so no
# Air Point (one column, AGS 14.13, 14.14) explains it. Die 3: 1/1 at 1-1, -/1 at 3-1; the division,
# surrounded, cannot retreat, so its one step is lost either way.
REDUCED_POCKET = (TURN_4 + next_phase(OPENING.TO_GERMAN_MOVEMENT) + OPENING.move("88 Inf Div", "1907")
                  + next_phase(OPENING.TURN - OPENING.TO_GERMAN_MOVEMENT) + OPENING.enter(OPENING.TURN_5_K)
                  + OPENING.move("340 Rifle Div", "2006") + OPENING.move("5 Gd Airborne Bde", "1807")
                  + OPENING.move("HQ 27 Army", "1704") + next_phase()
                  + OPENING.battle(1, ["2006", "1807"], "1907", 3, "88 Inf Div") + next_phase(TO_AIR_POWER - 1))
#: Game-Turn 6's Soviet Combat Phase, the division air supplied on Game-Turn 5
HEAVY_EQUIPMENT_ON_TOP = (REDUCED_POCKET + air("1907") + add("Heavy Equipment 1", "1907") + next_phase(2)
                          + OPENING.move("3 Gd Airborne Bde", "1806") + OPENING.move("HQ 27 Army", "1806")
                          + next_phase())


def battle_losses(number: int, attackers: list[str], defender: str, roll: int, losses: list[dict]) -> list[dict]:
    """A battle by markers, its die and the ``losses`` applied (menu commands)."""
    marks = [(f"Attack {number}", h) for h in attackers] + [(f"Defend {number}", defender)]
    return ([a for m in marks for a in OPENING.marker(*m)] + OPENING.die(roll) + losses
            + [a for slot, h in marks for a in OPENING.delete(f"{slot}@{h}")])


SCENARIOS |= {
    # legal: 1-1 with the doubling, die 3: 1/1, the airborne brigade and the division lose a step
    "heavy-equipment-doubled": HEAVY_EQUIPMENT_ON_TOP
    + battle_losses(1, ["2006", "1807", "1806"], "1907", 3, OPENING.key("3 Gd Airborne Bde", "Lose step")
                    + OPENING.key("88 Inf Div (reduced)", "Eliminate")) + next_phase(2),
    # 25.33: the same battle resolved at 3-1 (-/1: the division alone loses its step), as if undoubled
    "heavy-equipment-undoubled": HEAVY_EQUIPMENT_ON_TOP
    + battle_losses(1, ["2006", "1807", "1806"], "1907", 3, OPENING.key("88 Inf Div (reduced)", "Eliminate")) + next_phase(2),
}


# Face value out of supply (Korsun 25.32), appended by korsun7b: air-supply-pocket goes on with no
# air supply on Game-Turn 6 (no German Air marker in its German Air Power Phase). The 27 Army HQ
# moves from 1603 to 1704 in Game-Turn 6's Soviet Movement Phase (within its Leadership Rating of
# both attackers, AGS 11.33); in the German Movement Phase the 6F and 6G reinforcements enter as in
# ../exclusive/ (26.2). At the beginning of Game-Turn 7 the 5 Gd Tank Army HQ turns inactive (23.11:
# one active HQ on Game-Turn 7). In Game-Turn 7's Soviet Combat Phase the 88th, still cut off in Steblev and
# air supplied only for Game-Turn 6 (25.23), is out of supply with its marker on top, side 1 (not
# moved): face value, 5 (25.32: doubled and halved). The 340th Rifle Division (2006) and the 5 Gd
# Airborne Brigade (1807) attack it: 6 to 5, 1-1 (CRT 9.5). Halved without the doubling it would be
# 6 to 2, 3-1, two columns off (no Air Point explains it, AGS 14.13). Die 3: 1/1 at 1-1, -/1 at 3-1.
#: Game-Turn 7's Soviet Combat Phase, the 88th out of supply with its marker on top
OUT_OF_SUPPLY_ON_TOP = (POCKET + air("1907") + add("Heavy Equipment 1", "1907") + next_phase(2)
                        + OPENING.move("HQ 27 Army", "1704") + next_phase(OPENING.TO_GERMAN_MOVEMENT)
                        + OPENING.enter(OPENING.FIRST_PZ_WITH_BAEKE + OPENING.LAH + OPENING.THIRTEENTH_PZ)
                        + next_phase(OPENING.TURN - OPENING.TO_GERMAN_MOVEMENT) + OPENING.inactive("HQ 5 Gd Tank Army")
                        + next_phase())

SCENARIOS |= {
    # legal: 1-1 at face value, die 3: 1/1, the airborne brigade and the division lose a step
    "heavy-equipment-face-value": OUT_OF_SUPPLY_ON_TOP
    + battle_losses(1, ["2006", "1807"], "1907", 3, OPENING.key("5 Gd Airborne Bde", "Lose step")
                    + OPENING.key("88 Inf Div", "Lose step")) + next_phase(2),
    # 25.32: the same battle resolved at 3-1 (-/1: the division alone loses a step), as if halved only
    "heavy-equipment-halved": OUT_OF_SUPPLY_ON_TOP
    + battle_losses(1, ["2006", "1807"], "1907", 3, OPENING.key("88 Inf Div", "Lose step")) + next_phase(2),
}


def script(name: str) -> str:
    """The ``oracle write`` script of one scenario, as committed."""
    return json.dumps({"player_name": "tester", "actions": resolved(SCENARIOS[name])}, indent=1) + "\n"


if __name__ == "__main__":
    for name in SCENARIOS:
        (HERE / f"{name}.json").write_text(script(name))
        print(f"wrote {name}.json")
