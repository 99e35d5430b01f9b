"""The PGG markers a phase's moves answer to, read from the phase record (the timeline records
where each marker of a kind the family declares stands): German Air Interdiction Markers in the
Soviet Movement Phase [PGG 13.3], the Soviet Interdiction Marker in the German Movement Phases
[PGG 13.43], Rail Cut Markers for Soviet rail movement [PGG 6.37] and Disrupted markers [PGG 6.6].

A marker is in force for a phase when it stands on the map as the phase's first unit moves: the
German Air Interdiction Markers of the first Soviet Player-Turn are put down before play (PGG 5.0),
and a log may do that at the start of the phase; a Rail Cut Marker taken off by a Soviet unit
during the phase still cuts the line until the next Game-Turn (PGG 6.37, "Rail Movement may resume
... during the Turn following their repair").

>>> from vmodgen.engine.rules.record import MarkerPlaced
>>> german = (("Side", "German"),)
>>> placed = {"a": MarkerPlaced(0, "a", "interdiction", german, Hex(3, 4)),
...           "b": MarkerPlaced(0, "b", "rail_cut", german, Hex(5, 5))}
>>> sorted(hexes_of(placed, INTERDICTION, placed_by="German"))
[Hex(col=3, row=4)]
>>> hexes_of(placed, INTERDICTION, placed_by="Soviet")
frozenset()
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.piece_properties import DISRUPTED, INTERDICTION, RAIL_CUT
from vmodgen.engine.rules.pgg.rail import RailMarkers
from vmodgen.engine.rules.record import MarkerPlaced, PhaseRecord
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.verdict import optional_param, optional_table

#: the rule parameters of the interdiction markers (``side``: who puts them down) and the case
#: that states each one's effect on the other side's movement (+1 MP, PGG 13.31, 13.32, 13.43)
INTERDICTION_CASES = {"air_interdiction": "PGG 13.32", "soviet_interdiction": "PGG 13.43"}


def interdiction_rules(game: Game) -> dict[str, tuple[str, dict]]:
    """Each side that puts interdiction markers down: (its parameter's name, the parameter)."""
    found = {}
    for name in INTERDICTION_CASES:
        rule = optional_table(game, name)
        if rule is not None and "side" in rule:
            found[str(rule["side"])] = (name, rule)
    return found


@dataclass(frozen=True)
class PhaseMarkers:
    """What the markers in force do to the phasing side's moves this phase."""

    interdicted: frozenset[Hex] = frozenset()   # entering costs ``extra`` Movement Points more
    extra: int = 0
    case: str = ""                              # the case of that cost
    rail: RailMarkers = RailMarkers()
    disrupted: frozenset[Hex] = frozenset()     # hexes under a Disrupted marker


def hexes_of(markers: Mapping[str, MarkerPlaced], kind: str, *, placed_by: str | None = None) -> frozenset[Hex]:
    """The hexes holding a marker of ``kind`` (placed by that side, when given)."""
    return frozenset(m.hex for m in markers.values()
                     if m.kind == kind and m.hex is not None and (placed_by is None or m.side == placed_by))


def in_force(record: PhaseRecord) -> dict[str, MarkerPlaced]:
    """The markers on the map as the phase's first unit moves (at its end if none moves)."""
    first = min((t.drops[0].step for t in record.tracks.values() if t.drops), default=None)
    return record.markers_at(None if first is None else first - 1)


def phase_markers(record: PhaseRecord) -> PhaseMarkers:
    """The markers in force for the phasing side's moves [PGG 6.37, 13.31, 13.32, 13.43, 6.62]."""
    game = record.start.game
    side = record.phase.side
    placed = in_force(record)
    interdicted: frozenset[Hex] = frozenset()
    extra, case = 0, ""
    for enemy, (name, rule) in interdiction_rules(game).items():
        if enemy != side and side and "movement_cost" in rule:
            interdicted = interdicted | hexes_of(placed, INTERDICTION, placed_by=enemy)
            extra, case = int(rule["movement_cost"]), INTERDICTION_CASES[name]
    rail_cost = optional_param(game, "rail_interdicted_hex_cost", None)
    rail = RailMarkers(hexes_of(placed, RAIL_CUT), interdicted if rail_cost is not None else frozenset(),
                       int(rail_cost) if rail_cost is not None else 1)
    return PhaseMarkers(interdicted, extra, case, rail,
                        hexes_of(record.markers_at_start, DISRUPTED))


def position_at(record: PhaseRecord, step: int) -> Situation:
    """The units as they stood at ``step`` of the phase (its start with the drops made by then):
    where a marker put down at that step stands among them."""
    now = record.start
    for key, track in record.tracks.items():
        before = [d for d in track.drops if d.step <= step]
        if before and key in now.units:
            now = now.moved(key, before[-1].hex)
        elif before:
            units = {**now.units, key: UnitState(now.game.counter(key), before[-1].hex, False)}
            now = Situation(now.game, now.turn, now.phase_index, units, now.control)
    return now
