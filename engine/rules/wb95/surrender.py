"""The surrender procedure [WB95 10.2.6]: in his Supply Phase a player rolls 2K6 for each out-of-supply
unit and subtracts it from the unit's OoS level; above 0 the unit surrenders and is eliminated.
Levels are the Out of Supply markers' ``Level`` [10.2.1]; rolls the labelled surrender button's.

A roll does not say which unit it was for, so what the log can tell is judged: a unit of the
phasing side taken off the map in its Supply Phase has surrendered, so it stood under an Out of
Supply marker whose level some surrender roll made before was below (level - roll > 0); and an
out-of-supply hex whose level a roll could bring above 0 (3 or more: the least 2K6 is 2) was
tested, so the phase has at least as many surrender rolls as such hexes.

>>> surrenders(level=3, roll=2), surrenders(level=3, roll=3)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, hex_list, hex_name
from vmodgen.engine.rules.wb95 import vocabulary
from vmodgen.engine.rules.wb95.dice import SURRENDER, rolls_for

SUPPLY = "supply"
LEVEL = "Level"
#: the least 2K6 [WB95 1.8]: a level below it can never surrender
LEAST_ROLL = 2


def surrenders(level: int, roll: int) -> bool:
    """WB95 10.2.6: the OoS level less the 2K6 roll is greater than 0."""
    return level - roll > 0


def check_surrender(records: Sequence[PhaseRecord]) -> list[Judgement]:
    found: list[Judgement] = []
    for record in records:
        game = record.start.game
        if record.phase.kind != SUPPLY or not any(m.kind == vocabulary.OUT_OF_SUPPLY for m in game.markers):
            continue
        found += _eliminated(record) + _untested(record)
    return found


def _levels(record: PhaseRecord, upto: int) -> dict[Hex, int]:
    """The highest Out of Supply level each hex showed from the phase's start to step ``upto``."""
    found: dict[Hex, int] = {}
    steps = [0] + [m.step for m in record.marker_moves if m.step <= upto]
    for step in steps:
        for marker in record.markers_at(step).values():
            level = marker.get(LEVEL)
            if marker.kind == vocabulary.OUT_OF_SUPPLY and marker.hex is not None and level.isdigit():
                found[marker.hex] = max(found.get(marker.hex, 0), int(level))
    return found


def _eliminated(record: PhaseRecord) -> list[Judgement]:
    """A phasing unit taken off the map in its Supply Phase surrendered [WB95 10.2.6]."""
    game = record.start.game
    side = record.phase.side
    found = []
    for key, track in sorted(record.tracks.items()):
        unit = record.start.units.get(key)
        if unit is None or unit.side != side or track.start is None or not track.drops or track.drops[-1].hex:
            continue
        if game.unit_types[unit.counter.type].unit_class == "marker":
            continue
        step = track.drops[-1].step
        level = _levels(record, step).get(track.start)
        rolls = [r.value for r in rolls_for(record, SURRENDER, 0, step)]
        name = unit.counter.name
        if level is None:
            message = (f"{name} was taken off the map in {hex_name(game, track.start)} in the {record.phase.name} "
                       "phase with no Out of Supply marker on its hex: only an out-of-supply unit surrenders")
        elif not any(surrenders(level, r) for r in rolls):
            message = (f"{name} surrendered in {hex_name(game, track.start)} at OoS level {level}, but no surrender "
                       f"roll before it ({', '.join(map(str, rolls)) or 'none'}) was below the level")
        else:
            continue
        found.append(Judgement(step, key, track.start_location, track.drops[-1].location,
                               Verdict.illegal("WB95 10.2.6", message, [track.start]), record.turn,
                               record.phase.name, side))
    return found


def _untested(record: PhaseRecord) -> list[Judgement]:
    """Each out-of-supply hex of the phasing side that a roll could make surrender was tested."""
    if not record.complete:
        return []
    game = record.start.game
    side = record.phase.side
    levels = _levels(record, record.last_step)
    start = record.start
    hexes = sorted(h for h, level in levels.items() if level > LEAST_ROLL
                   and any(start.units[k].side == side for k in start.at(h)))
    rolls = rolls_for(record, SURRENDER)
    if len(rolls) >= len(hexes):
        return []
    return [Judgement(record.last_step, None, hex_name(game, hexes[0]), "", Verdict.illegal(
        "WB95 10.2.6", f"{len(hexes)} out-of-supply hex{'es' if len(hexes) > 1 else ''} of level 3 or more "
                       f"({hex_list(game, hexes)}) but {len(rolls)} surrender roll{'' if len(rolls) == 1 else 's'} "
                       f"in the {record.phase.name} phase", hexes), record.turn, record.phase.name, side)]
