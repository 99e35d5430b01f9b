"""An overrun [PGG 6.5] resolved as the book resolves it, and the moves of the units that made it.

The ``Overrun n`` markers mark two hexes, not units: the overrunners are the phasing side's units
under the marker as the die is rolled. They must have begun the Movement Phase in one hex
[PGG 6.54]; when they did not, which of them overran is not shown by the log, and the overrun is
reported not checked. Otherwise:

- the odds with the attack halved after every other adjustment, fractions dropped [PGG 6.55],
  supply at the instant of the overrun [PGG 6.59] (:func:`~vmodgen.engine.rules.pgg.strength.combat_odds`,
  ``overrun=True``), the CRT cell, and whether the defenders' result was applied (the shared
  loss check, cases mapped to PGG 9.64-9.67): defenders their result does not move stay [PGG 6.58];
- each overrunner's move before the die within its allowance less the three Movement Points the
  overrun costs [PGG 6.51];
- after the die: a hex emptied with no result for the overrunners must be entered [PGG 6.51],
  and the move may go on from there with what is left, but not out of an enemy zone [PGG 6.56];
  an overrun that did not dislodge the defenders, or an engaged result, stops the overrunners
  for the phase; a loss or a retreat too, but for the retreat the result gives [PGG 6.52, 9.67].

What rests on an unknown value (a strength, a Leader's rating, a Strength Level, an allowance) is
reported not checked, never a finding. A unit that overran more than once in a phase is judged
overrun by overrun: each after one that emptied its hex, entered first, the Movement Points
added up (:func:`check_overrunner`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.combat import Odds
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.pathfinding import StepRule
from vmodgen.engine.rules.pgg.cases import pgg_verdict
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.levels import Level, Levels, read_levels, remember
from vmodgen.engine.rules.pgg.strength import Known, combat_odds, supply_columns
from vmodgen.engine.rules.pgg.supply import supply_of
from vmodgen.engine.rules.record import Drop, Overrun, PhaseRecord, UnitTrack
from vmodgen.engine.rules.retreat import RetreatGround
from vmodgen.engine.rules.results import ELIMINATED, ENGAGED, NONE, CombatResult, SideResult, crt_result, loss_check
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_name, mp, optional_param, param

MARKER = "marker"
LEADER = "leader"


@dataclass
class Resolution:
    """One rolled overrun: the hexes and units on both sides, what was found about it, and its
    result for the overrunners (None: not known, so their moves after the die are not judged)."""

    overrun: Overrun
    source: Hex
    target: Hex
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    verdicts: list[tuple[str | None, Verdict]] = field(default_factory=list)
    attacker_result: SideResult | None = None
    dislodged: bool = False
    label: str = ""

    @property
    def judged(self) -> bool:
        return self.attacker_result is not None


def resolve(record: PhaseRecord, overrun: Overrun, ledger: Ledger) -> Resolution | None:
    """PGG 6.51, 6.54, 6.55, 6.59: the rolled overrun's odds, result and the defenders' side of it;
    None when its markers do not tell the two stacks apart (or no die was rolled)."""
    before, after = overrun.before, overrun.after
    if overrun.die is None or before is None or after is None:
        return None
    side = record.phase.side
    game = before.game
    own = [h for h in sorted(overrun.hexes) if _units(before, h, side, True)]
    enemy = [h for h in sorted(overrun.hexes) if _units(before, h, side, False)]
    if len(own) != 1 or len(enemy) != 1 or own == enemy:
        return None
    source, target = own[0], enemy[0]
    attackers = tuple(sorted(_units(before, source, side, True)))
    defenders = tuple(sorted(_units(before, target, side, False)))
    label = f"overrun {overrun.number} on {hex_name(game, target)}"
    found = Resolution(overrun, source, target, attackers, defenders, label=label)
    combat = [k for k in attackers if before.unit_type(k).unit_class != LEADER]
    if not combat:
        return found                    # PGG 6.53: check_overruns finds it
    began = {record.start.units[k].hex if k in record.start.units else None for k in combat}
    if len(began) > 1 and optional_param(game, "overrun_same_start_hex", False):
        found.verdicts.append((None, Verdict.unchecked(cite(game, "PGG 6.54"), (
            f"{label}: the units in {hex_name(game, source)} began the Movement Phase in different hexes, and "
            "only units that began in one hex overrun together; the markers mark the hex, not the units, so "
            "which of them overran (and its result) was not checked"))))
        return found
    phantoms = [k for k in attackers + defenders if is_phantom(game, before.units[k])]
    fighting = Situation(game, before.turn, before.phase_index,
                         {k: u for k, u in before.units.items() if k not in phantoms}, before.control)
    real_attackers = [k for k in attackers if k not in phantoms]
    real_defenders = [k for k in defenders if k not in phantoms]
    if not real_attackers or not real_defenders:
        found.verdicts.append((None, Verdict.unchecked(cite(game, "PGG 12.3"), (
            f"{label}: the {'overrunners' if not real_attackers else 'defenders'} were all revealed with no "
            "strength; what followed was not checked"))))
        return found
    supply = supply_of(fighting, real_attackers + real_defenders, ledger)        # PGG 6.59
    levels = read_levels(before, record.markers_at(overrun.die_step), ledger.levels, ledger.level_markers)
    ledger.level_markers.update(levels.owners)
    levels_after = read_levels(after, record.markers_at(_after_step(record, overrun)), ledger.levels,
                               ledger.level_markers)
    remember(levels_after, ledger.levels, ledger.level_markers)
    known = Known(levels=levels, disrupted=ledger.maybe_disrupted)
    odds = combat_odds(fighting, real_attackers, target, supply, known, overrun=True)
    try:
        result, explanation = _result(game, fighting, real_attackers, target, supply, known, odds, overrun.die)
    except CannotCheck as unknown:
        found.verdicts.append((None, Verdict.unchecked(cite(game, unknown.case or "PGG 9.4"), (
            f"{label}: {unknown.reason}; its result and the moves of its units after it were not checked"))))
        return found
    context = f"{label} at {explanation}, die {overrun.die}: {result.text}"
    steps = (levels, levels_after)
    found.verdicts += _side_check(game, result.defender, real_defenders, before, after, f"defenders of {context}",
                                  steps)
    gone = all(_on_map(after, k) is None or after.units[k].hex != target for k in real_defenders)
    found.attacker_result = result.attacker
    found.dislodged = gone and result.attacker.kind == NONE
    if result.attacker.kind != NONE:
        found.verdicts += _attackers_hit(game, record, overrun.die_step or 0, result.attacker, real_attackers,
                                         before, after, f"overrunning units of {context}", steps)
    return found


def _result(game: Game, situation: Situation, attackers: list[str], target: Hex, supply: dict[str, bool | None],
            known: Known, odds: Odds, die: int) -> tuple[CombatResult, str]:
    """The CRT result (PGG 9.5) and the odds' explanation; when only the unknown supply decides
    the column, the result the die gives on every column it may be. Raises CannotCheck."""
    verdict = odds.verdict
    if verdict.is_legal and odds.column:
        return crt_result(game, odds.column, die), f"{odds.column} ({verdict.message})"
    columns = supply_columns(situation, attackers, target, supply, known, overrun=True) if verdict.is_unchecked else ()
    results = [crt_result(game, column, die) for column in columns]
    if results and len({r.text for r in results}) == 1:
        return results[0], f"{' or '.join(columns)} ({verdict.message}; the die gives {results[0].text} on each)"
    raise CannotCheck(verdict.message, verdict.case)


def _side_check(game: Game, result: SideResult, keys: list[str], before: Situation, after: Situation,
                context: str, levels: tuple[Levels, Levels],
                ground: RetreatGround | None = None) -> list[tuple[str | None, Verdict]]:
    """Whether one side's units took their result (PGG 9.64-9.67, the shared loss check); a German
    infantry division's steps are those its Strength Level Markers show as the die is rolled and
    once the result is applied (``levels``, PGG 9.61), as the Combat Phase reads them: not checked
    when one of those levels is not known; ``ground``: where a retreat may go (without it only its
    length is checked)."""
    if result.kind == NONE and all((u := _on_map(after, k)) is not None and u.hex == before.units[k].hex
                                   for k in keys):
        return []
    unknown = next((levels[0].unknown[k] for k in keys if k in levels[0].unknown), None) or \
        next((levels[1].unknown[k] for k in keys if k in levels[1].unknown and _on_map(after, k) is not None), None)
    if unknown:
        return [(keys[0], Verdict.unchecked(cite(game, "PGG 9.61"), f"{context}: the steps lost are not known: "
                                                                     f"{unknown}"))]
    verdict = pgg_verdict(game, loss_check(game, result, _at_levels({k: before.units[k] for k in keys}, levels[0]),
                                           _at_levels({k: _on_map(after, k) for k in keys}, levels[1]),
                                           ground=ground), "PGG 9.6")
    if verdict.is_legal:
        return []
    changed = [k for k in keys if (u := _on_map(after, k)) is None or u.hex != before.units[k].hex]
    case = cite(game, "PGG 6.58") if result.kind == NONE else verdict.case   # held: they stay in their hex
    return [((changed or keys)[0], Verdict(verdict.status, case, f"{context}: {verdict.message}", verdict.hexes))]


def _at_levels(units: dict[str, UnitState | None], levels: Levels) -> dict[str, UnitState | None]:
    """PGG 9.61: each German infantry division as a counter of the steps its level leaves, so that
    the shared loss check counts the steps its markers show."""
    return {k: u if u is None or (level := levels.known.get(k)) is None else _with_steps(u, level)
            for k, u in units.items()}


def _with_steps(unit: UnitState, level: Level) -> UnitState:
    return replace(unit, counter=replace(unit.counter, steps=level.steps))


def _after_step(record: PhaseRecord, overrun: Overrun) -> int | None:
    """The last step of ``overrun.after``: before the phase's next overrun die (None: its end)."""
    later = [o.die_step for o in record.overruns if o.die_step is not None and overrun.die_step is not None
             and o.die_step > overrun.die_step]
    return min(later) - 1 if later else None


def _attackers_hit(game: Game, record: PhaseRecord, die_step: int, result: SideResult, keys: list[str],
                   before: Situation, after: Situation, context: str,
                   levels: tuple[Levels, Levels]) -> list[tuple[str | None, Verdict]]:
    """The overrunners' own loss or retreat (PGG 9.65, 9.71): a retreat is judged where it may go
    (not into or through an enemy unit or zone of control, the shared retreat ground), as the
    Combat Phase judges it; an overrunner that moved after the die beyond the result's length is
    judged with its moves instead (:func:`check_overrunner`, PGG 6.52)."""
    length = result.number if result.kind not in (NONE, ENGAGED, ELIMINATED) else 0
    for key in keys:
        end = _on_map(after, key)
        moved = key in record.tracks and any(d.step > die_step and d.hex != before.units[key].hex
                                             for d in record.tracks[key].drops)
        if moved and (end is None or end.hex is None
                      or game.map.layout.distance(before.units[key].hex, end.hex) > length):  # type: ignore[arg-type]
            return []
    ground = RetreatGround.of(before, before.units[keys[0]].side, [before, after], keys)
    return _side_check(game, result, keys, before, after, context, levels, ground)


def check_resolution(record: PhaseRecord, found: Resolution) -> list[Judgement]:
    """The resolution's own verdicts, and PGG 6.51 for overrunners that never moved after a
    dislodging result (those that moved are judged with their moves)."""
    game = record.start.game
    step = found.overrun.die_step or found.overrun.declared_step
    source, target = hex_name(game, found.source), hex_name(game, found.target)
    out = [Judgement(step, key, source if key is None or key in found.attackers else target, target, verdict,
                     record.turn, record.phase.name, record.phase.side)
           for key, verdict in found.verdicts if not verdict.is_legal]
    if found.dislodged:
        after = found.overrun.after
        assert after is not None
        for key in found.attackers:
            if key in record.tracks or after.unit_type(key).unit_class == LEADER or _on_map(after, key) is None:
                continue
            out.append(Judgement(step, key, source, target, _no_advance(game, found, key, "stayed in " + source),
                                 record.turn, record.phase.name, record.phase.side))
    return out


def _no_advance(game: Game, found: Resolution, key: str, what: str) -> Verdict:
    return Verdict.illegal(cite(game, "PGG 6.51"), f"{game.counter(key).name} {what} after {found.label} emptied "
                                                   f"{hex_name(game, found.target)}; the overrunning units must move "
                                                   "into the vacated hex", [found.target])


def check_overrunner(record: PhaseRecord, track: UnitTrack, taking_part: list[Resolution], before: Situation,
                     allowance: movement.Allowance, entries: frozenset[Hex] | None,
                     step_rule: StepRule | None) -> list[Judgement]:
    """PGG 6.51, 6.52, 6.56: the moves of a unit that overran, split at each overrun's die. A unit
    may overrun again when the overrun before emptied its hex (PGG 6.51, 6.54: "more than one
    Overrun in a given Movement Phase"): it enters that hex first, at no cost, and goes on with the
    Movement Points left, each overrun costing three more; from an enemy zone it may not move, but
    may overrun an adjacent hex (PGG 6.56)."""
    game = record.start.game
    name = game.counter(track.key).name
    ordered = sorted(taking_part, key=lambda r: r.overrun.die_step or 0)
    try:
        charge: Fraction | None = Fraction(param(game, "overrun_mp_cost", "PGG 6.51"))
        reason = allowance.explanation
    except CannotCheck as unknown:
        charge, reason = None, unknown.reason
    out: list[Judgement] = []
    spent: Fraction | None = Fraction(0)
    previous: Resolution | None = None
    position = before
    for found in ordered:
        die_step = found.overrun.die_step or 0
        low = previous.overrun.die_step or 0 if previous is not None else -1
        leg = [d.hex for d in track.map_drops if low < d.step < die_step and d.hex is not None]
        if previous is not None:
            if not previous.dislodged:
                return out + [judge(record, Verdict.illegal(cite(game, "PGG 6.52"), (
                    f"{name} overran again ({found.label}) after {previous.label}, which did not empty its hex; "
                    "the overrunning units may not move further in that Movement Phase"), [found.target]),
                    track, last_step=die_step)]
            if not leg or leg[0] != previous.target:
                what = f"moved to {hex_name(game, leg[0])}" if leg else "stayed"
                return out + [judge(record, _no_advance(game, previous, track.key, what), track, last_step=die_step)]
            leg = leg[1:]
            now = found.overrun.before
            assert now is not None
            position, entries = now.moved(track.key, previous.target), None
        cost: Fraction | None = Fraction(0)
        if leg and leg != [position.units[track.key].hex]:
            verdict = pgg_verdict(game, movement.movement_check(position, track.key, leg, allowance, entries=entries,
                                                                step_rule=step_rule))
            if verdict.is_illegal:
                if previous is not None and verdict.case in (cite(game, "PGG 8.13"), cite(game, "PGG 6.22")):
                    verdict = Verdict.illegal(cite(game, "PGG 6.56"), (
                        f"{name} moved on from {hex_name(game, previous.target)} after {previous.label}, which "
                        f"ended in an enemy zone of control (it may only overrun from there): {verdict.message}"),
                        verdict.hexes)
                return out + [judge(record, verdict, track, last_step=die_step)]
            route = getattr(verdict, "route", None)
            cost = route.cost if verdict.is_legal and route is not None else None
        if allowance.mp is None or cost is None or charge is None or spent is None:
            if spent is not None:
                out.append(judge(record, Verdict.unchecked(cite(game, "PGG 6.51"), (
                    f"the Movement Points {name} spent to reach {hex_name(game, found.source)} and overrun "
                    f"({found.label}) were not checked: {reason}")), track, last_step=die_step))
            spent = None
        else:
            before_overrun = spent + cost
            spent = before_overrun + charge
            if spent > allowance.mp:
                return out + [judge(record, Verdict.illegal(cite(game, "PGG 6.51"), (
                    f"{name} spent {mp(before_overrun)} MP to reach {hex_name(game, found.source)}"
                    f"{' (its earlier overruns included)' if previous is not None else ''} and {mp(charge)} "
                    f"MP for {found.label}: {mp(spent)} MP; it has {mp(allowance.mp)} ({allowance.explanation})"),
                    [found.source]), track, last_step=die_step)]
        previous = found
    assert previous is not None
    rest = [d for d in track.map_drops if d.step > (previous.overrun.die_step or 0)]
    return out + _after_die(record, track, previous, rest, allowance, spent)


def _after_die(record: PhaseRecord, track: UnitTrack, found: Resolution, rest: list[Drop],
               allowance: movement.Allowance, spent: Fraction | None) -> list[Judgement]:
    """PGG 6.51, 6.52, 6.56, 9.67: what the overrunner may do once the die is rolled."""
    game = record.start.game
    name = game.counter(track.key).name
    moved = [d for d in rest if d.hex != found.source]
    result = found.attacker_result
    if result is None:
        return []           # the overrun's own "not checked" entry covers these moves
    if result.kind == ELIMINATED or (rest and rest[-1].hex is None):
        return []           # its loss is the result's, judged with it
    if not found.dislodged:
        if not moved:
            return []
        if result.kind not in (NONE, ENGAGED) and rest[-1].hex is not None \
                and game.map.layout.distance(found.source, rest[-1].hex) <= result.number:
            return []       # it may be the retreat its result gives (judged with the result)
        why = ("did not dislodge the defenders" if result.kind == NONE else
               "was engaged" if result.kind == ENGAGED else f"cost it {result.number} (a loss or a retreat)")
        return [judge(record, Verdict.illegal(cite(game, "PGG 6.52"), (
            f"{name} moved on to {moved[-1].location} after {found.label}, which {why}; the overrunning units "
            "may not move further in that Movement Phase"), [h for h in (moved[-1].hex,) if h]), track,
            last_step=moved[0].step)]
    if not rest or rest[0].hex != found.target:
        what = f"moved to {rest[0].location}" if rest else f"stayed in {hex_name(game, found.source)}"
        return [judge(record, _no_advance(game, found, track.key, what), track,
                      last_step=rest[0].step if rest else found.overrun.die_step)]
    onward = [d.hex for d in rest[1:] if d.hex is not None]
    if not onward or all(h == found.target for h in onward) or spent is None:
        return []
    after = found.overrun.after
    assert after is not None and allowance.mp is not None
    position = after.moved(track.key, found.target)
    verdict = pgg_verdict(game, movement.movement_check(position, track.key, onward, movement.Allowance(
        allowance.mp - spent, f"{allowance.explanation}, {mp(spent)} MP spent up to the overrun",
        allowance.in_supply)))
    if verdict.is_legal:
        return []
    if verdict.is_illegal and verdict.case in (cite(game, "PGG 8.13"), cite(game, "PGG 6.22")):
        verdict = Verdict.illegal(cite(game, "PGG 6.56"), f"{name} moved on from {hex_name(game, found.target)} "
                                                          f"after {found.label}, ending it in an enemy zone of "
                                                          f"control: {verdict.message}", verdict.hexes)
    return [judge(record, verdict, track)]


def is_phantom(game: Game, unit: UnitState) -> bool:
    """PGG 12.3: a revealed unit whose values are those removed at the instant of revelation
    (``rules.no_strength_units`` ``removed_on_reveal``, "0-0-6"): it adds nothing."""
    rule = optional_param(game, "no_strength_units", {})
    removed = rule.get("removed_on_reveal") if isinstance(rule, dict) else None
    front = unit.counter.front
    return unit.counter.back_kind == "untried" and not unit.showing_back \
        and removed == f"{front.attack}-{front.defense}-{front.movement}"


def _units(situation: Situation, hex_: Hex, side: str, ours: bool) -> set[str]:
    return {k for k in situation.at(hex_)
            if (situation.units[k].side == side) == ours and situation.unit_type(k).unit_class != MARKER}


def _on_map(situation: Situation, key: str) -> UnitState | None:
    unit = situation.units.get(key)
    return unit if unit is not None and unit.hex is not None else None
