"""Korsun air supply [Korsun 25.2]: in the German Air Power Phase the German Player puts Air
markers on town hexes (25.22); every isolated unit (25.1, not just out of supply: 25.21) in such a
town, or joined to it by a line of hexes neither Enemy-occupied nor Enemy-controlled (Friendly
units negate Enemy zones in their hex), is air supplied: in supply for the whole next Game-Turn
(25.23). The first time a unit is air supplied a Heavy Equipment marker goes on it (25.28).

Judged, for each Air marker put on a map hex in the phase (an Air marker already standing there,
not moved, is not read as a new placement: 25.27 takes it off at the start of the phase, and a
log does not tell leaving it from putting it back):

- on a hex that is not a town: Korsun 25.22 (``kinds``: the place kinds of ``map/places.csv`` read
  as towns);
- on a town a Soviet unit occupies: Korsun 25.24;
- more markers than the Game-Turn's Air Points (19.8, 20.11, 20.12: ``rules.air_points`` by
  the weather of ``rules.korsun_weather``) and the Air markers (25.25: ``markers_limit``): 25.26 on
  a snow Game-Turn (no Air Points), 25.25 otherwise. The Air Points the Player spent on combat
  support that Game-Turn (25.25) are not counted here (the air check of AGS 14.0 reads them). With
  the optional weather roll read (28.0, :mod:`.variable_weather`) the count is made under the
  track's weather and the roll's: a marker over the limit of one only is not checked;
- a unit air supplied for the first time with no Heavy Equipment marker put in its hex in the
  phase: Korsun 25.28 (one marker for each such unit of the hex).

A unit whose isolation the checker cannot decide is neither counted as air supplied nor required
to get a marker. Parameters (``games/korsun/game.toml``): ``rules.korsun_air_supply`` (``phase``,
``markers``, ``heavy_equipment`` (counter ids), ``kinds``, ``markers_limit``, ``cases``), with
``rules.korsun_isolation_range`` (:mod:`.isolation`). A game without it has no air supply.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.piece_properties import UNIT
from vmodgen.engine.rules.ags.air import TurnWeathers, air_points
from vmodgen.engine.rules.ags.korsun.isolation import isolation_at, isolation_spec
from vmodgen.engine.rules.ags.korsun.variable_weather import remember_roll, turn_weathers
from vmodgen.engine.rules.ags.vocabulary import SHEET_MARKER
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name, optional_table

PARAMETER = "korsun_air_supply"


def air_supply_spec(game: Game) -> dict[str, Any] | None:
    """The game's air supply table, or None for a game without air supply (or isolation)."""
    spec = optional_table(game, PARAMETER)
    return spec if spec is not None and isolation_spec(game) is not None else None


def placed_markers(record: PhaseRecord, keys: Sequence[str]) -> list[tuple[int, str, Hex]]:
    """(step, counter, hex) of each counter-sheet marker of ``keys`` put on a map hex in the phase:
    where it stands at the phase's end, moved there from where it stood when the phase began; in
    step order."""
    wanted = set(keys)
    end = record.markers_at()
    found = []
    for piece, placed in end.items():
        counter = placed.get(UNIT)
        if placed.kind != SHEET_MARKER or counter not in wanted or placed.hex is None:
            continue
        before = record.markers_at_start.get(piece)
        if before is None or before.hex != placed.hex:
            found.append((placed.step, counter, placed.hex))
    return sorted(found)


def supplied_units(situation: Situation, towns: Sequence[Hex], tracer: SupplyTracer | None = None) -> set[str]:
    """The isolated units an Air marker on ``towns`` supplies in ``situation`` [Korsun 25.21]:
    in one of the towns, or joined to one by a line of hexes not Enemy-occupied nor
    Enemy-controlled (a Friendly unit negates the Enemy zone of its hex); major rivers do not
    block it (19.72). Units of unknown isolation are left out."""
    spec = isolation_spec(situation.game)
    if spec is None or not towns:
        return set()
    side = spec[0]
    tracer = tracer or SupplyTracer(situation)
    isolated = [k for k, found in isolation_at(situation, tracer=tracer).items() if found.isolated]
    if not isolated:
        return set()
    reached = _line_from(situation, tracer, side, towns)
    return {k for k in isolated if situation.units[k].hex in reached}


def _line_from(situation: Situation, tracer: SupplyTracer, side: str, towns: Sequence[Hex]) -> set[Hex]:
    """The hexes a line of non-Enemy-occupied, non-Enemy-controlled hexes joins to a town."""
    barred = tracer.barred(side)
    layout = situation.game.map.layout
    reached = set(towns)
    todo = [t for t in towns if t not in barred]
    while todo:
        for other in layout.neighbours(todo.pop()):
            if other in reached:
                continue
            reached.add(other)       # a unit may stand in a barred hex (its own, Enemy-controlled)
            if other not in barred and tracer.enterable(other):
                todo.append(other)
    return reached


class AirSupply:
    """Korsun 25.2-25.28 in the German Air Power Phase (see the module docstring)."""

    name = "korsun_air_supply"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        remember_roll(record, memory.setdefault("weather", {}))          # Korsun 28.0
        spec = air_supply_spec(record.start.game)
        if spec is None or record.phase.name != spec["phase"]:
            return []
        found, towns = placements(record, spec, turn_weathers(record.start.game, record.turn,
                                                              memory["weather"].get(str(record.turn))))
        supplied = supplied_units(record.start, towns)
        memory.setdefault("air_supplied", {})[record.turn] = supplied
        received = memory.setdefault("heavy_equipment", set())
        first = sorted(supplied - received)
        received |= supplied
        if record.complete:
            found += _heavy_equipment(record, spec, first)
        return found


def placements(record: PhaseRecord, spec: Mapping[str, Any], weathers: TurnWeathers | None = None
               ) -> tuple[list[Judgement], list[Hex]]:
    """The findings on the Air markers put down in the phase (25.22, 25.24-25.26), and the towns
    of those that supply (the others supply nothing). ``weathers``: the Game-Turn's two weathers
    when the optional weather roll was read (28.0): a marker over the limit of one weather only is
    not checked, and supplies nothing here."""
    game = record.start.game
    cases = spec["cases"]
    side = record.phase.side
    found: list[Judgement] = []
    points = air_points(game, record.turn)
    limit = min(points, int(spec["markers_limit"])) if points is not None else None
    limits = {w: min(p, int(spec["markers_limit"])) for w in (weathers.weathers if weathers else ())
              if (p := air_points(game, record.turn, weather=w)) is not None}
    towns = []
    for number, (step, key, hex_) in enumerate(placed_markers(record, spec["markers"]), start=1):
        where = hex_name(game, hex_)
        name = game.counter(key).name
        place = game.map.places.get(hex_)
        over = [w for w, most in limits.items() if number > most]
        if weathers is not None and 0 < len(over) < len(limits):
            found.append(_finding(record, key, step, where, Verdict.unchecked(cite(game, weathers.case), (
                f"{name} was put on {where} for air supply, marker {number}: over the {limits[over[0]]} Air "
                f"markers of {over[0]} ({cases['snow'] if limits[over[0]] == 0 else cases['points']}), within the "
                f"other weather's: {weathers.reason}; not checked, and its air supply not followed"), [hex_])))
            continue
        if limit is not None and number > limit:
            case = cases["snow"] if points == 0 else cases["points"]
            why = (f"Game-Turn {record.turn} is a snow Game-Turn: no Air Points, no air supply" if points == 0 else
                   f"{number} Air markers placed; the German Player has {limit} Air Points on Game-Turn {record.turn}")
            found.append(_finding(record, key, step, where, Verdict.illegal(cite(game, case), (
                f"{name} was put on {where} for air supply: {why}"), [hex_])))
            continue
        if place is None or place.kind not in spec["kinds"]:
            found.append(_finding(record, key, step, where, Verdict.illegal(cite(game, cases["town"]), (
                f"{name} was put on {where} for air supply; Air markers go on town hexes only"), [hex_])))
            continue
        enemy = [k for k in record.start.at(hex_) if record.start.units[k].side != side
                 and record.start.unit_type(k).unit_class != "marker"]
        if enemy:
            found.append(_finding(record, key, step, where, Verdict.illegal(cite(game, cases["soviet_occupied"]), (
                f"{name} was put on {where} for air supply; {game.counter(enemy[0]).name} occupies that town"),
                [hex_])))
            continue
        towns.append(hex_)
    return found, towns


def _heavy_equipment(record: PhaseRecord, spec: Mapping[str, Any], first: Sequence[str]) -> list[Judgement]:
    """25.28: a Heavy Equipment marker put in the hex of each unit first air supplied."""
    game = record.start.game
    markers: dict[Hex, int] = {}
    for _, _, hex_ in placed_markers(record, spec["heavy_equipment"]):
        markers[hex_] = markers.get(hex_, 0) + 1
    needed: dict[Hex, list[str]] = {}
    for key in first:
        needed.setdefault(record.start.units[key].hex, []).append(key)  # type: ignore[arg-type]
    found = []
    for hex_, keys in sorted(needed.items()):
        for key in keys[markers.get(hex_, 0):]:
            where = hex_name(game, hex_)
            found.append(_finding(record, key, record.last_step, where, Verdict.illegal(
                cite(game, spec["cases"]["heavy_equipment"]), (
                    f"{game.counter(key).name} in {where} was air supplied for the first time and no Heavy "
                    "Equipment marker was put on it"), [hex_])))
    return found


def _finding(record: PhaseRecord, key: str, step: int, where: str, verdict: Verdict) -> Judgement:
    return Judgement(step, key, where, "", verdict, record.turn, record.phase.name, record.start.game.counter(key).side)


def air_supplied(records: Sequence[PhaseRecord]) -> dict[int, frozenset[str]]:
    """The units in supply by air supply during each Game-Turn [Korsun 25.23]: those supplied in
    the German Air Power Phase of the Game-Turn before. What Korsun 27.1's tally passes to
    :func:`~vmodgen.engine.rules.ags.korsun.isolation.isolated_at` as ``air_supplied``."""
    memory: dict[str, Any] = {}
    rule = AirSupply()
    for record in records:
        rule.check_phase(record, memory)
    return {turn + 1: frozenset(keys) for turn, keys in memory.get("air_supplied", {}).items()}


AIR_SUPPLY = AirSupply()
