"""Soviet rail movement [PGG 6.3]: only the sides of ``rules.rail_sides`` [PGG 6.31, 6.36], from a
railroad hex along connected railroad hexes to a railroad hex [PGG 6.32], never into or through
an enemy unit or enemy zone of control [PGG 6.32], at most ``rules.rail_hexes_per_phase`` rail hexes
[PGG 6.33]; at most ``rules.rail_units_per_turn`` combat units a Game-Turn, a unit of a type in
``rules.rail_unit_weight`` counting that many, Leaders free (``rules.rail_counts_hqs``)
[PGG 6.31]. The railroad graph is the shared one (:func:`~vmodgen.engine.rules.rail.rail_links`).

A log does not say a unit moved by rail: a move too long for normal movement is asked whether
rail explains it (the benefit of the doubt). Rail Cut Markers close their hexes to rail movement
[PGG 6.37]; a hex under an Air Interdiction Marker costs ``rules.rail_interdicted_hex_cost`` of the
rail hexes to move through [PGG 13.31] (the hex a move ends in is not charged: the book says
"through"). Which markers are in force is :mod:`~vmodgen.engine.rules.pgg.markers`'.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.rail import rail_links
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, cite, optional_param
from vmodgen.engine.rules.zoc import enemy_zoc, occupied_by_enemy

LEADER = "leader"


@dataclass(frozen=True)
class RailMarkers:
    """Rail Cut Markers [PGG 6.37] and Air Interdiction Markers [PGG 13.31] in force for a phase."""

    cut: frozenset[Hex] = frozenset()
    interdicted: frozenset[Hex] = frozenset()
    interdicted_cost: int = 1

    def __bool__(self) -> bool:
        return bool(self.cut or self.interdicted)


NO_MARKERS = RailMarkers()


def by_rail(situation: Situation, key: str, start: Hex, drops: list[Hex], markers: RailMarkers = NO_MARKERS) -> bool:
    """Whether a rail move from ``start`` through ``drops`` is open to the unit [PGG 6.32, 6.33],
    past the markers in force [PGG 6.37, 13.31]."""
    game = situation.game
    unit = situation.units[key]
    if unit.side not in optional_param(game, "rail_sides", ()):
        return False
    limit = optional_param(game, "rail_hexes_per_phase", None)
    if limit is None:
        return False
    links = rail_links(game)
    blocked = occupied_by_enemy(situation, unit.side) | set(enemy_zoc(situation, unit.side, "movement"))
    if start not in links or start in blocked:
        return False
    blocked |= markers.cut          # PGG 6.37: not into or through a Rail Cut Marker
    used = 0
    here = start
    last = drops[-1] if drops else start
    for drop in drops:
        if drop == here:
            continue
        length = _distance(links, here, drop, blocked, markers, last)
        if length is None:
            return False
        used += length
        here = drop
    return used <= int(limit)


def rail_hexes(situation: Situation, key: str, start: Hex, drops: list[Hex]) -> int | None:
    """The rail hexes a move from ``start`` through ``drops`` takes along open railroad, whatever
    the limit, or None when no such route is open to the unit [PGG 6.32]: a move longer than
    normal movement allows whose rail route is longer than PGG 6.33 allows breaks the rail rule."""
    game = situation.game
    unit = situation.units[key]
    if unit.side not in optional_param(game, "rail_sides", ()):
        return None
    links = rail_links(game)
    blocked = occupied_by_enemy(situation, unit.side) | set(enemy_zoc(situation, unit.side, "movement"))
    if start not in links or start in blocked:
        return None
    used, here = 0, start
    for drop in drops:
        length = 0 if drop == here else _distance(links, here, drop, blocked)
        if length is None:
            return None
        used, here = used + length, drop
    return used


def _distance(links: dict[Hex, set[Hex]], start: Hex, goal: Hex, blocked: set[Hex],
              markers: RailMarkers = NO_MARKERS, last: Hex | None = None) -> int | None:
    """Rail hexes from ``start`` to ``goal``: one a hex, an interdicted hex moved through more
    [PGG 13.31]."""
    seen = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if here == goal:
            return cost
        if cost > seen[here]:
            continue
        for there in links.get(here, ()):
            if there in blocked:
                continue
            step = markers.interdicted_cost if there in markers.interdicted and there != last else 1
            if cost + step < seen.get(there, cost + step + 1):
                seen[there] = cost + step
                heapq.heappush(queue, (cost + step, there))
    return None


def capacity_check(situation: Situation, keys: Iterable[str]) -> Verdict:
    """PGG 6.31: the units moved by rail in one Game-Turn, by weight, against the limit."""
    game = situation.game
    limit = optional_param(game, "rail_units_per_turn", None)
    if limit is None:
        return Verdict.unchecked(cite(game, "PGG 6.31"), "the game data has no rules.rail_units_per_turn")
    weights = optional_param(game, "rail_unit_weight", {})
    free_leaders = optional_param(game, "rail_counts_hqs", True) is False
    total = 0
    names = []
    for key in keys:
        unit_type = situation.unit_type(key)
        if free_leaders and unit_type.unit_class == LEADER:
            continue
        group = game.group_of(unit_type.name)
        total += int(weights.get(unit_type.name, weights.get(group, 1)) if isinstance(weights, dict) else 1)
        names.append(situation.units[key].counter.name)
    if total > int(limit):
        return Verdict.illegal(cite(game, "PGG 6.31"), f"{total} combat units' worth moved by rail on Game-Turn "
                                                       f"{situation.turn} ({', '.join(names)}); the limit is {limit}")
    return Verdict.legal(cite(game, "PGG 6.31"), f"{total} of {limit} by rail on Game-Turn {situation.turn}")

