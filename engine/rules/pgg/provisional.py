"""Soviet Provisional Reinforcements [PGG 14.11-14.13]: each Game-Turn the Soviet Player throws a
die with the module's entry button (``engine.piece_properties.entry_die_button``, apart from the
battle die); the roll names the Provisional Entrance hex or area (a roll of n: the n-th area of the
``areas_by = die`` rows of reinforcements.csv) where one untried Rifle Division enters that turn.

Judged in the Movement Phase of the rows' side: a provisional arrival (a unit of the rows' type put
on the map in one of their areas) with no entry roll [PGG 14.11]; a second roll in one Game-Turn
[PGG 14.11]; more arrivals than the rows give the turn [PGG 14.11]; an arrival in an area other
than the one rolled [PGG 14.11]; a roll and no arrival by the end of the phase, while a counter of
the type is off the map to bring [PGG 14.13, 14.14]. When the rolled area is wholly held by German
units or their zones of control, the division enters at the nearest free hex toward the eastern
edge [PGG 14.12], which is not judged: such a phase's findings are reported as not checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.piece_properties import entry_die_button
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
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
    arrivals = [t for t in sorted(record.tracks.values(), key=lambda t: t.map_drops[0].step if t.map_drops else 0)
                if t.entered_map and _of_type(game, t.key, kind.type) and t.map_drops[0].hex in _union(areas)]
    # a hex that is also another entrance (PGG 14.22: the South-Western Front's railroad hexes) may
    # have brought the unit in as another reinforcement: never a finding of its own
    certain = [t for t in arrivals if t.map_drops[0].hex not in others]
    if not due:
        return found + [_judged(record, t.map_drops[0].step, t, Verdict.illegal(
            cite(game, "PGG 14.11"), f"{game.counter(t.key).name} entered by a Provisional Reinforcement area on "
                                     f"Game-Turn {record.turn}, which gives none")) for t in certain]
    named = kind.areas[first - 1] if first is not None and 1 <= first <= len(kind.areas) else None
    blocked = named is not None and _blocked(record.start, areas[named], kind.side)
    taken = [t for t in arrivals if named is not None and t.map_drops[0].hex in areas[named]]
    for track in certain:
        number = taken.index(track) if track in taken else -1
        verdict = _arrival(record, kind, track, number, due, first, named)
        if verdict is not None:
            found.append(_judged(record, track.map_drops[0].step, track, _unless_blocked(verdict, blocked, named)))
    if not (arrivals if first is not None else certain) and record.complete and _available(record, kind):
        found += _not_taken(record, kind, first, named, blocked)
    return found


def _not_taken(record: PhaseRecord, kind: _Kind, first: int | None, named: str | None,
               blocked: bool) -> list[Judgement]:
    """PGG 14.11, 14.13: the turn's provisional division must come on. With no entry roll at all,
    the phase must have begun in the logs (a log restored in the middle of the phase may hide the
    roll and the arrival): else not checked."""
    game = record.start.game
    what = game.plain_name(kind.type)
    if first is not None:
        return [_judged(record, record.last_step, None, _unless_blocked(Verdict.illegal(
            cite(game, "PGG 14.13"), f"the die named Provisional area {named} on Game-Turn {record.turn} and no "
                                     f"{what} entered there; it must be taken that turn"), blocked, named))]
    message = (f"no '{kind.button}' die was thrown and no provisional {what} entered on Game-Turn {record.turn}; "
               "one enters each Game-Turn and must be taken")
    if record.first_step > 0:
        return [_judged(record, record.last_step, None, Verdict.illegal(cite(game, "PGG 14.13"), message))]
    return [_judged(record, record.last_step, None, Verdict.unchecked(
        cite(game, "PGG 14.13"), f"{message}: but the log begins in this phase, so the roll may have been made "
                                 "before it"))]


def _arrival(record: PhaseRecord, kind: _Kind, track: UnitTrack, number: int, due: int, first: int | None,
             named: str | None) -> Verdict | None:
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
    if track.map_drops[0].hex not in hexes:
        return Verdict.illegal(cite(game, "PGG 14.11"), f"{name} entered at {where}; the die ({first}) named "
                                                        f"Provisional area {named} ({hex_list(game, sorted(hexes))})")
    return None


def _unless_blocked(verdict: Verdict, blocked: bool, named: str | None) -> Verdict:
    """PGG 14.12: with the rolled area wholly German-held or in German zones, the nearest free hex
    toward the east is not judged."""
    if not blocked:
        return verdict
    return Verdict.unchecked("PGG 14.12", f"{verdict.message}; but area {named} is wholly occupied by German units or "
                                          "in their zones of control, and the nearest free hex toward the eastern "
                                          "edge (PGG 14.12) is not judged")


def _blocked(situation: Situation, hexes: frozenset[Hex], side: str) -> bool:
    held = set(enemy_zoc(situation, side)) | {u.hex for k, u in situation.units.items()
                                         if u.hex is not None and u.side != side
                                         and situation.unit_type(k).unit_class != MARKER}
    return bool(hexes) and all(h in held for h in hexes)


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

