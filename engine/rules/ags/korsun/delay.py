"""Delay and disengagement [Korsun 22.0, 21.16, 21.2]: how a unit of the side ``rules.korsun_delay``
names (the German Player) leaves an enemy-controlled hex it began a Movement Phase in.

- Delay (22.1, any Game-Turn): the units in the hex less one may leave, for two Movement Points
  more than the terrain (22.13, no one-hex minimum); the unit that covers must still be in the hex
  as the delaying unit leaves, and both began the phase there (22.11); no delay from a hex into
  which a unit moved earlier in the phase (22.11: a unit there has expended Movement Points); a
  delaying unit may enter another enemy-controlled hex but stops there (22.12).
- Disengagement (22.2, from ``rules.korsun_disengagement.from_turn``, Game-Turn 3): any unit may
  leave, for two Movement Points more (22.23), and enter no enemy-controlled hex in the phase
  (22.21, 22.22). Before that Game-Turn a unit leaving without a cover breaks 21.16 (Game-Turn 1)
  or 22.24 (Game-Turn 2), as ``before_cases`` says.

The log does not say which of the two a player used: a move legal as either is legal. A hex is
counted enemy-controlled for 22.21 only when it is one both as the phase began and as it ended (an
overrun may have moved the Soviet units). The Soviet Player never delays or disengages (22.24):
the standard AGS 5.24 judges his units.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.ags.zoc_exit import extra_cost_check, in_zoc_throughout, leaving
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, cite, game_case, hex_name, optional_table
from vmodgen.engine.rules.zoc import enemy_zoc


class DelayAndDisengagement:
    """The rule as a move rule (``engine.rules.ags.exclusive``): it judges the moves that leave an
    enemy zone of control the unit began the phase in, which the standard check cannot."""

    name = "korsun_delay"

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        game = record.start.game
        delay = optional_table(game, "korsun_delay")
        if delay is None or record.phase.side != delay["side"] or track.left_map:
            return None
        key = f"{record.turn}:{record.phase_index}:{record.first_step}"
        leavers = memory.get(key)
        if leavers is None:
            memory.clear()      # one phase at a time
            leavers = memory[key] = leaving(record, delay["side"])
        start = leavers.get(track.key)
        if start is None or start not in enemy_zoc(before, delay["side"], "movement") \
                or not movement.may_move_in_phase(before, track.key).is_legal:
            return None         # not leaving a zone (any more), or the standard check says why it may not move
        verdicts = _judge(record, track, start, before, allowance, condition)
        return [judge(record, v, track) for v in verdicts]


def _judge(record: PhaseRecord, track: UnitTrack, start: Hex, before: Situation, allowance: Allowance,
           condition: Condition | None) -> list[Verdict]:
    """The verdicts on the move that are not legal: none when it is legal as delay or as
    disengagement; else those of the way the player could have meant (delay when a unit covered)."""
    game = record.start.game
    delay = optional_table(game, "korsun_delay") or {}
    disengagement = optional_table(game, "korsun_disengagement")
    hexes = [d.hex for d in track.map_drops if d.hex is not None]
    leave_step = next(d.step for d in track.map_drops if d.hex != start)
    covered = _cover(record, track.key, start, leave_step)
    moved_in = _moved_in(record, track.key, start, leave_step)
    as_delay = _as_delay(record, track, start, before, allowance, condition, hexes, delay, covered, moved_in)
    allowed_from = int(disengagement["from_turn"]) if disengagement is not None else None
    if allowed_from is None or record.turn < allowed_from:
        return as_delay
    as_disengagement = _as_disengagement(record, track, start, before, allowance, condition, hexes, disengagement)
    for verdicts in sorted((as_delay, as_disengagement), key=len):
        if not any(v.is_illegal for v in verdicts):
            return verdicts
    return as_delay if covered and not moved_in else as_disengagement


def _as_delay(record: PhaseRecord, track: UnitTrack, start: Hex, before: Situation, allowance: Allowance,
              condition: Condition | None, hexes: list[Hex], delay: dict[str, Any], covered: bool,
              moved_in: list[str]) -> list[Verdict]:
    game = record.start.game
    name = game.counter(track.key).name
    where = hex_name(game, start)
    found = []
    if not covered:
        before_cases = (optional_table(game, "korsun_disengagement") or {}).get("before_cases", {})
        early = before_cases.get(str(record.turn))
        case = cite(game, early) if early else game_case(game, "delay")
        found.append(Verdict.illegal(case, (
            f"{name} left the enemy-controlled hex {where} with no unit that began the phase there staying to cover "
            "it (delay moves all the units of a hex but one)"
            + (f"; no disengagement on Game-Turn {record.turn}" if early else "")), [start]))
    if moved_in:
        names = ", ".join(game.counter(k).name for k in moved_in)
        found.append(Verdict.illegal(game_case(game, "delay_start"), (
            f"{name} delayed out of {where} after {names} had moved into it in the same phase; no delay from a hex "
            "where a unit has expended Movement Points in the phase"), [start]))
    cost = _cost_check(before, track.key, hexes, allowance, Fraction(delay["extra_mp"]),
                       game_case(game, "delay_cost"), "by delay", condition)
    if cost.is_illegal and cost.case == cite(game, "AGS 5.23"):
        cost = Verdict.illegal(game_case(game, "delay_stop"), f"{cost.message} (a unit that delays into an "
                                                             "enemy-controlled hex moves no further)", cost.hexes)
    if not cost.is_legal:
        found.append(cost)
    return found


def _as_disengagement(record: PhaseRecord, track: UnitTrack, start: Hex, before: Situation, allowance: Allowance,
                      condition: Condition | None, hexes: list[Hex], rules: dict[str, Any]) -> list[Verdict]:
    game = record.start.game
    name = game.counter(track.key).name
    found = []
    cost = _cost_check(before, track.key, hexes, allowance, Fraction(rules["extra_mp"]),
                       game_case(game, "disengagement_cost"), "by disengagement", condition)
    if not cost.is_legal:
        found.append(cost)
    again = next((h for h in hexes if h != start and in_zoc_throughout(record, rules["side"], h)), None)
    if again is not None:
        found.append(Verdict.illegal(game_case(game, "disengagement_reentry"), (
            f"{name} disengaged from {hex_name(game, start)} and entered the enemy-controlled hex "
            f"{hex_name(game, again)} in the same Movement Phase"), [start, again]))
    return found


def _cost_check(before: Situation, key: str, hexes: list[Hex], allowance: Allowance, extra: Fraction, case: str,
                how: str, condition: Condition | None) -> Verdict:
    """22.13, 22.23: the move at ``extra`` Movement Points more than the terrain costs, the one-hex
    minimum (AGS 5.14) no help in paying them; not checked when the allowance is not known."""
    unit = before.units[key]
    left = f"{unit.counter.name} left the enemy zone of control"
    return extra_cost_check(before, key, hexes, allowance, extra, case,
                            f"{left} at {hex_name(before.game, unit.hex)} {how}",  # type: ignore[arg-type]
                            how, "that costs", condition, minimum_move_pays=False, unknown=f"{left} {how}")


def _cover(record: PhaseRecord, key: str, start: Hex, leave_step: int) -> bool:
    """22.1, 22.11: another unit that began the phase in the hex is still there as the unit leaves."""
    for other in record.start.at(start):
        if other == key or record.start.units[other].side != record.start.units[key].side:
            continue
        track = record.tracks.get(other)
        if track is None or not any(d.step <= leave_step and d.hex != start for d in track.drops):
            return True
    return False


def _moved_in(record: PhaseRecord, key: str, start: Hex, leave_step: int) -> list[str]:
    """22.11: units that moved into the hex earlier in the phase and are there as the unit leaves."""
    side = record.start.units[key].side
    found = []
    for other, track in sorted(record.tracks.items()):
        if other == key or track.start == start or record.start.game.counter(other).side != side:
            continue
        earlier = [d for d in track.drops if d.step < leave_step]
        if earlier and earlier[-1].hex == start:
            found.append(other)
    return found


DELAY_AND_DISENGAGEMENT = DelayAndDisengagement()
