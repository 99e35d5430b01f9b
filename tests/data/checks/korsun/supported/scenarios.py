"""Korsun logs for supported corps (Korsun 24.2-24.23) and the 5.14 part of delay (22.13), for
tests/games/test_korsun_supported.py. This script writes ``<name>.json``, an ``oracle write``
script; make_logs.py beside it has the real VASSAL engine turn each into ``<name>.vlog``.

The hexes and dice are picked by what the rulebook says (the set-up of units.csv, the CRT of
charts/crt.csv, the Terrain Effects Chart of charts/terrain.toml), not by asking the checker:

- Korsun 24.21 (a supported corps attacks at double strength): on Game-Turn 1 the 5 Gd Tank Corps
  (0611, attack 18, under Supported 1) attacks the 2/16 Pz Rgt (0712, clear, defense 2): doubled
  36 to 2, above 10-1, resolved at 10-1 (9.5); die 3: -/E, the regiment is eliminated (legal).
  Undoubled it would be 9-1, die 3: -/3. The illegal log applies -/3 as a retreat of three hexes
  (0712 to 0715), the result of the undoubled odds.
- Korsun 24.22, 24.23 (removing the markers): on Game-Turn 2, with two markers removed, the same
  attack is doubled again (die 4: 10-1's -/3, two steps lost; 9-1 would cost the corps a step);
  with none removed, which two the Soviet Player kept is unknown (not checked); on Game-Turn 3 the
  corps is not doubled though its marker is still on it (24.23), so 10-1's result is a finding.
- Korsun 19.8, AGS 14.14 (Air Points by weather): a battle whose applied result is one column off
  the odds (the result of 5-1 at 4-1) on a mud Game-Turn, when each Player has three Air Points
  and may have spent one on it (the log shows no such thing), is not checked; on a snow Game-Turn
  (no Air Points) the same result is a finding.
- Korsun 22.13 (no exception of 5.14 for delay): on Game-Turn 3 the 15/SSW SS Pz Rgt moves from
  2306 to 2605 (three hexes from 2306: 21.2 allows it); on Game-Turn 4 (mud: a mechanized unit's
  Movement Allowance is four, 20.12) it moves on to 2806 (2 MP) and SS Wallonien from 2405 to 2806
  (four clear hexes, 4 MP), into the zone of the 375 Rifle Div (2807). On Game-Turn 5 (mud) the
  15/SSW delays out of 2806, Wallonien covering: to 2706 (clear, 1 + 2 MP of 4, legal); to 2805
  across the Dniepr (clear, 1 + 2 for the major river hexside, + 2 for delay: 5 of 4), a move of
  one hex that 5.14 alone would allow and 22.13 forbids.

Every log turns five HQs inactive at the beginning of Game-Turn 1 (23.11: three active, the 5 Gd Tk
and 2 Tk among them, 23.12), and on Game-Turn 4 the 2 Tk HQ (two active); the logs that reach
Game-Turns 3 and 5 bring in their reinforcements (26.0).

    python tests/data/checks/korsun/supported/scenarios.py
    python tests/data/checks/korsun/supported/make_logs.py [--engine 3.7] [NAME ...]
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
_SPEC = importlib.util.spec_from_file_location("korsun_exclusive_scenarios", HERE.parent / "exclusive" / "scenarios.py")
assert _SPEC is not None and _SPEC.loader is not None
ex = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(ex)

TURN, TO_GERMAN_MOVEMENT = ex.TURN, ex.TO_GERMAN_MOVEMENT
HQ_CHOICE, next_phase, move, key, delete, die, marker, resolved, enter = (
    ex.HQ_CHOICE, ex.next_phase, ex.move, ex.key, ex.delete, ex.die, ex.marker, ex.resolved, ex.enter)


def supported_battle(roll: int, applied: list[dict]) -> list[dict]:
    """Battle 1 of Game-Turn 1: the 5 Gd Tank Corps (0611) attacks the 2/16 Pz Rgt (0712)."""
    marks = [("Attack 1", "0611"), ("Defend 1", "0712")]
    return [a for m in marks for a in marker(*m)] + die(roll) + applied \
        + [a for slot, h in marks for a in delete(f"{slot}@{h}")]


#: on to Game-Turn 2's Soviet Movement Phase, nothing moved
TO_TURN_2 = HQ_CHOICE + next_phase(TURN)
#: on to Game-Turn 3's, two markers removed on Game-Turn 2 (24.22: the 0611 and 0709 corps keep theirs);
#: the other two stay on the map on Game-Turn 3 (24.23 says remove them: no corps is doubled then)
TO_TURN_3 = TO_TURN_2 + delete("Supported 3") + delete("Supported 4") + next_phase(TURN)
#: the Game-Turn 3 reinforcements (26.1)
TURN_3 = enter(ex.TURN_3_K + ex.TURN_3_L)

#: Game-Turn 3 to Game-Turn 5's German Movement Phase: the two SS units driven into 2806
TO_TURN_5_GERMAN = (TO_TURN_3 + TURN_3 + delete("Supported 1") + delete("Supported 2") + next_phase(TO_GERMAN_MOVEMENT)
                    + move("15/SSW SS Pz Rgt", "2605") + next_phase(TURN - TO_GERMAN_MOVEMENT)
                    + ex.inactive("HQ 2 Tank Army") + next_phase(TO_GERMAN_MOVEMENT)
                    + move("15/SSW SS Pz Rgt", "2806") + move("SS Wallonien Mot Bde", "2806")
                    + next_phase(TURN - TO_GERMAN_MOVEMENT) + enter(ex.TURN_5_K) + next_phase(TO_GERMAN_MOVEMENT))

#: the whole 3rd Panzer Division (2619: 3+2+1 doubled, 19.51: 12) attacks the 20 Gd Tank Bde (2719,
#: clear, defense 3): 4-1, die 3: -/1; applied: 5-1's 1/2 (a regiment loses a step, the brigade two)
AIR_SHIFTED_BATTLE = ([a for m in [("Attack 1", "2619"), ("Defend 1", "2719")] for a in marker(*m)] + die(3)
                      + key("3/3 PzGren Rgt", "Lose step") + key("20 Gd Tank Bde", "Eliminate")
                      + delete("Attack 1@2619") + delete("Defend 1@2719"))

SCENARIOS = {
    # 24.21: doubled, 10-1, die 3: -/E
    "supported-attack": HQ_CHOICE + next_phase() + supported_battle(3, key("2/16 Pz Rgt", "Eliminate")) + next_phase(2),
    # 24.21: the same battle resolved as if the corps were not doubled (9-1, die 3: -/3, three hexes back)
    "supported-attack-undoubled": HQ_CHOICE + next_phase()
    + supported_battle(3, move("2/16 Pz Rgt", "0713") + move("2/16 Pz Rgt", "0714") + move("2/16 Pz Rgt", "0715"))
    + next_phase(2),
    # 24.21, 24.22: on Game-Turn 2 two markers removed (the 0611 corps keeps its own), the same attack:
    # doubled 10-1, die 4: -/3, taken as the regiment's two steps (undoubled 9-1, die 4: 1/3, the corps
    # would lose a step)
    "supported-turn-two": TO_TURN_2 + delete("Supported 3") + delete("Supported 4") + next_phase()
    + supported_battle(4, key("2/16 Pz Rgt", "Eliminate")) + next_phase(2),
    # 24.22: the same with no marker removed: four on the map, which two the Player kept is unknown
    "supported-turn-two-unremoved": TO_TURN_2 + next_phase() + supported_battle(4, key("2/16 Pz Rgt", "Eliminate"))
    + next_phase(2),
    # 24.23: on Game-Turn 3 the 0611 corps still under its marker attacks as on Game-Turn 2; no corps is
    # supported from Game-Turn 3: 9-1, die 4: 1/3, and the corps lost no step
    "supported-turn-three": TO_TURN_3 + TURN_3 + next_phase() + supported_battle(4, key("2/16 Pz Rgt", "Eliminate"))
    + next_phase(2),
    # 19.8, AGS 14.14: on Game-Turn 5 (mud: three Air Points each) the whole 3rd Panzer Division attacks
    # the 20 Gd Tank Bde: 4-1, die 3: -/1; applied is 5-1's 1/2, the odds with a German Air Point
    "air-mud-shifted": TO_TURN_5_GERMAN + next_phase() + AIR_SHIFTED_BATTLE + next_phase(2),
    # 19.8: the same battle and result on Game-Turn 1 (snow: no Air Points)
    "air-snow-shifted": HQ_CHOICE + next_phase(TO_GERMAN_MOVEMENT + 1) + AIR_SHIFTED_BATTLE + next_phase(2),
    # 22.13: a covered delay in mud, 1 + 2 MP of 4
    "delay-mud-within": TO_TURN_5_GERMAN + move("15/SSW SS Pz Rgt", "2706") + next_phase(),
    # 22.13: one hex across the Dniepr, 3 + 2 MP of 4 (5.14 would allow one hex; delay does not)
    "delay-mud-one-hex-too-far": TO_TURN_5_GERMAN + move("15/SSW SS Pz Rgt", "2805") + next_phase(),
}


def main() -> None:
    for name, actions in SCENARIOS.items():
        (HERE / f"{name}.json").write_text(json.dumps({"player_name": "tester", "actions": resolved(actions)}, indent=1) + "\n")
        print("wrote", f"{name}.json")


if __name__ == "__main__":
    main()
