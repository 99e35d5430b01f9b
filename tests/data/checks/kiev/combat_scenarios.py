"""Combat scenario logs for the Kiev checker: the legal game played to the German Combat Phase of
Game-Turn 1 (or 2), then one battle (or two) declared with markers, the die fixed, and the result
applied rightly or wrongly: retreats, advances after combat, losses, a stack of one unit in
two battles. Each scenario writes ``<name>.json``; make_logs.py has the engine write
``<name>.vlog``; tests/check/test_kiev_combat.py says what the checker must find and why.

The hexes are picked by what the rulebook says, without asking the checker: a retreat hex is
empty, on the map, across no hexside feature and next to no German unit (so outside every
German zone of control, AGS 9.71); an advance follows the hexes the defender left (9.81).

    python tests/data/checks/kiev/combat_scenarios.py
"""

from __future__ import annotations

from collections.abc import Callable

from play_legal import GAME, LAYOUT
from scenarios import battle, clear_markers, move, name, odds, scenario, write_scripts

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.results import crt_result
from vmodgen.engine.rules.situation import Situation

Fight = tuple[str, Hex, Hex, int]     # Soviet defender, German hex, defended hex, die


def _german(now: Situation, hex_: Hex) -> bool:
    return any(now.units[k].side == "German" for k in now.at(hex_))


def _quiet(now: Situation, hex_: Hex) -> bool:
    """Empty, and next to no German unit: outside every German zone of control."""
    return not now.at(hex_) and not any(_german(now, n) for n in LAYOUT.neighbours(hex_))


def _plain(a: Hex, b: Hex) -> bool:
    return not GAME.map.features(a, b) and GAME.map.terrain(b) == "clear"


def fights(now: Situation, wanted: str, *, lone_attacker: bool = False) -> list[Fight]:
    """Every German stack next to a lone tried one-step Soviet unit, with a die that gives the
    ``wanted`` CRT cell at the odds of that stack against it."""
    found = []
    for key, unit in sorted(now.on_map("Soviet")):
        if unit.untried or len(now.at(unit.hex)) != 1 or unit.counter.steps != 1:
            continue
        for hex_ in LAYOUT.neighbours(unit.hex):
            stack = now.at(hex_)
            if not stack or not all(now.units[k].side == "German" for k in stack):
                continue
            if lone_attacker and len(stack) != 1:
                continue
            column = odds(now, hex_, unit.hex)
            die = next((d for d in range(1, 7) if column and crt_result(GAME, column, d).text == wanted), None)
            if die is not None:
                found.append((key, hex_, unit.hex, die))
    return found


def retreat_path(now: Situation, attacker: Hex, start: Hex, length: int) -> list[Hex] | None:
    """A path of ``length`` quiet clear hexes, each one farther from ``start``, across no
    hexside feature."""
    paths = [[start]]
    for step in range(1, length + 1):
        paths = [p + [n] for p in paths for n in sorted(LAYOUT.neighbours(p[-1]))
                 if LAYOUT.distance(start, n) == step and _quiet(now, n) and _plain(p[-1], n)]
    return paths[0][1:] if paths else None


def first(now: Situation, wanted: str, length: int) -> tuple[Fight, list[Hex]]:
    for fight in fights(now, wanted):
        path = retreat_path(now, fight[1], fight[2], length)
        if path is not None:
            return fight, path
    raise SystemExit(f"no battle rolling {wanted} with a clear retreat of {length}")


def retreat_and_advance(markers_first: bool) -> Callable[[object, Situation], list[dict]]:
    def build(player: object, now: Situation) -> list[dict]:
        (defender, attacker, start, die), path = first(now, "-/1", 1)
        actions = battle(1, attacker, start, die) + move(GAME.counter(defender).name, path[-1])
        advance = [{"move": {"stack": GAME.counter(now.at(attacker)[0]).name, "location": name(start)}},
                   {"step": True}]
        if markers_first:
            return actions + clear_markers(1) + advance
        return actions + advance + clear_markers(1)
    return build


@scenario(1, "German Combat")
def advance_before_markers(player: object, now: Situation) -> list[dict]:
    """-/1: the Soviet unit retreats one quiet hex; the German stack (its Attack marker on top)
    advances into the hex it left, then the markers are removed: legal (AGS 9.81, 9.85)."""
    return retreat_and_advance(markers_first=False)(player, now)


@scenario(1, "German Combat")
def advance_after_markers(player: object, now: Situation) -> list[dict]:
    """The same battle with the markers removed first, then the advance: legal."""
    return retreat_and_advance(markers_first=True)(player, now)


@scenario(1, "German Combat")
def retreat_full_length(player: object, now: Situation) -> list[dict]:
    """-/2: the Soviet unit retreats two hexes along quiet clear hexes; the Germans advance two
    hexes along its path of retreat (AGS 9.82: German units ignore Soviet zones): legal."""
    (defender, attacker, start, die), path = first(now, "-/2", 2)
    stack = GAME.counter(now.at(attacker)[0]).name
    return battle(1, attacker, start, die) + move(GAME.counter(defender).name, path[-1]) + \
        [{"move": {"stack": stack, "location": name(start)}}, {"step": True},
         {"move": {"stack": stack, "location": name(path[0])}}, {"step": True}] + clear_markers(1)


@scenario(1, "German Combat")
def advance_too_far(player: object, now: Situation) -> list[dict]:
    """-/1: the Soviet unit retreats one hex; a German unit advances into the hex it left and on
    one more hex, two in all, where the retreat allows one (AGS 9.85)."""
    (defender, attacker, start, die), path = first(now, "-/1", 1)
    beyond = next(h for h in sorted(LAYOUT.neighbours(start)) if h != path[-1] and not now.at(h)
                  and LAYOUT.distance(attacker, h) == 2 and _plain(start, h))
    unit = GAME.counter(now.at(attacker)[0]).name
    return battle(1, attacker, start, die) + move(GAME.counter(defender).name, path[-1]) + \
        move(unit, start) + move(unit, beyond) + clear_markers(1)


@scenario(1, "German Combat")
def retreat_into_zoc(player: object, now: Situation) -> list[dict]:
    """-/1: the Soviet unit is retreated into an empty hex next to another German unit, inside
    its zone of control (AGS 9.71)."""
    for defender, attacker, start, die in fights(now, "-/1"):
        for hex_ in sorted(LAYOUT.neighbours(start)):
            germans = [n for n in LAYOUT.neighbours(hex_) if _german(now, n) and n != attacker
                       and not GAME.map.features(hex_, n)]
            if not now.at(hex_) and germans and _plain(start, hex_):
                return battle(1, attacker, start, die) + move(GAME.counter(defender).name, hex_) + clear_markers(1)
    raise SystemExit("no retreat into a German zone of control")


@scenario(1, "German Combat")
def loss_skipped(player: object, now: Situation) -> list[dict]:
    """1/-: the German attacker must lose a step or retreat; nothing is done (AGS 9.66)."""
    defender, attacker, start, die = fights(now, "1/-", lone_attacker=True)[0]
    return battle(1, attacker, start, die) + clear_markers(1)


@scenario(1, "German Combat")
def one_unit_two_battles(player: object, now: Situation) -> list[dict]:
    """A German stack of one unit is marked to attack two Soviet hexes in two battles (AGS
    9.14); each defender is eliminated as its -/1 allows."""
    by_attacker: dict[Hex, list[Fight]] = {}
    for fight in fights(now, "-/1", lone_attacker=True):
        by_attacker.setdefault(fight[1], []).append(fight)
    for attacker, found in sorted(by_attacker.items()):
        if len(found) >= 2:
            actions: list[dict] = []
            for number, (defender, _, start, die) in enumerate(found[:2], start=1):
                actions += battle(number, attacker, start, die)
                actions += [{"key": {"piece": GAME.counter(defender).name, "command": "Eliminate"}}, {"step": True}]
                actions += clear_markers(number)
            return actions
    raise SystemExit("no lone German unit next to two lone Soviet units")


@scenario(1, "German Combat")
def eliminated_not_retreated(player: object, now: Situation) -> list[dict]:
    """-/1 against a stack of two one-step Soviet units with a quiet hex behind them: the German
    player, who conducts Soviet retreats (Kiev 19.7), removes both as "eliminated in the
    retreat". One step was due, or a retreat of one that a safe path allowed (Kiev 19.7)."""
    for key, unit in sorted(now.on_map("Soviet")):
        stack = now.at(unit.hex)
        if len(stack) != 2 or any(now.units[k].untried or now.units[k].counter.steps != 1
                                  or now.units[k].side != "Soviet" for k in stack):
            continue
        for hex_ in LAYOUT.neighbours(unit.hex):
            attackers = now.at(hex_)
            column = odds(now, hex_, unit.hex) if attackers and all(
                now.units[k].side == "German" for k in attackers) else ""
            die = next((d for d in range(1, 7) if column and crt_result(GAME, column, d).text == "-/1"), None)
            if die is not None and retreat_path(now, hex_, unit.hex, 1):
                return battle(1, hex_, unit.hex, die) + [
                    action for k in sorted(stack)
                    for action in ({"key": {"piece": GAME.counter(k).name, "command": "Eliminate"}}, {"step": True})
                ] + clear_markers(1)
    raise SystemExit("no stack of two Soviet units with a retreat open")


@scenario(1, "German Combat")
def advance_late(player: object, now: Situation) -> list[dict]:
    """Battle 1 (-/1) is retreated, then battle 2 is declared and rolled, and only then does the
    attacker of battle 1 advance: too late (AGS 9.83, advance at once)."""
    fought = [f for f in fights(now, "-/1", lone_attacker=True) if retreat_path(now, f[1], f[2], 1)]
    for one in fought:
        for two in fights(now, "-/1"):
            if LAYOUT.distance(one[2], two[2]) > 3 and LAYOUT.distance(one[1], two[1]) > 3:
                defender, attacker, start, die = one
                path = retreat_path(now, attacker, start, 1)
                return battle(1, attacker, start, die) + move(GAME.counter(defender).name, path[-1]) + \
                    battle(2, two[1], two[2], two[3]) + \
                    [{"key": {"piece": GAME.counter(two[0]).name, "command": "Eliminate"}}, {"step": True}] + \
                    move(GAME.counter(now.at(attacker)[0]).name, start) + clear_markers(1) + clear_markers(2)
    raise SystemExit("no two battles apart")


@scenario(1, "German Combat")
def advance_by_bystander(player: object, now: Situation) -> list[dict]:
    """-/1: the Soviet unit retreats; a German unit that took no part in the battle, next to the
    hex it left, moves in (AGS 9.81: only units that took part advance)."""
    for defender, attacker, start, die in fights(now, "-/1"):
        path = retreat_path(now, attacker, start, 1)
        others = [n for n in sorted(LAYOUT.neighbours(start)) if n != attacker and len(now.at(n)) == 1
                  and _german(now, n)]
        if path and others:
            return battle(1, attacker, start, die) + move(GAME.counter(defender).name, path[-1]) + \
                move(GAME.counter(now.at(others[0])[0]).name, start) + clear_markers(1)
    raise SystemExit("no German bystander next to a retreating unit")


@scenario(2, "German Combat")
def retreat_blocked_eliminated(player: object, now: Situation) -> list[dict]:
    """Game-Turn 2: 58 and 60 Rifle Div in 0217 are attacked from 0118 and roll -/1. Every way
    out is shut: 0216, 0117 and 0118 hold German units; 0317 and 0318 lie across the Dnieper
    with no road or railroad over the hexside (Kiev 19.52); 0218, across a minor river, already
    holds three Soviet combat units (AGS 9.74, limit 3). The German player takes the result as a
    retreat and both are eliminated: legal (AGS 9.71), though the step loss would have cost one."""
    start, attacker = LAYOUT.parse("0217"), LAYOUT.parse("0118")
    stack = sorted(now.at(start))
    column = odds(now, attacker, start)
    die = next(d for d in range(1, 7) if crt_result(GAME, column, d).text == "-/1")
    return battle(1, attacker, start, die) + [
        action for k in stack
        for action in ({"key": {"piece": GAME.counter(k).name, "command": "Eliminate"}}, {"step": True})
    ] + clear_markers(1)


SCENARIOS = {
    "advance-before-markers": advance_before_markers, "advance-after-markers": advance_after_markers,
    "retreat-full-length": retreat_full_length, "advance-too-far": advance_too_far,
    "retreat-into-zoc": retreat_into_zoc, "loss-skipped": loss_skipped,
    "one-unit-two-battles": one_unit_two_battles, "eliminated-not-retreated": eliminated_not_retreated,
    "advance-late": advance_late, "advance-by-bystander": advance_by_bystander,
    "retreat-blocked-eliminated": retreat_blocked_eliminated,
}


def main() -> None:
    write_scripts(SCENARIOS)


if __name__ == "__main__":
    main()
