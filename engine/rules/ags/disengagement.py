"""What every Army Group South game's disengagement shares (Rostov 21.0, Operation Star 22.0):
a unit that starts a Movement Phase in an enemy zone of control leaves it by paying extra
Movement Points, and the rest of its move is an ordinary move from that hex. Each game's module
adds its own conditions (Rostov's die and table, Operation Star's modes and the zones it may enter).

>>> paid_move_check(before, key, hexes, allowance, Fraction(2), "Operation Star 22.0",
...                 "27/19 Pz Rgt disengaged from 3306")                        # doctest: +SKIP
Verdict(status='illegal', case='Operation Star 22.0', ...)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.pathfinding import StepRule
from vmodgen.engine.rules.record import UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, mp
from vmodgen.engine.rules.zoc import enemy_zoc


def leaves_start_zone(start: Situation, track: UnitTrack, side: str) -> bool:
    """Whether the unit began the phase in an enemy zone of control and was moved on the map."""
    return track.start is not None and track.start in enemy_zoc(start, side, "movement") \
        and any(d.hex is not None and d.hex != track.start for d in track.map_drops)


def paid_move_check(before: Situation, key: str, hexes: Sequence[Hex], allowance: Allowance, extra: Fraction,
                    cost_case: str, what: str, condition: Condition | None = None,
                    step_rule: StepRule | None = None) -> Verdict:
    """The move out of the zone with ``extra`` Movement Points paid to leave it: the ordinary
    movement check from the start hex (whose zone no longer holds the unit) within the allowance
    less ``extra``, obeying the game's ``step_rule`` on the way out. A move that only the step rule
    bars breaks the step rule's case; one the full allowance would have allowed breaks
    ``cost_case``; ``what`` names the disengagement for those findings."""
    if allowance.mp is None:
        return movement.movement_check(before, key, hexes, allowance, after_overrun=True, condition=condition,
                                       step_rule=step_rule)
    less = Allowance(allowance.mp - extra, f"{allowance.explanation}, {mp(extra)} MP to disengage ({cost_case})",
                     allowance.in_supply)
    verdict: Verdict = movement.movement_check(before, key, hexes, less, after_overrun=True, condition=condition,
                                               step_rule=step_rule)
    if verdict.is_illegal and step_rule is not None:
        free = movement.movement_check(before, key, hexes, less, after_overrun=True, condition=condition)
        if free.is_legal:       # the game's own restriction on the way out is what bars the move
            return Verdict.illegal(step_rule.case, f"{what}: {free.message}, but it breaks {step_rule.description}",
                                   [h for h in (before.units[key].hex, hexes[-1]) if h is not None])
    if verdict.is_illegal:
        full = movement.movement_check(before, key, hexes, allowance, after_overrun=True, condition=condition,
                                       step_rule=step_rule)
        if full.is_legal:
            start = before.units[key].hex
            verdict = Verdict.illegal(cost_case, f"{what}: {full.message}, but disengaging costs {mp(extra)} MP "
                                                 f"more, which leaves {mp(less.mp)}",
                                      [h for h in (start, hexes[-1]) if h is not None])
    return verdict
