"""A combat phase: battles read from their markers and die rolls, the odds recomputed, the CRT
result looked up, and what happened to both sides compared with it. What cannot be tied to a
declared battle is reported as not checked, never passed silently."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.provenance import Provenance
from vmodgen.engine.model.values import Param
from vmodgen.engine.rules import stacking
from vmodgen.engine.rules.advance import AdvanceRules, vacated_hexes
from vmodgen.engine.rules.judgement import BattleSummary, Judgement
from vmodgen.engine.rules.combat import Odds, combat_odds, integrity, may_attack, odds_column
from vmodgen.engine.rules.spread_division import DOUBLED, NOT, spread_divisions
from vmodgen.engine.rules.record import Battle, PhaseRecord
from vmodgen.engine.rules.results import ENGAGED, NONE, NUMBER, CombatResult, SideResult, crt_result, loss_check
from vmodgen.engine.rules.retreat import RetreatGround, stacking_after_retreat
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.ags.air import TurnWeathers, air_points
from vmodgen.engine.rules.ags.exclusive import attack_supply, column_bonus_rules
from vmodgen.engine.rules.ags.supply_readings import open_attackers, readings
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, game_case, hex_name, optional_param

ConditionOf = Callable[[Hex], Condition | None]     # the weather for units starting the phase in a hex


def check_combat_phase(record: PhaseRecord, condition_of: ConditionOf | None = None,
                       weathers: TurnWeathers | None = None) -> list[Judgement]:
    """Every battle of the phase judged as a whole (declared, rolled, losses, retreats, advances,
    one summary judgement each for the report's list of battles), then moves no battle explains
    and stacking at the end. ``condition_of`` gives the weather in force for units that start the
    phase in a hex (a game's own rule, Rostov 20.24); ``weathers``, the weathers the Game-Turn may
    have had when a game's own rule reads them from the log (Korsun 28.0), for its Air Points."""
    game = record.start.game
    found: list[Judgement] = []
    phase = _PhaseState(weathers=weathers)
    shared = _shared_hexes(record.battles)
    ordered = sorted(record.battles, key=lambda b: (b.die_step or 10**9, b.number))
    for battle in ordered:
        if battle.attacker_hexes & shared and not _one_unit_stacks(record, battle, shared):
            found += _split_stack(record, battle, shared, phase)
            continue
        found += _battle(record, battle, phase, condition_of)
    found += _late_moves(record, ordered, phase)
    for step in record.stray_dice:
        found.append(_note(record, step, "AGS 9.0", f"a die was rolled in the {record.phase.name} phase with no "
                           "battle declared (put Attack and Defend markers of one number on the attackers and the "
                           "defender before rolling): that combat was not checked"))
    for key, track in sorted(record.tracks.items()):
        if key in phase.in_battle or not track.map_drops and track.start is None:
            continue
        last = track.drops[-1]
        if track.start is not None and last.hex != track.start:
            found.append(Judgement(last.step, key, track.start_location, last.location, _stray_move(record, key, phase),
                                   record.turn, record.phase.name, game.counter(key).side))
    if record.end is not None and stacking.stacking_applies(record.end, record.phase, at_end=True):
        # an over-stack carried over from the Movement Phase was reported there, one made by a
        # retreat with its battle (AGS 9.74)
        carried = {v.hexes for v in stacking.stacking_violations(record.start, record.phase.side)} | phase.overstacked
        for verdict in stacking.stacking_violations(record.end, record.phase.side):
            if verdict.hexes in carried:
                continue
            found.append(Judgement(record.last_step, None, _first_hex(game, verdict), "", verdict, record.turn,
                                   record.phase.name, record.phase.side))
    return [_amended(j, phase.later) for j in found]


def _amended(judgement: Judgement, later: dict[int, set[str]]) -> Judgement:
    """A battle's summary with the cases broken by moves of its units found after it (a late or
    a stranger's advance): its verdict covers the whole sequence."""
    battle = judgement.battle
    if battle is None or battle.number not in later:
        return judgement
    cases = set(later[battle.number])
    if battle.verdict.startswith("illegal: "):
        cases |= set(battle.verdict.removeprefix("illegal: ").split(", "))
    return replace(judgement, battle=replace(battle, verdict="illegal: " + ", ".join(sorted(cases))))


@dataclass
class _PhaseState:
    """What earlier battles of the phase leave for later ones."""

    attacked: dict[str, int] = field(default_factory=dict)
    defended: dict[str, int] = field(default_factory=dict)
    in_battle: set[str] = field(default_factory=set)
    advanced: dict[str, int] = field(default_factory=dict)     # unit -> battle it advanced after
    retreated: dict[str, int] = field(default_factory=dict)
    took_part: dict[int, set[str]] = field(default_factory=dict)
    overstacked: set[tuple[Hex, ...]] = field(default_factory=set)
    vacated: dict[Hex, int] = field(default_factory=dict)      # enemy hex left empty -> battle
    later: dict[int, set[str]] = field(default_factory=dict)   # battle -> cases broken after it was judged
    bonuses: dict[str, list[int]] = field(default_factory=dict)  # a game's optional attack bonus -> battles taking it
    weathers: TurnWeathers | None = None                        # the Game-Turn's weathers read from the log


def _battle_condition(game: Game, condition_of: ConditionOf | None, defender: Hex,
                      attackers: set[Hex]) -> tuple[Condition | None, Condition | None]:
    """The weather a battle is fought in, and, when the attackers' and the defender's weather
    differ or is not known and that decides whether a river hexside between them exists, that
    weather (the battle's odds are then not checked)."""
    if condition_of is None:
        return None, None
    conditions = {h: condition_of(h) for h in (defender, *sorted(attackers))}
    chosen = conditions[defender]
    differ = len(set(conditions.values())) > 1 or any(c is not None and not c.known for c in conditions.values())
    if not differ:
        return chosen, None
    absent = {f for c in conditions.values() if c is not None for f in c.absent_hexsides}
    for attacker in attackers:
        if game.map.layout.adjacent(attacker, defender) and absent & set(game.map.features(attacker, defender)):
            return chosen, next(c for c in conditions.values() if c is not None and (c.absent_hexsides or not c.known))
    return chosen, None


def _battle(record: PhaseRecord, battle: Battle, phase: _PhaseState,
            condition_of: ConditionOf | None = None) -> list[Judgement]:
    game = record.start.game
    step = battle.die_step or battle.declared_step
    summary = BattleSummary.declared(battle)
    if battle.die is None or battle.before is None or battle.after is None:
        return _closed(record, step, summary, [_note(record, step, "AGS 9.0", f"battle {battle.number} was declared "
                                                     "but no die was rolled for it")])
    before = battle.before
    side = record.phase.side
    if len(battle.defender_hexes) != 1:
        where = ", ".join(hex_name(game, h) for h in sorted(battle.defender_hexes))
        return _closed(record, step, summary, [_note(record, step, "AGS 9.23", f"battle {battle.number} has Defend "
                                                     f"markers on {where}; one defended hex per battle can be checked")])
    defender_hex = next(iter(battle.defender_hexes))
    attackers = [k for h in sorted(battle.attacker_hexes) for k in before.at(h) if before.units[k].side == side]
    defenders = [k for k in before.at(defender_hex) if before.units[k].side != side]
    summary = replace(summary, attackers=tuple(attackers), defenders=tuple(defenders))
    if not attackers or not defenders:
        return _closed(record, step, summary, [_note(record, step, "AGS 9.1", f"battle {battle.number}: no {side} "
                                                     "unit under its Attack markers or no enemy unit under its Defend "
                                                     f"marker in {hex_name(game, defender_hex)}")])
    phase.in_battle.update(attackers + defenders)
    phase.took_part[battle.number] = set(attackers + defenders)
    found = _once_each(record, battle, step, attackers, defenders, phase)
    found += _after_advancing(record, battle, step, attackers + defenders, phase)
    found += _retreated_into(record, battle, step, defenders, phase)
    tracer = SupplyTracer(before, record.markers_at(step))
    found += _illegal_only(record, step, may_attack(before, attackers, tracer))
    states = {k: tracer.state(k) for k in attackers + defenders}
    supply = attack_supply(before, tracer, attackers, {k: s.in_supply for k, s in states.items()})
    # rules.battle_supply_readings (Rostov 23.18): attackers open between two readings are read in
    # supply first; the other readings are tried when that result is wrong (_supply_reading)
    supply, *other_readings = readings(supply, open_attackers(before, states, supply, attackers))
    condition, unsure = _battle_condition(game, condition_of, defender_hex, battle.attacker_hexes)
    if unsure is not None:
        return _closed(record, step, summary, found + [_note(record, step, unsure.case or "AGS 10.0", (
            f"battle {battle.number}: whether the river between attackers and defender exists depends on the "
            f"weather ({unsure.name}), so its odds were not checked"))])
    # Korsun 19.52: a spread division the readings of "between" double or not is read undoubled
    # here, and doubled by _spread_reading when that is what was applied
    odds = combat_odds(before, attackers, defender_hex, supply, condition=condition, markers=record.markers_at(step),
                       spread="narrow")
    summary = replace(summary, odds=odds.column, attack=odds.attack.value if odds.attack else None,
                      defense=odds.defense.value if odds.defense else None)
    if not odds.verdict.is_legal:
        return _closed(record, step, summary, found + [Judgement(step, None, hex_name(game, defender_hex), "",
                                                                 odds.verdict, record.turn, record.phase.name,
                                                                 record.phase.side)])
    if not odds.column:
        return _closed(record, step, summary, found + [_note(record, step, odds.verdict.case, f"battle "
                                                             f"{battle.number}: {odds.verdict.message}; what was then "
                                                             "done to the units was not checked")])
    try:
        result = crt_result(game, odds.column, battle.die)
    except CannotCheck as unknown:
        return _closed(record, step, summary, found + [_note(record, step, unknown.case or "AGS 9.5", unknown.reason)])
    summary = replace(summary, result=result.text)
    context = (f"battle {battle.number} at {odds.column}, die {battle.die}: {result.text} "
               f"({odds.verdict.message})")
    try:
        trial = copy.deepcopy(phase)
        judged, applied = _sequence(record, battle, step, result, attackers, defenders, context, phase)
        if any(j.verdict.is_illegal for j in judged) and other_readings:
            read = _supply_reading(record, battle, step, (result, odds), (attackers, defenders),
                                   (other_readings, condition), copy.deepcopy(trial))
            if read is not None:
                judged, applied, summary = read[0], read[1], replace(summary, **read[2])
            else:
                judged = [_under_every_reading(j) for j in judged]
        if any(j.verdict.is_illegal for j in judged):
            spread = _spread_reading(record, battle, step, (result, odds), (attackers, defenders),
                                     (supply, condition), copy.deepcopy(trial))
            if spread is not None:
                judged, applied, summary = spread[0], spread[1], replace(summary, **spread[2])
        if any(j.verdict.is_illegal for j in judged):
            bonus = _column_bonus(record, battle, step, (result, odds), (attackers, defenders), tracer,
                                  (copy.deepcopy(trial), phase))
            if bonus is not None:
                judged, applied, summary = bonus[0], bonus[1], replace(summary, **bonus[2])
            else:
                judged = _spread_misread(record, battle, step, (result, odds), (attackers, defenders),
                                         (supply, condition), copy.deepcopy(trial)) \
                    or _whole_division(record, battle, step, (result, odds.verdict.message), attackers, defenders,
                                       (supply, condition), copy.deepcopy(trial)) \
                    or _unsupported(record, battle, step, (result, odds), attackers, defenders, (supply, condition),
                                    copy.deepcopy(trial)) \
                    or _unshifted(record, battle, step, (result, odds), attackers, defenders, copy.deepcopy(trial)) \
                    or _air_shifted(record, battle, step, (result, odds), attackers, defenders, trial) or judged
    except CannotCheck as unknown:
        return _closed(record, step, summary, found + [_note(record, step, unknown.case or "AGS 9.6",
                                                             f"battle {battle.number}: {unknown.reason}; what was "
                                                             "done to the units was not checked")])
    return _closed(record, step, replace(summary, applied=applied), found + judged)


_STANDARD_INTEGRITY = Provenance.parse("rules: AGS 9.9 (regiments of one division stacked together), the reading "
                                       "a game's own whole-division rule replaces")


def _whole_division(record: PhaseRecord, battle: Battle, step: int, judged_at: tuple[CombatResult, str],
                    attackers: list[str], defenders: list[str], strengths: tuple[dict, Condition | None],
                    trial: _PhaseState) -> list[Judgement] | None:
    """``game_cases.divisional_integrity`` with ``rules.divisional_integrity_all_units`` (Rostov
    19.5): a result that is wrong at the checker's odds but right at the odds the battle has when
    every two regiments of a division in a hex are doubled (the player doubled a division that is
    not whole there) is one finding citing the game's own rule; None when that reading does not
    explain what was applied."""
    game = record.start.game
    before = battle.before
    if before is None or not optional_param(game, "divisional_integrity_all_units", False):
        return None
    rules = dict(game.rules)
    rules["divisional_integrity_all_units"] = Param("divisional_integrity_all_units", False, _STANDARD_INTEGRITY)
    rules["divisional_integrity_min_regiments"] = Param("divisional_integrity_min_regiments", 2, _STANDARD_INTEGRITY)
    loose = Situation(replace(game, rules=rules), before.turn, before.phase_index, before.units, before.control)
    supply, condition = strengths
    defender_hex = next(iter(battle.defender_hexes))
    odds = combat_odds(loose, attackers, defender_hex, supply, condition=condition, markers=record.markers_at(step))
    result, message = judged_at
    if not odds.verdict.is_legal or not odds.column or odds.column == result.column:
        return None
    read = _applied_at(record, battle, step, (odds.column, result.die), (attackers, defenders), trial)
    if read is None:
        return None
    other, _, applied = read
    names = ", ".join(game.counter(k).name for k in _partial_divisions(before, loose, attackers + defenders))
    verdict = Verdict.illegal(game_case(game, "divisional_integrity"), (
        f"{names} are not every unit of their division in the hex, so they are not "
        f"doubled: {message}, die {result.die}: {result.text}; what was applied ({applied}) is the result at "
        f"{odds.column} ({other.text}), the odds only if they were doubled"), (defender_hex,))
    return _verdicts(record, step, attackers[0], f"battle {battle.number}", [verdict], battle)


def _unsupported(record: PhaseRecord, battle: Battle, step: int, judged_at: tuple[CombatResult, Odds],
                 attackers: list[str], defenders: list[str], strengths: tuple[dict, Condition | None],
                 trial: _PhaseState) -> list[Judgement] | None:
    """``rules.attack_support_markers`` (Korsun 24.21): a result that is wrong at the checker's odds
    but right at the odds without a support marker's doubling (the player did not double a
    supported corps) is one finding citing the game's own rule; None when that does not explain it."""
    game = record.start.game
    before = battle.before
    rule = optional_param(game, "attack_support_markers", None)
    result, odds = judged_at
    if before is None or not rule:
        return None
    supply, condition = strengths
    defender_hex = next(iter(battle.defender_hexes))
    plain = combat_odds(before, attackers, defender_hex, supply, condition=condition)    # no marker read
    if not plain.verdict.is_legal or not plain.column or plain.column == odds.column:
        return None
    read = _applied_at(record, battle, step, (plain.column, result.die), (attackers, defenders), trial)
    if read is None:
        return None
    other, _, applied = read
    verdict = Verdict.illegal(cite(game, str(rule["case"])), (
        f"{odds.verdict.message}, die {result.die}: {result.text}; what was applied ({applied}) is the result at "
        f"{plain.column} ({other.text}), the odds without the Supported marker's doubling"), (defender_hex,))
    return _verdicts(record, step, attackers[0], f"battle {battle.number}", [verdict], battle)


def _spread_odds(record: PhaseRecord, battle: Battle, step: int, sides: tuple[list[str], list[str]],
                 strengths: tuple[dict, Condition | None], reading: str) -> Odds | None:
    """The battle's odds with a spread division read as ``reading`` says (Korsun 19.52)."""
    before = battle.before
    assert before is not None
    supply, condition = strengths
    odds = combat_odds(before, sides[0], next(iter(battle.defender_hexes)), supply, condition=condition,
                       markers=record.markers_at(step), spread=reading)
    return odds if odds.verdict.is_legal and odds.column else None


def _spread_reading(record: PhaseRecord, battle: Battle, step: int, judged_at: tuple[CombatResult, Odds],
                    sides: tuple[list[str], list[str]], strengths: tuple[dict, Condition | None],
                    trial: _PhaseState) -> tuple[list[Judgement], str, dict] | None:
    """Korsun 19.52: a result wrong at the odds with a spread division undoubled but right with it
    doubled, when some reading of "between" doubles it, is accepted (the judgements, what was
    applied and the battle summary's odds at that column); None when no such reading explains it."""
    result, odds = judged_at
    wide = _spread_odds(record, battle, step, sides, strengths, "wide")
    if wide is None or wide.column == odds.column:
        return None
    read = _applied_at(record, battle, step, (wide.column, result.die), sides, trial, lambda other: (
        f"battle {battle.number} at {wide.column}, die {result.die}: {other.text} ({wide.verdict.message})"))
    if read is None:
        return None
    other, judged, applied = read
    assert wide.defense is not None
    return judged, applied, {"odds": wide.column, "defense": wide.defense.value, "result": other.text}


def _supply_reading(record: PhaseRecord, battle: Battle, step: int, judged_at: tuple[CombatResult, Odds],
                    sides: tuple[list[str], list[str]], strengths: tuple[list[dict], Condition | None],
                    trial: _PhaseState) -> tuple[list[Judgement], str, dict] | None:
    """``rules.battle_supply_readings`` (Rostov 23.18): a result wrong with the open attackers in
    supply but right under another reading of their supply (some of them halved, AGS 12.23) is
    accepted (the judgements, what was applied and the battle summary's odds at that column);
    None when no reading explains it, and the findings of the first reading stand."""
    result, odds = judged_at
    other_readings, condition = strengths
    before = battle.before
    assert before is not None
    game = record.start.game
    tried = {odds.column}
    for supply in other_readings:
        read = combat_odds(before, sides[0], next(iter(battle.defender_hexes)), supply, condition=condition,
                           markers=record.markers_at(step), spread="narrow")
        if not read.verdict.is_legal or not read.column or read.column in tried:
            continue
        tried.add(read.column)
        halved = ", ".join(game.counter(k).name for k in sides[0] if supply.get(k) is False)
        explained = _applied_at(record, battle, step, (read.column, result.die), sides, copy.deepcopy(trial),
                                lambda other: (f"battle {battle.number} at {read.column}, die {result.die}: "
                                               f"{other.text} ({read.verdict.message}; out of supply: {halved})"))
        if explained is not None:
            other, judged, applied = explained
            assert read.attack is not None
            return judged, applied, {"odds": read.column, "attack": read.attack.value, "result": other.text}
    return None


def _under_every_reading(judgement: Judgement) -> Judgement:
    """A finding on a battle whose attackers' supply is open (Rostov 23.18) says that no reading of
    it gives what was applied, not only the reading in supply it was worked out under."""
    if not judgement.verdict.is_illegal:
        return judgement
    verdict = replace(judgement.verdict, message=f"{judgement.verdict.message} (read with every attacker in supply; "
                                                 "with those whose supply is open halved, the result is not what "
                                                 "was applied either)")
    return replace(judgement, verdict=verdict)


def _spread_misread(record: PhaseRecord, battle: Battle, step: int, judged_at: tuple[CombatResult, Odds],
                    sides: tuple[list[str], list[str]], strengths: tuple[dict, Condition | None],
                    trial: _PhaseState) -> list[Judgement] | None:
    """Korsun 19.52, 19.53: a result right only with a spread division doubled where no reading
    doubles it, or undoubled where every reading does, is one finding citing the game's rule;
    None when neither explains what was applied."""
    result, odds = judged_at
    before = battle.before
    assert before is not None
    spreads = spread_divisions(before, sides[1])
    for reading, status, why in (("range", NOT, "no reading doubles it"), ("none", DOUBLED, "every reading doubles it")):
        named = [k for k, spread in spreads.items() if spread.status == status]
        other_odds = _spread_odds(record, battle, step, sides, strengths, reading) if named else None
        if other_odds is None or other_odds.column == odds.column:
            continue
        read = _applied_at(record, battle, step, (other_odds.column, result.die), sides, copy.deepcopy(trial))
        if read is None:
            continue
        other, _, applied = read
        verdict = Verdict.illegal(spreads[named[0]].case, (
            f"{odds.verdict.message}, die {result.die}: {result.text}; what was applied ({applied}) is the result at "
            f"{other_odds.column} ({other.text}), the odds {'with' if reading == 'range' else 'without'} the spread "
            f"division doubled: {spreads[named[0]].reason}; {why}"),
            (next(iter(battle.defender_hexes)),))
        return _verdicts(record, step, sides[0][0], f"battle {battle.number}", [verdict], battle)
    return None


def _unshifted(record: PhaseRecord, battle: Battle, step: int, judged_at: tuple[CombatResult, Odds],
               attackers: list[str], defenders: list[str], trial: _PhaseState) -> list[Judgement] | None:
    """``game_cases.defender_integrity_column_shift`` (Korsun 19.56): a result that is wrong at
    the shifted column but right at the column before the defender's shift (the player did not
    shift) is one finding citing the game's own rule; None when that does not explain it."""
    game = record.start.game
    result, odds = judged_at
    if odds.attack is None or odds.defense is None:
        return None
    plain = odds_column(game, odds.attack.value, odds.defense.value)
    if plain == odds.column:
        return None
    read = _applied_at(record, battle, step, (plain, result.die), (attackers, defenders), trial)
    if read is None:
        return None
    other, _, applied = read
    verdict = Verdict.illegal(game_case(game, "defender_integrity_column_shift"), (
        f"{odds.verdict.message}, die {result.die}: {result.text}; what was applied ({applied}) is the result at "
        f"{plain} ({other.text}), the column without the defender's shift"), (next(iter(battle.defender_hexes)),))
    return _verdicts(record, step, attackers[0], f"battle {battle.number}", [verdict], battle)


def _column_bonus(record: PhaseRecord, battle: Battle, step: int, judged_at: tuple[CombatResult, Odds],
                  sides: tuple[list[str], list[str]], tracer: SupplyTracer,
                  states: tuple[_PhaseState, _PhaseState]) -> tuple[list[Judgement], str, dict] | None:
    """A game's optional attack bonus (``exclusive.ColumnBonusRule``, Rostov 22.3): a result wrong
    at the odds but right at the column the bonus gives is the bonus taken: legal when the rule
    allows it here (and counted as used), else one finding or note of the rule's own case; with
    what was applied and the battle summary's shifted column and result. None when no rule
    offers a bonus or the shifted result does not explain what was applied."""
    game = record.start.game
    result, odds = judged_at
    attackers, defenders = sides
    trial, phase = states
    before = battle.before
    if before is None or not odds.column:
        return None
    columns = list(game.crt.columns)
    for rule in column_bonus_rules():
        used = phase.bonuses.setdefault(rule.name, [])
        bonus = rule.column_bonus(before, tracer, attackers, used)
        if bonus is None:
            continue
        shifted = columns[min(columns.index(odds.column) + bonus.shift, len(columns) - 1)]
        if shifted == odds.column:
            continue
        read = _applied_at(record, battle, step, (shifted, result.die), sides, copy.deepcopy(trial))
        if read is None:
            continue
        other, judged, applied = read
        shown = {"odds": shifted, "result": other.text, "shifts": (f"{odds.column} to {shifted}: {bonus.verdict.case}",)}
        if bonus.verdict.is_legal:
            used.append(battle.number)
            return judged, applied, shown
        return _verdicts(record, step, attackers[0], f"battle {battle.number}", [Verdict(
            bonus.verdict.status, bonus.verdict.case, f"{odds.verdict.message}, die {result.die}: {result.text}; "
            f"what was applied ({applied}) is the result at {shifted} ({other.text}), the column with the bonus: "
            f"{bonus.verdict.message}", (next(iter(battle.defender_hexes)),))], battle), applied, shown
    return None


def _air_shifted(record: PhaseRecord, battle: Battle, step: int, judged_at: tuple[CombatResult, Odds],
                 attackers: list[str], defenders: list[str], trial: _PhaseState) -> list[Judgement] | None:
    """AGS 14.11-14.14 on a Game-Turn the players have Air Points (``rules.air_points``, Korsun
    19.8: on mud Game-Turns): either may have spent one on the battle, one column his way, and the
    log does not say so. A result wrong at the checker's odds but right one column to either side
    is reported as not checked, never as a finding; None when no Air Point explains it. On a
    Game-Turn whose weather gives none (Korsun 19.8: snow) such a result is one finding citing the
    game's Air Point rule (``rules.air_points`` ``case``) when both sides' results differ from the
    checker's; when a column that explains it gives one side the checker's result, the result
    check's finding stands (the other side's result not applied, as AGS 9.66 reads it, not a shift). A game whose players never have any
    (Kiev 19.14) keeps the result check's finding."""
    game = record.start.game
    result, odds = judged_at
    points = air_points(game, record.turn)
    rule = optional_param(game, "air_points", None)
    case = cite(game, str(rule.get("case", "AGS 14.14") if isinstance(rule, dict) else "AGS 14.14"))
    read = trial.weathers
    readings = {w: air_points(game, record.turn, weather=w) for w in read.weathers} if read is not None else {}
    if len(set(readings.values())) > 1:
        # Korsun 28.0: a weather of the Game-Turn gives Air Points, another none: a shift is a
        # finding only when every weather makes it one, so the weather that gives some decides
        points, case = max(p or 0 for p in readings.values()), cite(game, read.case)
    weather_gives_none = points == 0 and isinstance(rule, dict) and "by_weather" in rule
    if not odds.column or not points and not weather_gives_none:
        return None
    columns = list(game.crt.columns)
    here = columns.index(odds.column)
    explained = []
    for other_column in (columns[i] for i in (here + 1, here - 1) if 0 <= i < len(columns)):
        shifted = _applied_at(record, battle, step, (other_column, result.die), (attackers, defenders),
                              copy.deepcopy(trial))
        if shifted is None:
            continue
        other, judged, applied = shifted
        if points:
            return [_note(record, step, case, (
                f"battle {battle.number}: {odds.verdict.message}, die {result.die}: {result.text}; what was applied "
                f"({applied}) is the result at {other_column} ({other.text}), one column off: an Air Point "
                f"({points} each on Game-Turn {record.turn}{_weather_reason(readings, read)}) may have shifted it "
                "(AGS 14.14), which the log does not show, so the result was not checked"))]
        explained.append((other_column, other, applied))
    if not explained or any(o.attacker == result.attacker or o.defender == result.defender for _, o, _ in explained):
        return None
    other_column, other, applied = explained[0]
    verdict = Verdict.illegal(case, (
        f"{odds.verdict.message}, die {result.die}: {result.text}; what was applied ({applied}) is the result at "
        f"{other_column} ({other.text}), one column off, as an Air Point would shift it (AGS 14.14); neither Player "
        f"has Air Points on Game-Turn {record.turn}"), (next(iter(battle.defender_hexes)),))
    return _verdicts(record, step, attackers[0], f"battle {battle.number}", [verdict], battle)


def _weather_reason(readings: dict[str, int | None], read: TurnWeathers | None) -> str:
    """Why the Game-Turn may have Air Points when its weathers disagree (Korsun 28.0), else nothing."""
    if read is None or len(set(readings.values())) < 2:
        return ""
    return f" if it was {' or '.join(w for w, p in readings.items() if p)}: {read.reason}"


def _partial_divisions(strict: Situation, loose: Situation, keys: list[str]) -> list[str]:
    """The units doubled only in the ``loose`` reading of divisional integrity, hex by hex."""
    found = []
    for hex_ in sorted({strict.units[k].hex for k in keys if strict.units[k].hex is not None}):
        here = [k for k in keys if strict.units[k].hex == hex_]
        kept, doubled = integrity(strict, here, lambda k: 0), integrity(loose, here, lambda k: 0)
        found += [k for k in here if doubled[k] > kept[k]]
    return found


def _applied_at(record: PhaseRecord, battle: Battle, step: int, column_die: tuple[str, int],
                sides: tuple[list[str], list[str]], trial: _PhaseState,
                context: Callable[[CombatResult], str] = lambda _: ""
                ) -> tuple[CombatResult, list[Judgement], str] | None:
    """The result at another column for the battle's die, applied to both sides on ``trial``: the
    result, its judgements and what was applied, when that is what the log shows (every judgement
    legal); None when it is not. Every other reading of a battle (an Air Point, an attack bonus, a
    doubling read one way or the other) is tested so."""
    column, die = column_die
    other = crt_result(record.start.game, column, die)
    judged, applied = _sequence(record, battle, step, other, sides[0], sides[1], context(other), trial)
    return (other, judged, applied) if all(j.verdict.is_legal for j in judged) else None


def _sequence(record: PhaseRecord, battle: Battle, step: int, result: CombatResult, attackers: list[str],
              defenders: list[str], context: str, phase: _PhaseState) -> tuple[list[Judgement], str]:
    """The result applied to both sides, then the advance: the side hit first (the defender,
    AGS 9.68; the attacker when the defender's result is no effect) retreats or loses steps, and
    its vacated hexes open the way for the other side's advance (AGS 9.81)."""
    game = record.start.game
    before, after = battle.before, battle.after
    assert before is not None and after is not None
    defender_first = result.defender.kind != NONE
    first, second = (defenders, attackers) if defender_first else (attackers, defenders)
    first_result, second_result = (result.defender, result.attacker) if defender_first else \
        (result.attacker, result.defender)
    first_side, second_side = before.units[first[0]].side, before.units[second[0]].side
    first_moved, second_moved = _moved(before, after, first), _moved(before, after, second)
    vacated = vacated_hexes(before, after, first, _length(first_result), first_moved)
    phase.vacated.update((v.hex, battle.number) for v in vacated)
    forbidden, why = ("AGS 9.69", "an engaged result allows no advance") if ENGAGED in (
        result.attacker.kind, result.defender.kind) else ("", "")
    rules = AdvanceRules(second_side, vacated, after, forbidden, why)
    advanced = [k for k in second_moved if rules.is_advance(before.units[k].hex, after.units[k].hex)]  # type: ignore[arg-type]
    # AGS 9.68: in a split result the defender never advances into the hexes the attacker left
    split = defender_first and second_result.kind != NONE
    back = vacated_hexes(before, after, second, _length(second_result),
                         [k for k in second_moved if k not in advanced]) if split else ()
    stopped = AdvanceRules(first_side, back, after, "AGS 9.68", "the defender may never advance in a split result")
    held_back = [k for k in first_moved if stopped.is_advance(before.units[k].hex, after.units[k].hex)]  # type: ignore[arg-type]
    # AGS 9.77: an attacker retreating in a split result avoids every hex the enemy held or
    # controlled during the combat
    grounds = (RetreatGround.of(before, first_side, [before], first),
               RetreatGround.of(before, second_side, [before, _with_units_of(after, before, second + held_back)],
                                second))
    found: list[Judgement] = []
    applied: list[str] = []
    for role, keys, side_result, ground, moved_on, judge in (
            ("defender" if defender_first else "attacker", first, first_result, grounds[0], held_back, stopped),
            ("attacker" if defender_first else "defender", second, second_result, grounds[1], advanced, rules)):
        verdict = loss_check(game, side_result, _units(before, keys), _survivors(after, keys), ground=ground,
                             replacements=_replacements(before, after, keys), advanced=moved_on)
        found += _verdicts(record, step, keys[0], f"{role}s of {context}", [verdict], battle)
        applied.append(f"{role}: {verdict.message}")
        for key in moved_on:
            verdict = judge.verdict(key, before.units[key].hex, after.units[key].hex)  # type: ignore[arg-type]
            found += _verdicts(record, step, key, f"advance after {context}", [verdict], battle)
            applied.append(verdict.message)
            phase.advanced[key] = battle.number
    found += _retreat_stacking(record, step, battle, (first, second), set(advanced) | set(held_back), context, phase)
    return found, "; ".join(applied)


def _length(result: SideResult) -> int:
    return result.number if result.kind == NUMBER else 0


def _retreat_stacking(record: PhaseRecord, step: int, battle: Battle, sides: tuple[list[str], list[str]],
                      advanced: set[str], context: str, phase: _PhaseState) -> list[Judgement]:
    """AGS 9.74: retreats end within the stacking limits; the retreated units are remembered
    (AGS 9.76)."""
    before, after = battle.before, battle.after
    assert before is not None and after is not None
    found = []
    for keys in sides:
        retreated = [k for k in _moved(before, after, keys) if k not in advanced]
        phase.retreated.update((k, battle.number) for k in retreated)
        ends = [after.units[k].hex for k in retreated if after.units[k].hex is not None]
        for verdict in stacking_after_retreat(after, before.units[keys[0]].side, ends):  # type: ignore[arg-type]
            phase.overstacked.add(verdict.hexes)
            found += _verdicts(record, step, retreated[0], context, [verdict], battle)
    return found


def _replacements(before: Situation, after: Situation, keys: list[str]) -> dict[str, UnitState]:
    """Counters of the side put on the map, in one of its battle hexes, while the result was
    applied: the lower step of a counter taken off (a German ``rpl`` division)."""
    side = before.units[keys[0]].side
    hexes = {before.units[k].hex for k in keys}
    return {k: u for k, u in after.on_map(side) if u.hex in hexes and k not in keys
            and (k not in before.units or before.units[k].hex is None)}


def _moved(before: Situation, after: Situation, keys: list[str]) -> list[str]:
    """Units still on the map in another hex than when the battle's die was rolled."""
    return [k for k in keys if after.units.get(k) is not None and after.units[k].hex is not None
            and after.units[k].hex != before.units[k].hex]


def _with_units_of(situation: Situation, source: Situation, keys: list[str]) -> Situation:
    """``situation`` with ``keys`` put back where they are in ``source``."""
    units = dict(situation.units)
    units.update({k: source.units[k] for k in keys})
    return Situation(situation.game, situation.turn, situation.phase_index, units, situation.control)


def _places(game: Game, battle: Battle, key: str) -> tuple[str, str]:
    """Where a unit of a battle stood at the die roll, and where it stood after when it moved:
    a finding about a unit shows that unit's own hexes (the attacker's for an attacker)."""
    start = battle.before.units[key].hex if battle.before is not None and key in battle.before.units else None
    end = battle.after.units[key].hex if battle.after is not None and key in battle.after.units else None
    return (hex_name(game, start) if start is not None else "",
            hex_name(game, end) if end is not None and end != start else "")


def _verdicts(record: PhaseRecord, step: int, unit: str, what: str, verdicts: list[Verdict],
              battle: Battle) -> list[Judgement]:
    game = record.start.game
    found = []
    for verdict in verdicts:
        if verdict.is_legal:
            continue
        origin, destination = _places(game, battle, unit)
        found.append(Judgement(step, unit, origin or _first_hex(game, verdict), destination, Verdict(verdict.status, verdict.case,
                                                              f"{what}: {verdict.message}", verdict.hexes),
                               record.turn, record.phase.name, game.counter(unit).side))
    return found


def _closed(record: PhaseRecord, step: int, summary: BattleSummary, found: list[Judgement]) -> list[Judgement]:
    """The battle's judgements and its summary, whose verdict sums them up."""
    game = record.start.game
    illegal = sorted({j.verdict.case for j in found if j.verdict.is_illegal})
    unchecked = [j.verdict.message for j in found if j.verdict.is_unchecked]
    if illegal:
        verdict = "illegal: " + ", ".join(illegal)
    elif unchecked:
        verdict = "not checked: " + unchecked[0]
    else:
        verdict = "legal"
    done = Judgement(step, None, hex_name(game, summary.defender_hex) if summary.defender_hex else "", "",
                     Verdict.legal(cite(game, "AGS 9.0"), f"battle {summary.number}: {verdict}"), record.turn,
                     record.phase.name, record.phase.side, replace(summary, verdict=verdict))
    return found + [done]


def _late_moves(record: PhaseRecord, ordered: list[Battle], phase: _PhaseState) -> list[Judgement]:
    """Moves of units that took part in a battle, outside that battle's window (from its die to
    the next die): before it was resolved, a move no result explains (AGS 4.2); after a later
    battle's die, a result or advance not applied at once (AGS 9.83 and the Procedure of 9.0:
    results are applied before any other combat is resolved)."""
    game = record.start.game
    rolled = [b for b in ordered if b.die_step is not None and b.number in phase.took_part]
    found = []
    for key, track in sorted(record.tracks.items()):
        mine = [b for b in rolled if key in phase.took_part[b.number]]
        if not mine:
            continue
        for drop in track.drops:
            window = [b for b in rolled if b.die_step <= drop.step]  # type: ignore[operator]
            if window and key in phase.took_part[window[-1].number]:
                continue
            earlier = [b for b in mine if window and b.die_step < window[-1].die_step]  # type: ignore[operator]
            name = game.counter(key).name
            if earlier:
                phase.later.setdefault(earlier[-1].number, set()).add(cite(game, "AGS 9.83"))
                verdict = Verdict.illegal(cite(game, "AGS 9.83"), f"{name} of battle {earlier[-1].number} moved after "
                                          f"the die of battle {window[-1].number} was rolled; a result and its advance "
                                          "are applied at once, before any other combat is resolved")
            else:
                verdict = Verdict.illegal(cite(game, "AGS 4.2"), f"{name} moved in the {record.phase.name} phase "
                                          f"before its battle {mine[0].number} was resolved; units move in combat only "
                                          "to retreat or advance")
            found.append(Judgement(drop.step, key, track.start_location, drop.location, verdict, record.turn,
                                   record.phase.name, game.counter(key).side))
            break
    return found


def _stray_move(record: PhaseRecord, key: str, phase: _PhaseState) -> Verdict:
    """A unit that took part in no battle moved: into a hex a battle vacated, an advance by a
    unit that did not fight (AGS 9.81); anything else, a move in a phase where none is allowed."""
    game = record.start.game
    track = record.tracks[key]
    layout = game.map.layout
    name = game.counter(key).name
    last = track.drops[-1].hex
    for hex_, number in sorted(phase.vacated.items()):
        if last is not None and track.start is not None and layout.distance(track.start, hex_) + \
                layout.distance(hex_, last) == layout.distance(track.start, last):
            phase.later.setdefault(number, set()).add(cite(game, "AGS 9.81"))
            return Verdict.illegal(cite(game, "AGS 9.81"), f"{name} advanced through {hex_name(game, hex_)}, vacated "
                                   f"in battle {number}, without taking part in that battle; only units that took "
                                   "part may advance")
    return Verdict.illegal(cite(game, "AGS 4.2"), f"{name} moved in the {record.phase.name} phase without taking "
                           "part in a declared battle; units move in combat only to retreat or advance")


def _one_unit_stacks(record: PhaseRecord, battle: Battle, shared: set[Hex]) -> bool:
    """A stack of one unit under two battles' markers attacked twice (AGS 9.14): nothing is
    ambiguous about which unit attacked, so the battle is judged and 9.14 found."""
    before = battle.before or record.start
    side = record.phase.side
    for hex_ in battle.attacker_hexes & shared:
        units = [k for k in before.at(hex_) if before.units[k].side == side
                 and before.unit_type(k).unit_class != "marker"]
        if len(units) != 1:
            return False
    return True


def _after_advancing(record: PhaseRecord, battle: Battle, step: int, keys: list[str],
                     phase: _PhaseState) -> list[Judgement]:
    """AGS 9.83: after advancing, units may neither attack nor be attacked in that phase."""
    game = record.start.game
    found = []
    for key in keys:
        if key in phase.advanced:
            found.append(Judgement(step, key, *_places(game, battle, key), Verdict.illegal(
                cite(game, "AGS 9.83"), f"{game.counter(key).name} advanced after battle {phase.advanced[key]} and "
                                        f"fought again in battle {battle.number}; after advancing, units may neither "
                                        "attack nor be attacked in that phase"),
                record.turn, record.phase.name, record.phase.side))
    return found


def _retreated_into(record: PhaseRecord, battle: Battle, step: int, defenders: list[str],
                    phase: _PhaseState) -> list[Judgement]:
    """AGS 9.76: a unit that retreated into a friendly hex adds nothing to its defense and is
    eliminated by any result there; the odds here count it, so the battle is flagged."""
    game = record.start.game
    earlier = [k for k in defenders if k in phase.retreated]
    if not earlier:
        return []
    names = ", ".join(game.counter(k).name for k in earlier)
    return [_note(record, step, "AGS 9.76", f"battle {battle.number}: {names} retreated into the defended hex "
                  "earlier in this phase; that it adds no defense and is eliminated by any result was not checked")]


def _shared_hexes(battles: list[Battle]) -> set[Hex]:
    """Hexes under Attack markers of more than one battle in the phase."""
    seen: dict[Hex, int] = {}
    for battle in battles:
        for hex_ in battle.attacker_hexes:
            seen[hex_] = seen.get(hex_, 0) + 1
    return {h for h, count in seen.items() if count > 1}


def _split_stack(record: PhaseRecord, battle: Battle, shared: set[Hex], phase: _PhaseState) -> list[Judgement]:
    """AGS 9.22 lets a stack's units attack different hexes, but a marker sits on the whole
    stack: the log does not say which unit attacked where, so that battle is not judged unless
    the stack has fewer units than battles marked on it (then one attacked twice, AGS 9.14)."""
    game = record.start.game
    before = battle.before or record.start
    phase.in_battle.update(k for h in battle.attacker_hexes | battle.defender_hexes for k in before.at(h))
    hexes = ", ".join(hex_name(game, h) for h in sorted(battle.attacker_hexes & shared))
    step = battle.die_step or battle.declared_step
    summary = BattleSummary(battle.number, tuple(sorted(battle.attacker_hexes)),
                            tuple(k for h in sorted(battle.attacker_hexes) for k in before.at(h)
                                  if before.units[k].side == record.phase.side),
                            next(iter(battle.defender_hexes)) if len(battle.defender_hexes) == 1 else None,
                            tuple(k for h in sorted(battle.defender_hexes) for k in before.at(h)
                                  if before.units[k].side != record.phase.side), die=battle.die)
    found = []
    for hex_ in sorted(battle.attacker_hexes & shared):
        marked = [b for b in record.battles if hex_ in b.attacker_hexes]
        units = [k for k in before.at(hex_) if before.units[k].side == record.phase.side
                 and before.unit_type(k).unit_class != "marker"]
        if len(units) < len(marked) and battle is marked[-1]:
            found.append(Judgement(step, units[0] if units else None, hex_name(game, hex_), "", Verdict.illegal(
                cite(game, "AGS 9.14"), f"the stack in {hex_name(game, hex_)} ({len(units)} units) is marked for "
                                        f"{len(marked)} battles this phase, so one of its units attacked twice"),
                record.turn, record.phase.name, record.phase.side))
    found.append(_note(record, step, "AGS 9.22", f"battle {battle.number}: the stack in {hexes} is marked for more "
                       "than one battle this phase, and the log does not say which of its units attacked where; "
                       "the battle was not checked"))
    return _closed(record, step, summary, found)


def _once_each(record: PhaseRecord, battle: Battle, step: int, attackers: list[str], defenders: list[str],
               phase: _PhaseState) -> list[Judgement]:
    """AGS 9.14: no unit attacks twice, and no unit is attacked twice, in one Combat Phase."""
    game = record.start.game
    found = []
    for keys, seen, verb in ((attackers, phase.attacked, "attacked"), (defenders, phase.defended, "was attacked")):
        for key in keys:
            if key in seen:
                found.append(Judgement(step, key, *_places(game, battle, key), Verdict.illegal(
                    cite(game, "AGS 9.14"), f"{game.counter(key).name} {verb} in battle {seen[key]} and again in "
                                            f"battle {battle.number} of the same Combat Phase"),
                    record.turn, record.phase.name, record.phase.side))
            seen.setdefault(key, battle.number)
    return found


def _units(situation: Situation, keys: list[str]) -> dict[str, UnitState]:
    return {k: situation.units[k] for k in keys}


def _survivors(situation: Situation, keys: list[str]) -> dict[str, UnitState | None]:
    """The units after the result: None for those no longer on the map (eliminated)."""
    result: dict[str, UnitState | None] = {}
    for key in keys:
        unit = situation.units.get(key)
        result[key] = unit if unit is not None and unit.hex is not None else None
    return result


def _illegal_only(record: PhaseRecord, step: int, verdict: Verdict) -> list[Judgement]:
    if verdict.is_legal:
        return []
    game = record.start.game
    return [Judgement(step, None, _first_hex(game, verdict), "", verdict, record.turn, record.phase.name, record.phase.side)]


def _note(record: PhaseRecord, step: int, case: str, reason: str) -> Judgement:
    game = record.start.game
    return Judgement(step, None, "", "", Verdict.unchecked(cite(game, case), reason), record.turn, record.phase.name, record.phase.side)


def _first_hex(game: Game, verdict: Verdict) -> str:
    hexes: tuple[Hex, ...] = verdict.hexes
    return hex_name(game, hexes[0]) if hexes else ""
