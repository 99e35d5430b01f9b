"""Random legal play of an Army Group South game, judged from the rulebook alone: the bar the
checker is measured by. Every game-specific value (sides, phases, allowances, terrain costs,
set-up, reinforcements, rail, weather, stacking) comes from ``games/<id>/``; ``use(id)`` picks
the game (Kiev by default, whose games are unchanged by the move here from tests/data/checks/kiev).

A seeded player plays whole Game-Turns as ``oracle write`` actions: reinforcements on their
turn in their entry areas, foot moves, rail moves, battles declared with their markers, the
die rolled, the CRT result applied exactly, retreats and advances, and the turn tracker
advanced phase by phase. It plays only what is *evidently* legal, so that its judgement cannot
share a mistake with the checker's (it imports nothing from engine/rules or engine/check; it
reads the game data through engine/model and hex geometry through engine/hexes):

* A move pays its hex terrain cost and never crosses a hexside feature (no river question);
  roads only make moves cheaper (AGS 10.23), so ignoring them prices a move at its most.
  It spends at most half the allowance, rounded down (AGS 5.25, 12.21: legal in supply or not),
  except the Soviets on a first Game-Turn the data puts them all in supply (Kiev 19.85); bad
  weather divides it again by what the data says it multiplies costs or divides allowances by
  (Rostov 20.22, Operation Star 19.7, Kiev and Korsun mud).
* Enemy zones of control are taken as every hex next to an enemy unit (AGS 8.12 can only make
  them smaller): a unit that starts next to an enemy does not move (5.24; so no disengagement,
  delay or overrun question arises), a path passes only hexes next to no enemy (5.23), and
  only combat units end next to one (11.23 for HQs).
* Stacks stay within the limits at every moment (AGS 7.0, 11.22, and the data's corps rules:
  Operation Star 19.8, Korsun 24.12).
* Game-specific movement limits the data states are kept: Operation Star 21.14 (Soviet combat
  units move only westward, legal in either mode, 21.21), 21.22 (in the Soviet Mechanized
  Movement Phase only units evidently in supply through an HQ's line, all HQs staying OFF, so
  offensive, 21.0-21.2; the others stay put; no Soviet attack, so 21.11 and 21.23 never arise),
  Korsun 21.1-21.2 (German units stay within their distance of their set-up on the first
  Game-Turns).
* Reinforcements come on in the Initial Movement Phase of their Game-Turn (AGS 15.0) on an
  entry hex of their area (the data's entry-hex kinds), moving on only when the entry hexes
  are full; a rail side's reinforcement on a railroad entry hex may ride on by rail.
* Rail (the data's rail sides, Initial Movement Phase, AGS 5.3x): along railroad hexsides,
  through rail hexes next to no enemy unit, from a hex next to none, at most the data's rail
  hexes, at most half the data's units (weighted as the data says) per Game-Turn, and no foot
  movement after it.
* Battles (only a side whose attacks need no HQ line, AGS 9.15: the German or Axis player):
  one stack without HQ or leader against one hex of tried enemy units, in clear terrain with
  no hexside feature between, not a city (so no terrain bonus). Supply is traced where it is
  evident (a line through no enemy zone, across no river the chart says blocks it); where it
  is not, both full and halved strength are taken. The die is rolled with the seeded generator;
  a battle is declared only when that roll gives the same result on every column the
  strengths could make (else the player thinks better of it, and the log never shows the
  roll). Results: defender steps lost or a retreat of exactly N hexes into vacant hexes next to
  no attacking unit, chosen at random (9.66); attacker step losses flip a full-strength unit or
  take a last step (9.67: after the defender's, 9.68); ENG both (9.69); then maybe an advance
  along the path of retreat (9.81-9.85) before the markers are removed.

The game is a list of phases, each a list of events (one player decision each, with its
``oracle write`` actions and what it did), so that random_mutate.py can plant one illegal
change into it. Seeded: a seed gives the same game.

    python tests/data/checks/random_play.py [--game kiev] --seed 7 --turns 3 [--no-battles] > game.json
"""

from __future__ import annotations

import argparse
import csv
import heapq
import json
import random
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[3]

from vmodgen.engine.hexes import Hex  # noqa: E402
from vmodgen.engine.model.loader import load_game  # noqa: E402
from vmodgen.engine.model.units import Counter  # noqa: E402

COMMAND_CLASSES = ("hq", "leader")
NON_COMBAT_CLASSES = (*COMMAND_CLASSES, "marker")

# The game being played: set by use() (module state, so that random_mutate.py and the scripts
# that import both see one game).
GAME: Any = None
MAP: Any = None
LAYOUT: Any = None
ROADS: set[Hex] = set()
RAILS: set[Hex] = set()
COUNTERS: dict[str, Counter] = {}
_GAMES: dict[Path, Any] = {}


def use(game_id: str, games: Path | None = None) -> None:
    """Play ``games/<game_id>`` from now on (from another games folder when given: one with TEST
    owner values, say, so that the generator knows strengths the book does not print)."""
    global GAME, MAP, LAYOUT, ROADS, RAILS, COUNTERS
    folder = (games or REPO / "games") / game_id
    if folder not in _GAMES:
        _GAMES[folder] = load_game(folder)
    GAME = _GAMES[folder]
    MAP = GAME.map
    LAYOUT = MAP.layout
    ROADS = MAP.hexes_with_line("road")
    RAILS = MAP.hexes_with_line("railroad")
    COUNTERS = {c.id: c for c in GAME.counters}


def opt(name: str, default: Any = None) -> Any:
    """A rule parameter of the game's data, or ``default`` where the game has none."""
    return GAME.rules[name].value if name in GAME.rules else default


def case(mechanism: str) -> str:
    """The case that states a mechanism for this game (its data's ``game_cases``)."""
    return opt("game_cases", {})[mechanism]


use("kiev")


# -- state -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Unit:
    id: str
    hex: Hex | None          # None: off the map (waiting, or eliminated)
    back: bool               # showing its back (reduced or untried)
    gone: bool = False       # eliminated
    lost: int = 0            # steps lost down a Strength Level ladder (PGG 9.61): a marker shows them

    @property
    def counter(self) -> Counter:
        return COUNTERS[self.id]

    @property
    def side(self) -> str:
        return self.counter.side

    @property
    def unit_class(self) -> str:
        return GAME.unit_types[self.counter.type].unit_class

    @property
    def is_combat(self) -> bool:
        return self.unit_class not in NON_COMBAT_CLASSES

    @property
    def is_marker(self) -> bool:
        """A supply counter or the like (Rostov 23.13): no zone of control, no combat, no
        stacking; the generator brings it on and leaves it."""
        return self.unit_class == "marker"

    @property
    def untried(self) -> bool:
        return self.back and self.counter.back_kind == "untried"

    def face(self) -> Any:
        return self.counter.face(self.back)

    @property
    def known(self) -> bool:
        """Whether the face it shows has all its values in the data (some reduced sides are
        not transcribed yet: the generator neither moves nor fights with such a unit). A unit
        down its Strength Level ladder is not (PGG 9.61: its marker would have to move with it)."""
        face = self.face()
        return None not in (face.attack, face.defense, face.movement) and not self.lost


def ladder(counter: Counter) -> list[str]:
    """The Strength Levels of a counter with more steps than faces (PGG 9.61, 9.63: German
    infantry 9-7, 4-7, 2-7, 1-7; ``[rules.strength_levels]``), full strength first; none else."""
    faces = 2 if counter.back_kind == "reduced" else 1
    return list(opt("strength_levels", {}).get(counter.type, ())) if counter.steps > faces else []


@dataclass
class Event:
    """One decision: its kind, the unit(s) it concerns, and its actions. ``ref`` actions name
    units by id ({"unit": id}); serialize() turns them into the oracle's piece references."""

    kind: str
    actions: list[dict]
    info: dict = field(default_factory=dict)


@dataclass
class PhaseRecord:
    turn: int
    index: int
    events: list[Event]
    start: dict[str, Unit]   # positions when the phase began

    @property
    def phase(self) -> Any:
        return GAME.phases[self.index]


def at(units: dict[str, Unit], hex_: Hex) -> list[Unit]:
    return [u for u in units.values() if u.hex == hex_ and not u.gone]


def on_map(units: dict[str, Unit], side: str) -> list[Unit]:
    return sorted((u for u in units.values() if u.hex is not None and not u.gone and u.side == side),
                  key=lambda u: u.id)


def enemy_of(side: str) -> str:
    return next(s.name for s in GAME.sides if s.name != side)


def near_enemy(units: dict[str, Unit], side: str) -> set[Hex]:
    """Every hex an enemy unit is in or next to: a superset of the enemy's zones of control
    (AGS 8.11, 8.12)."""
    found: set[Hex] = set()
    for unit in on_map(units, enemy_of(side)):
        found.add(unit.hex)
        found.update(LAYOUT.neighbours(unit.hex))
    return found


def enemy_zoc_for_supply(units: dict[str, Unit], side: str) -> set[Hex]:
    """The enemy's zones of control as they bear on supply and retreat: next to an enemy
    unit, not across a hexside that blocks them (AGS 8.12, the chart's blocks_zoc); HQs and
    leaders count only where the data does not say they do not (Kiev 19.67, 21.0)."""
    found: set[Hex] = set()
    command_zoc = opt("hq_zoc_blocks_supply_and_retreat", True)
    for unit in on_map(units, enemy_of(side)):
        if unit.is_marker or not unit.is_combat and not command_zoc:
            continue
        for nxt in LAYOUT.neighbours(unit.hex):
            if not any(GAME.terrain.types[f].effects.get("blocks_zoc") for f in MAP.features(unit.hex, nxt)):
                found.add(nxt)
    return found


def stacking_weight(unit: Unit) -> int:
    """What a combat unit counts for stacking: a corps three where the data says so (Korsun
    24.12), else one (AGS 7.0)."""
    weight = opt("korsun_corps_stacking_weight")
    return weight if weight and unit.counter.size == "XXX" else 1


def combat_load(units: list[Unit]) -> int:
    return sum(stacking_weight(u) for u in units if u.is_combat)


def stack_ok(units: dict[str, Unit], hex_: Hex, newcomers: list[Unit]) -> bool:
    """AGS 7.0 and 11.22: at most three combat units, at most one HQ (or leader), in a hex;
    corps weighted (Korsun 24.12) and never with other corps or divisions where the data
    says so (Operation Star 19.8)."""
    present = [u for u in at(units, hex_) if u.id not in {n.id for n in newcomers}] + newcomers
    command = sum(1 for u in present if u.unit_class in COMMAND_CLASSES)
    if combat_load(present) > GAME.param("stacking_limit") or command > GAME.param("hqs_per_hex"):
        return False
    if command and sum(1 for u in present if not u.is_marker) > opt("stacking_limit_with_hq", 4):
        return False      # PGG 7.1: four units of any kind with a Leader (AGS 7.0 the same)
    exclusive = opt("corps_stacking_exclusive")
    if exclusive:
        mine = [u for u in present if u.is_combat and u.side == exclusive["side"]]
        corps = [u for u in mine if u.counter.size in exclusive["sizes"]]
        if corps and sum(1 for u in mine if u.counter.size in exclusive["never_with_sizes"]) > 1:
            return False
    return True


# -- movement costs, from the terrain chart ------------------------------------------------------

def entry_cost(unit: Unit, a: Hex | None, b: Hex) -> float | None:
    """MP to enter b from a (None: from off the map) at the most a unit can pay, or None when
    the step is not evidently open: a hexside feature, or a prohibited hex."""
    if a is not None and MAP.features(a, b):
        return None
    place = MAP.places.get(b)
    if place is not None and place.kind == "city" and "city" in GAME.terrain.types:
        cost = GAME.terrain.types["city"].effects["cost"]      # AGS 10.22: 1 MP
    else:
        cost = GAME.terrain.types[MAP.terrain(b)].effects["cost"][GAME.unit_types[unit.counter.type].movement_class]
    return None if cost == "P" else float(cost)


def passable(hex_: Hex) -> bool:
    """Not a prohibited (all-sea) hex (AGS 10.16)."""
    return "P" not in GAME.terrain.types[MAP.terrain(hex_)].effects["cost"].values()


def weather_track() -> dict[int, set[str]]:
    """Game-Turn: the weathers of its sections, from the game's weather track (Rostov 20.0)."""
    path = GAME.folder / "charts" / "weather-track.csv"
    if not path.exists():
        return {}
    rows = csv.DictReader(line for line in path.read_text().splitlines() if not line.startswith("#"))
    return {int(r["turn"]): {r["north"], r["south"]} for r in rows}


def weather_cost_multiplier(turn: int) -> int:
    """The most any section's weather multiplies hex costs by on this Game-Turn (Rostov 20.22,
    ``rules.weather.conditions``)."""
    conditions = opt("weather", {}).get("conditions", {})
    return max((int(conditions.get(w, {}).get("hex_cost_multiplier", 1)) for w in weather_track().get(turn, ())),
               default=1)


def bad_weather(turn: int) -> bool:
    """Some section has other than clear weather on this Game-Turn (Rostov 20.2)."""
    return bool(weather_track().get(turn, {"clear"}) - {"clear"})


def budget(unit: Unit, turn: int) -> int:
    """MP the player spends at most: half the allowance (legal in supply or not, AGS 5.25),
    the whole on the Game-Turn the data puts the Soviets all in supply (Kiev 19.85); mud,
    thaw and bad weather as the data says (Kiev 19.9, Korsun 20.12, Operation Star 19.7,
    Rostov 20.22: costs doubled in a section, so the budget is halved on such a turn)."""
    allowance = int(unit.face().movement)
    korsun_mud = opt("korsun_mud_movement")
    if korsun_mud and turn in opt("korsun_weather", {}).get("mud", ()) and unit.unit_class in korsun_mud["classes"]:
        allowance = min(allowance, korsun_mud["allowance"])
    for turns, divisor in (("mud_turns", "mud_movement_divisor"), ("thaw_turns", "thaw_movement_divisor")):
        if turn in opt(turns, ()):
            allowance //= opt(divisor, 1)
    if bad_weather(turn):
        allowance //= weather_cost_multiplier(turn)
    first = opt("soviet_first_turn_supply")
    if unit.side == "Soviet" and first and turn == first["turn"]:
        return allowance
    return allowance // GAME.param("out_of_supply_movement_divisor")


def westward(a: Hex, b: Hex) -> bool:
    """Whether the step a -> b goes westward, north-westward or south-westward (Operation Star
    21.14): toward the board edge the data says is the map's west (``rules.offensive_mode_direction``;
    the example's 0304 -> 0204, 0305, 0404)."""
    edge = opt("offensive_mode_direction")["toward_board_edge"]
    (ax, ay), (bx, by) = LAYOUT.center(a), LAYOUT.center(b)
    return {"south": by > ay, "north": by < ay, "east": bx > ax, "west": bx < ax}[edge]


def hexrow(hex_: Hex) -> int:
    """A hex's hexrow (its column number): PGG names hexrows by their first two digits."""
    return int(LAYOUT.name(hex_)[:2])


def first_turn_army(unit: Unit) -> bool:
    """A unit of the armies that must move on the first Game-Turn (PGG 5.23:
    ``rules.first_turn_full_move_hexes``, the 13th and 20th Armies' set-up hexes)."""
    hexes = {LAYOUT.parse(str(n)) for n in opt("first_turn_full_move_hexes", [])}
    return unit.counter.role == "setup" and unit.counter.setup in hexes


def closed_columns(unit: Unit, turn: int) -> set[int]:
    """The hexrows the unit's side may not enter on this Game-Turn (PGG 6.4:
    ``rules.soviet_closed_hexrows``)."""
    closed = opt("soviet_closed_hexrows")
    if not closed or unit.side not in closed["sides"] or turn > closed["last_turn"]:
        return set()
    return set(closed["columns"])


def step_rule(unit: Unit, turn: int) -> Any:
    """A game's own limit on the hexes a unit may enter, or None: Operation Star 21.14 (Soviet
    combat units in offensive mode, as all start, 21.0: westward only; HQs never, 21.16);
    Korsun 21.11-21.2 (German set-up units within their distance of their set-up hex, an
    area's units measured from their hex on the start line); PGG 5.23 (the first Game-Turn's
    armies north, south or east only) and 6.4 (no Soviet unit into the westernmost hexrows on
    the first Game-Turns)."""
    closed = closed_columns(unit, turn)
    if turn == 1 and first_turn_army(unit):
        return lambda a, b: hexrow(b) >= hexrow(a)        # PGG 5.23: may cross 0100-0200, not end there
    if closed:
        return lambda a, b: hexrow(b) not in closed
    if opt("offensive_mode_direction") and unit.side == "Soviet" and unit.is_combat:
        return lambda a, b: westward(a, b)
    limits = opt("korsun_german_movement_limits", {}).get(str(turn))
    setup = unit.counter.setup
    if limits and unit.side == "German" and setup is not None and unit.counter.role == "setup":
        # a hex group (the four 2306 units, rules.korsun_german_assignments) is held to its
        # radius from both its set-up hex and the hex it was assigned to (21.12)
        group = next((g for g, keys in opt("korsun_german_assignments", {}).items()
                      if g != "side" and g[:1].isdigit() and unit.counter.id in keys), None)
        name = group or LAYOUT.name(setup)
        area = next((a.name for a in MAP.areas if a.purpose == "setup" and setup in a.hexes), None)
        radius = limits.get(name, limits.get(area) if area else limits.get("hex"))
        anchors = [setup] + ([LAYOUT.parse(group)] if group else [])
        if radius is not None:
            return lambda a, b: all(LAYOUT.distance(h, b) <= radius for h in anchors)
    return None


def reachable(units: dict[str, Unit], unit: Unit, turn: int, spent: float = 0.0,
              most: float | None = None) -> dict[Hex, float]:
    """Hexes the unit evidently reaches: paths through hexes next to no enemy, ending anywhere
    empty of enemies (combat units may end next to one, AGS 5.23; HQs and leaders not, 11.23)."""
    zone = near_enemy(units, unit.side)
    if unit.hex in zone:
        return {}
    rule = step_rule(unit, turn)
    limit = (budget(unit, turn) if most is None else most) - spent
    best: dict[Hex, float] = {unit.hex: 0.0}
    queue = [(0.0, unit.hex)]
    found: dict[Hex, float] = {}
    while queue:
        spent, hex_ = heapq.heappop(queue)
        if spent > best.get(hex_, 1e9):
            continue
        for nxt in LAYOUT.neighbours(hex_):
            cost = entry_cost(unit, hex_, nxt)
            if cost is None or spent + cost > limit or rule is not None and not rule(hex_, nxt):
                continue
            if any(u.side != unit.side for u in at(units, nxt)):
                continue
            total = spent + cost
            if nxt in zone:
                if unit.is_combat and total < found.get(nxt, 1e9):
                    found[nxt] = total
                continue
            if total < best.get(nxt, 1e9):
                best[nxt] = total
                found[nxt] = total
                heapq.heappush(queue, (total, nxt))
    found.pop(unit.hex, None)
    return found


def rail_reach(units: dict[str, Unit], unit: Unit) -> dict[Hex, int]:
    """Rail hexes reachable along railroad hexsides (Kiev 19.3: no enemy-occupied or
    -controlled rail hex; AGS 5.33: not from an enemy-controlled hex), with their distance."""
    zone = near_enemy(units, unit.side)
    if unit.hex not in RAILS or unit.hex in zone:
        return {}
    limit = GAME.param("rail_hexes_per_phase")
    seen = {unit.hex: 0}
    frontier = [unit.hex]
    while frontier:
        nxt_frontier = []
        for hex_ in frontier:
            for nxt in LAYOUT.neighbours(hex_):
                if nxt in seen or nxt in zone or not MAP.line_crosses("railroad", hex_, nxt):
                    continue
                seen[nxt] = seen[hex_] + 1
                if seen[nxt] < limit:
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    seen.pop(unit.hex)
    return seen


def rail_distances(units: dict[str, Unit], unit: Unit) -> dict[Hex, int]:
    """The same search without the length limit (for planting a too-long ride)."""
    zone = near_enemy(units, unit.side)
    seen = {unit.hex: 0}
    frontier = [unit.hex]
    while frontier:
        nxt_frontier = []
        for hex_ in frontier:
            for nxt in LAYOUT.neighbours(hex_):
                if nxt not in seen and nxt not in zone and MAP.line_crosses("railroad", hex_, nxt):
                    seen[nxt] = seen[hex_] + 1
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return seen


# -- the CRT, evident results -------------------------------------------------------------------

def column(attack: int, defense: int) -> str:
    """AGS 9.4: the ratio rounded in favour of the defender, clamped to the table (9.5 notes)."""
    columns = GAME.crt.columns
    if attack >= defense:
        name = f"{min(attack // defense, 10)}-1"
    else:
        ratio = -(-defense // attack)
        name = f"1-{ratio}" if ratio <= 3 else "1-3"
    return name if name in columns else columns[-1]


def supplied(units: dict[str, Unit], unit: Unit, turn: int) -> bool:
    """True when the unit is *evidently* in supply: a line through hexes with no enemy in or
    next to them (unless a friendly unit is there, AGS 8.25), across no hexside feature and
    through no swamp (12.1, 12.11), to a supply source the data lists as an area (a supply area,
    or one ``rules.soviet_supply_sources`` names: Operation Star 20.1's east edge is Area K): for the
    Germans any length where the data says so (Kiev 19.81, 19.82, Korsun 19.72); for the
    Soviets a line of communications within an HQ's Command Radius to an HQ that itself traces
    such a line to their sources (11.31, 19.83, 19.84), or any line on the Game-Turn the data
    names (Kiev 19.85). False means "not evident", not "out" (so a game whose sources are no
    listed area, or whose lines have a length limit, never has evident supply)."""
    side = unit.side
    enemy = enemy_zoc_for_supply(units, side)
    friendly = {u.hex for u in on_map(units, side)}
    enemy_hexes = {u.hex for u in on_map(units, enemy_of(side))}

    def open_hex(hex_: Hex) -> bool:
        return hex_ not in enemy_hexes and (hex_ not in enemy or hex_ in friendly) \
            and passable(hex_) and MAP.terrain(hex_) != "swamp"

    def trace(start: Hex, goals: set[Hex], limit: int | None) -> bool:
        if not open_hex(start):
            return False
        seen = {start: 0}
        frontier = [start]
        while frontier:
            nxt_frontier = []
            for hex_ in frontier:
                if hex_ in goals:
                    return True
                if limit is not None and seen[hex_] >= limit:
                    continue
                for nxt in LAYOUT.neighbours(hex_):
                    if nxt not in seen and open_hex(nxt) and supply_crosses(hex_, nxt):
                        seen[nxt] = seen[hex_] + 1
                        nxt_frontier.append(nxt)
            frontier = nxt_frontier
        return False

    named = set(opt("soviet_supply_sources", {}).get("areas", ())) if side == "Soviet" else set()
    sources = {h for a in GAME.map.areas if a.side == side and (a.purpose == "supply" or a.name in named)
               for h in a.hexes if h not in enemy}
    first = opt("soviet_first_turn_supply")
    road_end = opt("german_supply")
    if side != "Soviet" and road_end is not None:
        # PGG 11.11: within so many hexes of the road hex on the western edge, the path open
        return trace(unit.hex, {LAYOUT.parse(str(road_end["source_hex"]))}, int(road_end["hexes"]))
    if side != "Soviet":
        return opt("german_supply_line_length") == "any" and trace(unit.hex, sources, None)
    if first and turn == first["turn"]:
        return trace(unit.hex, sources, None)
    if not opt("soviet_supply_via_hq"):
        return False
    for hq in on_map(units, side):
        if hq.unit_class == "hq" and trace(hq.hex, sources, None) \
                and trace(hq.hex, {unit.hex}, int(hq.counter.leadership)):
            return True
    return False


def supply_crosses(a: Hex, b: Hex) -> bool:
    """A supply line crosses a hexside whose features the chart says are no obstacle, or a
    major river where a road or railroad crosses it (AGS 10.15, 12.11)."""
    for feature in MAP.features(a, b):
        effects = GAME.terrain.types[feature].effects
        if effects.get("supply") == "normal":
            continue
        lines = [k for k in effects.get("supply_crosses_at", ()) if k in ("road", "railroad")]
        if not any(MAP.line_crosses(k, a, b) for k in lines):
            return False
    return True


def integrity(attackers: list[Unit]) -> tuple[int, int]:
    """Attack strength without and with the divisional integrity bonus (Kiev 20.0, Rostov
    19.5, Operation Star 19.5, Korsun 19.5): two or more regiments of one division stacked
    have their strengths doubled (a division is its formation; the data may narrow it to
    types and sides); GD (Kiev 20.2) may double with any mechanized regiment, so a stack with
    GD gives the range. Where the data says the doubling needs all of a division's units
    (Rostov 19.5), or does not give the regiment count, both are possible: the range."""
    plain = sum(int(u.face().attack) for u in attackers)
    types = opt("divisional_integrity_types")
    sides = opt("divisional_integrity_sides")
    divisions: dict[str, list[Unit]] = {}
    for u in attackers:
        if u.counter.size == "III" and u.counter.formation and (types is None or u.counter.type in types) \
                and (sides is None or u.side in sides):
            divisions.setdefault(u.counter.formation, []).append(u)
    least = opt("divisional_integrity_min_regiments", 2)
    doubled = sum(int(u.face().attack) for units in divisions.values() if len(units) >= least for u in units)
    gd = opt("gd_integrity_type", "gd" if opt("gd_integrity_with_any_division") else None)
    if gd is not None and any(u.counter.type == gd for u in attackers):
        return plain + doubled, 2 * plain
    if opt("divisional_integrity_all_units") or opt("divisional_integrity_min_regiments") is None:
        shared = {u.counter.formation for u in attackers if u.counter.formation}
        if len(shared) < sum(1 for u in attackers if u.counter.formation):
            return plain, 2 * plain
    return plain + doubled, plain + doubled


def possible_columns(units: dict[str, Unit], attackers: list[Unit], defenders: list[Unit], turn: int) -> set[str]:
    """Every column the battle could be on: supply that is not evident may halve a side
    (AGS 12.23, each unit rounded down, a stack never below one, 9.32); terrain doubles
    nothing here (fair targets only)."""
    low_a, high_a = integrity(attackers)
    each = opt("out_of_supply_halves_each_unit")
    if not all(supplied(units, u, turn) for u in attackers):
        low_a = max(1, low_a // 2 - len(attackers))
    defense = sum(int(u.face().defense) for u in defenders)
    low_d = high_d = max(1, defense)
    if each and not all(supplied(units, u, turn) for u in defenders):
        # PGG 11.31, 11.32: each unit halved, fractions dropped, never below one
        low_d = max(1, sum(max(1, int(u.face().defense) // 2) if int(u.face().defense) else 0 for u in defenders))
    elif not all(supplied(units, u, turn) for u in defenders):
        low_d = max(1, defense // 2 - len(defenders))
    names = GAME.crt.columns
    lo, hi = names.index(column(low_a, high_d)), names.index(column(high_a, low_d))
    return set(names[lo:hi + 1])


def attacking_sides() -> list[str]:
    """Sides whose attacks the generator declares: those that need no HQ line to attack
    (AGS 9.15, 11.33: the Soviets do, wherever the data says so)."""
    return [s.name for s in GAME.sides if not (s.name == "Soviet" and (opt("soviet_attack_needs_hq_line")
                                                                       or opt("soviet_attack_needs_leader_radius")))]


def may_reveal(unit: Unit) -> bool:
    """Whether the generator may attack this untried unit: where no counter carries an asterisk
    (whose reveal rules, Kiev 19.61, it leaves alone) and its front has a Defense Strength (no
    "no-strength" unit, AGS 13.3) and all its values."""
    return not any(c.asterisk for c in GAME.counters) and revealed(unit).known \
        and bool(int(unit.counter.face(False).defense))


def revealed(unit: Unit) -> Unit:
    """The unit as its front shows it once revealed (AGS 13.2); a tried unit as it is."""
    return replace(unit, back=False) if unit.untried else unit


def replaced(unit: Unit) -> bool:
    """Whether losing this unit on its reduced side brings on a replacement counter of its type
    (Kiev 19.24 and the like): the log would have to show it, so the generator avoids it."""
    return unit.back and any(c.role == "replacement" and c.side == unit.side and c.type == unit.counter.type
                             for c in GAME.counters)


def defender_steps(defenders: list[Unit], steps: int) -> list[tuple[str, str]]:
    """N steps taken from defenders in their order (AGS 9.66): a full-strength unit flips ("Lose
    step"), one on its last step is eliminated."""
    state = {u.id: u.back for u in defenders}
    alive = [u.id for u in defenders]
    losses = []
    for _ in range(steps):
        if not alive:
            break
        key = alive[0]
        if not state[key] and COUNTERS[key].back_kind == "reduced":
            losses.append((key, "Lose step"))
            state[key] = True
        else:
            losses.append((key, "Eliminate"))
            alive.remove(key)
    return losses


def severe_weather(turn: int) -> bool:
    return "severe" in weather_track().get(turn, set())


def split(result: str) -> tuple[str, str]:
    attacker, _, defender = result.partition("/")
    return (attacker, defender) if defender else (result, result)


def played(turn: int, index: int) -> bool:
    """Whether a phase is played: on Game-Turn 1 not those before the phase the data says the game
    begins with (Operation Star 19.12)."""
    names = [p.name for p in GAME.phases]
    return turn > 1 or index >= names.index(opt("first_turn_first_phase", names[0]))


# -- the player ---------------------------------------------------------------------------------

class Player:
    def __init__(self, seed: int, moves: int = 10, battles: int = 3) -> None:
        self.seed = seed
        self.random = random.Random(seed)
        self.moves = moves
        self.max_battles = battles
        self.units: dict[str, Unit] = {}
        for counter in GAME.counters:
            if counter.role == "setup":
                self.units[counter.id] = Unit(counter.id, counter.setup, counter.setup_face == "back")
        self.used_pool: set[str] = set()
        self.row_areas: dict[str, tuple[str, ...]] = {}   # pool units: the areas of the row that drew them
        self.phases: list[PhaseRecord] = []
        self.events: list[Event] = []
        self.railed = 0              # units moved by rail this Game-Turn
        self.turn = 1

    # -- the sequence of play -------------------------------------------------------------------

    def play(self, turns: int) -> list[PhaseRecord]:
        """Every phase of ``turns`` Game-Turns; on Game-Turn 1 the phases before the one the
        data says the game begins with pass with nothing done (Operation Star 19.12)."""
        for turn in range(1, turns + 1):
            for index, phase in enumerate(GAME.phases):
                start = dict(self.units)
                self.events = []
                self.turn = turn
                if index == 0:
                    self.railed = 0
                if not played(turn, index):
                    pass
                elif phase.kind == "movement":
                    self.hq_status(turn, phase.side)
                    self.reinforce(turn, phase.side)
                    self.first_turn(turn, phase.side)
                    self.move_units(turn, phase.side, mech_only=False)
                elif phase.kind == "mech_movement" and phase.side in opt("mech_phase_sides", ()):
                    self.move_units(turn, phase.side, mech_only=True)
                elif phase.kind == "combat" and phase.side in attacking_sides() and self.max_battles:
                    self.fight(turn, phase.side)
                self.phases.append(PhaseRecord(turn, index, self.events, start))
        return self.phases

    def hq_status(self, turn: int, side: str) -> None:
        """Korsun 23.11, 23.12: at the start of his Player-Turn the Soviet player turns HQs
        inactive until no more are active than the schedule allows, those 23.12 names staying
        active on Game-Turn 1 (the generator never turns one active again)."""
        schedule = opt("korsun_hq_active_schedule")
        if not schedule or side != "Soviet":
            return
        required = set(opt("korsun_hq_active_turn_one", ())) if turn == 1 else set()
        active = [u for u in on_map(self.units, side) if u.unit_class == "hq" and not u.back]
        active.sort(key=lambda u: (u.id not in required, u.id))
        for unit in active[schedule[str(turn)]:]:
            self.set(unit, back=True)
            self.emit("hq_status", [{"key": {"unit": unit.id, "command": "Make inactive"}}], unit=unit.id)

    def emit(self, kind: str, actions: list[dict], **info: Any) -> Event:
        event = Event(kind, actions, info)
        self.events.append(event)
        return event

    def set(self, unit: Unit, **changes: Any) -> Unit:
        self.units[unit.id] = replace(unit, **changes)
        return self.units[unit.id]

    # -- reinforcements (AGS 15.0, Kiev 23.x) ----------------------------------------------------

    def due(self, turn: int, side: str) -> list[Counter]:
        """Counters entering this turn: the German ones printed with it (Kiev 23.2), Soviet
        untried ones drawn at random from their pool (13.1, 23.1) and named HQs (23.1)."""
        chosen = [c for c in GAME.counters if c.side == side and c.role == "reinforcement"
                  and c.entry_turn == turn]
        for row in GAME.reinforcements:
            if row.turn != turn or row.side != side or row.optional:
                continue    # PGG 14.21: optional arrivals are left out
            if row.type in COUNTERS:
                if COUNTERS[row.type] not in chosen:
                    chosen.append(COUNTERS[row.type])
                continue
            pool = [c for c in GAME.counters if c.role == "pool" and c.id not in self.used_pool
                    and GAME.pool_of(c) == row.type]
            if len(pool) < row.count and row.type in GAME.unit_groups:
                # A row whose group shares its unit types with another's (Operation Star 23.11's
                # anti-tank and tank brigades are both mobile brigades) draws from those too.
                pool += [c for c in GAME.counters if c.role == "pool" and c.id not in self.used_pool
                         and c not in pool and c.type in GAME.unit_groups[row.type].types]
            areas = row.areas
            if row.areas_by == "die":
                # PGG 14.11: the entry die names the area (roll n: the n-th listed)
                roll = self.random.randint(1, len(row.areas))
                areas = (row.areas[roll - 1],)
                button = f"{row.side} {GAME.plain_name(row.type)}".capitalize() + " entry"
                self.emit("entry_roll", [{"dice": {"button": button, "result": [roll]}}], areas=areas)
            for counter in self.random.sample(pool, row.count):
                self.used_pool.add(counter.id)
                self.row_areas[counter.id] = areas
                chosen.append(counter)
        return chosen

    def areas_of(self, counter: Counter, turn: int) -> tuple[str, ...]:
        if counter.entry_areas:
            return counter.entry_areas
        if counter.id in self.row_areas:
            return self.row_areas[counter.id]
        return next(r.areas for r in GAME.reinforcements if r.turn == turn and r.side == counter.side
                    and r.type in (counter.id, GAME.pool_of(counter)))

    def entry_hexes(self, counter: Counter, areas: tuple[str, ...]) -> list[Hex]:
        """Map-edge hexes of the areas with the lines the data names for the side (Kiev 23.0:
        a road, and for the Soviets a railroad), or any of them ("any", or no such rule: Korsun
        26.0, Operation Star 23.1, Rostov 25.1)."""
        kinds = opt("reinforcement_entry_hexes", {}).get(counter.side, "any")
        hexes = [h for a in areas for h in MAP.area(a).hexes]
        if kinds == "any":
            return hexes
        lines = set().union(*(MAP.hexes_with_line(k) for k in kinds))
        return [h for h in hexes if h in lines]

    def reinforce(self, turn: int, side: str) -> None:
        # Units whose allowance the data does not give come on first: they stay on the entry hex,
        # the others may move on beyond it when it is full (PGG 16.1: W is one hex).
        for counter in sorted(self.due(turn, side), key=lambda c: isinstance(c.face(c.setup_face == "back"
                                                                                      or c.role == "pool").movement, int)):
            self.enter(counter, turn, self.areas_of(counter, turn))

    def enter(self, counter: Counter, turn: int, areas: tuple[str, ...], kind: str = "reinforcement") -> Event | None:
        unit = Unit(counter.id, None, counter.setup_face == "back" or counter.role == "pool")
        zone = near_enemy(self.units, side=counter.side)
        options = [h for h in self.entry_hexes(counter, areas)
                   if not any(u.side != counter.side for u in at(self.units, h))
                   and stack_ok(self.units, h, [unit]) and entry_cost(unit, None, h) is not None]
        calm = [h for h in options if h not in zone]
        verb = "add" if counter.role == "pool" else "move"
        if calm or options:
            target = self.random.choice(calm or options)
            unit = self.set(unit, hex=target)
            if counter.side in opt("rail_sides", ()) and self.random.random() < 0.3 and self.may_rail(unit):
                ride = self.rail_target(unit)
                if ride is not None:
                    self.railed += self.rail_counts(unit)
                    self.set(unit, hex=ride[0])
                    return self.emit(kind, [{verb: {"unit": counter.id, "location": LAYOUT.name(target)}},
                                            {"move": {"unit": counter.id, "location": LAYOUT.name(ride[0])}}],
                                     unit=counter.id, to=ride[0], via=target, rail_hexes=ride[1], turn=turn,
                                     areas=areas)
            return self.emit(kind, [{verb: {"unit": counter.id, "location": LAYOUT.name(target)}}],
                             unit=counter.id, to=target, turn=turn, areas=areas)
        # The entry hexes are full: come on and move on beyond (AGS 15.0: paying for the entry hex).
        for first in self.entry_hexes(counter, areas):
            if not isinstance(unit.face().movement, int):
                break      # an allowance the data does not give: no move beyond the entry hex
            cost = entry_cost(unit, None, first)
            if cost is None or first in zone or any(u.side != counter.side for u in at(self.units, first)):
                continue
            inside = reachable(self.units, replace(unit, hex=first), turn, spent=cost)
            beyond = sorted(h for h in inside if stack_ok(self.units, h, [unit]) and h not in zone)
            if beyond:
                target = self.random.choice(beyond)
                self.set(unit, hex=target)
                return self.emit(kind, [{verb: {"unit": counter.id, "location": LAYOUT.name(first)}},
                                        {"move": {"unit": counter.id, "location": LAYOUT.name(target)}}],
                                 unit=counter.id, to=target, via=first, turn=turn, areas=areas)
        if opt("reinforcements_may_be_withheld"):
            return None          # PGG 14.3: the owner may hold a reinforcement back
        raise SystemExit(f"seed {self.seed}: no entry hex for {counter.name} on Game-Turn {turn}")

    # -- movement --------------------------------------------------------------------------------

    def move_units(self, turn: int, side: str, mech_only: bool) -> None:
        entered = {e.info["unit"] for e in self.events if e.kind in ("reinforcement", "first_turn")}
        movers = [u for u in on_map(self.units, side) if u.id not in entered and not u.is_marker and u.known]
        if mech_only:
            movers = [u for u in movers if u.unit_class in opt("mech_phase_classes", ("mech",))]
            if severe_weather(turn):   # Rostov 20.23: only cavalry moves in it
                movers = [u for u in movers if u.counter.type in opt("severe_mech_phase_classes", ())]
            if side == "Soviet" and opt("soviet_modes"):
                # Operation Star 21.2, 21.22: a unit out of supply, or with a line of communications
                # to a DEF HQ, may not move in it; the generator never turns an HQ to DEF, so a unit
                # evidently in supply (through an HQ's Command Radius) when the phase begins is
                # offensive (21.0, 21.1); one whose supply is not evident stays put.
                movers = [u for u in movers if supplied(self.units, u, turn)]
            if side == "Soviet" and opt("korsun_hq_active_schedule"):
                # Korsun 23.13, 23.14: no inactive HQ, nor a unit whose line of communications
                # reaches only inactive ones, moves in it; the generator moves active HQs only.
                movers = [u for u in movers if u.unit_class == "hq" and not u.back]
        self.random.shuffle(movers)
        may_rail = not mech_only and side in opt("rail_sides", ())  # AGS 5.34, Kiev 19.3
        for unit in movers[: self.moves]:
            unit = self.units[unit.id]
            if may_rail and self.may_rail(unit) and self.random.random() < 0.3 and self.rail(unit):
                continue
            self.walk(unit, turn)

    def first_turn(self, turn: int, side: str) -> None:
        """PGG's first Soviet Movement Phase: every unit of the 13th and 20th Armies moves, north,
        south or east only, and ends outside the two westernmost hexrows (5.23; the generator moves
        it at most half its allowance, so it never asks whether it spent it all); then the set-up
        stacks over the limit are undone (5.0, 7.1), the 16th and 19th Armies' after their die
        roll lets them move (5.21: the seeded roll is one of 1-3)."""
        if turn != 1 or not opt("first_turn_full_move_hexes"):
            return
        for unit in on_map(self.units, side):
            if not first_turn_army(unit):
                continue
            closed = set(opt("soviet_closed_hexrows", {}).get("columns", ()))
            # 5.23: the whole allowance (the rule spends it all, supplied or not); one the data does
            # not give (the untried armored divisions): the least any of the side's combat units
            # prints (an assumption the checker cannot contradict: it does not know it either).
            movement = unit.face().movement
            most = float(movement) if isinstance(movement, int) else float(min(
                f.movement for c in GAME.counters if c.side == side and GAME.unit_types[c.type].unit_class
                not in NON_COMBAT_CLASSES for f in (c.face(False), c.face(True)) if isinstance(f.movement, int)))
            options = {h: c for h, c in reachable(self.units, unit, turn, most=most).items()
                       if hexrow(h) not in closed and stack_ok(self.units, h, [unit])}
            if not options:
                raise SystemExit(f"seed {self.seed}: {unit.counter.name} cannot leave hexrows {sorted(closed)}")
            self.step(unit, self.random.choice(sorted(options)), options, "first_turn")
        rolled: set[Hex] = set()
        die_hexes = {LAYOUT.parse(str(n)) for n in opt("first_turn_die_roll_hexes", [])}
        for hex_ in sorted({u.hex for u in on_map(self.units, side)}):
            while not stack_ok(self.units, hex_, []):
                if hex_ in die_hexes and hex_ not in rolled:
                    rolled.add(hex_)
                    self.emit("army_roll", [{"dice": {"button": "1d6", "result": [self.random.randint(1, 3)]}}])
                unit = [u for u in at(self.units, hex_) if u.is_combat and u.known][-1]
                options = {h: c for h, c in reachable(self.units, unit, turn).items()
                           if stack_ok(self.units, h, [unit])}
                if not options:
                    raise SystemExit(f"seed {self.seed}: nowhere to take {unit.counter.name} out of {LAYOUT.name(hex_)}")
                self.step(unit, self.random.choice(sorted(options)), options, "first_turn")

    def step(self, unit: Unit, target: Hex, options: dict[Hex, float], kind: str = "move") -> None:
        start = unit.hex
        self.set(unit, hex=target)
        self.emit(kind, [{"move": {"unit": unit.id, "location": LAYOUT.name(target)}}],
                  unit=unit.id, frm=start, to=target, cost=options[target])

    def may_rail(self, unit: Unit) -> bool:
        """Within half the Game-Turn's rail capacity (Kiev 19.3: eight units, reinforcements
        included; HQs do not count, AGS 11.21)."""
        return self.railed + self.rail_counts(unit) <= GAME.param("rail_units_per_turn") // 2

    def rail_counts(self, unit: Unit) -> int:
        """What a unit counts against the rail capacity: its type's weight where the data
        gives one (Rostov 19.22), else one; HQs nothing unless the data says so (AGS 11.21)."""
        if not unit.is_combat:
            return 1 if GAME.param("rail_counts_hqs") else 0
        return opt("rail_unit_weights", {}).get(unit.counter.type, 1)

    def walk(self, unit: Unit, turn: int) -> None:
        options = reachable(self.units, unit, turn)
        options = {h: c for h, c in options.items() if stack_ok(self.units, h, [unit])}
        if not options:
            return
        zone = near_enemy(self.units, unit.side)
        contact = sorted(h for h in options if h in zone)
        pool = contact if contact and self.random.random() < 0.5 else sorted(options)
        target = self.random.choice(pool)
        start = unit.hex
        self.set(unit, hex=target)
        self.emit("move", [{"move": {"unit": unit.id, "location": LAYOUT.name(target)}}],
                  unit=unit.id, frm=start, to=target, cost=options[target])

    def rail_target(self, unit: Unit) -> tuple[Hex, int] | None:
        closed = closed_columns(unit, self.turn)       # PGG 6.4: not by rail either
        options = {h: d for h, d in rail_reach(self.units, unit).items()
                   if d >= 2 and not any(u.side != unit.side for u in at(self.units, h))
                   and stack_ok(self.units, h, [unit]) and hexrow(h) not in closed}
        if not options:
            return None
        target = self.random.choice(sorted(options))
        return target, options[target]

    def rail(self, unit: Unit) -> bool:
        ride = self.rail_target(unit)
        if ride is None:
            return False
        start = unit.hex
        self.railed += self.rail_counts(unit)
        self.set(unit, hex=ride[0])
        self.emit("rail", [{"move": {"unit": unit.id, "location": LAYOUT.name(ride[0])}}],
                  unit=unit.id, frm=start, to=ride[0], rail_hexes=ride[1])
        return True

    # -- combat (the attacking side's Combat Phase) ------------------------------------------------

    def fight(self, turn: int, side: str) -> None:
        done: set[str] = set()
        number = 0
        self.turn = turn
        hexes = sorted({u.hex for u in on_map(self.units, side) if not u.is_marker})
        self.random.shuffle(hexes)
        for hex_ in hexes:
            if number >= self.max_battles:
                break
            attackers = at(self.units, hex_)
            if not attackers or any(not u.is_combat or not u.known or u.id in done for u in attackers) \
                    or not sum(int(u.face().attack) for u in attackers):   # no no-strength attack (Kiev 19.65)
                continue
            targets = LAYOUT.neighbours(hex_)
            self.random.shuffle(targets)
            for target in targets:
                defenders = at(self.units, target)
                if not self.fair_target(hex_, target, defenders, done):
                    continue
                plan = self.plan(attackers, [revealed(u) for u in defenders], turn)
                if plan is None:
                    continue
                number += 1
                self.battle(number, attackers, defenders, hex_, target, plan)
                done.update(u.id for u in attackers + defenders)
                break

    def fair_target(self, hex_: Hex, target: Hex, defenders: list[Unit], done: set[str]) -> bool:
        """A hex of tried enemy combat units in clear terrain, not a city, with no hexside
        feature between: no terrain bonus (AGS 10.4), nothing to reveal (13.2); each of one
        step, or of two with a reduced side and no replacement counter for its last (as
        step_losses)."""
        side = at(self.units, hex_)[0].side
        if not defenders or any(u.side == side or not u.is_combat or u.untried and not may_reveal(u) or u.id in done
                                or not revealed(u).known
                                or not (u.counter.steps == 1 or u.counter.steps == 2 and u.counter.back_kind == "reduced"
                                        and not replaced(u)) for u in defenders):
            return False
        place = MAP.places.get(target)
        return MAP.terrain(target) == "clear" and not MAP.features(hex_, target) \
            and not (place is not None and place.kind == "city") \
            and LAYOUT.name(target) != opt("kiev_city_hex")

    def plan(self, attackers: list[Unit], defenders: list[Unit], turn: int) -> dict | None:
        """Roll the seeded die for a battle the German player thinks of; declare it only when
        the result is the same on every possible column and can be applied evidently (else the
        battle is simply not fought, and the log never shows that roll)."""
        columns = possible_columns(self.units, attackers, defenders, turn)
        die = self.random.randint(1, 6)
        results = {GAME.crt.result(die, c) for c in columns}
        if len(results) != 1:
            return None
        result = results.pop()
        attacker, defender = ("1", "1") if result == "eng" else split(result)
        losses = self.step_losses(attackers, attacker)
        if losses is None:
            return None
        return {"die": die, "result": result, "attacker": attacker, "defender": defender,
                "columns": sorted(columns), "attacker_losses": losses}

    def step_losses(self, attackers: list[Unit], result: str) -> list[tuple[str, str]] | None:
        """The attacker's losses as (unit, command): E eliminates every unit (AGS 9.65); N
        takes N steps (9.66, 9.67), a full-strength two-step unit flipping ("Lose step"), a
        unit on its last step eliminated. A unit on its reduced side whose type has replacement
        counters is never chosen (its third step is an rpl counter, Kiev 19.24). None: not
        evident."""
        if result == "-":
            return []
        if result == "E":
            return [(u.id, "Eliminate") for u in attackers]
        state = {u.id: u.back for u in attackers}
        alive = [u.id for u in attackers]
        losses = []
        down: dict[str, int] = {}    # PGG 9.61: steps down the Strength Level ladder
        for _ in range(int(result)):
            if not alive:
                break
            options = [k for k in alive if not (state[k] and replaced(Unit(k, None, True)))]
            if not options:
                return None
            key = self.random.choice(options)
            levels = ladder(COUNTERS[key])
            if levels and down.get(key, 0) + 1 < len(levels):
                down[key] = down.get(key, 0) + 1
            elif not levels and not state[key] and COUNTERS[key].back_kind == "reduced":
                losses.append((key, "Lose step"))
                state[key] = True
            else:
                down.pop(key, None)
                losses.append((key, "Eliminate"))
                alive.remove(key)
        # PGG 9.61: the unit's Strength Level Marker for the level it is down to
        return losses + [(key, f"Level {ladder(COUNTERS[key])[n]}") for key, n in sorted(down.items())]

    def retreat_path(self, start: Hex, length: int) -> list[Hex] | None:
        """Hexes 1..length away from the start, each vacant and next to no enemy unit, through
        no hexside feature (AGS 9.71, 9.73, 9.74, Kiev 19.52)."""
        zone = near_enemy(self.units, at(self.units, start)[0].side)
        paths = [[start]]
        for step in range(1, length + 1):
            grown = []
            for path in paths:
                for nxt in LAYOUT.neighbours(path[-1]):
                    if LAYOUT.distance(start, nxt) == step and not at(self.units, nxt) and nxt not in zone \
                            and not MAP.features(path[-1], nxt) and passable(nxt):
                        grown.append(path + [nxt])
            paths = grown
            if not paths:
                return None
        return self.random.choice(paths)[1:]

    def battle(self, number: int, attackers: list[Unit], defenders: list[Unit], hex_: Hex, target: Hex,
               plan: dict) -> None:
        actions: list[dict] = [
            {"add": {"slot": f"Attack {number}", "location": LAYOUT.name(hex_)}},
            {"add": {"slot": f"Defend {number}", "location": LAYOUT.name(target)}},
        ]
        # AGS 13.2: untried defenders are revealed at the instant of combat, before the die.
        actions += [{"key": {"unit": u.id, "command": "Reveal"}} for u in defenders if u.untried]
        defenders = [self.set(u, back=False) if u.untried else u for u in defenders]
        actions.append({"dice": {"button": "1d6", "result": [plan["die"]]}})
        info: dict[str, Any] = dict(plan, number=number, attackers=[u.id for u in attackers],
                                    defenders=[u.id for u in defenders], frm=hex_, to=target, head=len(actions))
        eng = plan["result"] == "eng"
        # AGS 9.68: the defender's result first.
        applied: list[dict] = []
        vacated, retreated = False, 0
        if plan["defender"] == "E":
            applied += [{"key": {"unit": u.id, "command": "Eliminate"}} for u in defenders]
            vacated = True
        elif plan["defender"] in ("1", "2", "3"):
            steps = int(plan["defender"])
            path = None if eng else self.retreat_path(target, steps)
            if path is not None and self.random.random() < 0.5:
                applied += [{"move": {"unit": u.id, "location": LAYOUT.name(path[-1])}} for u in defenders]
                info["retreat"] = [target, *path]
                retreated, vacated = steps, True
            elif all(u.counter.steps == 1 for u in defenders):
                losers = defenders[:steps]
                applied += [{"key": {"unit": u.id, "command": "Eliminate"}} for u in losers]
                vacated = len(losers) == len(defenders)
            else:
                losses = defender_steps(defenders, steps)
                applied += [{"key": {"unit": k, "command": c}} for k, c in losses]
                vacated = sum(c == "Eliminate" for _, c in losses) == len(defenders)
        info["defender_actions"] = len(applied)
        for action in applied:
            unit = self.units[action.get("key", action.get("move"))["unit"]]
            if "move" in action:
                self.set(unit, hex=info["retreat"][-1])
            elif action["key"]["command"] == "Lose step":
                self.set(unit, back=True)
            else:
                self.set(unit, hex=None, gone=True)
        for key, command in plan["attacker_losses"]:
            unit = self.units[key]
            if command.startswith("Level "):
                # PGG 9.61: a Strength Level Marker on the unit (it moves and fights no more here)
                level = command.removeprefix("Level ")
                applied.append({"add": {"slot": f"{level} strength level", "location": LAYOUT.name(unit.hex)}})
                self.set(unit, lost=ladder(unit.counter).index(level))
                continue
            applied.append({"key": {"unit": key, "command": command}})
            if command == "Eliminate":
                self.set(unit, hex=None, gone=True)
            else:
                self.set(unit, back=True)
        info["attacker_actions"] = len(plan["attacker_losses"])
        # AGS 9.8x: survivors may advance along the path of retreat (9.69: never after ENG).
        movers = [self.units[u.id] for u in attackers if not self.units[u.id].gone and not self.units[u.id].lost]
        if vacated and movers and not eng and self.random.random() < 0.6:
            path = info.get("retreat", [target])
            reach = min(len(path), retreated or 1)
            if bad_weather(self.turn) and opt("weather_advance_limit"):
                reach = 1   # Rostov 20.22: advances limited to one hex
            stop = path[self.random.randrange(reach)]
            if stack_ok(self.units, stop, movers):
                applied += [{"move": {"unit": u.id, "location": LAYOUT.name(stop)}} for u in movers]
                for u in movers:
                    self.set(u, hex=stop)
                info["advance"] = stop
        actions += applied
        actions += [{"delete": {"piece": f"Attack {number}"}}, {"delete": {"piece": f"Defend {number}"}}]
        self.emit("battle", actions, **info)


# -- writing the oracle script -------------------------------------------------------------------

def serialize(phases: list[PhaseRecord], end_with_next: bool = False) -> list[dict]:
    """The ``oracle write`` actions: each action its own log step, the tracker advanced after
    each phase (not after the last unless asked). Units are named by their counter name until
    an action adds, moves or keys them, then by that action's ``@N``."""
    out: list[dict] = []
    refs: dict[str, str] = {}

    def name(unit_id: str) -> str:
        counter = COUNTERS[unit_id]
        if unit_id in refs:
            return refs[unit_id]
        # a unit set up untried shows its untried side's name, its set-up slot's (PGG 5.0, 12.1)
        return GAME.untried_name(counter) if counter.setup_face == "back" and counter.back_kind == "untried" \
            else counter.name

    # A flipped counter shows its back's name, and untried copies share one: once an action has
    # touched a unit, it is named by that action's @N.

    for position, record in enumerate(phases):
        for event in record.events:
            for action in event.actions:
                verb, body = next(iter(action.items()))
                body = dict(body)
                unit_id = body.pop("unit", None)
                if verb == "add" and unit_id is not None:
                    refs[unit_id] = f"@{len(out)}"
                    body = {"slot": COUNTERS[unit_id].name, **body}
                elif unit_id is not None:
                    body["piece"] = name(unit_id)
                    refs[unit_id] = f"@{len(out)}"
                if verb in ("add", "move"):
                    body.setdefault("map", MAP.board)
                out += [{verb: body}, {"step": True}]
        if position < len(phases) - 1 or end_with_next:
            out += [{"turn": "next"}, {"step": True}]
    return out


def script(actions: list[dict]) -> dict:
    return {"player_name": "tester", "actions": actions}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kiev", help="the game's folder name under games/")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--moves", type=int, default=10, help="moves per side and movement phase")
    parser.add_argument("--no-battles", action="store_true")
    args = parser.parse_args()
    use(args.game)
    phases = Player(args.seed, args.moves, 0 if args.no_battles else 3).play(args.turns)
    json.dump(script(serialize(phases)), sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
