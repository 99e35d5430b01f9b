"""Disengagement [Operation Star 22.0, with the October 1979 addenda's 22.11-22.13]: every
German unit, and every Soviet unit in defensive mode (HQs always, 21.16), may leave an enemy
zone of control in a friendly Movement Phase for two extra Movement Points (22.0), only at the
beginning of its movement (22.13: a unit that starts the phase in the zone; one that enters a
zone during its move stops there, AGS 5.23). Leaving the zone it may not step straight into
another enemy-controlled hex (22.11), for a German unit unless a friendly unit is there (22.12);
a Soviet unit may not end its move in one (22.11). An offensive Soviet unit may not disengage at
all: the modes rule reports it (21.13), not this one.

Parameters: ``rules.zoc_disengagement`` (the sides, the extra MP, per side whether the first
hex may be enemy-controlled, which sides may end in an enemy zone, the case of each side's
restriction); ``rules.game_cases.disengagement_cost`` cites the cost. A game without the table
has no such disengagement (the move stays an AGS 5.24 matter, or ``rules.zoc_exit_unchecked``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.ags.zoc_exit import extra_cost_check, leaving
from vmodgen.engine.rules.ags.operation_star.modes import OFFENSIVE, hq_modes_for_movement, modes_spec, unit_mode
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.pathfinding import StepRule
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, cite, game_case, hex_name, optional_table
from vmodgen.engine.rules.zoc import enemy_zoc

FRIENDLY_OCCUPIED = "friendly_occupied"
NEVER = "never"


def spec(game: Game) -> dict[str, Any] | None:
    """``rules.zoc_disengagement``, or None for a game without this disengagement."""
    return optional_table(game, "zoc_disengagement")


def first_step_rule(before: Situation, start: Hex, side: str, allowed: str, case: str) -> StepRule:
    """22.11, 22.12: the step out of ``start`` may not enter another enemy-controlled hex
    (``allowed`` "never"), or only one a friendly unit holds ("friendly_occupied")."""
    zone = enemy_zoc(before, side, "movement")
    friendly = {u.hex for u in before.units.values() if u.side == side and u.hex is not None}

    def allows(a: Hex, b: Hex) -> bool:
        return a != start or b not in zone or (allowed == FRIENDLY_OCCUPIED and b in friendly)

    words = "only if a friendly unit holds it" if allowed == FRIENDLY_OCCUPIED else "never"
    return StepRule(allows, cite(before.game, case), f"the disengagement rule: out of the zone it left, straight into "
                                                     f"another enemy-controlled hex {words}")


class ZocDisengagement:
    """The rule as a move rule (``engine.rules.ags.exclusive``): the moves of units that leave an
    enemy zone at the start of their movement, which the standard check would report as AGS 5.24."""

    name = "operation_star_disengagement"

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        game = record.start.game
        rules = spec(game)
        side = game.counter(track.key).side
        if rules is None or side not in rules["sides"] or record.phase.side != side or track.left_map:
            return None
        phase = f"{record.turn}:{record.phase_index}:{record.first_step}"
        if memory.get("leaving_phase") != phase:
            memory.update(leaving_phase=phase, leaving=leaving(record, side))
        if track.key not in memory["leaving"]:
            return None
        if not movement.may_move_in_phase(before, track.key).is_legal:
            return None       # the standard check says why it may not move at all
        if self._offensive(record, track.key, memory):
            return []         # 21.13: the modes rule reports it
        return [judge(record, v, track) for v in _judge(track, before, allowance, condition, rules) if not v.is_legal]

    @staticmethod
    def _offensive(record: PhaseRecord, key: str, memory: dict[str, Any]) -> bool:
        modes = modes_spec(record.start.game)
        if modes is None or modes["side"] != record.start.units[key].side \
                or record.start.unit_type(key).unit_class == "hq":
            return False      # 21.16: HQs may always disengage
        phase = f"{record.turn}:{record.phase_index}:{record.first_step}"
        if memory.get("phase") != phase:
            memory.update(phase=phase, tracer=SupplyTracer(record.start),
                          hqs=hq_modes_for_movement(record, modes["side"]))
        return unit_mode(record.start, memory["tracer"], key, memory["hqs"],
                         bool(modes.get("out_of_supply_is_defensive", False))) == OFFENSIVE


def _judge(track: UnitTrack, before: Situation, allowance: Allowance, condition: Condition | None,
           rules: dict[str, Any]) -> list[Verdict]:
    game = before.game
    key = track.key
    side = game.counter(key).side
    name = game.counter(key).name
    start = track.start
    assert start is not None
    where = hex_name(game, start)
    hexes = [d.hex for d in track.map_drops if d.hex is not None]
    side_case = rules["side_cases"][side]
    steps = first_step_rule(before, start, side, rules["into_enemy_zoc"][side], side_case)
    found = [extra_cost_check(before, key, hexes, allowance, Fraction(rules["extra_mp"]),
                              game_case(game, "disengagement_cost"), f"{name} disengaged from {where}", "to disengage",
                              "disengaging costs", condition, step_rule=steps)]
    final = hexes[-1]
    if side not in rules["may_end_in_enemy_zoc"] and final != start and final in enemy_zoc(before, side, "movement"):
        # the one breach, said once: ending next to the zone left is also a step into another zone
        found = [v for v in found if v.case != cite(game, side_case)] + [Verdict.illegal(cite(game, side_case), (
            f"{name} disengaged from {where} and ended its move at {hex_name(game, final)}, in an enemy zone of "
            f"control; a disengaging {side} unit may not end its move in one"), [start, final])]
    return found


ZOC_DISENGAGEMENT = ZocDisengagement()
