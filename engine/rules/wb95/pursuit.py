"""Pursuit after a WB-95 combat [WB95 5.4]: where a unit of the side that did not retreat may be
put down after the enemy retreated from (or was eliminated in) the hexes it fought in.

A log shows where the pursuer was put down, not its path: the envelope is a hex no farther from a
hex the enemy emptied than the pursuit allows. The first hex of a pursuit is the emptied hex
[5.4.4] and it moves no more hexes than the retreat path is long [5.4.6], so it ends at most one
hex short of that length from the emptied hex (leaving the path by one hex, 5.4.2, stays within
it); after an elimination it may enter the emptied hex and move on to an adjacent hex [5.4.10].
Towed units never pursue [5.4.9].

>>> reach(retreat=3, eliminated=False), reach(retreat=1, eliminated=False), reach(retreat=0, eliminated=True)
(2, 0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, hex_list, hex_name

if TYPE_CHECKING:
    from vmodgen.engine.rules.wb95.battle import Side

TOWED = "towed_artillery"


def reach(retreat: int, eliminated: bool) -> int:
    """How far from the emptied hex a pursuit may end [WB95 5.4.4, 5.4.6, 5.4.10]."""
    return max(retreat - 1, 1 if eliminated else 0, 0)


def pursuit_problem(before: Situation, after: Situation, key: str, enemy: Side, enemy_moved: dict[str, int],
                    enemy_gone: Sequence[str]) -> Verdict | None:
    """Why ``key``'s move is no pursuit the rules allow, or None when it is one."""
    game = before.game
    unit = before.units[key]
    start, end = unit.hex, after.units[key].hex
    assert start is not None and end is not None
    name = unit.counter.name
    if game.unit_types[unit.counter.type].unit_class == TOWED:
        return Verdict.illegal("WB95 5.4.9", f"{name}, a towed unit, pursued from {hex_name(game, start)} to "
                                             f"{hex_name(game, end)}; towed units cannot pursue", [end])
    emptied = sorted(h for h in enemy.hexes if not any(after.units[k].side == enemy.name for k in after.at(h)))
    if not emptied:
        return Verdict.illegal("WB95 5.4.4", f"{name} moved from {hex_name(game, start)} to {hex_name(game, end)} in "
                                             f"pursuit, but the enemy emptied none of "
                                             f"{hex_list(game, sorted(enemy.hexes))}, "
                                             "where a pursuit begins", [end])
    allowed = reach(max(enemy_moved.values(), default=0), bool(enemy_gone))
    layout = game.map.layout
    distance = min(layout.distance(h, end) for h in emptied)
    if distance > allowed:
        return Verdict.illegal("WB95 5.4.6", f"{name} pursued to {hex_name(game, end)}, {distance} hexes from the "
                                             f"emptied hex {hex_list(game, emptied)}; the pursuit allows {allowed} "
                                             f"(retreat of {max(enemy_moved.values(), default=0)} hexes"
                                             f"{', an elimination' if enemy_gone else ''})", [end])
    return None
