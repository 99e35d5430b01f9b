"""Which Strength Level a German infantry division stands at [PGG 9.61, 9.63], read from the
Strength Level Markers on the map.

A German infantry division has four steps (9-7, 4-7, 2-7, 1-7, ``[rules.strength_levels]``) and
one counter: at each step lost its marker "is replaced by the next lowest Strength Level Marker"
(PGG 9.61). A module piece of such a marker says the level it prints and the steps it leaves
(``engine.piece_properties.strength_level``); the timeline records where each one stands. A marker
names no unit, so the checker gives a marker to the only German infantry division in its hex when
it is first read there, remembers whose it is, and says "not known" whenever that is not clear:

- a marker already given to a division is that division's, wherever they are; one whose division
  is not in its hex (eliminated, or moved away without it) is nobody's here;
- a division with one marker of its own and no marker nobody owns in its hex: the marker's level;
- a division alone in its hex with no marker of its own and one marker nobody owns: that marker
  (given to it from now on);
- a division with no marker at all: the level it was last read at (full strength until a marker
  has been read for it); one last read below full strength has been parted from its marker: not
  known;
- anything else (several markers of its own, a marker nobody owns beside another or beside
  several divisions): not known (the log does not tell which marker is whose).

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
    owners: Mapping[str, str] = field(default_factory=dict)     # marker piece -> unit, given by this reading


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


def read_levels(situation: Situation, markers: Mapping[str, MarkerPlaced], last: Mapping[str, int],
                owners: Mapping[str, str]) -> Levels:
    """Each German infantry division's level in ``situation`` with ``markers`` (the family's
    markers in force, by piece) on the map; ``last``: the steps each unit was last read at
    (:data:`LOST` when the checker lost track of it); ``owners``: the division each marker was
    given to before."""
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
    given: dict[str, str] = {}
    for hex_, keys in laddered.items():
        here = by_hex.get(hex_, [])
        free = [m for m in here if m.piece not in owners]
        for key in keys:
            counter = situation.units[key].counter
            levels = ladder(game, counter)
            own = [m for m in here if owners.get(m.piece) == key]
            if free and len(keys) == 1 and len(free) == 1 and not own:
                own = free
                given[free[0].piece] = key
            elif free or len(own) > 1:
                unknown[key] = (f"{hex_name(game, hex_)} holds {len(keys)} German infantry division"
                                f"{'s' if len(keys) > 1 else ''} and {len(here)} Strength Level Marker"
                                f"{'s' if len(here) > 1 else ''}: which is whose is not shown")
                continue
            if not own:
                steps = last.get(key, counter.steps)
                if steps == counter.steps:
                    known[key] = Level(levels[0], counter.steps)
                else:
                    unknown[key] = (f"{counter.name} stood below full strength and no Strength Level Marker of its "
                                    f"own is in its hex {hex_name(game, hex_)}")
                continue
            level = _marker_level(own[0], levels, counter.steps)
            if level is None:
                unknown[key] = (f"the Strength Level Marker in {hex_name(game, hex_)} ({own[0].get(LEVEL)}) is not a "
                                f"level of {counter.name}")
            else:
                known[key] = level
    return Levels(known, unknown, given)


def _marker_level(marker: MarkerPlaced, levels: tuple[str, ...], steps: int) -> Level | None:
    """The level a marker stands for, when it is one of the unit's ladder with its steps."""
    name = marker.get(LEVEL)
    left = marker.get(STEPS)
    if name not in levels or not left.isdigit() or int(left) != steps - levels.index(name):
        return None
    return Level(name, int(left))


def remember(levels: Levels, last: MutableMapping[str, int], owners: MutableMapping[str, str]) -> None:
    """Keep what was read for the next reading: the steps of each division (one whose level is not
    known is lost track of until a marker of its own is read again) and whose each marker is."""
    for key, level in levels.known.items():
        last[key] = level.steps
    for key in levels.unknown:
        last[key] = LOST
    owners.update(levels.owners)
