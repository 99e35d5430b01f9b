"""Scenario logs for the Kiev checker: a legal game played up to a phase, then one thing done
(legal or not). Each scenario writes ``<name>.json``, an ``oracle write`` script; make_logs.py
has the engine turn it into ``<name>.vlog``; tests/check/test_kiev_checks.py says what the
checker must find in each and why.

The hexes are picked here by what the rulebook says, not by asking the checker: a far move is
longer than the unit's allowance in clear hexes, a stack of four combat units breaks the limit
of three, and so on.

    python tests/data/checks/kiev/scenarios.py
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from play_legal import GAME, LAYOUT, Player

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules import rail
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.zoc import enemy_zoc

HERE = Path(__file__).resolve().parent
PHASE = {p.name: i for i, p in enumerate(GAME.phases)}


def name(hex_: Hex) -> str:
    return LAYOUT.name(hex_)


def scenario(turn: int, phase: str) -> Callable:
    """Play legally to the start of (turn, phase), then let the scenario add its actions."""
    def wrap(build: Callable[[Player, Situation], list[dict]]) -> Callable[[], list[dict]]:
        def run() -> list[dict]:
            player = Player(1941, 12)
            actions = player.play_until(turn, PHASE[phase])
            return actions + build(player, player.situation(turn, PHASE[phase]))
        return run
    return wrap


def move(piece: str, hex_: Hex) -> list[dict]:
    return [{"move": {"piece": piece, "map": GAME.map.board, "location": name(hex_)}}, {"step": True}]


def free_units(now: Situation, side: str, unit_class: str | None = None) -> list[str]:
    """Units of a side outside enemy zones of control (so leaving their hex is allowed)."""
    zone = enemy_zoc(now, side, "movement")
    return sorted(k for k, u in now.on_map(side) if u.hex not in zone and not u.untried
                  and (unit_class is None or now.unit_type(k).unit_class == unit_class))


def empty_clear_hex_at(now: Situation, start: Hex, distance: int) -> Hex:
    """An empty clear hex exactly ``distance`` hexes away, away from the enemy."""
    side = next(u.side for u in now.units.values() if u.hex == start)
    zone = enemy_zoc(now, side, "movement")
    for hex_ in sorted(LAYOUT.within(start, distance)):
        if LAYOUT.distance(start, hex_) == distance and not now.at(hex_) and hex_ not in zone \
                and GAME.map.terrain(hex_) == "clear":
            return hex_
    raise SystemExit(f"no empty clear hex {distance} from {name(start)}")


@scenario(1, "Soviet Movement")
def rail_move(player: Player, now: Situation) -> list[dict]:
    """32 Tank Div (1519) rides the railroad 14 hexes west: beyond its MA 10, within 25 rail hexes."""
    return move("32 Tank Div", LAYOUT.parse("0810"))


@scenario(1, "German Movement")
def german_rail(player: Player, now: Situation) -> list[dict]:
    """A German infantry division moves 12 hexes along a railroad: the Germans never rail (19.3)."""
    links = rail.rail_links(GAME)
    for key in free_units(now, "German"):
        start = now.units[key].hex
        if start in links and now.unit_type(key).unit_class == "non_mech":
            far = next(h for h in sorted(links) if LAYOUT.distance(start, h) == 12 and not now.at(h))
            return move(GAME.counter(key).name, far)
    raise SystemExit("no German infantry on a railroad")


@scenario(1, "German Movement")
def overstacked(player: Player, now: Situation) -> list[dict]:
    """Four German combat units end the Movement Phase in one hex (limit 3, AGS 7.0); the
    Game-Turn 1 reinforcements come on as due, so nothing else is wrong."""
    player.actions = []
    player.reinforce(1, PHASE["German Movement"])
    actions_in = player.actions
    now = player.situation(1, PHASE["German Movement"])
    free = free_units(now, "German")
    for anchor in free:
        target = now.units[anchor].hex
        near = [k for k in free if k != anchor and 0 < LAYOUT.distance(now.units[k].hex, target) <= 2
                and now.unit_type(k).unit_class not in ("hq", "leader")]
        if len(now.at(target)) + len(near) >= 4:
            actions: list[dict] = list(actions_in)
            for key in near[:4 - len(now.at(target))]:
                actions += move(GAME.counter(key).name, target)
            return actions + [{"turn": "next"}, {"step": True}]
    raise SystemExit("no four German units close enough to over-stack")


@scenario(1, "German Mechanized Movement")
def infantry_in_mech_phase(player: Player, now: Situation) -> list[dict]:
    """A German infantry division moves one hex in the Mechanized Movement Phase (AGS 4.2)."""
    key = free_units(now, "German", "non_mech")[0]
    start = now.units[key].hex
    return move(GAME.counter(key).name, empty_clear_hex_at(now, start, 1))


@scenario(1, "German Mechanized Movement")
def panzer_in_mech_phase(player: Player, now: Situation) -> list[dict]:
    """A German panzer regiment moves two clear hexes in the Mechanized Movement Phase: legal."""
    key = free_units(now, "German", "mech")[0]
    start = now.units[key].hex
    return move(GAME.counter(key).name, empty_clear_hex_at(now, start, 2))


@scenario(1, "German Movement")
def reinforcement_early(player: Player, now: Situation) -> list[dict]:
    """18/18 Pz Rgt (printed 2B) enters on Game-Turn 1 (Kiev 23.2)."""
    area = GAME.map.area("B")
    return move("18/18 Pz Rgt", area.hexes[0])


@scenario(1, "German Movement")
def reinforcement_wrong_area(player: Player, now: Situation) -> list[dict]:
    """79 Inf Div (printed 1C) enters on time, but in area A (Kiev 23.0)."""
    area = GAME.map.area("A")
    return move("79 Inf Div", area.hexes[0])


@scenario(7, "Soviet Movement")
def directive_east(player: Player, now: Situation) -> list[dict]:
    """Game-Turn 7, Stalin's Directive: a Soviet rifle division east of the Dnieper line moves one
    hex into a higher-numbered hexrow without relief (Kiev 22.1)."""
    from vmodgen.engine.rules.ags.kiev.stalin import directive_line
    line = directive_line(GAME)
    for key in free_units(now, "Soviet", "non_mech"):
        start = now.units[key].hex
        if start in line.west:
            continue
        for target in LAYOUT.neighbours(start):
            if target.col > start.col and not now.at(target) and GAME.map.terrain(target) == "clear" \
                    and not any(GAME.map.line_crosses(k, start, target) for k in ("road", "railroad")) \
                    and not GAME.map.features(start, target):
                return move(GAME.counter(key).name, target)
    raise SystemExit("no Soviet unit to break the directive with")


@scenario(8, "German Movement")
def mud_march(player: Player, now: Situation) -> list[dict]:
    """Game-Turn 8 is mud (Kiev 19.9): an infantry division (MA 7, halved to 3) marches five clear
    hexes."""
    for key in free_units(now, "German", "non_mech"):
        target = clear_march(now, now.units[key].hex, 5)
        if target is not None:
            return move(GAME.counter(key).name, target)
    raise SystemExit("no German infantry division with a clear march of five hexes")


def clear_march(now: Situation, start: Hex, distance: int) -> Hex | None:
    """An empty hex ``distance`` away along a straight line of empty clear hexes, crossing no
    river and no enemy zone: the march costs its length in clear weather, so only mud stops it."""
    side = next(u.side for u in now.units.values() if u.hex == start)
    zone = enemy_zoc(now, side, "movement")
    for hex_ in sorted(LAYOUT.within(start, distance)):
        path = LAYOUT.line(start, hex_)
        if LAYOUT.distance(start, hex_) == distance and all(
                not now.at(h) and h not in zone and GAME.map.terrain(h) == "clear" for h in path[1:]) \
                and not any(GAME.map.features(a, b) for a, b in zip(path, path[1:])):
            return hex_
    return None


def battle(number: int, attackers: Hex, defender: Hex, die: int) -> list[dict]:
    """Declare a battle with its markers and roll the die (fixed) for it."""
    return [{"add": {"slot": f"Attack {number}", "map": GAME.map.board, "location": name(attackers)}}, {"step": True},
            {"add": {"slot": f"Defend {number}", "map": GAME.map.board, "location": name(defender)}}, {"step": True},
            {"dice": {"button": "1d6", "result": [die]}}, {"step": True}]


def clear_markers(number: int) -> list[dict]:
    return [{"delete": {"piece": f"Attack {number}"}}, {"step": True},
            {"delete": {"piece": f"Defend {number}"}}, {"step": True}]


def lone_defender_between_two_german_infantry(now: Situation) -> tuple[str, Hex, Hex]:
    """A tried one-step Soviet unit alone in its hex with two German two-step infantry divisions,
    each alone in its own hex, next to it."""
    for key, unit in sorted(now.on_map("Soviet")):
        if unit.untried or len(now.at(unit.hex)) != 1 or unit.counter.steps != 1:
            continue
        germans = [h for h in LAYOUT.neighbours(unit.hex) if len(now.at(h)) == 1
                   and now.units[now.at(h)[0]].side == "German"
                   and now.units[now.at(h)[0]].counter.type == "infantry"
                   and not now.units[now.at(h)[0]].showing_back]
        if len(germans) >= 2:
            return key, germans[0], germans[1]
    raise SystemExit("no Soviet unit between two German infantry divisions")


def die_for(column_of: Callable[[], str], wanted: str) -> int:
    from vmodgen.engine.rules.results import crt_result
    column = column_of()
    for die in range(1, 7):
        if crt_result(GAME, column, die).text == wanted:
            return die
    raise SystemExit(f"no die gives {wanted} on column {column}")


def odds(now: Situation, attacker_hex: Hex, defender_hex: Hex) -> str:
    from vmodgen.engine.rules.combat import combat_odds
    from vmodgen.engine.rules.supply import SupplyTracer
    tracer = SupplyTracer(now)
    attackers = now.at(attacker_hex)
    defenders = now.at(defender_hex)
    supply = {k: tracer.state(k).in_supply for k in attackers + defenders}
    return combat_odds(now, attackers, defender_hex, supply).column


@scenario(1, "German Combat")
def attacked_twice(player: Player, now: Situation) -> list[dict]:
    """One Soviet unit attacked by two German divisions in two battles of one Combat Phase
    (AGS 9.14). Each battle rolls 1/-, and each attacker takes its step loss, as it must."""
    defender, first, second = lone_defender_between_two_german_infantry(now)
    actions: list[dict] = []
    for number, attacker_hex in ((1, first), (2, second)):
        die = die_for(lambda: odds(now, attacker_hex, now.units[defender].hex), "1/-")
        actions += battle(number, attacker_hex, now.units[defender].hex, die)
        actions += [{"key": {"piece": GAME.counter(now.at(attacker_hex)[0]).name, "command": "Lose step"}},
                    {"step": True}]
        actions += clear_markers(number)
    return actions


@scenario(1, "German Combat")
def retreat_too_far(player: Player, now: Situation) -> list[dict]:
    """-/1 rolled, and the defender is retreated two hexes instead of one (AGS 9.73; in Kiev the
    German player retreats it, 19.7)."""
    defender, first, _ = lone_defender_between_two_german_infantry(now)
    start = now.units[defender].hex
    die = die_for(lambda: odds(now, first, start), "-/1")
    away = [h for h in LAYOUT.within(start, 2) if LAYOUT.distance(start, h) == 2 and LAYOUT.distance(first, h) == 3
            and not now.at(h)]
    return battle(1, first, start, die) + move(GAME.counter(defender).name, sorted(away)[0]) + clear_markers(1)


@scenario(1, "Soviet Movement")
def rail_too_far(player: Player, now: Situation) -> list[dict]:
    """A Soviet unit rides a railroad beyond the 25 rail hexes of one Initial Movement Phase
    (Kiev 19.3)."""
    links = rail.rail_links(GAME)
    for key in free_units(now, "Soviet"):
        start = now.units[key].hex
        if start not in links:
            continue
        for target in sorted(links, key=lambda h: -LAYOUT.distance(start, h)):
            verdict = rail.rail_check(now, key, [target])
            if verdict.is_illegal and verdict.path and len(verdict.path) - 1 > 25 and not now.at(target):
                return move(GAME.counter(key).name, target)
    raise SystemExit("no rail path longer than 25 hexes")


@scenario(1, "Soviet Movement")
def untried_far_inside(player: Player, now: Situation) -> list[dict]:
    """An untried rifle division (one of Game-Turn 1's five infantry) is put down in the middle of
    the map instead of entering by an east-edge road hex (Kiev 23.0). The report must not say
    which division it is: its untried side hides that (DESIGN.md)."""
    return [{"add": {"slot": "147 Rifle Div", "map": GAME.map.board, "location": "1218"}}, {"step": True}]


SCENARIOS = {
    "rail-move": rail_move, "german-rail": german_rail, "overstacked": overstacked,
    "infantry-in-mech-phase": infantry_in_mech_phase, "panzer-in-mech-phase": panzer_in_mech_phase,
    "reinforcement-early": reinforcement_early, "reinforcement-wrong-area": reinforcement_wrong_area,
    "directive-east": directive_east, "mud-march": mud_march, "attacked-twice": attacked_twice,
    "retreat-too-far": retreat_too_far, "rail-too-far": rail_too_far,
    "untried-far-inside": untried_far_inside,
}


def write_scripts(scenarios: dict[str, Callable[[], list[dict]]]) -> None:
    """Write each scenario's ``oracle write`` script as ``<name>.json`` beside this file."""
    for stem, run in scenarios.items():
        (HERE / f"{stem}.json").write_text(json.dumps({"player_name": "tester", "actions": run()}, indent=0) + "\n")
        print(f"wrote {stem}.json")


def main() -> None:
    write_scripts(SCENARIOS)


if __name__ == "__main__":
    main()
