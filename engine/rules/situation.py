"""A position on the map as the rules see it: which unit is where, showing which face.

The rules never read logs or files; the checker builds a Situation from a replayed game (or a
test builds one by hand) and asks the rules about it.

>>> from vmodgen.engine.model.loader import load_game               # doctest: +SKIP
>>> game = load_game(Path("games/kiev"))                    # doctest: +SKIP
>>> here = Situation(game, turn=1, phase_index=0, units={    # doctest: +SKIP
...     "a": UnitState(game.counter("sov-xx-32-tank"), game.map.layout.parse("1519"))})
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game, Phase
from vmodgen.engine.model.units import Counter, Face, UnitType


@dataclass(frozen=True)
class UnitState:
    """One counter in play: where it is (None when off the map) and which face shows."""

    counter: Counter
    hex: Hex | None
    showing_back: bool = False

    @property
    def face(self) -> Face | None:
        return self.counter.face(self.showing_back)

    @property
    def side(self) -> str:
        return self.counter.side

    @property
    def untried(self) -> bool:
        return self.showing_back and self.counter.back_kind == "untried"


@dataclass(frozen=True)
class Situation:
    """Every unit's state at one moment, with the turn and phase. ``control`` says which side
    controls each town or city hex whose control the checker has followed (absent: not known)."""

    game: Game
    turn: int
    phase_index: int
    units: Mapping[str, UnitState]
    control: Mapping[Hex, str] = field(default_factory=dict)
    # Indexes worked out on first use and kept (units by hex, units on the map by side): many
    # situations are made (one per step of a log) and only some are asked where units are.
    _index: dict[object, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def phase(self) -> Phase:
        return self.game.phases[self.phase_index]

    def unit_type(self, key: str) -> UnitType:
        return self.game.unit_types[self.units[key].counter.type]

    def at(self, hex_: Hex) -> list[str]:
        """Keys of the units in a hex, in key order: the order pieces were stacked in differs
        between engines and plays no part in the rules, so reports must not depend on it."""
        by_hex = self._index.get("by hex")
        if by_hex is None:
            found: dict[Hex, list[str]] = defaultdict(list)
            for key, unit in self.units.items():
                if unit.hex is not None:
                    found[unit.hex].append(key)
            by_hex = self._index["by hex"] = dict(found)
        return sorted(by_hex.get(hex_, ()))  # type: ignore[attr-defined]

    def on_map(self, side: str | None = None) -> Iterable[tuple[str, UnitState]]:
        """(key, unit) of every unit on the map (of ``side`` when given), in the order of ``units``."""
        found = self._index.get(("on map", side))
        if found is None:
            found = self._index[("on map", side)] = tuple(
                (key, unit) for key, unit in self.units.items()
                if unit.hex is not None and (side is None or unit.side == side))
        return found  # type: ignore[return-value]

    def moved(self, key: str, hex_: Hex | None) -> Situation:
        """The same situation with one unit elsewhere."""
        units = dict(self.units)
        units[key] = UnitState(units[key].counter, hex_, units[key].showing_back)
        return Situation(self.game, self.turn, self.phase_index, units, self.control)
