"""Scenario logs for the WB-95 movement checks of Korsun 1944 (phases, set-up, reinforcements,
stacking, zones of control, strategic movement). Each scenario writes ``<name>.json``, an ``oracle
write`` script; make_logs.py has the engine turn it into ``<name>.vlog``;
tests/rules/wb95/test_engine_logs.py says what the checker must find in each and why.

Every script starts from the module's default set-up ("Korsuń 1944", turn 1, Air Phase 1). Hexes
that must be in or out of an enemy zone are picked with the checker's own zone rule
(engine/rules/wb95/zoc.py) on the data, so that the scripts follow the data when the map changes.

    python tests/data/checks/korsun-1944/scenarios.py
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.wb95.movement import cheapest_way
from vmodgen.engine.rules.wb95.restrictions import binding
from vmodgen.engine.rules.wb95.scenario import scenario_games
from vmodgen.engine.rules.wb95.zoc import enemy_hexes, enemy_zoc

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
GAME = load_game(REPO / "games" / "korsun-1944")
LAYOUT = GAME.map.layout
BOARD = GAME.map.board
PHASES = [p.name for p in GAME.phases]
DEFAULT = scenario_games(GAME)[0]      # "Korsuń 1944", the module's default set-up
STRATEGIC_MARKER = next(m.name for m in GAME.markers if m.kind == "StrategicMovement")


class Play:
    """A script being written, with the position it leaves (to pick the next move)."""

    def __init__(self) -> None:
        units = {c.id: UnitState(c, c.setup if c.role == "setup" else None) for c in GAME.counters}
        self.now = Situation(GAME, 1, 0, units)
        self.actions: list[dict] = []

    def move(self, key: str, hex_: Hex) -> None:
        self.actions += [{"move": {"piece": GAME.counter(key).name, "map": BOARD, "location": LAYOUT.name(hex_)}},
                         {"step": True}]
        self.now = self.now.moved(key, hex_)

    def mark_strategic(self, key: str) -> None:
        """Covers the unit's hex with a Strategic Movement marker from the palette (12.1.4, 2.2
        Phase 3: in its side's Movement Phase)."""
        self.actions += [{"add": {"slot": STRATEGIC_MARKER, "map": BOARD, "location": LAYOUT.name(self.hex_of(key))}},
                         {"step": True}]

    def next_phase(self) -> None:
        self.actions += [{"turn": "next"}, {"step": True}]
        index, turn = self.now.phase_index + 1, self.now.turn
        if index == len(PHASES):
            index, turn = 0, turn + 1
        self.now = Situation(GAME, turn, index, self.now.units)

    def to_phase(self, turn: int, phase: str) -> None:
        while (self.now.turn, PHASES[self.now.phase_index]) != (turn, phase):
            self.next_phase()

    def hex_of(self, key: str) -> Hex:
        hex_ = self.now.units[key].hex
        assert hex_ is not None, key
        return hex_

    def free_step(self, key: str) -> Hex:
        """A neighbour of the unit's hex in no enemy zone, holding no unit."""
        side = GAME.counter(key).side
        zones, enemy = enemy_zoc(self.now, side), enemy_hexes(self.now, side)
        for hex_ in sorted(LAYOUT.neighbours(self.hex_of(key))):
            if hex_ in GAME.map.hexes and hex_ not in zones and hex_ not in enemy and not self.now.at(hex_):
                return hex_
        raise SystemExit(f"{key}: no free neighbour")

    def zone_hex_near(self, key: str) -> tuple[Hex, Hex]:
        """An empty hex in an enemy zone near the unit, and an empty hex next to it out of every zone."""
        side = GAME.counter(key).side
        zones, enemy = enemy_zoc(self.now, side), enemy_hexes(self.now, side)
        start = self.hex_of(key)
        for hex_ in sorted(zones, key=lambda h: (LAYOUT.distance(start, h), h)):
            if hex_ in enemy or self.now.at(hex_) or hex_ not in GAME.map.hexes:
                continue
            beyond = [n for n in sorted(LAYOUT.neighbours(hex_)) if n in GAME.map.hexes and n not in enemy
                      and not self.now.at(n)]
            if beyond:
                return hex_, beyond[0]
        raise SystemExit(f"{key}: no zone hex near")


def may_move(play: Play, key: str) -> bool:
    """No scenario note holds the unit this turn (Korsuń 1944: the 1st Ukraine Front moves from turn 3)."""
    return binding(DEFAULT, key, play.now.turn) is None


def in_zone(play: Play, key: str) -> bool:
    return play.hex_of(key) in enemy_zoc(play.now, GAME.counter(key).side)


def area_hex(name: str) -> Hex:
    return sorted(GAME.map.area(name, "entry").hexes)[0]


SCENARIOS: dict[str, Callable[[], Play]] = {}


def scenario(function: Callable[[], Play]) -> Callable[[], Play]:
    SCENARIOS[function.__name__.replace("_", "-")] = function
    return function


def first_unit(play: Play, side: str, *, zone: bool) -> str:
    """The first unit (by id) of ``side`` on the map, other than an HQ, in (or out of) an enemy zone,
    that the scenario notes let move this turn."""
    for key, unit in sorted(play.now.on_map(side)):
        if play.now.unit_type(key).unit_class in ("hq", "static", "towed_artillery") or not may_move(play, key):
            continue
        if in_zone(play, key) == zone:
            return key
    raise SystemExit(f"no {side} unit {'in' if zone else 'out of'} an enemy zone")


@scenario
def move_legal() -> Play:
    """Turn 1 played by the rules the movement checks judge: the German 34 INF's counters swap
    their set-up hexes (its line names both, Setup Aid); a Soviet unit out of every German zone
    steps one hex into no zone in the Soviet Movement Phase, another in the Soviet Strategic
    Movement Phase (12.2); 14 ARM's counters, due on turn 1 in zone E, enter there in the German
    Movement Phase, one in zone D (11.2.1: an adjacent zone); a German unit steps into no zone."""
    play = Play()
    a, b = play.hex_of("ger-34-1"), play.hex_of("ger-34-2")
    play.move("ger-34-1", b)
    play.move("ger-34-2", a)
    play.to_phase(1, "Soviet Movement")
    mover = first_unit(play, "Soviet", zone=False)
    play.move(mover, play.free_step(mover))
    strategic = next(k for k, _ in sorted(play.now.on_map("Soviet")) if k != mover and not in_zone(play, k)
                     and play.now.unit_type(k).unit_class not in ("hq", "static", "towed_artillery")
                     and may_move(play, k))
    play.mark_strategic(strategic)
    play.to_phase(1, "Soviet Strategic Movement")
    play.move(strategic, play.free_step(strategic))
    play.to_phase(1, "German Movement")
    play.move("ger-14-1", area_hex("E"))
    play.move("ger-14-2", area_hex("E"))
    play.move("ger-14-3", area_hex("D"))
    mover = first_unit(play, "German", zone=False)
    play.move(mover, play.free_step(mover))
    play.to_phase(2, PHASES[0])
    return play


@scenario
def phase_ownership() -> Play:
    """WB95 2.1.2: a Soviet unit moves in the Air Phase (7), a German unit in the Soviet Movement
    Phase; nothing else moves."""
    play = Play()
    play.to_phase(1, "Soviet Movement")
    german = first_unit(play, "German", zone=False)
    play.move(german, play.free_step(german))
    play.to_phase(1, "Air (Phase 7)")
    soviet = first_unit(play, "Soviet", zone=False)
    play.move(soviet, play.free_step(soviet))
    play.next_phase()
    return play


@scenario
def set_up_off_line() -> Play:
    """WB95 set-up: before the tracker first advances, 34 INF (1) goes to a hex of 198 INF's line
    (off its own), 88 INF (1) to another hex of its own line (legal), and 108/14 ARM-R, a turn 1
    reinforcement, is put on the map."""
    play = Play()
    play.move("ger-34-1", play.hex_of("ger-198-3"))
    play.move("ger-88-1", play.hex_of("ger-88-2"))
    play.move("ger-14-1", play.hex_of("ger-hq-xi"))
    play.next_phase()
    return play


@scenario
def reinforcements_wrong() -> Play:
    """WB95 11.1: in the German Movement Phase of turn 1, 11 ARM (1), due on turn 2, enters in its
    zone E (11.1.1); 103/14 ARM, due now in E, enters in zone A, four zones away (11.1.2); 108/14
    ARM-R enters in zone E, legally. III/36/14 ARM enters in the Soviet Movement Phase (11.1.3)."""
    play = Play()
    play.to_phase(1, "Soviet Movement")
    play.move("ger-14-3", area_hex("E"))
    play.to_phase(1, "German Movement")
    play.move("ger-11-1", area_hex("E"))
    play.move("ger-14-2", area_hex("A"))
    play.move("ger-14-1", area_hex("E"))
    play.next_phase()
    return play


@scenario
def zoc_and_enemy_hexes() -> Play:
    """WB95 4.2.1: a Soviet unit out of every zone is dropped in a German zone, then on beyond it;
    WB95 3.1.8: another Soviet unit is dropped on the hex of the nearest German regular unit."""
    play = Play()
    play.to_phase(1, "Soviet Movement")
    runner = first_unit(play, "Soviet", zone=False)
    stop, beyond = play.zone_hex_near(runner)
    play.move(runner, stop)
    play.move(runner, beyond)
    raider = next(k for k, _ in sorted(play.now.on_map("Soviet")) if k != runner and regular(play, k)
                  and may_move(play, k))
    start = play.hex_of(raider)
    target = min((u.hex for k, u in play.now.on_map("German") if regular(play, k)),
                 key=lambda h: (LAYOUT.distance(start, h), h))
    play.move(raider, target)
    play.next_phase()
    return play


def regular(play: Play, key: str) -> bool:
    return play.now.unit_type(key).unit_class not in ("hq", "static", "towed_artillery", "marker")


@scenario
def strategic_wrong() -> Play:
    """WB95 12.1.2: a Soviet unit moves in the Movement Phase and again in the Strategic Movement
    Phase; 12.2.2: a unit out of every zone moves strategically into one. 12.2.1: a German unit
    moves next to a Soviet unit in the German Movement Phase; in turn 2's Soviet Strategic
    Movement Phase that Soviet unit, in its zone, moves."""
    play = Play()
    play.to_phase(1, "Soviet Movement")
    twice = first_unit(play, "Soviet", zone=False)
    play.move(twice, play.free_step(twice))
    play.to_phase(1, "Soviet Strategic Movement")
    play.move(twice, play.free_step(twice))
    into = next(k for k, _ in sorted(play.now.on_map("Soviet")) if k != twice and not in_zone(play, k)
                and regular(play, k) and may_move(play, k))
    stop, _ = play.zone_hex_near(into)
    play.move(into, stop)
    play.to_phase(1, "German Movement")
    german = first_unit(play, "German", zone=False)
    stop, _ = play.zone_hex_near(german)
    play.move(german, stop)
    engaged = next(k for k, _ in sorted(play.now.on_map("Soviet")) if k not in (twice, into) and regular(play, k)
                   and in_zone(play, k) and may_move(play, k))
    play.to_phase(2, "Soviet Strategic Movement")
    side_hexes = enemy_hexes(play.now, "Soviet")
    step = next(h for h in sorted(LAYOUT.neighbours(play.hex_of(engaged)))
                if h in GAME.map.hexes and h not in side_hexes and not play.now.at(h))
    play.move(engaged, step)
    play.next_phase()
    return play


@scenario
def strategic_unmarked() -> Play:
    """WB95 12.1.4: in the Soviet Movement Phase of turn 1 a Strategic Movement marker covers one
    Soviet unit out of every zone; in the Strategic Movement Phase that unit steps a hex (legal),
    another moves with no marker (a finding), and a third has a marker put on it in the Strategic
    Movement Phase itself, then moves (a finding: units are marked in the Movement Phase)."""
    play = Play()
    free = [k for k, _ in sorted(play.now.on_map("Soviet")) if not in_zone(play, k) and regular(play, k)
            and may_move(play, k)]
    marked, unmarked, late = free[0], free[1], free[2]
    play.to_phase(1, "Soviet Movement")
    play.mark_strategic(marked)
    play.to_phase(1, "Soviet Strategic Movement")
    play.move(marked, play.free_step(marked))
    play.move(unmarked, play.free_step(unmarked))
    play.mark_strategic(late)
    play.move(late, play.free_step(late))
    play.next_phase()
    return play


@scenario
def within_one_zone() -> Play:
    """WB95 4.2.3: a Soviet unit stops in the zone of one German unit alone in turn 1 (legal,
    4.2.1); in turn 2 it moves to an adjacent hex in that unit's zone alone."""
    play = Play()
    play.to_phase(1, "Soviet Movement")
    zones, enemy = enemy_zoc(play.now, "Soviet"), enemy_hexes(play.now, "Soviet")

    def single(hex_: Hex) -> bool:
        return hex_ in GAME.map.hexes and hex_ not in enemy and not play.now.at(hex_) and len(zones.get(hex_, [])) == 1

    mover = first_unit(play, "Soviet", zone=False)
    start = play.hex_of(mover)
    stop, step = min(((h, n) for h in zones if single(h) for n in sorted(LAYOUT.neighbours(h))
                      if single(n) and zones[n] == zones[h]), key=lambda p: (LAYOUT.distance(start, p[0]), p))
    play.move(mover, stop)
    play.to_phase(2, "Soviet Movement")
    play.move(mover, step)
    play.next_phase()
    return play


@scenario
def stacking_ten_counters() -> Play:
    """WB95 3.2.1: XX ARM's five counters join XXIX ARM's five (5 Guards Armored Army, 2nd Ukraine
    Front: free to move on turn 1): ten counters, at least 10 CELs whatever their reverses, at the
    end of the Soviet Movement Phase."""
    play = Play()
    play.to_phase(1, "Soviet Movement")
    target = play.hex_of(next(k for k in sorted(play.now.units) if GAME.counter(k).formation == "XXIX ARM"))
    for key in sorted(k for k in play.now.units if GAME.counter(k).formation == "XX ARM"):
        play.move(key, target)
    play.next_phase()
    return play


@scenario
def stacking_five_counters() -> Play:
    """WB95 3.2.1: four Soviet infantry divisions, each alone in its hex, join a fifth, the one
    with the most such divisions near it: five counters, 5 to 10 CELs with the book's data (not
    checked), 10 with the test owner values (two CELs each: over 8)."""
    play = Play()
    play.to_phase(1, "Soviet Movement")
    alone = [k for k, u in sorted(play.now.on_map("Soviet")) if play.now.unit_type(k).unit_class == "non_motorized"
             and len(play.now.at(u.hex)) == 1]

    def near(key: str) -> list[str]:
        return sorted((k for k in alone if k != key), key=lambda k: (LAYOUT.distance(play.hex_of(k), play.hex_of(key)), k))

    host = min(alone, key=lambda k: (sum(LAYOUT.distance(play.hex_of(o), play.hex_of(k)) for o in near(k)[:4]), k))
    target = play.hex_of(host)
    for key in near(host)[:4]:
        play.move(key, target)
    play.next_phase()
    return play


def costed(play: Play, key: str, lowest: Fraction, highest: Fraction | None) -> Hex:
    """The nearest empty hex out of every enemy zone whose cheapest way (the checker's costing)
    costs the unit between ``lowest`` and ``highest`` MPs."""
    side = GAME.counter(key).side
    zones, enemy = enemy_zoc(play.now, side), enemy_hexes(play.now, side)
    unit_type = play.now.unit_type(key)
    start = play.hex_of(key)
    for hex_ in sorted(LAYOUT.within(start, 8), key=lambda h: (LAYOUT.distance(start, h), h)):
        if LAYOUT.distance(start, hex_) < 2 or hex_ not in GAME.map.hexes or hex_ in zones or hex_ in enemy \
                or play.now.at(hex_):
            continue
        cost, path = cheapest_way(GAME, unit_type.movement_class, unit_type.unit_class, start, [hex_], zones, enemy)
        if path is not None and lowest <= cost and (highest is None or cost <= highest):
            return hex_
    raise SystemExit(f"{key}: no hex costing {lowest}-{highest}")


@scenario
def movement_allowance() -> Play:
    """WB95 3.1.13 in the Soviet Movement Phase: HQ 52 Army (10 MPs, 9.1.2: the book's value)
    moves to a hex costing at most 9 MPs, HQ 53 Army to one costing over 12 (its 10 and the side
    road's extra hex, note 2, are not enough). 294 INF moves to a hex costing over 6: its MPs are
    unknown in the book (not checked), 4 in the test values (a finding resting on them)."""
    play = Play()
    play.to_phase(1, "Soviet Movement")
    play.move("sov-52-hq", costed(play, "sov-52-hq", Fraction(4), Fraction(9)))
    play.move("sov-53-hq", costed(play, "sov-53-hq", Fraction(13), None))
    play.move("sov-52-294", costed(play, "sov-52-294", Fraction(6), None))
    play.next_phase()
    return play


@scenario
def front_early() -> Play:
    """Korsuń 1944 Scenario Notes (WB95 scenario notes): the 1st Ukraine Front moves from turn 3.
    On turn 1 a 40 Army unit steps one hex in the Soviet Movement Phase (a finding) and a 2nd
    Ukraine Front unit too (legal); on turn 2 a V MOT counter (6 Armored Army) steps in the Soviet
    Strategic Movement Phase (a finding); on turn 3 a 27 Army unit steps (legal). Every step is
    into no enemy zone, from none."""
    play = Play()

    def step(formation: str) -> None:
        key = next(k for k, _ in sorted(play.now.on_map("Soviet")) if GAME.counter(k).formation == formation
                   and regular(play, k) and not in_zone(play, k))
        play.move(key, play.free_step(key))

    play.to_phase(1, "Soviet Movement")
    step("40 Army")
    step("52 Army")
    play.to_phase(2, "Soviet Movement")
    v_mot = next(k for k, _ in sorted(play.now.on_map("Soviet")) if GAME.counter(k).formation == "V MOT"
                 and regular(play, k) and not in_zone(play, k))
    play.mark_strategic(v_mot)
    play.to_phase(2, "Soviet Strategic Movement")
    step("V MOT")
    play.to_phase(3, "Soviet Movement")
    step("27 Army")
    play.next_phase()
    return play


def write_scripts(scenarios: dict[str, Callable[[], Play]]) -> None:
    """Each scenario's oracle script, ``<name>.json`` beside this file."""
    for name, make in scenarios.items():
        play = make()
        (HERE / f"{name}.json").write_text(json.dumps({"player_name": "tester", "actions": play.actions}, indent=0)
                                           + "\n", encoding="utf-8")
        print(f"{name}.json: {len(play.actions) // 2} actions")


def main() -> None:
    write_scripts(SCENARIOS)


if __name__ == "__main__":
    main()
