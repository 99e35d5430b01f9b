"""Supply in Panzergruppe Guderian [PGG 11.0], as far as the checker can judge it.

- Every unit is in supply during the first Player-Turn of its entrance [PGG 11.33].
- A Soviet combat unit is in supply through a Leader within its rating whose own Line of Supply
  reaches the eastern edge; a Leader by its own line [PGG 10.31, 11.21-11.24]
  (:class:`~vmodgen.engine.rules.pgg.leaders.Lines`).
- German supply runs twenty hexes (counted in Movement Points by unit type) to a road that leads
  to the road hex 0120 [PGG 11.11-11.13]: the book leaves open how the twenty are counted along a
  line that is partly road, so German supply is *not known* here, and every rule that depends on
  it is given the benefit of the doubt (a full Movement Allowance) or worked out both ways (the
  odds, :func:`~vmodgen.engine.rules.pgg.strength.combat_odds`).
"""

from __future__ import annotations

from collections.abc import Iterable

from vmodgen.engine.rules.pgg.leaders import LEADER, Lines
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.situation import Situation


def supply_of(situation: Situation, keys: Iterable[str], ledger: Ledger) -> dict[str, bool | None]:
    """In (True), out (False) or not known (None) for each unit, now."""
    lines: dict[str, Lines] = {}
    found: dict[str, bool | None] = {}
    for key in keys:
        unit = situation.units[key]
        if ledger.entered_this_player_turn(key, situation.turn, situation.phase.side):
            found[key] = True                         # PGG 11.33
            continue
        has_leaders = any(situation.game.unit_types[c.type].unit_class == LEADER and c.side == unit.side
                          for c in situation.game.counters)
        if not has_leaders or unit.hex is None:
            found[key] = None                         # PGG 11.1: not judged (see the module)
            continue
        side_lines = lines.setdefault(unit.side, Lines(situation, unit.side, ledger.maybe_disrupted))
        found[key] = side_lines.in_supply(key)
    return found
