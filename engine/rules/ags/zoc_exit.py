"""What the games' own rules for leaving an enemy zone of control share (Korsun 22.0 delay and
disengagement, Rostov 21.0 and Operation Star 22.0 disengagement): which units of a side left a
zone they began the Movement Phase in, and the move out of it at extra Movement Points, the rest
of it an ordinary move from that hex. Each game's module adds its own conditions (Rostov's die and
table, Operation Star's modes and the zones it may enter, Korsun's cover).

>>> leaving(record, "German")                                    # doctest: +SKIP
{'ger-iii-4-6': Hex(...)}
>>> extra_cost_check(before, key, hexes, allowance, Fraction(2), "Operation Star 22.0",
...                  "27/19 Pz Rgt disengaged from 3306", "to disengage", "disengaging costs")  # doctest: +SKIP
Verdict(status='illegal', case='Operation Star 22.0', ...)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.values import Param
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.pathfinding import StepRule
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, mp
from vmodgen.engine.rules.zoc import enemy_zoc


def leaving(record: PhaseRecord, side: str) -> dict[str, Hex]:
    """The units of ``side`` that began the phase on the map in an enemy zone of control (for
    movement) and were moved off that hex, with the hex."""
    zoc = enemy_zoc(record.start, side, "movement")
    found = {}
    for key, track in record.tracks.items():
        start = track.start
        if start is None or start not in zoc or record.start.units[key].side != side:
            continue
        if any(d.hex != start for d in track.map_drops):
            found[key] = start
    return found


def in_zoc_throughout(record: PhaseRecord, side: str, hex_: Hex) -> bool:
    """The hex is in an enemy zone of control both as the phase began and as it ended (an overrun
    may have moved the enemy units that made it one): only then is entering it certainly entering
    an enemy-controlled hex."""
    if hex_ not in enemy_zoc(record.start, side, "movement"):
        return False
    return record.end is None or hex_ in enemy_zoc(record.end, side, "movement")


def extra_cost_check(before: Situation, key: str, hexes: Sequence[Hex], allowance: Allowance, extra: Fraction,
                     case: str, what: str, purpose: str, costs: str, condition: Condition | None = None,
                     step_rule: StepRule | None = None, minimum_move_pays: bool = True,
                     unknown: str | None = None) -> Verdict:
    """The move out of the zone (``before``: the unit still in it) within the allowance less
    ``extra`` Movement Points: the ordinary movement check from the start hex (whose zone no longer
    holds the unit), obeying the game's ``step_rule`` on the way out. A move that only the step rule
    bars breaks the step rule's case; one the full allowance would have allowed breaks ``case``.
    ``what`` names the move in those findings, ``purpose`` the extra cost in the allowance ("to
    disengage"), ``costs`` the cost in the finding ("disengaging costs").

    ``minimum_move_pays``: whether AGS 5.14's one hex a unit may always move helps pay the extra
    cost (Korsun 22.13: it does not). ``unknown``: with the allowance not known, None gives the
    standard movement check's verdict on the move; a text (naming the move) a "not checked" one."""
    if allowance.mp is None:
        if unknown is not None:
            return Verdict.unchecked(case, f"{unknown}: {allowance.explanation}, so the extra Movement Points "
                                           "were not checked")
        return movement.movement_check(before, key, hexes, allowance, after_overrun=True, condition=condition,
                                       step_rule=step_rule)
    less = Allowance(allowance.mp - extra, f"{allowance.explanation}, {mp(extra)} MP {purpose} ({case})",
                     allowance.in_supply)
    paying = before if minimum_move_pays else _without_minimum_move(before)
    verdict = movement.movement_check(paying, key, hexes, less, after_overrun=True, condition=condition,
                                      step_rule=step_rule)
    if not verdict.is_illegal:
        return verdict
    start = before.units[key].hex
    where = [h for h in (start, hexes[-1]) if h is not None]
    if step_rule is not None:
        free = movement.movement_check(paying, key, hexes, less, after_overrun=True, condition=condition)
        if free.is_legal:       # the game's own restriction on the way out is what bars the move
            return Verdict.illegal(step_rule.case, f"{what}: {free.message}, but it breaks {step_rule.description}",
                                   where)
    full = movement.movement_check(before, key, hexes, allowance, after_overrun=True, condition=condition,
                                   step_rule=step_rule)
    if not full.is_legal:
        return verdict
    minimum = "" if minimum_move_pays else "; the one hex a unit may always move (AGS 5.14) does not pay for it"
    return Verdict.illegal(case, f"{what}: {full.message}, but {costs} {mp(extra)} MP more, which leaves "
                                 f"{mp(less.mp)}{minimum}", where)


def _without_minimum_move(situation: Situation) -> Situation:
    """The position in a copy of the game without AGS 5.14's one-hex minimum (kept for the game)."""
    game = situation.game
    if not game.rules.get("minimum_move_one_hex") or not game.rules["minimum_move_one_hex"].value:
        return situation
    rule = game.rules["minimum_move_one_hex"]
    copy = of_map(game, "zoc exit: no minimum move", lambda: dataclasses.replace(
        game, rules={**game.rules, rule.name: Param(rule.name, False, rule.source)}))
    return Situation(copy, situation.turn, situation.phase_index, situation.units, situation.control)
