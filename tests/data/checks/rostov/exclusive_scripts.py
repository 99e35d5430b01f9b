"""Write the ``oracle write`` scripts of Rostov's exclusive rules that only unit tests proved
before: rail capacity (19.22), whole-division doubling (19.5), the Soviet second step (19.6,
19.63, 19.65), the addenda's set-up hexes (18.11) and the Soviet reinforcement schedule (25.3). Each scenario is a legal log and an illegal one; make_logs.py has the real engine
write ``<name>.vlog`` from each ``<name>.json``; tests/games/test_rostov_exclusive_logs.py says
what the checker must find in each and why.

The hexes and dice are picked from the rulebook and the set-up alone (the counters' printed
strengths, the CRT of 9.5), not by asking the checker:

- 19.5: the 16th Panzer Division (2/16 3, 79/16 1, 64/16 0, all at 1609, 18.2) attacks the 255th
  Rifle (Defense 4, 1510): 4 doubled is 8 to 4, 2-1; die 2 gives -/1. Wiking's Nor/W and Wes/W
  (1709; Ger/W stands at 1606) attack the 28th Cavalry (Defense 4, 1809, halved: no HQ of these
  scripts reaches it): 5 to 2 is 2-1, die 4 gives 1/1, but the player takes -/1 as if the two
  regiments were doubled (10 to 2, 5-1).
- 19.6: the 99th Rifle (Defense 6, a second step) with the 150th Rifle (Defense 1) at 0605, or
  alone, attacked by the LAH (1LAH, 2LAH at 0706: a two-regiment division, doubled); the two
  Soviet units trace to no HQ at the start (18.13: the HQs' map symbols are not in the text, and
  these scripts place two HQs far away), so their Defense is halved: 12 to 4 is 3-1 (die 1: -/2)
  and 12 to 3 is 4-1 (die 3: -/1).
- 19.22: on Game-Turn 1 the four Soviet reinforcements (25.3) enter at 1533 on the
  Likhaya-Stalingrad railway and go on by rail; a unit the Soviet player set up at Voroshilovgrad
  (1625) goes by rail too, and HQ 6 Army by rail from 1412 to Rostov, for free.
- 18.11 and 25.3, whose legal side every other log here plays: a unit the addenda place on 1510
  set up one hex off, and three of Game-Turn 1's four Soviet reinforcements.

    python tests/data/checks/rostov/exclusive_scripts.py    # then make_logs.py NAME ...
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAP = "Rostov"
SCRIPTS: dict[str, tuple[str, Callable[[], list[dict]]]] = {}


def script(name: str, comment: str) -> Callable[[Callable[[], list[dict]]], Callable[[], list[dict]]]:
    def register(build: Callable[[], list[dict]]) -> Callable[[], list[dict]]:
        SCRIPTS[name] = (comment, build)
        return build
    return register


def step(action: dict) -> list[dict]:
    return [action, {"step": True}]


def add(slot: str, location: str) -> list[dict]:
    return step({"add": {"slot": slot, "map": MAP, "location": location}})


def move(piece: str, location: str) -> list[dict]:
    return step({"move": {"piece": piece, "map": MAP, "location": location}})


def key(piece: str, command: str) -> list[dict]:
    return step({"key": {"piece": piece, "command": command}})


def next_phase(times: int = 1) -> list[dict]:
    return [a for _ in range(times) for a in step({"turn": "next"})]


def ref(actions: list[dict], slot: str) -> str:
    """The oracle's name (``@N``) for the piece the last ``add`` of ``slot`` in ``actions`` made: a unit
    drawn from the pool shows its untried side, whose name is not the unit's."""
    return f"@{max(i for i, a in enumerate(actions) if a.get('add', {}).get('slot') == slot)}"


def set_up(*extra: tuple[str, str]) -> list[dict]:
    """Rostov 18.1, 18.13, 18.21: two HQs, a supply counter at 1407 (so the 13th and 16th Panzer
    and Wiking are in supply, 23.1) and the given Soviet units, then the Weather Phase."""
    actions = []
    for slot, hex_ in (("HQ 9 Army (Kharitonov)", "0311"), ("HQ 6 Army (Malinovsky)", "1412"),
                       ("Axis Supply 1", "1407"), *extra):
        actions.append({"add": {"slot": slot, "map": MAP, "location": hex_}})
    return actions + [{"step": True}]


def to_axis_combat() -> list[dict]:
    """Weather Phase (Game-Turn 1: clear, no roll, 20.33), the Axis Movement Phase with the 25.1
    supply counter entering in area A, then the Axis Combat Phase."""
    return next_phase() + move("Axis Supply 5", "1201") + next_phase()


def battle(attackers: str, defender: str, die: int) -> list[dict]:
    return add("Attack 1", attackers) + add("Defend 1", defender) + step({"dice": {"button": "1d6", "result": [die]}})


def close_battle() -> list[dict]:
    """The markers off; the Axis Mechanized Movement Phase passes with no move."""
    return step({"delete": {"piece": "Attack 1"}}) + step({"delete": {"piece": "Defend 1"}}) + next_phase(2)


# ------------------------------------------------------------------------------- 19.5

@script("integrity-whole-division", "Rostov 19.5: the whole 16th Panzer Division (1609) attacks the 255th Rifle "
        "(1510): 4 doubled is 8 to 4, 2-1, die 2: -/1; the 255th is eliminated (one step): legal")
def integrity_whole() -> list[dict]:
    return (set_up() + to_axis_combat() + battle("1609", "1510", 2) + key("255 Rifle Div", "Eliminate")
            + close_battle())


@script("integrity-part-division", "Rostov 19.5: Nor/W and Wes/W (1709) without Ger/W (1606) attack the 28th "
        "Cavalry (1809, out of supply: Defense 2): 5 to 2, 2-1, die 4: 1/1; the player takes -/1 as if the "
        "regiments were doubled (10 to 2, 5-1): the cavalry eliminated, no attacker step lost: illegal")
def integrity_part() -> list[dict]:
    return (set_up() + to_axis_combat() + battle("1709", "1809", 4) + key("28 Cav Div", "Eliminate")
            + close_battle())


# ------------------------------------------------------------------------------- 19.6

@script("second-step-two-losses", "Rostov 19.65: the LAH (0706) attacks the 99th Rifle (Defense 6) and the "
        "150th Rifle at 0605: 12 to 4, 3-1, die 1: -/2; the 99th alone is eliminated, which meets the two "
        "steps: legal")
def second_step_two() -> list[dict]:
    actions = set_up(("99 Rifle Div", "0605"), ("150 Rifle Div", "0605")) + to_axis_combat() + battle("0706", "0605", 1)
    return actions + key(ref(actions, "99 Rifle Div"), "Eliminate") + close_battle()


def replaced_by(slot: str) -> list[dict]:
    actions = set_up(("99 Rifle Div", "0605")) + to_axis_combat() + battle("0706", "0605", 3)
    return actions + key(ref(actions, "99 Rifle Div"), "Eliminate") + add(slot, "0605") + close_battle()


@script("second-step-replaced", "Rostov 19.6, 19.62: the LAH (0706) attacks the 99th Rifle (Defense 6) alone "
        "at 0605: 12 to 3, 4-1, die 3: -/1; the 99th takes its one-step loss: it is eliminated and the 393rd "
        "Rifle (Defense 2, same type) takes its place: legal")
def second_step_replaced() -> list[dict]:
    return replaced_by("393 Rifle Div")


@script("second-step-wrong-type", "Rostov 19.63: as second-step-replaced, but the 14th Cavalry (Defense 1) "
        "takes the rifle division's place: a step loss is replaced only by a unit of the same type: illegal")
def second_step_wrong_type() -> list[dict]:
    return replaced_by("14 Cav Div")


# ------------------------------------------------------------------------------- 19.22

RAIL_DESTINATIONS = ("1421", "1324", "1228", "1422")   # along the railways from 1533, each beyond a march


def rail_turn(on_map: str) -> list[dict]:
    """The Axis Player-Turn passes; in the Soviet Movement Phase the four Game-Turn 1 reinforcements
    (two tank brigades, a cavalry and a rifle division) enter at 1533 and go on by rail, ``on_map``
    goes by rail from Voroshilovgrad (1625) to 0828 (19 rail hexes), HQ 6 Army from 1412 to Rostov (0727)."""
    actions = set_up((on_map, "1625")) + next_phase() + move("Axis Supply 5", "1201") + next_phase(5)
    for slot, hex_ in zip(("12 Tank Bde", "15 Tank Bde", "3 Cav Div", "150 Rifle Div"), RAIL_DESTINATIONS):
        actions += add(slot, "1533")
        actions += move(ref(actions, slot), hex_)
    return actions + move(ref(actions, on_map), "0828") + move(ref(actions, "HQ 6 Army (Malinovsky)"), "0727") + next_phase()


@script("rail-capacity-legal", "Rostov 19.22: by rail on Game-Turn 1: 12 and 15 Tank Bde (two each), 3 Cav Div "
        "(two), 150 and 393 Rifle Div (one each): 5 units counting as 8, the limit; HQ 6 Army free: legal")
def rail_capacity_legal() -> list[dict]:
    return rail_turn("393 Rifle Div")


@script("rail-capacity-over", "Rostov 19.22: as rail-capacity-legal, but the unit from Voroshilovgrad is the "
        "38th Cavalry (two): 5 units counting as 9 of 8: illegal, though five units alone are within eight")
def rail_capacity_over() -> list[dict]:
    return rail_turn("38 Cav Div")


# ------------------------------------------------------------------- 18.11 and 25.3

@script("setup-off-its-hex", "Rostov 18.11 (addenda: 1510): the 255th Rifle set up on 1511 instead, the move "
        "made before the first phase is played: illegal")
def setup_off_its_hex() -> list[dict]:
    placed = set_up()[:-1] + [{"move": {"piece": "255 Rifle Div", "map": MAP, "location": "1511"}}, {"step": True}]
    return placed + to_axis_combat()


@script("soviet-reinforcements-short", "Rostov 25.3, 25.32: Game-Turn 1 brings four Soviet units from the pool; "
        "three enter at 1533, 1633 and 1733 and the Soviet Movement Phase ends: illegal (the fourth may not be "
        "delayed)")
def soviet_reinforcements_short() -> list[dict]:
    actions = set_up() + next_phase() + move("Axis Supply 5", "1201") + next_phase(5)
    for slot, hex_ in (("130 Rifle Div", "1533"), ("150 Rifle Div", "1633"), ("339 Rifle Div", "1733")):
        actions += add(slot, hex_)
    return actions + next_phase()


# ---------------------------------------------------------------- 19.3, 19.7, 23.14-23.18
# Supply is judged where a move needs it (AGS 5.25: out of supply at the start of the phase, half
# the allowance): each pair below moves a unit more than half its allowance and within the whole
# one, so the only question is its supply. The hexes were picked on the reconstructed map: 0609 is
# eight hexes from the west edge, on the road 0909-0709-0609-0509-0409 that runs off it, 0610 beside
# it on no road; 0802 lies behind the Axis front, which cuts every line from it to the east edge.

FAR_COUNTERS = (("Axis Supply 1", "1407"), ("Axis Supply 2", "2404"), ("Axis Supply 3", "2504"))


def counters_at(*where: tuple[str, str]) -> list[dict]:
    """Rostov 18.21: the set-up counters on the given hexes (the book leaves them to the player)."""
    return [{"add": {"slot": slot, "map": MAP, "location": hex_}} for slot, hex_ in where] + [{"step": True}]


def axis_mech_move(set_up_actions: list[dict], first: tuple[str, str] | None, then: tuple[str, str]) -> list[dict]:
    """Game-Turn 1: the 25.1 counter enters at 1201, ``first`` moves in the Axis Movement Phase, and
    ``then`` in the Axis Mechanized Movement Phase, whose start is where its supply is judged."""
    actions = set_up_actions + next_phase() + move("Axis Supply 5", "1201")
    if first is not None:
        actions += move(*first)
    return actions + next_phase(2) + move(*then) + next_phase()


@script("axis-supply-counter-moves", "Rostov 23.14: as axis-supply-out, but the piece that moves 0512-0108 (8 MP) "
        "in the Axis Mechanized Movement Phase is supply counter 4, set up at 0512, more than six hexes from the "
        "west edge and from every other counter: supply counters are never out of supply, so its whole "
        "allowance (8) is its own: legal")
def axis_supply_counter_moves() -> list[dict]:
    return axis_mech_move(counters_at(*FAR_COUNTERS, ("Axis Supply 4", "0512")), None, ("Axis Supply 4", "0108"))


@script("axis-supply-road-legal", "Rostov 23.16: 1LAH moves 0706-0609 (the Axis Movement Phase); 0609 is eight "
        "hexes from the west edge, but on the road that runs off it, where a hex counts half: a line of six, in "
        "supply; in the Mechanized Movement Phase it moves 0609-0603, 6 MP of 10: legal")
def axis_supply_road_legal() -> list[dict]:
    return axis_mech_move(counters_at(*FAR_COUNTERS, ("Axis Supply 4", "1607")),
                          ("1LAH SS Mot Rgt", "0609"), ("1LAH SS Mot Rgt", "0603"))


@script("axis-supply-road-out", "Rostov 23.16, 23.0: as axis-supply-road-legal, but 1LAH stops at 0610, beside "
        "0609 on no road: nine hexes from the west edge, no line of six, out of supply; 0610-0603 is 9 MP, "
        "over half its allowance (5): illegal")
def axis_supply_road_out() -> list[dict]:
    return axis_mech_move(counters_at(*FAR_COUNTERS, ("Axis Supply 4", "1607")),
                          ("1LAH SS Mot Rgt", "0610"), ("1LAH SS Mot Rgt", "0603"))


@script("axis-supply-unchained", "Rostov 23.15: as axis-supply-out, with counter 4 at 0514, within six hexes of "
        "0512 but in no valid chain: in the Axis Player-Turn it may have been expended, so 1LAH's supply is not "
        "known and its move 0512-0108 (8 MP of 10, over half) is not checked, never a finding (the module's "
        "counter has no expended side to show)")
def axis_supply_unchained() -> list[dict]:
    return axis_mech_move(counters_at(*FAR_COUNTERS, ("Axis Supply 4", "0514")),
                          ("1LAH SS Mot Rgt", "0512"), ("1LAH SS Mot Rgt", "0108"))


@script("axis-supply-interdicted", "Rostov 23.18: as axis-supply-legal (counter 2 at 0406 supplies 1LAH at 0512), "
        "with the Soviet Air marker on counter 2: an interdicted counter supplies no unit directly in the Axis "
        "Player-Turn, but the marker's legality (24.21) is not judged: 1LAH's supply is not known and its move "
        "0512-0108 (8 MP, over half its allowance) is not checked, never a finding")
def axis_supply_interdicted() -> list[dict]:
    placed = counters_at(("Axis Supply 1", "1407"), ("Axis Supply 2", "0406"), ("Axis Supply 3", "2404"),
                         ("Axis Supply 4", "1006"), ("Soviet Air", "0406"))
    return axis_mech_move(placed, ("1LAH SS Mot Rgt", "0512"), ("1LAH SS Mot Rgt", "0108"))


@script("axis-supply-air", "Rostov 23.2: as axis-supply-out, but Axis Air 1 is put on 1LAH at 0706 at the start of "
        "the Axis Movement Phase and moves with it to 0512: the German regiment may be supplied by air for the "
        "Player-Turn, so its move 0512-0108 (8 MP, over half its allowance) is not checked, never a finding")
def axis_supply_air() -> list[dict]:
    actions = counters_at(*FAR_COUNTERS, ("Axis Supply 4", "1607")) + next_phase() + add("Axis Air 1", "0706")
    actions += move("Axis Supply 5", "1201") + move("1LAH SS Mot Rgt", "0512") + move("Axis Air 1", "0512")
    return actions + next_phase(2) + move("1LAH SS Mot Rgt", "0108") + next_phase()


SOVIET_GT1 = (("130 Rifle Div", "1533"), ("150 Rifle Div", "1633"), ("339 Rifle Div", "1733"), ("393 Rifle Div", "1533"))


def soviet_gt1(set_up_actions: list[dict], then: tuple[str, str] | None = None) -> list[dict]:
    """The Axis Player-Turn of Game-Turn 1 passes (its counter enters at 1201); in the Soviet
    Movement Phase the four 25.3 reinforcements enter and ``then`` moves."""
    actions = set_up_actions + next_phase() + move("Axis Supply 5", "1201") + next_phase(5)
    for slot, hex_ in SOVIET_GT1:
        actions += add(slot, hex_)
    if then is not None:
        actions += move(ref(actions, then[0]), then[1])
    return actions + next_phase()


@script("soviet-hq-supply-legal", "Rostov 19.7: HQ 9 Army and the 14th Cavalry at 2218 (set-up): the HQ traces a "
        "line to the east edge, so the cavalry is in supply and moves 2218-2223, 6 MP of 8: legal")
def soviet_hq_supply_legal() -> list[dict]:
    placed = counters_at(("HQ 9 Army (Kharitonov)", "2218"), ("14 Cav Div", "2218"),
                         ("HQ 6 Army (Malinovsky)", "1412"), ("Axis Supply 1", "1407"))
    return soviet_gt1(placed, ("14 Cav Div", "2223"))


@script("soviet-hq-supply-cut", "Rostov 19.7: as soviet-hq-supply-legal, but HQ 9 Army and the cavalry stand at "
        "0802, behind the Axis front, whose units and zones cut every line to the east edge: the HQ is out of "
        "supply, so is the cavalry, whose move 0802-1402 (6 MP) is over half its allowance (4): illegal")
def soviet_hq_supply_cut() -> list[dict]:
    placed = counters_at(("HQ 9 Army (Kharitonov)", "0802"), ("14 Cav Div", "0802"),
                         ("HQ 6 Army (Malinovsky)", "1412"), ("Axis Supply 1", "1407"))
    return soviet_gt1(placed, ("14 Cav Div", "1402"))


@script("axis-supply-turn2-unknown", "Rostov 23.17: Game-Turn 1 is played (the four Soviet reinforcements enter); "
        "on Game-Turn 2 the Weather Phase may make a section severe (three-hex lines), which the supply check "
        "does not read: 1LAH at 0706, five hexes from the west edge and more than three from every counter, has "
        "supply not known, and its move 0706-0512 (9 MP of 10) is not checked, never a finding")
def axis_supply_turn2_unknown() -> list[dict]:
    actions = soviet_gt1(counters_at(*FAR_COUNTERS, ("Axis Supply 4", "1607")))
    return actions + next_phase(6) + move("Axis Supply 6", "1201") + move("1LAH SS Mot Rgt", "0512") + next_phase()


@script("roads-no-benefit-legal", "Rostov 19.3: 92/60 Mot Inf (MA 10) moves 1708-1303, 10 MP of the other "
        "terrain: legal")
def roads_no_benefit_legal() -> list[dict]:
    return set_up() + next_phase() + move("Axis Supply 5", "1201") + move("92/60 Mot Inf Rgt", "1303") + next_phase()


@script("roads-no-benefit-over", "Rostov 19.3: 92/60 Mot Inf moves 1708-1302, nine hexes along the road "
        "1608-1508-1407-1406-1405-1404-1304-1303-1302: at the standard road rate (10.23, half an MP a hex) within "
        "its allowance, but roads give no benefit in Rostov: 11 MP of 10: illegal")
def roads_no_benefit_over() -> list[dict]:
    return set_up() + next_phase() + move("Axis Supply 5", "1201") + move("92/60 Mot Inf Rgt", "1302") + next_phase()


# ------------------------------------------------------------------------------- 25.2
# Five Game-Turns played with every scheduled reinforcement entering (25.1: a supply counter on
# Game-Turns 1-3 in area A, the eight 3B infantry divisions on Game-Turn 3 in area B; 25.3: four,
# four, three, three and, on Game-Turn 5, three more and two with HQ 37 Army in one hex of D-F, all
# left on their entry hexes) so that the log reaches Game-Turn 6, where the withdrawal is judged.
# The withdrawn units stand near area C (0101-0107, the south edge west of 0108) at the set-up
# (18.2): the 22nd Infantry on 0107 itself, the 50th (0202), the 170th (0406) and the three
# Rumanian divisions at 0505 and 0506, none in a Soviet zone; each walks to a hex of area C and is
# taken off the map (deleted: it leaves the game, it is not eliminated) in the Axis Movement Phase
# of Game-Turn 1 (clear weather, 20.33).

WITHDRAWALS = (("22 Inf Div", None), ("50 Inf Div", "0102"), ("170 Inf Div", "0105"), ("4 Rum", "0104"),
               ("1 Rum", "0105"), ("2 Rum", "0106"))
ENTRY_3B = (("44 Inf Div", "1701"), ("62 Inf Div", "1701"), ("79 Inf Div", "1701"), ("111 Inf Div", "1801"),
            ("132 Inf Div", "1801"), ("168 Inf Div", "1801"), ("294 Inf Div", "1901"), ("298 Inf Div", "1901"))
SOVIET_ENTRIES = (4, 4, 3, 3, 3)
SOVIET_RIFLES = ("130 Rifle Div", "150 Rifle Div", "339 Rifle Div", "13 Rifle Div", "199 Rifle Div", "393 Rifle Div",
                 "296 Rifle Div", "4 Rifle Div", "136 Rifle Div", "30 Rifle Div", "304 Rifle Div", "176 Rifle Div",
                 "411 Rifle Div", "230 Rifle Div", "261 Rifle Div", "270 Rifle Div", "347 Rifle Div", "15 Rifle Div",
                 "51 Rifle Div", "74 Rifle Div")
SOVIET_ENTRY_HEXES = ("0833", "0933", "1033", "1133", "1233", "1333", "1433", "1533", "1633", "1733", "1833", "1933",
                      "2033", "2133", "2233", "2333", "2433", "2533", "2633")


def withdrawal_game(withdrawn: tuple[tuple[str, str | None], ...], removed: str | None = None) -> list[dict]:
    """Game-Turns 1-5 with every reinforcement, ``withdrawn`` taken off area C on Game-Turn 1,
    ``removed`` deleted by the Soviet Player in the Game-Turn Indication Phase of Game-Turn 5, then
    the Weather Phase of Game-Turn 6."""
    actions = set_up()
    rifles, entry_hexes = iter(SOVIET_RIFLES), iter(SOVIET_ENTRY_HEXES)
    for turn, soviet in enumerate(SOVIET_ENTRIES, start=1):
        actions += next_phase()
        if turn <= 3:
            actions += move(f"Axis Supply {4 + turn}", ("1201", "1101", "1001")[turn - 1])
        if turn == 3:
            for piece, hex_ in ENTRY_3B:
                actions += move(piece, hex_)
        if turn == 1:
            for piece, hex_ in withdrawn:
                actions += (move(piece, hex_) if hex_ else []) + step({"delete": {"piece": piece}})
        if turn == last_turn and axis_air:
            actions += next_phase(4)
            for number, hex_ in enumerate(axis_air, start=1):
                actions += add(f"Axis Air {number}", hex_)
            actions += next_phase()
        else:
            actions += next_phase(5)
        for _ in range(soviet):
            actions += add(next(rifles), next(entry_hexes))
        if turn == 5:
            group = next(entry_hexes)
            actions += add(next(rifles), group) + add(next(rifles), group) + move("HQ 37 Army (Lopatin)", group)
            if removed is not None:
                actions += next_phase(5) + step({"delete": {"piece": removed}}) + next_phase()
                continue
        actions += next_phase(6)
    return actions


@script("withdrawal-legal", "Rostov 25.2: on Game-Turn 1 the 22nd, 50th and 170th Infantry and the 1st, 2nd and "
        "4th Rumanian leave the map from area C (each within its allowance with the one MP to move off): six "
        "units, three German; Game-Turns 1-5 are played with every reinforcement: legal")
def withdrawal_legal() -> list[dict]:
    return withdrawal_game(WITHDRAWALS)


@script("withdrawal-short", "Rostov 25.2: as withdrawal-legal without the 2nd Rumanian: five units withdrawn by the "
        "end of Game-Turn 5 and no Axis unit removed for the sixth: illegal, found at Game-Turn 6")
def withdrawal_short() -> list[dict]:
    return withdrawal_game(WITHDRAWALS[:-1])


@script("withdrawal-removed-closest", "Rostov 25.2: as withdrawal-short, and at the end of Game-Turn 5 the Soviet "
        "Player removes the 72nd Infantry (0207), one hex from area C, the closest Axis unit: legal")
def withdrawal_removed_closest() -> list[dict]:
    return withdrawal_game(WITHDRAWALS[:-1], "72 Inf Div")


@script("withdrawal-removed-farther", "Rostov 25.2: as withdrawal-short, but the Soviet Player removes the 2nd "
        "Rumanian (0506), four hexes from area C, while the 72nd Infantry (0207) stands one hex from it: illegal")
def withdrawal_removed_farther() -> list[dict]:
    return withdrawal_game(WITHDRAWALS[:-1], "2 Rum")


@script("withdrawal-exit-over", "Rostov 25.2: on Game-Turn 1 the 1st Rumanian (MA 7) walks 0506-0101, seven clear "
        "hexes (7 MP), and is taken off the map there: moving off costs one MP more, 8 of 7: illegal (in "
        "withdrawal-legal it walks to 0105, 4 MP, and leaves for 5)")
def withdrawal_exit_over() -> list[dict]:
    return (set_up() + next_phase() + move("Axis Supply 5", "1201") + move("1 Rum", "0101")
            + step({"delete": {"piece": "1 Rum"}}) + next_phase())


# ------------------------------------------------------------------------------- 22.3
# The 219th Motorized Rifle (5-5-8, 0308, 18.14) attacks the Rumanian division at 0307 (3-4-7,
# 18.2) across the Molochnaya (a minor river: Defense 8, 10.4) in the Soviet Combat Phase of
# Game-Turn 1, after the four Game-Turn 1 reinforcements entered (25.3). With HQ SW Front
# (Leadership 4, 11.37) on 0308 the attack is 9 to 8, 1-1; the bonus shifts it to 2-1. Die 2:
# 1/1 at 1-1, -/1 at 2-1 (9.5); the Rumanians lose a step and the 219th none: the 2-1 result.

def swf_attack(hq_hex: str) -> list[dict]:
    actions = set_up(("HQ SW Front (Timoshenko)", hq_hex)) + next_phase() + move("Axis Supply 5", "1201") + next_phase(5)
    for slot, hex_ in (("130 Rifle Div", "1533"), ("150 Rifle Div", "1633"), ("339 Rifle Div", "1733"),
                       ("13 Rifle Div", "1833")):
        actions += add(slot, hex_)
    return (actions + next_phase() + battle("0308", "0307", 2) + key("Rum (0307)", "Lose step")
            + step({"delete": {"piece": "Attack 1"}}) + step({"delete": {"piece": "Defend 1"}}) + next_phase(2))


@script("swf-bonus-legal", "Rostov 22.3: HQ SW Front stacked with the 219th Motorized Rifle at 0308, which attacks "
        "the Rumanians at 0307: 9 to 8, 1-1, shifted to 2-1 by the bonus; die 2: -/1 applied (1/1 at 1-1): legal")
def swf_bonus_legal() -> list[dict]:
    return swf_attack("0308")


@script("swf-bonus-not-stacked", "Rostov 22.3: as swf-bonus-legal, but HQ SW Front stands at 0309, beside the "
        "219th and not stacked with it: 5 to 8, 1-2, die 2: eng; the -/1 of 2-1 applied: illegal (no bonus)")
def swf_bonus_not_stacked() -> list[dict]:
    return swf_attack("0309")


# ------------------------------------------------------------------------------- 22.1
# HQ 6 Army (set up at 1412) is evacuated at the beginning of the Soviet Movement Phase of Game-Turn
# 1: put on the Game-Turn Record Track three spaces ahead (Turn 4). Every scheduled reinforcement
# enters each Game-Turn (as in the 25.2 logs); the HQ comes back at 1533 (entry area E) in the Soviet
# Movement Phase of ``back``, and the log goes on to the Soviet Combat Phase.

def hq_evacuation(back: int) -> list[dict]:
    actions = set_up()
    rifles, entry_hexes = iter(SOVIET_RIFLES), iter(SOVIET_ENTRY_HEXES)
    for turn, soviet in enumerate(SOVIET_ENTRIES[:back], start=1):
        actions += next_phase()
        if turn <= 3:
            actions += move(f"Axis Supply {4 + turn}", ("1201", "1101", "1001")[turn - 1])
        if turn == 3:
            for piece, hex_ in ENTRY_3B:
                actions += move(piece, hex_)
        actions += next_phase(5)
        if turn == 1:
            actions += step({"move": {"piece": "HQ 6 Army (Malinovsky)", "map": "Turn Track", "location": "Turn 4"}})
        for _ in range(soviet):
            actions += add(next(rifles), next(entry_hexes))
        if turn == back:
            return actions + move("HQ 6 Army (Malinovsky)", "1533") + next_phase()
        actions += next_phase(6)
    return actions


@script("hq-evacuation-legal", "Rostov 22.1: HQ 6 Army evacuated at the beginning of the Soviet Movement Phase of "
        "Game-Turn 1 (to the Turn 4 box) returns at 1533 in the Soviet Movement Phase of Game-Turn 4: legal")
def hq_evacuation_legal() -> list[dict]:
    return hq_evacuation(4)


@script("hq-evacuation-early", "Rostov 22.1: as hq-evacuation-legal, but HQ 6 Army returns on Game-Turn 3, two "
        "Game-Turns after its evacuation: illegal")
def hq_evacuation_early() -> list[dict]:
    return hq_evacuation(3)


# ------------------------------------------------------------------------------- 22.2
# HQ 12 Army (Leadership 4: Defense 2 alone, 11.38) set up at 0605 beside the LAH (0706: 12, a
# whole two-regiment division doubled, 19.5) is attacked in the Axis Combat Phase of Game-Turn 1:
# die 1; the HQ is eliminated. It comes back at 1533 on Game-Turn 2, one Game-Turn later.

@script("hq-eliminated-early", "Rostov 22.2: HQ 12 Army eliminated by the LAH at 0605 on Game-Turn 1 returns at "
        "1533 in the Soviet Movement Phase of Game-Turn 2: an eliminated HQ returns, on a roll of 1-3, like an "
        "evacuated one, three Game-Turns later: illegal")
def hq_eliminated_early() -> list[dict]:
    actions = (set_up(("HQ 12 Army (Koroteev)", "0605")) + to_axis_combat() + battle("0706", "0605", 1)
               + key("HQ 12 Army (Koroteev)", "Eliminate") + close_battle() + next_phase(2))
    rifles, entry_hexes = iter(SOVIET_RIFLES), iter(SOVIET_ENTRY_HEXES)
    for _ in range(SOVIET_ENTRIES[0]):
        actions += add(next(rifles), next(entry_hexes))
    actions += next_phase(6) + next_phase() + move("Axis Supply 6", "1101") + next_phase(5)
    for _ in range(SOVIET_ENTRIES[1]):
        actions += add(next(rifles), next(entry_hexes))
    return actions + move("HQ 12 Army (Koroteev)", "1533") + next_phase()


# ------------------------------------------------------------------------- 24.22, 19.8
# The Soviet Air marker in an attack (24.22: from Game-Turn 9, one column to the right, 14.14). The
# 219th Motorized Rifle (5-5-8, 0308) alone attacks the Rumanian division at 0307 across the
# Molochnaya (Defense 8, 10.4; the weather of the south section is clear on Game-Turn 1 and moderate
# on Game-Turn 9, which changes no combat, 20.22): 5 to 8 is 1-2, die 1: 1/1; one column to the
# right, 1-1, die 1: -/1 (9.5), which is applied: the Rumanians lose a step, the 219th none.
# Game-Turns 1-8 are played as in the 25.2 logs: every scheduled reinforcement
# enters (25.1; 25.3: four, four, three, three, 3 + 2 with HQ 37 Army in one hex, three, 3 + 7
# with HQ 56 Army in F or G, three, three), each Soviet unit left on its entry hex (D and E, the
# seven of Game-Turn 7 in G), and the six 25.2 withdrawals on Game-Turn 1.

AIR_ENTRIES = (4, 4, 3, 3, 3, 3, 3, 3, 3)
AIR_RIFLES = ("130 Rifle Div", "150 Rifle Div", "339 Rifle Div", "13 Rifle Div", "199 Rifle Div", "393 Rifle Div",
              "296 Rifle Div", "4 Rifle Div", "136 Rifle Div", "30 Rifle Div", "304 Rifle Div", "176 Rifle Div",
              "411 Rifle Div", "230 Rifle Div", "261 Rifle Div", "270 Rifle Div", "347 Rifle Div", "15 Rifle Div",
              "51 Rifle Div", "74 Rifle Div", "215 Rifle Div", "383 Rifle Div", "353 Rifle Div", "164 Rifle Div",
              "317 Rifle Div", "274 Rifle Div", "343 Rifle Div", "216 Rifle Div", "295 Rifle Div", "297 Rifle Div",
              "395 Rifle Div", "287 Rifle Div", "81 Rifle Div", "275 Rifle Div", "31 Rifle Div", "190 Rifle Div",
              "226 Rifle Div", "243 Rifle Div")
AIR_ENTRY_HEXES = ("1533", "1633", "1733", "1833", "1933", "2033", "2133", "2233", "2333", "2433", "2533", "2633",
                   "2733", "2833", "2922", "2923", "2924", "2925", "2926", "2927", "2928", "2929", "2930", "2931",
                   "2932", "2933", "1533", "1633", "1733", "1833", "1933")
AREA_G = ("0133", "0233", "0333", "0433", "0533", "0633", "0733")


def soviet_attack_on(last_turn: int, air: bool, axis_air: tuple[str, ...] = ()) -> list[dict]:
    """Game-Turns 1 to ``last_turn`` with every reinforcement; in the Soviet Combat Phase of
    ``last_turn`` the 219th attacks the Rumanians at 0307 (the Soviet Air marker put on them first
    when ``air``), die 1, and -/1 is applied. In the Axis Air Power Phase of ``last_turn`` an Axis
    Air marker is put on each hex of ``axis_air`` (24.11: rail interdiction)."""
    actions = set_up()
    rifles, entry_hexes = iter(AIR_RIFLES), iter(AIR_ENTRY_HEXES)
    for turn, soviet in enumerate(AIR_ENTRIES[:last_turn], start=1):
        actions += next_phase()
        if turn <= 3:
            actions += move(f"Axis Supply {4 + turn}", ("1201", "1101", "1001")[turn - 1])
        if turn == 3:
            for piece, hex_ in ENTRY_3B:
                actions += move(piece, hex_)
        if turn == 1:
            for piece, hex_ in WITHDRAWALS:
                actions += (move(piece, hex_) if hex_ else []) + step({"delete": {"piece": piece}})
        if turn == last_turn and axis_air:
            actions += next_phase(4)
            for number, hex_ in enumerate(axis_air, start=1):
                actions += add(f"Axis Air {number}", hex_)
            actions += next_phase()
        else:
            actions += next_phase(5)
        for _ in range(soviet):
            actions += add(next(rifles), next(entry_hexes))
        if turn == 5:
            group = next(entry_hexes)
            actions += add(next(rifles), group) + add(next(rifles), group) + move("HQ 37 Army (Lopatin)", group)
        if turn == 7:
            for hex_ in AREA_G:
                actions += add(next(rifles), hex_)
            actions += move("HQ 56 Ind Army (Remezov)", "0133")
        if turn == last_turn:
            break
        actions += next_phase(6)
    actions += next_phase() + (add("Soviet Air", "0307") if air else [])
    return (actions + battle("0308", "0307", 1) + key("Rum (0307)", "Lose step")
            + step({"delete": {"piece": "Attack 1"}}) + step({"delete": {"piece": "Defend 1"}}) + next_phase(2))


@script("air-attack-legal", "Rostov 24.22: on Game-Turn 9 the Soviet Air marker is put on the Rumanians at 0307, "
        "whom the 219th Motorized Rifle (0308) attacks: 5 to 8, 1-2, one column to the right, 1-1; die 1: -/1 "
        "applied (1/1 at 1-2): legal")
def air_attack_legal() -> list[dict]:
    return soviet_attack_on(9, air=True)


@script("air-attack-no-marker", "Rostov 24.22, AGS 14.14: as air-attack-legal, with no Air marker on the battle: "
        "1-2, die 1: 1/1; the -/1 of 1-1 applied: illegal")
def air_attack_no_marker() -> list[dict]:
    return soviet_attack_on(9, air=False)


@script("air-attack-early", "Rostov 24.22, 19.8: as air-attack-legal, on Game-Turn 1: the Soviet Air marker aids "
        "attacks only from Game-Turn 9; the -/1 of 1-1 applied: illegal")
def air_attack_early() -> list[dict]:
    return soviet_attack_on(1, air=True)


# 24.1: on Game-Turns 9-13 the Axis Player uses one Air marker a Game-Turn. In the Axis Air Power
# Phase of Game-Turn 9 he interdicts the rail hex 1421 (the Debaltsevo junction, 24.11), or 1421 and
# 1324 (the Likhaya-Debaltsevo railway); no Axis unit stands on either, so no Axis supply reads them
# (23.2). The Game-Turn then goes on as air-attack-legal.

@script("axis-air-one-on-turn-9", "Rostov 24.1, 24.11: as air-attack-legal, with one Axis Air marker put on the "
        "rail hex 1421 in the Axis Air Power Phase of Game-Turn 9, where the Axis Player has one Air Point: legal")
def axis_air_one_on_turn_9() -> list[dict]:
    return soviet_attack_on(9, air=True, axis_air=("1421",))


@script("axis-air-two-on-turn-9", "Rostov 24.1: as axis-air-one-on-turn-9, with a second Axis Air marker on the "
        "rail hex 1324: two Air markers on Game-Turn 9, where the Axis Player may use one: illegal")
def axis_air_two_on_turn_9() -> list[dict]:
    return soviet_attack_on(9, air=True, axis_air=("1421", "1324"))


def write_scripts() -> None:
    for name, (comment, build) in SCRIPTS.items():
        text = json.dumps({"player_name": "tester", "comment": comment, "actions": build()}, indent=0)
        (HERE / f"{name}.json").write_text(text + "\n")
        print(f"wrote {name}.json")


if __name__ == "__main__":
    write_scripts()
