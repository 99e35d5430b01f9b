"""Which Strength Level a German infantry division stands at [PGG 9.61, 9.63], read from the
Strength Level Markers on the map.

A German infantry division has four steps (9-7, 4-7, 2-7, 1-7, ``[rules.strength_levels]``) and
one counter: at each step lost its marker "is replaced by the next lowest Strength Level Marker"
(PGG 9.61). A module piece of such a marker says the level it prints and the steps it leaves
(``engine.piece_properties.strength_level``); the timeline records where each one stands. A marker
names no unit, so the checker gives it to the only stepped-down-able unit in its hex, and says
"not known" whenever that is not clear:

- a hex holding one such unit and no marker: the unit is at the level it was last read at
  (full strength until a marker has been read for it); a unit last read below full strength
  and now in a hex with no marker has been parted from its marker: not known;
- a hex holding one such unit and one marker: the marker's level;
- a hex holding one such unit and several markers, or several such units and any marker: not
  known (the log does not tell which marker is whose).

A finding never rests on a level that is not known: the strength or the loss is then reported
not checked.

>>> full = Level("9-7", 4)
>>> full.strength, Level("2-7", 2).strength
(9, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.piece_properties import LEVEL, STEPS, STRENGTH_LEVEL
from vmodgen.engine.rules.record import MarkerPlaced
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import hex_name, optional_table

#: the ledger's mark for a unit whose level the checker has lost track of
LOST = -1


@dataclass(frozen=True)
class Level:
    """A Strength Level as printed (``"4-7"``: Combat Strength and Movement Allowance) and the
    steps the unit has left at it."""

    name: str
    steps: int

    @property
    def strength(self) -> int:
        """The Combat Strength the level prints (PGG 3.4: one strength for attack and defense)."""
        return int(self.name.split("-")[0])


@dataclass(frozen=True)
class Levels:
    """The level of each stepped unit on the map at one instant: ``known`` by key, and the reason
    for each one ``unknown``."""

    known: Mapping[str, Level] = field(default_factory=dict)
    unknown: Mapping[str, str] = field(default_factory=dict)


def ladder(game: Game, counter: Counter) -> tuple[str, ...]:
    """The Strength Levels of a counter with more steps than its faces show, full strength first
    [PGG 9.63]; empty for any other counter."""
    faces = 2 if counter.back_kind == "reduced" else 1
    if counter.steps <= faces:
        return ()
    levels = optional_table(game, "strength_levels") or {}
    return tuple(levels.get(counter.type, ()))


def is_laddered(game: Game, counter: Counter) -> bool:
    return bool(ladder(game, counter))


def read_levels(situation: Situation, markers: Mapping[str, MarkerPlaced], last: Mapping[str, int]) -> Levels:
    """Each stepped unit's level in ``situation`` with ``markers`` (the family's markers in force,
    by piece) on the map; ``last``: the steps each unit was last read at (:data:`LOST` when the
    checker lost track of it)."""
    game = situation.game
    by_hex: dict[Hex, list[MarkerPlaced]] = {}
    for marker in markers.values():
        if marker.kind == STRENGTH_LEVEL and marker.hex is not None:
            by_hex.setdefault(marker.hex, []).append(marker)
    laddered: dict[Hex, list[str]] = {}
    for key, unit in situation.units.items():
        if unit.hex is not None and is_laddered(game, unit.counter):
            laddered.setdefault(unit.hex, []).append(key)
    known: dict[str, Level] = {}
    unknown: dict[str, str] = {}
    for hex_, keys in laddered.items():
        here = by_hex.get(hex_, [])
        for key in keys:
            counter = situation.units[key].counter
            levels = ladder(game, counter)
            full = Level(levels[0], counter.steps)
            if not here:
                steps = last.get(key, counter.steps)
                if steps == counter.steps:
                    known[key] = full
                else:
                    unknown[key] = (f"{counter.name} stood below full strength and no Strength Level Marker is in "
                                    f"its hex {hex_name(game, hex_)}")
            elif len(keys) > 1 or len(here) > 1:
                unknown[key] = (f"{hex_name(game, hex_)} holds {len(keys)} German infantry division"
                                f"{'s' if len(keys) > 1 else ''} and {len(here)} Strength Level Marker"
                                f"{'s' if len(here) > 1 else ''}: which is whose is not shown")
            else:
                level = _marker_level(here[0], levels, counter.steps)
                if level is None:
                    unknown[key] = (f"the Strength Level Marker in {hex_name(game, hex_)} "
                                    f"({here[0].get(LEVEL)}) is not a level of {counter.name}")
                else:
                    known[key] = level
    return Levels(known, unknown)


def _marker_level(marker: MarkerPlaced, levels: tuple[str, ...], steps: int) -> Level | None:
    """The level a marker stands for, when it is one of the unit's ladder with its steps."""
    name = marker.get(LEVEL)
    left = marker.get(STEPS)
    if name not in levels or not left.isdigit() or int(left) != steps - levels.index(name):
        return None
    return Level(name, int(left))


def remember(levels: Levels, last: MutableMapping[str, int]) -> None:
    """Keep what was read for the next reading (a unit whose level is not known is lost track of
    until a marker is read for it again)."""
    for key, level in levels.known.items():
        last[key] = level.steps
    for key in levels.unknown:
        last[key] = LOST
