"""A PGG movement phase (the Soviet Movement Phase, the German Initial and Mechanized Movement
Phases), unit by unit over its drops (a log records drops, not paths: only what no legal path
explains is a finding), then the phase as a whole.

Shared with Army Group South (``engine.rules.movement``, cases mapped by ``[rules.case_numbers]``):
the search for a legal path within the Movement Allowance over the Terrain Effects Chart, enemy
units and enemy zones of control [PGG 6.12, 6.21-6.23, 8.13]; rail movement [PGG 6.3]; stacking
[PGG 7.1, 7.2]. PGG's own: who moves in which phase [PGG 4.2, 6.24], the Soviet hexrows 0100 and
0200 on Game-Turns 1-6 [PGG 6.4], the first Game-Turn's armies [PGG 5.23], Soviet reinforcements
entering untried [PGG 12.1, 14.14]; the markers in force (:mod:`~vmodgen.engine.rules.pgg.markers`):
interdiction's extra Movement Points [PGG 13.32, 13.43], rail cuts and interdicted rail hexes
[PGG 6.37, 13.31], disruption [PGG 6.62]; overruns [PGG 6.5: who may overrun,
:mod:`~vmodgen.engine.rules.pgg.overrun`; the result and the overrunners' moves,
:mod:`~vmodgen.engine.rules.pgg.overrun_result`].
"""

from __future__ import annotations

from fractions import Fraction

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.pathfinding import StepRule
from vmodgen.engine.rules.pgg import disruption, entry, evacuation, interdiction, rail
from vmodgen.engine.rules.pgg.cases import pgg_verdict
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.markers import PhaseMarkers, phase_markers
from vmodgen.engine.rules.pgg.overrun import check_overruns
from vmodgen.engine.rules.pgg.overrun_result import Resolution, check_overrunner, check_resolution, resolve
from vmodgen.engine.rules.pgg.stacking import stacking_violations
from vmodgen.engine.rules.pgg.supply import supply_of
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack, position_before
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.verdict import Verdict, cite, game_case, hex_name, mp, optional_param, param

MECH = "mech"
MARKER = "marker"


def check_movement_phase(record: PhaseRecord, ledger: Ledger) -> list[Judgement]:
    start = record.start
    game = start.game
    phase = record.phase
    found: list[Judgement] = []
    resolutions = [r for o in record.overruns if (r := resolve(record, o, ledger)) is not None]
    in_overrun = _overruns(record, ledger, found, resolutions)
    found += check_overruns(record, ledger, closed_hexrows(record.start, phase.side))
    for resolution in resolutions:
        found += check_resolution(record, resolution)
    marks = phase_markers(record)
    movers = [k for k, u in start.on_map(phase.side) if start.unit_type(k).unit_class != MARKER]
    supply = supply_of(start, movers, ledger)       # PGG 11.0: judged at the start of the phase
    for key, track in sorted(record.tracks.items()):
        if key in in_overrun:
            continue
        found += _check_track(record, track, ledger, supply, marks, resolutions)
    found += _first_turn_end(record, ledger)
    if not record.complete:
        found.append(judge(record, Verdict.unchecked(cite(game, "PGG 7.0"), f"the log ends during the {phase.name} "
                                                      "phase: stacking at its end was not checked"), None))
    elif record.end is not None:
        for verdict in stacking_violations(record.end, phase.side):
            found.append(judge(record, verdict, None, last_step=record.last_step))
    return found


def _overruns(record: PhaseRecord, ledger: Ledger, found: list[Judgement], resolutions: list[Resolution]) -> set[str]:
    """PGG 6.5: the units of each overrun whose moves are not judged here (the defenders, and the
    overrunners of an overrun whose result is not known: one "not checked" entry for it); the
    defenders may now be disrupted (PGG 6.61)."""
    game = record.start.game
    side = record.phase.side
    judged = {id(r.overrun): r for r in resolutions if r.judged}
    involved: set[str] = set()
    for overrun in record.overruns:
        at = overrun.before or record.start
        keys = {k for h in overrun.hexes for k in at.at(h) if at.unit_type(k).unit_class != MARKER}
        ledger.maybe_disrupted |= {k for k in keys if at.units[k].side != side}
        if id(overrun) in judged:
            involved |= {k for k in keys if k not in judged[id(overrun)].attackers}
            continue
        involved |= keys
        where = ", ".join(hex_name(game, h) for h in sorted(overrun.hexes))
        found.append(judge(record, Verdict.unchecked(cite(game, "PGG 6.5"), f"overrun {overrun.number} ({where}) was "
                                                     "not checked: its result and the moves of its units are not "
                                                     "judged (see the entries before it for why)",
                                                     sorted(overrun.hexes)), None,
                           last_step=overrun.die_step or overrun.declared_step))
    return involved


def _check_track(record: PhaseRecord, track: UnitTrack, ledger: Ledger, supply: dict[str, bool | None],
                 marks: PhaseMarkers, resolutions: list[Resolution]) -> list[Judgement]:
    game = record.start.game
    phase = record.phase
    counter = game.counter(track.key)
    drops = track.map_drops
    last = track.drops[-1]
    if not drops and track.start is None:
        return []   # moved between boxes off the map (a pool, the turn track): no rule applies
    if game.unit_types[counter.type].unit_class == MARKER:
        return []   # markers are placed by their own rules (interdiction, rail cuts: not judged)
    if counter.side != phase.side:
        return [judge(record, Verdict.illegal(cite(game, "PGG 6.24"), f"{counter.name} moved in the {phase.name} "
                                              "phase of the other side; units move only in their own Movement "
                                              "Phases", [h for h in (track.start,) if h is not None]), track)]
    before = position_before(record, track)
    if track.left_map and evacuation.evacuated(record, track):
        return []       # PGG 10.4: judged by check_evacuations
    if track.left_map:
        return [judge(record, Verdict.unchecked(cite(game, "PGG 7.1"), f"{counter.name} was taken off the map "
                                                f"({last.location}) in the {phase.name} phase: an over-stack "
                                                "eliminated (PGG 7.1) or a Leader evacuated (PGG 10.4) is legal; "
                                                "which it was is not judged", [track.start]), track)]  # type: ignore[list-item]
    if phase.kind == "mech_movement" and before.unit_type(track.key).unit_class != MECH:
        return [judge(record, Verdict.illegal(cite(game, "PGG 4.2"), f"{counter.name} moved in the {phase.name} "
                                              "phase, in which only Panzer, Mech, Motorized and Cavalry units move "
                                              "(PGG 4.2 B3)", [h for h in (track.start,) if h is not None]), track)]
    if track.key in ledger.maybe_disrupted and any(d.hex != track.start for d in track.drops):
        return [judge(record, disruption.move_verdict(record, track, marks), track)]
    entries = None
    if track.entered_map:
        face = _entering_face(record, track)
        before = Situation(before.game, before.turn, before.phase_index,
                           {**before.units, track.key: UnitState(counter, None, face)}, before.control)
        allowed = entry.entry_check(before, track.key, phase.kind, face)
        if not allowed.is_legal:
            return [judge(record, allowed, track)]
        entries = allowed.entries
        ledger.entered[track.key] = (record.turn, phase.side)
    in_supply = True if track.entered_map else supply.get(track.key)
    allowance = _allowance(before, track.key, in_supply)
    hexes = [d.hex for d in drops if d.hex is not None]
    taking_part = [r for r in resolutions if r.judged and track.key in r.attackers]
    if taking_part:                                   # PGG 6.51, 6.52, 6.56
        return check_overrunner(record, track, taking_part, before, allowance, entries,
                                _step_rule(before, track.key, ledger))
    enemy_drop = _into_enemy(before, track.key, hexes)
    if enemy_drop is not None:
        return [judge(record, Verdict.illegal(cite(game, "PGG 6.21"), f"{counter.name} moved into "
                                              f"{hex_name(game, enemy_drop)}, which holds enemy units, with no "
                                              "overrun declared", [enemy_drop]), track)]
    zones = _without(before, ledger.maybe_disrupted, phase.side)
    rule = _step_rule(before, track.key, ledger)
    verdict = pgg_verdict(game, movement.movement_check(zones, track.key, hexes, allowance, entries=entries,
                                                        step_rule=rule))
    if verdict.is_legal and marks.interdicted:        # PGG 13.32, 13.43: the markers' extra cost
        route = getattr(verdict, "route", None)
        verdict = interdiction.priced_check(zones, track.key, hexes, allowance, marks, entries=entries, step_rule=rule,
                                            route=route.path if route else (),
                                            cost=route.cost if route else None) or verdict
    if verdict.is_legal or verdict.is_unchecked:
        return [] if verdict.is_legal else [judge(record, verdict, track)]
    if verdict.case == cite(game, "PGG 10.23") and _accompanied(record, track):
        return []
    if _by_rail(before, track.key, hexes, entries, marks.rail):
        if record.turn == 1 and track.key in ledger.full_move_army:
            return [judge(record, Verdict.illegal(cite(game, "PGG 5.23"), f"{counter.name} (13th or 20th Army) "
                                                  "could have made this move only by rail, which it may not use "
                                                  "on the first Game-Turn"), track)]
        ledger.rail[(record.turn, phase.side)].append(track.key)
        ledger.rail_step[(record.turn, phase.side)] = track.drops[-1].step
        ledger.rail_situation.setdefault((record.turn, phase.side), before)
        return []
    if marks.rail and _by_rail(before, track.key, hexes, entries, rail.NO_MARKERS):
        cut = not _by_rail(before, track.key, hexes, entries, rail.RailMarkers(cut=marks.rail.cut))
        return [judge(record, _rail_marked(before, track.key, marks.rail, cut), track)]
    too_far = _too_far_by_rail(before, track.key, hexes, entries, ledger)
    if too_far is not None:
        return [judge(record, too_far, track)]
    if track.entered_map and entries and hexes and hexes[0] not in entries:
        # PGG 14.3: put on the map outside its area, beyond any move from it
        return [judge(record, Verdict.illegal(cite(game, "PGG 14.3"), f"{counter.name} entered at "
                                              f"{hex_name(game, hexes[0])}, outside its entry hexes, and no move "
                                              f"from them explains it: {verdict.message}", verdict.hexes), track)]
    return [judge(record, verdict, track)]


def _rail_marked(before: Situation, key: str, markers: rail.RailMarkers, cut: bool) -> Verdict:
    """A move rail would explain but for the markers in force: the Rail Cut Markers (``cut``: they
    alone bar it) [PGG 6.37], else the Air Interdiction Markers' rail hexes each [PGG 13.31]."""
    game = before.game
    name = before.units[key].counter.name
    if cut:
        return Verdict.illegal(cite(game, "PGG 6.37"), f"{name} moved too far for normal movement, and rail "
                                                       "movement is barred by the Rail Cut Markers in "
                                                       f"{', '.join(hex_name(game, h) for h in sorted(markers.cut))}"
                                                       f"{' (and the Air Interdiction Markers)' if markers.interdicted else ''}",
                               sorted(markers.cut))
    return Verdict.illegal(cite(game, "PGG 13.31"), f"{name} moved too far for normal movement, and too far by rail "
                                                    "once each Air Interdiction hex moved through costs "
                                                    f"{markers.interdicted_cost} rail hexes", sorted(markers.interdicted))



def _too_far_by_rail(before: Situation, key: str, hexes: list[Hex], entries: frozenset[Hex] | None,
                     ledger: Ledger) -> Verdict | None:
    """PGG 6.33: a move too long for normal movement along an open railroad, but over more rail
    hexes than a phase allows (``game_cases.rail``); None where rail is no explanation at all
    (PGG 5.23, 6.4: the moves _by_rail refuses)."""
    game = before.game
    if before.turn == 1 and key in ledger.full_move_army:
        return None
    columns = closed_hexrows(before, before.units[key].side)
    limit = optional_param(game, "rail_hexes_per_phase", None)
    if limit is None or any(_column(before, h) in columns for h in hexes):
        return None
    start = before.units[key].hex
    starts = [start] if start is not None else sorted(entries or ())
    lengths = [n for s in starts if (n := rail.rail_hexes(before, key, s, hexes)) is not None]
    if not lengths or min(lengths) <= int(limit):
        return None
    return Verdict.illegal(game_case(game, "rail", "PGG 6.3"), f"{before.units[key].counter.name} went "
                           f"{min(lengths)} rail hexes to {hex_name(game, hexes[-1])}; at most {limit} a phase "
                           "(PGG 6.33)", hexes[-1:])


def _accompanied(record: PhaseRecord, track: UnitTrack) -> bool:
    """PGG 10.23: a Leader enters an enemy zone "accompanied by" a combat unit: a stack dragged
    together is logged piece by piece, so a Leader that ends the phase with a friendly combat unit
    is given the benefit of the doubt."""
    end = record.end
    final = track.drops[-1].hex
    if end is None or final is None:
        return False
    side = end.units[track.key].side
    return any(end.units[k].side == side and end.unit_type(k).unit_class not in ("leader", MARKER)
               for k in end.at(final))


def _entering_face(record: PhaseRecord, track: UnitTrack) -> bool:
    """Whether the unit showed its back when it was put on the map: the face a later flip in the
    phase turned it from, else the face it ends the phase with (a piece dragged from the palette
    is logged with the face the palette gives it)."""
    first = track.map_drops[0].step
    flip = next((f for f in record.flips if f.key == track.key and f.step > first), None)
    if flip is not None:
        return flip.was_back
    end = record.end.units.get(track.key) if record.end is not None else None
    return end.showing_back if end is not None else True


def _allowance(situation: Situation, key: str, in_supply: bool | None) -> movement.Allowance:
    """PGG 6.23, 6.25, 11.31, 11.32: the printed Movement Allowance, halved (fractions dropped, never
    below one) when out of supply at the start of the phase; supply not known: the full allowance,
    the benefit of the doubt."""
    unit = situation.units[key]
    face = unit.face
    value = face.movement if face is not None else None
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return movement.Allowance(None, f"{unit.counter.name} shows no known Movement Allowance", in_supply)
    if in_supply is False:
        game = situation.game
        halved = max(int(value) // int(param(game, "out_of_supply_movement_divisor", "PGG 6.25")),
                     int(param(game, "minimum_strength", "PGG 11.32")))
        return movement.Allowance(Fraction(halved), f"MA {value}, halved out of supply (PGG 6.25): {halved}",
                                  in_supply)
    note = "" if in_supply else ", supply not known: full allowance assumed"
    return movement.Allowance(Fraction(value), f"MA {mp(Fraction(value))}{note}", in_supply)


def _into_enemy(situation: Situation, key: str, hexes: list[Hex]) -> Hex | None:
    side = situation.units[key].side
    for hex_ in hexes:
        if any(situation.units[k].side != side and situation.unit_type(k).unit_class != MARKER
               for k in situation.at(hex_)):
            return hex_
    return None


def _without(situation: Situation, keys: set[str], side: str) -> Situation:
    """The position without the enemy units that may be disrupted: a disrupted unit has no zone
    of control (PGG 6.62, 8.11), so a move through its zone is given the benefit of the doubt."""
    gone = [k for k in keys if k in situation.units and situation.units[k].side != side]
    if not gone:
        return situation
    units = dict(situation.units)
    for key in gone:
        units[key] = UnitState(units[key].counter, None, units[key].showing_back)
    return Situation(situation.game, situation.turn, situation.phase_index, units, situation.control)


def _column(situation: Situation, hex_: Hex) -> int:
    return int(situation.game.map.layout.name(hex_)[:2])


def closed_hexrows(situation: Situation, side: str, *, any_turn: bool = False) -> set[int]:
    """PGG 6.4: the hexrows ``side`` may not enter this Game-Turn (``rules.soviet_closed_hexrows``:
    ``sides``, ``columns``, ``last_turn``); ``any_turn``: the hexrows whatever the turn (the same
    two that PGG 5.23 forbids ending in)."""
    closed = optional_param(situation.game, "soviet_closed_hexrows", None)
    if not isinstance(closed, dict) or side not in closed.get("sides", ()):
        return set()
    if not any_turn and situation.turn > int(closed.get("last_turn", 0)):
        return set()
    return {int(c) for c in closed.get("columns", ())}


def _step_rule(situation: Situation, key: str, ledger: Ledger) -> StepRule | None:
    """PGG 5.23: the 13th and 20th Armies never move west on the first Game-Turn. PGG 6.4: on
    Game-Turns 1-6 no other Soviet unit enters the westernmost hexrows."""
    game = situation.game
    if situation.turn == 1 and key in ledger.full_move_army:
        return StepRule(lambda a, b: _column(situation, b) >= _column(situation, a), cite(game, "PGG 5.23"),
                        "the first-turn rule of the 13th and 20th Armies (north, south or east only)")
    columns = closed_hexrows(situation, situation.units[key].side)
    if not columns or key in ledger.full_move_army:
        return None
    return StepRule(lambda a, b: _column(situation, b) not in columns, cite(game, "PGG 6.4"),
                    f"the restriction on hexrows {', '.join(f'{c:02d}00' for c in sorted(columns))} "
                    f"on Game-Turn {situation.turn}")


def _by_rail(before: Situation, key: str, hexes: list[Hex], entries: frozenset[Hex] | None,
             markers: rail.RailMarkers) -> bool:
    """PGG 6.3: a Soviet move too long for normal movement may be rail movement (the benefit of the
    doubt): from its hex, or for a reinforcement from a railroad entry hex (PGG 6.32)."""
    columns = closed_hexrows(before, before.units[key].side)
    if any(_column(before, h) in columns for h in hexes):
        return False      # PGG 6.4: not by rail either ("voluntarily or involuntarily")
    start = before.units[key].hex
    if start is not None:
        return rail.by_rail(before, key, start, hexes, markers)
    return any(rail.by_rail(before, key, h, hexes, markers) for h in sorted(entries or ()))


def _first_turn_end(record: PhaseRecord, ledger: Ledger) -> list[Judgement]:
    """PGG 5.23 at the end of the first Soviet Movement Phase: every unit of the 13th and 20th
    Armies has moved (it must expend its whole allowance; only a unit that did not move at all is
    certainly short) and none ends in the two westernmost hexrows."""
    if record.turn != 1 or record.phase.kind != "movement" or not record.complete or record.end is None:
        return []
    game = record.start.game
    columns = closed_hexrows(record.start, record.phase.side, any_turn=True)
    found = []
    for key in sorted(ledger.full_move_army):
        if key not in record.start.units or record.start.units[key].side != record.phase.side:
            continue
        began, ended = record.start.units[key].hex, record.end.units[key].hex if key in record.end.units else None
        name = game.counter(key).name
        if ended is None:
            continue
        if ended == began:
            found.append(Judgement(record.last_step, key, hex_name(game, began), hex_name(game, ended), Verdict.illegal(  # type: ignore[arg-type]
                cite(game, "PGG 5.23"), f"{name} (13th or 20th Army) did not move on the first Game-Turn; it must "
                                        "expend its full Movement Allowance", [ended]), record.turn,
                record.phase.name, record.phase.side))
        elif _column(record.end, ended) in columns:
            found.append(Judgement(record.last_step, key, hex_name(game, began), hex_name(game, ended), Verdict.illegal(  # type: ignore[arg-type]
                cite(game, "PGG 5.23"), f"{name} (13th or 20th Army) ended the first Movement Phase in "
                                        f"{hex_name(game, ended)}, in the two westernmost hexrows", [ended]),
                record.turn, record.phase.name, record.phase.side))
    return found

