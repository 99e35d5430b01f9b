"""Write the ``oracle write`` scripts of Rostov 19.4 (an Axis line of supply never crosses a major
river along a railroad alone) read in the weather the log shows (23.17, 20.2), and of 20.22
(advances after combat in moderate weather: one hex; the block at the end says how). make_logs.py has
the real engine write ``<name>.vlog`` from each ``<name>.json``;
tests/games/test_rostov_rail_river.py says what the checker must find in each and why.

Two Game-Turns are played. The four set-up supply counters (18.21) stand at 1407, 2404, 2504 and
1607. On Game-Turn 1 counter 2 moves to 2407, counter 3 by 2110 to 2113 and counter 4 by 2109 to
1915 (clear of the zones of the 28th Cavalry at 1809 and the 13th Tank at 1910, 23.13); Wiking's
Ger/W SS Mot Rgt moves 1606-2113 and, in the Mechanized Movement Phase, across the Donets along
the road 1918/2017 to 2017. The chain is 1407 (six hexes from the west edge), 2407, 2113 and the
fourth counter, each within six hexes of the one before (23.1). The Soviet Player-Turn brings in
Game-Turn 1's four reinforcements (25.3). Game-Turn 2's Weather Phase rolls 6: clear in both
sections (20.34: north 6, south 6+2 read as 6), so lines are six hexes long (23.17). In the Axis
Movement Phase Ger/W moves 2017-1921 (within half its allowance), beside 1821/1921, where only
the railroad crosses the Donets, and counter 4 moves on:

- legal: counter 4 to 1918. Ger/W's line runs 1921-1920-1919-2018-2017 and across the river
  along the road to 1918 (2017-1918 half a hex, 23.16): four and a half hexes, in supply; its
  move 1921-2024 in the Mechanized Movement Phase (6 MP of 10, over half) is legal;
- illegal: counter 4 to 1820. Its line to Ger/W is two hexes, 1820-1821 and across the river
  along the railroad 1821/1921, which carries no Axis line (19.4); through the road crossing
  it is seven and a half hexes: out of supply, so the same move is over the half allowance of a
  unit out of supply (AGS 5.25): a finding citing Rostov 19.4.

    python tests/data/checks/rostov/rail_river_scripts.py    # then make_logs.py NAME ...
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from exclusive_scripts import add, battle, close_battle, counters_at, key, move, next_phase, set_up, step  # noqa: E402

SOVIET_GT1 = (("130 Rifle Div", "1533"), ("150 Rifle Div", "1633"), ("339 Rifle Div", "1733"),
              ("393 Rifle Div", "1533"))
GER_W = "Ger/W SS Mot Rgt"


def two_turns(counter_4_on_turn_2: str, mech_move: str) -> list[dict]:
    """Game-Turns 1 and 2 as the module docstring says; ``counter_4_on_turn_2``: where counter 4
    moves in Game-Turn 2's Axis Movement Phase; ``mech_move``: where Ger/W goes in Game-Turn 2's
    Axis Mechanized Movement Phase."""
    actions = counters_at(("Axis Supply 1", "1407"), ("Axis Supply 2", "2404"), ("Axis Supply 3", "2504"),
                          ("Axis Supply 4", "1607"))
    actions += next_phase() + move("Axis Supply 5", "1201") + move("Axis Supply 2", "2407")
    actions += move("Axis Supply 3", "2110") + move("Axis Supply 4", "2109") + move(GER_W, "2113")
    actions += next_phase(2) + move("Axis Supply 3", "2113") + move("Axis Supply 4", "1915") + move(GER_W, "2017")
    actions += next_phase(3)
    for slot, hex_ in SOVIET_GT1:
        actions += add(slot, hex_)
    actions += next_phase(6) + step({"dice": {"button": "1d6", "result": [6]}}) + next_phase()
    actions += move("Axis Supply 6", "1201") + move(GER_W, "1921") + move("Axis Supply 4", counter_4_on_turn_2)
    return actions + next_phase(2) + move(GER_W, mech_move) + next_phase()


SCRIPTS = {
    "rail-river-road-legal": (
        "Rostov 19.4, 23.16, 23.17: Game-Turn 2, clear (roll 6). Ger/W at 1921, beside the railroad-only crossing "
        "1821/1921, traces its line along the road across the Donets at 2017/1918 to counter 4 (chain 1407-2407-"
        "2113-1918): in supply; its move 1921-2024 in the Mechanized Movement Phase (6 MP of 10) is legal",
        lambda: two_turns("1918", "2024")),
    "rail-river-rail-out": (
        "Rostov 19.4: as rail-river-road-legal, but counter 4 moves 1915-1820 in the Axis Movement Phase: Ger/W's "
        "only line within six hexes crosses the Donets along the railroad alone (1821/1921), which carries no "
        "Axis line: out of supply, its move 1921-2024 (6 MP) is over half its allowance (5): illegal",
        lambda: two_turns("1820", "2024")),
}


# ------------------------------------------------------------------------------- 20.22
# HQ 12 Army (Defense 2 alone, 11.38; halved out of supply) set up at 0605 beside the LAH (0706:
# 12, a whole two-regiment division doubled, 19.5), as in hq-eliminated-early. Game-Turn 1 passes
# (the 25.1 counter and the four 25.3 reinforcements enter); Game-Turn 2's Weather Phase rolls 2:
# moderate in both sections (20.34: north 2, south 2+2 = 4). The LAH attacks the HQ: 12 to 1,
# 10-1, die 1: -/E; the HQ is eliminated, so the victors may advance two hexes (9.84) but in
# moderate weather only one (20.22).

def advance_after_elimination(to: str) -> list[dict]:
    actions = set_up(("HQ 12 Army (Koroteev)", "0605")) + next_phase() + move("Axis Supply 5", "1201") + next_phase(5)
    for slot, hex_ in SOVIET_GT1:
        actions += add(slot, hex_)
    actions += next_phase(6) + step({"dice": {"button": "1d6", "result": [2]}}) + next_phase()
    actions += move("Axis Supply 6", "1201") + next_phase() + battle("0706", "0605", 1)
    return actions + key("HQ 12 Army (Koroteev)", "Eliminate") + move("1LAH SS Mot Rgt", to) + close_battle()


SCRIPTS["advance-moderate-one-hex"] = (
    "Rostov 20.22: Game-Turn 2, moderate (roll 2). The LAH eliminates HQ 12 Army at 0605 (10-1, die 1: -/E); "
    "1LAH advances one hex, into 0605: legal",
    lambda: advance_after_elimination("0605"))
SCRIPTS["advance-moderate-two-hexes"] = (
    "Rostov 20.22: as advance-moderate-one-hex, but 1LAH advances two hexes, 0605 and on to 0604, as 9.84 allows "
    "in clear weather: in moderate weather every advance after combat is limited to one hex: illegal",
    lambda: advance_after_elimination("0604"))


def write_scripts() -> None:
    for name, (comment, build) in SCRIPTS.items():
        text = json.dumps({"player_name": "tester", "comment": comment, "actions": build()}, indent=0)
        (HERE / f"{name}.json").write_text(text + "\n")
        print(f"wrote {name}.json")


if __name__ == "__main__":
    write_scripts()
