"""An outside judge's scenarios for the Kiev checker: situations where honest play is easy to
misjudge (zones of control, stacking in passing, roads, HQs, reinforcements, rail capacity,
undo, a piece dragged by mistake and put back, retreats and advances). Each plays the legal game
of ../play_legal.py up to a phase, then does one thing, legal or not, chosen here from the
rulebook alone (the hexes are found by what the rule says, never by asking the checker).
Each scenario writes ``<name>.json``, an ``oracle write`` script; make_logs.py has the engine
turn it into ``<name>.vlog``; tests/check/test_kiev_audit.py says what the checker must find.

    python tests/data/checks/kiev/audit/audit_scenarios.py
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from scenarios import GAME, LAYOUT, PHASE, Player, battle, clear_markers, move, name, scenario  # noqa: E402

from vmodgen.engine.hexes import Hex  # noqa: E402
from vmodgen.engine.rules import rail, reinforcements  # noqa: E402
from vmodgen.engine.rules.situation import Situation  # noqa: E402
from vmodgen.engine.rules.zoc import enemy_zoc  # noqa: E402

BOARD = GAME.map.board
COMMAND = ("hq", "leader")


def at(text: str) -> Hex:
    return LAYOUT.parse(text)


def zone(now: Situation, side: str) -> frozenset[Hex]:
    return frozenset(enemy_zoc(now, side, "movement"))


def combat_units(now: Situation, side: str) -> list[tuple[str, Hex]]:
    return [(k, u.hex) for k, u in sorted(now.on_map(side)) if u.hex is not None and not u.untried
            and now.unit_type(k).unit_class not in COMMAND]


def clear_open(now: Situation, a: Hex, b: Hex) -> bool:
    """b is an empty clear hex reached from a across a bare hexside."""
    return b in GAME.map.hexes and GAME.map.terrain(b) == "clear" and not now.at(b) \
        and not GAME.map.features(a, b)


def ref_of(now: Situation, key: str) -> str:
    return now.units[key].counter.name


# -- zones of control (AGS 5.23, 5.24, 8.21, 8.23) ---------------------------------------------


@scenario(1, "German Movement")
def zoc_leave(player: Player, now: Situation) -> list[dict]:
    """A German infantry division that starts the phase in a Soviet zone of control steps to an
    empty clear hex outside every Soviet zone (AGS 5.24: it may not leave; no overrun, and Kiev
    has no disengagement for the Germans)."""
    z = zone(now, "German")
    for key, hex_ in combat_units(now, "German"):
        if hex_ in z and now.unit_type(key).unit_class == "non_mech":
            for target in LAYOUT.neighbours(hex_):
                if clear_open(now, hex_, target) and target not in z:
                    return move(ref_of(now, key), target)
    raise SystemExit("no German unit to leave a zone")


@scenario(1, "German Movement")
def zoc_to_zoc(player: Player, now: Situation) -> list[dict]:
    """A German infantry division in a Soviet zone moves to an adjacent empty hex also in a
    Soviet zone (AGS 8.23/5.24: moving from one controlled hex to another is leaving it)."""
    z = zone(now, "German")
    for key, hex_ in combat_units(now, "German"):
        if hex_ in z and now.unit_type(key).unit_class == "non_mech":
            for target in LAYOUT.neighbours(hex_):
                if clear_open(now, hex_, target) and target in z:
                    return move(ref_of(now, key), target)
    raise SystemExit("no zone-to-zone step")


@scenario(1, "German Movement")
def zoc_enter_stop(player: Player, now: Situation) -> list[dict]:
    """A German infantry division outside every Soviet zone walks two clear hexes into one and
    stops there (AGS 5.23, 8.22: legal, no extra cost)."""
    z = zone(now, "German")
    for key, hex_ in combat_units(now, "German"):
        if hex_ in z or now.unit_type(key).unit_class != "non_mech":
            continue
        for mid in LAYOUT.neighbours(hex_):
            if not clear_open(now, hex_, mid) or mid in z:
                continue
            for target in LAYOUT.neighbours(mid):
                if target != hex_ and clear_open(now, mid, target) and target in z:
                    return move(ref_of(now, key), target)
    raise SystemExit("no zone to walk into")


# -- stacking (AGS 7.0) -------------------------------------------------------------------------


def easy(now: Situation, a: Hex, b: Hex, z: frozenset[Hex]) -> bool:
    """b is an empty clear or woods hex outside every enemy zone, across a bare hexside from a:
    at most 2 Movement Points to enter (TEC)."""
    return b in GAME.map.hexes and GAME.map.terrain(b) in ("clear", "woods") and not now.at(b) and b not in z \
        and not GAME.map.features(a, b)


def four_in_reach(now: Situation) -> tuple[Hex, list[str]] | None:
    """A clear hex outside every Soviet zone that four free German infantry divisions (MA 7)
    reach in at most two easy hexes (4 MP), with an easy hex beside it to move on to (2 MP)."""
    z = zone(now, "German")
    free = [(k, h) for k, h in combat_units(now, "German") if h not in z
            and now.unit_type(k).unit_class == "non_mech" and now.units[k].counter.front.movement >= 7]
    for target in sorted({n for _, h in free for n in LAYOUT.within(h, 2)}):
        if target in z or GAME.map.terrain(target) != "clear" or target not in GAME.map.hexes:
            continue
        here = [k for k, h in free if h == target]
        if len(now.at(target)) != len(here):
            continue
        near = [k for k, h in free if h != target and (
            (LAYOUT.adjacent(h, target) and easy(now, h, target, z))
            or any(LAYOUT.adjacent(m, target) and easy(now, h, m, z) and easy(now, m, target, z)
                   for m in LAYOUT.neighbours(h)))]
        if len(here) + len(near) >= 4 and any(easy(now, target, n, z) for n in LAYOUT.neighbours(target)):
            return target, here + near
    return None


@scenario(1, "German Movement")
def overstack_in_passing(player: Player, now: Situation) -> list[dict]:
    """Four German divisions stand in one hex for a moment: the last one dropped there moves on
    a hex (AGS 7.0: stacking counts at the end of the Movement Phase; units pass freely through
    friendly stacks). Legal."""
    z = zone(now, "German")
    found = four_in_reach(now)
    if found is None:
        raise SystemExit("no four units to stack")
    target, keys = found
    actions: list[dict] = []
    for key in keys[:4]:
        if now.units[key].hex != target:
            actions += move(ref_of(now, key), target)
    last = keys[3]
    onward = next(h for h in sorted(LAYOUT.neighbours(target)) if easy(now, target, h, z))
    return actions + move(ref_of(now, last), onward)


@scenario(1, "German Movement")
def overstack_at_end(player: Player, now: Situation) -> list[dict]:
    """The same four divisions end the phase in that hex (AGS 7.0: over the limit of three)."""
    player.actions = []
    player.reinforce(1, PHASE["German Movement"])   # the Game-Turn 1 reinforcements come on as due
    actions: list[dict] = list(player.actions)
    found = four_in_reach(now)
    if found is None:
        raise SystemExit("no four units to stack")
    target, keys = found
    for key in keys[:4]:
        if now.units[key].hex != target:
            actions += move(ref_of(now, key), target)
    return actions + [{"turn": "next"}, {"step": True}]


# -- undo and a piece put back ----------------------------------------------------------------


def far_clear_move(now: Situation, side: str, distance: int) -> tuple[str, Hex, Hex] | None:
    """A free non-mechanized unit with a straight line of ``distance`` empty clear hexes ahead,
    crossing no hexside feature and no enemy zone: the march costs exactly its length."""
    z = zone(now, side)
    for key, start in combat_units(now, side):
        if start in z or now.unit_type(key).unit_class != "non_mech":
            continue
        for target in sorted(LAYOUT.within(start, distance)):
            path = LAYOUT.line(start, target)
            if LAYOUT.distance(start, target) == distance and all(
                    h in GAME.map.hexes and not now.at(h) and h not in z and GAME.map.terrain(h) == "clear"
                    for h in path[1:]) \
                    and not any(GAME.map.features(a, b) for a, b in zip(path, path[1:])) \
                    and not any(GAME.map.line_crosses(k, a, b) for a, b in zip(path, path[1:])
                                for k in ("road", "railroad")):
                return key, start, target
    return None


@scenario(1, "German Movement")
def undo_far_move(player: Player, now: Situation) -> list[dict]:
    """A German infantry division is dropped eight clear hexes away (MA 7: too far), the player
    presses Undo, and moves it two hexes instead. What stands is legal; the undone drop is not a
    move (the log keeps it, with its undo)."""
    found = far_clear_move(now, "German", 8)
    if found is None:
        raise SystemExit("no eight-hex march")
    key, start, target = found
    short = LAYOUT.line(start, target)[2]
    return move(ref_of(now, key), target) + [{"undo": True}] + move(ref_of(now, key), short)


@scenario(1, "German Movement")
def undo_then_other_unit(player: Player, now: Situation) -> list[dict]:
    """The far drop is undone, the division stays where it began, and another unit moves. Legal."""
    found = far_clear_move(now, "German", 8)
    if found is None:
        raise SystemExit("no eight-hex march")
    key, start, target = found
    z = zone(now, "German")
    other = next((k, h) for k, h in combat_units(now, "German") if k != key and h not in z
                 and now.unit_type(k).unit_class == "non_mech"
                 and any(clear_open(now, h, n) and n not in z for n in LAYOUT.neighbours(h)))
    step = next(n for n in sorted(LAYOUT.neighbours(other[1])) if clear_open(now, other[1], n) and n not in z)
    return move(ref_of(now, key), target) + [{"undo": True}] + move(ref_of(now, other[0]), step)


@scenario(1, "German Movement")
def enemy_piece_put_back(player: Player, now: Situation) -> list[dict]:
    """The German player drags a Soviet division a hex by mistake and drops it back on its own
    hex at once. Nothing moved in the end: AGS 5.21 forbids moving an enemy unit, and a piece put
    back where it was has not been moved (it should not be a violation)."""
    for key, hex_ in combat_units(now, "Soviet"):
        for target in sorted(LAYOUT.neighbours(hex_)):
            if clear_open(now, hex_, target):
                return move(ref_of(now, key), target) + move(ref_of(now, key), hex_)
    raise SystemExit("no Soviet unit to drag")


@scenario(1, "German Movement")
def enemy_piece_moved(player: Player, now: Situation) -> list[dict]:
    """The same drag, left where it was dropped (AGS 5.21)."""
    for key, hex_ in combat_units(now, "Soviet"):
        for target in sorted(LAYOUT.neighbours(hex_)):
            if clear_open(now, hex_, target):
                return move(ref_of(now, key), target)
    raise SystemExit("no Soviet unit to drag")


# -- HQs (AGS 11.23) -------------------------------------------------------------------------


def hq_near_zone(now: Situation, occupied: bool) -> tuple[str, Hex] | None:
    """A Soviet HQ (MA 10) outside every German zone, and a clear hex in a German zone that it
    reaches through at most one empty clear hex outside the zone (at most 4 MP: 1, plus 3 for a
    major river hexside) and a last step across a bare or minor-river hexside (at most 2 MP, and
    no major river into a controlled hex, AGS 10.13): empty, or holding Soviet combat units with
    room for the HQ (``occupied``)."""
    z = zone(now, "Soviet")
    for key, unit in sorted(now.on_map("Soviet")):
        if now.unit_type(key).unit_class != "hq" or unit.hex in z:
            continue
        reached, frontier = {unit.hex}, [unit.hex]
        for _ in range(2):
            for here in frontier:
                for target in sorted(LAYOUT.neighbours(here)):
                    if target not in z or target not in GAME.map.hexes \
                            or set(GAME.map.features(here, target)) - {"minor_river"} \
                            or GAME.map.terrain(target) != "clear":
                        continue
                    there = now.at(target)
                    if not occupied and not there:
                        return key, target
                    if occupied and there and len(there) < 3 and all(
                            now.units[k].side == "Soviet" and now.unit_type(k).unit_class not in COMMAND for k in there):
                        return key, target
            frontier = sorted({n for h in frontier for n in LAYOUT.neighbours(h) if n in GAME.map.hexes
                               and GAME.map.terrain(n) == "clear" and not now.at(n) and n not in z} - reached)
            reached |= set(frontier)
    return None


@scenario(1, "Soviet Movement")
def hq_into_zoc_alone(player: Player, now: Situation) -> list[dict]:
    """A Soviet HQ moves into an empty German-controlled hex (AGS 11.23: only into one held by a
    friendly non-HQ unit)."""
    found = hq_near_zone(now, occupied=False)
    if found is None:
        raise SystemExit("no HQ beside an empty controlled hex")
    return move(ref_of(now, found[0]), found[1])


@scenario(1, "Soviet Movement")
def hq_into_zoc_with_unit(player: Player, now: Situation) -> list[dict]:
    """A Soviet HQ joins a Soviet rifle division in a German-controlled hex (AGS 11.23). Legal."""
    found = hq_near_zone(now, occupied=True)
    if found is None:
        raise SystemExit("no HQ beside a held controlled hex")
    return move(ref_of(now, found[0]), found[1])


# -- reinforcements (Kiev 23.0, 23.2; AGS 15.0) -------------------------------------------------


@scenario(2, "German Movement")
def reinforcement_withheld(player: Player, now: Situation) -> list[dict]:
    """Game-Turn 2: the German reinforcements due (printed 2x) are not brought on; the phase ends
    (Kiev 23.0: reinforcements may not be withheld)."""
    return [{"turn": "next"}, {"step": True}]


def held_back(counter_id: str, turn: int, phase: str) -> Callable:
    """Like :func:`scenario`, but the legal game never brings ``counter_id`` on."""
    def wrap(build: Callable[[Player, Situation], list[dict]]) -> Callable[[], list[dict]]:
        def run() -> list[dict]:
            scheduled = reinforcements.scheduled_areas
            reinforcements.scheduled_areas = lambda game, counter, when: (
                None if counter.id == counter_id else scheduled(game, counter, when))
            try:
                player = Player(1941, 12)
                actions = player.play_until(turn, PHASE[phase])
            finally:
                reinforcements.scheduled_areas = scheduled
            return actions + build(player, player.situation(turn, PHASE[phase]))
        return run
    return wrap


@held_back("ger-iii-18-18", 3, "German Movement")
def reinforcement_late(player: Player, now: Situation) -> list[dict]:
    """18/18 Pz Rgt, printed 2B, was held back on Game-Turn 2 and enters on Game-Turn 3 (Kiev
    23.0: reinforcements may not be withheld; it must enter on its turn)."""
    entry = sorted(reinforcements.entry_hexes(now, "German", ["B"]))
    return move("18/18 Pz Rgt", entry[0])


@scenario(2, "German Movement")
def reinforcements_share_entry(player: Player, now: Situation) -> list[dict]:
    """All six German reinforcements of Game-Turn 2 (printed 2B) are put on one road hex of
    area B (Kiev 23.0: any number may be placed in an entry hex); three of them then move on a hex,
    so that no hex holds more than three at the end of the phase (AGS 7.0). Legal."""
    due = [c for c in GAME.counters if c.side == "German" and c.entry_turn == 2]
    z = zone(now, "German")
    entry = sorted(reinforcements.entry_hexes(now, "German", ["B"]))[0]
    onward = next(h for h in sorted(LAYOUT.neighbours(entry)) if h in GAME.map.hexes and h not in z
                  and not now.at(h) and GAME.map.terrain(h) == "clear" and not GAME.map.features(entry, h))
    actions: list[dict] = []
    for counter in due:
        actions += move(counter.name, entry)
    for counter in due[3:]:
        actions += move(counter.name, onward)
    return actions


# -- mud (Kiev 19.9) --------------------------------------------------------------------------


def cavalry_march(now: Situation, distance: int) -> tuple[str, Hex] | None:
    """A Soviet cavalry division (tried or not: its untried side shows its MA) outside every German zone with a straight line of
    ``distance`` empty clear hexes, no hexside feature, no road, no railroad, towards the same or
    a lower-numbered hexrow (Stalin's Directive is in force on Game-Turns 7-9, Kiev 22.0)."""
    z = zone(now, "Soviet")
    for key, unit in sorted(now.on_map("Soviet")):
        start = unit.hex
        if start in z or unit.counter.type != "cavalry":
            continue
        for target in sorted(LAYOUT.within(start, distance)):
            path = LAYOUT.line(start, target)
            if LAYOUT.distance(start, target) == distance and target.col <= start.col and all(
                    h in GAME.map.hexes and not now.at(h) and h not in z and GAME.map.terrain(h) == "clear"
                    for h in path[1:]) \
                    and not any(GAME.map.features(a, b) for a, b in zip(path, path[1:])) \
                    and not any(GAME.map.line_crosses(k, a, b) for a, b in zip(path, path[1:])
                                for k in ("road", "railroad")):
                return key, target
    return None


@scenario(8, "Soviet Movement")
def mud_cavalry_six(player: Player, now: Situation) -> list[dict]:
    """Game-Turn 8 is mud: cavalry has a Movement Allowance of six, not half of its eight (Kiev
    19.9). A cavalry division marches six clear hexes. Legal."""
    found = cavalry_march(now, 6)
    if found is None:
        raise SystemExit("no cavalry march of six")
    return move(player._ref(found[0]), found[1])


@scenario(8, "Soviet Movement")
def mud_cavalry_seven(player: Player, now: Situation) -> list[dict]:
    """The same cavalry marches seven clear hexes in mud (Kiev 19.9: MA 6; AGS 5.11)."""
    found = cavalry_march(now, 7)
    if found is None:
        raise SystemExit("no cavalry march of seven")
    return move(player._ref(found[0]), found[1])


# -- Stalin's Directive (Kiev 22.1) ------------------------------------------------------------


@scenario(7, "Soviet Movement")
def directive_hq_east(player: Player, now: Situation) -> list[dict]:
    """Game-Turn 7, the Directive in force: a Soviet HQ east of the Dnieper line moves one clear
    hex into a higher-numbered hexrow (Kiev 22.1, condition 3: HQs are free). Legal."""
    from vmodgen.engine.rules.ags.kiev.stalin import directive_line
    line = directive_line(GAME)
    z = zone(now, "Soviet")
    for key, unit in sorted(now.on_map("Soviet")):
        if now.unit_type(key).unit_class != "hq" or unit.hex in line.west or unit.hex in z:
            continue
        for target in sorted(LAYOUT.neighbours(unit.hex)):
            if target.col > unit.hex.col and clear_open(now, unit.hex, target) and target not in z \
                    and not any(GAME.map.line_crosses(k, unit.hex, target) for k in ("road", "railroad")):
                return move(unit.counter.name, target)
    raise SystemExit("no HQ east of the line")


# -- combat: several attacking hexes, advance two hexes (AGS 9.13, 9.84, 9.82) -------------------


def column(now: Situation, attacker_hexes: list[Hex], defender: Hex) -> str:
    from vmodgen.engine.rules.combat import combat_odds
    attackers = [k for h in attacker_hexes for k in now.at(h)]
    supply = {k: True for k in attackers + now.at(defender)}
    return combat_odds(now, attackers, defender, supply).column


def die_giving(col: str, wanted: Callable[[str], bool]) -> int:
    from vmodgen.engine.rules.results import crt_result
    for die in range(1, 7):
        if wanted(crt_result(GAME, col, die).text):
            return die
    raise SystemExit(f"no die gives the wanted result on column {col}")


def lone_soviet_beside_germans(now: Situation, hexes: int) -> tuple[str, list[Hex]] | None:
    """A tried one-step Soviet unit alone in its hex (no other Soviet unit beside it) with
    ``hexes`` German stacks of tried combat units next to it, across bare hexsides."""
    for key, unit in sorted(now.on_map("Soviet")):
        if unit.untried or len(now.at(unit.hex)) != 1 or unit.counter.steps != 1:
            continue
        germans = [h for h in sorted(LAYOUT.neighbours(unit.hex)) if now.at(h) and not GAME.map.features(h, unit.hex)
                   and all(now.units[k].side == "German" and now.unit_type(k).unit_class not in COMMAND
                           for k in now.at(h))]
        if len(germans) >= hexes:
            return key, germans[:hexes]
    return None


@scenario(1, "German Combat")
def two_hex_attack(player: Player, now: Situation) -> list[dict]:
    """Two German stacks in two hexes attack one Soviet unit together, an Attack 1 marker on each
    (AGS 9.13); the CRT gives the defender a loss, taken as its one step, and the attackers
    stay. Legal."""
    found = lone_soviet_beside_germans(now, 2)
    if found is None:
        raise SystemExit("no Soviet unit between two German stacks")
    key, hexes = found
    target = now.units[key].hex
    die = die_giving(column(now, hexes, target), lambda text: text.startswith("-/") and text[2:] in ("1", "2", "3", "E"))
    first = len(player.actions)     # the markers are named by their add (@N): two share a name
    return ([{"add": {"slot": "Attack 1", "map": BOARD, "location": name(hexes[0])}}, {"step": True},
             {"add": {"slot": "Attack 1", "map": BOARD, "location": name(hexes[1])}}, {"step": True},
             {"add": {"slot": "Defend 1", "map": BOARD, "location": name(target)}}, {"step": True},
             {"dice": {"button": "1d6", "result": [die]}}, {"step": True},
             {"key": {"piece": ref_of(now, key), "command": "Eliminate"}}, {"step": True}]
            + [a for n in (0, 2, 4) for a in ({"delete": {"piece": f"@{first + n}"}}, {"step": True})])


@scenario(1, "German Combat")
def advance_two_after_elimination(player: Player, now: Situation) -> list[dict]:
    """A German stack attacks a lone one-step Soviet unit; the CRT gives the defender a loss and
    it is eliminated; one attacker advances into the emptied hex and a hex beyond, into a Soviet
    zone of control (AGS 9.84: two hexes after an elimination; 9.82: Axis units ignore zones when
    advancing). Legal."""
    z = zone(now, "German")
    for key, unit in sorted(now.on_map("Soviet")):
        if unit.untried or len(now.at(unit.hex)) != 1 or unit.counter.steps != 1:
            continue
        for hex_ in sorted(LAYOUT.neighbours(unit.hex)):
            stack = now.at(hex_)
            if not stack or GAME.map.features(hex_, unit.hex) or not all(
                    now.units[k].side == "German" and now.unit_type(k).unit_class not in COMMAND for k in stack):
                continue
            beyond = [b for b in sorted(LAYOUT.neighbours(unit.hex)) if b != hex_ and not LAYOUT.adjacent(b, hex_)
                      and b in GAME.map.hexes and not now.at(b) and b in z and GAME.map.terrain(b) != "lake"]
            if not beyond:
                continue
            col = column(now, [hex_], unit.hex)
            if not col:
                continue
            try:
                die = die_giving(col, lambda text: text in ("-/1", "-/2", "-/3", "-/E"))
            except SystemExit:
                continue
            mover = ref_of(now, stack[0])
            return (battle(1, hex_, unit.hex, die)
                    + [{"key": {"piece": ref_of(now, key), "command": "Eliminate"}}, {"step": True}]
                    + move(mover, unit.hex) + move(mover, beyond[0]) + clear_markers(1))
    raise SystemExit("no battle to advance two hexes after")


# -- combat: the defender advances, retreats into friends, attacks after advancing --------------


def soviet_free(now: Situation, hex_: Hex) -> bool:
    """Empty, on the map, clear, and next to no Soviet unit: outside every Soviet zone."""
    return hex_ in GAME.map.hexes and not now.at(hex_) and GAME.map.terrain(hex_) == "clear" and not any(
        now.units[k].side == "Soviet" for n in LAYOUT.neighbours(hex_) for k in now.at(n))


@scenario(1, "German Combat")
def defender_advances(player: Player, now: Situation) -> list[dict]:
    """1/-: the German attacker retreats a hex rather than lose a step (AGS 9.66), and the
    victorious Soviet defender advances into the hex it left (AGS 9.81: attacking or defending
    units advance along the enemy's path of retreat; 9.85: one hex). Legal."""
    from combat_scenarios import fights
    for key, german, target, die in fights(now, "1/-"):
        stack = now.at(german)
        away = [h for h in sorted(LAYOUT.neighbours(german)) if soviet_free(now, h)
                and not GAME.map.features(german, h) and LAYOUT.distance(h, target) == 2]
        if away and len(stack) == 1:
            return (battle(1, german, target, die) + move(ref_of(now, stack[0]), away[0])
                    + move(ref_of(now, key), german) + clear_markers(1))
    raise SystemExit("no 1/- battle with a way back")


@scenario(1, "German Combat")
def retreat_onto_friends(player: Player, now: Situation) -> list[dict]:
    """-/1: the Soviet unit is retreated into a hex held by other Soviet combat units (open to it
    even in a German zone, AGS 9.71) although an empty hex outside every German zone was open
    beside it (AGS 9.74: a vacant hex if possible)."""
    from combat_scenarios import _quiet, fights
    for key, german, target, die in fights(now, "-/1"):
        vacant = [h for h in LAYOUT.neighbours(target) if _quiet(now, h) and not GAME.map.features(target, h)
                  and h in GAME.map.hexes and GAME.map.terrain(h) == "clear"]
        friends = [h for h in sorted(LAYOUT.neighbours(target)) if now.at(h) and len(now.at(h)) < 3
                   and not GAME.map.features(target, h)
                   and all(now.units[k].side == "Soviet" and now.unit_type(k).unit_class not in COMMAND
                           for k in now.at(h))]
        if vacant and friends:
            return battle(1, german, target, die) + move(ref_of(now, key), friends[0]) + clear_markers(1)
    raise SystemExit("no -/1 battle with both a vacant and a friendly hex behind")


@scenario(1, "German Combat")
def attack_after_advance(player: Player, now: Situation) -> list[dict]:
    """Battle 1: the Soviet defender is eliminated and a German unit advances into its hex;
    battle 2: that unit attacks another Soviet unit next to its new hex (AGS 9.83: after being
    advanced, units may not attack in that Phase)."""
    for key, unit in sorted(now.on_map("Soviet")):
        if unit.untried or len(now.at(unit.hex)) != 1 or unit.counter.steps != 1:
            continue
        for hex_ in sorted(LAYOUT.neighbours(unit.hex)):
            stack = now.at(hex_)
            if len(stack) != 1 or now.units[stack[0]].side != "German" or GAME.map.features(hex_, unit.hex) \
                    or now.unit_type(stack[0]).unit_class in COMMAND:
                continue
            others = [n for n in sorted(LAYOUT.neighbours(unit.hex)) if not LAYOUT.adjacent(n, hex_) and n != hex_
                      and now.at(n) and all(now.units[k].side == "Soviet" for k in now.at(n))]
            col = column(now, [hex_], unit.hex)
            if not others or not col:
                continue
            try:
                die = die_giving(col, lambda text: text in ("-/1", "-/2", "-/3", "-/E"))
            except SystemExit:
                continue
            mover = ref_of(now, stack[0])
            after = now.moved(key, None).moved(stack[0], unit.hex)
            second = now.at(others[0])
            if len(second) != 1 or now.units[second[0]].counter.steps != 1 or now.units[second[0]].untried:
                continue
            try:    # battle 2 is applied as the CRT says: its only fault is who attacks
                quiet = die_giving(column(after, [unit.hex], others[0]),
                                   lambda text: text in ("-/1", "-/2", "-/3", "-/E"))
            except SystemExit:
                continue
            return (battle(1, hex_, unit.hex, die)
                    + [{"key": {"piece": ref_of(now, key), "command": "Eliminate"}}, {"step": True}]
                    + move(mover, unit.hex) + clear_markers(1)
                    + battle(2, unit.hex, others[0], quiet)
                    + [{"key": {"piece": ref_of(now, second[0]), "command": "Eliminate"}}, {"step": True}]
                    + clear_markers(2))
    raise SystemExit("no battle to attack again after")


# -- rail (Kiev 19.3; AGS 5.33) --------------------------------------------------------------------


def due_reinforcements(turn: int, side: str) -> list:
    """The counters the legal game brings on this Game-Turn (play_legal.Player.reinforce's pick)."""
    player = Player(1941, 12)
    player.play_until(turn, PHASE[f"{side} Movement"])
    player.actions = []
    before = set(player.units)
    player.reinforce(turn, PHASE[f"{side} Movement"])
    return [GAME.counter(k) for k in sorted(set(player.units) - before)]


def rail_rides(player: Player, now: Situation, riders: int, hqs: bool) -> list[dict]:
    """32 Tank Div rides the railroad from its hex, and ``riders - 1`` Game-Turn 1 reinforcements
    enter at railroad map-edge hexes of their areas and ride on (AGS 15.0); the others enter and
    stop. Every ride ends more than twice the unit's Movement Allowance away (even half-MP road
    hexes do not bring it there: only rail does), within 25 rail hexes and through no German zone. With ``hqs`` the three
    Soviet HQs on the railroad ride too (AGS 11.21: they do not count)."""
    from movement_scenarios import rail_paths
    z = zone(now, "Soviet")
    blocked = set(z) | {u.hex for _, u in now.on_map("German")}
    links = rail.rail_links(GAME)
    taken: set[Hex] = set()

    def ride(start: Hex, ma: int) -> Hex | None:
        for target, hexes in sorted(rail_paths(start, blocked).items(), key=lambda item: (item[1], item[0])):
            if LAYOUT.distance(start, target) > 2 * ma and hexes <= 25 and not now.at(target) and target not in taken:
                taken.add(target)
                return target
        return None

    actions: list[dict] = []
    riding = [k for k, u in sorted(now.on_map("Soviet")) if u.hex in links and u.hex not in z
              and (now.unit_type(k).unit_class not in COMMAND or hqs)]
    left = riders
    for key in riding:
        target = ride(now.units[key].hex, now.units[key].counter.front.movement)
        if target is None and now.unit_type(key).unit_class not in COMMAND:
            raise SystemExit(f"no rail ride for {key}")
        if target is not None:
            actions += move(ref_of(now, key), target)
            left -= now.unit_type(key).unit_class not in COMMAND
    for counter in due_reinforcements(1, "Soviet"):
        areas = reinforcements.scheduled_areas(GAME, counter, 1) or ()
        entry = sorted(h for h in reinforcements.entry_hexes(now, "Soviet", areas) if h in links)[0]
        ref = f"@{len(player.actions) + len(actions)}"   # an untried piece is named by its add
        actions += [{"add": {"slot": counter.name, "map": BOARD, "location": name(entry)}}, {"step": True}]
        if left > 0:
            target = ride(entry, counter.back.movement if counter.back else counter.front.movement)
            if target is None:
                raise SystemExit(f"no rail ride from {name(entry)}")
            actions += move(ref, target)
            left -= 1
    return actions


@scenario(1, "Soviet Movement")
def rail_ninth_unit(player: Player, now: Situation) -> list[dict]:
    """Nine Soviet units ride the railroad in Game-Turn 1: 32 Tank Div and eight reinforcements
    entering by rail (Kiev 19.3: at most eight a Game-Turn, reinforcements included)."""
    return rail_rides(player, now, 9, hqs=False)


@scenario(1, "Soviet Movement")
def rail_eight_units(player: Player, now: Situation) -> list[dict]:
    """Eight Soviet units and three HQs ride the railroad in Game-Turn 1 (Kiev 19.3: up to eight;
    AGS 11.21: HQs do not count against the rail capacity). Legal."""
    return rail_rides(player, now, 8, hqs=True)


@scenario(1, "Soviet Movement")
def rail_then_march(player: Player, now: Situation) -> list[dict]:
    """32 Tank Div rides the railroad beyond its allowance, then steps off it to a clear hex
    (AGS 5.33: no normal movement in the phase it moves by rail)."""
    from movement_scenarios import rail_paths
    z = zone(now, "Soviet")
    blocked = set(z) | {u.hex for _, u in now.on_map("German")}
    links = rail.rail_links(GAME)
    key = "sov-xx-32-tank"
    start = now.units[key].hex
    for target, hexes in sorted(rail_paths(start, blocked).items(), key=lambda item: (item[1], item[0])):
        off = [h for h in sorted(LAYOUT.neighbours(target)) if h not in links and clear_open(now, target, h)
               and h not in z]
        if LAYOUT.distance(start, target) > 10 and hexes <= 25 and not now.at(target) and off:
            return move(ref_of(now, key), target) + move(ref_of(now, key), off[0])
    raise SystemExit("no rail ride with a hex off the railroad at its end")

@scenario(2, "German Movement")
def leader_stack_into_zoc(player: Player, now: Situation) -> list[dict]:
    """Guderian and the two regiments stacked with him are dragged together, as one stack, into
    an empty Soviet-controlled hex, along empty clear hexes outside every Soviet zone across bare
    hexsides (1 MP each) within the smallest allowance of the stack. AGS 11.23 (leaders: Kiev
    21.0): the leader enters with friendly non-HQ units; VASSAL logs the stack's pieces one after
    the other. Legal."""
    z = zone(now, "German")
    leader = now.units["ger-ldr-guderian"]
    stack = now.at(leader.hex)
    if leader.hex in z or len(stack) < 2:
        raise SystemExit("Guderian is not in a free stack")
    reached, frontier = {leader.hex}, [leader.hex]
    for _ in range(min(now.units[k].counter.front.movement for k in stack)):
        for here in frontier:
            for target in sorted(LAYOUT.neighbours(here)):
                if target in z and clear_open(now, here, target):
                    return [{"move": {"stack": leader.counter.name, "map": BOARD, "location": name(target)}},
                            {"step": True}]
        frontier = sorted({n for h in frontier for n in LAYOUT.neighbours(h) if clear_open(now, h, n) and n not in z}
                          - reached)
        reached |= set(frontier)
    raise SystemExit("no Soviet zone within reach of Guderian's stack")

SCENARIOS = {
    "zoc-leave": zoc_leave, "zoc-to-zoc": zoc_to_zoc, "zoc-enter-stop": zoc_enter_stop,
    "overstack-in-passing": overstack_in_passing, "overstack-at-end": overstack_at_end,
    "undo-far-move": undo_far_move, "undo-then-other-unit": undo_then_other_unit,
    "enemy-piece-put-back": enemy_piece_put_back, "enemy-piece-moved": enemy_piece_moved,
    "hq-into-zoc-alone": hq_into_zoc_alone, "hq-into-zoc-with-unit": hq_into_zoc_with_unit,
    "reinforcement-withheld": reinforcement_withheld, "reinforcement-late": reinforcement_late,
    "reinforcements-share-entry": reinforcements_share_entry,
    "mud-cavalry-six": mud_cavalry_six, "mud-cavalry-seven": mud_cavalry_seven,
    "directive-hq-east": directive_hq_east, "two-hex-attack": two_hex_attack,
    "advance-two-after-elimination": advance_two_after_elimination,
    "defender-advances": defender_advances, "retreat-onto-friends": retreat_onto_friends,
    "attack-after-advance": attack_after_advance, "rail-ninth-unit": rail_ninth_unit,
    "rail-eight-units": rail_eight_units, "rail-then-march": rail_then_march,
    "leader-stack-into-zoc": leader_stack_into_zoc,
}


def midgame_save() -> list[dict]:
    """The legal game up to Game-Turn 2's German Movement Phase, saved (File > Save): a save
    loaded by a player who goes on from there. Checked alone, it is a position with no moves."""
    return Player(1941, 12).play_until(2, PHASE["German Movement"])


SAVES = {"midgame": midgame_save}


def main() -> None:
    wanted = sys.argv[1:]
    for stem, run in SAVES.items():
        if not wanted or stem in wanted:
            (HERE / "saves").mkdir(exist_ok=True)
            (HERE / "saves" / f"{stem}.json").write_text(
                json.dumps({"player_name": "tester", "actions": run()}, indent=0) + "\n")
            print(f"wrote saves/{stem}.json")
    for stem, run in SCENARIOS.items():
        if wanted and stem not in wanted:
            continue
        (HERE / f"{stem}.json").write_text(json.dumps({"player_name": "tester", "actions": run()}, indent=0) + "\n")
        print(f"wrote {stem}.json")


if __name__ == "__main__":
    main()
