"""A PGG Combat Phase: each battle read from its markers and die roll, judged as a whole.

PGG's own: every attacking Soviet combat unit within a Leader's radius [PGG 10.35]; no unit attacks
twice, no hex is attacked twice, nor a unit that advanced [PGG 9.14, 9.85]; the strengths and odds
(:mod:`~vmodgen.engine.rules.pgg.strength`);
revealed 0-0-6 units removed at once [PGG 12.3]; no Soviet advance into hexrows 0100 and 0200 on
Game-Turns 1-6 [PGG 6.4]; a unit that retreated into a friendly hex adds nothing to its defense and
is eliminated by any result it then suffers [PGG 9.75]; one attack on several hexes, every attacker
adjacent to every defender (:mod:`~vmodgen.engine.rules.pgg.multi_hex`) [PGG 9.23]. Shared with Army Group South (cases mapped by ``[rules.case_numbers]``): the CRT cell [PGG 9.5];
whether what happened to each side matches its result, steps or hexes, never a mix [PGG 9.64,
9.65, 9.67], the defender first in a split result [PGG 9.66], retreat paths [PGG 9.71-9.73] and
advances along the path of retreat, two hexes after an elimination [PGG 9.81-9.86].

A German infantry division steps down by Strength Level Markers [PGG 9.61]: its strength and the
steps it had and has left are those of the levels its markers show as the die is rolled and once
the result is applied (:mod:`~vmodgen.engine.rules.pgg.levels`); a result is not checked when the
log does not tell which marker is whose.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.advance import AdvanceRules, vacated_hexes
from vmodgen.engine.rules.judgement import BattleSummary, Judgement
from vmodgen.engine.rules.pgg import defend_only
from vmodgen.engine.rules.pgg.cases import pgg_verdict
from vmodgen.engine.rules.pgg.leaders import Lines, attacks_need_leaders
from vmodgen.engine.rules.pgg.levels import Levels, read_levels, remember
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.movement_phase import closed_hexrows
from vmodgen.engine.rules.pgg.multi_hex import multi_hex_columns, multi_hex_odds
from vmodgen.engine.rules.pgg.stacking import stacking_violations
from vmodgen.engine.rules.pgg.strength import Known, combat_odds, supply_columns
from vmodgen.engine.rules.pgg.supply import supply_of
from vmodgen.engine.rules.record import Battle, PhaseRecord
from vmodgen.engine.rules.results import ENGAGED, NONE, NUMBER, CombatResult, SideResult, crt_result, loss_check
from vmodgen.engine.rules.retreat import RetreatGround
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_list, hex_name, optional_param

MARKER = "marker"


@dataclass
class _PhaseState:
    attacked: dict[str, int] = field(default_factory=dict)
    defended: dict[str, int] = field(default_factory=dict)
    advanced: dict[str, int] = field(default_factory=dict)
    retreated: dict[str, int] = field(default_factory=dict)
    in_battle: set[str] = field(default_factory=set)


def check_combat_phase(record: PhaseRecord, ledger: Ledger) -> list[Judgement]:
    game = record.start.game
    found: list[Judgement] = []
    state = _PhaseState()
    for battle in sorted(record.battles, key=lambda b: (b.die_step or 10**9, b.number)):
        found += _battle(record, battle, ledger, state)
    if record.end is not None:
        ledger.retreated = {k: (record.turn, record.end.units[k].hex) for k in state.retreated
                            if k in record.end.units and record.end.units[k].hex is not None}
    for step in record.stray_dice:
        found.append(_note(record, step, "PGG 9.4", f"a die was rolled in the {record.phase.name} phase with no battle "
                                                   "declared by its markers: that combat was not checked"))
    for key, track in sorted(record.tracks.items()):
        if key in state.in_battle or (not track.map_drops and track.start is None):
            continue
        last = track.drops[-1]
        if track.start is None or last.hex == track.start:
            continue
        counter = game.counter(key)
        if game.unit_types[counter.type].unit_class == MARKER:
            continue
        if last.hex is None:
            verdict = Verdict.unchecked(cite(game, "PGG 7.1"), f"{counter.name} was taken off the map in the "
                                        f"{record.phase.name} phase outside a battle: an over-stack is eliminated "
                                        "(PGG 7.1); not judged")
        else:
            verdict = Verdict.illegal(cite(game, "PGG 6.24"), f"{counter.name} moved from {track.start_location} to "
                                      f"{last.location} in the {record.phase.name} phase without taking part in a "
                                      "battle: units move in the Combat Phase only by retreat and advance",
                                      [track.start])
        found.append(Judgement(last.step, key, track.start_location, last.location, verdict, record.turn,
                               record.phase.name, counter.side))
    if record.end is not None:
        before = {v.hexes for v in stacking_violations(record.start, record.phase.side)}
        for verdict in stacking_violations(record.end, record.phase.side):
            if verdict.hexes in before:
                continue
            found.append(Judgement(record.last_step, None, hex_name(game, verdict.hexes[0]) if verdict.hexes else "",
                                   "", verdict, record.turn, record.phase.name, record.phase.side))
    return found


def _note(record: PhaseRecord, step: int, case: str, message: str) -> Judgement:
    game = record.start.game
    return Judgement(step, None, "", "", Verdict.unchecked(cite(game, case), message), record.turn, record.phase.name,
                     record.phase.side)


def _judgement(record: PhaseRecord, step: int, verdict: Verdict, unit: str | None = None) -> Judgement:
    game = record.start.game
    where = hex_name(game, verdict.hexes[0]) if verdict.hexes else ""
    return Judgement(step, unit, where, "", verdict, record.turn, record.phase.name, record.phase.side)


def _phantom(game: Game, unit: UnitState) -> bool:
    """PGG 12.3: a unit whose values are those removed at the instant of revelation
    (``rules.no_strength_units`` ``removed_on_reveal``, "0-0-6")."""
    rule = optional_param(game, "no_strength_units", {})
    removed = rule.get("removed_on_reveal") if isinstance(rule, dict) else None
    front = unit.counter.front
    return unit.counter.back_kind == "untried" and removed == f"{front.attack}-{front.defense}-{front.movement}"


def _battle(record: PhaseRecord, battle: Battle, ledger: Ledger, state: _PhaseState) -> list[Judgement]:
    game = record.start.game
    side = record.phase.side
    step = battle.die_step or battle.declared_step
    summary = BattleSummary.declared(battle)
    if battle.die is None or battle.before is None or battle.after is None:
        return _closed(record, step, summary, [_note(record, step, "PGG 9.4", f"battle {battle.number} was declared "
                                                     "but no die was rolled for it")])
    before, after = battle.before, battle.after
    targets = sorted(battle.defender_hexes)     # PGG 9.23: one attack may be on several hexes
    where = hex_list(game, targets)
    attackers = [k for h in sorted(battle.attacker_hexes) for k in before.at(h)
                 if before.units[k].side == side and before.unit_type(k).unit_class != MARKER]
    defenders = [k for t in targets for k in before.at(t)
                 if before.units[k].side != side and before.unit_type(k).unit_class != MARKER]
    summary = replace(summary, attackers=tuple(attackers), defenders=tuple(defenders))
    if not attackers or not defenders:
        return _closed(record, step, summary, [_note(record, step, "PGG 9.1", f"battle {battle.number}: no {side} unit "
                                                     "under its Attack markers or no enemy unit under its Defend "
                                                     f"marker in {where}")])
    retreated_in = [k for k in defenders if k in state.retreated]
    found = _once_each(record, battle, step, attackers, defenders, state,
                       retreated_in if len(retreated_in) < len(defenders) else [])    # PGG 9.75: a friendly hex
    state.in_battle.update(attackers + defenders)
    levels_before = read_levels(before, record.markers_at(battle.die_step), ledger.levels, ledger.level_markers)
    ledger.level_markers.update(levels_before.owners)
    levels_after = read_levels(after, record.markers_at(_after_step(record, battle)), ledger.levels,
                               ledger.level_markers)
    remember(levels_after, ledger.levels, ledger.level_markers)
    found += _leaders(record, step, before, attackers, ledger)
    earlier = [k for k in defenders if k not in state.retreated
               and ledger.retreated.get(k) == (record.turn, before.units[k].hex)]
    if earlier:
        names = ", ".join(game.counter(k).name for k in earlier)
        return _closed(record, step, summary, found + [_note(record, step, "PGG 9.75", (
            f"battle {battle.number}: {names} retreated into {where} in an earlier Combat "
            "Phase of this Game-Turn: whether it still adds nothing and falls with the hex is not said; not "
            "checked"))])
    disrupted = [k for k in attackers if k in ledger.maybe_disrupted]
    if disrupted:
        names = ", ".join(game.counter(k).name for k in disrupted)
        found.append(_note(record, step, "PGG 6.62", f"battle {battle.number}: {names} defended against an overrun and "
                                                     "may be disrupted, in which case it may not attack"))
    phantoms = [k for k in attackers + defenders if _phantom(game, before.units[k])]
    for key in phantoms:
        if after.units.get(key) is not None and after.units[key].hex is not None:
            found.append(_judgement(record, step, Verdict.illegal(cite(game, "PGG 12.3"), f"{game.counter(key).name} "
                                                                  "was revealed as a unit with no strength (0-0-6) and "
                                                                  "stayed on the map; it is removed at the instant "
                                                                  "of revelation", [before.units[key].hex]), key))  # type: ignore[list-item]
    fighting = _without(before, phantoms)
    real_attackers = [k for k in attackers if k not in phantoms]
    real_defenders = [k for k in defenders if k not in phantoms]
    if not real_attackers or not real_defenders:
        return _closed(record, step, summary, found + [_note(record, step, "PGG 12.3", f"battle {battle.number}: the "
                                                             f"{'attackers' if not real_attackers else 'defenders'} "
                                                             "were all revealed with no strength; what followed was "
                                                             "not checked")])
    committed = defend_only.committed(record, battle, real_attackers)     # PGG 12.3
    found += [_judgement(record, step, verdict, key) for key, verdict in defend_only.stayed(record, battle, committed)]
    retreated_in = [k for k in retreated_in if k in real_defenders]
    holding = [k for k in real_defenders if k not in retreated_in]
    if not holding:
        return _closed(record, step, summary, found + [_note(record, step, "PGG 9.75", f"battle {battle.number}: "
                                                             f"every unit in {where} retreated "
                                                             "into it this phase; what that battle does is not said")])
    supply = supply_of(fighting, real_attackers + real_defenders, ledger)
    known = Known(levels=levels_before, disrupted=ledger.maybe_disrupted)
    if len(targets) == 1:
        odds = combat_odds(fighting, real_attackers, targets[0], supply, known, excluded=retreated_in)
    else:
        odds = multi_hex_odds(fighting, real_attackers, targets, supply, known, excluded=retreated_in)
    summary = replace(summary, odds=odds.column, attack=odds.attack.value if odds.attack else None,
                      defense=odds.defense.value if odds.defense else None)
    columns = () if not odds.verdict.is_unchecked else \
        supply_columns(fighting, real_attackers, targets[0], supply, known, excluded=retreated_in) \
        if len(targets) == 1 else multi_hex_columns(fighting, real_attackers, targets, supply, known,
                                                    excluded=retreated_in)
    try:
        same = _same_result(game, columns, battle.die) if columns else None
    except CannotCheck:
        same = None
    if same is not None:
        # PGG 11.31: the unknown supply decides the column, but the die gives one result on all of them
        result, explanation = same, f"{odds.verdict.message}; the die gives {same.text} on each"
        summary = replace(summary, odds=" or ".join(columns))
    elif not odds.verdict.is_legal or not odds.column:
        return _closed(record, step, summary, found + [_judgement(record, step, replace(
            odds.verdict, message=f"battle {battle.number}: {odds.verdict.message}; what was then done to the units "
                                  "was not checked") if odds.verdict.is_unchecked else odds.verdict)])
    else:
        try:
            result = crt_result(game, odds.column, battle.die)
        except CannotCheck as unknown:
            return _closed(record, step, summary, found + [_note(record, step, unknown.case or "PGG 9.5",
                                                                 unknown.reason)])
        explanation = odds.verdict.message
    summary = replace(summary, result=result.text)
    context = f"battle {battle.number} at {summary.odds}, die {battle.die}: {result.text} ({explanation})"
    if committed and (result.attacker.kind != NONE or len(committed) == len(real_attackers)):
        return _closed(record, step, replace(summary, result=result.text), found + [_note(record, step, "PGG 12.3", (
            f"{context}: a 0-1-6 committed to the attack retreats as a Leader does; whether it counts toward the "
            "attackers' result (as a Leader's step, PGG 10.24) is not said: what was then done to the units was not "
            "checked"))])
    real_attackers = [k for k in real_attackers if k not in committed]      # its retreat is not their result
    judged, applied = _sequence(record, battle, step, result.attacker, result.defender, real_attackers,
                                holding, context, state, (levels_before, levels_after))
    judged += _retreated_in(record, battle, step, result.defender, {k: state.retreated[k] for k in retreated_in},
                            context)
    return _closed(record, step, replace(summary, applied=applied), found + judged)


def _retreated_in(record: PhaseRecord, battle: Battle, step: int, result: SideResult, keys: dict[str, int],
                  context: str) -> list[Judgement]:
    """PGG 9.75: a unit that retreated into the defending hex this phase added nothing to its
    defense and is eliminated by any combat result the hex suffers (a loss or a retreat); with no
    result it stays where it is."""
    game = record.start.game
    before, after = battle.before, battle.after
    assert before is not None and after is not None
    found = []
    for key, earlier in keys.items():
        now = after.units.get(key)
        where = before.units[key].hex
        name = game.counter(key).name
        if result.kind != NONE and now is not None and now.hex is not None:
            found.append(_judgement(record, step, Verdict.illegal(cite(game, "PGG 9.75"), (
                f"defenders of {context}: {name} retreated into {hex_name(game, where)} in battle "  # type: ignore[arg-type]
                f"{earlier} and is still on the map in {hex_name(game, now.hex)}; a unit "
                "that retreated into a hex is eliminated by any combat result that hex then suffers"),
                [where]), key))  # type: ignore[list-item]
        elif result.kind == NONE and (now is None or now.hex != where):
            found.append(_judgement(record, step, Verdict.illegal(cite(game, "PGG 9.75"), (
                f"defenders of {context}: {name} left {hex_name(game, where)}, which suffered no combat result"),  # type: ignore[arg-type]
                [where]), key))  # type: ignore[list-item]
    return found


def _same_result(game: Game, columns: tuple[str, ...], die: int) -> CombatResult | None:
    """The CRT result of ``die`` when it is the same cell on every one of ``columns`` [PGG 9.5];
    None when they differ. Raises CannotCheck on a cell the CRT lacks."""
    results = [crt_result(game, column, die) for column in columns]
    texts = {r.text for r in results}
    return results[0] if len(texts) == 1 else None


def _without(situation: Situation, keys: list[str]) -> Situation:
    if not keys:
        return situation
    units = {k: u for k, u in situation.units.items() if k not in keys}
    return Situation(situation.game, situation.turn, situation.phase_index, units, situation.control)


def _once_each(record: PhaseRecord, battle: Battle, step: int, attackers: list[str], defenders: list[str],
               state: _PhaseState, retreated_in: list[str]) -> list[Judgement]:
    """PGG 9.14: no unit attacks twice, no enemy unit is attacked twice; PGG 9.85: a unit that
    advanced after combat neither attacks nor is attacked again in the phase. A unit that
    retreated into the defending hex (``retreated_in``) is the case of PGG 9.75, which lets that
    hex "then undergo an attack" with the unit adding nothing: whether 9.14 still forbids the
    attack is not said (not checked)."""
    game = record.start.game
    found = []
    for keys, seen, role in ((attackers, state.attacked, "attacked"), (defenders, state.defended, "was attacked")):
        for key in keys:
            if key in retreated_in and key in seen and key not in state.advanced:
                found.append(_judgement(record, step, Verdict.unchecked(cite(game, "PGG 9.14"), (
                    f"{game.counter(key).name} was attacked in battle {seen[key]}, retreated into the hex battle "
                    f"{battle.number} attacks: PGG 9.75 lets that hex be attacked, the unit adding nothing; whether "
                    "PGG 9.14 forbids it is not said"))))
            elif key in state.advanced:
                found.append(_judgement(record, step, Verdict.illegal(cite(game, "PGG 9.85"), f"{game.counter(key).name} "
                                        f"advanced after battle {state.advanced[key]} and {role} again in battle "
                                        f"{battle.number}"), key))
            elif key in seen:
                found.append(_judgement(record, step, Verdict.illegal(cite(game, "PGG 9.14"), f"{game.counter(key).name} "
                                        f"{role} in battle {seen[key]} and again in battle {battle.number}"), key))
            seen.setdefault(key, battle.number)
    return found


def _leaders(record: PhaseRecord, step: int, before: Situation, attackers: list[str], ledger: Ledger) -> list[Judgement]:
    """PGG 10.35: every attacking Soviet combat unit is within the radius of a Leader at the
    instant of combat."""
    side = record.phase.side
    if not attacks_need_leaders(before, side):
        return []
    game = before.game
    lines = Lines(before, side, ledger.maybe_disrupted)
    found = []
    for key in attackers:
        if before.unit_type(key).unit_class == "leader":
            continue
        unit = before.units[key]
        try:
            within = lines.in_command(key)
        except CannotCheck as unknown:
            found.append(_note(record, step, unknown.case or "PGG 10.35", unknown.reason))
            continue
        if within is False:
            found.append(_judgement(record, step, Verdict.illegal(cite(game, "PGG 10.35"), f"{unit.counter.name} in "
                                    f"{hex_name(game, unit.hex)} attacked outside the radius of every Soviet Leader "  # type: ignore[arg-type]
                                    "(no Line of Communications of no more hexes than a Leader's rating)",
                                    [unit.hex]), key))  # type: ignore[list-item]
        elif within is None:
            found.append(_note(record, step, "PGG 10.35", f"whether {unit.counter.name} is within a Leader's radius "
                                                          "depends on units that may be disrupted"))
    return found


def _after_step(record: PhaseRecord, battle: Battle) -> int | None:
    """The last step of ``battle.after``: before the next die roll of the phase (None: its end)."""
    later = [b.die_step for b in record.battles if b.die_step is not None and battle.die_step is not None
             and b.die_step > battle.die_step]
    return min(later) - 1 if later else None


def _at_levels(units: dict[str, UnitState | None], levels: Levels) -> dict[str, UnitState | None]:
    """PGG 9.61: each German infantry division as a counter of the steps its level leaves, so
    that the shared loss check counts the steps its markers show."""
    found = dict(units)
    for key, unit in units.items():
        level = levels.known.get(key)
        if unit is not None and level is not None:
            found[key] = replace(unit, counter=replace(unit.counter, steps=level.steps))
    return found


def _unknown_level(keys: list[str], levels: tuple[Levels, Levels], survivors: dict[str, UnitState | None]) -> str:
    """Why the steps a side lost are not known (PGG 9.61), or ""."""
    before, after = levels
    for key in keys:
        if key in before.unknown:
            return before.unknown[key]
        if survivors.get(key) is not None and key in after.unknown:
            return after.unknown[key]
    return ""


def _sequence(record: PhaseRecord, battle: Battle, step: int, attacker_result: SideResult,
              defender_result: SideResult, attackers: list[str], defenders: list[str], context: str,
              state: _PhaseState, levels: tuple[Levels, Levels]) -> tuple[list[Judgement], str]:
    """PGG 9.66: the defender takes its result first, then the attacker; then the winners'
    advance along the path of retreat (PGG 9.8); ``levels``: the German infantry's Strength Levels
    as the die was rolled and once the result was applied (PGG 9.61)."""
    game = record.start.game
    before, after = battle.before, battle.after
    assert before is not None and after is not None
    defender_first = defender_result.kind != NONE
    first, second = (defenders, attackers) if defender_first else (attackers, defenders)
    first_result, second_result = (defender_result, attacker_result) if defender_first else \
        (attacker_result, defender_result)
    first_side, second_side = before.units[first[0]].side, before.units[second[0]].side
    first_moved, second_moved = _moved(before, after, first), _moved(before, after, second)
    vacated = vacated_hexes(before, after, first, _length(first_result), first_moved)
    engaged = ENGAGED in (attacker_result.kind, defender_result.kind)
    rules = AdvanceRules(second_side, vacated, after, cite(game, "PGG 9.67") if engaged else "",
                         "an Engaged result allows no advance" if engaged else "")
    advanced = [k for k in second_moved if rules.is_advance(before.units[k].hex, after.units[k].hex)]  # type: ignore[arg-type]
    split = defender_first and second_result.kind != NONE
    back = vacated_hexes(before, after, second, _length(second_result),
                         [k for k in second_moved if k not in advanced]) if split else ()
    stopped = AdvanceRules(first_side, back, after, cite(game, "PGG 9.66"), "the defender may never advance in a split "
                                                                            "result")
    held_back = [k for k in first_moved if stopped.is_advance(before.units[k].hex, after.units[k].hex)]  # type: ignore[arg-type]
    grounds = (RetreatGround.of(before, first_side, [before], first),
               RetreatGround.of(before, second_side, [before, after], second))
    found: list[Judgement] = []
    applied: list[str] = []
    for role, keys, result, ground, moved_on, judge_advance in (
            ("defender" if defender_first else "attacker", first, first_result, grounds[0], held_back, stopped),
            ("attacker" if defender_first else "defender", second, second_result, grounds[1], advanced, rules)):
        survivors = {k: after.units.get(k) if after.units.get(k) is not None and after.units[k].hex is not None
                     else None for k in keys}
        moved = [k for k in keys if survivors[k] is not None and survivors[k].hex != before.units[k].hex  # type: ignore[union-attr]
                 and k not in moved_on]
        unknown = _unknown_level(keys, levels, survivors)
        if unknown:
            verdict = Verdict.unchecked(cite(game, "PGG 9.61"), f"the steps the {role}s lost are not known: {unknown}")
        else:
            verdict = pgg_verdict(game, loss_check(game, result, _at_levels({k: before.units[k] for k in keys},
                                                                            levels[0]),
                                                   _at_levels(survivors, levels[1]), ground=ground,
                                                   advanced=moved_on), "PGG 9.6")
        if not verdict.is_legal:
            found.append(_judgement(record, step, replace(verdict, message=f"{role}s of {context}: {verdict.message}"),
                                    keys[0]))
        applied.append(f"{role}: {verdict.message}")
        for key in moved:
            state.retreated[key] = battle.number
        for key in moved_on:
            verdict = pgg_verdict(game, judge_advance.verdict(key, before.units[key].hex, after.units[key].hex),  # type: ignore[arg-type]
                                  "PGG 9.8")
            verdict = _closed_hexrows(before, key, after.units[key].hex, verdict)  # type: ignore[arg-type]
            if not verdict.is_legal:
                found.append(_judgement(record, step, replace(verdict, message=f"advance after {context}: "
                                                                               f"{verdict.message}"), key))
            applied.append(verdict.message)
            state.advanced[key] = battle.number
    return found, "; ".join(applied)


def _closed_hexrows(situation: Situation, key: str, end: Hex, verdict: Verdict) -> Verdict:
    """PGG 6.4: on Game-Turns 1-6 a Soviet unit may attack into hexrows 0100 and 0200 but not
    advance after combat into them."""
    game = situation.game
    unit = situation.units[key]
    if int(game.map.layout.name(end)[:2]) in closed_hexrows(situation, unit.side):
        return Verdict.illegal(cite(game, "PGG 6.4"), f"{unit.counter.name} advanced into {hex_name(game, end)}, in "
                               f"the two westernmost hexrows, on Game-Turn {situation.turn}", [end])
    return verdict


def _length(result: SideResult) -> int:
    return result.number if result.kind == NUMBER else 0


def _moved(before: Situation, after: Situation, keys: list[str]) -> list[str]:
    return [k for k in keys if after.units.get(k) is not None and after.units[k].hex is not None
            and after.units[k].hex != before.units[k].hex]


def _closed(record: PhaseRecord, step: int, summary: BattleSummary, found: list[Judgement]) -> list[Judgement]:
    """The battle's judgements and its summary (the report's list of battles), whose verdict sums
    them up."""
    game = record.start.game
    illegal = sorted({j.verdict.case for j in found if j.verdict.is_illegal})
    unchecked = [j.verdict.message for j in found if j.verdict.is_unchecked]
    verdict = ("illegal: " + ", ".join(illegal)) if illegal else (
        "not checked: " + unchecked[0] if unchecked else "legal")
    done = Judgement(step, None, hex_name(game, summary.defender_hex) if summary.defender_hex else "", "",
                     Verdict.legal(cite(game, "PGG 9.0"), f"battle {summary.number}: {verdict}"), record.turn,
                     record.phase.name, record.phase.side, replace(summary, verdict=verdict))
    return found + [done]
