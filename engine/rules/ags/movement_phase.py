"""A movement phase, checked unit by unit over all its drops (a log records drops, not paths:
only what no legal path explains is a finding), then the phase as a whole: a game's own rules of
the phase (``engine.rules.ags.exclusive``), stacking at its end, and the per-turn tallies (rail
capacity, reinforcement schedule)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules import marker_costs, movement, overrun, rail, reinforcements, stacking
from vmodgen.engine.rules.ags.exclusive import move_condition_rules, move_rules, movement_phase_rules
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.record import Drop, PhaseRecord, UnitTrack, position_before
from vmodgen.engine.rules.results import NONE
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, cite, hex_list, hex_name
from vmodgen.engine.rules.zoc import COMMAND_CLASSES
from vmodgen.engine.rules.verdict import mp as mp_text


@dataclass
class TurnLedger:
    """What a Game-Turn adds up across its phases: units moved by rail, units that entered."""

    rail: dict[tuple[int, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    entered: dict[tuple[int, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    last_step: dict[tuple[int, str], int] = field(default_factory=dict)
    situations: dict[tuple[int, str], Situation] = field(default_factory=dict)
    completed: set[tuple[int, str]] = field(default_factory=set)
    memory: dict[str, dict[str, Any]] = field(default_factory=dict)   # each game rule's own (exclusive.py)

    def close(self) -> list[Judgement]:
        """The per-turn checks, once every phase of the game has been seen."""
        found = []
        for (turn, side), keys in sorted(self.rail.items()):
            situation = self.situations[(turn, side)]
            verdict = rail.rail_capacity_check(situation, keys)
            if not verdict.is_legal:
                found.append(Judgement(self.last_step[(turn, side)], None, "", "", verdict, turn, "rail movement",
                                       side))
        for (turn, side), situation in sorted(self.situations.items()):
            if (turn, side) not in self.completed:
                continue  # the log ended before this side's Initial Movement Phase did
            game = situation.game
            entered = [game.counter(k) for k in self.entered.get((turn, side), [])]
            for verdict in reinforcements.schedule_check(game, turn, side, entered):
                if not verdict.is_legal:
                    found.append(Judgement(self.last_step[(turn, side)], None, "", "", verdict, turn,
                                           "reinforcements", side))
        return found


def check_movement_phase(record: PhaseRecord, ledger: TurnLedger) -> list[Judgement]:
    start = record.start
    game = start.game
    phase = record.phase
    found: list[Judgement] = []
    tracer = SupplyTracer(start)
    ends: dict[str, Hex] = {}
    key_side = (record.turn, phase.side)
    ledger.situations.setdefault(key_side, start)
    ledger.last_step[key_side] = max(ledger.last_step.get(key_side, 0), record.last_step)
    if record.complete and phase.kind == "movement":
        ledger.completed.add(key_side)
    condition_of = (lambda hex_: move_condition(record, hex_, ledger)) if move_condition_rules() else None
    outcomes = [overrun.resolve(start, o, phase.side, condition_of, record.markers_at(o.declared_step))
                for o in record.overruns if o.die is not None]
    for outcome in outcomes:
        found += _overrun_judgements(record, outcome)
    for declared in record.overruns:
        if declared.die is None:
            found.append(judge(record, Verdict.unchecked(cite(game, "AGS 6.0"), f"overrun {declared.number} was "
                                                          "declared with its markers but no die was rolled for it"),
                                None, last_step=declared.declared_step))
    for key, track in sorted(record.tracks.items()):
        judged = _check_track(record, track, tracer, ledger, outcomes)
        found += judged
        final = track.drops[-1].hex if track.drops else None
        if final is not None and track.start is not None:
            ends[key] = final
    for rule in movement_phase_rules():
        found += rule.check_movement_phase(record, ledger.memory.setdefault(rule.name, {}), outcomes, ends)
    if not record.complete:
        found.append(judge(record, Verdict.unchecked(cite(game, "AGS 7.0"), f"the log ends during the {phase.name} "
                                                      "phase: stacking and reinforcement arrivals at its end were not "
                                                      "checked"), None, last_step=record.last_step))
    elif record.end is not None and stacking.stacking_applies(record.end, phase, at_end=True):
        for verdict in stacking.stacking_violations(record.end, phase.side):
            found.append(judge(record, verdict, None, last_step=record.last_step))
    return found


def _check_track(record: PhaseRecord, track: UnitTrack, tracer: SupplyTracer,
                 ledger: TurnLedger, outcomes: list[overrun.Outcome]) -> list[Judgement]:
    game = record.start.game
    phase = record.phase
    counter = game.counter(track.key)
    drops = track.map_drops
    last = track.drops[-1]
    if not drops and track.start is None:
        return []  # moved between boxes off the map (a pool, the turn track): no rule applies
    before = _with_companions(record, track, position_before(record, track))
    if track.start is not None and last.hex == track.start \
            and not any(o.takes_part(track.key) or o.defends(track.key) for o in outcomes):
        # AGS 5.21/5.1: a piece dragged and dropped back on the hex it began the phase in (a slip
        # of the mouse, put right) has not been moved; as in the Combat Phase, only where it ends counts.
        return []
    if counter.side != phase.side:
        # AGS 5.21: only the result of an overrun it defended against, rolled before it moved,
        # moves an enemy unit in this phase (its retreat or elimination is judged with that result).
        first = track.drops[0].step
        if any(o.defends(track.key) and (o.overrun.die_step or 0) < first for o in outcomes):
            return []
        return [judge(record, movement.may_move_in_phase(before, track.key), track)]
    origin = track.start if track.start is not None else drops[0].hex if drops else None
    condition = marker_costs.with_marker_costs(before, counter.side, move_condition(record, origin, ledger),
                                               record.markers_at(track.drops[0].step - 1).values())   # Rostov 24.11
    attacking = sorted((o for o in outcomes if o.takes_part(track.key)), key=lambda o: o.overrun.die_step or 0)
    if attacking:
        return _under_each_weather(record, track, ledger, lambda mud: _check_overrunner(
            record, track, before, tracer, attacking, condition, mud))
    if move_rules() and (track.start is not None or track.entered_map):
        supply = tracer.state(track.key) if track.start is not None else None
        allowance = movement.movement_allowance(before, track.key, supply.in_supply if supply else None, supply)
        for rule in move_rules():
            if track.start is None and not getattr(rule, "judges_entries", False):
                continue            # a unit entering the map: only a rule that says it judges entries
            judged = rule.judge_move(record, track, before, allowance, condition,
                                     ledger.memory.setdefault(rule.name, {}))
            if judged is not None:
                return judged       # the game's own rule governs this move (Rostov 21.0, 20.23)
    if track.left_map and track.start is not None:
        return [judge(record, Verdict.illegal(cite(game, "AGS 5.26"), f"{counter.name} was taken off the map "
                                               f"({last.location}) in the {phase.name} phase with no overrun "
                                               "declared: no combat takes place in a Movement Phase, so no unit "
                                               "leaves the map there", [track.start]), track, last_step=last.step)]
    allowed = movement.may_move_in_phase(before, track.key)
    if not allowed.is_legal:
        return [judge(record, allowed, track)]
    entries = None
    if track.entered_map:
        entry = reinforcements.entry_check(before, track.key)
        if not entry.is_illegal:
            # An entry the data cannot judge (not checked) is still an entry: the schedule counts it.
            ledger.entered[(record.turn, phase.side)].append(track.key)
        if not entry.is_legal:
            return [judge(record, entry, track)]
        entries = entry.entries
    supply = None if track.entered_map else tracer.state(track.key)
    allowance = movement.movement_allowance(before, track.key, supply.in_supply if supply else None, supply)
    hexes = [d.hex for d in drops if d.hex is not None]
    verdict = movement.movement_check(before, track.key, hexes, allowance, entries=entries, condition=condition)
    if verdict.is_legal:
        return []
    counts = rail.rail_counts(game, record.markers_at(track.drops[0].step - 1).values())   # Rostov 24.11
    if track.entered_map and verdict.is_illegal:
        by_rail = _rail_entry(before, track.key, hexes, entries or frozenset(), counts)
        if by_rail is not None and by_rail.is_legal:
            ledger.rail[(record.turn, phase.side)].append(track.key)
            return []
        if by_rail is not None and by_rail.is_illegal and by_rail.path:
            return [judge(record, by_rail, track)]   # by rail from its entry hex, but too far (game_cases.rail)
        if hexes[0] in (entries or ()):
            return [judge(record, verdict, track)]   # it entered where it may; the move beyond broke the rule
        areas = " ".join(reinforcements.scheduled_areas(game, counter, record.turn) or counter.entry_areas)
        case = reinforcements.zoc_entry_case(before, counter, hexes[0]) or reinforcements.schedule_case(game, counter)
        return [judge(record, Verdict.illegal(cite(game, case),
                                               f"{counter.name} entered in area {areas}, whose entry hexes are "
                                               f"{hex_list(game, sorted(entries or ()))}: {verdict.message}",
                                               verdict.hexes), track)]
    if phase.kind == "movement" and not track.entered_map:
        by_rail = rail.rail_check(before, track.key, hexes, counts=counts)
        if by_rail.is_legal:
            ledger.rail[(record.turn, phase.side)].append(track.key)
            return []
        if by_rail.is_illegal and by_rail.path:
            return [judge(record, by_rail, track)]  # a rail line leads there, but too far (game_cases.rail)
        mixed = _rail_then_foot(before, track.key, hexes, allowance, condition, counts)
        if mixed is not None:
            return [judge(record, mixed, track)]
    return [judge(record, verdict, track)]


def _with_companions(record: PhaseRecord, track: UnitTrack, before: Situation) -> Situation:
    """AGS 11.23: an HQ (or a leader) dragged in one stack with friendly combat units enters a hex
    with them, though VASSAL logs the stack's pieces one after the other: for the HQ's move, the
    combat units dropped on the same hex in the same log step are there already."""
    if before.unit_type(track.key).unit_class not in COMMAND_CLASSES:
        return before
    side = before.units[track.key].side
    for drop in track.map_drops:
        for key, other in sorted(record.tracks.items()):
            if key == track.key or key not in before.units or before.units[key].side != side \
                    or before.unit_type(key).unit_class in COMMAND_CLASSES:
                continue
            if any(d.step == drop.step and d.hex == drop.hex for d in other.map_drops):
                before = before.moved(key, drop.hex)
    return before


def _rail_then_foot(before: Situation, key: str, hexes: list[Hex], allowance: movement.Allowance,
                    condition: Condition | None, counts: rail.RailCounts | None) -> Verdict | None:
    """AGS 5.33: the first drops are a rail move no normal move explains, and the unit then went
    on off the railroad. That is normal movement in the phase it moved by rail (the case to cite,
    rather than a too-long foot march)."""
    for cut in range(len(hexes) - 1, 0, -1):
        ride = rail.rail_check(before, key, hexes[:cut], counts=counts)
        if ride.is_legal and movement.movement_check(before, key, hexes[:cut], allowance,
                                                      condition=condition).is_illegal:
            name = before.units[key].counter.name
            return Verdict.illegal(cite(before.game, "AGS 5.33"), f"{name} moved by rail to "
                                   f"{hex_name(before.game, hexes[cut - 1])}, then on to "
                                   f"{hex_name(before.game, hexes[-1])} off the railroad: no normal movement in "
                                   "the phase a unit moves by rail", [hexes[cut - 1], hexes[-1]])
    return None


def _overrun_judgements(record: PhaseRecord, outcome: overrun.Outcome) -> list[Judgement]:
    """What a declared overrun's own check found: eligibility, odds, the defenders' result; a
    finding about the overrunners shows the hex they overran from."""
    game = record.start.game
    step = outcome.overrun.die_step or outcome.overrun.declared_step
    parties = outcome.parties
    found = []
    for key, verdict in outcome.verdicts:
        if verdict.is_legal:
            continue
        attacker = parties is not None and key in parties.attackers
        if key is not None and attacker and key in record.tracks:
            found.append(judge(record, verdict, record.tracks[key], last_step=step))
            continue
        origin = ""
        if parties is not None:
            origin = hex_name(game, parties.target if key is not None and not attacker else parties.source)
        side = game.counter(key).side if key is not None else record.phase.side
        found.append(Judgement(step, key, origin, "", verdict, record.turn, record.phase.name, side))
    if outcome.dislodged and parties is not None:
        # AGS 6.24: units that never moved after the roll did not advance (those that moved are
        # judged with their moves).
        label = f"overrun {outcome.overrun.number} on {hex_name(game, parties.target)}"
        after = outcome.overrun.after or record.start
        for key in parties.attackers:
            if after.unit_type(key).unit_class in COMMAND_CLASSES:
                continue  # AGS 6.17: an HQ in the stack does not overrun, so need not advance
            if key not in record.tracks and after.units[key].hex is not None:
                found.append(Judgement(step, key, hex_name(game, parties.source), "", Verdict.illegal(
                    cite(game, "AGS 6.24"), f"{game.counter(key).name} stayed in {hex_name(game, parties.source)} "
                    f"after {label} emptied {hex_name(game, parties.target)}; the overrunning units must advance "
                    "into the vacated hex", [parties.target]), record.turn, record.phase.name, record.phase.side))
    return found


def _under_each_weather(record: PhaseRecord, track: UnitTrack, ledger: TurnLedger,
                        check: Callable[[bool | None], list[Judgement]]) -> list[Judgement]:
    """``check`` (a move judged with mud or not, None: the Game-Turn Record Track's) as a move rule
    that reads the weather from the log judges it under each weather the turn may have had (its
    ``judge_readings``, Korsun 28.0), else under the track's."""
    for rule in move_rules():
        readings = getattr(rule, "judge_readings", None)
        judged = readings(record, track, ledger.memory.setdefault(rule.name, {}), check) if readings else None
        if judged is not None:
            return judged
    return check(None)


def _check_overrunner(record: PhaseRecord, track: UnitTrack, before: Situation, tracer: SupplyTracer,
                      attacking: list[overrun.Outcome], condition: Condition | None,
                      mud: bool | None = None) -> list[Judgement]:
    """A unit that took part in declared overruns: its move is split at each overrun's die. Each
    leg is normal movement, each overrun costs its Movement Points [AGS 6.16]; after a success the
    unit must enter the overrun hex [6.24] and may go on with what is left; after a failure, a loss
    or a retreat it stops [6.22, 6.23]. ``mud``: the weather a game's rule read (None: the track's)."""
    game = record.start.game
    key = track.key
    name = game.counter(key).name
    unresolved = next((o for o in attacking if not o.resolved), None)
    if unresolved is not None:
        reason = (f"the moves of {name} around overrun {unresolved.overrun.number} were not checked, because that "
                  "overrun could not be resolved")
        return [judge(record, Verdict.unchecked(cite(game, "AGS 6.0"), reason), track)]
    supply = None if track.entered_map else tracer.state(key)
    in_supply = supply.in_supply if supply else None
    allowance = movement.movement_allowance(before, key, in_supply, supply, mud=mud)
    if allowance.mp is None:
        return [judge(record, Verdict.unchecked(cite(game, "AGS 5.11"), allowance.explanation), track)]
    rest: list[Drop] = track.map_drops
    position, spent, after_overrun = before, Fraction(0), False
    for index, outcome in enumerate(attacking):
        die_step = outcome.overrun.die_step or 0
        parties = outcome.parties
        assert parties is not None and outcome.overrun.after is not None
        leg, rest = [d for d in rest if d.step < die_step], [d for d in rest if d.step > die_step]
        cost = Fraction(0)
        if leg and any(d.hex != position.units[key].hex for d in leg):
            verdict = movement.movement_check(position, key, [d.hex for d in leg if d.hex is not None],
                                              movement.Allowance(allowance.mp - spent, allowance.explanation,
                                                                 in_supply), after_overrun=after_overrun,
                                              condition=condition)
            if not verdict.is_legal:
                return [judge(record, verdict, track, last_step=leg[-1].step)]
            cost = verdict.route.cost if verdict.route is not None else Fraction(0)
        spent += cost + outcome.cost
        label = f"overrun {outcome.overrun.number} on {hex_name(game, parties.target)}"
        if spent > allowance.mp:
            return [judge(record, Verdict.illegal(cite(game, "AGS 6.16"), f"{name} spent {mp_text(spent - outcome.cost)} "
                                                   f"MP to reach {hex_name(game, parties.source)} and "
                                                   f"{mp_text(outcome.cost)} MP for {label}: {mp_text(spent)} MP; it "
                                                   f"has {mp_text(allowance.mp)} ({allowance.explanation})",
                                                   [parties.source]), track, last_step=die_step)]
        if not outcome.dislodged:
            return _stopped(record, track, outcome, rest, attacking[index + 1:], label)
        if not rest or rest[0].hex != parties.target:
            where = f"moved to {rest[0].location}" if rest else "stayed"
            return [judge(record, Verdict.illegal(cite(game, "AGS 6.24"), f"{name} {where} after {label} emptied "
                                                   f"{hex_name(game, parties.target)}; the overrunning units must "
                                                   "advance into the vacated hex", [parties.target]), track,
                           last_step=rest[0].step if rest else die_step)]
        rest = rest[1:]
        after = outcome.overrun.after
        units = dict(after.units)
        units[key] = replace(after.units[key], hex=parties.target)
        position = Situation(game, after.turn, after.phase_index, units)
        after_overrun = True
    if not rest or all(d.hex == position.units[key].hex for d in rest):
        return []
    verdict = movement.movement_check(position, key, [d.hex for d in rest if d.hex is not None],
                                      movement.Allowance(allowance.mp - spent, f"{allowance.explanation}, "
                                                         f"{mp_text(spent)} MP spent before", in_supply),
                                      after_overrun=True, condition=condition)
    return [] if verdict.is_legal else [judge(record, verdict, track)]


def _stopped(record: PhaseRecord, track: UnitTrack, outcome: overrun.Outcome, rest: list[Drop],
             later: list[overrun.Outcome], label: str) -> list[Judgement]:
    """After an overrun that did not empty the hex, or cost the overrunners a loss or a retreat,
    they move no further in the phase, except to retreat as the result says [AGS 6.22, 6.23]."""
    game = record.start.game
    key = track.key
    name = game.counter(key).name
    result = outcome.attacker_result
    assert result is not None
    if result.kind == NONE:
        if rest or later:
            step = rest[0].step if rest else later[0].overrun.die_step or 0
            return [judge(record, Verdict.illegal(cite(game, "AGS 6.22"), f"{name} moved on after {label}, which "
                                                   "did not dislodge the defenders; the overrunning units may not "
                                                   "move further in the phase"), track, last_step=step)]
        return []
    ended = next((d.hex for d in reversed(rest) if d.hex is not None), None)
    verdict = overrun.attacker_loss_check(outcome, [key], {key: ended})
    found = []
    if not verdict.is_legal:
        source = outcome.parties.source if outcome.parties is not None else None
        retreated = any(d.hex is not None and source is not None
                        and game.map.layout.distance(source, d.hex) == result.number for d in rest)
        if overrun.attacker_loss_check(outcome, [key], {}).is_legal or retreated:
            # the result was met (steps lost, or the retreat made), then it moved on
            verdict = Verdict.illegal(cite(game, "AGS 6.23"), f"{name} moved on after {label} cost it a loss or a "
                                                              "retreat; the overrunning units may not move further "
                                                              "in the phase", [d.hex for d in rest[-1:] if d.hex])
        found.append(judge(record, Verdict(verdict.status, verdict.case, f"{name} in {label}: {verdict.message}",
                                            verdict.hexes), track, last_step=rest[-1].step if rest else
                            outcome.overrun.die_step))
    if later:
        found.append(judge(record, Verdict.illegal(cite(game, "AGS 6.23"), f"{name} overran again after {label} "
                                                    f"cost it {result.kind}; it may not move further in the phase"),
                            track, last_step=later[0].overrun.die_step))
    return found


def move_condition(record: PhaseRecord, start: Hex | None, ledger: TurnLedger) -> Condition | None:
    """The weather in force for a move from ``start`` (the first game rule that says one)."""
    for rule in move_condition_rules():
        condition = rule.move_condition(record, start, ledger.memory.setdefault(rule.name, {}))
        if condition is not None:
            return condition
    return None


def _rail_entry(before: Situation, key: str, hexes: list[Hex], entries: frozenset[Hex],
                counts: rail.RailCounts | None) -> rail.RailVerdict | None:
    """A reinforcement arriving by rail [AGS 15.0; ``game_cases.rail``]: rail movement from one of its
    railroad entry hexes (the legal one, else the shortest too-long one), or None when none of its
    entry hexes is a rail hex. The rail hexes are counted from the entry hex (``counts``: the rail
    hexes counting more, Rostov 24.11)."""
    links = rail.rail_links(before.game)
    tried = [rail.rail_check(before, key, hexes, start=entry, counts=counts) for entry in sorted(entries)
             if entry in links]
    legal = [v for v in tried if v.is_legal]
    if legal:
        return min(legal, key=lambda v: v.rail_hexes)
    too_far = [v for v in tried if v.is_illegal and v.path]
    if too_far:
        return min(too_far, key=lambda v: len(v.path))
    return None

