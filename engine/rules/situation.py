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


class SideView:
    """One side's units on the map, worked out once and shared by every situation in which that
    side's units stand exactly as they did (a builder that follows a game move by move, the
    checker's timeline, hands the same view to each position until one of that side's units
    changes). In a friendly movement phase the enemy's view is one object for the whole phase,
    so work keyed by its :attr:`signature` is found again at the cost of one dictionary look-up."""

    __slots__ = ("_on_map", "signature", "_positions", "_base", "_changes")

    def __init__(self) -> None:
        self._on_map: tuple[tuple[str, UnitState], ...] | None = None
        self.signature: frozenset[tuple[str, Hex]] | None = None
        self._positions: dict[str, int] | None = None     # index in on_map of each key
        # A view made by :meth:`replaced` before its list was worked out: an earlier view and the
        # units changed since (each on the map in both), dropped once the list is known.
        self._base: SideView | None = None
        self._changes: dict[str, UnitState] | None = None

    @property
    def on_map(self) -> tuple[tuple[str, UnitState], ...] | None:
        """The side's (key, unit) on the map in the order of the situation's units, or None while
        not worked out (a view made by :meth:`replaced` works it out from its base's when that
        is known: a side moving a unit at a time keeps its list instead of going over every
        unit again for each one moved)."""
        if self._on_map is None and self._base is not None and self._base.on_map is not None:
            base = self._base
            if base._positions is None:
                base._positions = {k: i for i, (k, _) in enumerate(base.on_map)}  # type: ignore[union-attr]
            listed = list(base.on_map)  # type: ignore[arg-type]
            for key, unit in self._changes.items():  # type: ignore[union-attr]
                listed[base._positions[key]] = (key, unit)
            self._positions = base._positions
            self.on_map = tuple(listed)
        return self._on_map

    @on_map.setter
    def on_map(self, found: tuple[tuple[str, UnitState], ...]) -> None:
        self._on_map = found
        self._base = self._changes = None

    def replaced(self, key: str, unit: UnitState) -> SideView:
        """A new view for the side's units after ``key``, on the map here and still on it after,
        became ``unit`` (its place among the units unchanged)."""
        view = SideView()
        if self._on_map is None and self._base is not None:
            view._base, view._changes = self._base, {**self._changes, key: unit}  # type: ignore[dict-item]
        else:
            view._base, view._changes = self, {key: unit}
        return view


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
    # Each side's view shared with other situations where that side stands the same (SideView);
    # absent sides are worked out here.
    _views: Mapping[str, SideView] = field(default_factory=dict, compare=False, repr=False)

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
            view = self._views.get(side) if side is not None else None
            found = view.on_map if view is not None else None
            if found is None:
                found = tuple((key, unit) for key, unit in self.units.items()
                              if unit.hex is not None and (side is None or unit.side == side))
                if view is not None:
                    view.on_map = found
            self._index[("on map", side)] = found
        return found  # type: ignore[return-value]

    def signature(self, side: str) -> frozenset[tuple[str, Hex]]:
        """(key, hex) of each of ``side``'s units on the map: equal exactly when that side's units
        stand the same, so a key for work that depends on where one side's units are (a zone of
        control); the same object while a shared :class:`SideView` serves, its hash kept."""
        view = self._views.get(side)
        if view is not None and view.signature is not None:
            return view.signature
        found = self._index.get(("signature", side))
        if found is None:
            found = self._index[("signature", side)] = frozenset(
                (key, unit.hex) for key, unit in self.on_map(side))  # type: ignore[misc]
            if view is not None:
                view.signature = found  # type: ignore[assignment]
        return found  # type: ignore[return-value]

    def signatures(self, sides: Iterable[str]) -> tuple[frozenset[tuple[str, Hex]], ...]:
        """:meth:`signature` of each of ``sides``, in that order."""
        return tuple(self.signature(side) for side in sides)

    def moved(self, key: str, hex_: Hex | None) -> Situation:
        """The same situation with one unit elsewhere (the other sides' views kept)."""
        units = dict(self.units)
        unit = units[key]
        units[key] = UnitState(unit.counter, hex_, unit.showing_back)
        views = {side: view for side, view in self._views.items() if side != unit.side}
        return Situation(self.game, self.turn, self.phase_index, units, self.control, _views=views)
