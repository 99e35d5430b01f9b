"""Retreat paths [AGS 9.7]: a retreat of N hexes is a path of N hexes, each one hex farther from
the hex the unit held when the combat began (AGS 9.73), on the map (9.71: off the map is
eliminated), never into or through an enemy unit or an enemy-controlled hex unless a friendly
combat unit holds it (9.71, 8.25; HQ zones do not count where
``rules.hq_zoc_blocks_supply_and_retreat`` is false), never across hexsides the terrain chart
closes to retreats (``game_cases.retreat_across_major_river``) or to all movement (AGS 10.16),
or opens only as the last resort (AGS 9.78, ``retreat_across = "only_if_no_other_route"``: no
other hex the retreat could legally end in), into a vacant hex when one can be reached (9.74) and
within the stacking limits (9.74).

A log records where a unit was put down, not the path it took: a retreat is legal when some
path the rules allow ends there.

>>> ground = RetreatGround.of(before, "Soviet", [before], retreating=["sov-xx-5-rifle"])   # doctest: +SKIP
>>> ground.path_verdict("sov-xx-5-rifle", start, end, 2).case                             # doctest: +SKIP
'AGS 9.71'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules import stacking
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import PROHIBITED, hex_terrain
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, game_case, hex_name, optional_param
from vmodgen.engine.rules.zoc import enemy_zoc, occupied_by_enemy

ONLY_ALONG = "only_along_"
LAST_RESORT = "only_if_no_other_route"


def _hexside_closed(game: Game, side: str, a: Hex, b: Hex, last_resort: bool = False) -> str:
    """Why a retreat may not cross from ``a`` into ``b`` ("" when it may): an impassable hex or
    hexside (AGS 10.16), or a hexside the chart opens to retreats only along some lines
    (``retreat_across = "only_along_road_or_railroad"``, ``game_cases.retreat_across_major_river``),
    or only when no other retreat is open (``last_resort`` False; Operation Star 19.41, AGS 9.78)."""
    cost = hex_terrain(game, b).get("cost")
    if (set(cost.values()) if isinstance(cost, dict) else {cost}) == {PROHIBITED}:
        return cite(game, "AGS 10.16")
    for feature in game.map.features(a, b):
        ftype = game.terrain.types[feature]
        extra = ftype.get("extra_cost")
        if (extra.get(side) if isinstance(extra, dict) else extra) == PROHIBITED:
            return cite(game, "AGS 10.16")
        rule = ftype.get("retreat_across")
        if rule is None:
            continue
        if rule == LAST_RESORT:
            if not last_resort:
                return game_case(game, "retreat_across_major_river", "AGS 9.78")
            continue
        if not isinstance(rule, str) or not rule.startswith(ONLY_ALONG):
            raise CannotCheck(f"terrain.{feature}.retreat_across is {rule!r}, which this checker does not know",
                              "AGS 9.78")
        lines = rule[len(ONLY_ALONG):].split("_or_")
        if not any(game.map.line_crosses(line, a, b) for line in lines):
            return game_case(game, "retreat_across_major_river")
    return ""


@dataclass(frozen=True)
class ZocPrice:
    """A game's own exception to AGS 9.71: ``side``'s units may retreat into and through
    enemy-controlled hexes, losing ``steps_per_hex`` steps for each (Operation Star 19.6)."""

    case: str
    steps_per_hex: int


class ZocRetreatRule(Protocol):
    """A game's rule on retreats into enemy zones (registered by the game's own module)."""

    name: str

    def price(self, game: Game, side: str) -> ZocPrice | None:
        """The price for ``side`` in ``game``, or None where the game's data lacks the rule."""


_ZOC_RETREAT_RULES: dict[str, ZocRetreatRule] = {}


def register_zoc_retreat_rule(rule: ZocRetreatRule) -> ZocRetreatRule:
    _ZOC_RETREAT_RULES[rule.name] = rule
    return rule


def zoc_price(game: Game, side: str) -> ZocPrice | None:
    """The first registered rule's price for ``side`` (None: AGS 9.71 as printed)."""
    return next(filter(None, (rule.price(game, side) for rule in _ZOC_RETREAT_RULES.values())), None)


@dataclass(frozen=True)
class RetreatGround:
    """Where one side's units may retreat in one combat: ``blocked`` holds the enemy-occupied and
    enemy-controlled hexes (at any of the moments given: AGS 9.77 for an attacker retreating in
    a split result), ``start`` the position when the combat began. Where the side may retreat
    through enemy zones at a price (``price``), ``occupied`` are the hexes still closed and
    ``controlled`` every enemy-controlled hex, friendly-occupied ones included."""

    start: Situation
    side: str
    blocked: frozenset[Hex]
    retreating: frozenset[str]
    price: ZocPrice | None = None
    occupied: frozenset[Hex] = frozenset()
    controlled: frozenset[Hex] = frozenset()

    @classmethod
    def of(cls, start: Situation, side: str, moments: Sequence[Situation], retreating: Iterable[str]) -> RetreatGround:
        blocked: set[Hex] = set()
        occupied: set[Hex] = set()
        controlled: set[Hex] = set()
        for moment in moments:
            occupied |= occupied_by_enemy(moment, side)
            blocked |= occupied_by_enemy(moment, side) | set(enemy_zoc(moment, side, "retreat"))
            controlled |= set(enemy_zoc(moment, side, "movement"))
        return cls(start, side, frozenset(blocked), frozenset(retreating), zoc_price(start.game, side),
                   frozenset(occupied), frozenset(controlled))

    def priced_ends(self, start: Hex, length: int, key: str | None = None) -> dict[Hex, set[tuple[int, int]]]:
        """Operation Star 19.6: every hex a retreat of ``length`` may end in when it may enter enemy
        zones, each with the (closed by AGS 9.71, enemy-controlled) counts of hexes entered on its
        paths. The book counts "each Enemy-controlled hex"; whether one a friendly combat unit holds
        (open to any retreat, 9.71) counts is not said, so both counts are kept and either is
        accepted. Hexsides open to retreats only as the last resort (AGS 9.78) open as they do for
        a retreat clear of enemy zones: a path through enemy zones is not taken for another route."""
        layout = self.game.map.layout
        last_resort = self._no_other(self._ends(start, length, zoc=True, terrain=True, vacant=False,
                                                last_resort=False), key)
        layer: dict[Hex, set[tuple[int, int]]] = {start: {(0, 0)}}
        for distance in range(1, length + 1):
            nxt: dict[Hex, set[tuple[int, int]]] = {}
            for hex_, counts in layer.items():
                for other in layout.neighbours(hex_):
                    if layout.distance(start, other) != distance or other in self.occupied:
                        continue
                    if _hexside_closed(self.game, self.side, hex_, other, last_resort):
                        continue
                    closed, controlled = int(other in self.blocked), int(other in self.controlled)
                    nxt.setdefault(other, set()).update((a + closed, b + controlled) for a, b in counts)
            layer = nxt
        return layer

    def _priced_verdict(self, key: str, start: Hex, end: Hex, length: int, lost: int, where: str) -> Verdict | None:
        """A retreat through enemy zones judged by its step losses (None: no such path ends there)."""
        price = self.price
        counts = self.priced_ends(start, length, key).get(end) if price is not None else None
        if price is None or counts is None:
            return None
        allowed = sorted({n * price.steps_per_hex for pair in counts for n in pair})
        if lost in allowed:
            return Verdict.legal(cite(self.game, price.case), f"{where}, {lost} step{'s' if lost != 1 else ''} lost "
                                 "for the enemy-controlled hexes it entered")
        fewest = min(a for a, _ in counts)
        return Verdict.illegal(cite(self.game, price.case), f"{where} and lost {lost} step{'s' if lost != 1 else ''}; "
                               f"its retreat entered {fewest} or more enemy-controlled hexes, "
                               f"{price.steps_per_hex} step lost for each (possible: {', '.join(map(str, allowed))})",
                               [end])

    @property
    def game(self) -> Game:
        return self.start.game

    def ends(self, start: Hex, length: int, *, zoc: bool = True, terrain: bool = True,
             vacant: bool = False, key: str | None = None) -> dict[Hex, str]:
        """Every hex a legal retreat of ``length`` from ``start`` may end in; ``zoc``/``terrain``
        False drop those restrictions (to say which one a retreat broke); ``vacant`` keeps to
        hexes no other friendly unit holds (AGS 9.74). A hexside open only as the last resort
        (AGS 9.78, Operation Star 19.41) opens when no end is left without it (none ``key``'s unit
        fits in, when given)."""
        other = self._ends(start, length, zoc=zoc, terrain=terrain, vacant=False, last_resort=False)
        last_resort = terrain and self._no_other(other, key)
        if not vacant and not last_resort:
            return other
        return self._ends(start, length, zoc=zoc, terrain=terrain, vacant=vacant, last_resort=last_resort)

    def _no_other(self, ends: Iterable[Hex], key: str | None) -> bool:
        """AGS 9.78: no end is left without a last-resort hexside (none ``key``'s unit fits in)."""
        return not [h for h in ends if key is None or self._room(key, h)]

    def _ends(self, start: Hex, length: int, *, zoc: bool, terrain: bool, vacant: bool,
              last_resort: bool) -> dict[Hex, str]:
        layout = self.game.map.layout
        layer = {start}
        for distance in range(1, length + 1):
            nxt = set()
            for hex_ in layer:
                for other in layout.neighbours(hex_):
                    if layout.distance(start, other) != distance or (zoc and other in self.blocked):
                        continue
                    if terrain and _hexside_closed(self.game, self.side, hex_, other, last_resort):
                        continue
                    if vacant and not self._vacant(other):
                        continue
                    nxt.add(other)
            layer = nxt
        return {h: "" for h in layer}

    def _vacant(self, hex_: Hex) -> bool:
        return not [k for k in self.start.at(hex_) if k not in self.retreating
                    and self.start.unit_type(k).unit_class != "marker"]

    def _room(self, key: str, hex_: Hex) -> bool:
        """AGS 9.74: the unit fits in ``hex_`` with the friendly units there when the combat began."""
        here = self.start.moved(key, hex_)
        others = {k: u for k, u in here.units.items()
                  if k == key or (u.hex == hex_ and k not in self.retreating)}
        alone = Situation(self.game, here.turn, here.phase_index, others)
        return not [v for v in stacking.stacking_violations(alone, self.side) if v.is_illegal]

    def open_end(self, key: str, length: int) -> Hex | None:
        """A hex a legal retreat of ``length`` could have taken the unit to (None: no retreat was
        possible, and the unit was rightly eliminated, AGS 9.71, 9.74)."""
        start = self.start.units[key].hex
        if start is None:
            return None
        fitting = [h for h in sorted(self.ends(start, length, key=key)) if self._room(key, h)]
        return fitting[0] if fitting else None

    def path_verdict(self, key: str, start: Hex, end: Hex, length: int, lost: int = 0) -> Verdict:
        """Whether some legal retreat of ``length`` hexes takes the unit from ``start`` to ``end``;
        ``lost``: the steps it lost on the way (only a ``price`` allows any)."""
        game = self.game
        layout = game.map.layout
        name = self.start.units[key].counter.name
        where = f"{name} retreated from {hex_name(game, start)} to {hex_name(game, end)}"
        if self.price is not None and layout.distance(start, end) == length and (
                lost or end not in self.ends(start, length, key=key)):
            priced = self._priced_verdict(key, start, end, length, lost, where)
            if priced is not None:
                return priced
        if layout.distance(start, end) != length:
            hexes_word = "hex" if length == 1 else "hexes"
            return Verdict.illegal(cite(game, "AGS 9.73"), f"{where}, {layout.distance(start, end)} from where it "
                                   f"began; a retreat of {length} ends {length} {hexes_word} away from it", [start])
        if end not in self.ends(start, length, key=key):
            if end in self.blocked:
                return Verdict.illegal(cite(game, "AGS 9.71"), f"{where}, into an enemy-occupied or enemy-controlled "
                                       "hex with no friendly combat unit in it", [end])
            if end in self.ends(start, length, terrain=False):
                reason = next(filter(None, (_hexside_closed(game, self.side, a, b) for a, b in self._last_sides(
                    start, end, length))), cite(game, "AGS 10.16"))
                other = sorted(h for h in self.ends(start, length, key=key) if self._room(key, h))
                if other and end in self._ends(start, length, zoc=True, terrain=True, vacant=False, last_resort=True):
                    # Operation Star 19.41, AGS 9.78: the hexside opens only when nothing else is open
                    return Verdict.illegal(reason, f"{where} across a hexside a retreat may cross only when no other is open, "
                                           f"though it could have retreated to {hex_name(game, other[0])}", [end])
                return Verdict.illegal(reason, f"{where} across a hexside closed to retreats", [end])
            return Verdict.illegal(cite(game, "AGS 9.71"), f"{where} through an enemy-occupied or enemy-controlled "
                                   "hex; every path of that length passes one", [end])
        vacant = sorted(self.ends(start, length, vacant=True))
        if vacant and end not in vacant:
            return Verdict.illegal(cite(game, "AGS 9.74"), f"{where}, into or through a friendly-occupied hex, though "
                                   f"it could have retreated through vacant hexes into {hex_name(game, vacant[0])}",
                                   [end])
        return Verdict.legal(cite(game, "AGS 9.73"), f"{where} along a legal path")

    def _last_sides(self, start: Hex, end: Hex, length: int) -> list[tuple[Hex, Hex]]:
        layout = self.game.map.layout
        before_end = self.ends(start, length - 1) if length > 1 else {start: ""}
        return [(h, end) for h in before_end if layout.adjacent(h, end)]

    def eliminated_verdict(self, key: str, length: int, steps: int | None = None) -> Verdict:
        """A unit removed as its retreat: legal only when no retreat was open (off the map, into
        enemy zones or over the stacking limit, AGS 9.71, 9.74); where ``rules.retreat_by_enemy`` (``game_cases.retreat_by_enemy``) the enemy player, who
        conducts the retreat, may not eliminate a unit a safe path would have saved. With a
        ``price`` (Operation Star 19.6), also when a path through enemy zones costs its ``steps``."""
        game = self.game
        name = self.start.units[key].counter.name
        start = self.start.units[key].hex
        open_end = self.open_end(key, length)
        if self.price is not None and start is not None and steps is not None and any(
                max(n for pair in counts for n in pair) * self.price.steps_per_hex >= steps
                for counts in self.priced_ends(start, length, key).values()):
            # Operation Star 19.6: a retreat through enemy zones may cost the unit all its steps
            return Verdict.legal(cite(game, self.price.case), f"{name} may have lost its last step to the "
                                 f"enemy-controlled hexes of a retreat of {length}")
        if open_end is None:
            return Verdict.legal(cite(game, "AGS 9.71"), f"{name} had no legal retreat of {length} and was "
                                 "eliminated")
        case = game_case(game, "retreat_by_enemy", "AGS 9.71") if optional_param(game, "retreat_by_enemy", False) \
            else "AGS 9.71"
        return Verdict.illegal(cite(game, case), f"{name} was eliminated as its retreat, but a retreat of {length} "
                               f"from {hex_name(game, start)} to {hex_name(game, open_end)} was open",  # type: ignore[arg-type]
                               [start] if start else [])


def stacking_after_retreat(after: Situation, side: str, ends: Iterable[Hex]) -> list[Verdict]:
    """AGS 9.74: units may not retreat into a hex in violation of stacking; the excess is
    eliminated. One verdict per over-stacked hex a retreat ended in."""
    game = after.game
    wanted = set(ends)
    found = []
    for verdict in stacking.stacking_violations(after, side):
        if verdict.is_illegal and wanted & set(verdict.hexes):
            found.append(Verdict.illegal(cite(game, "AGS 9.74"), f"{verdict.message} after a retreat into it; the "
                                         "excess retreating units are eliminated", verdict.hexes))
    return found
