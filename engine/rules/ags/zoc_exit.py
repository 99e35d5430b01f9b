"""What the games' own rules for leaving an enemy zone of control share (Korsun 22.0 delay and
disengagement, Rostov 21.0 and Operation Star 22.0 disengagement): which units of a side left a
zone they began the Movement Phase in, and the extra Movement Points such a move costs, with no
one-hex minimum (AGS 5.14 does not help a unit pay them, e.g. Korsun 22.13).

>>> leaving(record, "German")                                    # doctest: +SKIP
{'ger-iii-4-6': Hex(...)}
>>> extra_cost_check(before, key, hexes, allowance, Fraction(2), "Korsun 22.13", "delaying")   # doctest: +SKIP
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.values import Param
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, hex_name, mp
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
                     case: str, what: str, condition: Condition | None = None) -> Verdict:
    """The move out of the zone (``before``: the unit still in it) at ``extra`` Movement Points more
    than the terrain costs, without AGS 5.14's one hex (the unit must have the Movement Points):
    legal, or a finding citing ``case`` when only the extra cost makes it too long, or the
    standard movement check's own finding (not checked when the allowance is not known)."""
    game = before.game
    name = before.units[key].counter.name
    if allowance.mp is None:
        return Verdict.unchecked(case, f"{name} left the enemy zone of control {what}: {allowance.explanation}, "
                                       "so the extra Movement Points were not checked")
    less = Allowance(allowance.mp - extra, f"{allowance.explanation}, {mp(extra)} MP {what} ({case})",
                     allowance.in_supply)
    verdict = movement.movement_check(_without_minimum_move(before), key, hexes, less, after_overrun=True,
                                      condition=condition)
    if not verdict.is_illegal:
        return verdict
    full = movement.movement_check(before, key, hexes, allowance, after_overrun=True, condition=condition)
    if not full.is_legal:
        return verdict
    start = before.units[key].hex
    return Verdict.illegal(case, f"{name} left the enemy zone of control at {hex_name(game, start)} {what}: "
                                 f"{full.message}, but that costs {mp(extra)} MP more, which leaves "
                                 f"{mp(less.mp)}; the one hex a unit may always move (AGS 5.14) does not pay for it",  # type: ignore[arg-type]
                           [h for h in (start, hexes[-1]) if h is not None])


def _without_minimum_move(situation: Situation) -> Situation:
    """The position in a copy of the game without AGS 5.14's one-hex minimum (kept for the game)."""
    game = situation.game
    if not game.rules.get("minimum_move_one_hex") or not game.rules["minimum_move_one_hex"].value:
        return situation
    rule = game.rules["minimum_move_one_hex"]
    copy = of_map(game, "zoc exit: no minimum move", lambda: dataclasses.replace(
        game, rules={**game.rules, rule.name: Param(rule.name, False, rule.source)}))
    return Situation(copy, situation.turn, situation.phase_index, situation.units, situation.control)
