"""Write the ``oracle write`` scripts of Rostov's interdiction: the Axis rail interdiction marker
for a unit moved normally (24.11: "the presence of the marker adds one Movement Point to the cost
of entering the hex for a unit being moved normally") and the interdicted supply counter in a
battle and an overrun (23.18, :func:`interdicted_attack`, :func:`interdicted_overrun`).
make_logs.py has the real engine write ``<name>.vlog`` from each ``<name>.json``;
tests/games/test_rostov_interdiction.py says what the checker must find.

24.11, picked from the book and the map: the 393rd Rifle (Movement Allowance 8) sets up at 2027,
off the railroads, beside HQ 12 Army at 2026 (its line of communications, AGS 11.34); the Axis
Player-Turn of Game-Turn 1 passes (the 25.1 supply counter enters at 1201), and in the Axis Air
Power Phase Axis Air 1 goes on the rail hex 2728 (24.11). In the Soviet Movement Phase the four
Game-Turn 1 reinforcements enter (25.3) as in rail-capacity-legal, and the 393rd is moved
2027-2128-2228-2329-2428-2528-2627-2728: seven clear hexes (1 MP each in clear weather, Game-Turn
1, 20.33) and the marker's one, 8 of 8 (legal). In the illegal log it is then dragged on to 2827,
one clear hex more: 9 of 8 (8 without the marker).

    python tests/data/checks/rostov/interdiction_scripts.py    # then make_logs.py NAME ...
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from exclusive_scripts import RAIL_DESTINATIONS, add, battle, close_battle, key, move, next_phase, ref, set_up, \
    step, to_axis_combat  # noqa: E402


def marked_move(drops: tuple[str, ...]) -> list[dict]:
    """Axis Air 1 on 2728 in the Axis Air Power Phase; the 393rd Rifle dragged from 2027 to each
    of ``drops`` in turn in the Soviet Movement Phase, after the four reinforcements entered."""
    actions = set_up(("393 Rifle Div", "2027"), ("HQ 12 Army (Koroteev)", "2026")) + next_phase()
    actions += move("Axis Supply 5", "1201") + next_phase(4)
    actions += add("Axis Air 1", "2728") + next_phase()
    for slot, hex_ in zip(("12 Tank Bde", "15 Tank Bde", "3 Cav Div", "150 Rifle Div"), RAIL_DESTINATIONS):
        actions += add(slot, "1533")
        actions += move(ref(actions, slot), hex_)
    for hex_ in drops:
        actions += move(ref(actions, "393 Rifle Div"), hex_)
    return actions + next_phase()


def interdicted_attack(die: int, attacker_loss: bool) -> list[dict]:
    """Rostov 23.18 in a battle: the Soviet Air marker on supply counter 1 at 1407 (put down with the
    set-up, where its placement is not judged); in the Axis Combat Phase of Game-Turn 1 the whole
    13th Panzer Division (1909: 3 + 1 + 0 doubled, 19.5, is 8) attacks the 13th Tank Brigade (1910,
    clear, Defense 4). 1909 is seven hexes from the west edge (roads at half a hex, 23.16), so its
    line reaches only counter 1: in supply 8 to 4 is 2-1, out of supply (halved, AGS 12.23) 4 to 4
    is 1-1. The brigade (one step) is eliminated; with ``attacker_loss`` 66/13 loses a step."""
    actions = set_up(("Soviet Air", "1407")) + to_axis_combat() + battle("1909", "1910", die)
    actions += key("13 Tank Bde", "Eliminate")
    if attacker_loss:
        actions += key("66/13 Mot Inf Rgt", "Lose step")
    return actions + close_battle()


def interdicted_overrun() -> list[dict]:
    """Rostov 23.18 in an overrun (AGS 6.12: in supply at the start of the Movement Phase): the
    Soviet Air marker on counter 1 at 1407 as in interdicted_attack; in the Axis Movement Phase of
    Game-Turn 1 the whole 13th Panzer (1909) overruns the 13th Tank Brigade (1910): halved (6.0)
    and doubled (19.5), 4 to 4, 1-1, die 1: -/1, the brigade eliminated and the division in 1910."""
    actions = set_up(("Soviet Air", "1407")) + next_phase() + move("Axis Supply 5", "1201")
    actions += add("Overrun 1", "1909")
    first = ref(actions, "Overrun 1")
    actions += add("Overrun 1", "1910")
    second = ref(actions, "Overrun 1")
    actions += step({"dice": {"button": "1d6", "result": [1]}}) + key("13 Tank Bde", "Eliminate")
    for regiment in ("4/13 Pz Rgt", "66/13 Mot Inf Rgt", "93/13 Mot Inf Rgt"):
        actions += move(regiment, "1910")       # AGS 6.24: the overrunners enter the vacated hex
    return actions + step({"delete": {"piece": first}}) + step({"delete": {"piece": second}}) + next_phase()


SCRIPTS = {
    "air-move-cost-legal": ("Rostov 24.11: Axis Air 1 on the rail hex 2728; the 393rd Rifle moves 2027-2728, seven "
                            "clear hexes and one MP for the marker, 8 of 8: legal", marked_move(("2728",))),
    "air-move-cost-over": ("Rostov 24.11: as air-move-cost-legal, then on to 2827: 9 of 8 with the marker's MP "
                           "(8 without): illegal", marked_move(("2728", "2827"))),
    "interdicted-attack-halved": ("Rostov 23.18: the 13th Panzer, supplied only by the interdicted counter 1, "
                                  "attacks halved: 4 to 4, 1-1, die 2: 1/1 applied: legal",
                                  interdicted_attack(2, True)),
    "interdicted-attack-full": ("Rostov 23.18: as interdicted-attack-halved, read at full strength (the marker's "
                                "placement not seen): 8 to 4, 2-1, die 2: -/1 applied: legal under that reading",
                                interdicted_attack(2, False)),
    "interdicted-attack-neither": ("Rostov 23.18: as interdicted-attack-full with die 4: 1-1 gives eng, 2-1 gives "
                                   "1/1; -/1 applied is neither: illegal", interdicted_attack(4, False)),
    "interdicted-overrun": ("Rostov 23.18, AGS 6.12: the 13th Panzer, supplied only by the interdicted counter 1, "
                            "overruns the 13th Tank Brigade: its supply at the start of the phase is not known",
                            interdicted_overrun()),
}


def write_scripts() -> None:
    for name, (comment, actions) in SCRIPTS.items():
        text = json.dumps({"player_name": "tester", "comment": comment, "actions": actions}, indent=0)
        (HERE / f"{name}.json").write_text(text + "\n")
        print(f"wrote {name}.json")


if __name__ == "__main__":
    write_scripts()
