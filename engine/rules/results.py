"""Combat results [AGS 9.5, 9.6]: reading a CRT cell, and checking that what happened to the
units (steps lost, hexes retreated, eliminations) matches it.

>>> crt_result(game, "3-1", 4).defender                      # doctest: +SKIP
SideResult(kind='number', number=1)
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.combat import crt_setting
from vmodgen.engine.rules.paired_counters import Swap, steps_across
from vmodgen.engine.rules.retreat import RetreatGround
from vmodgen.engine.rules.situation import UnitState
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, game_case, optional_param

NONE, NUMBER, ELIMINATED, ENGAGED = "none", "number", "eliminated", "engaged"


@dataclass(frozen=True)
class SideResult:
    """What one side must do: nothing, lose ``number`` steps or retreat ``number`` hexes (AGS
    9.66), be eliminated (E, AGS 9.65), or lose one step and stay (eng, AGS 9.69)."""

    kind: str
    number: int = 0


@dataclass(frozen=True)
class CombatResult:
    column: str
    die: int
    text: str
    attacker: SideResult
    defender: SideResult


def crt_result(game: Game, column: str, die: int) -> CombatResult:
    """The printed cell for a column and die roll, read as ``[crt] result_order`` says."""
    if die not in game.crt.rows:
        raise CannotCheck(f"the CRT has no row for a die roll of {die}", "AGS 9.5")
    if column not in game.crt.columns:
        raise CannotCheck(f"the CRT has no column {column!r}", "AGS 9.5")
    text = game.crt.result(die, column)
    if text.lower() == "eng":
        return CombatResult(column, die, text, SideResult(ENGAGED, 1), SideResult(ENGAGED, 1))
    if crt_setting(game, "result_order") != "attacker/defender":
        raise CannotCheck("[crt] result_order is not 'attacker/defender'", "AGS 9.5")
    left, _, right = text.partition("/")
    return CombatResult(column, die, text, _side_result(left), _side_result(right))


def _side_result(text: str) -> SideResult:
    if text == "-":
        return SideResult(NONE)
    if text.upper() == "E":
        return SideResult(ELIMINATED)
    if text.isdigit():
        return SideResult(NUMBER, int(text))
    raise CannotCheck(f"the CRT result {text!r} is not one this checker knows", "AGS 9.5")


def steps_left(unit: UnitState | None) -> int:
    """Steps a counter still has: its steps, less one when its reduced back shows (AGS 9.61)."""
    if unit is None:
        return 0
    reduced = unit.showing_back and unit.counter.back_kind == "reduced"
    return unit.counter.steps - (1 if reduced else 0)


def loss_check(game: Game, result: SideResult, before: Mapping[str, UnitState],
               after: Mapping[str, UnitState | None], *,
               replacements: Mapping[str, UnitState] | None = None, ground: RetreatGround | None = None,
               advanced: Iterable[str] = (), _second_steps: int | None = None) -> Verdict:
    """Does what happened to one side's units match its result? ``before``: the units in the
    combat (or overrun) as it began; ``after``: the same keys once the result was applied (None
    or missing: eliminated); ``replacements``: counters brought in to show a lower step (a German
    ``rpl`` division); ``ground``: where the side may retreat (without it, only a
    retreat's length is checked); ``advanced``: units whose move was an advance after combat,
    judged apart (engine.rules.advance)."""
    if _second_steps is None:
        swap = steps_across(game, before, after, replacements or {})
        if swap is not None:
            return _swap_check(game, result, before, after, swap, replacements=replacements, ground=ground,
                               advanced=advanced)
        second = [k for k in before if after.get(k) is None and _has_second_step(game, before[k])]
        if second:
            return _second_step_check(game, result, before, after, second, replacements=replacements,
                                      ground=ground, advanced=advanced)
        _second_steps = 0
    added = replacements or {}
    # A replacement carries on a removed counter one step lower (the rpl division is
    # the third step of a 5-7-7), so that counter had one step more than it printed.
    total = sum(steps_left(u) for u in before.values()) + len(added) + _second_steps
    lost = total - sum(steps_left(after.get(k)) for k in before) - sum(steps_left(u) for u in added.values())
    survivors = {k: after[k] for k in before if after.get(k) is not None}
    eliminated = [k for k in before if after.get(k) is None]
    skip = set(advanced)
    moved = {k: u for k, u in survivors.items() if u is not None and u.hex != before[k].hex and k not in skip}
    names = _names(before)
    seen = f"{names}: lost {lost} step{'s' if lost != 1 else ''}, {len(moved)} retreated, {len(eliminated)} eliminated"
    if _all_no_strength(game, before):
        # game_cases.no_strength_defenders: revealed no-strength units only, all eliminated.
        if not survivors:
            return Verdict.legal(game_case(game, "no_strength_defenders"), f"{names}: all no-strength units, all eliminated")
        return Verdict.illegal(game_case(game, "no_strength_defenders"), f"{seen}; all of them were revealed as no-strength units "
                                                          "and are eliminated")
    if result.kind == NONE:
        if lost == 0 and not moved:
            return Verdict.legal(cite(game, "AGS 9.65"), f"{names}: no effect, no loss and no retreat")
        return Verdict.illegal(cite(game, "AGS 9.65"), f"{seen}; the result was no effect")
    if result.kind == ELIMINATED:
        if not survivors:
            return Verdict.legal(cite(game, "AGS 9.65"), f"{names}: all eliminated")
        return Verdict.illegal(cite(game, "AGS 9.65"), f"{seen}; the result E eliminates every unit")
    if result.kind == ENGAGED:
        if lost == 1 and not moved:
            return Verdict.legal(cite(game, "AGS 9.69"), f"{names}: engaged, one step lost")
        return Verdict.illegal(cite(game, "AGS 9.69"), f"{seen}; engaged means exactly one step lost and no retreat")
    return _number_check(game, result.number, before, survivors, moved, eliminated, (lost, total), names, seen,
                         ground)


def _swap_check(game: Game, result: SideResult, before: Mapping[str, UnitState],
                after: Mapping[str, UnitState | None], swap: Swap, **options: Any) -> Verdict:
    """Korsun 24.11 (``rules.replacement_counters``): the loss counted across a corps's two
    counters; a replacement that is not the corps's own is a finding, and so is a corps counter
    taken off without its rpl counter when the result is met only by forgetting the rpl steps."""
    if swap.wrong is not None:
        return swap.wrong
    if result.kind == ELIMINATED and swap.placed:
        return Verdict.illegal(cite(game, "AGS 9.65"), f"{_names(before)}: the result E eliminates every unit, yet "
                               f"{', '.join(swap.placed)} was put in")
    across = loss_check(game, result, before, after, _second_steps=swap.extra, **options)
    if across.is_legal or not swap.missing:
        return across
    alone = loss_check(game, result, before, after, _second_steps=0, **options)
    if not alone.is_legal:
        return across
    names = ", ".join(before[k].counter.name for k in swap.missing)
    return Verdict.illegal(swap.case, f"{names} taken off with no rpl counter put in its hex: {across.message} (its "
                           "lower two steps are on its rpl counter, which takes its place when its second step is "
                           "lost; counting its counter alone: {alone.message})", across.hexes)


def _has_second_step(game: Game, unit: UnitState) -> bool:
    """A game's own second step (``rules.second_step``, Rostov 19.6): a unit of the side whose
    printed Defense Strength is at least the minimum has one step more than its counter prints."""
    rule = optional_param(game, "second_step", None)
    if not isinstance(rule, dict) or unit.side != rule.get("side"):
        return False
    defense = unit.counter.front.defense
    return isinstance(defense, numbers.Real) and defense >= rule["min_defense"]


def _second_step_check(game: Game, result: SideResult, before: Mapping[str, UnitState],
                       after: Mapping[str, UnitState | None], second: list[str], **options: Any) -> Verdict:
    """Rostov 19.65: eliminating a unit with a second step meets a two-step loss; as a one-step
    loss it is legal only when no replacement was available (19.63), which a log does not show."""
    rule = optional_param(game, "second_step", {})
    if options.get("replacements"):
        return _replaced(game, rule, result, before, after, second, **options)
    two = loss_check(game, result, before, after, _second_steps=len(second), **options)
    if two.is_legal:
        return Verdict.legal(cite(game, rule["case"]), two.message)
    one = loss_check(game, result, before, after, _second_steps=0, **options)
    if one.is_legal:
        names = ", ".join(before[k].counter.name for k in second)
        return Verdict.unchecked(cite(game, rule["no_replacement_case"]), (
            f"{one.message}; {names} had a second step: eliminated for a one-step loss only when no "
            "replacement unit was available, which the log does not show"))
    return two


def _replaced(game: Game, rule: Mapping[str, Any], result: SideResult, before: Mapping[str, UnitState],
              after: Mapping[str, UnitState | None], second: list[str], **options: Any) -> Verdict:
    """Rostov 19.6, 19.62-19.64: a unit with a second step taken off and a counter put in its hex is a
    one-step loss when that counter is of the same type (a rifle brigade for a rifle division,
    19.64) with a Defense Strength of at most ``replacement_max_defense``. Whether it was eliminated
    before (not from the pool, 19.63) is not in a log."""
    removed = [before[k] for k in second]
    for key, unit in sorted(options["replacements"].items()):
        name, defense = unit.counter.name, unit.counter.front.defense
        fits = [u for u in removed if unit.counter.type in (u.counter.type, *rule.get("also_replaces", {})
                                                          .get(u.counter.type, ()))]
        if not fits:
            names = ", ".join(u.counter.name for u in removed)
            return Verdict.illegal(cite(game, rule["replacement_type_case"]), (
                f"{name} took the place of {names} for a step loss, but is not of its type: only a unit of the "
                "same type may be its second step"), [unit.hex] if unit.hex else [])
        if isinstance(defense, numbers.Real) and defense > rule["replacement_max_defense"]:
            return Verdict.illegal(cite(game, rule["replacement_defense_case"]), (
                f"{name} (Defense {defense}) took the place of {fits[0].counter.name} for a step loss: the second "
                f"step is a unit with a Defense Strength of {rule['replacement_max_defense']} or less"),
                [unit.hex] if unit.hex else [])
        removed.remove(fits[0])
    one = loss_check(game, result, before, after, _second_steps=0, **options)
    if one.is_legal:
        return Verdict.legal(cite(game, rule["replaced_case"]), f"{one.message}, its second step put in its place")
    return one


def _number_check(game: Game, number: int, before: Mapping[str, UnitState], survivors: Mapping[str, UnitState | None],
                  moved: Mapping[str, UnitState], eliminated: list[str], losses: tuple[int, int], names: str,
                  seen: str, ground: RetreatGround | None) -> Verdict:
    """AGS 9.66: lose ``number`` steps or retreat all ``number`` hexes, never a mix; a unit
    eliminated in a retreat is one no legal retreat could save (AGS 9.71, 9.74; ``game_cases.retreat_by_enemy``)."""
    layout = game.map.layout
    lost, total = losses      # steps lost, steps the units had (a replacement's included)
    retreat_only = _asterisk_revealed(game, before, survivors)
    plural = "s" if number != 1 else ""
    if not moved and not retreat_only and (lost == number or (lost == total < number)):
        return Verdict.legal(cite(game, "AGS 9.66"), f"{names}: {lost} step{'s' if lost != 1 else ''} lost")
    stayed = [k for k, u in survivors.items() if u is not None and u.hex == before[k].hex]
    reduced = [k for k, u in survivors.items() if steps_left(u) < steps_left(before[k])]
    if not moved and not stayed and lost == total and ground is not None:
        # every unit gone, none retreated: a step loss of more than the result, unless no
        # retreat could have saved them
        for key in eliminated:
            verdict = ground.eliminated_verdict(key, number, steps_left(before[key]))
            if not verdict.is_legal:
                return Verdict(verdict.status, verdict.case, f"{seen}; {verdict.message}", verdict.hexes)
        return Verdict.legal(cite(game, "AGS 9.71"), f"{names}: no legal retreat of {number}, all eliminated")
    if ground is not None and ground.price is not None:
        # Operation Star 19.6: a unit's losses on its retreat through enemy zones are judged with its path
        reduced = [k for k in reduced if k not in moved]
    if not stayed and not reduced and moved:
        for key, unit in moved.items():
            if ground is None:
                if layout.distance(before[key].hex, unit.hex) != number:  # type: ignore[arg-type]
                    return Verdict.illegal(cite(game, "AGS 9.73"), f"{seen}; a retreat of {number} ends {number} "
                                           f"hex{'es' if number != 1 else ''} from where each unit began",
                                           [before[key].hex] if before[key].hex else [])
                continue
            verdict = ground.path_verdict(key, before[key].hex, unit.hex, number,  # type: ignore[arg-type]
                                          steps_left(before[key]) - steps_left(unit))
            if not verdict.is_legal:
                return verdict
        for key in eliminated:
            if ground is not None:
                verdict = ground.eliminated_verdict(key, number, steps_left(before[key]))
                if not verdict.is_legal:
                    return verdict
        note = f", {len(eliminated)} eliminated in the retreat" if eliminated else ""
        if ground is None:
            note += " (retreat paths are not checked)"
        return Verdict.legal(cite(game, "AGS 9.66"), f"{names}: retreated {number} hex{'es' if number != 1 else ''}"
                                                     f"{note}")
    if retreat_only and not moved:
        return Verdict.illegal(game_case(game, "asterisk_revealed"), f"{seen}; an asterisk unit was revealed, so the result "
                                                         f"must be taken as a retreat of {number}")
    if not moved and lost < min(number, total):
        return Verdict.illegal(cite(game, "AGS 9.66"), f"{seen}; the result {number} is {number} step{plural} lost "
                                                       f"or a retreat of {number}: applied short")
    return Verdict.illegal(cite(game, "AGS 9.66"), f"{seen}; the result {number} is {number} step{plural} "
                                                   f"lost or all units retreated {number} "
                                                   f"hex{'es' if number != 1 else ''}, never a mix")


def _asterisk_revealed(game: Game, before: Mapping[str, UnitState], survivors: Mapping[str, UnitState | None]) -> bool:
    """``game_cases.asterisk_revealed``: revealing an asterisk unit takes away the step-loss option."""
    if not optional_param(game, "asterisk_revealed_no_step_loss", False):
        return False
    return any(u.untried and u.counter.asterisk for u in before.values())


def _all_no_strength(game: Game, before: Mapping[str, UnitState]) -> bool:
    if not optional_param(game, "no_strength_eliminated_only_if_all", False) or not before:
        return False
    for unit in before.values():
        if not unit.untried or unit.counter.front.attack != 0 or unit.counter.front.defense != 0:
            return False
    return True


def _names(units: Mapping[str, UnitState]) -> str:
    return ", ".join(u.counter.name for u in units.values())
