"""Soviet rail movement [PGG 6.3]: only the sides of ``rules.rail_sides`` [PGG 6.31, 6.36], from a
railroad hex along connected railroad hexes to a railroad hex [PGG 6.32], never into or through
an enemy unit or enemy zone of control [PGG 6.32], at most ``rules.rail_hexes_per_phase`` rail hexes
[PGG 6.33]; at most ``rules.rail_units_per_turn`` combat units a Game-Turn, a unit of a type in
``rules.rail_unit_weight`` counting that many, Leaders free (``rules.rail_counts_hqs``)
[PGG 6.31]. The railroad graph is the shared one (:func:`~vmodgen.engine.rules.rail.rail_links`).

A log does not say a unit moved by rail: a move too long for normal movement is asked whether
rail explains it (the benefit of the doubt). Air Interdiction (four rail points a hex, PGG 13.31)
and Rail Cut markers (PGG 6.37) are not read, so a rail move they forbid is not found.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.rail import rail_links
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, cite, optional_param
from vmodgen.engine.rules.zoc import enemy_zoc, occupied_by_enemy

LEADER = "leader"


def by_rail(situation: Situation, key: str, start: Hex, drops: list[Hex]) -> bool:
    """Whether a rail move from ``start`` through ``drops`` is open to the unit [PGG 6.32, 6.33]."""
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
    used = 0
    here = start
    for drop in drops:
        if drop == here:
            continue
        length = _distance(links, here, drop, blocked)
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


def _distance(links: dict[Hex, set[Hex]], start: Hex, goal: Hex, blocked: set[Hex]) -> int | None:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return seen[here]
        for there in links.get(here, ()):
            if there not in seen and there not in blocked:
                seen[there] = seen[here] + 1
                queue.append(there)
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

