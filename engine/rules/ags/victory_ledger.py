"""What an AGS victory tally reads from a log's phases: the units lost (eliminated, steps lost)
and who controls the town and city hexes [Kiev 24.0, Rostov 26.1, OS 25.3].

A log records where each unit was dropped, not the hexes it passed through, while the books give
a place to "the last Player to have a unit move through the hex or occupy it". So control is a set
of possible controllers: a drop in the hex settles it; a move that could have passed through the
hex adds its side. A move could have passed through a hex when going there and on to where it was
dropped fits within the most hexes its Movement Allowance buys (roads at their own rate, AGS
10.23); a longer move (by rail, AGS 5.3) could have passed anywhere. A hex an enemy unit held
when the move began is not passed through (AGS 5.22), nor, in a Movement Phase without overruns, a
hex in an enemy zone of control (AGS 8.21: a unit moved into one stops there). What stays in doubt
is reported unknown.

>>> sorted(Control({"German"}).settle("Soviet").sides)
['Soviet']
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.rules.ags import vocabulary
from vmodgen.engine.rules.board import edge_hexes
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import road_rate
from vmodgen.engine.rules.verdict import CannotCheck
from vmodgen.engine.rules.zoc import zoc_of_hex

REDUCED = "reduced"      # the back kind of a counter whose back is its second step (AGS 7.0)
DELETED = "deleted"      # the location of a deleted piece's drop (engine.check.timeline, not importable here)
DEAD_PILE = "Eliminated"  # a side's dead pile box is "Eliminated <side>" (vmodgen.module)
MARKER = "marker"        # a counter that is no unit: it neither is lost nor controls a hex


@dataclass(frozen=True)
class Control:
    """The sides that may control a hex now: one side when the log settles it."""

    sides: frozenset[str]

    def __init__(self, sides: Iterable[str]) -> None:
        object.__setattr__(self, "sides", frozenset(sides))

    @property
    def known(self) -> str | None:
        return next(iter(self.sides)) if len(self.sides) == 1 else None

    def settle(self, side: str) -> Control:
        return Control({side})

    def maybe(self, side: str) -> Control:
        return Control(self.sides | {side})


@dataclass(frozen=True)
class Change:
    """A place's control passing from ``before`` to ``after`` at a log step (``certain``: both
    settled, not a possible pass)."""

    hex: Hex
    step: int
    turn: int
    before: Control
    after: Control


@dataclass
class Losses:
    """Units eliminated for sure (key -> step), removed in a way the log does not settle (key ->
    why), the steps each lost by flipping to its reduced back, and the face each was eliminated on."""

    eliminated: dict[str, int] = field(default_factory=dict)
    removed: dict[str, str] = field(default_factory=dict)
    flipped: dict[str, int] = field(default_factory=dict)
    eliminated_reduced: set[str] = field(default_factory=set)
    seen: set[str] = field(default_factory=set)
    removed_from: dict[str, Hex] = field(default_factory=dict)     # the hex a unit in doubt was taken from

    def steps_range(self, counter: Counter) -> tuple[int, int]:
        """The fewest and most steps the counter may have lost (a unit in doubt: kept or lost)."""
        sure = self.steps_lost(counter)
        if sure is not None:
            return sure, sure
        flips = self.flipped.get(counter.id, 0)
        return flips, max(flips, counter.steps)

    def steps_lost(self, counter: Counter) -> int | None:
        """Steps the counter lost in the log (flips to its reduced back, and what it had left when
        eliminated); None when it was removed in a way the log does not settle."""
        if counter.id in self.removed:
            return None
        flips = self.flipped.get(counter.id, 0)
        if counter.id not in self.eliminated:
            return flips
        two_step = counter.back_kind == REDUCED
        return flips + (1 if not two_step or counter.id in self.eliminated_reduced else 2)


def losses(records: Sequence[PhaseRecord]) -> Losses:
    """The units the log shows lost: a unit put in its side's dead pile, or deleted in a Combat
    Phase or in a Movement Phase from a hex overrun in it (AGS 6.0), is eliminated; one deleted
    elsewhere, or taken to another place off the map, may have left (an exit, a withdrawal) and is
    in doubt. A unit back on the map later is neither."""
    found = Losses()
    for record in records:
        for state in (record.start, record.end):
            if state is not None:
                found.seen.update(k for k, _ in state.on_map() if not is_marker(state.game, k))
        for flip in record.flips:
            counter = record.start.game.counter(flip.key)
            if counter.back_kind == REDUCED and not flip.was_back and flip.now_back:
                found.flipped[flip.key] = found.flipped.get(flip.key, 0) + 1
        overrun = {h for o in record.overruns for h in o.hexes}
        for key, track in record.tracks.items():
            last = track.drops[-1] if track.drops else None
            if last is None or is_marker(record.start.game, key):
                continue
            if last.hex is not None:
                found.seen.add(key)
                found.eliminated.pop(key, None)
                found.removed.pop(key, None)
                found.removed_from.pop(key, None)
                continue
            was = _last_hex(track)
            if was is None:
                continue                  # never on the map in this phase: moved between boxes
            found.seen.add(key)
            kind, game = record.phase.kind, record.start.game
            dead_pile = last.location == f"{DEAD_PILE} {game.counter(key).side}"
            if dead_pile or (last.location == DELETED and (kind in vocabulary.COMBAT_KINDS or was in overrun)):
                found.eliminated[key] = last.step
                end = record.end or record.start
                if end.units.get(key) is not None and end.units[key].showing_back:
                    found.eliminated_reduced.add(key)
            else:
                where = "deleted" if last.location == DELETED else f"taken to {last.location}"
                found.removed[key] = f"{where} in the {record.phase.name} phase of Game-Turn {record.turn}"
                found.removed_from[key] = was
    return found


def _last_hex(track: UnitTrack) -> Hex | None:
    hexes = [d.hex for d in track.drops if d.hex is not None]
    return hexes[-1] if hexes else track.start


def control(records: Sequence[PhaseRecord], places: Iterable[Hex], start: dict[Hex, str] | None
            ) -> tuple[dict[Hex, Control], list[Change]]:
    """Each place's possible controllers at the end of the log, and every change on the way.
    ``start``: the controllers when the game begins (used when the log begins with it), else every
    side is possible at first."""
    game = records[0].start.game
    sides = [s.name for s in game.sides]
    hexes = sorted(set(places))
    opening = records[0].turn == 1 and records[0].phase_index == 0 and start is not None
    now = {h: Control({start[h]}) if opening and start is not None and h in start else Control(sides) for h in hexes}
    if not opening:                       # who stands where when the log begins is its first word
        now.update((h, Control({side})) for h, side in _occupied(records[0].start, hexes))
    changes: list[Change] = []
    for record in records:
        # AGS 8.21: a unit moved into an enemy zone stops there; an overrun (AGS 6.0) may clear one
        stops = record.phase.kind in vocabulary.MOVEMENT_KINDS and not record.overruns
        for step, counter, source, target, track in _legs(record):
            could_pass = _passing(game, source, target, _reach(game, counter))
            for hex_ in hexes:
                if target == hex_:
                    after = now[hex_].settle(counter.side)
                elif counter.side not in now[hex_].sides and could_pass(hex_) \
                        and not _held_by_enemy(track, hex_, counter.side) \
                        and not (stops and _in_enemy_zone(track, hex_, counter.side)):
                    # (a side that may hold the place already gains nothing by passing: the costly tests skipped)
                    after = now[hex_].maybe(counter.side)
                else:
                    continue
                if after != now[hex_]:
                    changes.append(Change(hex_, step, record.turn, now[hex_], after))
                    now[hex_] = after
        for hex_, side in _occupied(record.end or record.start, hexes):
            if now[hex_].known != side:
                changes.append(Change(hex_, record.last_step, record.turn, now[hex_], now[hex_].settle(side)))
                now[hex_] = now[hex_].settle(side)
    return now, changes


def _occupied(situation: Situation, hexes: list[Hex]) -> list[tuple[Hex, str]]:
    """The places a side's units stand in at the end of a phase (occupied: Kiev 24.0, Rostov 26.1,
    OS 25.3), units that never moved included."""
    found = []
    for hex_ in hexes:
        sides = {situation.units[k].counter.side for k in situation.at(hex_) if not is_marker(situation.game, k)}
        if len(sides) == 1:
            found.append((hex_, sides.pop()))
    return found


def _legs(record: PhaseRecord) -> list[tuple[int, Counter, Hex | None, Hex, UnitTrack]]:
    """Every drop on the map in the phase, in step order, with where the unit was before it."""
    legs = []
    game = record.start.game
    for key, track in record.tracks.items():
        if is_marker(game, key):
            continue
        was = track.start
        for drop in track.drops:
            if drop.hex is not None:
                legs.append((drop.step, game.counter(key), was, drop.hex, track))
            was = drop.hex
    return sorted(legs, key=lambda leg: (leg[0], leg[1].id))


def _reach(game: Game, counter: Counter) -> Fraction | None:
    """The most hexes the counter's Movement Allowance buys in a phase: along roads at the
    cheapest rate a road-using unit pays (AGS 10.23, 11.21), else a Movement Point a hex; None when
    its allowance is not known."""
    allowance = counter.front.movement
    if allowance is None:
        return None
    unit_type = game.unit_types[counter.type]
    cheapest = Fraction(1)
    if unit_type.uses_roads:
        for ltype in game.terrain.of_kind("line").values():
            try:
                rate = road_rate(ltype, unit_type)
            except CannotCheck:
                return None               # the chart does not say what it pays: any hex is within reach
            if rate is not None and 0 < rate < cheapest:
                cheapest = rate
    return Fraction(allowance) / cheapest


def _passing(game: Game, source: Hex | None, target: Hex, reach: Fraction | None) -> Callable[[Hex], bool]:
    """Whether a move from ``source`` (None: from off the map) to ``target`` could have gone
    through a hex: within its reach, or any hex for a move longer than its reach (rail). Worked
    out once a move, asked for every place."""
    layout = game.map.layout
    if reach is None:
        return lambda hex_: True
    end = layout.to_cube(target)
    if source is None:
        return lambda hex_: (layout.to_cube(hex_) - end).length() <= reach
    begin = layout.to_cube(source)
    length = (end - begin).length()
    if length <= 1:
        return lambda hex_: False
    if length > reach:
        return lambda hex_: True          # rail movement (AGS 5.3): its railroad is not recorded

    def within(hex_: Hex) -> bool:
        here = layout.to_cube(hex_)
        return (here - begin).length() + (here - end).length() <= reach
    return within


def _held_by_enemy(track: UnitTrack, hex_: Hex, side: str) -> bool:
    """An enemy unit stood in the hex when the unit began to move (AGS 5.22: no unit enters it)."""
    before = track.before
    return before is not None and any(before.units[k].counter.side != side and not is_marker(before.game, k)
                                      for k in before.at(hex_))


def _in_enemy_zone(track: UnitTrack, hex_: Hex, side: str) -> bool:
    """The hex was in an enemy unit's zone of control when the unit began to move (AGS 8.12)."""
    before = track.before
    if before is None:
        return False
    game = before.game
    return any(hex_ in zoc_of_hex(game, there) for there in game.map.layout.neighbours(hex_)
               for k in before.at(there) if before.units[k].counter.side != side and not is_marker(game, k))


def is_marker(game: Game, key: str) -> bool:
    return key in of_map(game, "victory: marker counters", lambda: frozenset(
        c.id for c in game.counters if game.unit_types[c.type].unit_class == MARKER))


def line_to_edge(situation: Situation, side: str, hexes: Iterable[Hex], edge: str) -> bool:
    """Whether a line of hexes free of enemy units and of enemy zones of control (a friendly unit
    in a hex negates them) joins ``hexes`` to the map's ``edge`` as printed (Rostov 26.1; OS 25.1)."""
    game = situation.game
    friendly = {u.hex for k, u in situation.on_map(side) if not is_marker(game, k)}
    barred: set[Hex] = set()
    for key, unit in situation.on_map():
        if unit.hex is None or unit.counter.side == side or is_marker(game, key):
            continue
        barred.add(unit.hex)
        barred.update(h for h in zoc_of_hex(game, unit.hex) if h not in friendly)
    goal = edge_hexes(game.map.layout, edge)
    start = [h for h in hexes if h not in barred or h in friendly]
    seen, queue = set(start), deque(start)
    while queue:
        here = queue.popleft()
        if here in goal:
            return True
        for there in game.map.layout.neighbours(here):
            if there not in seen and there in game.map.hexes and there not in barred:
                seen.add(there)
                queue.append(there)
    return False
