"""Stacking [PGG 7.1, 7.2]: never more than three combat units of a side in a hex
(``rules.stacking_limit``), and for the Soviet Player as many as four units of any kind when one
of them is a Leader (``rules.stacking_limit_with_hq``); markers never count. The limit binds at
the end of each friendly Movement Phase and in the Combat Phase; the excess is eliminated by the
owner, so an over-stack left standing is the finding.

>>> [v.case for v in stacking_violations(situation, "German")]      # doctest: +SKIP
['PGG 7.2']
"""

from __future__ import annotations

from collections import defaultdict

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_name, param

LEADER = "leader"
MARKER = "marker"


def stacking_violations(situation: Situation, side: str) -> list[Verdict]:
    """One illegal verdict per over-stacked hex of ``side``."""
    game = situation.game
    try:
        limit = int(param(game, "stacking_limit", "PGG 7.1"))
        with_leader = int(param(game, "stacking_limit_with_hq", "PGG 7.1"))
    except CannotCheck as unknown:
        return [Verdict.unchecked(cite(game, unknown.case), unknown.reason)]
    has_leaders = any(c.side == side and game.unit_types[c.type].unit_class == LEADER for c in game.counters)
    case = cite(game, "PGG 7.1" if has_leaders else "PGG 7.2")
    stacks: dict[Hex, list[str]] = defaultdict(list)
    for key, unit in situation.on_map(side):
        if situation.unit_type(key).unit_class != MARKER:
            stacks[unit.hex].append(key)  # type: ignore[index]
    found = []
    for hex_, keys in sorted(stacks.items()):
        leaders = sum(1 for k in keys if situation.unit_type(k).unit_class == LEADER)
        combat = len(keys) - leaders
        names = ", ".join(situation.units[k].counter.name for k in sorted(keys))
        where = hex_name(game, hex_)
        if combat > limit:
            found.append(Verdict.illegal(case, f"{combat} {side} combat units in {where} ({names}); the limit is "
                                               f"{limit}", [hex_]))
        elif leaders and len(keys) > with_leader:
            found.append(Verdict.illegal(case, f"{len(keys)} {side} units in {where} ({names}); the limit with a "
                                               f"Leader is {with_leader}", [hex_]))
    return found
