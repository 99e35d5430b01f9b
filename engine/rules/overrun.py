"""Overrun [AGS 6.0-6.2]: an attack made during movement, declared in a log by two
``Overrun n`` markers (one on the overrunning stack, one on the hex it overruns) and a die roll.

This module judges one declared overrun as the book resolves it: who may overrun (the classes of
``rules.overrun_classes``, for both sides or per side, ``game_cases.overrun_classes``; in supply at the start of the phase, AGS 6.12; one stack
that began the phase together, 6.13; against one adjacent hex, 6.0, 6.14; never across a
hexside whose terrain forbids it, 10.13), the odds with the attack halved
(``rules.overrun_attack_divisor``), the Combat Results Table, and what was done to both sides.
What the overrunning units may do next, its Movement Point cost (three, 6.16), the forced advance
(6.24) and the stop after a failure (6.22, 6.23), is told by :class:`Outcome` to the movement
check, which alone knows each unit's drops.

>>> outcome = resolve(phase_start, overrun, "German")          # doctest: +SKIP
>>> outcome.dislodged, outcome.attacker_result.kind            # doctest: +SKIP
(True, 'none')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.combat import combat_odds
from vmodgen.engine.rules.record import MarkerPlaced, Overrun
from vmodgen.engine.rules.results import NONE, SideResult, crt_result, loss_check
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, game_case, hex_name, param
from vmodgen.engine.rules.zoc import COMMAND_CLASSES, NON_COMBAT_CLASSES


@dataclass(frozen=True)
class Parties:
    """Who overran whom: the phasing stack's hex and units, the overrun hex and its units."""

    source: Hex
    target: Hex
    attackers: tuple[str, ...]       # every phasing unit under the marker (HQs too, AGS 6.17)
    defenders: tuple[str, ...]


@dataclass
class Outcome:
    """What one overrun came to: ``verdicts`` (unit key or None, verdict) to report; the result;
    ``dislodged``: every defender left the hex with no loss or retreat for the overrunners, so
    they must advance into it (AGS 6.24); ``cost``: Movement Points an overrun spends;
    ``defender_result``: the defenders' CRT result, once the odds were known (disruption, AGS 6.31)."""

    overrun: Overrun
    parties: Parties | None
    verdicts: list[tuple[str | None, Verdict]] = field(default_factory=list)
    attacker_result: SideResult | None = None
    defender_result: SideResult | None = None
    dislodged: bool = False
    cost: Fraction = Fraction(0)

    @property
    def resolved(self) -> bool:
        return self.parties is not None and self.attacker_result is not None

    def takes_part(self, key: str) -> bool:
        return self.parties is not None and key in self.parties.attackers

    def defends(self, key: str) -> bool:
        return self.parties is not None and key in self.parties.defenders


def parties(overrun: Overrun, side: str) -> Parties | Verdict:
    """The overrunning stack and the overrun hex, told by whose units are under the markers."""
    before = overrun.before
    assert before is not None
    game = before.game
    own = sorted(h for h in overrun.hexes if any(before.units[k].side == side for k in before.at(h)))
    enemy = sorted(h for h in overrun.hexes if any(before.units[k].side != side for k in before.at(h)))
    where = ", ".join(hex_name(game, h) for h in sorted(overrun.hexes))
    if len(own) != 1 or len(enemy) != 1:
        return Verdict.unchecked(cite(game, "AGS 6.14"), f"overrun {overrun.number}: its markers are on {where}; one "
                                 f"must be on the overrunning {side} stack and one on the enemy hex it overruns")
    attackers = tuple(k for k in before.at(own[0]) if before.units[k].side == side)
    defenders = tuple(k for k in before.at(enemy[0]) if before.units[k].side != side)
    return Parties(own[0], enemy[0], attackers, defenders)


def resolve(start: Situation, overrun: Overrun, side: str,
            condition_of: Callable[[Hex], Condition | None] | None = None,
            markers: Mapping[str, MarkerPlaced] | None = None) -> Outcome:
    """Judge a rolled overrun: eligibility, odds, result and what happened to the defenders.
    ``start`` is the position at the start of the Movement Phase (supply, AGS 6.12; stacks, 6.13);
    ``condition_of`` the weather a game's own rule gives for units in a hex (the overrunners');
    ``markers`` the family's markers on the map as the overrun is declared, for a game whose
    supply reads one (Rostov 23.2)."""
    game = start.game
    found = parties(overrun, side)
    if isinstance(found, Verdict):
        return Outcome(overrun, None, [(None, found)])
    outcome = Outcome(overrun, found)
    try:
        outcome.cost = Fraction(param(game, "overrun_mp_cost", "AGS 6.0"))
    except CannotCheck as unknown:
        outcome.verdicts.append((None, Verdict.unchecked(cite(game, unknown.case), unknown.reason)))
        return outcome
    outcome.verdicts += _eligibility(SupplyTracer(start, markers), overrun, found)
    _result(game, overrun, found, outcome, condition_of(found.source) if condition_of is not None else None, markers)
    return outcome


def _eligibility(tracer: SupplyTracer, overrun: Overrun, who: Parties) -> list[tuple[str | None, Verdict]]:
    """Who may overrun what, with the supply ``tracer`` of the start of the phase (AGS 6.12)."""
    start = tracer.situation
    before = overrun.before
    assert before is not None
    game = start.game
    found: list[tuple[str | None, Verdict]] = []
    source, target = hex_name(game, who.source), hex_name(game, who.target)
    if not game.map.layout.adjacent(who.source, who.target):
        found.append((None, Verdict.illegal(cite(game, "AGS 6.0"), f"overrun {overrun.number}: the stack in {source} "
                                            f"is not adjacent to {target}", [who.source, who.target])))
    for feature in game.map.features(who.source, who.target):
        if game.terrain.types[feature].get("overrun_across") is False:
            found.append((None, Verdict.illegal(cite(game, "AGS 10.13"), f"overrun {overrun.number}: {source} to "
                                                f"{target} crosses a {feature.replace('_', ' ')} hexside, across which "
                                                "no overrun is permitted", [who.source, who.target])))
    fighters = [k for k in who.attackers if before.unit_type(k).unit_class not in NON_COMBAT_CLASSES]
    for key in fighters:
        name = before.units[key].counter.name
        unit_class = before.unit_type(key).unit_class
        side = before.units[key].side
        try:
            classes = overrun_classes(game, side)
        except CannotCheck as unknown:
            found.append((key, Verdict.unchecked(cite(game, unknown.case), f"whether {name} may overrun "
                                                 f"(overrun {overrun.number}) was not checked: {unknown.reason}")))
            classes = None
        if classes is not None and unit_class not in classes:
            found.append((key, Verdict.illegal(game_case(game, "overrun_classes", "AGS 6.0"), f"{name} overran {target} in overrun "
                                               f"{overrun.number}; only {side} {' and '.join(classes)} units may overrun",
                                               [who.source])))
        if key in start.units and start.units[key].hex is not None:
            supplied = tracer.state(key).in_supply
            if supplied is False and param(game, "overrun_requires_supply", "AGS 6.12"):
                found.append((key, Verdict.illegal(cite(game, "AGS 6.12"), f"{name} overran {target} in overrun "
                                                   f"{overrun.number} although it was out of supply at the start "
                                                   "of the Movement Phase", [who.source])))
            elif supplied is None:
                found.append((key, Verdict.unchecked(cite(game, "AGS 6.12"), f"the supply of {name} at the start "
                                                     f"of the phase is not known: overrun {overrun.number} was "
                                                     "checked as if it were in supply")))
    began = {start.units[k].hex if k in start.units else None for k in fighters}
    if len(began) > 1:
        found.append((None, Verdict.illegal(cite(game, "AGS 6.13"), f"overrun {overrun.number}: the units in {source} "
                                            "did not begin the Movement Phase stacked together, and only such units "
                                            "may overrun together", [who.source])))
    return found


def overrun_classes(game: Game, side: str) -> list[str]:
    """The unit classes of ``side`` that may overrun (``rules.overrun_classes``): one list for
    both sides (AGS 6.0: any combat unit; Kiev 19.41: mechanized only), or one per side (Korsun
    19.4: Soviet mechanized only, German any).

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(rules={"overrun_classes": SimpleNamespace(
    ...     value={"Soviet": ["mech"], "German": ["mech", "non_mech"]})})
    >>> overrun_classes(game, "Soviet"), overrun_classes(game, "German")
    (['mech'], ['mech', 'non_mech'])
    """
    classes = param(game, "overrun_classes", "AGS 6.0")
    if not isinstance(classes, dict):
        return list(classes)
    if side not in classes:
        raise CannotCheck(f"rules.overrun_classes names no classes for {side}",
                          game_case(game, "overrun_classes", "AGS 6.0"))
    return list(classes[side])


def _result(game: Game, overrun: Overrun, who: Parties, outcome: Outcome, condition: Condition | None,
            markers: Mapping[str, MarkerPlaced] | None = None) -> None:
    """Odds with the attack halved [AGS 6.0] (after a support marker's doubling, Korsun 24.21), the
    CRT cell, and both sides' results checked."""
    before, after = overrun.before, overrun.after
    assert before is not None and after is not None and overrun.die is not None
    fighters = [k for k in who.attackers if before.unit_type(k).unit_class not in COMMAND_CLASSES]
    tracer = SupplyTracer(before)      # AGS 6.21: the defenders' supply at the instant of resolution
    supply = {k: tracer.state(k).in_supply for k in who.defenders}
    supply |= {k: True for k in who.attackers}   # AGS 6.12: overrunners are in supply (checked above)
    odds = combat_odds(before, list(who.attackers), who.target, supply, overrun=True, condition=condition,
                       markers=markers)
    label = f"overrun {overrun.number} on {hex_name(game, who.target)}"
    if not odds.verdict.is_legal or not odds.column:
        status = odds.verdict if not odds.verdict.is_legal else Verdict.unchecked(
            odds.verdict.case, f"{label}: {odds.verdict.message}; what was then done to the units was not checked")
        outcome.verdicts.append((None, status))
        return
    try:
        result = crt_result(game, odds.column, overrun.die)
    except CannotCheck as unknown:
        outcome.verdicts.append((None, Verdict.unchecked(cite(game, unknown.case or "AGS 9.5"), unknown.reason)))
        return
    context = f"{label} at {odds.column}, die {overrun.die}: {result.text} ({odds.verdict.message})"
    defenders = {k: before.units[k] for k in who.defenders}
    survivors = {k: _on_map(after, k) for k in who.defenders}
    verdict = loss_check(game, result.defender, defenders, survivors)
    if not verdict.is_legal:
        outcome.verdicts.append((who.defenders[0], Verdict(verdict.status, verdict.case,
                                                           f"defenders of {context}: {verdict.message}",
                                                           verdict.hexes)))
    outcome.attacker_result = result.attacker
    outcome.defender_result = result.defender
    left = all(u is None or u.hex != who.target for u in survivors.values())
    outcome.dislodged = left and result.attacker.kind == NONE
    attackers = {k: before.units[k] for k in fighters}
    kept = {k: _steps_only(before, after, k) for k in fighters}
    if result.attacker.kind == NONE:
        verdict = loss_check(game, result.attacker, attackers, kept)
        if not verdict.is_legal:
            outcome.verdicts.append((fighters[0], Verdict(verdict.status, verdict.case,
                                                          f"overrunning units of {context}: {verdict.message}",
                                                          verdict.hexes)))


def attacker_loss_check(outcome: Outcome, keys: list[str], retreat_to: dict[str, Hex | None]) -> Verdict:
    """The overrunners' own loss or retreat (AGS 6.23), given where each ended its move after the
    die (``retreat_to``; None: it did not move). Only for a resolved overrun."""
    overrun = outcome.overrun
    before, after = overrun.before, overrun.after
    assert before is not None and after is not None and outcome.attacker_result is not None
    units = {k: before.units[k] for k in keys}
    ended: dict[str, UnitState | None] = {}
    for key in keys:
        now = _steps_only(before, after, key)
        ended[key] = None if now is None else UnitState(now.counter, retreat_to.get(key) or now.hex, now.showing_back)
    return loss_check(before.game, outcome.attacker_result, units, ended)


def _on_map(situation: Situation, key: str) -> UnitState | None:
    unit = situation.units.get(key)
    return unit if unit is not None and unit.hex is not None else None


def _steps_only(before: Situation, after: Situation, key: str) -> UnitState | None:
    """The unit as the result left it, in the hex it overran from: the overrunners move on
    afterwards, and that movement is not the result."""
    now = _on_map(after, key)
    if now is None:
        return None
    return UnitState(now.counter, before.units[key].hex, now.showing_back)
