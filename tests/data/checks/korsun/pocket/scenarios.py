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


def script(name: str) -> str:
    """The ``oracle write`` script of one scenario, as committed."""
    return json.dumps({"player_name": "tester", "actions": resolved(SCENARIOS[name])}, indent=1) + "\n"


if __name__ == "__main__":
    for name in SCENARIOS:
        (HERE / f"{name}.json").write_text(script(name))
        print(f"wrote {name}.json")
