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

from engine.hexes import Hex
from engine.rules import rail
from engine.rules.situation import Situation
from engine.rules.zoc import enemy_zoc

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
    from engine.rules.stalin import directive_line
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
    key = free_units(now, "German", "non_mech")[0]
    start = now.units[key].hex
    return move(GAME.counter(key).name, empty_clear_hex_at(now, start, 5))


SCENARIOS = {
    "rail-move": rail_move, "german-rail": german_rail, "overstacked": overstacked,
    "infantry-in-mech-phase": infantry_in_mech_phase, "panzer-in-mech-phase": panzer_in_mech_phase,
    "reinforcement-early": reinforcement_early, "reinforcement-wrong-area": reinforcement_wrong_area,
    "directive-east": directive_east, "mud-march": mud_march,
}


def main() -> None:
    for stem, run in SCENARIOS.items():
        (HERE / f"{stem}.json").write_text(json.dumps({"player_name": "tester", "actions": run()}, indent=0) + "\n")
        print(f"wrote {stem}.json")


if __name__ == "__main__":
    main()
