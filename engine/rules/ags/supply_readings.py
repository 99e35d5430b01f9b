"""Attackers whose supply the log leaves open between two readings a game's rule names
(``rules.battle_supply_readings``; Rostov 23.18: a unit whose line reaches only a supply counter
under the Soviet Air marker is out of supply if the marker was put down as 24.21 allows, which
the battle cannot see, in supply if not). Such a battle is judged under every reading: the
result applied is accepted when one reading's odds give it, a finding only when none does.

>>> readings({"a": None, "b": None, "d": True}, [["a", "b"]])
[{'a': True, 'b': True, 'd': True}, {'a': False, 'b': False, 'd': True}]
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.supply import UNKNOWN, SupplyState
from vmodgen.engine.rules.verdict import optional_table

MOST_OPEN = 4       # 2**4 readings at most; a battle with open attackers in more hexes stays not checked


def open_attackers(situation: Situation, states: Mapping[str, SupplyState], supply: Mapping[str, bool | None],
                   attackers: Sequence[str]) -> list[list[str]]:
    """The attackers whose supply is not known only by a case the game judges under both
    readings, by hex (units in one hex trace one line: their supply is read together)."""
    rule = optional_table(situation.game, "battle_supply_readings")
    if rule is None:
        return []
    cases = set(rule["cases"])
    by_hex: dict[Hex | None, list[str]] = {}
    for key in attackers:
        if supply.get(key) is None and states[key].status == UNKNOWN and states[key].case in cases:
            by_hex.setdefault(situation.units[key].hex, []).append(key)
    return list(by_hex.values()) if len(by_hex) <= MOST_OPEN else []


def readings(supply: Mapping[str, bool | None], groups: Sequence[Sequence[str]]) -> list[dict[str, bool | None]]:
    """Every assignment of in (True) or out of supply (False) to each group of units, the most
    generous first (every attacker in supply: the strongest attack)."""
    found = []
    for values in itertools.product((True, False), repeat=len(groups)):
        found.append({**supply, **{k: value for group, value in zip(groups, values) for k in group}})
    return found
