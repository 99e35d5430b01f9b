"""Korsun logs for Air Points on snow Game-Turns (Korsun 19.8), a corps's second step taken by its
rpl counter (24.11) and spread Panzer divisions on defense (19.52, 19.53), for
tests/games/test_korsun_air_corps.py. This script writes ``<name>.json``, an ``oracle write``
script; make_logs.py beside it has the real VASSAL engine turn each into ``<name>.vlog``.

The hexes and dice are picked by what the rulebook says (the set-up of units.csv, the CRT of
charts/crt.csv, the Terrain Effects Chart of charts/terrain.toml), not by asking the checker:

- Korsun 19.8 (no Air Points on snow Game-Turns; 20.11: Game-Turns 1-3, 28.0 keeps them snow
  even with the optional weather): on Game-Turn 1 the whole 3rd Panzer Division (2619: 3+2+1
  doubled, 19.51: 12) attacks the 20 Gd Tank Bde (2719, clear, defense 3): 4-1, die 3: -/1, the
  brigade loses a step (legal); applied instead is 5-1's 1/2 (one column right, as a German Air
  Point would shift it, AGS 14.14): a finding. The same battle with die 2: 4-1's 1/2, a regiment
  loses a step and the brigade both (legal); applied instead is 3-1's -/1 (one column left, as a
  Soviet defensive Air Point would shift it): a finding. A result whose one side is the checker's
  (a side's part not applied) stays the result check's finding (AGS 9.66), not a shift.
- Korsun 24.11 (a corps's second step: its rpl counter of the same designation and type takes its
  place): on Game-Turn 1 the 11 Gd Tank Corps (1208, attack 18) attacks the 34th Infantry Division
  (1309, clear, 3+1+3 = 7): 2-1 shifted to 1-1 (19.56), die 6: 2/-, the corps loses two steps, its
  whole counter. Legal: the counter eliminated and the 11 Gd Tank Corps (rpl) put in 1208 (two
  steps left of four); illegal: the 5 Gd Tank Corps (rpl) put in instead (another designation),
  no rpl counter at all (four steps gone for a loss of two), or its own rpl counter turned to its
  reduced side (three steps gone: AGS 9.66, the loss counted across the two counters).

- Korsun 19.52, 19.53 (a Panzer division spread over hexes, doubled on defense): in the German
  Movement Phase of Game-Turn 1 the 394/3 PzGren Rgt delays out of 2619 (22.1: the other two
  regiments cover) to 2620, or on to 2418 (21.12: within four hexes of its set-up hex, as are the
  other units moved here); on Game-Turn 2 the 20 Gd Tank Bde (2719, attack 5)
  attacks the 3/3 Pz and 3/3 PzGren Rgts in 2619 (clear, 1 + 3): doubled 8, 1-2, die 3: 1/-;
  undoubled 4, 1-1, die 3: 1/1.
  - the regiments in 2619 and 2620 (adjacent: no hex between them) are doubled under every
    reading: 1/- applied is legal, 1/1 a finding citing 19.52;
  - 2619 and 2418 are two hexes apart on a straight line, 2519 between them; with the 261 StuG
    (from 2416) in 2519 (a Sturmgeschuetz "does not violate the divisional integrity" of units it stacks
    with, 19.3, 19.53: whether it breaks it from between the book does not say), 1/- is accepted
    (so would 1/1 be); with the 110/11 PzGren Rgt (from 2419: the 11th Panzer Division) there
    no reading doubles them:
    1/- applied is a finding citing 19.52;
  - 2619 and 2620 with the 110/11 PzGren Rgt stacked with the 394/3 in 2620 (19.53: none of the units
    is eligible): 1/- applied is a finding.

Every log turns five HQs inactive at the beginning of Game-Turn 1 (23.11: three active, the 5 Gd Tk
and 2 Tk among them, 23.12).

    python tests/data/checks/korsun/air-corps/scenarios.py
    python tests/data/checks/korsun/air-corps/make_logs.py [--engine 3.7] [NAME ...]
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

TO_GERMAN_COMBAT = ex.TO_GERMAN_MOVEMENT + 1


def fought(attackers: list[str], defender: str, roll: int, applied: list[dict]) -> list[dict]:
    """Battle 1 by its markers and die, ``applied`` the result as the Player applied it."""
    marks = [("Attack 1", h) for h in attackers] + [("Defend 1", defender)]
    return ([a for m in marks for a in ex.marker(*m)] + ex.die(roll) + applied
            + [a for slot, h in marks for a in ex.delete(f"{slot}@{h}")])


#: the whole 3rd Panzer Division against the 20 Gd Tank Bde (4-1: die 3 -/1, die 2 1/2; 5-1: die 3
#: 1/2; 3-1: die 2 -/1)
def third_panzer(applied: list[dict], roll: int = 3) -> list[dict]:
    return ex.HQ_CHOICE + ex.next_phase(TO_GERMAN_COMBAT) + fought(["2619"], "2719", roll, applied) + ex.next_phase(2)


#: the 11 Gd Tank Corps against the 34th Infantry Division, die 6 (1-1 after 19.56: 2/-)
def corps_attack(applied: list[dict]) -> list[dict]:
    return ex.HQ_CHOICE + ex.next_phase() + fought(["1208"], "1309", 6, applied) + ex.next_phase(2)


CORPS_OFF = ex.key("11 Gd Tank Corps", "Eliminate")


def spread_attack(moves: list[dict], applied: list[dict]) -> list[dict]:
    """The 3rd Panzer Division spread in the German Movement Phase of Game-Turn 1 (``moves``), then
    the 20 Gd Tank Bde attacks 2619 on Game-Turn 2, die 3 (doubled 1-2: 1/-; undoubled 1-1: 1/1)."""
    return (ex.HQ_CHOICE + ex.next_phase(ex.TO_GERMAN_MOVEMENT) + moves + ex.next_phase(ex.TURN - ex.TO_GERMAN_MOVEMENT)
            + ex.next_phase() + fought(["2719"], "2619", 3, applied) + ex.next_phase(2))


#: 22.1: the 394/3 delays out of 2619, the other two regiments covering (1 + 2 MP)
DELAYED = ex.move("394/3 PzGren Rgt", "2620")
#: or on to 2418, two hexes from 2619 on a straight line through 2519
FARTHER = ex.move("394/3 PzGren Rgt", "2418")
READ_DOUBLED = ex.key("20 Gd Tank Bde", "Lose step")
READ_UNDOUBLED = READ_DOUBLED + ex.key("3/3 PzGren Rgt", "Lose step")

SCENARIOS = {
    # 19.8: Game-Turn 1 (snow), 4-1, die 3: -/1 applied
    "air-snow-read-right": third_panzer(ex.key("20 Gd Tank Bde", "Lose step")),
    # 19.8: the same with 5-1's 1/2 applied, a German Air Point's shift on a Game-Turn with none
    "air-snow-one-column-right": third_panzer(ex.key("3/3 PzGren Rgt", "Lose step") + ex.key("20 Gd Tank Bde", "Eliminate")),
    # 19.8: Game-Turn 1 (snow), 4-1, die 2: 1/2 applied
    "air-snow-die-two-read-right": third_panzer(ex.key("3/3 PzGren Rgt", "Lose step")
                                                + ex.key("20 Gd Tank Bde", "Eliminate"), roll=2),
    # 19.8: the same with 3-1's -/1 applied, a Soviet defensive Air Point's shift on a Game-Turn with none
    "air-snow-one-column-left": third_panzer(ex.key("20 Gd Tank Bde", "Lose step"), roll=2),
    # 24.11: two steps lost: the corps counter off, its own rpl counter in its hex
    "corps-rpl-swap": corps_attack(CORPS_OFF + ex.move("11 Gd Tank Corps (rpl)", "1208")),
    # 24.11: another corps's rpl counter put in
    "corps-rpl-wrong-counter": corps_attack(CORPS_OFF + ex.move("5 Gd Tank Corps (rpl)", "1208")),
    # 24.11: the corps counter off and no rpl counter: all four steps gone for a loss of two
    "corps-rpl-no-swap": corps_attack(CORPS_OFF),
    # 24.11, AGS 9.66: its own rpl counter put in on its reduced side: three steps gone for a loss of two
    "corps-rpl-swap-reduced": corps_attack(CORPS_OFF + ex.move("11 Gd Tank Corps (rpl)", "1208")
                                           + ex.key("11 Gd Tank Corps (rpl)", "Lose step")),
    # 19.52: regiments in 2619 and 2620, doubled under every reading: 1-2's 1/-
    "spread-adjacent-doubled": spread_attack(DELAYED, READ_DOUBLED),
    # 19.52: the same read undoubled (1-1's 1/1)
    "spread-adjacent-undoubled": spread_attack(DELAYED, READ_UNDOUBLED),
    # 19.52: 2619 and 2418 with the 261 StuG between: doubled under some reading, 1/- accepted
    "spread-stug-between-doubled": spread_attack(FARTHER + ex.move("261 StuG", "2519"), READ_DOUBLED),
    # 19.52: the same read undoubled, as another reading has it: 1/1 accepted
    "spread-stug-between-undoubled": spread_attack(FARTHER + ex.move("261 StuG", "2519"), READ_UNDOUBLED),
    # 19.52: 2619 and 2418 with the 110/11 PzGren Rgt between: no reading doubles them, 1/- is a finding
    "spread-panzer-between-doubled": spread_attack(FARTHER + ex.move("110/11 PzGren Rgt", "2519"), READ_DOUBLED),
    # 19.53: the 110/11 PzGren Rgt stacked with the 394/3 in 2620: none eligible, 1/- is a finding
    "spread-stacked-doubled": spread_attack(DELAYED + ex.move("110/11 PzGren Rgt", "2620"), READ_DOUBLED),
}


def main() -> None:
    for name, actions in SCENARIOS.items():
        (HERE / f"{name}.json").write_text(json.dumps({"player_name": "tester", "actions": ex.resolved(actions)}, indent=1) + "\n")
        print("wrote", f"{name}.json")


if __name__ == "__main__":
    main()
