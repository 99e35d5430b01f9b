"""Soviet Leaders' lines [PGG 10.3, 11.2]: the Line of Communications from a Soviet combat unit to a
Leader, no more hexes than the Leader's rating, which every Soviet attack needs [PGG 10.35] and
Soviet supply runs through [PGG 10.31, 11.21, 11.22]; and the Leader's own Line of Supply, of any
length, to the eastern map edge [PGG 10.34, 11.24].

Neither line passes through a hex holding an enemy unit, nor an enemy-controlled hex unless a
friendly unit is there [PGG 8.14, 11.21], nor an impassable (all-lake) hexside [PGG 6.7]; a Line of
Supply may enter a swamp hex but not pass through it [PGG 6.7]. A disrupted unit exerts no zone of
control and a disrupted Leader coordinates nothing [PGG 6.62, 6.64]: the checker does not read
Disrupted markers, and the book leaves most Leaders' ratings unknown: every answer is worked out in
the worst case (the units that may be disrupted are, a Leader of unknown rating reaches no farther
than its own hex) and the best (they are not; it reaches any distance), and is ``None`` (not
known) where the two differ.

>>> lines = Lines(situation, "Soviet")                       # doctest: +SKIP
>>> lines.in_command("sov-rifle-3")                          # doctest: +SKIP
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.board import edge_hexes
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import chart_value, hex_terrain
from vmodgen.engine.rules.verdict import CannotCheck, optional_param
from vmodgen.engine.rules.zoc import enemies, zoc_of_hex

LEADER = "leader"
MARKER = "marker"


class Lines:
    """Lines of Communications and Supply of one side in one position."""

    def __init__(self, situation: Situation, side: str, maybe_disrupted: Collection[str] = ()) -> None:
        self.situation = situation
        self.game = situation.game
        self.side = side
        self.maybe_disrupted = frozenset(maybe_disrupted)
        self._barred: dict[bool, set[Hex]] = {}
        self._leaders: dict[bool, list[tuple[str, Hex, int | None]]] = {}
        self._east: dict[bool, set[Hex]] = {}

    # -- public -------------------------------------------------------------------------------

    def in_command(self, key: str) -> bool | None:
        """PGG 10.35: is the combat unit within the Leadership Radius (a Line of Communications no
        longer than the rating) of a Leader that is not disrupted? None when it depends on units
        that may be disrupted."""
        return self._both(lambda strict: self._reaches_leader(key, strict, need_supplied=False))

    def in_supply(self, key: str) -> bool | None:
        """PGG 11.2: a Soviet combat unit is in supply through a Leader in its radius that traces a
        Line of Supply to the eastern edge; a Leader is in supply by its own Line of Supply."""
        if self.situation.unit_type(key).unit_class == LEADER:
            return self._both(lambda strict: self._leader_supplied(key, strict))
        return self._both(lambda strict: self._reaches_leader(key, strict, need_supplied=True))

    # -- workings -----------------------------------------------------------------------------

    def _both(self, answer) -> bool | None:   # type: ignore[no-untyped-def]
        """The answer in the worst case (``strict``: the side's own units that may be disrupted are,
        enemy ones are not and keep their zones) and in the best: None when they differ."""
        strict, lenient = answer(True), answer(False)
        return strict if strict == lenient else None

    def _barred_hexes(self, strict: bool) -> set[Hex]:
        """Hexes a line may not pass: enemy-occupied, and enemy-controlled without a friendly unit
        [PGG 8.14, 11.21]. ``strict``: the units that may be disrupted are disrupted (no zone)."""
        if strict not in self._barred:
            situation = self.situation
            friendly = {u.hex for k, u in situation.on_map(self.side)
                        if situation.unit_type(k).unit_class != MARKER}
            barred: set[Hex] = set()
            for enemy in enemies(self.game, self.side):
                for key, unit in situation.on_map(enemy):
                    if situation.unit_type(key).unit_class == MARKER:
                        continue
                    barred.add(unit.hex)  # type: ignore[arg-type]
                    disrupted = key in self.maybe_disrupted and not strict
                    if not disrupted:
                        barred.update(h for h in zoc_of_hex(self.game, unit.hex) if h not in friendly)  # type: ignore[arg-type]
            self._barred[strict] = barred
        return self._barred[strict]

    def _leaders_now(self, strict: bool) -> list[tuple[str, Hex, int | None]]:
        """Leaders that may coordinate, with their radius (None: any length): with ``strict``, not
        those that may be disrupted, and a Leader of unknown rating reaches only its own hex."""
        if strict not in self._leaders:
            found = []
            for key, unit in self.situation.on_map(self.side):
                if self.situation.unit_type(key).unit_class != LEADER or (strict and key in self.maybe_disrupted):
                    continue
                rating = unit.counter.leadership
                known = isinstance(rating, int) and not isinstance(rating, bool)
                found.append((key, unit.hex, int(rating) if known else (0 if strict else None)))  # type: ignore[arg-type]
            self._leaders[strict] = found
        return self._leaders[strict]

    def _crossable(self, a: Hex, b: Hex) -> bool:
        """Not across an all-lake (impassable) hexside [PGG 6.7]."""
        for feature in self.game.map.features(a, b):
            if chart_value(self.game.terrain.types[feature], "supply") == "blocked":
                return False
        return True

    def _distances(self, start: Hex, limit: int | None, strict: bool, through_swamp: bool) -> dict[Hex, int]:
        """Hexes a line from ``start`` reaches within ``limit`` hexes (None: any length)."""
        barred = self._barred_hexes(strict)
        found = {start: 0}
        queue = deque([start])
        layout = self.game.map.layout
        while queue:
            here = queue.popleft()
            if limit is not None and found[here] >= limit:
                continue
            if here != start and not through_swamp and _into_not_through(self.situation, here):
                continue
            for there in layout.neighbours(here):
                if there in found or there in barred or there not in self.game.map.hexes:
                    continue
                if not self._crossable(here, there):
                    continue
                found[there] = found[here] + 1
                queue.append(there)
        return found

    def _reaches_leader(self, key: str, strict: bool, need_supplied: bool) -> bool:
        unit = self.situation.units[key]
        if unit.hex is None:
            raise CannotCheck(f"{unit.counter.name} is not on the map")
        for leader, where, rating in self._leaders_now(strict):
            if rating is not None and self.game.map.layout.distance(unit.hex, where) > rating:
                continue
            # PGG 10.31, 11.22: a line of no more hexes than the rating; swamp limits supply lines
            # only (PGG 6.7), so a radius for an attack may pass it.
            if where in self._distances(unit.hex, rating, strict, through_swamp=not need_supplied):
                if not need_supplied or self._leader_supplied(leader, strict):
                    return True
        return False

    def _leader_supplied(self, key: str, strict: bool) -> bool:
        """PGG 10.34, 11.24: a Line of Supply of any length to the eastern map edge."""
        if strict and key in self.maybe_disrupted:
            return False
        unit = self.situation.units[key]
        east = edge_hexes(self.game.map.layout, "east")
        reached = self._distances(unit.hex, None, strict, through_swamp=False)  # type: ignore[arg-type]
        return any(h in east for h in reached)


def _into_not_through(situation: Situation, hex_: Hex) -> bool:
    return chart_value(hex_terrain(situation.game, hex_), "supply") == "into_not_through"


def attacks_need_leaders(situation: Situation, side: str) -> bool:
    """PGG 10.35: a side whose attacks need a Leader's radius
    (``rules.<side>_attack_needs_leader_radius``)."""
    return optional_param(situation.game, f"{side.lower()}_attack_needs_leader_radius", False) is True
