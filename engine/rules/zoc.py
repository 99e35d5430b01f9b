"""Zones of control [AGS 8.0]: the six hexes around every unit, except across hexsides (and
into hexes) whose terrain blocks them [AGS 8.12].

What a zone of control does depends on the purpose: every unit's zone stops enemy movement
[AGS 8.21]; for tracing supply and lines of communication and for retreats a friendly unit in a
hex negates enemy zones there [AGS 8.25], and in Kiev HQ and leader zones do not count at all
[Kiev 19.67, 21.0] (``rules.hq_zoc_blocks_supply_and_retreat``).

>>> stop_hexes = enemy_zoc(game, situation, "German")        # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Literal

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.positions import of_map, remembered
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import chart_value, hex_terrain
from vmodgen.engine.rules.verdict import optional_param

Purpose = Literal["movement", "supply", "retreat"]

COMMAND_CLASSES = ("hq", "leader")      # Kiev 21.0: leaders follow the HQ rules of Section 11.0
NON_COMBAT_CLASSES = ("hq", "leader", "marker")


def enemies(game: Game, side: str) -> list[str]:
    return [s.name for s in game.sides if s.name != side]


def exerts_zoc(situation: Situation, key: str, purpose: Purpose = "movement") -> bool:
    """AGS 8.11: every unit exerts a zone of control at all times; markers are not units."""
    unit_class = situation.unit_type(key).unit_class
    if unit_class == "marker":
        return False
    if purpose != "movement" and unit_class in COMMAND_CLASSES:
        # Kiev 19.67, 21.0: HQ and leader zones stop movement only.
        return bool(optional_param(situation.game, "hq_zoc_blocks_supply_and_retreat", True))
    return True


def zoc_of_hex(game: Game, hex_: Hex) -> set[Hex]:
    """The hexes a unit in ``hex_`` controls: the adjacent hexes not cut off by a blocking
    hexside or blocking hex terrain (AGS 8.12: major rivers, all-sea and lake hexsides)."""
    return set(of_map(game, ("zoc", hex_), lambda: frozenset(_zoc_of_hex(game, hex_))))


def _zoc_of_hex(game: Game, hex_: Hex) -> set[Hex]:
    found = set()
    for other in game.map.layout.neighbours(hex_):
        if any(chart_value(game.terrain.types[f], "blocks_zoc") for f in game.map.features(hex_, other)):
            continue
        if chart_value(hex_terrain(game, other), "blocks_zoc"):
            continue
        found.add(other)
    return found


def zoc_of(situation: Situation, key: str) -> set[Hex]:
    """The hexes one unit controls (empty when off the map or a marker)."""
    unit = situation.units[key]
    if unit.hex is None or not exerts_zoc(situation, key):
        return set()
    return zoc_of_hex(situation.game, unit.hex)


def controlled_by(situation: Situation, side: str, purpose: Purpose = "movement") -> dict[Hex, list[str]]:
    """Every hex in the zone of control of ``side``'s units, with the units exerting it."""
    game = situation.game
    found: dict[Hex, list[str]] = {}
    by_hex: dict[Hex, list[str]] = {}
    for key, unit in situation.on_map(side):
        if exerts_zoc(situation, key, purpose):
            by_hex.setdefault(unit.hex, []).append(key)  # type: ignore[arg-type]
    for hex_, keys in by_hex.items():
        for other in zoc_of_hex(game, hex_):
            found.setdefault(other, []).extend(keys)
    return found


def enemy_zoc(situation: Situation, side: str, purpose: Purpose = "movement") -> Mapping[Hex, list[str]]:
    """Hexes where ``side``'s units are in an enemy zone of control for ``purpose``, with the enemy
    units exerting it. For supply and retreats, hexes holding a friendly unit (for retreats: a
    friendly combat unit) are left out [AGS 8.25, 9.71]. The answer is kept for the position and
    shared: a read-only view of it, not a copy, is given out."""
    # The answer depends on the enemy units (and, beyond movement, on the friendly ones): the
    # same for every unit asked about in one friendly movement phase.
    game = situation.game
    depends = [s.name for s in game.sides] if purpose != "movement" else enemies(game, side)
    key = ("enemy_zoc", side, purpose, situation.turn, situation.signatures(depends))
    found = remembered(situation.game, key, lambda: _enemy_zoc(situation, side, purpose))
    return MappingProxyType(found)


def _enemy_zoc(situation: Situation, side: str, purpose: Purpose) -> dict[Hex, list[str]]:
    game = situation.game
    found: dict[Hex, list[str]] = {}
    for enemy in enemies(game, side):
        for hex_, keys in controlled_by(situation, enemy, purpose).items():
            found.setdefault(hex_, []).extend(keys)
    if purpose == "movement":
        return found
    negating = _negating_hexes(situation, side, purpose)
    return {h: keys for h, keys in found.items() if h not in negating}


def _negating_hexes(situation: Situation, side: str, purpose: Purpose) -> set[Hex]:
    hexes = set()
    for key, unit in situation.on_map(side):
        unit_class = situation.unit_type(key).unit_class
        if unit_class == "marker":
            continue
        if purpose == "retreat" and unit_class in NON_COMBAT_CLASSES:
            continue
        hexes.add(unit.hex)  # type: ignore[arg-type]
    return hexes


def occupied_by_enemy(situation: Situation, side: str) -> set[Hex]:
    """Hexes holding at least one enemy unit (markers excluded)."""
    game = situation.game
    key = ("occupied_by_enemy", side, situation.signatures(enemies(game, side)))
    return set(remembered(game, key, lambda: frozenset(_occupied_by_enemy(situation, side))))


def _occupied_by_enemy(situation: Situation, side: str) -> set[Hex]:
    types = situation.game.unit_types
    found: set[Hex] = set()
    for enemy in enemies(situation.game, side):
        for _, unit in situation.on_map(enemy):
            if types[unit.counter.type].unit_class != "marker":
                found.add(unit.hex)  # type: ignore[arg-type]
    return found


def occupied_by_friends_of(situation: Situation, side: str, class_sets: Sequence[Iterable[str] | None],
                           excluding: str | None = None) -> list[set[Hex]]:
    """:func:`occupied_by_friends` for each of ``class_sets`` (None: every class), in one pass over
    the side's units (a move's context asks for two, once per move): the hexes of each unit class,
    then their union for each set."""
    class_of = of_map(situation.game, "unit classes by type",
                      lambda: {name: t.unit_class for name, t in situation.game.unit_types.items()})
    by_class: dict[str, set[Hex]] = {}
    for key, unit in situation.on_map(side):
        if key != excluding:
            unit_class = class_of[unit.counter.type]
            hexes = by_class.get(unit_class)
            if hexes is None:
                hexes = by_class[unit_class] = set()
            hexes.add(unit.hex)  # type: ignore[arg-type]
    by_class.pop("marker", None)
    return [set().union(*by_class.values()) if classes is None
            else set().union(*(by_class.get(c, ()) for c in set(classes))) for classes in class_sets]


def occupied_by_friends(situation: Situation, side: str, classes: Iterable[str] | None = None,
                        excluding: str | None = None) -> set[Hex]:
    """Hexes holding a unit of ``side`` (of ``classes`` when given), not counting ``excluding``."""
    wanted = set(classes) if classes is not None else None
    types = situation.game.unit_types
    found: set[Hex] = set()
    for key, unit in situation.on_map(side):
        if key == excluding:
            continue
        unit_class = types[unit.counter.type].unit_class
        if unit_class == "marker" or (wanted is not None and unit_class not in wanted):
            continue
        found.add(unit.hex)  # type: ignore[arg-type]
    return found
