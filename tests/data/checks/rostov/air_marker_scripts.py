"""Write the ``oracle write`` scripts of Rostov's Air markers: where and when each use is put down
and taken off (24.11-24.14, 24.21), the interdicted supply counter that may not move (23.18), the
Axis Air marker that may not aid an attack (19.8) and the interdicted rail hex that counts ten
(19.21, 24.11; the last two scripts). One legal log plays every use; each illegal
log changes one thing in it. make_logs.py has the real engine write ``<name>.vlog`` from each
``<name>.json``; tests/games/test_rostov_air_markers.py says what the checker must find in each.

The legal log, picked from the book and the set-up alone (not by asking the checker):

- Game-Turn 1, Axis Movement Phase, before any unit moves: Axis Air 1 on the 16th Panzer Division
  at 1609 (24.12, 23.2: a German stack, before the Initial Movement Phase); the 25.1 supply counter
  enters at 1201.
- Axis Combat Phase: the whole 16th Panzer (doubled, 19.5: 4 to 8) attacks the 255th Rifle at 1510
  (Defense 4): 8 to 4 is 2-1, die 3: 1/1 (9.5); the 255th is eliminated and 79/16 loses a step. One
  column to the right (3-1) would be -/1, which the 19.8 log applies: the Axis Air marker on the
  attacking stack may not aid the attack.
- Axis Air Power Phase: Axis Air 1 off (24.12), Axis Air 2 on the rail hex 1421 (24.11, no unit
  there), Axis Air 3 on supply counter 1 at 1407 (24.13; the 1st Hungarian there is no German unit).
- Soviet Movement Phase: the four Game-Turn 1 reinforcements (25.3). Soviet Air Power Phase: the
  Soviet Air marker on the lone supply counter 5 at 1201 (24.21), then Axis Air 2 and 3 off (24.11,
  24.13: during, and at the end of, the Soviet Air Power Phase).
- Game-Turn 2: counter 6 enters at 1101 (25.1), counter 5 (interdicted) stays; in the Axis Air
  Power Phase the Soviet Air marker is taken off (24.21); four Soviet reinforcements enter (25.3)
  and the log ends in the Soviet Combat Phase.

    python tests/data/checks/rostov/air_marker_scripts.py    # then make_logs.py NAME ...
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from exclusive_scripts import RAIL_DESTINATIONS, SOVIET_GT1, add, battle, key, move, next_phase, ref, set_up, \
    step  # noqa: E402

SOVIET_GT2 = (("199 Rifle Div", "1833"), ("296 Rifle Div", "1933"), ("4 Rifle Div", "2033"), ("136 Rifle Div", "2133"))
SCRIPTS: dict[str, tuple[str, Callable[[], list[dict]]]] = {}


def script(name: str, comment: str) -> Callable[[Callable[[], list[dict]]], Callable[[], list[dict]]]:
    def register(build: Callable[[], list[dict]]) -> Callable[[], list[dict]]:
        SCRIPTS[name] = (comment, build)
        return build
    return register


def delete(piece: str) -> list[dict]:
    return step({"delete": {"piece": piece}})


def air_game(*, stack: str = "movement", attacker_loss: bool = True, axis_air: tuple[tuple[str, str], ...] = (
        ("Axis Air 2", "1421"), ("Axis Air 3", "1407")), soviet_air: str = "1201",
        left_on: tuple[str, ...] = (), soviet_left_on: bool = False, moved: bool = False) -> list[dict]:
    """The legal log, or one change to it: ``stack`` the phase Axis Air 1 is put on 1609 in
    ("movement", "mech" or "" for none); ``attacker_loss`` the attacker's step of the 1/1;
    ``axis_air`` the markers put down in the Axis Air Power Phase; ``soviet_air`` the hex of the
    Soviet Air marker; ``left_on`` Axis markers not taken off in the Soviet Air Power Phase;
    ``soviet_left_on`` the Soviet marker not taken off in the next Axis Air Power Phase; ``moved``
    the interdicted counter 5 moved on Game-Turn 2 (1201-1202)."""
    actions = set_up(("Axis Supply 2", "2404")) + next_phase()
    if stack == "movement":
        actions += add("Axis Air 1", "1609")
    actions += move("Axis Supply 5", "1201") + next_phase()
    actions += battle("1609", "1510", 3) + key("255 Rifle Div", "Eliminate")
    if attacker_loss:
        actions += key("79/16 Mot Inf Rgt", "Lose step")
    actions += delete("Attack 1") + delete("Defend 1") + next_phase()
    if stack == "mech":
        actions += add("Axis Air 1", "1609")
    actions += next_phase(2)
    if stack:
        actions += delete("Axis Air 1")
    for piece, hex_ in axis_air:
        actions += add(piece, hex_)
    actions += next_phase()
    for slot, hex_ in SOVIET_GT1:
        actions += add(slot, hex_)
    actions += next_phase(4) + add("Soviet Air", soviet_air)
    for piece, _ in axis_air:
        if piece not in left_on:
            actions += delete(piece)
    actions += next_phase(3) + move("Axis Supply 6", "1101")
    if moved:
        actions += move("Axis Supply 5", "1202")
    actions += next_phase(4)
    if not soviet_left_on:
        actions += delete("Soviet Air")
    actions += next_phase()
    for slot, hex_ in SOVIET_GT2:
        actions += add(slot, hex_)
    return actions + next_phase()


@script("air-markers-legal", "Rostov 24.11-24.13, 24.21, 23.18, 19.8: every use of the Air markers put down and "
        "taken off where and when the book says (air_marker_scripts.py): legal")
def air_markers_legal() -> list[dict]:
    return air_game()


@script("air-markers-attack-shifted", "Rostov 19.8: as air-markers-legal, but the 16th Panzer's attack under Axis "
        "Air 1 takes the -/1 of 3-1, one column to the right of its 2-1 (die 3: 1/1): 79/16 loses no step: illegal")
def air_markers_attack_shifted() -> list[dict]:
    return air_game(attacker_loss=False)


@script("air-markers-stack-late", "Rostov 24.12: as air-markers-legal, but Axis Air 1 is put on the 16th Panzer in "
        "the Axis Mechanized Movement Phase, after the Initial Movement Phase: illegal")
def air_markers_stack_late() -> list[dict]:
    return air_game(stack="mech")


@script("air-markers-off-rail", "Rostov 24.11: as air-markers-legal, but Axis Air 3 is put on 1311 in the Axis Air "
        "Power Phase: no rail hex, no supply counter, no German unit: illegal")
def air_markers_off_rail() -> list[dict]:
    return air_game(axis_air=(("Axis Air 2", "1421"), ("Axis Air 3", "1311")))


@script("air-markers-three-rail", "Rostov 24.14: as air-markers-legal with no stack supplied, but the three Axis Air "
        "markers interdict the rail hexes 1421, 1324 and 1420 on Game-Turn 1: three for one purpose: illegal")
def air_markers_three_rail() -> list[dict]:
    return air_game(stack="", axis_air=(("Axis Air 1", "1421"), ("Axis Air 2", "1324"), ("Axis Air 3", "1420")))


@script("air-markers-left-on", "Rostov 24.11: as air-markers-legal, but Axis Air 2 stays on the rail hex 1421 after "
        "the Soviet Air Power Phase: illegal")
def air_markers_left_on() -> list[dict]:
    return air_game(left_on=("Axis Air 2",))


@script("air-markers-protected", "Rostov 24.21, 24.13: as air-markers-legal, but the Soviet Air marker is put on "
        "supply counter 1 at 1407, which Axis Air 3 protects: illegal")
def air_markers_protected() -> list[dict]:
    return air_game(soviet_air="1407")


@script("air-markers-on-german", "Rostov 24.21: as air-markers-legal, but the Soviet Air marker is put on supply "
        "counter 2 at 2404, stacked with the 257th Infantry (German): illegal")
def air_markers_on_german() -> list[dict]:
    return air_game(soviet_air="2404")


@script("air-markers-soviet-left-on", "Rostov 24.21: as air-markers-legal, but the Soviet Air marker stays on "
        "counter 5 after the Axis Air Power Phase of Game-Turn 2: illegal")
def air_markers_soviet_left_on() -> list[dict]:
    return air_game(soviet_left_on=True)


@script("air-markers-interdicted-moved", "Rostov 23.18: as air-markers-legal, but supply counter 5, under the Soviet "
        "Air marker, moves 1201-1202 in the Axis Movement Phase of Game-Turn 2: illegal")
def air_markers_interdicted_moved() -> list[dict]:
    return air_game(moved=True)


# 19.21, 24.11: a rail hex with an Axis Air marker counts ten rail hexes for a Soviet unit moved by
# rail. As rail-capacity-legal (exclusive_scripts.rail_turn), the 393rd Rifle goes by rail from
# Voroshilovgrad (1625) to 0828, 16 rail hexes by the shortest railroad (1726-1727-1827-1828-1929-
# 1829-1729-1629-1529-1429-1329-1229-1129-1028-0929-0828); in the Axis Air Power Phase before it the
# Axis Player interdicts 0828 (16 - 1 + 10 = 25 of 30), or 0828 and 0929: then the railroad that
# counts least is the one through 0728 (22 hexes, 21 + 10 = 31 of 30), by 0929 it is 34.

def rail_interdicted(hexes: tuple[str, ...]) -> list[dict]:
    actions = set_up(("393 Rifle Div", "1625")) + next_phase() + move("Axis Supply 5", "1201") + next_phase(4)
    for number, hex_ in enumerate(hexes, start=1):
        actions += add(f"Axis Air {number}", hex_)
    actions += next_phase()
    for slot, hex_ in zip(("12 Tank Bde", "15 Tank Bde", "3 Cav Div", "150 Rifle Div"), RAIL_DESTINATIONS):
        actions += add(slot, "1533")
        actions += move(ref(actions, slot), hex_)
    return (actions + move(ref(actions, "393 Rifle Div"), "0828") + move(ref(actions, "HQ 6 Army (Malinovsky)"), "0727")
            + next_phase())


@script("rail-interdicted-legal", "Rostov 19.21, 24.11: as rail-capacity-legal, with an Axis Air marker on 0828, "
        "where the 393rd Rifle's rail move from 1625 ends: 15 rail hexes and 0828 counting ten, 25 of 30: legal")
def rail_interdicted_legal() -> list[dict]:
    return rail_interdicted(("0828",))


@script("rail-interdicted-over", "Rostov 19.21, 24.11: as rail-interdicted-legal, with a second Axis Air marker on "
        "0929: the railroad that counts least, through 0728, counts 31 rail hexes of 30 (16 without the markers): "
        "illegal")
def rail_interdicted_over() -> list[dict]:
    return rail_interdicted(("0828", "0929"))


def write_scripts() -> None:
    for name, (comment, build) in SCRIPTS.items():
        text = json.dumps({"player_name": "tester", "comment": comment, "actions": build()}, indent=0)
        (HERE / f"{name}.json").write_text(text + "\n")
        print(f"wrote {name}.json")


if __name__ == "__main__":
    write_scripts()
