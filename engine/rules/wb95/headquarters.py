"""Headquarters in WB-95 combat: the roll modifier an HQ gives only within its range [WB95 9.2.1,
9.2.2], and the combat modifiers the opponent gains from an HQ's elimination, for the next two
Combat Phases and within 8 hexes of where it fell [9.1.6, 9.1.7].

A log shows no modifier, only what the players did after the roll. So a battle is legal when some
row the roll may be read on allows it (:mod:`~vmodgen.engine.rules.wb95.battle`); when none does but
the row an HQ would give does, the player took an HQ's modifier with no HQ of his side within its
range (``rules.hq_range``, 9.2.2) of every hex of his units in the battle: that is the finding,
citing 9.2.1, rather than the retreat or loss the printed row does not allow.

An HQ's elimination is seen where the log shows an HQ taken off the map: the hex it stood on last
and the phase. Any HQ leaving the map counts (a withdrawal too), which only widens what the
opponent may do. An HQ off the map whose fall the log does not show (it fell before the log began)
gives its bonus anywhere and for the rest of the game, as the checker cannot tell when or where.

>>> combat_phases_between([0, 3, 9], 12, (1, 3), (2, 3))
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import hex_list, hex_name, optional_param
from vmodgen.engine.rules.wb95.crt import HQ, hq_within_range

COMBAT = "combat"
#: the Combat Phases an elimination bonus lasts [WB95 9.1.6] and its reach in hexes [9.1.7]
BONUS_PHASES, BONUS_REACH = 2, 8


@dataclass(frozen=True)
class Elimination:
    """An HQ of ``side`` taken off the map: from ``hex`` (None: before the log began, place unknown)
    in ``turn``'s phase ``phase_index`` (turn 0: unknown)."""

    key: str
    side: str
    hex: Hex | None
    turn: int
    phase_index: int


def nearest_hq(situation: Situation, side: str, hexes: Sequence[Hex]) -> tuple[str, int] | None:
    """The name of ``side``'s HQ on the map nearest to the farthest of ``hexes``, and that distance."""
    layout = situation.game.map.layout
    found = [(max(layout.distance(unit.hex, h) for h in hexes), unit.counter.name)
             for _, unit in situation.on_map(side)
             if unit.hex is not None and situation.game.unit_types[unit.counter.type].unit_class == HQ]
    if not found or not hexes:
        return None
    distance, name = min(found)
    return name, distance


def out_of_range_message(situation: Situation, side: str, hexes: Sequence[Hex], row: int, die: int,
                         cell_text: str) -> str | None:
    """Why the HQ-modified ``row`` was not the player's to read [WB95 9.2.1]; None when some HQ of
    ``side`` is within range of every hex (the row was allowed) or the data gives no range."""
    ranges = optional_param(situation.game, "hq_range", {})
    reach = ranges.get(side) if isinstance(ranges, dict) else None
    if not isinstance(reach, int) or hq_within_range(situation, side, hexes):
        return None
    game = situation.game
    nearest = nearest_hq(situation, side, hexes)
    where = (f"{nearest[0]} is {nearest[1]} hexes away" if nearest is not None else f"no {side} HQ is on the map")
    shift = "less" if row < die else "plus"
    return (f"what was done is the result {cell_text}, the roll {die} {shift} 1 for a {side} HQ, but "
            f"no {side} HQ is within its range of {reach} hexes (9.2.2) of {hex_list(game, sorted(hexes))} "
            f"({where})")


def eliminations(records: Sequence[PhaseRecord]) -> list[Elimination]:
    """Every HQ the log shows taken off the map, where it last stood and when [WB95 9.1.6]; and each
    HQ off the map at the log's start that set up or was due by then (fallen before: place and time
    unknown)."""
    if not records:
        return []
    game = records[0].start.game
    first = records[0].start
    found = [Elimination(key, unit.side, None, 0, 0) for key, unit in sorted(first.units.items())
             if unit.hex is None and game.unit_types[unit.counter.type].unit_class == HQ
             and (unit.counter.setup is not None
                  or (unit.counter.entry_turn is not None and unit.counter.entry_turn <= first.turn))]
    for record in records:
        for key, track in sorted(record.tracks.items()):
            unit = record.start.units.get(key)
            if unit is None or game.unit_types[unit.counter.type].unit_class != HQ or not track.drops:
                continue
            if track.drops[-1].hex is not None:
                continue
            on_map = [d.hex for d in track.drops if d.hex is not None]
            last = on_map[-1] if on_map else track.start
            if last is not None:
                found.append(Elimination(key, unit.side, last, record.turn, record.phase_index))
    return found


def combat_phases_between(combat_indices: Sequence[int], phases: int, since: tuple[int, int],
                          now: tuple[int, int]) -> int:
    """How many Combat Phases (``combat_indices`` of a turn of ``phases`` phases) come after the
    (turn, phase index) ``since`` up to and including ``now``."""
    start, end = since[0] * phases + since[1], now[0] * phases + now[1]
    return sum(1 for turn in range(since[0], now[0] + 1) for index in combat_indices
               if start < turn * phases + index <= end)


def elimination_bonus(before: Situation, side: str, hexes: Sequence[Hex], fallen: Sequence[Elimination],
                      cms: int, anywhere: bool = False) -> int:
    """The CMs ``side`` may use in a battle on ``hexes`` now for the enemy HQs fallen [WB95 9.1.6]:
    ``cms`` for each one that fell within 8 hexes of a battle hex (9.1.7) at most two Combat Phases
    before this one (9.1.6's example counts from the phase after the fall; a fall earlier in this
    same phase counts too, as the log's order of battles may not be the players'), or whose fall the
    log does not show. ``anywhere``: each fallen enemy HQ counts, whenever and
    wherever (what the checker allowed before it followed the falls)."""
    game = before.game
    layout = game.map.layout
    combat = [i for i, p in enumerate(game.phases) if p.kind == COMBAT]
    total = 0
    for one in fallen:
        if one.side == side or (one.hex is not None and (one.turn, one.phase_index) > (before.turn,
                                                                                           before.phase_index)):
            continue
        if anywhere or one.hex is None:
            total += cms
            continue
        near = any(layout.distance(one.hex, h) <= BONUS_REACH for h in hexes)
        if near and combat_phases_between(combat, len(game.phases), (one.turn, one.phase_index),
                                          (before.turn, before.phase_index)) <= BONUS_PHASES:
            total += cms
    return total


def describe(fallen: Sequence[Elimination], situation: Situation, side: str) -> str:
    """The enemy HQs fallen, as a finding names them: "HQ VII (turn 1, German Movement, 1826)"."""
    game = situation.game
    parts = []
    for one in fallen:
        if one.side == side:
            continue
        name = game.counter(one.key).name
        parts.append(f"{name} (turn {one.turn}, {game.phases[one.phase_index].name}, {hex_name(game, one.hex)})"
                     if one.hex is not None else f"{name} (before the log began)")
    return ", ".join(parts)
