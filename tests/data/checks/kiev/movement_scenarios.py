"""Movement scenario logs for the Kiev checker: overruns declared with ``Overrun N`` markers
(AGS 6.0; Kiev 19.4), moves no overrun explains, off-map moves, enemy moves, and reinforcements
that enter by rail (AGS 15.0; Kiev 19.3). Each writes ``<name>.json`` for make_logs.py;
tests/check/test_kiev_movement.py says what the checker must find in each and why.

The hexes and dice are picked here from the rulebook: the odds are the CRT column of the halved
attack (AGS 6.0), the die is the one whose printed cell gives the wanted result, rail distances
are counted along the railroad from the entry hex.

    python tests/data/checks/kiev/movement_scenarios.py
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from scenarios import GAME, LAYOUT, Player, move, name, scenario, write_scripts

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules import rail, reinforcements
from vmodgen.engine.rules.combat import combat_odds
from vmodgen.engine.rules.results import crt_result
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.zoc import enemy_zoc

BOARD = GAME.map.board


def add(slot: str, hex_: Hex) -> list[dict]:
    return [{"add": {"slot": slot, "map": BOARD, "location": name(hex_)}}, {"step": True}]


def key(piece: str, command: str) -> list[dict]:
    return [{"key": {"piece": piece, "command": command}}, {"step": True}]


def roll(die: int) -> list[dict]:
    return [{"dice": {"button": "1d6", "result": [die]}}, {"step": True}]


def declare(player: Player, number: int, stack: Hex, target: Hex, die: int) -> list[dict]:
    """Both Overrun markers, then the die (AGS 6.0: declared before it is rolled). Opens the
    scenario's actions, so that :func:`clear` can name the two markers by their ``add`` (``@N``)."""
    return add(f"Overrun {number}", stack) + add(f"Overrun {number}", target) + roll(die)


def clear(player: Player) -> list[dict]:
    """Both markers of the overrun that opened the scenario off the map once it is done."""
    first = len(player.actions)
    return [a for ref in (f"@{first}", f"@{first + 2}") for a in ({"delete": {"piece": ref}}, {"step": True})]


def names(now: Situation, hex_: Hex) -> list[str]:
    return [now.units[k].counter.name for k in sorted(now.at(hex_))]


def die_for(now: Situation, stack: Hex, target: Hex, wanted: Callable[[str], bool]) -> int:
    """The die whose CRT cell, on the column of the halved attack, is what the scenario needs."""
    attackers, defenders = now.at(stack), now.at(target)
    supply = {k: True for k in attackers + defenders}
    column = combat_odds(now, attackers, target, supply, overrun=True).column
    for die in range(1, 7):
        if wanted(crt_result(GAME, column, die).text):
            return die
    raise SystemExit(f"no die gives the wanted result on column {column}")


def at(text: str) -> Hex:
    return LAYOUT.parse(text)


# Game-Turn 1, German Movement Phase, after the legal Soviet turn of play_legal.py: the 29th
# Motorized Division's two regiments (2202, in supply) stand next to the lone, tried 6 Rifle Div
# (2203, one step). Halved, their attack is 2-1; a 1 gives -/1: the rifle division loses its step.
OVERRUN_STACK, OVERRUN_TARGET, ONWARD = at("2202"), at("2203"), at("2303")
MOTORIZED = ("15/29m Mot Inf Rgt", "71/29m Mot Inf Rgt")


def overrun_won(player: Player, now: Situation) -> list[dict]:
    die = die_for(now, OVERRUN_STACK, OVERRUN_TARGET, lambda text: text.startswith("-/") and text != "-/-")
    return declare(player, 1, OVERRUN_STACK, OVERRUN_TARGET, die) + key("6 Rifle Div", "Eliminate")


@scenario(1, "German Movement")
def overrun_success(player: Player, now: Situation) -> list[dict]:
    """A declared overrun that succeeds: the stack advances into the emptied hex (AGS 6.24) and
    moves on one woods hex (3 MP spent, then 2 of its 8). Legal."""
    actions = overrun_won(player, now)
    for piece in MOTORIZED:
        actions += move(piece, OVERRUN_TARGET)
    for piece in MOTORIZED:
        actions += move(piece, ONWARD)
    return actions + clear(player)


@scenario(1, "German Movement")
def overrun_no_advance(player: Player, now: Situation) -> list[dict]:
    """The overrun empties 2203 but the stack stays where it was (AGS 6.24: it must advance)."""
    return overrun_won(player, now) + clear(player)


@scenario(1, "German Movement")
def enemy_moved_in_overrun_phase(player: Player, now: Situation) -> list[dict]:
    """After a legal overrun, a Soviet unit that took no part in it moves a hex (AGS 5.21): a die
    rolled in the phase excuses no enemy move."""
    actions = overrun_won(player, now)
    for piece in MOTORIZED:
        actions += move(piece, OVERRUN_TARGET)
    return actions + clear(player) + move("42 Rifle Div", at("1709"))


@scenario(1, "German Movement")
def overrun_held_moved_on(player: Player, now: Situation) -> list[dict]:
    """The 3rd Panzer Division's stack (2007) overruns 10 Tank Div and 143 Rifle Div (2008) at
    1-1: a 1 gives -/1, taken as one step (143 Rifle Div eliminated); the hex holds, and a regiment
    moves on anyway (AGS 6.22)."""
    stack, target = at("2007"), at("2008")
    die = die_for(now, stack, target, lambda text: text == "-/1")
    return (declare(player, 1, stack, target, die) + key("143 Rifle Div", "Eliminate")
            + move("6/3 Pz Rgt", at("1906")) + clear(player))


@scenario(1, "German Movement")
def overrun_by_infantry(player: Player, now: Situation) -> list[dict]:
    """112 Inf Div, an infantry division, overruns 277 Rifle Div (Kiev 19.41: only mechanized
    units overrun); it takes the attacker's step loss the CRT gives and stops, as it must."""
    stack, target = at("1206"), at("1307")
    die = die_for(now, stack, target, lambda text: text == "1/-")
    return declare(player, 1, stack, target, die) + key("112 Inf Div", "Lose step") + clear(player)


def free_mech(now: Situation) -> list[tuple[str, Hex]]:
    """Soviet tried mechanized units outside every German zone (Game-Turn 1 opens with the Soviet
    Movement Phase; every German mechanized unit then starts next to a Soviet unit)."""
    zone = enemy_zoc(now, "Soviet", "movement")
    return [(k, u.hex) for k, u in sorted(now.on_map("Soviet")) if u.hex is not None and u.hex not in zone
            and not u.untried and now.unit_type(k).unit_class == "mech"]


@scenario(1, "Soviet Movement")
def zoc_move_on(player: Player, now: Situation) -> list[dict]:
    """A Soviet mechanized unit outside every German zone, with no overrun declared, enters a
    German zone of control two clear hexes away and moves on a hex further (AGS 5.23)."""
    zone = enemy_zoc(now, "Soviet", "movement")
    for unit_key, unit in sorted(now.on_map("Soviet")):
        if (unit_key, unit.hex) not in free_mech(now):
            continue
        for stop in sorted(h for h in LAYOUT.within(unit.hex, 2) if LAYOUT.distance(unit.hex, h) == 2
                           and GAME.map.terrain(h) == "clear"):
            onward = sorted(h for h in LAYOUT.neighbours(stop) if not now.at(h) and LAYOUT.distance(unit.hex, h) == 3
                            and GAME.map.terrain(h) == "clear")
            if stop in zone and not now.at(stop) and onward:
                return move(unit.counter.name, stop) + move(unit.counter.name, onward[0])
    raise SystemExit("no zone of control to move through")


@scenario(1, "German Movement")
def off_map_move(player: Player, now: Situation) -> list[dict]:
    """A German infantry division is sent to the dead pile in its Movement Phase, with no overrun
    (AGS 5.26: no combat in a Movement Phase)."""
    return key("112 Inf Div", "Eliminate")


@scenario(1, "Soviet Movement")
def mech_free_move(player: Player, now: Situation) -> list[dict]:
    """A Soviet mechanized unit outside every German zone moves two clear hexes west, by a clear
    hex outside every zone, crossing no river. Legal."""
    zone = enemy_zoc(now, "Soviet", "movement")
    for unit_key, _ in free_mech(now):
        unit = now.units[unit_key]
        for target in sorted(LAYOUT.within(unit.hex, 2)):
            path = [h for h in LAYOUT.neighbours(unit.hex) if LAYOUT.adjacent(h, target)]
            clear_way = [h for h in path if GAME.map.terrain(h) == "clear" and h not in zone and not now.at(h)
                         and not GAME.map.features(unit.hex, h) and not GAME.map.features(h, target)]
            if LAYOUT.distance(unit.hex, target) == 2 and clear_way and GAME.map.terrain(target) == "clear" \
                    and not now.at(target) and target.col <= unit.hex.col and target not in zone:
                return move(unit.counter.name, target)
    raise SystemExit("no free mechanized unit")


def rail_paths(entry: Hex, blocked: set[Hex]) -> dict[Hex, int]:
    """Rail hexes reachable from ``entry`` along the railroad, with the rail hexes counted from it."""
    links = rail.rail_links(GAME)
    seen = {entry: 0}
    queue = deque([entry])
    while queue:
        here = queue.popleft()
        for other in sorted(links.get(here, ())):
            if other not in seen and other not in blocked:
                seen[other] = seen[here] + 1
                queue.append(other)
    return seen


def rail_entry(player: Player, now: Situation, wanted: Callable[[int], bool]) -> list[dict]:
    """An untried rifle division of Game-Turn 1's five (23.1) enters at a railroad map-edge hex of
    its areas and rides on along the railroad to an empty rail hex ``wanted`` hexes from there."""
    counter = GAME.counter("sov-xx-147-rifle")
    areas = reinforcements.scheduled_areas(GAME, counter, 1)
    assert areas is not None
    blocked = set(enemy_zoc(now, "Soviet", "movement")) | {u.hex for _, u in now.on_map("German")}
    links = rail.rail_links(GAME)
    entries = sorted(h for h in reinforcements.entry_hexes(now, "Soviet", areas) if h in links)
    for entry in entries:
        for target, hexes in sorted(rail_paths(entry, blocked).items(), key=lambda item: (item[1], item[0])):
            if wanted(hexes) and not now.at(target):
                # an untried piece is named by its untried side: refer to it by its add (@N)
                return add(counter.name, entry) + move(f"@{len(player.actions)}", target)
    raise SystemExit("no rail ride of the wanted length")


@scenario(1, "Soviet Movement")
def rail_entry_legal(player: Player, now: Situation) -> list[dict]:
    """A rifle division (MA 6) enters by a railroad edge hex and rides 15 rail hexes on: by rail,
    within 25 (Kiev 19.3), far beyond a foot march. Legal."""
    return rail_entry(player, now, lambda hexes: hexes == 15)


@scenario(1, "Soviet Movement")
def rail_entry_too_far(player: Player, now: Situation) -> list[dict]:
    """The same division rides 26 rail hexes or more from its entry hex (Kiev 19.3: at most 25)."""
    return rail_entry(player, now, lambda hexes: hexes >= 26)


SCENARIOS = {
    "overrun-success": overrun_success, "overrun-no-advance": overrun_no_advance,
    "enemy-moved-in-overrun-phase": enemy_moved_in_overrun_phase, "overrun-held-moved-on": overrun_held_moved_on,
    "overrun-by-infantry": overrun_by_infantry, "zoc-move-on": zoc_move_on, "off-map-move": off_map_move,
    "mech-free-move": mech_free_move, "rail-entry-legal": rail_entry_legal, "rail-entry-too-far": rail_entry_too_far,
}


def main() -> None:
    write_scripts(SCENARIOS)


if __name__ == "__main__":
    main()
