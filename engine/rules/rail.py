"""Rail movement [AGS 5.3; a game's limits, ``game_cases.rail`` or the finer ``rail_distance``,
``rail_capacity`` and ``rail_enemy_hexes``]: along connected railroad hexes, from a friendly rail hex
to a friendly rail hex, never into or through an enemy-occupied or enemy-controlled hex, at
most ``rules.rail_hexes_per_phase`` hexes (a rail hex under a marker ``rules.rail_interdiction``
names counting more: Rostov 19.21, 24.11), only in the Initial Movement Phase and only for the
sides in ``rules.rail_sides``; at most ``rules.rail_units_per_turn`` units a Game-Turn, HQs free.

A log does not say that a unit moved by rail; when a move is too long for normal movement the
checker may ask :func:`rail_check` whether a rail move explains it (the benefit of the doubt).

>>> rail_check(situation, "sov-xx-6", [game.map.layout.parse("1108")]).status     # doctest: +SKIP
'legal'
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import ILLEGAL, LEGAL, UNCHECKED, CannotCheck, Verdict, cite, game_case, hex_list, hex_name, \
    optional_param, param
from vmodgen.engine.rules.zoc import COMMAND_CLASSES, enemy_zoc, occupied_by_enemy

RAILROAD = "railroad"


@dataclass(frozen=True)
class RailVerdict(Verdict):
    """A rail-movement verdict with the shortest rail path found and the rail hexes it uses."""

    path: tuple[Hex, ...] = ()
    rail_hexes: int = 0


def rail_links(game: Game) -> dict[Hex, set[Hex]]:
    """Adjacent rail hexes connected by a railroad running across their common hexside."""
    links: dict[Hex, set[Hex]] = {}
    for line in game.map.lines:
        if line.kind != RAILROAD:
            continue
        for a, b in zip(line.hexes, line.hexes[1:]):
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    return links


def rail_check(situation: Situation, key: str, drops: Sequence[Hex], *, start: Hex | None = None,
               counts: RailCounts | None = None) -> RailVerdict:
    """Could the unit have moved by rail from its hex (or ``start``: the entry hex of a
    reinforcement arriving by rail, AGS 15.0) through every drop, in order? ``counts``: rail
    hexes that count more than one when entered (:func:`rail_counts`), the path then the one
    that counts least."""
    game = situation.game
    unit = situation.units[key]
    origin = start if start is not None else unit.hex
    name = unit.counter.name
    try:
        return _check(situation, key, origin, list(drops), name, counts)
    except CannotCheck as unknown:
        return RailVerdict(UNCHECKED, cite(game, unknown.case or "AGS 5.3"), unknown.reason, tuple(drops))


@dataclass(frozen=True)
class RailCounts:
    """Rail hexes that count ``count`` rail hexes each when entered, by the rule ``case``."""

    hexes: frozenset[Hex]
    count: int
    case: str

    def of(self, hex_: Hex) -> int:
        return self.count if hex_ in self.hexes else 1


def rail_counts(game: Game, markers: Iterable[Any]) -> RailCounts | None:
    """``rules.rail_interdiction`` (a marker kind and side whose markers make a rail hex count
    ``counts`` rail hexes, and the case; Rostov 19.21, 24.11) applied to the markers on the map
    (each with ``kind``, ``side`` and ``hex``), or None when the game has no such rule or no
    such marker is down."""
    rule = optional_param(game, "rail_interdiction", None)
    if not isinstance(rule, dict):
        return None
    hexes = frozenset(m.hex for m in markers if m.kind == rule["marker"] and m.side == rule["side"]
                      and m.hex is not None)
    return RailCounts(hexes, int(rule["counts"]), str(rule["case"])) if hexes else None


def _check(situation: Situation, key: str, origin: Hex | None, drops: list[Hex], name: str,
           counts: RailCounts | None = None) -> RailVerdict:
    game = situation.game
    unit = situation.units[key]
    sides = param(game, "rail_sides", "AGS 5.32")
    if unit.side not in sides:
        return _illegal(game, game_case(game, "rail", "AGS 5.3"), f"the {unit.side} side may not move units by rail", drops)
    phase = situation.phase
    if phase.side != unit.side or phase.kind != param(game, "rail_phase", "AGS 5.34"):
        return _illegal(game, "AGS 5.34", f"{name} may move by rail only in its side's Initial Movement Phase, "
                                          f"not in the {phase.name} phase", drops)
    _enemy_rule(game, unit.side)
    if origin is None:
        return RailVerdict(UNCHECKED, cite(game, "AGS 5.31"), f"{name} is off the map", tuple(drops))
    links = rail_links(game)
    zone = enemy_zoc(situation, unit.side, "movement")
    enemy = occupied_by_enemy(situation, unit.side)
    if origin not in links:
        return _illegal(game, "AGS 5.31", f"{name} did not start in a rail hex ({hex_name(game, origin)})", [origin])
    enemy_case = game_case(game, "rail_enemy_hexes", "AGS 5.33")     # Operation Star 19.2
    if origin in zone:
        return _illegal(game, enemy_case, f"{name} started in the enemy-controlled hex {hex_name(game, origin)} and "
                                          "may not move by rail", [origin])
    path = [origin]
    for drop in drops:
        if drop == path[-1]:
            continue
        if drop in enemy or drop in zone:
            # A railroad of more than one hex leading into an enemy-controlled hex makes it a rail
            # move into it: the verdict carries that path, so the movement phase judges it as rail,
            # not as a foot march too long. A step into an enemy-occupied hex (AGS 5.22), or one
            # hex along the railroad, is judged as the foot move it may be.
            line = _shortest(links, path[-1], drop, blocked=set()) if drop not in enemy else None
            ride = path + line[1:] if line and len(line) > 2 else []
            return _illegal(game, enemy_case, f"{name} may not move by rail into the enemy-"
                                              f"{'occupied' if drop in enemy else 'controlled'} hex "
                                              f"{hex_name(game, drop)}", [drop], ride)
        leg = _shortest(links, path[-1], drop, blocked=enemy | set(zone), counts=counts)
        if leg is None:
            return _illegal(game, "AGS 5.31", f"no railroad free of enemy units and zones of control leads from "
                                              f"{hex_name(game, path[-1])} to {hex_name(game, drop)}",
                            [path[-1], drop])
        path.extend(leg[1:])
    used = sum(counts.of(h) for h in path[1:]) if counts is not None else len(path) - 1
    distance_case = game_case(game, "rail_distance", game_case(game, "rail", "AGS 5.3"))   # Operation Star 19.21
    limit = int(param(game, "rail_hexes_per_phase", distance_case))
    through = f" through {hex_list(game, path[1:-1])}" if len(path) > 2 else ""
    if used > limit:
        heavy = [h for h in path[1:] if counts is not None and h in counts.hexes]
        case = cite(game, counts.case) if counts is not None and heavy and len(path) - 1 <= limit else distance_case
        why = f" ({hex_list(game, heavy)} counting {counts.count} each, {counts.case})" if heavy and counts else ""
        return RailVerdict(ILLEGAL, case,
                           f"{name}: the rail move from {hex_name(game, origin)} to {hex_name(game, path[-1])}"
                           f"{through} uses {used} rail hexes{why}; the limit is {limit}", tuple(drops), tuple(path),
                           used)
    return RailVerdict(LEGAL, cite(game, "AGS 5.31"),
                       f"{name} moves by rail from {hex_name(game, origin)} to {hex_name(game, path[-1])}{through}, "
                       f"{used} of {limit} rail hexes", tuple(drops), tuple(path), used)


def _enemy_rule(game: Game, side: str) -> None:
    """A game states the AGS 5.33 rule as data; check that it is the rule implemented here."""
    rule = param(game, "rail_enemy_hexes", "AGS 5.33")
    enemies = [s.name.lower() for s in game.sides if s.name != side]
    if rule not in {f"not_{e}_occupied_or_controlled" for e in enemies}:
        raise CannotCheck(f"rules.rail_enemy_hexes is {rule!r}: this checker knows only "
                          f"'not_<enemy>_occupied_or_controlled'", "AGS 5.33")


def _shortest(links: dict[Hex, set[Hex]], start: Hex, goal: Hex, blocked: set[Hex],
              counts: RailCounts | None = None) -> list[Hex] | None:
    if counts is not None:
        return _least(links, start, goal, blocked, counts)
    previous: dict[Hex, Hex | None] = {start: None}
    queue = deque([start])
    while queue:
        hex_ = queue.popleft()
        if hex_ == goal:
            path = [hex_]
            while previous[path[-1]] is not None:
                path.append(previous[path[-1]])  # type: ignore[arg-type]
            return list(reversed(path))
        for other in sorted(links.get(hex_, ())):
            if other not in previous and other not in blocked:
                previous[other] = hex_
                queue.append(other)
    return None


def _least(links: dict[Hex, set[Hex]], start: Hex, goal: Hex, blocked: set[Hex], counts: RailCounts) -> list[Hex] | None:
    """The railroad path from ``start`` to ``goal`` that counts the fewest rail hexes."""
    best: dict[Hex, int] = {start: 0}
    previous: dict[Hex, Hex | None] = {start: None}
    queue = [(0, start)]
    while queue:
        cost, hex_ = heapq.heappop(queue)
        if hex_ == goal:
            path = [hex_]
            while previous[path[-1]] is not None:
                path.append(previous[path[-1]])  # type: ignore[arg-type]
            return list(reversed(path))
        if cost > best[hex_]:
            continue
        for other in sorted(links.get(hex_, ())):
            total = cost + counts.of(other)
            if other not in blocked and total < best.get(other, total + 1):
                best[other], previous[other] = total, hex_
                heapq.heappush(queue, (total, other))
    return None


def _illegal(game: Game, case: str, message: str, hexes: Iterable[Hex], path: Iterable[Hex] = ()) -> RailVerdict:
    return RailVerdict(ILLEGAL, cite(game, case), message, tuple(hexes), tuple(path))


def rail_capacity_check(situation: Situation, keys: Iterable[str]) -> Verdict:
    """Whether the units moved by rail in one Game-Turn (reinforcements included) stay within
    ``rules.rail_units_per_turn``; HQs do not count unless ``rules.rail_counts_hqs`` [AGS 11.21]; a type
    listed in ``rules.rail_unit_weights`` counts as that many units."""
    game = situation.game
    case = game_case(game, "rail_capacity", game_case(game, "rail", "AGS 5.3"))    # Rostov 19.22
    try:
        limit = int(param(game, "rail_units_per_turn", case))
    except CannotCheck as unknown:
        return Verdict.unchecked(cite(game, unknown.case), unknown.reason)
    counts_hqs = optional_param(game, "rail_counts_hqs", True)
    counted = [k for k in keys if counts_hqs or situation.unit_type(k).unit_class not in COMMAND_CLASSES]
    names = ", ".join(situation.units[k].counter.name for k in counted)
    # Rostov 19.22: some types count as more than one unit (``rules.rail_unit_weights``)
    weights = optional_param(game, "rail_unit_weights", {})
    total = sum(int(weights.get(situation.units[k].counter.type, 1)) for k in counted)
    count = f"{len(counted)}" if total == len(counted) else f"{len(counted)} (counting as {total})"
    if total > limit:
        return Verdict.illegal(case, f"{count} units moved by rail on Game-Turn {situation.turn} ({names}); "
                                     f"the limit is {limit}")
    return Verdict.legal(case, f"{count} of {limit} units moved by rail on Game-Turn {situation.turn}")
