"""A movement phase, checked unit by unit over all its drops (a log records drops, not paths:
only what no legal path explains is a finding), then the phase as a whole: stacking at its end,
Stalin's Directive, and the per-turn tallies (rail capacity, reinforcement schedule)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules import movement, rail, reinforcements, stacking, stalin
from vmodgen.engine.rules.ags.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_list


@dataclass
class TurnLedger:
    """What a Game-Turn adds up across its phases: units moved by rail, units that entered."""

    rail: dict[tuple[int, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    entered: dict[tuple[int, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    last_step: dict[tuple[int, str], int] = field(default_factory=dict)
    situations: dict[tuple[int, str], Situation] = field(default_factory=dict)
    completed: set[tuple[int, str]] = field(default_factory=set)
    directive: dict[int, bool | None] = field(default_factory=dict)

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
    directive = _directive(record, ledger)
    # Checked on where units end (with relief, Kiev 22.2), not on every step: a relieved unit may
    # move anywhere, and which units were relieved is known only at the end of the phase.
    line = stalin.directive_line(game) if directive else None
    ends: dict[str, Hex] = {}
    key_side = (record.turn, phase.side)
    ledger.situations.setdefault(key_side, start)
    ledger.last_step[key_side] = max(ledger.last_step.get(key_side, 0), record.last_step)
    if record.complete and phase.kind == "movement":
        ledger.completed.add(key_side)
    for key, track in sorted(record.tracks.items()):
        judged = _check_track(record, track, tracer, ledger)
        found += judged
        final = track.drops[-1].hex if track.drops else None
        if final is not None and track.start is not None:
            ends[key] = final
    if directive and line is not None:
        for verdict in stalin.directive_check(start, ends, line):
            found.append(_judge(record, verdict, None, last_step=record.last_step))
    elif directive is None and _restricted_side_moved(record):
        found.append(_judge(record, Verdict.unchecked(cite(game, "Kiev 22.0"), _directive_reason(record, ledger)),
                            None, last_step=record.first_step or record.last_step))
    if not record.complete:
        found.append(_judge(record, Verdict.unchecked(cite(game, "AGS 7.0"), f"the log ends during the {phase.name} "
                                                      "phase: stacking and reinforcement arrivals at its end were not "
                                                      "checked"), None, last_step=record.last_step))
    elif record.end is not None and stacking.stacking_applies(record.end, phase, at_end=True):
        for verdict in stacking.stacking_violations(record.end, phase.side):
            found.append(_judge(record, verdict, None, last_step=record.last_step))
    return found


def _check_track(record: PhaseRecord, track: UnitTrack, tracer: SupplyTracer,
                 ledger: TurnLedger) -> list[Judgement]:
    game = record.start.game
    phase = record.phase
    counter = game.counter(track.key)
    drops = track.map_drops
    last = track.drops[-1]
    if not drops and track.start is None:
        return []  # moved between boxes off the map (a pool, the turn track): no rule applies
    before = _before(record, track)
    if track.left_map and track.start is not None:
        reason = (f"{counter.name} left the map for {last.location} during a movement phase: an overrun "
                  "result, which this checker does not resolve (AGS 6.0)")
        return [_judge(record, Verdict.unchecked(cite(game, "AGS 6.0"), reason), track, last_step=last.step)]
    if counter.side != phase.side:
        if record.dice:
            reason = (f"{counter.name} of the non-phasing side moved after a die roll: an overrun retreat, which "
                      "this checker does not resolve (AGS 6.0)")
            return [_judge(record, Verdict.unchecked(cite(game, "AGS 6.0"), reason), track)]
        return [_judge(record, movement.may_move_in_phase(before, track.key), track)]
    allowed = movement.may_move_in_phase(before, track.key)
    if not allowed.is_legal:
        return [_judge(record, allowed, track)]
    entries = None
    if track.entered_map:
        entry = reinforcements.entry_check(before, track.key)
        if not entry.is_legal:
            return [_judge(record, entry, track)]
        entries = entry.entries
        ledger.entered[(record.turn, phase.side)].append(track.key)
    in_supply = None if track.entered_map else tracer.state(track.key).in_supply
    allowance = movement.movement_allowance(before, track.key, in_supply)
    hexes = [d.hex for d in drops if d.hex is not None]
    verdict = movement.movement_check(before, track.key, hexes, allowance, entries=entries)
    if verdict.is_legal:
        return []
    if track.entered_map and verdict.is_illegal:
        areas = " ".join(reinforcements.scheduled_areas(game, counter, record.turn) or counter.entry_areas)
        return [_judge(record, Verdict.illegal(cite(game, "Kiev 23.0"), f"{counter.name} entered in area {areas}, "
                                               f"whose entry hexes are {hex_list(game, sorted(entries or ()))}: "
                                               f"{verdict.message}", verdict.hexes), track)]
    if phase.kind == "movement" and not track.entered_map:
        by_rail = rail.rail_check(before, track.key, hexes)
        if by_rail.is_legal:
            ledger.rail[(record.turn, phase.side)].append(track.key)
            return []
        if by_rail.is_illegal and by_rail.path:
            return [_judge(record, by_rail, track)]  # a rail line leads there, but too far (Kiev 19.3)
    return [_judge(record, verdict, track)]


def _before(record: PhaseRecord, track: UnitTrack) -> Situation:
    """The position just before the unit's first drop, with the unit where it then was."""
    situation = track.before or record.start
    if track.key not in situation.units:
        game = situation.game
        units = dict(situation.units)
        units[track.key] = UnitState(game.counter(track.key), None, False)
        situation = Situation(game, situation.turn, situation.phase_index, units)
    return situation


def _directive(record: PhaseRecord, ledger: TurnLedger) -> bool | None:
    """Whether Stalin's Directive binds this phase's Soviet moves (Kiev 22.0); None: unknown."""
    game = record.start.game
    if record.phase.side != stalin.directive_side(game):
        return False
    die = record.dice[0][1] if record.dice else None
    try:
        state = stalin.directive_in_effect(game, record.turn, die=die, previous=ledger.directive.get(record.turn - 1))
    except CannotCheck:
        return None
    ledger.directive[record.turn] = state.in_effect
    return state.in_effect


def _directive_reason(record: PhaseRecord, ledger: TurnLedger) -> str:
    game = record.start.game
    die = record.dice[0][1] if record.dice else None
    state = stalin.directive_in_effect(game, record.turn, die=die, previous=ledger.directive.get(record.turn - 1))
    side = stalin.directive_side(game)
    return (f"Stalin's Directive on Game-Turn {record.turn}: {state.reason}; {side} moves were not checked against "
            f"it (roll the die in the {record.phase.name} phase before moving)")


def _restricted_side_moved(record: PhaseRecord) -> bool:
    game = record.start.game
    return any(game.counter(k).side == stalin.directive_side(game) for k in record.tracks)


def _judge(record: PhaseRecord, verdict: Verdict, track: UnitTrack | None, *, last_step: int | None = None) -> Judgement:
    game = record.start.game
    if track is None:
        hexes = verdict.hexes
        origin = game.map.name(hexes[0]) if hexes else ""
        return Judgement(last_step or record.last_step, None, origin, "", verdict, record.turn, record.phase.name,
                         record.phase.side)
    step = last_step if last_step is not None else track.drops[-1].step
    return Judgement(step, track.key, track.start_location, track.drops[-1].location, verdict, record.turn,
                     record.phase.name, game.counter(track.key).side)
