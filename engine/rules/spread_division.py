"""A division spread over several hexes, doubled on defense under which readings
[``rules.divisional_integrity_defense_range``; Korsun 19.52, 19.53]. Each regiment is doubled when
every regiment of the division is in play (19.54) and no more than two hexes from the others, "the
hexes between the units" hold no Enemy unit and no Friendly unit of another division, and no
regiment is stacked with a unit of another division but a Sturmgeschuetz or Baeke
(``rules.divisional_integrity_neutral_types``: their types and the case, 19.53).

The book does not say which hexes lie "between" two hexes two apart, and its examples are pictures
the text does not carry. Two regiments two hexes apart in a straight line have one hex between
them, the hex next to both, under every reading. Two hexes two apart off a straight line have two
hexes next to both, and the line from centre to centre runs along the hexside between those two:
both may be read as between them, or neither. So a spread division is doubled under *every*
reading when every hex next to two regiments two apart is free, and under *some* reading when each
straight-line middle hex is free of Enemy units and of Friendly units that 19.53 does not exempt
(the 19.3 units "do not violate the divisional integrity", which may be read of their standing
between too). A reading the book leaves open is never a finding: the combat check accepts a result
read either way (``engine/rules/ags/combat_phase.py``).

>>> DOUBLED, MAYBE, NOT
('doubled', 'maybe', 'not')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import cite, game_case, hex_name, optional_param, optional_table

DOUBLED, MAYBE, NOT = "doubled", "maybe", "not"


@dataclass(frozen=True)
class Spread:
    """One regiment of a spread division: doubled under every reading, some, or none, why, and the
    case a finding on it cites."""

    status: str
    reason: str
    case: str


def spread_divisions(situation: Situation, defenders: Sequence[str]) -> dict[str, Spread]:
    """For each defender whose whole division is on the map within the range but not all in its
    hex, how the readings of 19.52 and 19.53 double it; defenders of no such division are absent."""
    game = situation.game
    reach = int(optional_param(game, "divisional_integrity_defense_range", 0))
    types = optional_param(game, "divisional_integrity_types", None)
    if not reach:
        return {}
    layout = game.map.layout
    found: dict[str, Spread] = {}
    for key in defenders:
        counter = situation.units[key].counter
        if not counter.formation or (types is not None and counter.type not in types):
            continue
        members = [k for k, u in situation.units.items() if u.hex is not None
                   and u.counter.formation == counter.formation and u.side == counter.side
                   and (types is None or u.counter.type in types)]
        size = sum(1 for c in game.counters if c.formation == counter.formation and (types is None or c.type in types))
        hexes = sorted({situation.units[k].hex for k in members if situation.units[k].hex is not None})
        within = all(layout.distance(a, b) <= reach for a, b in combinations(hexes, 2))
        if len(members) == size and len(hexes) > 1 and within:
            found[key] = _readings(situation, counter.side, set(members), hexes)
    return found


def _readings(situation: Situation, side: str, members: set[str], hexes: list[Hex]) -> Spread:
    game = situation.game
    layout = game.map.layout
    exempt_rule = optional_table(game, "divisional_integrity_neutral_types") or {}
    neutral = set(exempt_rule.get("types", ()))
    case = game_case(game, "divisional_integrity_defense", game_case(game, "divisional_integrity"))
    division = situation.units[next(iter(members))].counter.formation

    def strangers(hex_: Hex, exempt: bool) -> list[str]:
        """Units in ``hex_`` that are not of the division (enemies; friends, the 19.53 ones only
        when not ``exempt``)."""
        return [situation.units[k].counter.name for k in situation.at(hex_)
                if k not in members and situation.unit_type(k).unit_class != "marker"
                and not (exempt and situation.units[k].side == side and situation.units[k].counter.type in neutral)]

    for hex_ in hexes:
        stacked = strangers(hex_, exempt=True)
        if stacked:
            return Spread(NOT, f"the {division} is stacked with {', '.join(stacked)} in {hex_name(game, hex_)}, so "
                               "none of its units is eligible", cite(game, str(exempt_rule.get("case", case))))
    every, blocked = True, []
    for a, b in combinations(hexes, 2):
        if layout.distance(a, b) < 2:
            continue
        middle = [h for h in layout.neighbours(a) if layout.distance(h, b) == 1]
        every = every and not any(strangers(h, exempt=False) for h in middle)
        if len(middle) == 1 and strangers(middle[0], exempt=True):
            blocked.append(f"{', '.join(strangers(middle[0], exempt=True))} in {hex_name(game, middle[0])}, between "
                           f"{hex_name(game, a)} and {hex_name(game, b)}")
    if blocked:
        return Spread(NOT, f"the {division} has {'; '.join(blocked)}, where no other unit may stand", case)
    if every:
        return Spread(DOUBLED, f"the {division} within two hexes, nothing between its regiments", case)
    return Spread(MAYBE, f"the {division} within two hexes, a unit next to two of its regiments that may or may not "
                         "be read as between them", case)
