"""Markers that make a hex cost more to enter by normal movement (``rules.marker_move_cost``;
Rostov 24.11: "the presence of the marker adds one Movement Point to the cost of entering the
hex for a unit being moved normally").

A log never says what a marker was put down for, so only a marker whose place allows no other
use counts: with ``on_rail`` one on a rail hex (the only hexes a rail interdiction marker may
lie on), and never one sharing its hex with a piece of the marker's own side (there it may be a
marker for that piece: Rostov 24.12 on a German stack, 24.13 on a supply counter, which add
nothing). Only the sides ``movers`` pay: the marker interdicts the enemy's movement, and a
reading that makes its own side pay too would only add findings. Only in the phases
``phase_kinds``: in a later phase a marker may lie where a unit it was put on for left it (a
German stack that retreated in combat). A move judged without the extra cost is never a false
alarm; so every doubt leaves the marker out.

>>> marked_hexes(situation, "Soviet", markers)      # doctest: +SKIP
frozenset({Hex(col=8, row=28)})
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.rail import rail_links
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition, with_extra
from vmodgen.engine.rules.verdict import optional_table


def marked_hexes(situation: Situation, mover_side: str, markers: Iterable[Any]) -> frozenset[Hex]:
    """The hexes a unit of ``mover_side`` pays the marker's extra cost to enter, from the
    markers on the map (each with ``kind``, ``side`` and ``hex``) as the move begins."""
    rule = optional_table(situation.game, "marker_move_cost")
    if rule is None or mover_side not in rule["movers"] or situation.phase.kind not in rule["phase_kinds"]:
        return frozenset()
    down = {m.hex for m in markers if m.kind == rule["marker"] and m.side == rule["side"] and m.hex is not None}
    if not down:
        return frozenset()
    own = {u.hex for u in situation.units.values() if u.side == rule["side"] and u.hex is not None}
    rails = rail_links(situation.game) if rule.get("on_rail") else None
    return frozenset(h for h in down if h not in own and (rails is None or h in rails))


def with_marker_costs(situation: Situation, mover_side: str, condition: Condition | None,
                      markers: Iterable[Any]) -> Condition | None:
    """``condition`` with the marked hexes' extra cost (unchanged when no marker counts)."""
    hexes = marked_hexes(situation, mover_side, markers)
    if not hexes:
        return condition
    rule = optional_table(situation.game, "marker_move_cost") or {}
    return with_extra(condition, hexes, Fraction(rule["mp"]), str(rule["case"]))
