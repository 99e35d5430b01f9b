"""Soviet doctrine [Operation Star 21.0]: offensive and defensive modes.

An HQ's mode is its side (OFF front, DEF back, back kind ``mode``). It may change only at the
beginning of the first Soviet Movement Phase of a Player-Turn, and only from offensive to
defensive, never back (21.0); the 3rd Tank Army and Popov HQs have no DEF side (21.3, the module
cannot turn them). A combat unit's mode is the mode of the HQ it has a line of communications
to, defensive when out of supply (21.1, 21.2), taken at the beginning of each Movement Phase.
What the checker can tell from a log, and judges:

- an HQ turned outside that moment, or back to offensive (21.0);
- an offensive unit leaving an enemy zone of control (may not disengage, 21.13);
- an offensive unit moving other than west, north-west or south-west, overruns too (21.14):
  every drop of its move must be reachable from the one before by such steps alone;
- a defensive unit moving in the Mechanized Movement Phase or overrunning (21.22);
- a defensive unit attacks at half strength (21.23): the combat checker computes its attack so;
- an offensive attacker that retreats after its battle (21.11).

A unit whose mode the log cannot show is not judged: supply not known, or lines of
communications to HQs of both modes (the book names one HQ, not which of several).

Parameters (``games/operation-star/game.toml``): ``rules.soviet_modes`` (side, the phase of the
change, whether an HQ may return to offensive, whether out of supply is defensive) and
``rules.offensive_mode_direction`` (the board edge the map's west is); the cases are
``rules.game_cases`` ``hq_modes``, ``offensive_mode_disengagement``, ``offensive_mode_direction``,
``defensive_mode``. A game without ``rules.soviet_modes`` has no modes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules import zoc
from vmodgen.engine.rules.ags import status_sides
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.overrun import Outcome
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, game_case, hex_name, optional_param, optional_table

OFFENSIVE = "offensive"
DEFENSIVE = "defensive"


def modes_spec(game: Game) -> dict[str, Any] | None:
    """``rules.soviet_modes``, or None for a game without modes."""
    return optional_table(game, "soviet_modes")


def mode_hqs(game: Game, side: str) -> list[str]:
    """The side's HQs whose back is a mode side."""
    return [c.id for c in game.counters if c.side == side and c.back_kind == "mode"]


class HqModeChanges:
    """21.0: an HQ turns to DEF only at the beginning of the first Soviet Movement Phase of a
    Player-Turn, and never back to OFF."""

    name = "operation_star_hq_modes"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        spec = modes_spec(game)
        if spec is None or not record.flips:
            return []
        side = spec["side"]
        hqs = mode_hqs(game, side)
        case = game_case(game, "hq_modes")
        in_change = status_sides.is_change_phase(record, spec["change_phase"])
        found = []
        for flip in status_sides.late_flips(record, hqs, in_change, side):
            name = game.counter(flip.key).name
            if flip.was_back and not flip.now_back and not spec.get("back_to_offensive", False):
                found.append(_about(record, flip.key, flip.step, Verdict.illegal(case, _back(name, record))))
                continue
            when = f"the {record.phase.name} phase" + (" after units had moved" if in_change else "")
            found.append(_about(record, flip.key, flip.step, Verdict.illegal(case, (
                f"{name} was turned to its {'DEF' if flip.now_back else 'OFF'} side in {when}; an HQ's mode "
                f"changes only at the beginning of the {spec['change_phase']} Phase"))))
        if in_change and not spec.get("back_to_offensive", False):
            # at the beginning of the phase only the outcome counts (a flip undone there is no change)
            end = status_sides.window_end(record, side)
            after = status_sides.showing_back_at(record, hqs, end)
            for key, back in sorted(after.items()):
                if record.start.units[key].showing_back and not back:
                    step = next(f.step for f in reversed(record.flips) if f.key == key and (end is None or f.step < end))
                    found.append(_about(record, key, step, Verdict.illegal(case, _back(game.counter(key).name, record))))
        return found


def _back(name: str, record: PhaseRecord) -> str:
    return (f"{name} was turned back from defensive (DEF) to offensive (OFF) mode in the {record.phase.name} phase; "
            "once defensive, an HQ never returns to offensive mode")


def _about(record: PhaseRecord, key: str, step: int, verdict: Verdict) -> Judgement:
    game = record.start.game
    unit = record.start.units.get(key)
    where = hex_name(game, unit.hex) if unit is not None and unit.hex is not None else ""
    return Judgement(step, key, where, "", verdict, record.turn, record.phase.name, game.counter(key).side)


def hq_modes_for_movement(record: PhaseRecord, side: str) -> dict[str, bool]:
    """Whether each of the side's mode HQs is defensive (DEF up) for this phase's movement: as at
    the beginning of the phase, after the changes made then (21.0)."""
    game = record.start.game
    return status_sides.showing_back_at(record, mode_hqs(game, side), status_sides.window_end(record, side))


def unit_mode(situation: Situation, tracer: SupplyTracer, key: str, defensive_hqs: Mapping[str, bool],
              out_of_supply_is_defensive: bool) -> str | None:
    """The mode of a combat unit (21.1, 21.2), or None when the log cannot tell."""
    state = tracer.state(key).in_supply
    if state is False:
        return DEFENSIVE if out_of_supply_is_defensive else None
    if state is None:
        return None
    try:
        hqs = tracer.hqs_in_communication(key)
    except CannotCheck:
        return None
    modes = {DEFENSIVE if defensive_hqs[k] else OFFENSIVE for k in hqs if k in defensive_hqs}
    modes |= {OFFENSIVE for k in hqs if k not in defensive_hqs}     # an HQ with no DEF side (21.3)
    return modes.pop() if len(modes) == 1 else None


class StepTest:
    """Whether a step goes toward the board edge that is the map's west (21.14: west, north-west
    or south-west: the three neighbours nearer that edge)."""

    AXES = {"south": (1, 1), "north": (1, -1), "east": (0, 1), "west": (0, -1)}

    def __init__(self, game: Game, edge: str) -> None:
        self.layout = game.map.layout
        self.axis, self.sign = self.AXES[edge]

    def allows(self, a: Hex, b: Hex) -> bool:
        return self.sign * (self.layout.center(b)[self.axis] - self.layout.center(a)[self.axis]) > 1e-9

    def reachable(self, a: Hex, b: Hex) -> bool:
        """Whether ``b`` can be reached from ``a`` by such steps alone (terrain aside)."""
        if a == b:
            return True
        limit = self.sign * self.layout.center(b)[self.axis]
        seen = {a}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            for nxt in self.layout.neighbours(here):
                if nxt in seen or not self.allows(here, nxt) or self.sign * self.layout.center(nxt)[self.axis] > limit + 1e-9:
                    continue
                if nxt == b:
                    return True
                seen.add(nxt)
                queue.append(nxt)
        return False


class ModeRestrictions:
    """21.13, 21.14 and 21.22 on the moves and overruns of one Soviet Movement Phase."""

    name = "operation_star_unit_modes"

    def check_movement_phase(self, record: PhaseRecord, memory: dict[str, Any], outcomes: list[Outcome],
                             ends: Mapping[str, Hex]) -> list[Judgement]:
        game = record.start.game
        spec = modes_spec(game)
        if spec is None or record.phase.side != spec["side"]:
            return []
        side = spec["side"]
        start = record.start
        tracer = SupplyTracer(start)
        defensive_hqs = hq_modes_for_movement(record, side)
        direction = optional_param(game, "offensive_mode_direction", None)
        steps = StepTest(game, direction["toward_board_edge"]) if isinstance(direction, dict) else None
        enemy_zoc = zoc.enemy_zoc(start, side)
        mech_classes = optional_param(game, "mech_phase_classes", ())
        found: list[Judgement] = []
        for key, track in sorted(record.tracks.items()):
            unit = start.units[key]
            if unit.side != side or track.start is None or not track.map_drops:
                continue
            unit_class = start.unit_type(key).unit_class
            if unit_class == "hq":
                continue     # 21.16: HQs are never restricted in direction and may always disengage
            overruns = [o for o in outcomes if o.takes_part(key)]
            moved = any(d.hex != track.start for d in track.map_drops)
            if not moved and not overruns:
                continue
            mode = unit_mode(start, tracer, key, defensive_hqs, bool(spec.get("out_of_supply_is_defensive", False)))
            name = unit.counter.name
            if mode == DEFENSIVE:
                why = _defensive_reason(tracer, key)
                if record.phase.kind == "mech_movement" and unit_class in mech_classes and moved:
                    found.append(judge(record, Verdict.illegal(game_case(game, "defensive_mode"), (
                        f"{name} moved in the {record.phase.name} phase in defensive mode ({why}); units in "
                        "defensive mode may not move in the Mechanized Movement Phase"), [track.start]), track))
                for outcome in overruns:
                    found.append(judge(record, Verdict.illegal(game_case(game, "defensive_mode"), (
                        f"{name} took part in overrun {outcome.overrun.number} in defensive mode ({why}); units "
                        "in defensive mode may not overrun"), [track.start]), track))
            elif mode == OFFENSIVE:
                if track.start in enemy_zoc and not overruns and moved:
                    found.append(judge(record, Verdict.illegal(game_case(game, "offensive_mode_disengagement"), (
                        f"{name} left the enemy zone of control at {hex_name(game, track.start)} in offensive mode "
                        "(its lines of communications reach only OFF HQs); units in offensive mode may not "
                        "disengage"), [track.start]), track))
                    continue
                if steps is not None:
                    found += _direction(record, track, steps, name)
        return found


def _defensive_reason(tracer: SupplyTracer, key: str) -> str:
    if tracer.state(key).in_supply is False:
        return "out of supply"
    return "its lines of communications reach only DEF HQs"


def _direction(record: PhaseRecord, track: Any, steps: StepTest, name: str) -> list[Judgement]:
    game = record.start.game
    here = track.start
    for drop in track.map_drops:
        if drop.hex == here:
            continue
        if not steps.reachable(here, drop.hex):
            return [judge(record, Verdict.illegal(game_case(game, "offensive_mode_direction"), (
                f"{name} moved from {hex_name(game, here)} to {hex_name(game, drop.hex)} in offensive mode (its "
                "lines of communications reach only OFF HQs); units in offensive mode move and overrun only west, "
                "north-west or south-west"), [here, drop.hex]), track)]
        here = drop.hex
    return []


class DefensiveAttack:
    """21.23: a defensive combat unit attacks at half strength, not cumulative with the halving
    for supply: for the attack strength it counts as out of supply (AGS 12.23). Its mode is taken
    when the combat is resolved (21.0): the HQs' sides then."""

    name = "operation_star_defensive_attack"

    def halved_attackers(self, situation: Situation, tracer: SupplyTracer,
                         attackers: Sequence[str]) -> dict[str, bool | None]:
        game = situation.game
        spec = modes_spec(game)
        if spec is None:
            return {}
        defensive_hqs = {k: situation.units[k].showing_back for k in mode_hqs(game, spec["side"])}
        found: dict[str, bool | None] = {}
        for key in attackers:
            unit = situation.units[key]
            if unit.side != spec["side"] or situation.unit_type(key).unit_class == "hq":
                continue
            mode = unit_mode(situation, tracer, key, defensive_hqs, bool(spec.get("out_of_supply_is_defensive", False)))
            if mode != OFFENSIVE:
                found[key] = True if mode == DEFENSIVE else None
        return found


class OffensiveAttackersHold:
    """21.11: offensive units, when attacking, never retreat as a result of combat: they take the
    losses. An attacker (not an HQ) whose first drop after its battle's die is neither a defended
    hex (an advance) nor off the map (eliminated) retreated; its mode is taken at the instant of
    the battle (21.0)."""

    name = "operation_star_offensive_attackers"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        spec = modes_spec(game)
        if spec is None or record.phase.side != spec["side"] or record.phase.kind != "combat":
            return []
        dice = sorted(step for step, _ in record.dice)
        found = []
        for battle in record.battles:
            before = battle.before
            if before is None or battle.die_step is None:
                continue
            until = next((step for step in dice if step > battle.die_step), None)
            tracer = SupplyTracer(before)
            defensive_hqs = {k: before.units[k].showing_back for k in mode_hqs(game, spec["side"])}
            for hex_ in sorted(battle.attacker_hexes):
                for key in before.at(hex_):
                    unit = before.units[key]
                    track = record.tracks.get(key)
                    if unit.side != spec["side"] or track is None or before.unit_type(key).unit_class == "hq":
                        continue
                    later = [d for d in track.drops if d.step > battle.die_step and (until is None or d.step < until)]
                    if not later or later[0].hex is None or later[0].hex in battle.defender_hexes or later[0].hex == hex_:
                        continue
                    mode = unit_mode(before, tracer, key, defensive_hqs,
                                     bool(spec.get("out_of_supply_is_defensive", False)))
                    if mode != OFFENSIVE:
                        continue
                    found.append(judge(record, Verdict.illegal(game_case(game, "offensive_mode_attackers"), (
                        f"{unit.counter.name} retreated from {hex_name(game, hex_)} to {hex_name(game, later[0].hex)} "
                        f"after attacking in battle {battle.number} in offensive mode (its lines of communications "
                        "reach only OFF HQs); offensive attackers take step losses instead of retreating"),
                        [hex_, later[0].hex]), track, last_step=later[0].step))
        return found


HQ_MODE_CHANGES = HqModeChanges()
OFFENSIVE_ATTACKERS_HOLD = OffensiveAttackersHold()
DEFENSIVE_ATTACK = DefensiveAttack()
MODE_RESTRICTIONS = ModeRestrictions()
