"""Soviet Provisional Reinforcements [PGG 14.11-14.13]: each Game-Turn the Soviet Player throws a
die with the module's entry button (``engine.piece_properties.entry_die_button``, apart from the
battle die); the roll names the Provisional Entrance hex or area (a roll of n: the n-th area of the
``areas_by = die`` rows of reinforcements.csv) where one untried Rifle Division enters that turn.

Judged in the Movement Phase of the rows' side: a provisional arrival (a unit of the rows' type put
on the map in one of their areas) with no entry roll [PGG 14.11]; a second roll in one Game-Turn
[PGG 14.11]; more arrivals than the rows give the turn [PGG 14.11]; an arrival in an area other
than the one rolled [PGG 14.11]; a roll and no arrival by the end of the phase, while a counter of
the type is off the map to bring [PGG 14.13, 14.14]. When the rolled area is wholly held by German
units or their zones of control, the division may enter at the nearest unoccupied hex toward the
eastern edge instead [PGG 14.12] (:func:`eastward`): an arrival at neither is a finding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.piece_properties import entry_die_button
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.verdict import Verdict, cite, hex_list, hex_name
from vmodgen.engine.rules.zoc import enemy_zoc

MARKER = "marker"
ENTRY = "entry"


@dataclass(frozen=True)
class _Kind:
    """One kind of die-decided arrival: its side, unit type or group, areas and button."""

    side: str
    type: str
    areas: tuple[str, ...]
    button: str


def check_provisional(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """PGG 14.11-14.13 over a game's Movement Phases."""
    if not records:
        return []
    game = records[0].start.game
    kinds = {(r.side, r.type, r.areas): _Kind(r.side, r.type, r.areas, entry_die_button(r.side, game.plain_name(r.type)))
             for r in game.reinforcements if r.areas_by == "die"}
    found: list[Judgement] = []
    rolled: dict[tuple[_Kind, int], int] = {}
    for record in records:
        if record.phase.kind != "movement":
            continue
        for kind in kinds.values():
            if kind.side == record.phase.side:
                found += _phase(record, kind, rolled)
    return found


def _phase(record: PhaseRecord, kind: _Kind, rolled: dict[tuple[_Kind, int], int]) -> list[Judgement]:
    game = record.start.game
    due = sum(r.count for r in game.reinforcements if r.areas_by == "die" and r.turn == record.turn
              and (r.side, r.type, r.areas) == (kind.side, kind.type, kind.areas))
    rolls = [(roll.step, roll.value) for roll in record.rolls if roll.button == kind.button]
    found: list[Judgement] = []
    for step, value in rolls:
        if (kind, record.turn) in rolled:
            found.append(_judged(record, step, None, Verdict.illegal(
                cite(game, "PGG 14.11"), f"the '{kind.button}' die was thrown again on Game-Turn {record.turn} "
                                         f"(rolled {value}); one throw a Game-Turn")))
        else:
            rolled[(kind, record.turn)] = value
    first = rolls[0][1] if rolls else rolled.get((kind, record.turn))
    areas = {a: frozenset(game.map.area(a, ENTRY).hexes) for a in kind.areas}
    others = {h for a in game.map.areas if a.purpose == ENTRY and a.name not in areas for h in a.hexes}
    ways = _union(areas) | {h for hexes in areas.values() if blocked(record.start, hexes, kind.side)
                            for h in eastward(record.start, hexes, kind.side)}
    arrivals = [t for t in sorted(record.tracks.values(), key=lambda t: t.map_drops[0].step if t.map_drops else 0)
                if t.entered_map and _of_type(game, t.key, kind.type) and t.map_drops[0].hex in ways]
    # a hex that is also another entrance (PGG 14.22: the South-Western Front's railroad hexes) may
    # have brought the unit in as another reinforcement: never a finding of its own
    certain = [t for t in arrivals if t.map_drops[0].hex not in others]
    if not due:
        return found + [_judged(record, t.map_drops[0].step, t, Verdict.illegal(
            cite(game, "PGG 14.11"), f"{game.counter(t.key).name} entered by a Provisional Reinforcement area on "
                                     f"Game-Turn {record.turn}, which gives none")) for t in certain]
    named = kind.areas[first - 1] if first is not None and 1 <= first <= len(kind.areas) else None
    east = frozenset(eastward(record.start, areas[named], kind.side)) \
        if named is not None and blocked(record.start, areas[named], kind.side) else frozenset()
    taken = [t for t in arrivals if named is not None and t.map_drops[0].hex in areas[named] | east]
    for track in certain:
        number = taken.index(track) if track in taken else -1
        verdict = _arrival(record, kind, track, number, due, first, named, east)
        if verdict is not None:
            found.append(_judged(record, track.map_drops[0].step, track, verdict))
    if not (arrivals if first is not None else certain) and record.complete and _available(record, kind):
        strays = [t for t in sorted(record.tracks.values(), key=lambda t: t.map_drops[0].step if t.map_drops else 0)
                  if t.entered_map and _of_type(game, t.key, kind.type)
                  and t.map_drops[0].hex not in _union(areas) | others]
        if strays and named is not None and _reached(record, strays[0], areas[named] | east):
            return found        # it may have entered by the rolled area (or, blocked, east of it, PGG 14.12)
            #                     and moved on in one drag, as the movement check reads such a drag
        found += _misplaced(record, kind, strays[0], named, east) if strays and east else \
            _not_taken(record, kind, first, named, east)
    return found


def _reached(record: PhaseRecord, track: UnitTrack, hexes: frozenset[Hex]) -> bool:
    """Could the unit have entered by one of ``hexes`` and moved on to where it was first put
    down (a reinforcement dragged from the palette straight to where it stops, as the movement
    check reads it)? An unknown allowance: yes, the benefit of the doubt."""
    before = track.before or record.start
    counter = record.start.game.counter(track.key)
    now = Situation(before.game, before.turn, before.phase_index,
                    {**before.units, track.key: UnitState(counter, None, True)}, before.control)
    face = now.units[track.key].face
    value = face.movement if face is not None else None
    if not isinstance(value, int) or isinstance(value, bool):
        return True
    verdict = movement.movement_check(now, track.key, [track.map_drops[0].hex], movement.Allowance(  # type: ignore[list-item]
        Fraction(value), f"MA {value}"), entries=hexes)
    return not verdict.is_illegal


def _misplaced(record: PhaseRecord, kind: _Kind, track: UnitTrack, named: str | None,
               east: frozenset[Hex]) -> list[Judgement]:
    """PGG 14.12: the rolled area is blocked and no division came on there nor at the nearest
    unoccupied hexes toward the east, but one of the type was put on the map away from every
    entrance: it is the provisional division put in the wrong hex, or (had it come by another
    entrance and moved on) none was taken (PGG 14.13): a finding either way."""
    game = record.start.game
    where = hex_name(game, track.map_drops[0].hex)  # type: ignore[arg-type]
    return [_judged(record, track.map_drops[0].step, track, Verdict.illegal(
        cite(game, "PGG 14.12"), f"{game.counter(track.key).name} entered at {where}; the die named Provisional "
                                 f"area {named}, wholly held by German units or their zones of control, and the "
                                 "nearest unoccupied hexes toward the eastern edge are "
                                 f"{hex_list(game, sorted(east))} (had it come by another entrance, no provisional "
                                 f"{game.plain_name(kind.type)} was taken: PGG 14.13)", [track.map_drops[0].hex]))]  # type: ignore[list-item]


def _not_taken(record: PhaseRecord, kind: _Kind, first: int | None, named: str | None,
               east: frozenset[Hex]) -> list[Judgement]:
    """PGG 14.11, 14.13: the turn's provisional division must come on. With no entry roll at all,
    the phase must have begun in the logs (a log restored in the middle of the phase may hide the
    roll and the arrival): else not checked."""
    game = record.start.game
    what = game.plain_name(kind.type)
    if first is not None:
        instead = f" nor at the nearest free hex toward the east ({hex_list(game, sorted(east))}, PGG 14.12)" \
            if east else ""
        return [_judged(record, record.last_step, None, Verdict.illegal(
            cite(game, "PGG 14.13"), f"the die named Provisional area {named} on Game-Turn {record.turn} and no "
                                     f"{what} entered there{instead}; it must be taken that turn"))]
    message = (f"no '{kind.button}' die was thrown and no provisional {what} entered on Game-Turn {record.turn}; "
               "one enters each Game-Turn and must be taken")
    if record.first_step > 0:
        return [_judged(record, record.last_step, None, Verdict.illegal(cite(game, "PGG 14.13"), message))]
    return [_judged(record, record.last_step, None, Verdict.unchecked(
        cite(game, "PGG 14.13"), f"{message}: but the log begins in this phase, so the roll may have been made "
                                 "before it"))]


def _arrival(record: PhaseRecord, kind: _Kind, track: UnitTrack, number: int, due: int, first: int | None,
             named: str | None, east: frozenset[Hex]) -> Verdict | None:
    """PGG 14.11: the arrival the die named, in its area; ``east``: the hexes PGG 14.12 opens when
    that area is blocked (empty when it is not)."""
    game = record.start.game
    name = game.counter(track.key).name
    where = hex_name(game, track.map_drops[0].hex)  # type: ignore[arg-type]
    if first is None:
        if record.dice:
            return Verdict.unchecked(cite(game, "PGG 14.11"), f"{name} entered by a Provisional area ({where}) and the "
                                                              f"'{kind.button}' die was not thrown: another die of the "
                                                              "phase may have been meant for it")
        return Verdict.illegal(cite(game, "PGG 14.11"), f"{name} entered by a Provisional area ({where}) with no die "
                                                        "thrown for it")
    if number >= due:
        return Verdict.illegal(cite(game, "PGG 14.11"), f"{name} is provisional arrival {number + 1} on Game-Turn "
                                                        f"{record.turn}; the turn gives {due}")
    hexes = game.map.area(named, ENTRY).hexes if named is not None else ()
    if track.map_drops[0].hex in hexes or track.map_drops[0].hex in east:
        return None
    if east:
        return Verdict.illegal(cite(game, "PGG 14.12"), f"{name} entered at {where}; the die ({first}) named "
                                                        f"Provisional area {named} ({hex_list(game, sorted(hexes))}), "
                                                        "wholly held by German units or their zones of control, "
                                                        "and the nearest unoccupied hex toward the eastern edge is "
                                                        f"{hex_list(game, sorted(east))}", [track.map_drops[0].hex])  # type: ignore[list-item]
    return Verdict.illegal(cite(game, "PGG 14.11"), f"{name} entered at {where}; the die ({first}) named "
                                                    f"Provisional area {named} ({hex_list(game, sorted(hexes))})")


def _held(situation: Situation, side: str) -> tuple[set[Hex], set[Hex], set[Hex]]:
    """The hexes holding enemy units, those holding any unit, and the enemy's zones of control
    (markers are no units)."""
    enemy: set[Hex] = set()
    anyone: set[Hex] = set()
    for key, unit in situation.units.items():
        if unit.hex is None or situation.unit_type(key).unit_class == MARKER:
            continue
        anyone.add(unit.hex)
        if unit.side != side:
            enemy.add(unit.hex)
    return enemy, anyone, set(enemy_zoc(situation, side))


def blocked(situation: Situation, hexes: frozenset[Hex], side: str) -> bool:
    """PGG 14.12: is the entrance hex or area "completely occupied by German units, or in German
    Zones of Control"?"""
    enemy, _, zones = _held(situation, side)
    return bool(hexes) and all(h in enemy or h in zones for h in hexes)


def eastward(situation: Situation, hexes: frozenset[Hex], side: str) -> frozenset[Hex]:
    """PGG 14.12: "the hex nearest to that hex which is unoccupied in the direction of the eastern
    edge of the board", for a blocked entrance ``hexes``. The book leaves three things open, and
    every reading is allowed (a finding only when an arrival fits none): unoccupied by German units
    or by any unit; German zones of control barring the hex or not (they are what blocks the
    entrance); "toward the east" as a higher hex column or as no lower one (an entrance on the
    eastern edge has no hex beyond it).

    >>> from vmodgen.engine.model.loader import load_game
    >>> from vmodgen.engine.rules.situation import Situation, UnitState
    >>> from pathlib import Path
    >>> game = load_game(Path(__file__).resolve().parents[3] / "games" / "panzergruppe-guderian")
    >>> p = game.map.layout.parse
    >>> panzer = game.counter("ger-iii-7pz-pz")
    >>> now = Situation(game, 2, 0, {panzer.id: UnitState(panzer, p("1901"), False)})
    >>> blocked(now, frozenset([p("1901")]), "Soviet")
    True
    >>> sorted(game.map.layout.name(h) for h in eastward(now, frozenset([p("1901")]), "Soviet"))
    ['1902', '1903', '2001', '2002', '2101', '2102']
    """
    game = situation.game
    layout = game.map.layout
    enemy, anyone, zones = _held(situation, side)
    west = min(_column(situation, h) for h in hexes)
    found: set[Hex] = set()
    for taken in (enemy, anyone, enemy | zones, anyone | zones):
        for beyond in (west, west + 1):
            free = [h for h in game.map.hexes if h not in hexes and h not in taken
                    and _column(situation, h) >= beyond]
            if not free:
                continue
            distance = {h: min(layout.distance(h, e) for e in hexes) for h in free}
            nearest = min(distance.values())
            found.update(h for h in free if distance[h] == nearest)
    return frozenset(found)


def _column(situation: Situation, hex_: Hex) -> int:
    """The hex column as the book numbers hexes (the first two digits: 3801 is column 38)."""
    return int(situation.game.map.layout.name(hex_)[:2])


def _available(record: PhaseRecord, kind: _Kind) -> bool:
    """PGG 14.14: a counter of the type off the map at the end of the phase (the pool or the dead
    pile, 12.4) that could have been brought on."""
    end = record.end or record.start
    game = record.start.game
    return any(_of_type(game, c.id, kind.type) and (c.id not in end.units or end.units[c.id].hex is None)
               for c in game.counters)


def _of_type(game: Game, key: str, type_: str) -> bool:
    counter = game.counter(key)
    group = game.unit_groups.get(type_)
    return counter.type == type_ or (group is not None and counter.type in group.types) or counter.id == type_


def _union(areas: dict[str, frozenset[Hex]]) -> frozenset[Hex]:
    return frozenset(h for hexes in areas.values() for h in hexes)


def _judged(record: PhaseRecord, step: int, track: UnitTrack | None, verdict: Verdict) -> Judgement:
    game = record.start.game
    unit = track.key if track is not None else None
    destination = hex_name(game, track.map_drops[0].hex) if track is not None and track.map_drops else ""  # type: ignore[arg-type]
    return Judgement(step, unit, "palette" if track is not None else "", destination, verdict, record.turn,
                     record.phase.name, record.phase.side)

