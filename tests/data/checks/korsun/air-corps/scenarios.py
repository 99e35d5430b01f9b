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
  Point would shift it, AGS 14.14): a finding. The Soviet side: the 25 Tank Bde (2715) and the 63
  Cavalry Div (2716) attack the 282nd Infantry Division (2615, all three regiments: 7 to 7, 1-1
  shifted to 1-2 by 19.56), die 1: 1/1, a step each (legal); applied instead is 1-3's 1/- (one
  column left, as a German defensive Air Point would shift it): a finding.
- Korsun 24.11 (a corps's second step: its rpl counter of the same designation and type takes its
  place): on Game-Turn 1 the 11 Gd Tank Corps (1208, attack 18) attacks the 34th Infantry Division
  (1309, clear, 3+1+3 = 7): 2-1 shifted to 1-1 (19.56), die 6: 2/-, the corps loses two steps, its
  whole counter. Legal: the counter eliminated and the 11 Gd Tank Corps (rpl) put in 1208 (two
  steps left of four); illegal: the 5 Gd Tank Corps (rpl) put in instead (another designation),
  no rpl counter at all (four steps gone for a loss of two), or its own rpl counter turned to its
  reduced side (three steps gone: AGS 9.66, the loss counted across the two counters).

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


#: the whole 3rd Panzer Division against the 20 Gd Tank Bde, die 3 (4-1: -/1; 5-1: 1/2)
def third_panzer(applied: list[dict]) -> list[dict]:
    return ex.HQ_CHOICE + ex.next_phase(TO_GERMAN_COMBAT) + fought(["2619"], "2719", 3, applied) + ex.next_phase(2)


#: the 25 Tank Bde and 63 Cavalry Div against the 282nd Infantry Division, die 1 (1-2: 1/1; 1-3: 1/-)
def east_of_the_pocket(applied: list[dict]) -> list[dict]:
    return ex.HQ_CHOICE + ex.next_phase() + fought(["2715", "2716"], "2615", 1, applied) + ex.next_phase(2)


#: the 11 Gd Tank Corps against the 34th Infantry Division, die 6 (1-1 after 19.56: 2/-)
def corps_attack(applied: list[dict]) -> list[dict]:
    return ex.HQ_CHOICE + ex.next_phase() + fought(["1208"], "1309", 6, applied) + ex.next_phase(2)


CORPS_OFF = ex.key("11 Gd Tank Corps", "Eliminate")

SCENARIOS = {
    # 19.8: Game-Turn 1 (snow), 4-1, die 3: -/1 applied
    "air-snow-read-right": third_panzer(ex.key("20 Gd Tank Bde", "Lose step")),
    # 19.8: the same with 5-1's 1/2 applied, a German Air Point's shift on a Game-Turn with none
    "air-snow-one-column-right": third_panzer(ex.key("3/3 PzGren Rgt", "Lose step") + ex.key("20 Gd Tank Bde", "Eliminate")),
    # 19.8: Game-Turn 1 (snow), 1-2 after 19.56, die 1: 1/1 applied
    "air-snow-defender-read-right": east_of_the_pocket(ex.key("25 Tank Bde", "Lose step")
                                                       + ex.key("848/282 Inf Rgt", "Lose step")),
    # 19.8: the same with 1-3's 1/- applied, a German defensive Air Point's shift on a Game-Turn with none
    "air-snow-defender-one-column-left": east_of_the_pocket(ex.key("25 Tank Bde", "Lose step")),
    # 24.11: two steps lost: the corps counter off, its own rpl counter in its hex
    "corps-rpl-swap": corps_attack(CORPS_OFF + ex.move("11 Gd Tank Corps (rpl)", "1208")),
    # 24.11: another corps's rpl counter put in
    "corps-rpl-wrong-counter": corps_attack(CORPS_OFF + ex.move("5 Gd Tank Corps (rpl)", "1208")),
    # 24.11: the corps counter off and no rpl counter: all four steps gone for a loss of two
    "corps-rpl-no-swap": corps_attack(CORPS_OFF),
    # 24.11, AGS 9.66: its own rpl counter put in on its reduced side: three steps gone for a loss of two
    "corps-rpl-swap-reduced": corps_attack(CORPS_OFF + ex.move("11 Gd Tank Corps (rpl)", "1208")
                                           + ex.key("11 Gd Tank Corps (rpl)", "Lose step")),
}


def main() -> None:
    for name, actions in SCENARIOS.items():
        (HERE / f"{name}.json").write_text(json.dumps({"player_name": "tester", "actions": ex.resolved(actions)}, indent=1) + "\n")
        print("wrote", f"{name}.json")


if __name__ == "__main__":
    main()
