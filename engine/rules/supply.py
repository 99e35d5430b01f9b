"""Supply [AGS 12.0, 11.3; Kiev 19.8]: whether a unit is in supply, out of supply, or not known.

A line of supply runs from the unit to a supply source through adjacent hexes: never through an
enemy-occupied hex, never through an enemy-controlled hex unless a friendly unit is there
[AGS 12.1, 8.25], into but not through swamp, across blocking hexsides (major rivers) only where
a road, railroad or friendly city lets it [AGS 12.11, 10.15]. Sides whose units depend on HQs
(``rules.<side>_supply_via_hq``) need a line of communications, no longer than an HQ's
Leadership Rating, to an HQ that is itself in supply [AGS 11.31, 12.14]. Sources, lengths and
exceptions come from ``rules.<side>_supply_*`` and ``rules.soviet_first_turn_supply``.

>>> SupplyTracer(situation).state("sov-xx-6").status        # doctest: +SKIP
'in'
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.values import NotApplicable
from vmodgen.engine.rules.board import EDGES, edge_hexes
from vmodgen.engine.rules.positions import of_map, remembered
from vmodgen.engine.rules.record import MarkerPlaced
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import hex_terrain
from vmodgen.engine.rules.verdict import CannotCheck, cite, game_case, hex_name, optional_param, param
from vmodgen.engine.rules.zoc import enemies, enemy_zoc, occupied_by_enemy, occupied_by_friends

IN, OUT, UNKNOWN = "in", "out", "unknown"
CROSSINGS = ("road", "railroad", "friendly_city")
_CITY = "friendly_city"     # a hexside a line crosses only at a friendly city (AGS 10.15)
_UNKNOWN = object()         # not in a memo's table yet


@dataclass(frozen=True)
class SupplyState:
    """``status`` is in, out or unknown; ``case`` and ``reason`` say why."""

    status: str
    case: str
    reason: str

    @property
    def in_supply(self) -> bool | None:
        return None if self.status == UNKNOWN else self.status == IN


def supply_state(situation: Situation, key: str, *, entered_this_player_turn: bool = False) -> SupplyState:
    """The supply state of one unit in ``situation`` (see :class:`SupplyTracer` for many)."""
    return SupplyTracer(situation).state(key, entered_this_player_turn=entered_this_player_turn)


#: A game's own supply rule (e.g. Rostov 23.0, Axis supply counters): called with the tracer and
#: a unit's key, it answers that unit's supply, or None to leave it to the shared rules.
SideSupplyRule = Callable[["SupplyTracer", str], "SupplyState | None"]
_SIDE_SUPPLY_RULES: list[SideSupplyRule] = []


def register_side_supply_rule(rule: SideSupplyRule) -> None:
    """Let a game's own module answer supply for the units it knows (see :data:`SideSupplyRule`)."""
    if rule not in _SIDE_SUPPLY_RULES:
        _SIDE_SUPPLY_RULES.append(rule)


#: A game's rule that changes a state the lines of supply gave, from what the position alone does
#: not show (Korsun 25.23: a unit air supplied the Game-Turn before is in supply): called with the
#: tracer, a unit's key and its state by the lines, it answers the state every check reads.
SupplyOverride = Callable[["SupplyTracer", str, "SupplyState"], "SupplyState"]
_SUPPLY_OVERRIDES: list[SupplyOverride] = []


def register_supply_override(rule: SupplyOverride) -> None:
    """Let a game's own module change the supply the lines give (see :data:`SupplyOverride`)."""
    if rule not in _SUPPLY_OVERRIDES:
        _SUPPLY_OVERRIDES.append(rule)


class SupplyTracer:
    """Traces supply for every unit of one situation, sharing the work between units."""

    def __init__(self, situation: Situation, markers: Mapping[str, MarkerPlaced] | None = None, *,
                 by_lines: bool = False) -> None:
        self.situation = situation
        self.game = situation.game
        # The family's markers on the map at that moment, for a game whose supply reads one (Rostov
        # 23.2: an Axis Air marker supplies the stack under it); none when the caller has none.
        self.markers: Mapping[str, MarkerPlaced] = markers or {}
        # Only the lines of supply, no SupplyOverride: what a rule that reads the lines asks
        # (Korsun 25.1: isolation is about lines, air supply or not).
        self.by_lines = by_lines
        self._lines_tracer: SupplyTracer | None = None
        self._networks: dict[tuple[str, bool], dict[Hex, int]] = {}
        self._barred: dict[str, set[Hex]] = {}
        self._lines: dict[tuple[str, Hex, int], dict[Hex, int]] = {}
        self._assumed = False      # a city of unknown control was taken as assumed (_friendly_city)
        self._occupied: dict[str, tuple[set[Hex], set[Hex]]] = {}    # (friendly, enemy) hexes
        self._states: dict[tuple[str, bool], SupplyState] = {}
        self._radii: dict[str, dict[str, int]] = {}       # HQ key -> Leadership Rating, by side

    # -- public -------------------------------------------------------------------------------

    def state(self, key: str, *, entered_this_player_turn: bool = False) -> SupplyState:
        """In, out or unknown supply for one unit, with the case and the reason; worked out once
        per unit (a phase asks about a unit more than once: a 13-turn game twice on average)."""
        known = self._states.get((key, entered_this_player_turn))
        if known is None:
            try:
                known = self._state(key, entered_this_player_turn)
            except CannotCheck as unknown:
                known = SupplyState(UNKNOWN, cite(self.game, unknown.case or "AGS 12.1"), unknown.reason)
            if not self.by_lines:
                for override in _SUPPLY_OVERRIDES:
                    known = override(self, key, known)
            self._states[(key, entered_this_player_turn)] = known
        return known

    def by_lines_alone(self) -> SupplyTracer:
        """A tracer of the same moment that answers by the lines of supply alone (no
        :data:`SupplyOverride`); this one when it already does."""
        if self.by_lines:
            return self
        if self._lines_tracer is None:
            self._lines_tracer = SupplyTracer(self.situation, self.markers, by_lines=True)
        return self._lines_tracer

    def sources(self, side: str) -> set[Hex]:
        """The side's supply sources now [Kiev 19.82, 19.84]; raises CannotCheck."""
        spec = param(self.game, f"{side.lower()}_supply_sources", "AGS 12.12")
        if not isinstance(spec, dict):
            raise CannotCheck(f"rules.{side.lower()}_supply_sources should be a table", "AGS 12.12")
        candidates = self._source_candidates(side, spec)
        for name, value in spec.items():
            if name in ("edges", "requires", "areas", "not_in_areas", "along"):
                continue
            candidates -= self._source_condition(side, name, value)
        return candidates

    # -- for a game's own supply rule --------------------------------------------------------

    def barred(self, side: str) -> set[Hex]:
        """Hexes no line of ``side``'s supply enters: enemy units and enemy zones [AGS 12.1]."""
        return self._barred_hexes(side)

    def enterable(self, hex_: Hex) -> bool:
        """Whether a line of supply may enter the hex at all, as the map decides it."""
        return _map_memo(self.game).enterable(hex_)

    def into_not_through(self, hex_: Hex) -> bool:
        """Whether a line of supply may enter the hex but not go on from it (swamp, AGS 12.11)."""
        return _map_memo(self.game).into_not_through(hex_)

    def friendly_city(self, side: str, hex_: Hex, assume_friendly: bool) -> bool:
        """Whether ``hex_`` is a city ``side`` controls (cities of unknown control: ``assume_friendly``)."""
        return self._friendly_city(side, hex_, assume_friendly)

    # -- one unit ------------------------------------------------------------------------------

    def _state(self, key: str, entered: bool) -> SupplyState:
        game = self.game
        unit = self.situation.units[key]
        if unit.hex is None:
            raise CannotCheck(f"{unit.counter.name} is not on the map")
        side = unit.side
        if entered and optional_param(game, "reinforcements_in_supply_on_entry", False):
            return SupplyState(IN, cite(game, "AGS 15.0"), f"{unit.counter.name} entered this Player-Turn")
        for rule in _SIDE_SUPPLY_RULES:
            own = rule(self, key)
            if own is not None:
                return own
        first = self._first_turn(side)
        if first is not None:
            if self.situation.phase.side == side:
                # Kiev 19.85: in supply for the whole first Game-Turn unless cut in the enemy Player-Turn.
                return SupplyState(IN, game_case(game, "first_turn_supply"), f"every {side} unit is in supply in its first "
                                                                 "Player-Turn")
            return self._direct(key, _length(first.get("line_length", "any")), game_case(game, "first_turn_supply"))
        via_hq = optional_param(game, f"{side.lower()}_supply_via_hq", False)
        unit_class = self.situation.unit_type(key).unit_class
        if via_hq and unit_class != "hq":
            return self._via_hq(key)
        if via_hq:
            return self._direct(key, None, "AGS 12.14")     # an HQ traces a line of any length
        length = _length(param(game, f"{side.lower()}_supply_line_length", "AGS 12.12"))
        return self._direct(key, length, "AGS 12.1")

    def _first_turn(self, side: str) -> dict[str, Any] | None:
        rule = optional_param(self.game, f"{side.lower()}_first_turn_supply", None)
        if isinstance(rule, dict) and rule.get("turn") == self.situation.turn:
            return rule
        return None

    def _direct(self, key: str, length: int | None, case: str) -> SupplyState:
        unit = self.situation.units[key]
        reached = self._reaches(unit.side, unit.hex, length)  # type: ignore[arg-type]
        name = unit.counter.name
        where = hex_name(self.game, unit.hex)  # type: ignore[arg-type]
        within = f" within {length} hexes" if length is not None else ""
        if reached is True:
            return SupplyState(IN, cite(self.game, case), f"{name} in {where} traces a line of supply{within} to a "
                                                          "supply source")
        if reached is False:
            return SupplyState(OUT, cite(self.game, case), f"{name} in {where} traces no line of supply{within} to a "
                                                           "supply source")
        return SupplyState(UNKNOWN, cite(self.game, "AGS 10.15"),
                           f"{name} in {where}: the line of supply depends on who controls a city on a major river")

    def hqs_in_communication(self, key: str) -> list[str]:
        """The friendly HQs within whose Leadership Rating a line of communications reaches the
        unit [AGS 11.31]; raises CannotCheck when a rating is unknown."""
        unit = self.situation.units[key]
        if unit.hex is None:
            raise CannotCheck(f"{unit.counter.name} is not on the map")
        radius = self._radii.get(unit.side)
        if radius is None:
            radius = self._radii[unit.side] = self._hq_radii(unit.side)
        distances = self._communications(unit.side, unit.hex, max(radius.values(), default=0))
        return [k for k, r in radius.items()
                if distances.get(self.situation.units[k].hex, r + 1) <= r]  # type: ignore[arg-type]

    def _hq_radii(self, side: str) -> dict[str, int]:
        """Each of the side's HQs on the map with its Leadership Rating [AGS 11.31]; raises
        CannotCheck when a rating is unknown."""
        radius = {}
        for hq_key, hq in self.situation.on_map(side):
            if self.situation.unit_type(hq_key).unit_class != "hq":
                continue
            rating = hq.counter.leadership
            if rating is None or isinstance(rating, NotApplicable):
                raise CannotCheck(f"the Leadership Rating of {hq.counter.name} is not known", "AGS 11.31")
            radius[hq_key] = int(rating)
        return radius

    def _via_hq(self, key: str) -> SupplyState:
        game = self.game
        unit = self.situation.units[key]
        name = unit.counter.name
        where = hex_name(game, unit.hex)  # type: ignore[arg-type]
        in_reach = [(k, self.situation.units[k]) for k in self.hqs_in_communication(key)]
        if not in_reach:
            return SupplyState(OUT, cite(game, "AGS 11.34"), f"{name} in {where} traces no line of communications to "
                                                             "an HQ within its Leadership Rating")
        undecided = []
        for _, hq in in_reach:
            reached = self._reaches(unit.side, hq.hex, None)  # type: ignore[arg-type]
            if reached is True:
                return SupplyState(IN, cite(game, "AGS 12.14"),
                                   f"{name} in {where} is in communication with {hq.counter.name} in "
                                   f"{hex_name(game, hq.hex)}, which is in supply")  # type: ignore[arg-type]
            if reached is None:
                undecided.append(hq.counter.name)
        if undecided:
            return SupplyState(UNKNOWN, cite(game, "AGS 10.15"), f"{name} in {where}: the supply of "
                                                                 f"{', '.join(undecided)} depends on who controls a "
                                                                 "city on a major river")
        names = ", ".join(hq.counter.name for _, hq in in_reach)
        return SupplyState(OUT, cite(game, "AGS 11.34"), f"{name} in {where} is in communication only with "
                                                         f"out-of-supply HQs ({names})")

    # -- lines ---------------------------------------------------------------------------------

    def _reaches(self, side: str, hex_: Hex, length: int | None) -> bool | None:
        """Whether a line of supply (of at most ``length`` hexes) joins ``hex_`` to a source: True,
        False, or None when the answer depends on unknown city control."""
        answers = set()
        for friendly_cities in (False, True):
            network = self._network(side, friendly_cities)
            answers.add(hex_ in network and (length is None or network[hex_] <= length))
        return answers.pop() if len(answers) == 1 else None

    def _network(self, side: str, assume_friendly: bool) -> dict[Hex, int]:
        """Steps from the nearest source to every hex a line of supply reaches, traced backwards
        from the sources (``assume_friendly``: cities of unknown control count as friendly)."""
        cached = self._networks.get((side, assume_friendly))
        if cached is not None:
            return cached
        # The lines depend only on where every unit stands (enemy units and zones, friendly units
        # at cities), the turn, and who controls which city: phases and battles that see the same
        # position share them.
        situation = self.situation
        key = ("supply network", side, situation.turn, situation.signatures([s.name for s in self.game.sides]),
               frozenset(situation.control.items()))
        # One entry per position, filled with each assumption as it is traced (each a function of
        # the key alone, so the entry only grows, never changes).
        networks: dict[bool, dict[Hex, int]] = remembered(self.game, key, dict)
        if assume_friendly not in networks:
            distance = self._trace(side, assume_friendly)
            networks[assume_friendly] = distance
            if not self._assumed:
                # No city's unknown control was consulted: the other assumption traces the same lines.
                networks[not assume_friendly] = distance
        for assumption, distance in networks.items():
            self._networks[(side, assumption)] = distance
        return networks[assume_friendly]

    def _trace(self, side: str, assume_friendly: bool) -> dict[Hex, int]:
        # A breadth-first search, one ring of hexes at a time (the order a queue would take them
        # in); the map's answers read from the memo's tables, asked of it only when not known yet.
        barred = self._barred_hexes(side)
        memo = _map_memo(self.game)
        distance: dict[Hex, int] = {}
        ring: list[Hex] = []
        self._assumed = False
        for source in sorted(self.sources(side)):
            if source not in barred and memo.enterable(source):
                distance[source] = 0
                ring.append(source)
        known_steps = memo.known_steps
        known_swamps = memo.known_into_not_through
        step = 0
        while ring:
            step += 1
            following: list[Hex] = []
            for hex_ in ring:
                if step > 1:
                    swamp = known_swamps.get(hex_)
                    if swamp is None:
                        swamp = memo.into_not_through(hex_)
                    if swamp:
                        continue    # AGS 12.11: into a swamp, but not through it
                steps = known_steps.get(hex_, _UNKNOWN)
                if steps is _UNKNOWN:
                    steps = memo.steps(hex_)
                if steps is None:
                    steps = memo.steps_one_by_one(hex_, distance, barred)
                for other, crossing in steps:
                    if other in distance or other in barred:
                        continue
                    if crossing is _CITY:
                        crossing = any(self._friendly_city(side, h, assume_friendly) for h in (hex_, other))
                    elif crossing is None:
                        crossing = self._crossable(side, hex_, other, assume_friendly)
                    if not crossing:
                        continue
                    distance[other] = step
                    following.append(other)
            ring = following
        return distance

    def _barred_hexes(self, side: str) -> set[Hex]:
        """Hexes no line of supply or communications enters: enemy units and the enemy zones
        that count for supply [AGS 12.1, 11.31, 8.25]; the same for every unit of the side."""
        barred = self._barred.get(side)
        if barred is None:
            barred = self._barred[side] = occupied_by_enemy(self.situation, side) | set(
                enemy_zoc(self.situation, side, "supply"))
        return barred

    def _crossable(self, side: str, a: Hex, b: Hex, assume_friendly: bool) -> bool:
        game = self.game
        for feature in game.map.features(a, b):
            ftype = game.terrain.types[feature]
            rule = ftype.get("supply")
            if rule == "normal":
                continue
            if rule != "blocked":
                raise CannotCheck(f"terrain.{feature}.supply is {rule!r}: say normal or blocked")
            if feature in _ignored_by(game).get(side, ()):
                continue    # a side's supply crosses it anyway (Korsun 19.72: German supply and major rivers)
            allowed = ftype.get("supply_crosses_at", [])
            unknown = [c for c in allowed if c not in CROSSINGS]
            if unknown:
                raise CannotCheck(f"terrain.{feature}.supply_crosses_at names {unknown}, which this checker does "
                                  "not know")
            if any(kind in allowed and game.map.line_crosses(kind, a, b) for kind in ("road", "railroad")):
                continue    # AGS 10.15: along roads or railroads that cross the river
            if "friendly_city" in allowed and any(self._friendly_city(side, h, assume_friendly) for h in (a, b)):
                continue    # AGS 10.15: at friendly cities adjacent to the river
            return False
        return True

    def _friendly_city(self, side: str, hex_: Hex, assume_friendly: bool) -> bool:
        place = self.game.map.places.get(hex_)
        if place is None or place.kind != "city":
            return False
        owner = self.situation.control.get(hex_)
        if owner is not None:
            return owner == side
        occupied = self._occupied.get(side)
        if occupied is None:
            occupied = self._occupied[side] = (occupied_by_friends(self.situation, side),
                                               occupied_by_enemy(self.situation, side))
        if hex_ in occupied[0]:
            return True
        if hex_ in occupied[1]:
            return False
        self._assumed = True
        return assume_friendly

    def _communications(self, side: str, start: Hex, radius: int) -> dict[Hex, int]:
        """AGS 11.31: steps of a line of communications from a unit, counting the unit's hex and
        not the HQ's, through any traversable terrain; major rivers do not matter (AGS 10.15)."""
        known = self._lines.get((side, start, radius))
        if known is not None:
            return known
        game = self.game
        barred = self._barred_hexes(side)
        memo = _map_memo(game)
        known_links = memo.known_links(side)
        distance = {start: 0}
        ring = [start]
        step = 0
        while ring and step < radius:   # breadth first, one ring at a time (as a queue would)
            step += 1
            following: list[Hex] = []
            for hex_ in ring:
                links = known_links.get(hex_, _UNKNOWN)
                if links is _UNKNOWN:
                    links = memo.links(side, hex_)
                if links is None:       # terrain the chart cannot answer for: ask step by step, as it raises
                    links = [o for o in game.map.layout.neighbours(hex_)
                             if o in distance or o in barred or _traversable(game, side, hex_, o)]
                for other in links:
                    if other in distance or other in barred:
                        continue
                    distance[other] = step
                    following.append(other)
            ring = following
        self._lines[(side, start, radius)] = distance
        return distance

    # -- sources -------------------------------------------------------------------------------

    def _source_candidates(self, side: str, spec: dict[str, Any]) -> set[Hex]:
        game = self.game
        listed = [a for a in game.map.areas if a.purpose == "supply" and a.side == side]
        if listed:
            candidates = {h for a in listed for h in a.hexes}
        else:
            edges = spec.get("edges", [])
            if not edges or any(e not in EDGES for e in edges):
                raise CannotCheck(f"rules.{side.lower()}_supply_sources.edges should list map edges {EDGES}")
            on_edge = set().union(*(edge_hexes(game.map.layout, e) for e in edges))
            # A line "running off the map" ends in an edge hex.
            ends = {h for line in game.map.lines if line.kind in spec.get("requires", [])
                    for h in (line.hexes[0], line.hexes[-1])}
            candidates = on_edge & ends if spec.get("requires") else on_edge
        if "areas" in spec:
            candidates &= {h for a in game.map.areas if a.name in spec["areas"] for h in a.hexes}
        if "not_in_areas" in spec:
            candidates -= {h for a in game.map.areas if a.name in spec["not_in_areas"] for h in a.hexes}
        if "along" in spec:
            # Operation Star 20.2: any railroad hex from which connected railroad hexes reach a source
            candidates = self._along_lines(side, candidates, spec["along"])
        return candidates

    def _along_lines(self, side: str, starts: set[Hex], kinds: list[str]) -> set[Hex]:
        """The hexes joined to ``starts`` along consecutive hexes of lines of ``kinds``, a line
        of hexes like a line of supply: not through enemy units or enemy zones (AGS 12.1)."""
        links: dict[Hex, set[Hex]] = {}
        for line in self.game.map.lines:
            if line.kind in kinds:
                for a, b in zip(line.hexes, line.hexes[1:]):
                    links.setdefault(a, set()).add(b)
                    links.setdefault(b, set()).add(a)
        barred = occupied_by_enemy(self.situation, side) | set(enemy_zoc(self.situation, side, "supply"))
        found = {h for h in starts if h in links and h not in barred}
        todo = sorted(found)
        while todo:
            for other in links[todo.pop()]:
                if other not in found and other not in barred:
                    found.add(other)
                    todo.append(other)
        return found

    def _source_condition(self, side: str, name: str, value: Any) -> set[Hex]:
        """Hexes a ``not_<enemy>_occupied`` / ``not_<enemy>_controlled`` condition takes away."""
        for enemy in enemies(self.game, side):
            if name == f"not_{enemy.lower()}_occupied" and value:
                return occupied_by_enemy(self.situation, side)
            if name == f"not_{enemy.lower()}_controlled" and value:
                # Kiev 19.84 with 19.67 and 8.25: HQ zones and friendly-occupied hexes do not count.
                return set(enemy_zoc(self.situation, side, "supply"))
        raise CannotCheck(f"rules.{side.lower()}_supply_sources.{name} is a condition this checker does not know")


def _ignored_by(game: Game) -> dict[str, list[str]]:
    """``rules.supply_features_ignored``: per side, the blocking features its supply lines cross
    anyway (Korsun 19.72: major river hexsides do not block German supply); none by default."""
    value = optional_param(game, "supply_features_ignored", {})
    return value if isinstance(value, dict) else {}


def _length(value: Any) -> int | None:
    if value == "any":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise CannotCheck(f"a supply line length of {value!r}: say a number of hexes or 'any'")


def _enterable(game: Game, hex_: Hex) -> bool:
    rule = hex_terrain(game, hex_).get("supply")
    if rule not in ("normal", "into_not_through", "blocked"):
        raise CannotCheck(f"terrain.{game.map.terrain(hex_)}.supply is {rule!r}: say normal, into_not_through "
                          "or blocked")
    return rule != "blocked"


def _into_not_through(game: Game, hex_: Hex) -> bool:
    return hex_terrain(game, hex_).get("supply") == "into_not_through"


def _traversable(game: Game, side: str, a: Hex, b: Hex) -> bool:
    """A hex and hexside some unit could move through (not all-sea or lake)."""
    cost = hex_terrain(game, b).get("cost")
    values: Iterable[Any] = cost.values() if isinstance(cost, dict) else [cost]
    if all(v == "P" for v in values):
        return False
    for feature in game.map.features(a, b):
        extra = game.terrain.types[feature].get("extra_cost")
        value = extra.get(side) if isinstance(extra, dict) else extra
        if value == "P":
            return False
    return True


class _MapMemo:
    """What a line of supply or communications may enter or cross, as far as the map alone
    decides it: worked out once per game, hex by hex as the searches reach them. Anything the
    chart cannot answer (a CannotCheck) is not kept, so it is raised where the search meets it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._enterable: dict[Hex, bool] = {}
        self._into_not_through: dict[Hex, bool] = {}
        self._crossing: dict[tuple[Hex, Hex], bool | str | None] = {}
        self._links: dict[str, dict[Hex, tuple[Hex, ...] | None]] = {}
        self._steps: dict[Hex, tuple[tuple[Hex, bool | str | None], ...] | None] = {}
        # what is known so far, read directly by the searches (ask the methods for the rest)
        self.known_steps = self._steps
        self.known_into_not_through = self._into_not_through

    def known_links(self, side: str) -> dict[Hex, tuple[Hex, ...] | None]:
        """:meth:`links` known so far for ``side``, by hex."""
        return self._links.setdefault(side, {})

    def enterable(self, hex_: Hex) -> bool:
        known = self._enterable.get(hex_)
        if known is None:
            known = self._enterable[hex_] = _enterable(self.game, hex_)
        return known

    def into_not_through(self, hex_: Hex) -> bool:
        known = self._into_not_through.get(hex_)
        if known is None:
            known = self._into_not_through[hex_] = _into_not_through(self.game, hex_)
        return known

    def crossing(self, a: Hex, b: Hex) -> bool | str | None:
        """Whether a line of supply crosses the hexside a/b: True, False, ``_CITY`` (only if a or
        b is a friendly city), or None when the terrain chart cannot say (ask ``_crossable``)."""
        if (a, b) not in self._crossing:
            self._crossing[(a, b)] = self._crossing_of(a, b)
        return self._crossing[(a, b)]

    def _crossing_of(self, a: Hex, b: Hex) -> bool | str | None:
        game = self.game
        outcomes = set()
        for feature in game.map.features(a, b):
            ftype = game.terrain.types[feature]
            rule = ftype.get("supply")
            if rule == "normal":
                continue
            allowed = ftype.get("supply_crosses_at", [])
            if rule != "blocked" or any(c not in CROSSINGS for c in allowed) \
                    or any(feature in features for features in _ignored_by(game).values()):
                return None     # side by side (_crossable)
            if any(kind in allowed and game.map.line_crosses(kind, a, b) for kind in ("road", "railroad")):
                continue
            outcomes.add(_CITY if "friendly_city" in allowed else False)
        if False in outcomes:
            return False
        return _CITY if outcomes else True

    def steps(self, hex_: Hex) -> tuple[tuple[Hex, bool | str | None], ...] | None:
        """The neighbours a line of supply may enter from ``hex_``, each with its :meth:`crossing`,
        or None when the chart cannot say for one of them (then :meth:`steps_one_by_one`)."""
        if hex_ not in self._steps:
            try:
                found: tuple[tuple[Hex, bool | str | None], ...] | None = tuple(
                    (o, self.crossing(hex_, o)) for o in self.game.map.layout.neighbours(hex_) if self.enterable(o))
            except Exception:  # noqa: BLE001 - raised again, step by step, where a search meets it
                found = None
            self._steps[hex_] = found
        return self._steps[hex_]

    def steps_one_by_one(self, hex_: Hex, reached: Container[Hex],
                         barred: Container[Hex]) -> Iterator[tuple[Hex, bool | str | None]]:
        """:meth:`steps` asked neighbour by neighbour, skipping those already ``reached`` or
        ``barred`` before the chart is asked, so that what it cannot answer is raised only for a
        neighbour the search would enter."""
        for other in self.game.map.layout.neighbours(hex_):
            if other not in reached and other not in barred and self.enterable(other):
                yield other, self.crossing(hex_, other)

    def links(self, side: str, hex_: Hex) -> tuple[Hex, ...] | None:
        """The neighbours a line of communications may step to from ``hex_`` (AGS 11.31), or None
        when the chart cannot say for one of them."""
        known = self.known_links(side)
        if hex_ not in known:
            try:
                found: tuple[Hex, ...] | None = tuple(o for o in self.game.map.layout.neighbours(hex_)
                                                      if _traversable(self.game, side, hex_, o))
            except CannotCheck:
                found = None
            known[hex_] = found
        return known[hex_]


def _map_memo(game: Game) -> _MapMemo:
    return of_map(game, "supply lines", lambda: _MapMemo(game))
