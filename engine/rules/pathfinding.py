"""The cheapest legal route of one unit through its drop hexes, in order: a uniform-cost search
over (hex, drops reached) that applies the movement rules a route must obey. Overruns are not
searched for: a log declares them with markers, and the phase check splits a move at each one.

A VASSAL log records where a piece was dropped, not the path it took, so the checker asks
whether *some* legal path exists [DESIGN: the checker's contract]. :class:`Constraints` switches
single rules off, so that the caller can find out which rule stopped a move.

>>> context = MoveContext.build(situation, "sov-xx-32-tank", allowance=Fraction(10))   # doctest: +SKIP
>>> find_route(context, [hex_a, hex_b], Constraints()).cost                             # doctest: +SKIP
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from vmodgen.engine.hexes import Hex, Hexside
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import UnitType
from vmodgen.engine.rules.ags.vocabulary import UNIT_CLASSES
from vmodgen.engine.rules.positions import of_map, remembered
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import NO_MOVE_INTO_ENEMY_ZOC, Condition, Entry, entry_cost, entry_cost_from_edge, \
    hex_cost, line_rate
from vmodgen.engine.rules.verdict import param
from vmodgen.engine.rules.zoc import COMMAND_CLASSES, NON_COMBAT_CLASSES, enemy_zoc, enemies, exerts_zoc, \
    occupied_by_enemy, occupied_by_friends_of, zoc_of_hex

_COMBAT_CLASSES = tuple(c for c in UNIT_CLASSES if c not in NON_COMBAT_CLASSES)


@dataclass(frozen=True)
class StepRule:
    """An extra restriction on single steps of a move (e.g. Stalin's Directive, Kiev 22.1):
    ``allows(from_hex, to_hex)``, the case it cites and what it demands, in words."""

    allows: Callable[[Hex, Hex], bool]
    case: str
    description: str


@dataclass(frozen=True)
class Constraints:
    """The rules a route must obey; each can be switched off to explain a failure."""

    zoc_stops: bool = True          # AGS 5.23, 5.24, 8.21, 8.23
    river_zoc: bool = True          # AGS 10.13
    hq_zoc: bool = True             # AGS 11.23
    terrain_rules: bool = True      # prohibitions that are rules, not impassable terrain (Kiev 19.51)
    step_rule: bool = True          # the context's StepRule, if any

    def relaxed(self, **changes: bool) -> Constraints:
        return replace(self, **changes)


@dataclass(frozen=True)
class Route:
    """A route from the start (or the entry hex) through every drop; ``cost`` in Movement Points."""

    path: tuple[Hex, ...]
    cost: Fraction


@dataclass
class MoveContext:
    """What the search needs to know about one unit's move, computed once."""

    situation: Situation
    key: str
    unit_type: UnitType
    side: str
    start: Hex | None                      # None: a reinforcement entering at one of ``entries``
    entries: frozenset[Hex]
    allowance: Fraction | None
    minimum_move: bool                     # AGS 5.14
    enemy_zoc: Mapping[Hex, list[str]]
    enemy_hexes: set[Hex]
    river_guard: dict[tuple[str, str], set[Hex]]
    step_rule: StepRule | None = None
    leaves_start_zoc: bool = False         # the leg after an overrun: its hex's zone does not hold it
    condition: Condition | None = None     # the weather in force for this move (a game's own rule)
    # what the game's data alone decides, kept for the game (see _Memo), and this unit type's
    # and side's entry costs in it
    memo: _Memo = field(init=False, repr=False)
    costs: dict[tuple[Hex | None, Hex], Entry] = field(init=False, repr=False)

    # the hexes of the unit's friends (all, combat units), worked out when first asked for: only
    # a step into a river's guarded hexes (AGS 10.13) or an HQ's move (AGS 11.23) asks
    _friends: list[set[Hex]] | None = field(init=False, repr=False, default=None)

    def __post_init__(self) -> None:
        self.memo = _memo(self.situation.game)
        self.costs = self.memo.costs(self.unit_type, self.side, self.condition)

    @property
    def friendly_hexes(self) -> set[Hex]:
        """Hexes holding a friendly unit other than this one (markers aside)."""
        return self._friendly()[0]

    @property
    def friendly_combat_hexes(self) -> set[Hex]:
        """Hexes holding a friendly combat unit other than this one."""
        return self._friendly()[1]

    def _friendly(self) -> list[set[Hex]]:
        if self._friends is None:
            self._friends = occupied_by_friends_of(self.situation, self.side, [None, _COMBAT_CLASSES],
                                                   excluding=self.key)
        return self._friends

    @classmethod
    def build(cls, situation: Situation, key: str, allowance: Fraction | None, *,
              entries: frozenset[Hex] = frozenset(), step_rule: StepRule | None = None,
              leaves_start_zoc: bool = False, condition: Condition | None = None) -> MoveContext:
        game = situation.game
        unit = situation.units[key]
        return cls(
            situation=situation, key=key, unit_type=situation.unit_type(key), side=unit.side,
            start=unit.hex, entries=entries, allowance=allowance,
            minimum_move=bool(param(game, "minimum_move_one_hex", "AGS 5.14")),
            enemy_zoc=enemy_zoc(situation, unit.side, "movement"),
            enemy_hexes=occupied_by_enemy(situation, unit.side),
            river_guard=_river_guard(situation, unit.side),
            step_rule=step_rule, leaves_start_zoc=leaves_start_zoc, condition=condition,
        )

    @property
    def game(self) -> Game:
        return self.situation.game

    def neighbours(self, hex_: Hex) -> list[Hex]:
        return self.memo.neighbours(hex_)

    def cost(self, source: Hex | None, target: Hex) -> Entry:
        known = self.costs.get((source, target))
        if known is None:
            game = self.game
            known = (entry_cost_from_edge(game, self.unit_type, target, self.condition) if source is None
                     else entry_cost(game, self.unit_type, self.side, source, target, self.condition))
            self.costs[(source, target)] = known
        return known


class _Memo:
    """Entry costs, neighbours and the river hexsides between hexes depend only on the game data:
    worked out once per game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._costs: dict[tuple[str, bool, str, Condition | None], dict[tuple[Hex | None, Hex], Entry]] = {}
        self._counts: dict[tuple[str, bool, str, int, bool, Condition | None], dict[tuple[Hex, Hex], int | None]] = {}
        self._neighbours: dict[Hex, list[Hex]] = {}
        self._rivers: dict[tuple[Hex, Hex], tuple[tuple[str, str], ...]] = {}
        self.scale = 1      # a multiple of the denominator of every cost a route search has met

    def neighbours(self, hex_: Hex) -> list[Hex]:
        known = self._neighbours.get(hex_)
        if known is None:
            known = self._neighbours[hex_] = self.game.map.layout.neighbours(hex_)
        return known

    def costs(self, unit_type: UnitType, side: str,
              condition: Condition | None = None) -> dict[tuple[Hex | None, Hex], Entry]:
        """The entry costs (from a hex, or None: from the map edge, into a hex) of one unit type
        and side under one weather condition, filled in as searches ask for them. A unit type's
        entry costs depend only on its movement class and whether it uses roads (terrain.entry_cost,
        entry_cost_from_edge), so types alike in both share one table (Kiev: 15 types, 4 tables)."""
        return self._costs.setdefault((unit_type.movement_class, unit_type.uses_roads, side, condition), {})

    def counts(self, unit_type: UnitType, side: str, scale: int, terrain_rules: bool,
               condition: Condition | None = None) -> dict[tuple[Hex, Hex], int | None]:
        """The same entry costs as whole numbers of 1/scale MP (None: prohibited), for the route
        search, filled in as it asks for them."""
        return self._counts.setdefault((unit_type.movement_class, unit_type.uses_roads, side, scale, terrain_rules,
                                        condition), {})

    def hexside_features(self, source: Hex, target: Hex) -> tuple[tuple[str, str], ...]:
        """(feature, name) of every feature on the hexside between two hexes."""
        known = self._rivers.get((source, target))
        if known is None:
            known = self._rivers[(source, target)] = tuple(
                (f.feature, f.name) for f in self.game.map.hexsides.get(Hexside.between(source, target), ()))
        return known


def _memo(game: Game) -> _Memo:
    return of_map(game, "entry costs", lambda: _Memo(game))


def _river_guard(situation: Situation, side: str) -> dict[tuple[str, str], set[Hex]]:
    """AGS 10.13: for each river (feature, name) whose crossing into an enemy zone is forbidden,
    the hexes in the zone of control of enemy units adjacent to that river."""
    enemy_units = situation.signatures(enemies(situation.game, side))
    return remembered(situation.game, ("river_guard", side, enemy_units),
                      lambda: _guarded_rivers(situation, side))


def _guarded_rivers(situation: Situation, side: str) -> dict[tuple[str, str], set[Hex]]:
    game = situation.game
    guarded = {name for name, t in game.terrain.of_kind("hexside").items() if t.get(NO_MOVE_INTO_ENEMY_ZOC)}
    found: dict[tuple[str, str], set[Hex]] = {}
    if not guarded:
        return found
    for enemy in enemies(game, side):
        for key, unit in situation.on_map(enemy):
            if not exerts_zoc(situation, key):
                continue
            zone: set[Hex] | None = None
            for other in game.map.layout.neighbours(unit.hex, on_board=False):  # type: ignore[arg-type]
                for feature in game.map.hexsides.get(Hexside.between(unit.hex, other), ()):  # type: ignore[arg-type]
                    if feature.feature in guarded:
                        zone = zone if zone is not None else zoc_of_hex(game, unit.hex)  # type: ignore[arg-type]
                        found.setdefault((feature.feature, feature.name), set()).update(zone)
    return found


def river_zoc_blocks(context: MoveContext, source: Hex, target: Hex) -> bool:
    """AGS 10.13: no move across a major river into a hex in the zone of control of an enemy
    unit adjacent to that river, unless the hex holds a friendly unit."""
    if not context.river_guard or target in context.friendly_hexes:
        return False
    for feature in context.memo.hexside_features(source, target):
        if target in context.river_guard.get(feature, ()):
            return True
    return False


def hq_zoc_blocks(context: MoveContext, target: Hex) -> bool:
    """AGS 11.23: an HQ may enter an enemy-controlled hex only if a friendly non-HQ unit is there."""
    return (context.unit_type.unit_class in COMMAND_CLASSES and target in context.enemy_zoc
            and target not in context.friendly_combat_hexes)


State = tuple[Hex, int]      # hex, drops reached


def find_route(context: MoveContext, drops: Sequence[Hex], constraints: Constraints,
               limit: Fraction | None = None) -> Route | None:
    """The cheapest route through ``drops`` in order under ``constraints`` (costing at most
    ``limit`` when given), or None.

    Costs are added and compared as integers counting 1/scale Movement Points, which is exact
    while the scale is a multiple of every cost's denominator (and much quicker than Fraction
    arithmetic); a search that meets a cost it cannot count starts again with a larger scale,
    kept for the game."""
    while True:
        scale = math.lcm(context.memo.scale, *(v.denominator for v in (limit, context.allowance) if v is not None))
        try:
            return _find_route(context, drops, constraints, limit, scale)
        except _Rescale as more:
            context.memo.scale = math.lcm(context.memo.scale, more.denominator)


class _Rescale(Exception):
    """A cost the search's scale cannot count exactly (its denominator does not divide it)."""

    def __init__(self, denominator: int) -> None:
        super().__init__(denominator)
        self.denominator = denominator


def _find_route(context: MoveContext, drops: Sequence[Hex], constraints: Constraints, limit: Fraction | None,
                scale: int) -> Route | None:
    # The rules of step_cost, written out in the loop over neighbours (a search tries about a
    # hundred steps, a game a hundred thousand): each step's entry cost counted once per unit
    # type, side and scale (_Memo.counts), the cheap set look-ups first. The order in which
    # states are pushed, and so the route found among equally cheap ones, is step_cost's.
    counter = itertools.count()
    queue: list[tuple[int, int, State]] = []
    best: dict[State, int] = {}
    parent: dict[State, State | None] = {}
    most = None if limit is None else _count(limit, scale)
    ends = len(drops)

    def advance(hex_: Hex, reached: int) -> int:
        while reached < ends and drops[reached] == hex_:
            reached += 1
        return reached

    def push(state: State, cost: int, previous: State | None) -> None:
        if (state in best and best[state] <= cost) or (most is not None and cost > most):
            return
        best[state] = cost
        parent[state] = previous
        heapq.heappush(queue, (cost, next(counter), state))

    if context.start is not None:
        push((context.start, advance(context.start, 0)), 0, None)
    else:
        for hex_ in sorted(context.entries):
            entry = step_cost(context, None, hex_, constraints, first=True)
            if entry is not None:
                push((hex_, advance(hex_, 0)), _count(entry, scale), None)
    counts = context.memo.counts(context.unit_type, context.side, scale, constraints.terrain_rules, context.condition)
    enemy_hexes = context.enemy_hexes
    enemy_zoc = context.enemy_zoc
    guard = context.river_guard if constraints.river_zoc else {}
    guarded = set().union(*guard.values()) if guard else frozenset()
    features = context.memo.hexside_features
    rule = context.step_rule if constraints.step_rule else None
    hq = constraints.hq_zoc and context.unit_type.unit_class in COMMAND_CLASSES
    stops = constraints.zoc_stops
    neighbours = context.memo.neighbours
    minimum = (_count(context.allowance, scale) if context.minimum_move and context.allowance is not None
               else None)
    free_start = context.start is not None
    edge_count = _edge_counter(context, constraints.terrain_rules, scale)
    done: set[State] = set()
    while queue:
        cost, _, state = heapq.heappop(queue)
        if state in done:
            continue
        done.add(state)
        hex_, reached = state
        if reached == ends:
            return _route(state, best, parent, scale)
        first = free_start and parent[state] is None
        # AGS 5.23, 5.24, 8.21: a unit in an enemy zone stops there (AGS 6.24, 8.23: except in the
        # hex it overran, from which the leg after the overrun starts).
        if stops and hex_ in enemy_zoc and not (first and context.leaves_start_zoc):
            continue
        for other in neighbours(hex_):
            if other in enemy_hexes:
                continue        # AGS 5.22
            edge = (hex_, other)
            step = counts.get(edge, _UNKNOWN)
            if step is _UNKNOWN:
                step = counts[edge] = edge_count(hex_, other)
            if step is None:
                continue
            if other in guarded and other not in context.friendly_hexes and any(
                    other in guard.get(f, ()) for f in features(hex_, other)):
                continue        # AGS 10.13 (river_zoc_blocks)
            if rule is not None and not rule.allows(hex_, other):
                continue
            if hq and other in enemy_zoc and other not in context.friendly_combat_hexes:
                continue        # AGS 11.23 (hq_zoc_blocks)
            if first and minimum is not None and step > minimum:
                step = minimum  # AGS 5.14: a unit may always move one hex
            total = cost + step
            if most is not None and total > most:
                continue
            next_state = (other, advance(other, reached) if reached < ends and drops[reached] == other else reached)
            known = best.get(next_state)
            if known is not None and known <= total:
                continue
            best[next_state] = total
            parent[next_state] = state
            heapq.heappush(queue, (total, next(counter), next_state))
    return None


_UNKNOWN = object()


def _edge_counter(context: MoveContext, terrain_rules: bool, scale: int) -> Callable[[Hex, Hex], int | None]:
    """:func:`_edge_count` for one search. A step across a hexside with no feature on it (most
    of them) is worked out here as terrain.entry_cost would, without making its Entry: the hex's
    own cost (AGS 10.16: None where the terrain prohibits it, never a rule), times the weather's
    multiplier, or the road rate along a road across the hexside (AGS 10.23); a game's first
    search meets some ten thousand steps, each once per unit class."""
    game = context.game
    unit_type = context.unit_type
    condition = context.condition
    roads = unit_type.uses_roads
    features = game.map.features

    def edge_count(source: Hex, target: Hex) -> int | None:
        if features(source, target):
            return _edge_count(context, source, target, terrain_rules, scale)
        cost = hex_cost(game, unit_type, target)
        if isinstance(cost, Entry):
            return None
        if condition is not None:
            cost *= condition.hex_cost_multiplier
        if roads:
            road = line_rate(game, unit_type, source, target)
            if road is not None:
                cost = road
        if condition is not None:
            cost += condition.extra(target)     # Rostov 24.11
        return _count(cost, scale)

    return edge_count


def _edge_count(context: MoveContext, source: Hex, target: Hex, terrain_rules: bool, scale: int) -> int | None:
    """What step_cost charges for the step before the checks that depend on the position (enemy
    hexes, zones, the step rule) and on its being the first: the entry cost in 1/scale MP, or
    None where it is prohibited (a rule's prohibition waived when ``terrain_rules`` is off)."""
    entry = context.cost(source, target)
    if entry.prohibited:
        if terrain_rules or not entry.by_rule:
            return None
        return _count(entry.waived or Fraction(0), scale)
    return _count(entry.mp or Fraction(0), scale)


def _count(value: Fraction, scale: int) -> int:
    """``value`` in 1/scale units; raises _Rescale when that is not a whole number."""
    whole, rest = divmod(value.numerator * scale, value.denominator)
    if rest:
        raise _Rescale(value.denominator)
    return whole


def reachable(context: MoveContext, constraints: Constraints, limit: Fraction) -> frozenset[Hex]:
    """Every hex other than its start the unit could end a move in at a cost of at most ``limit``,
    by the same steps and zone-of-control stops as :func:`find_route` (what a report shades)."""
    start = context.start
    if start is None:
        return frozenset()
    counter = itertools.count()
    best = {start: Fraction(0)}
    queue = [(Fraction(0), next(counter), start)]
    while queue:
        cost, _, hex_ = heapq.heappop(queue)
        first = hex_ == start
        if cost > best[hex_] or (constraints.zoc_stops and hex_ in context.enemy_zoc
                                 and not (first and context.leaves_start_zoc)):
            continue    # AGS 5.23, 5.24: a unit in an enemy zone of control stops there
        for other in context.neighbours(hex_):
            step = step_cost(context, hex_, other, constraints, first=first)
            if step is not None and cost + step <= limit and cost + step < best.get(other, limit + 1):
                best[other] = cost + step
                heapq.heappush(queue, (cost + step, next(counter), other))
    return frozenset(h for h in best if h != start)


def step_cost(context: MoveContext, source: Hex | None, target: Hex, constraints: Constraints,
          first: bool) -> Fraction | None:
    """The cost of one step, or None when the constraints forbid it (AGS 5.22: never into an enemy hex)."""
    if target in context.enemy_hexes:
        return None
    entry = context.cost(source, target)
    if entry.prohibited:
        if constraints.terrain_rules or not entry.by_rule:
            return None
        entry = Entry(entry.waived)
    if source is not None:
        if constraints.river_zoc and river_zoc_blocks(context, source, target):
            return None
        if constraints.step_rule and context.step_rule is not None and not context.step_rule.allows(source, target):
            return None
    if constraints.hq_zoc and hq_zoc_blocks(context, target):
        return None
    cost = entry.mp or Fraction(0)
    if first and context.minimum_move and context.allowance is not None and cost > context.allowance:
        cost = context.allowance    # AGS 5.14: a unit may always move one hex
    return cost


def _route(state: State, best: dict[State, int], parent: dict[State, State | None], scale: int) -> Route:
    path: list[Hex] = []
    cursor: State | None = state
    while cursor is not None:
        path.append(cursor[0])
        cursor = parent[cursor]
    path.reverse()
    return Route(tuple(path), Fraction(best[state], scale))
