"""PGG 12.3's 0-1-6 Rifle Divisions committed to an attack: "they may never attack, only defend.
If committed to an attack prior to revelation, they must retreat in a fashion similar to a
Leader unit (see Case 10.23)".

A log shows the commitment when such a unit, untried as the Combat Phase began, stands in an
attacking hex of a battle and shows its face as that battle's die is rolled (or once its result is
applied): revelation comes only
at the instant of combat, to units committed to it (PGG 12.2); an untried unit that stays out of an
attack is not revealed, and one already revealed in the hex may be left out of it (PGG 9.22), so it
is not taken as committed.

What every reading of "retreat like a Leader" shares: the unit leaves its hex, back to the hex it
entered the enemy zone from, or eliminated when it cannot (PGG 10.23). One still in its attacking
hex when the phase ends is a finding. Where it went is not checked (the hex it entered the zone
from is not always shown by the log). It adds nothing to the attack (its Attack Strength is 0), and
its retreat is not the attackers' result: with no result for the attackers the others are judged
without it; with one, whether the unit counts toward it as a Leader's step does (PGG 10.24) is not
said, and the attackers' result is reported not checked.
"""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.record import Battle, PhaseRecord
from vmodgen.engine.rules.situation import UnitState
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name, optional_param


def is_defend_only(game: Game, unit: UnitState) -> bool:
    """PGG 12.3: an untried-backed counter whose face is the one that only defends
    (``rules.no_strength_units`` ``defend_only``, "0-1-6")."""
    rule = optional_param(game, "no_strength_units", {})
    values = rule.get("defend_only") if isinstance(rule, dict) else None
    front = unit.counter.front
    return unit.counter.back_kind == "untried" and values == f"{front.attack}-{front.defense}-{front.movement}"


def committed(record: PhaseRecord, battle: Battle, attackers: list[str]) -> list[str]:
    """The attackers of ``battle`` that are 0-1-6s revealed for it: untried as the phase began,
    face up as its die is rolled or once its result is applied (PGG 12.2, 12.3)."""
    before, after = battle.before, battle.after
    if before is None or after is None:
        return []
    game = record.start.game
    return [k for k in attackers if is_defend_only(game, before.units[k])
            and (not before.units[k].untried or (k in after.units and not after.units[k].untried))
            and k in record.start.units and record.start.units[k].untried]


def stayed(record: PhaseRecord, battle: Battle, keys: list[str]) -> list[tuple[str, Verdict]]:
    """PGG 12.3, 10.23: each committed 0-1-6 still in its attacking hex as the phase ends."""
    before, end = battle.before, record.end
    if before is None or end is None:
        return []
    game = record.start.game
    found = []
    for key in keys:
        here = before.units[key].hex
        now = end.units.get(key)
        if now is not None and now.hex is not None and now.hex == here:
            found.append((key, Verdict.illegal(cite(game, "PGG 12.3"), (
                f"{game.counter(key).name} was committed to battle {battle.number} from {hex_name(game, here)} "
                "untried and revealed as a 0-1-6, which may never attack; it must retreat as a Leader does "
                "(PGG 10.23: back to the hex it entered the enemy zone from, or be eliminated) and was still in "
                f"{hex_name(game, here)} at the end of the phase"), [here])))
    return found
