"""Where a WB-95 unit's zone of control certainly reaches, for the combat checks: the mandatory
attacks [WB95 5.1.3, 5.1.4] and the hexes a retreat may not end in [5.3.3].

A regular unit's ZoC spans its adjacent hexes [4.1.1, 4.1.2], not across a big river [4.1.3]
nor onto terrain its type cannot enter [4.1.4]; artillery, HQs and Resilience Groups have none
[6.1.5, 9.1.1, 15.2.2]. The combat checks accuse only where the ZoC surely reaches.
"""

from __future__ import annotations

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.situation import Situation, UnitState

#: unit classes of regular units, which have a ZoC and fight directly [WB95 1.3, 4.1.2]
REGULAR = ("mechanized", "trucked", "non_motorized")
PROHIBITED = "P"


def is_regular(situation: Situation, unit: UnitState) -> bool:
    return situation.game.unit_types[unit.counter.type].unit_class in REGULAR


def zoc_reaches(situation: Situation, unit: UnitState, target: Hex) -> bool:
    """Whether ``unit``'s ZoC surely covers ``target`` [WB95 4.1.1-4.1.4]."""
    game = situation.game
    if unit.hex is None or not is_regular(situation, unit) or not game.map.layout.adjacent(unit.hex, target):
        return False
    unit_type = game.unit_types[unit.counter.type]
    terrain = game.terrain.types.get(game.map.terrain(target))
    if terrain is not None and _prohibited(terrain.get("cost"), unit_type.movement_class):
        return False        # 4.1.4
    for feature in game.map.features(unit.hex, target):
        kind = game.terrain.types.get(feature)
        if kind is not None and (kind.get("blocks_zoc") or _prohibited(kind.get("extra_cost"), unit_type.movement_class)):
            return False    # 4.1.3
    return True


def in_enemy_zoc(situation: Situation, side: str, target: Hex) -> list[str]:
    """Keys of the enemy units (not of ``side``) whose ZoC surely covers ``target``."""
    return [key for key, unit in situation.on_map() if unit.side != side and zoc_reaches(situation, unit, target)]


def _prohibited(costs: object, movement_class: str) -> bool:
    return isinstance(costs, dict) and costs.get(movement_class) == PROHIBITED
