"""Supply in Panzergruppe Guderian [PGG 11.0], as far as the book lets the checker be sure.

- Every unit is in supply during the first Player-Turn of its entrance [PGG 11.33].
- A Soviet combat unit is in supply through a Leader within its rating whose own Line of Supply
  reaches the eastern edge; a Leader by its own line [PGG 10.31, 11.21-11.24]
  (:class:`~vmodgen.engine.rules.pgg.leaders.Lines`).
- A German unit is in supply within twenty hexes of the road hex on the western edge (0120;
  ``rules.german_supply``: ``source_hex``, ``hexes``) [PGG 11.11], or within twenty Movement Points, counted as the
  unit moves, of a road that leads unbroken to it [PGG 11.12]; the road crosses rivers for this
  [PGG 11.13]; neither line nor road passes enemy units or enemy zones without a friendly unit in
  them [PGG 11.11], a lake hexside, or on through a swamp hex [PGG 6.7]. The book does not say how
  the two cases combine, so a unit either reaches is in supply, a unit neither reaches is out.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable
from fractions import Fraction

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.pgg.leaders import Lines
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import chart_value, entry_cost, hex_terrain
from vmodgen.engine.rules.verdict import CannotCheck, optional_param
from vmodgen.engine.rules.zoc import enemies, zoc_of_hex

ROAD = "road"
MARKER = "marker"


def supply_of(situation: Situation, keys: Iterable[str], ledger: Ledger) -> dict[str, bool | None]:
    """In (True), out (False) or not known (None) for each unit, now."""
    lines: dict[str, Lines] = {}
    western: dict[str, WesternRoad] = {}
    found: dict[str, bool | None] = {}
    game = situation.game
    for key in keys:
        unit = situation.units[key]
        if ledger.entered_this_player_turn(key, situation.turn, situation.phase.side) and \
                optional_param(game, "reinforcements_in_supply_on_entry", False) is True:
            found[key] = True                         # PGG 11.33
            continue
        if unit.hex is None:
            found[key] = None
            continue
        try:
            if optional_param(game, f"{unit.side.lower()}_supply_via_leader", False) is True:
                found[key] = lines.setdefault(unit.side, Lines(situation, unit.side, ledger.maybe_disrupted)
                                              ).in_supply(key)
            else:
                found[key] = western.setdefault(unit.side, WesternRoad(situation, unit.side, ledger)).in_supply(key)
        except CannotCheck:
            found[key] = None
    return found


class WesternRoad:
    """German supply [PGG 11.11-11.13] for one position."""

    def __init__(self, situation: Situation, side: str, ledger: Ledger) -> None:
        self.situation = situation
        self.game = situation.game
        self.side = side
        rule = optional_param(self.game, f"{side.lower()}_supply", None)
        if not isinstance(rule, dict) or "source_hex" not in rule or "hexes" not in rule:
            raise CannotCheck(f"the game data has no rules.{side.lower()}_supply with source_hex and hexes",
                              "PGG 11.11")
        self.source = self.game.map.layout.parse(str(rule["source_hex"]))
        self.limit = int(rule["hexes"])
        self.marked = ledger.supply_barred.get(side, frozenset())     # PGG 13.44
        self.lenient_barred = self._barred(ledger.maybe_disrupted)
        self.strict_barred = self._barred(frozenset())

    def _barred(self, disrupted: Iterable[str]) -> set[Hex]:
        """Enemy-occupied hexes and enemy zones without a friendly unit [PGG 11.11] (a disrupted
        enemy has no zone, PGG 6.62), and the Soviet Interdiction Marker's hex [PGG 13.44]."""
        situation = self.situation
        gone = set(disrupted)
        friendly = {u.hex for k, u in situation.on_map(self.side) if situation.unit_type(k).unit_class != MARKER}
        barred: set[Hex] = set()
        for enemy in enemies(self.game, self.side):
            for key, unit in situation.on_map(enemy):
                if situation.unit_type(key).unit_class == MARKER:
                    continue
                barred.add(unit.hex)  # type: ignore[arg-type]
                if key not in gone:
                    barred.update(h for h in zoc_of_hex(self.game, unit.hex) if h not in friendly)  # type: ignore[arg-type]
        return barred | self.marked

    def in_supply(self, key: str) -> bool | None:
        strict, lenient = self._reaches(key, self.strict_barred), self._reaches(key, self.lenient_barred)
        return strict if strict == lenient else None

    def _passable(self, a: Hex, b: Hex, barred: set[Hex], start: Hex) -> bool:
        """One step of a line: not into a barred hex, not on out of a swamp it entered, not across
        a lake hexside."""
        if b in barred or b not in self.game.map.hexes:
            return False
        if a != start and chart_value(hex_terrain(self.game, a), "supply") == "into_not_through":
            return False
        return all(chart_value(self.game.terrain.types[f], "supply") != "blocked" for f in self.game.map.features(a, b))

    def _road(self, barred: set[Hex]) -> set[Hex]:
        """Road hexes joined to the source hex by road, unbroken [PGG 11.11, 11.13]."""
        if self.source in barred:
            return set()
        found = {self.source}
        queue = deque([self.source])
        layout = self.game.map.layout
        while queue:
            here = queue.popleft()
            for there in layout.neighbours(here):
                if there in found or there in barred or not self.game.map.line_crosses(ROAD, here, there):
                    continue
                if any(chart_value(self.game.terrain.types[f], "supply") == "blocked"
                       for f in self.game.map.features(here, there)):
                    continue
                found.add(there)
                queue.append(there)
        return found

    def _reaches(self, key: str, barred: set[Hex]) -> bool:
        unit = self.situation.units[key]
        start: Hex = unit.hex  # type: ignore[assignment]
        limit = self.limit
        road = self._road(barred)
        if not road:
            return False
        # PGG 11.11: twenty hexes to the source hex
        layout = self.game.map.layout
        hexes = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == self.source:
                return True
            if hexes[here] >= limit:
                continue
            for there in layout.neighbours(here):
                if there not in hexes and (there == self.source or self._passable(here, there, barred, start)):
                    hexes[there] = hexes[here] + 1
                    queue.append(there)
        # PGG 11.12: twenty Movement Points, as the unit moves, to the road
        unit_type = self.situation.unit_type(key)
        best = {start: Fraction(0)}
        heap: list[tuple[Fraction, int, int, Hex]] = [(Fraction(0), start.col, start.row, start)]
        while heap:
            cost, _, _, here = heapq.heappop(heap)
            if here in road:
                return True
            if cost > best.get(here, cost):
                continue
            for there in layout.neighbours(here):
                if not self._passable(here, there, barred, start) and there not in road:
                    continue
                entry = entry_cost(self.game, unit_type, self.side, here, there)
                if entry.prohibited:
                    continue
                total = cost + entry.mp  # type: ignore[operator]
                if total <= limit and total < best.get(there, Fraction(limit + 1)):
                    best[there] = total
                    heapq.heappush(heap, (total, there.col, there.row, there))
        return False
