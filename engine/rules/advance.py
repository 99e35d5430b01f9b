"""Advance after combat [AGS 9.8]: victorious units that took part in a combat may follow the
enemy's path of retreat (9.81), as far as the enemy retreated (9.85), or two hexes where every
enemy unit in the hex was eliminated, the first being the vacated hex (9.84); units of a side
that must stop in enemy zones of control stop on entering one (9.82,
``rules.advance_stops_in_enemy_zoc``); never after an engaged result (9.69), never the
defender in a split result (9.68).

A log records where a unit was put down: an advance is legal when some path the rules allow
ends there.

>>> Vacated(hex_, eliminated=False, length=2, ends=(far,)).reaches(layout, end)   # doctest: +SKIP
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_name, param
from vmodgen.engine.rules.zoc import enemy_zoc, occupied_by_enemy


@dataclass(frozen=True)
class Vacated:
    """An enemy hex left empty by the combat: by retreat (``length`` hexes, ending in ``ends``)
    or by the elimination of every unit in it."""

    hex: Hex
    eliminated: bool
    length: int
    ends: tuple[Hex, ...] = ()


@dataclass(frozen=True)
class AdvanceRules:
    """What one side may do after one combat. ``forbidden``: the case that forbids any advance
    (9.68, 9.69), or ""; ``after``: the position once both results were applied."""

    side: str
    vacated: tuple[Vacated, ...]
    after: Situation
    forbidden: str = ""
    forbidden_why: str = ""

    @property
    def game(self) -> Game:
        return self.after.game

    def is_advance(self, start: Hex, end: Hex) -> bool:
        """A move that goes through a vacated enemy hex next to the unit: an advance, never a
        retreat (AGS 9.77: no retreat into a hex the enemy held during the combat)."""
        layout = self.game.map.layout
        return any(layout.adjacent(start, v.hex) and
                   layout.distance(start, v.hex) + layout.distance(v.hex, end) == layout.distance(start, end)
                   for v in self.vacated)

    def _stops(self) -> bool:
        sides = param(self.game, "advance_stops_in_enemy_zoc", "AGS 9.82")
        return self.side in sides

    def _reachable(self, vacated: Vacated, zone: set[Hex], enemy: set[Hex]) -> dict[Hex, int]:
        """Hexes an advance may end in from ``vacated``, with the hexes advanced (the vacated hex
        is the first)."""
        layout = self.game.map.layout
        stops = self._stops()
        found = {vacated.hex: 1}
        if vacated.eliminated:
            most = int(param(self.game, "advance_after_elimination_hexes", "AGS 9.84"))
            frontier = [vacated.hex]
            for advanced in range(2, most + 1):
                frontier = [n for h in frontier if not (stops and h in zone)
                            for n in layout.neighbours(h) if n not in enemy and n not in found]
                for hex_ in frontier:
                    found[hex_] = advanced
            return found
        on_path = {h for h in layout.within(vacated.hex, vacated.length - 1)
                   if h not in enemy and any(layout.distance(vacated.hex, h) + layout.distance(h, e) == vacated.length
                                             for e in vacated.ends)}
        frontier = [vacated.hex]
        for advanced in range(2, vacated.length + 1):
            frontier = [n for h in frontier if not (stops and h in zone) for n in layout.neighbours(h)
                        if n in on_path and n not in found and layout.distance(vacated.hex, n) == advanced - 1]
            for hex_ in frontier:
                found[hex_] = advanced
        return found

    def verdict(self, key: str, start: Hex, end: Hex) -> Verdict:
        """Whether the unit's move from ``start`` to ``end`` is an advance the rules allow."""
        game = self.game
        layout = game.map.layout
        name = self.after.units[key].counter.name
        where = f"{name} advanced from {hex_name(game, start)} to {hex_name(game, end)}"
        if self.forbidden:
            return Verdict.illegal(cite(game, self.forbidden), f"{where}; {self.forbidden_why}", [start])
        try:
            zone = set(enemy_zoc(self.after, self.side, "movement"))
            enemy = occupied_by_enemy(self.after, self.side)
            best: Verdict | None = None
            for vacated in self.vacated:
                if not layout.adjacent(start, vacated.hex):
                    continue
                reach = self._reachable(vacated, zone, enemy)
                if end in reach:
                    return Verdict.legal(cite(game, "AGS 9.81"), f"{where}, {reach[end]} "
                                         f"hex{'es' if reach[end] != 1 else ''} along the path of retreat")
                best = best or self._why_not(vacated, start, end, where)
        except CannotCheck as unknown:
            return Verdict.unchecked(cite(game, unknown.case or "AGS 9.8"), f"{where}: {unknown.reason}")
        if best is None:
            return Verdict.illegal(cite(game, "AGS 9.81"), f"{where}; no enemy hex next to it was vacated by the "
                                   "combat, so there was nothing to advance into", [start])
        return best

    def _why_not(self, vacated: Vacated, start: Hex, end: Hex, where: str) -> Verdict:
        game = self.game
        layout = game.map.layout
        advanced = 1 + layout.distance(vacated.hex, end)
        if vacated.eliminated:
            most = int(param(game, "advance_after_elimination_hexes", "AGS 9.84"))
            if advanced > most:
                return Verdict.illegal(cite(game, "AGS 9.84"), f"{where}, {advanced} hexes; every enemy unit in "
                                       f"{hex_name(game, vacated.hex)} was eliminated, which allows {most}", [start])
        elif advanced > vacated.length:
            return Verdict.illegal(cite(game, "AGS 9.85"), f"{where}, {advanced} hexes; the enemy retreated "
                                   f"{vacated.length}, the most an advance may go", [start])
        if self._stops():
            return Verdict.illegal(cite(game, "AGS 9.82"), f"{where}, off the path of retreat or on past an enemy "
                                   "zone of control, where its advance had to stop", [start])
        return Verdict.illegal(cite(game, "AGS 9.82"), f"{where}, off the enemy's path of retreat", [start])


def vacated_hexes(before: Situation, after: Situation, enemy: Sequence[str], length: int,
                  retreated: Iterable[str]) -> tuple[Vacated, ...]:
    """The enemy hexes the combat left empty, and how: by a retreat of ``length`` (to where the
    retreated units ended) or by the elimination of all their units (AGS 9.81, 9.84)."""
    moved = set(retreated)
    found = []
    for hex_ in sorted({before.units[k].hex for k in enemy if before.units[k].hex is not None}):
        keys = [k for k in enemy if before.units[k].hex == hex_]
        if any(after.units.get(k) is not None and after.units[k].hex == hex_ for k in keys):
            continue
        ends = tuple(sorted({after.units[k].hex for k in keys if k in moved and after.units[k].hex is not None}))
        found.append(Vacated(hex_, not ends, length, ends))
    return tuple(found)
