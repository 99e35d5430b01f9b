"""Scenario logs for the Panzergruppe Guderian checker. Each scenario writes ``<name>.json``, an
``oracle write`` script; make_logs.py has the engine turn it into ``<name>.vlog``;
tests/games/test_pgg_checks.py says what the checker must find in each and why.

The oracle names a piece by its name or by the action that made it. These scripts were written
when the Soviet set-up units' untried side had one name for all, so they move set-up units only as
whole stacks, by a Leader in them, and do not play the first Soviet Movement Phase to its end
legally (PGG 5.23: every unit of the 13th and 20th Armies moves; PGG 5.0: the set-up stacks of
4015, 2216 and 1414 are undone): the scenarios in German phases carry the first Game-Turn's PGG
5.23 and 7.1 findings, and their tests judge the German phases. Each set-up piece now has a name of
its own (its set-up slot, ``Game.untried_name``); the random-play legal game plays that phase to
its end (tests/data/checks/random_play.py). Units brought from the palette are named by their
action (``@N``).

Moves are picked with the engine's own path search over the data's chart (a legal move is legal by
the Terrain Effects Chart), illegal ones by the rule they break.

    python tests/data/checks/panzergruppe-guderian/scenarios.py
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.piece_properties import entry_die_button
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.combat import odds_column
from vmodgen.engine.rules.pathfinding import StepRule
from vmodgen.engine.rules.pgg import rail as pgg_rail
from vmodgen.engine.rules.pgg.strength import Known, combat_odds
from vmodgen.engine.rules.rail import rail_links
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.zoc import enemy_zoc

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
GAME = load_game(REPO / "games" / "panzergruppe-guderian")
LAYOUT = GAME.map.layout
BOARD = GAME.map.board
PHASES = [p.name for p in GAME.phases]


def hx(name: str) -> Hex:
    return LAYOUT.parse(name)


def col(hex_: Hex) -> int:
    return int(LAYOUT.name(hex_)[:2])


class Play:
    """A script being written, with the position it leaves (to pick the next legal move)."""

    def __init__(self) -> None:
        units = {c.id: UnitState(c, c.setup, c.setup_face == "back") for c in GAME.counters}
        self.now = Situation(GAME, 1, 0, units)
        self.actions: list[dict] = []
        self.refs: dict[str, str] = {}     # palette pieces: the @N of the action that made them

    def ref(self, key: str) -> str:
        return self.refs.get(key, GAME.counter(key).name)

    # -- actions ------------------------------------------------------------------------------

    def move(self, key: str, hex_: Hex) -> None:
        self.actions += [{"move": {"piece": self.ref(key), "map": BOARD, "location": LAYOUT.name(hex_)}},
                         {"step": True}]
        self.now = self.now.moved(key, hex_)

    def move_stack(self, leader: str, hex_: Hex) -> None:
        """The whole stack a (uniquely named) Leader is in."""
        keys = self.now.at(self.now.units[leader].hex)  # type: ignore[arg-type]
        self.actions += [{"move": {"stack": self.ref(leader), "map": BOARD, "location": LAYOUT.name(hex_)}},
                         {"step": True}]
        for key in keys:
            self.now = self.now.moved(key, hex_)

    def add(self, key: str, hex_: Hex, back: bool) -> None:
        """A piece dragged from the palette (it shows what the palette shows: ``back``)."""
        self.refs[key] = f"@{len(self.actions)}"
        self.actions += [{"add": {"slot": GAME.counter(key).name, "map": BOARD, "location": LAYOUT.name(hex_)}},
                         {"step": True}]
        units = dict(self.now.units)
        units[key] = UnitState(GAME.counter(key), hex_, back)
        self.now = Situation(GAME, self.now.turn, self.now.phase_index, units)

    def flip(self, key: str) -> None:
        """An untried unit revealed (its menu's Reveal command)."""
        self.actions += [{"key": {"piece": self.ref(key), "command": "Reveal"}}, {"step": True}]
        unit = self.now.units[key]
        units = dict(self.now.units)
        units[key] = UnitState(unit.counter, unit.hex, not unit.showing_back)
        self.now = Situation(GAME, self.now.turn, self.now.phase_index, units)

    def delete(self, key: str) -> None:
        self.actions += [{"delete": {"piece": self.ref(key)}}, {"step": True}]
        self.now = self.now.moved(key, None)

    def next_phase(self) -> None:
        self.actions += [{"turn": "next"}, {"step": True}]
        index = self.now.phase_index + 1
        turn = self.now.turn
        if index == len(PHASES):
            index, turn = 0, turn + 1
        self.now = Situation(GAME, turn, index, self.now.units)

    def to_phase(self, turn: int, phase: str) -> None:
        while (self.now.turn, PHASES[self.now.phase_index]) != (turn, phase):
            self.next_phase()

    def battle(self, number: int, attackers: list[Hex], defender: Hex) -> None:
        for hex_ in attackers:
            self.actions += [{"add": {"slot": f"Attack {number}", "map": BOARD, "location": LAYOUT.name(hex_)}},
                             {"step": True}]
        self.actions += [{"add": {"slot": f"Defend {number}", "map": BOARD, "location": LAYOUT.name(defender)}},
                         {"step": True}]

    def roll(self, die: int) -> None:
        self.actions += [{"dice": {"button": "1d6", "result": [die]}}, {"step": True}]

    # -- legal moves ----------------------------------------------------------------------------

    def reaches(self, key: str, target: Hex, rule: StepRule | None = None, *, entering: Hex | None = None) -> bool:
        """A legal move by the data's chart within the unit's allowance (an unknown allowance: a
        route that stops in no enemy zone); ``entering``: a reinforcement put on the map at that
        hex in this move, which pays for entering it (PGG 14.0)."""
        now = self.now
        if entering is not None:
            now = now.moved(key, None)
        unit = now.units[key]
        face = unit.face
        value = face.movement if face is not None else None
        allowance = Fraction(value) if isinstance(value, int) else None
        drops = [entering, target] if entering is not None else [target]
        verdict = movement.movement_check(now, key, drops, movement.Allowance(allowance, "scenario"),
                                          step_rule=rule, entries=frozenset([entering]) if entering else None)
        return verdict.is_legal or (allowance is None and verdict.is_unchecked and verdict.route is not None)

    def combat_units(self, hex_: Hex, side: str) -> int:
        return sum(1 for k in self.now.at(hex_) if self.now.units[k].side == side
                   and self.now.unit_type(k).unit_class not in ("leader", "marker"))


EAST = StepRule(lambda a, b: col(b) >= col(a), "PGG 5.23", "north, south or east only")


def reachable(play: Play, key: str, hexes: list[Hex], rule: StepRule | None = None, *,
              entering: Hex | None = None) -> Hex:
    """The first hex of ``hexes`` the unit reaches legally and where it keeps within stacking."""
    leader = play.now.unit_type(key).unit_class == "leader"
    for hex_ in hexes:
        if hex_ in GAME.map.hexes and (leader or play.combat_units(hex_, "Soviet") < 3) and \
                play.reaches(key, hex_, rule, entering=entering):
            return hex_
    raise SystemExit(f"{key}: none of {[LAYOUT.name(h) for h in hexes]} is in reach")


def toward(start: Hex, goal: Hex, distance: int) -> list[Hex]:
    """Hexes ``distance`` from ``start``, nearest ``goal`` first."""
    return sorted((h for h in LAYOUT.within(start, distance) if LAYOUT.distance(start, h) == distance),
                  key=lambda h: (LAYOUT.distance(h, goal), h))


# ---------------------------------------------------------------------------------- scenarios

SCENARIOS: dict[str, Callable[[], Play]] = {}


def scenario(function: Callable[[], Play]) -> Callable[[], Play]:
    SCENARIOS[function.__name__.replace("_", "-")] = function
    return function


def entry(area: str) -> Hex:
    return sorted(GAME.map.area(area, "entry").hexes)[0]


@scenario
def opening() -> Play:
    """No action: the module's opening position as the engine sets it up (PGG 5.1), for the
    opening-position test (tests/games/test_pgg_opening.py)."""
    return Play()


@scenario
def soviet_turn1_legal() -> Play:
    """The first Soviet Movement Phase, ended by no tracker step (so its end-of-phase rules, PGG
    5.23 and 7.1, are not judged): the Kurochkin stack (20th Army, 0111) and the Remezov stack (13th
    Army, 0125) move east (PGG 5.23); two rifle divisions of the 22nd Army enter untried at Entrance
    Hex V and move (PGG 12.1, 14.3, 16.1); one of the six due at X goes by rail beyond its allowance
    (PGG 6.3)."""
    play = Play()
    for leader in ("sov-ldr-kurochkin", "sov-ldr-remezov"):
        start = play.now.units[leader].hex
        assert start is not None
        goal = LAYOUT.parse(f"{col(start) + 3:02d}{start.row:02d}")
        play.move_stack(leader, reachable(play, leader, toward(start, goal, 3), EAST))
    for key in ("sov-rifle-29", "sov-rifle-30"):
        play.add(key, entry("V"), True)
        play.move(key, reachable(play, key, toward(entry("V"), hx("0405"), 4), entering=entry("V")))
    play.add("sov-rifle-31", entry("X"), True)
    play.move("sov-rifle-31", by_rail_only(play, "sov-rifle-31"))
    return play


def by_rail_only(play: Play, key: str) -> Hex:
    """A railroad hex the unit reaches by rail (PGG 6.32, 6.33) and not by normal movement."""
    links = rail_links(GAME)
    start = play.now.units[key].hex
    assert start is not None
    seen = {start: 0}
    queue = [start]
    while queue:
        here = queue.pop(0)
        for there in sorted(links.get(here, ())):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    for hex_, distance in sorted(seen.items(), key=lambda item: (-item[1], item[0])):
        if 8 <= distance <= 12 and not play.now.at(hex_) and pgg_rail.by_rail(play.now, key, start, [hex_]) \
                and not play.reaches(key, hex_, entering=start):
            return hex_
    raise SystemExit("no rail hex 8 to 12 hexes from X")


@scenario
def soviet_turn1_end() -> Play:
    """PGG 5.23 at the end of the first Soviet Movement Phase: the Kurochkin stack ends in hexrow
    0200, the Remezov stack moves east legally, the other stacks of the 13th and 20th Armies do not
    move; PGG 7.1: the set-up stacks of 4015, 2216 and 1414 are still over the limit."""
    play = Play()
    start = play.now.units["sov-ldr-kurochkin"].hex
    assert start is not None
    play.move_stack("sov-ldr-kurochkin", reachable(play, "sov-ldr-kurochkin",
                                                   [h for h in sorted(LAYOUT.neighbours(start)) if col(h) == 2], EAST))
    start = play.now.units["sov-ldr-remezov"].hex
    assert start is not None
    play.move_stack("sov-ldr-remezov", reachable(play, "sov-ldr-remezov",
                                                 toward(start, LAYOUT.parse(f"04{start.row:02d}"), 3), EAST))
    play.next_phase()
    return play


@scenario
def soviet_enters_tried() -> Play:
    """PGG 12.1, 12.4, 14.14: a rifle division taken from the dead pile is turned face up there and
    brought on at Entrance Hex V showing its strength; the one beside it enters untried."""
    play = Play()
    play.add("sov-rifle-29", entry("V"), True)
    play.refs["sov-rifle-32"] = f"@{len(play.actions)}"
    play.actions += [{"add": {"slot": GAME.counter("sov-rifle-32").name, "map": "Dead Pile", "x": 100, "y": 100}},
                     {"step": True}]
    play.flip("sov-rifle-32")
    play.move("sov-rifle-32", entry("V"))
    return play


@scenario
def soviet_reinforcement_too_far() -> Play:
    """PGG 6.23: a rifle division (Movement Allowance 6) enters at Entrance Hex X and is put down
    eight hexes away, off the railroad."""
    play = Play()
    play.add("sov-rifle-29", entry("X"), True)
    links = rail_links(GAME)
    far = next(h for h in sorted(LAYOUT.within(entry("X"), 8), key=lambda h: (h.col, h.row))
               if LAYOUT.distance(h, entry("X")) == 8 and h in GAME.map.hexes and h not in links)
    play.move("sov-rifle-29", far)
    return play


@scenario
def german_reinforcement_early() -> Play:
    """PGG 14.3, 16.2: the 6th Infantry Division is due on Game-Turn 2 (area B) and enters on
    Game-Turn 1."""
    play = Play()
    play.to_phase(1, "German Initial Movement")
    play.add("ger-xx-6-inf", entry("B"), False)
    play.next_phase()
    return play


@scenario
def german_infantry_in_mech_phase() -> Play:
    """PGG 4.2 B3: the 6th Infantry Division enters on Game-Turn 2 and moves again in the
    Mechanized Movement Phase."""
    play = Play()
    play.to_phase(2, "German Initial Movement")
    play.add("ger-xx-6-inf", entry("B"), False)
    play.to_phase(2, "German Mechanized Movement")
    target = next(h for h in sorted(LAYOUT.neighbours(entry("B"))) if h in GAME.map.hexes
                  and not play.now.at(h) and play.reaches("ger-xx-6-inf", h))
    play.move("ger-xx-6-inf", target)
    play.next_phase()
    return play


def _into_a_soviet_zone(play: Play, key: str) -> tuple[Hex, Hex]:
    """The nearest empty hex in a Soviet zone of control the unit reaches, and an empty hex beyond
    it: PGG 6.22 makes a unit that enters an enemy-controlled hex stop there."""
    zone = enemy_zoc(play.now, "German")
    start = play.now.units[key].hex
    assert start is not None
    for stop in sorted(zone, key=lambda h: (LAYOUT.distance(start, h), h)):
        if play.now.at(stop) or stop not in GAME.map.hexes or not play.reaches(key, stop):
            continue
        beyond = next((h for h in sorted(LAYOUT.neighbours(stop)) if h in GAME.map.hexes and not play.now.at(h)
                       and LAYOUT.distance(start, h) > LAYOUT.distance(start, stop)), None)
        if beyond is not None:
            return stop, beyond
    raise SystemExit(f"no Soviet zone of control within reach of {LAYOUT.name(start)}")


@scenario
def german_moves_on_in_enemy_zone() -> Play:
    """PGG 6.22, 8.13: a panzer regiment enters area C, steps into the zone of control of the 20th
    Army (still in hexrow 0100) and moves on."""
    play = Play()
    play.to_phase(1, "German Initial Movement")
    play.add("ger-iii-7pz-pz", entry("C"), False)
    stop, beyond = _into_a_soviet_zone(play, "ger-iii-7pz-pz")
    play.move("ger-iii-7pz-pz", stop)
    play.move("ger-iii-7pz-pz", beyond)
    play.next_phase()
    return play


def _attack_at_0300(extra: tuple[str, ...] = ()) -> tuple[Play, Hex, Hex, str]:
    """Two Soviet divisions from the pool, the 0-1-6 Rifle Div #87 and the 0-0-6 Rifle Div #83
    (with ``extra`` divisions), enter untried at Entrance Hex V on Game-Turn 1 and march toward 0303;
    on Game-Turn 2 #87 and #83 go on (PGG 6.4 keeps them out of 0200); the 6th Infantry Division
    enters area B on Game-Turn 2 and attacks them at once (in supply on entry, PGG 11.33; 9 points,
    its first combat). Both are revealed. Returns the play as the die is to be rolled, the
    attacker's hex, the defender's and the CRT column (the 0-0-6 adds nothing, PGG 12.3)."""
    play = Play()
    soviets = ["sov-rifle-87", "sov-rifle-83"]
    for key in soviets + list(extra):
        play.add(key, entry("V"), True)
    first = reachable(play, soviets[0], [h for d in (6, 5, 4) for h in toward(entry("V"), hx("0303"), d)],
                      entering=entry("V"))
    for key in soviets + list(extra):
        play.move(key, first)
    play.to_phase(2, "Soviet Movement")
    second = next(h for d in (6, 5, 4) for h in toward(first, hx("0303"), d)
                  if col(h) >= 3 and h in GAME.map.hexes and not play.now.at(h) and play.reaches(soviets[0], h))
    for key in soviets:
        play.move(key, second)
    play.to_phase(2, "German Initial Movement")
    german = "ger-xx-6-inf"
    zone = enemy_zoc(play.now, "German")
    start = min((h for h in GAME.map.area("B", "entry").hexes if h not in zone and not play.now.at(h)),
                key=lambda h: (LAYOUT.distance(h, second), h))
    play.add(german, start, False)
    attack_from = next(h for h in sorted(LAYOUT.neighbours(second), key=lambda h: (LAYOUT.distance(h, start), h))
                       if h in GAME.map.hexes and not play.now.at(h) and play.reaches(german, h, entering=start))
    play.move(german, attack_from)
    play.next_phase()
    play.battle(1, [attack_from], second)
    for key in soviets:
        play.flip(key)
    fighting = Situation(GAME, play.now.turn, play.now.phase_index,
                         {k: u for k, u in play.now.units.items() if k != "sov-rifle-83"})
    odds = combat_odds(fighting, [german], second, {german: True, "sov-rifle-87": True}, Known())
    return play, attack_from, second, odds.column


def _battle_at_0300(applied: str) -> Play:
    """The battle of _attack_at_0300; the 0-0-6 is removed at once (PGG 12.3); the die is the one
    that eliminates the defender (De) or takes one step (D1). ``applied``: what is then done: "all"
    (the rules), "nothing" (the result not applied) or "phantom stays" (the 0-0-6 left on the map)."""
    play, _, _, column = _attack_at_0300()
    die = next(d for d in sorted(GAME.crt.rows) if GAME.crt.result(d, column) in ("-/E", "-/1"))
    play.roll(die)
    if applied != "phantom stays":
        play.delete("sov-rifle-83")
    if applied != "nothing":
        play.delete("sov-rifle-87")
    play.next_phase()
    return play


@scenario
def german_attack_legal() -> Play:
    """The battle of _battle_at_0300 with its result applied as the rules say."""
    return _battle_at_0300("all")


@scenario
def german_attack_result_not_applied() -> Play:
    """PGG 9.64, 9.65: the defender's result (De or D1) is not applied."""
    return _battle_at_0300("nothing")


@scenario
def phantom_not_removed() -> Play:
    """PGG 12.3: the revealed 0-0-6 stays on the map."""
    return _battle_at_0300("phantom stays")


# ------------------------------------------------------------ Strength Level Markers (PGG 9.61)

def _infantry_steps_down(applied: str) -> Play:
    """PGG 9.61: the battle of _attack_at_0300 (the 1-2-6 Rifle Div #86 came along on Game-Turn 1
    and stayed behind), the die the first that costs the 6th Infantry one step and eliminates #87
    (De/A1, "1/E"). ``applied``: "marker" (the rules: #83 and #87 removed, the 6th's 9-7 replaced
    by the 4-7 Strength Level Marker), "nothing" (the 6th keeps its 9-7: the attacker's result not
    applied) or "again": "marker", then on Game-Turn 3 #86 moves next to the 6th, which attacks it
    at 4 points. #86's supply is not known (no Leader's rating but Lukin's is), so its defense is 2
    or 1: at 4 the column is 2-1 or 4-1, at 9 it would be 4-1 or 9-1; the die is the one that gives
    one result on 2-1 and 4-1 and two on 4-1 and 9-1, so that the battle is judged only if the
    checker reads the marker; #86 is eliminated by it (one step, PGG 9.62)."""
    play, attack_from, _, column = _attack_at_0300(("sov-rifle-86",))
    die = next(d for d in sorted(GAME.crt.rows) if GAME.crt.result(d, column) == "1/E")
    play.roll(die)
    play.delete("sov-rifle-83")
    play.delete("sov-rifle-87")
    if applied != "nothing":
        place(play, "4-7 strength level", attack_from)
    _clear_battle_markers(play, 1)
    play.next_phase()
    if applied != "again":
        return play
    play.to_phase(3, "Soviet Movement")
    soviet = "sov-rifle-86"
    near = reachable(play, soviet, sorted((h for h in LAYOUT.neighbours(attack_from) if col(h) >= 3
                                           and not play.now.at(h)),
                                          key=lambda h: (LAYOUT.distance(h, play.now.units[soviet].hex), h)))
    play.move(soviet, near)
    play.to_phase(3, "German Combat")
    play.battle(1, [attack_from], near)
    play.flip(soviet)
    die = next(d for d in sorted(GAME.crt.rows)
               if GAME.crt.result(d, odds_column(GAME, 4, 2)) == GAME.crt.result(d, odds_column(GAME, 4, 1))
               and GAME.crt.result(d, odds_column(GAME, 9, 2)) != GAME.crt.result(d, odds_column(GAME, 9, 1))
               and GAME.crt.result(d, odds_column(GAME, 4, 2)).startswith("-/"))
    play.roll(die)
    play.delete(soviet)
    _clear_battle_markers(play, 1)
    play.next_phase()
    return play


def _clear_battle_markers(play: Play, number: int) -> None:
    """The battle's Attack and Defend markers taken off the map once its result is applied."""
    for index, action in enumerate(list(play.actions)):
        if action.get("add", {}).get("slot") in (f"Attack {number}", f"Defend {number}") and \
                not any(a.get("delete", {}).get("piece") == f"@{index}" for a in play.actions):
            play.actions += [{"delete": {"piece": f"@{index}"}}, {"step": True}]


@scenario
def german_infantry_steps_down() -> Play:
    """PGG 9.61: the 6th Infantry's step loss shown by its 4-7 Strength Level Marker (legal)."""
    return _infantry_steps_down("marker")


@scenario
def german_infantry_step_not_taken() -> Play:
    """PGG 9.65: the 6th Infantry neither lost the step (no marker) nor retreated."""
    return _infantry_steps_down("nothing")


@scenario
def german_infantry_fights_at_its_level() -> Play:
    """PGG 9.61: the 6th Infantry, under its 4-7 marker, attacks #86 on Game-Turn 3 at 4 points."""
    return _infantry_steps_down("again")


# ---------------------------------------------- a retreat into a friendly hex (PGG 9.73, 9.75)

def _pocket(play: Play) -> tuple[Hex, Hex, Hex, Hex] | None:
    """Where #85 (6-8-6) and #87 (0-1-6), on the march from V since Game-Turn 1, stand on Game-Turn
    2 and where the 6th and 26th Infantry, entering at B, stop next to them: (#85's hex X, #87's
    hex F next to it, the 6th's hex A next to X, the 26th's hex C next to X and F), so that every
    other hex next to X is in the zone of the 6th or the 26th: a retreat of one hex from X can only
    go into F (PGG 9.71, 9.73). None when the search finds no such hexes."""
    start = play.now.units["sov-rifle-85"].hex
    for x in sorted((h for h in LAYOUT.within(start, 6) if col(h) >= 4 and h in GAME.map.hexes),
                    key=lambda h: (LAYOUT.distance(h, hx("0105")), h)):
        ring = [h for h in LAYOUT.neighbours(x) if h in GAME.map.hexes]
        if len(ring) < 6 or any(play.now.at(h) for h in ring + [x]) or not play.reaches("sov-rifle-85", x):
            continue
        for f in ring:
            if col(f) < 3 or not play.reaches("sov-rifle-87", f):
                continue
            for c in (h for h in ring if h != f and LAYOUT.adjacent(h, f)):
                for a in (h for h in ring if h not in (f, c) and not LAYOUT.adjacent(h, f)):
                    covered = {n for g in (a, c) for n in LAYOUT.neighbours(g)}
                    if all(h in covered or h in (a, c, f) for h in ring):
                        return x, f, a, c
    return None


def _retreat_into_friends(applied: str) -> Play:
    """PGG 9.75 on Game-Turn 2: #85 and #87 enter at V on Game-Turn 1 and march on, #85 to X, #87
    to F next to it (_pocket). The 6th and 26th Infantry enter at B and stop next to them. Battle 1:
    the 6th attacks #85 (9 against 8, or 4 if #85 is out of supply, which is not known: the die is
    one that gives one result on both columns, a one-hex retreat for the defender); #85 can retreat
    only into F. Battle 2: the 26th attacks F: #85 adds nothing (9 against #87's 1: 9-1, the die
    the first that eliminates the defenders). ``applied``: "all" (#87 and #85 removed) or
    "retreated stays" (#85 left on the map: PGG 9.75)."""
    play = Play()
    soviets = ["sov-rifle-85", "sov-rifle-87"]
    for key in soviets:
        play.add(key, entry("V"), True)
    first = reachable(play, soviets[0], [h for d in (6, 5, 4) for h in toward(entry("V"), hx("0506"), d)],
                      entering=entry("V"))
    for key in soviets:
        play.move(key, first)
    play.to_phase(2, "Soviet Movement")
    pocket = _pocket(play)
    if pocket is None:
        raise SystemExit("no hexes for the retreat into a friendly hex")
    x, f, a, c = pocket
    play.move("sov-rifle-85", x)
    play.move("sov-rifle-87", f)
    play.to_phase(2, "German Initial Movement")
    for german, goal in (("ger-xx-6-inf", a), ("ger-xx-26-inf", c)):
        zone = enemy_zoc(play.now, "German")
        start = next((h for h in sorted(GAME.map.area("B", "entry").hexes, key=lambda h: (LAYOUT.distance(h, goal), h))
                      if h not in zone and not play.now.at(h) and play.reaches(german, goal, entering=h)), None)
        if start is None:
            raise SystemExit(f"{german} cannot reach {LAYOUT.name(goal)}")
        play.add(german, start, False)
        play.move(german, goal)
    play.next_phase()
    play.battle(1, [a], x)
    play.flip("sov-rifle-85")
    columns = {combat_odds(play.now, ["ger-xx-6-inf"], x, {"ger-xx-6-inf": True, "sov-rifle-85": supplied},
                           Known()).column for supplied in (True, False)}
    results = {d: {GAME.crt.result(d, c) for c in columns} for d in sorted(GAME.crt.rows)}
    die = next(d for d, found in results.items() if len(found) == 1 and next(iter(found)).endswith("/1"))
    attacker = next(iter(results[die])).split("/")[0]
    play.roll(die)
    play.move("sov-rifle-85", f)
    if attacker == "1":
        place(play, "4-7 strength level", a)     # PGG 9.61
    play.battle(2, [c], f)
    play.flip("sov-rifle-87")
    fighting = Situation(GAME, play.now.turn, play.now.phase_index,
                         {k: u for k, u in play.now.units.items() if k != "sov-rifle-85"})
    column = combat_odds(fighting, ["ger-xx-26-inf"], f, {"ger-xx-26-inf": True, "sov-rifle-87": True},
                         Known()).column
    play.roll(next(d for d in sorted(GAME.crt.rows) if GAME.crt.result(d, column) == "-/E"))
    play.delete("sov-rifle-87")
    if applied != "retreated stays":
        play.delete("sov-rifle-85")
    play.next_phase()
    return play


@scenario
def retreated_into_friends_falls() -> Play:
    """PGG 9.75: the unit that retreated into F is eliminated with F's defender (legal)."""
    return _retreat_into_friends("all")


@scenario
def retreated_into_friends_stays() -> Play:
    """PGG 9.75: the unit that retreated into F stays on the map after F's defender is eliminated."""
    return _retreat_into_friends("retreated stays")


# ------------------------------------------------------- markers and the provisional die (pgg-rules)

PROVISIONAL = entry_die_button("Soviet", GAME.plain_name("soviet_rifle"))
PROVISIONAL_AREAS = next(r.areas for r in GAME.reinforcements if r.areas_by == "die")


def place(play: Play, slot: str, hex_: Hex) -> str:
    """A marker dragged from the palette onto a hex; its reference for later moves."""
    ref = f"@{len(play.actions)}"
    play.actions += [{"add": {"slot": slot, "map": BOARD, "location": LAYOUT.name(hex_)}}, {"step": True}]
    return ref


def provisional(play: Play, key: str, roll: int, area: str | None = None) -> None:
    """PGG 14.11: the entry die thrown with its own button, and a rifle division from the pool put
    on the map untried in the area it names (or in ``area``)."""
    play.actions += [{"dice": {"button": PROVISIONAL, "result": [roll]}}, {"step": True}]
    play.add(key, entry(area or PROVISIONAL_AREAS[roll - 1]), True)


def _full_allowance_path(play: Play, key: str, start: Hex) -> list[Hex]:
    """Single steps from the entry hex ``start``, each a drop, whose cost is more than the
    allowance less one and within it: one interdicted hex on it is one point too many."""
    allowance = Fraction(play.now.units[key].face.movement)  # type: ignore[union-attr, arg-type]
    now = play.now.moved(key, None)
    path = [start]
    while True:
        verdict = movement.movement_check(now, key, path, movement.Allowance(allowance, "scenario"),
                                          entries=frozenset([start]))
        if not verdict.is_legal:
            raise SystemExit(f"no path of {allowance} MP from {LAYOUT.name(start)}")
        cost = verdict.route.cost  # type: ignore[union-attr]
        if cost > allowance - 1:
            return path
        here = path[-1]
        nexts = [h for h in sorted(LAYOUT.neighbours(here), key=lambda h: (-h.row, h.col)) if h in GAME.map.hexes
                 and h not in path and not play.now.at(h) and col(h) >= col(start)
                 and movement.movement_check(now, key, path + [h], movement.Allowance(allowance, "scenario"),
                                             entries=frozenset([start])).is_legal]
        if not nexts:
            raise SystemExit(f"the path from {LAYOUT.name(start)} runs out at {LAYOUT.name(here)}")
        path.append(nexts[0])


def _interdicted_march(slowed: bool) -> Play:
    """Game-Turn 1, before any Soviet move: the German puts Air Interdiction 1 down (PGG 5.0, 13.2);
    the provisional die is thrown and its division enters (PGG 14.11); a 22nd Army division enters
    at V and marches step by step for more than its allowance less one. ``slowed``: the marker is
    on the march's second hex, one Movement Point too many (PGG 13.32); else beside V, off it."""
    play = Play()
    start = entry("V")
    path = _full_allowance_path(play, "sov-rifle-29", start)
    spare = next(h for h in sorted(LAYOUT.neighbours(start)) if h in GAME.map.hexes and h not in path)
    place(play, "Air Interdiction 1", path[2] if slowed else spare)
    provisional(play, "sov-rifle-87", 3)
    play.add("sov-rifle-29", start, True)
    for hex_ in path[1:]:
        play.move("sov-rifle-29", hex_)
    return play


@scenario
def air_interdiction_legal() -> Play:
    """PGG 5.0, 13.2, 14.11: the marker off the march, the provisional division where the die says."""
    return _interdicted_march(False)


@scenario
def air_interdiction_slows() -> Play:
    """PGG 13.32: the Air Interdiction Marker on the march: one Movement Point too many."""
    return _interdicted_march(True)


@scenario
def provisional_wrong_area() -> Play:
    """PGG 14.11: the die names area 3 and the division enters at area 1."""
    play = Play()
    provisional(play, "sov-rifle-87", 3, area=PROVISIONAL_AREAS[0])
    return play


def _rail_path(start: Hex, goal: Hex) -> list[Hex]:
    links = rail_links(GAME)
    previous: dict[Hex, Hex | None] = {start: None}
    queue = [start]
    while queue:
        here = queue.pop(0)
        for there in sorted(links.get(here, ())):
            if there not in previous:
                previous[there] = here
                queue.append(there)
    path = [goal]
    while previous[path[-1]] is not None:
        path.append(previous[path[-1]])  # type: ignore[arg-type]
    return path[::-1]


@scenario
def rail_cut_bars_rail() -> Play:
    """PGG 6.37: in the German Initial Movement Phase of Game-Turn 1 a Rail Cut Marker goes on the
    railroad east of X; on Game-Turn 2 a division entering at X is put down beyond it, too far on
    foot and barred by rail. Each Soviet Movement Phase throws the provisional die (PGG 14.11)."""
    play = Play()
    provisional(play, "sov-rifle-87", 3)
    play.to_phase(1, "German Initial Movement")
    play.now = play.now.moved("sov-rifle-31", entry("X"))
    target = by_rail_only(play, "sov-rifle-31")
    play.now = play.now.moved("sov-rifle-31", None)
    rail = _rail_path(entry("X"), target)
    place(play, "Rail Cut 1", rail[len(rail) // 2])
    play.to_phase(2, "Soviet Movement")
    provisional(play, "sov-rifle-83", 3)
    play.add("sov-rifle-31", entry("X"), True)
    play.move("sov-rifle-31", target)
    return play


def _overrun_then(moves: bool) -> Play:
    """A panzer regiment enters area C on Game-Turn 1 and overruns the Kurochkin stack (20th Army,
    left in hexrow 0100); the German puts a Disrupted marker on the stack (PGG 6.61) and takes the
    Overrun markers off. On Game-Turn 2 the stack moves (``moves``: PGG 6.62) or stays."""
    play = Play()
    provisional(play, "sov-rifle-87", 3)
    play.to_phase(1, "German Initial Movement")
    panzer = "ger-iii-7pz-pz"
    target = play.now.units["sov-ldr-kurochkin"].hex
    assert target is not None
    for gate in sorted(GAME.map.area("C", "entry").hexes):
        if play.now.at(gate):
            continue
        play.add(panzer, gate, False)
        break
    source = next(h for h in sorted(LAYOUT.neighbours(target), key=lambda h: (LAYOUT.distance(h, entry("C")), h))
                  if h in GAME.map.hexes and not play.now.at(h) and play.reaches(panzer, h))
    play.move(panzer, source)
    markers = [place(play, "Overrun 1", source), place(play, "Overrun 1", target)]
    play.roll(4)
    place(play, "Disrupted", target)
    for ref in markers:
        play.actions += [{"delete": {"piece": ref}}, {"step": True}]
    play.to_phase(2, "Soviet Movement")
    provisional(play, "sov-rifle-83", 3)
    if moves:
        away = next(h for h in sorted(LAYOUT.neighbours(target), key=lambda h: (-col(h), h))
                    if h in GAME.map.hexes and not play.now.at(h) and LAYOUT.distance(h, source) > 1)
        play.move_stack("sov-ldr-kurochkin", away)
    play.next_phase()
    return play


@scenario
def disrupted_stack_stays() -> Play:
    """PGG 6.61-6.63: the disrupted stack stays put on Game-Turn 2."""
    return _overrun_then(False)


@scenario
def disrupted_stack_moves() -> Play:
    """PGG 6.62: the disrupted stack moves on Game-Turn 2."""
    return _overrun_then(True)


# ------------------------------------------------------------ overruns (PGG 6.5, round 6: pgg6)

def _reach_cost(play: Play, key: str, entering: Hex, drops: list[Hex]) -> Fraction | None:
    """The Movement Points of the cheapest legal move of a reinforcement put on the map at
    ``entering`` through ``drops`` (None: no legal move within its allowance)."""
    now = play.now.moved(key, None)
    allowance = Fraction(now.units[key].face.movement)  # type: ignore[union-attr, arg-type]
    verdict = movement.movement_check(now, key, [entering] + drops, movement.Allowance(allowance, "scenario"),
                                      entries=frozenset([entering]))
    route = getattr(verdict, "route", None)
    return route.cost if verdict.is_legal and route is not None else None


def _overrun_at_0300(applied: str) -> Play:
    """PGG 6.5: the set-up of _attack_at_0300 (#87, a 0-1-6, and #83, a 0-0-6, on Game-Turn 2 near
    0303), but the 6th Infantry Division (9-7, in supply) overruns them in the German Initial
    Movement Phase instead of attacking in the Combat Phase: 9 halved to 4 against #87's 1 (the
    0-0-6 adds nothing, PGG 12.3), 4-1. ``applied``:

    - "legal": the 6th enters at B and reaches a hex next to them for at most 4 Movement Points
      (7 less the overrun's 3, PGG 6.51); the die gives D2: #83 and #87 removed, the 6th moves into
      the vacated hex (PGG 6.51);
    - "too far": the same, but the 6th goes round by another hex and spends more than 4 Movement
      Points before the overrun (PGG 6.51);
    - "no advance": as "legal", but the 6th stays where it overran from (PGG 6.51);
    - "engaged": the die gives Eng: #87 is eliminated, the 6th loses a step (its 4-7 Strength Level
      Marker) and then moves into the vacated hex, which an engaged overrun forbids (PGG 6.52);
    - "engaged stays": the die gives Eng, the 6th loses a step (its 4-7 marker) and stays (round 8);
    - "engaged no step": the die gives Eng, the 6th stays and no marker shows its step lost (round 8)."""
    play = Play()
    soviets = ["sov-rifle-87", "sov-rifle-83"]
    for key in soviets:
        play.add(key, entry("V"), True)
    first = reachable(play, soviets[0], [h for d in (6, 5, 4) for h in toward(entry("V"), hx("0303"), d)],
                      entering=entry("V"))
    for key in soviets:
        play.move(key, first)
    play.to_phase(2, "Soviet Movement")
    second = next(h for d in (6, 5, 4) for h in toward(first, hx("0303"), d)
                  if col(h) >= 3 and h in GAME.map.hexes and not play.now.at(h) and play.reaches(soviets[0], h))
    for key in soviets:
        play.move(key, second)
    play.to_phase(2, "German Initial Movement")
    german = "ger-xx-6-inf"
    zone = enemy_zoc(play.now, "German")
    gates = sorted((h for h in GAME.map.area("B", "entry").hexes if h not in zone and not play.now.at(h)),
                   key=lambda h: (LAYOUT.distance(h, second), h))
    sides = sorted((h for h in LAYOUT.neighbours(second) if h in GAME.map.hexes and not play.now.at(h)),
                   key=lambda h: (LAYOUT.distance(h, gates[0]), h))
    start, source = next((g, h) for g in gates for h in sides
                         if (c := _reach_cost(play, german, g, [h])) is not None and c <= 4)
    route = [source]
    if applied == "too far":
        route = next([via, source] for via in sorted(LAYOUT.neighbours(start)) + sorted(LAYOUT.neighbours(source))
                     if via in GAME.map.hexes and via not in zone and not play.now.at(via) and via != start
                     and (c := _reach_cost(play, german, start, [via, source])) is not None and 4 < c <= 7)
    play.add(german, start, False)
    for hex_ in route:
        play.move(german, hex_)
    markers = [place(play, "Overrun 1", source), place(play, "Overrun 1", second)]
    for key in soviets:
        play.flip(key)
    fighting = Situation(GAME, play.now.turn, play.now.phase_index,
                         {k: u for k, u in play.now.units.items() if k != "sov-rifle-83"})
    column = combat_odds(fighting, [german], second, {german: True, "sov-rifle-87": True}, Known(),
                         overrun=True).column
    wanted = "eng" if applied.startswith("engaged") else "-/2"
    play.roll(next(d for d in sorted(GAME.crt.rows) if GAME.crt.result(d, column) == wanted))
    for key in soviets:
        play.delete(key)
    if applied in ("engaged", "engaged stays"):
        place(play, "4-7 strength level", source)
    if applied not in ("no advance", "engaged stays", "engaged no step"):
        play.move(german, second)
    for ref in markers:
        play.actions += [{"delete": {"piece": ref}}, {"step": True}]
    play.next_phase()
    return play


@scenario
def overrun_legal() -> Play:
    """PGG 6.51, 6.55: the 6th Infantry overruns #87 and #83 at 4-1 and moves into their hex."""
    return _overrun_at_0300("legal")


@scenario
def overrun_too_far() -> Play:
    """PGG 6.51: more than 4 Movement Points spent before an overrun that costs 3 of 7."""
    return _overrun_at_0300("too far")


@scenario
def overrun_no_advance() -> Play:
    """PGG 6.51: the overrun empties the hex and the 6th does not move into it."""
    return _overrun_at_0300("no advance")


@scenario
def overrun_engaged_moves_on() -> Play:
    """PGG 6.52, 9.67: an engaged overrun, and the 6th moves into the vacated hex all the same."""
    return _overrun_at_0300("engaged")


# ---------------------------------------------- a blocked Provisional Entrance hex (pgg7, PGG 14.12)

def _provisional_blocked(put: Callable[[Play, list[Hex]], Hex]) -> Play:
    """PGG 14.12 on Game-Turn 2: a panzer regiment enters area C on Game-Turn 1 and drives onto
    Provisional Entrance Hex 1; the Soviet die names 1, and the division is put down where ``put``
    says, given the nearest unoccupied hexes toward the east (every reading of the case)."""
    from vmodgen.engine.rules.pgg.provisional import eastward

    play = Play()
    provisional(play, "sov-rifle-87", 3)
    play.to_phase(1, "German Initial Movement")
    panzer = "ger-iii-7pz-pz"
    gate = next(h for h in sorted(GAME.map.area("C", "entry").hexes) if not play.now.at(h))
    play.add(panzer, gate, False)
    area = entry(PROVISIONAL_AREAS[0])
    if not play.reaches(panzer, area):
        raise SystemExit(f"{panzer} does not reach {LAYOUT.name(area)}")
    play.move(panzer, area)
    play.to_phase(2, "Soviet Movement")
    east = sorted(eastward(play.now, frozenset([area]), "Soviet"))
    play.actions += [{"dice": {"button": PROVISIONAL, "result": [1]}}, {"step": True}]
    play.add("sov-rifle-83", put(play, east), True)
    play.next_phase()
    return play


@scenario
def provisional_blocked_east() -> Play:
    """PGG 14.12: the division enters at the nearest hex east of the blocked one that no unit
    occupies and no German zone covers (legal)."""
    def put(play: Play, east: list[Hex]) -> Hex:
        zones = enemy_zoc(play.now, "Soviet")
        return next(h for h in east if not play.now.at(h) and h not in zones)
    return _provisional_blocked(put)


@scenario
def provisional_blocked_too_far() -> Play:
    """PGG 14.12: the division is put down eight hexes further east than the nearest free ones,
    beyond any move of its 6 Movement Points from them."""
    def put(play: Play, east: list[Hex]) -> Hex:
        far = max(LAYOUT.distance(h, entry(PROVISIONAL_AREAS[0])) for h in east) + 8
        return next(h for h in toward(entry(PROVISIONAL_AREAS[0]), entry("X"), far)
                    if col(h) > col(entry(PROVISIONAL_AREAS[0])) and not play.now.at(h))
    return _provisional_blocked(put)


# ------------------------------------------------------ one attack on two hexes (pgg7, PGG 9.23)

def _two_hex_attack(adjacent_to_both: bool) -> tuple[Play, str]:
    """PGG 9.23 on Game-Turn 2 (each Soviet Movement Phase throws the provisional die, PGG 14.11):
    the 0-1-6 Rifle Div #87 and the 1-2-6 #86 enter untried at V on Game-Turn 1 and march toward 0303; on Game-Turn 2 they stop in two hexes side by side (out of
    hexrows 0100-0200, PGG 6.4); the 6th Infantry Division enters area B and attacks both hexes
    in one battle, from a hex beside both (``adjacent_to_both``) or beside only one of them. Both
    are revealed. Returns the play as the die is to be rolled and the CRT result the die is to
    give on every column #86's unknown supply allows (its defense 2 or 1: 9 to 3 or 9 to 2)."""
    play = Play()
    provisional(play, "sov-rifle-83", 3)
    soviets = ["sov-rifle-87", "sov-rifle-86"]
    for key in soviets:
        play.add(key, entry("V"), True)
    first = reachable(play, soviets[0], [h for d in (6, 5, 4) for h in toward(entry("V"), hx("0303"), d)],
                      entering=entry("V"))
    for key in soviets:
        play.move(key, first)
    play.to_phase(2, "Soviet Movement")
    provisional(play, "sov-rifle-84", 3)
    german = "ger-xx-6-inf"
    gates = sorted(GAME.map.area("B", "entry").hexes)
    for distance in (6, 5, 4, 3):
        pairs = [(a, b) for a in toward(first, hx("0303"), distance) for b in sorted(LAYOUT.neighbours(a))
                 if col(a) >= 3 and col(b) >= 3 and a in GAME.map.hexes and b in GAME.map.hexes
                 and not play.now.at(a) and not play.now.at(b)
                 and play.reaches(soviets[0], a) and play.reaches(soviets[1], b)]
        if pairs:
            break
    else:
        raise SystemExit("no two hexes side by side in reach")
    for a, b in pairs:
        after = play.now.moved(soviets[0], a).moved(soviets[1], b)
        zone = enemy_zoc(after, "German")
        near = [c for c in sorted(LAYOUT.neighbours(a)) if c in GAME.map.hexes and not after.at(c)
                and (c in LAYOUT.neighbours(b)) == adjacent_to_both and c != b]
        for c in near:
            starts = [g for g in gates if g not in zone and not after.at(g)]
            saved = play.now
            play.now = after
            start = next((g for g in starts if play.reaches(german, c, entering=g)), None)
            play.now = saved
            if start is not None:
                break
        else:
            continue
        break
    else:
        raise SystemExit("no hex for the 6th Infantry")
    play.move(soviets[0], a)
    play.move(soviets[1], b)
    play.to_phase(2, "German Initial Movement")
    play.add(german, start, False)
    play.move(german, c)
    play.next_phase()
    play.actions += [{"add": {"slot": "Attack 1", "map": BOARD, "location": LAYOUT.name(c)}}, {"step": True}]
    for hex_ in (a, b):
        play.actions += [{"add": {"slot": "Defend 1", "map": BOARD, "location": LAYOUT.name(hex_)}}, {"step": True}]
    for key in soviets:
        play.flip(key)
    columns = {odds_column(GAME, 9, 3), odds_column(GAME, 9, 2)}
    return play, " ".join(sorted(columns))


def _two_hex_die(columns: str, results: tuple[str, ...]) -> tuple[int, str]:
    """The first die whose result is one of ``results`` on every column of ``columns``."""
    for die in sorted(GAME.crt.rows):
        found = {GAME.crt.result(die, c) for c in columns.split()}
        if len(found) == 1 and next(iter(found)) in results:
            return die, next(iter(found))
    raise SystemExit(f"no die gives one of {results} on {columns}")


@scenario
def two_hex_attack_legal() -> Play:
    """PGG 9.23: the 6th Infantry, beside both hexes, attacks them in one battle; the die gives
    the defenders one result on both columns, applied to the two divisions of one step each (De or
    D2: both removed; D1: the 0-1-6 removed)."""
    play, columns = _two_hex_attack(True)
    die, result = _two_hex_die(columns, ("-/E", "-/2", "-/1"))
    play.roll(die)
    play.delete("sov-rifle-87")
    if result != "-/1":
        play.delete("sov-rifle-86")
    _clear_battle_markers(play, 1)
    play.next_phase()
    return play


@scenario
def two_hex_attack_not_adjacent() -> Play:
    """PGG 9.23: the 6th Infantry attacks both hexes from a hex beside only one of them."""
    play, columns = _two_hex_attack(False)
    die, result = _two_hex_die(columns, ("-/E", "-/2", "-/1"))
    play.roll(die)
    play.delete("sov-rifle-87")
    if result != "-/1":
        play.delete("sov-rifle-86")
    _clear_battle_markers(play, 1)
    play.next_phase()
    return play


# ------------------------------------------------- evacuating a Soviet Leader (pgg7, PGG 10.4)

def _surround_kurochkin() -> Play:
    """PGG 10.4: the Kurochkin stack (20th Army) is left in 0111 on Game-Turn 1; two panzer
    regiments enter area C in the German Initial Movement Phase and stop beside it, in two hexes
    whose zones cover every hex around it. Each Soviet Movement Phase throws the provisional die
    (PGG 14.11). Returns the play at the start of Game-Turn 2's Soviet Movement Phase."""
    from vmodgen.engine.rules.pgg.evacuation import free_around

    play = Play()
    provisional(play, "sov-rifle-87", 3)
    play.to_phase(1, "German Initial Movement")
    leader = "sov-ldr-kurochkin"
    target = play.now.units[leader].hex
    assert target is not None
    panzers = ["ger-iii-7pz-pz", "ger-iii-7pz-pzgr1"]
    ring = [h for h in sorted(LAYOUT.neighbours(target)) if h in GAME.map.hexes and not play.now.at(h)]
    gates = sorted(GAME.map.area("C", "entry").hexes)
    for a in ring:
        for b in ring:
            if a >= b:
                continue
            placed = play.now.moved(panzers[0], a).moved(panzers[1], b)
            if free_around(placed, target, "Soviet"):
                continue
            saved, found = play.now, []
            for key, hex_ in zip(panzers, (a, b)):
                gate = next((g for g in gates if not play.now.at(g) and play.reaches(key, hex_, entering=g)), None)
                if gate is None:
                    break
                found.append((key, gate, hex_))
                play.now = play.now.moved(key, hex_)
            play.now = saved
            if len(found) == 2:
                for key, gate, hex_ in found:
                    play.add(key, gate, False)
                    play.move(key, hex_)
                play.to_phase(2, "Soviet Movement")
                provisional(play, "sov-rifle-83", 3)
                return play
    raise SystemExit("no two hexes beside 0111 that the panzers reach and that surround it")


@scenario
def leader_evacuated() -> Play:
    """PGG 10.4: Kurochkin, surrounded, is taken off the map first thing in the phase (legal)."""
    play = _surround_kurochkin()
    play.delete("sov-ldr-kurochkin")
    play.next_phase()
    return play


@scenario
def leader_evacuated_not_surrounded() -> Play:
    """PGG 10.4: Remezov (13th Army, 0125), with no German unit near, is taken off the map."""
    play = _surround_kurochkin()
    play.delete("sov-ldr-remezov")
    play.next_phase()
    return play


# ------------------------------------- a German infantry division's steps in an overrun (PGG 9.61, round 8: pgg8)

@scenario
def overrun_infantry_steps_down() -> Play:
    """PGG 6.52, 9.61, 9.67: an engaged overrun; the 6th's 9-7 is replaced by its 4-7 Strength Level
    Marker and it stays where it overran from (legal)."""
    return _overrun_at_0300("engaged stays")


@scenario
def overrun_infantry_step_not_taken() -> Play:
    """PGG 9.61, 9.67: an engaged overrun; the 6th stays but no Strength Level Marker shows the step
    it must lose."""
    return _overrun_at_0300("engaged no step")


# ------------------------------------------- a 0-1-6 committed to an attack (PGG 12.3, 10.23, round 8: pgg8)

def _committed_0_1_6(retreats: bool) -> Play:
    """PGG 12.3: the 0-1-6 #87 and the 1-2-6 #86 enter untried at V on Game-Turn 1 and march toward
    0303 (PGG 6.4 keeps them out of hexrows 0100-0200); on Game-Turn 2 the 6th Infantry Division
    enters area B and stops two hexes from them. On Game-Turn 3 they step next to it and attack it
    in the Soviet Combat Phase; both are revealed at the die. 1 against 9 is below 1-3 (the book
    does not say: what follows is not judged), but #87, committed untried and revealed a 0-1-6,
    must retreat as a Leader (PGG 10.23): ``retreats``: back to the hex it came from (legal), or it
    stays (PGG 12.3). #86 takes the attacker's step."""
    play = Play()
    soviets = ["sov-rifle-87", "sov-rifle-86"]
    for key in soviets:
        play.add(key, entry("V"), True)
    first = reachable(play, soviets[0], [h for d in (6, 5, 4) for h in toward(entry("V"), hx("0303"), d)],
                      entering=entry("V"))
    for key in soviets:
        play.move(key, first)
    play.to_phase(2, "Soviet Movement")
    second = next(h for d in (6, 5, 4) for h in toward(first, hx("0303"), d)
                  if col(h) >= 4 and h in GAME.map.hexes and not play.now.at(h) and play.reaches(soviets[0], h))
    for key in soviets:
        play.move(key, second)
    play.to_phase(2, "German Initial Movement")
    german = "ger-xx-6-inf"
    zone = enemy_zoc(play.now, "German")
    gates = sorted((h for h in GAME.map.area("B", "entry").hexes if h not in zone and not play.now.at(h)),
                   key=lambda h: (LAYOUT.distance(h, second), h))
    pairs = ((g, h, n) for g in gates for h in sorted(GAME.map.hexes, key=lambda h: (LAYOUT.distance(h, g), h))
             if LAYOUT.distance(h, second) == 2 and not play.now.at(h) and h not in zone
             for n in sorted(LAYOUT.neighbours(h)) if n in LAYOUT.neighbours(second) and col(n) >= 3
             and n in GAME.map.hexes and not play.now.at(n))
    start, stand, near = next((g, h, n) for g, h, n in pairs if play.reaches(german, h, entering=g))
    play.add(german, start, False)
    play.move(german, stand)
    play.to_phase(3, "Soviet Movement")
    for key in soviets:
        play.move(key, near)
    play.to_phase(3, "Soviet Combat")
    play.battle(1, [near], stand)
    for key in soviets:
        play.flip(key)
    play.roll(1)
    play.delete("sov-rifle-86")
    if retreats:
        play.move("sov-rifle-87", second)
    _clear_battle_markers(play, 1)
    play.next_phase()
    return play


@scenario
def committed_0_1_6_retreats() -> Play:
    """PGG 12.3, 10.23: the 0-1-6 committed to an attack retreats to the hex it came from (legal)."""
    return _committed_0_1_6(True)


@scenario
def committed_0_1_6_stays() -> Play:
    """PGG 12.3: the 0-1-6 committed to an attack stays in its hex."""
    return _committed_0_1_6(False)


# ----------------------------------------------- an overrunner's retreat (PGG 6.52, 9.71, round 8: pgg8)

def _overrun_repulsed(into_zone: bool) -> Play:
    """PGG 6.52, 9.65, 9.71: #85 (6-8-6), #86 (1-2-6) and #87 (0-1-6) march from V as in
    _overrun_at_0300; on Game-Turn 2 the 6th Infantry Division enters area B, reaches a hex next to
    them for at most 4 Movement Points and overruns them: 9 halved to 4 against 11, 1-3 (their
    supply is not known: out of it, halved, 1-2); the die is the first that gives A1 on both
    columns. The 6th retreats one hex (PGG 9.65): ``into_zone``: into a hex next to them (their
    zone of control, PGG 9.71), else into one out of every Soviet zone (legal)."""
    play = Play()
    soviets = ["sov-rifle-85", "sov-rifle-86", "sov-rifle-87"]
    for key in soviets:
        play.add(key, entry("V"), True)
    first = reachable(play, soviets[0], [h for d in (6, 5, 4) for h in toward(entry("V"), hx("0303"), d)],
                      entering=entry("V"))
    for key in soviets:
        play.move(key, first)
    play.to_phase(2, "Soviet Movement")
    second = next(h for d in (6, 5, 4) for h in toward(first, hx("0303"), d)
                  if col(h) >= 3 and h in GAME.map.hexes and not play.now.at(h) and play.reaches(soviets[0], h))
    for key in soviets:
        play.move(key, second)
    play.to_phase(2, "German Initial Movement")
    german = "ger-xx-6-inf"
    zone = enemy_zoc(play.now, "German")
    gates = sorted((h for h in GAME.map.area("B", "entry").hexes if h not in zone and not play.now.at(h)),
                   key=lambda h: (LAYOUT.distance(h, second), h))
    sides = sorted((h for h in LAYOUT.neighbours(second) if h in GAME.map.hexes and not play.now.at(h)),
                   key=lambda h: (LAYOUT.distance(h, gates[0]), h))
    start, source = next((g, h) for g in gates for h in sides
                         if (c := _reach_cost(play, german, g, [h])) is not None and c <= 4)
    play.add(german, start, False)
    play.move(german, source)
    markers = [place(play, "Overrun 1", source), place(play, "Overrun 1", second)]
    for key in soviets:
        play.flip(key)
    supplied = {k: True for k in soviets + [german]}
    column = combat_odds(play.now, [german], second, supplied, Known(), overrun=True).column
    unsupplied = combat_odds(play.now, [german], second, {**supplied, **{k: False for k in soviets}}, Known(),
                             overrun=True).column
    play.roll(next(d for d in sorted(GAME.crt.rows)
                   if GAME.crt.result(d, column) == GAME.crt.result(d, unsupplied) == "1/-"))
    away = [h for h in sorted(LAYOUT.neighbours(source)) if h in GAME.map.hexes and not play.now.at(h)
            and (h in zone) == into_zone and (LAYOUT.distance(h, second) == 1) == into_zone]
    play.move(german, away[0])
    for ref in markers:
        play.actions += [{"delete": {"piece": ref}}, {"step": True}]
    play.next_phase()
    return play


@scenario
def overrun_retreat_legal() -> Play:
    """PGG 9.65: the repulsed 6th retreats one hex out of every Soviet zone of control (legal)."""
    return _overrun_repulsed(False)


@scenario
def overrun_retreat_into_zone() -> Play:
    """PGG 9.71: the repulsed 6th retreats one hex into #85's zone of control."""
    return _overrun_repulsed(True)


# ----------------------------------------------- two overruns by one unit (PGG 6.51, 6.54, 6.56, round 8: pgg8)

def _dislodging_die(play: Play, german: str, soviet: str, target: Hex) -> int:
    """The first die whose result is D2 or De against ``soviet`` in or out of supply."""
    supplied = {german: True, soviet: True}
    columns = {combat_odds(play.now, [german], target, {**supplied, soviet: ok}, Known(), overrun=True).column
               for ok in (True, False)}
    return next(d for d in sorted(GAME.crt.rows) if all(GAME.crt.result(d, c) in ("-/2", "-/E") for c in columns))


def _overrun_twice(detour: bool) -> Play:
    """PGG 6.51, 6.54, 6.56: #87 (0-1-6) and #86 (1-2-6) march from V and stand in two hexes side by
    side on Game-Turn 2; the 6th Infantry Division enters area B and stops out of their zones. On
    Game-Turn 3 (Movement Allowance 7, in supply) it moves one hex next to #87 (1 MP), overruns it
    (3 MP, 4 against 1), enters the emptied hex (no cost; in #86's zone) and overruns #86 from there
    (3 MP, 4 against 2), then enters that hex: 7 MP. ``detour``: it reaches the first hex by way of
    another, 2 MP or more: 8 or more (PGG 6.51, at the second overrun's die)."""
    play = Play()
    soviets = ["sov-rifle-87", "sov-rifle-86"]
    for key in soviets:
        play.add(key, entry("V"), True)
    first = reachable(play, soviets[0], [h for d in (6, 5, 4) for h in toward(entry("V"), hx("0303"), d)],
                      entering=entry("V"))
    for key in soviets:
        play.move(key, first)
    play.to_phase(2, "Soviet Movement")
    second = next(h for d in (6, 5, 4) for h in toward(first, hx("0303"), d)
                  if col(h) >= 3 and h in GAME.map.hexes and not play.now.at(h) and play.reaches(soviets[0], h))
    play.move(soviets[0], second)
    third = reachable(play, soviets[1], [h for h in sorted(LAYOUT.neighbours(second))
                                         if col(h) >= 3 and h in GAME.map.hexes and not play.now.at(h)])
    play.move(soviets[1], third)
    play.to_phase(2, "German Initial Movement")
    german = "ger-xx-6-inf"
    zone = enemy_zoc(play.now, "German")
    gates = sorted((h for h in GAME.map.area("B", "entry").hexes if h not in zone and not play.now.at(h)),
                   key=lambda h: (LAYOUT.distance(h, second), h))

    def one_mp(stand: Hex, drops: list[Hex]) -> Fraction | None:
        now = play.now.moved(german, stand)
        verdict = movement.movement_check(now, german, drops, movement.Allowance(Fraction(7), "scenario"))
        route = getattr(verdict, "route", None)
        return route.cost if verdict.is_legal and route is not None else None

    found = None
    for stand in sorted((h for h in GAME.map.hexes if h not in zone and not play.now.at(h)
                         and 2 <= LAYOUT.distance(h, second) <= 3), key=lambda h: (LAYOUT.distance(h, gates[0]), h)):
        sources = [n for n in sorted(LAYOUT.neighbours(stand)) if n in LAYOUT.neighbours(second)
                   and n not in LAYOUT.neighbours(third) and not play.now.at(n) and one_mp(stand, [n]) == 1]
        gate = next((g for g in gates if play.reaches(german, stand, entering=g)), None)
        if sources and gate is not None:
            found = (gate, stand, sources[0])
            break
    assert found is not None, "no hex for the 6th to stand in"
    gate, stand, source = found
    play.add(german, gate, False)
    play.move(german, stand)
    play.to_phase(3, "German Initial Movement")
    route = [source]
    if detour:
        route = next([via, source] for via in sorted(LAYOUT.neighbours(stand)) if via in GAME.map.hexes
                     and via not in zone and not play.now.at(via) and (c := one_mp(stand, [via, source])) is not None
                     and c >= 2)
    for hex_ in route:
        play.move(german, hex_)
    for number, (attack_from, target, soviet) in enumerate(((source, second, soviets[0]),
                                                            (second, third, soviets[1])), start=1):
        markers = [place(play, f"Overrun {number}", attack_from), place(play, f"Overrun {number}", target)]
        play.flip(soviet)
        play.roll(_dislodging_die(play, german, soviet, target))
        play.delete(soviet)
        play.move(german, target)
        for ref in markers:
            play.actions += [{"delete": {"piece": ref}}, {"step": True}]
    play.next_phase()
    return play


@scenario
def overrun_twice_legal() -> Play:
    """PGG 6.51, 6.54: two overruns by the 6th Infantry in one phase, 7 of its 7 Movement Points."""
    return _overrun_twice(False)


@scenario
def overrun_twice_too_far() -> Play:
    """PGG 6.51: the same two overruns after a detour: more Movement Points than the 6th has."""
    return _overrun_twice(True)


def main() -> None:
    for name, build in SCENARIOS.items():
        play = build()
        (HERE / f"{name}.json").write_text(json.dumps({"player_name": "tester", "actions": play.actions}, indent=0)
                                           + "\n", encoding="utf-8")
        print(f"{name}.json: {len(play.actions) // 2} steps")


if __name__ == "__main__":
    main()
