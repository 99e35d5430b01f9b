"""Movement [AGS 5.0]: a unit's Movement Allowance this phase, whether it may move in this phase,
and the core of the checker, :func:`movement_check`: does a legal path exist from the unit's
hex through every hex it was dropped in, in order, within its allowance?

>>> allowance = movement_allowance(situation, "sov-xx-32-tank", in_supply=True)     # doctest: +SKIP
>>> movement_check(situation, "sov-xx-32-tank", [hex_a, hex_b], allowance).status   # doctest: +SKIP
'legal'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.values import NotApplicable
from vmodgen.engine.rules.pathfinding import Constraints, MoveContext, Route, StepRule, find_route, hq_zoc_blocks, \
    river_zoc_blocks
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition, without_extra
from vmodgen.engine.rules.verdict import ILLEGAL, LEGAL, UNCHECKED, CannotCheck, Verdict, cite, game_case, hex_list, hex_name, mp, \
    optional_param, param

if TYPE_CHECKING:
    from vmodgen.engine.rules.supply import SupplyState

RELAXABLE = ("zoc_stops", "river_zoc", "hq_zoc", "step_rule", "terrain_rules")
_ALL_RELAXED = Constraints().relaxed(**{rule: False for rule in RELAXABLE})


@dataclass(frozen=True)
class Allowance:
    """Movement Points a unit may spend this phase (``mp`` None when unknown), how they were
    worked out, and the unit's supply at the start of the phase as the allowance assumed it."""

    mp: Fraction | None
    explanation: str
    in_supply: bool | None = None

    @classmethod
    def of(cls, value: Allowance | int | Fraction | float) -> Allowance:
        return value if isinstance(value, Allowance) else cls(Fraction(value), f"{mp(Fraction(value))} MP")


@dataclass(frozen=True)
class MoveVerdict(Verdict):
    """A movement verdict with the cheapest legal route found (when one was) and the allowance."""

    route: Route | None = None
    allowance: Fraction | None = None


def movement_allowance(situation: Situation, key: str, in_supply: bool | None, supply: SupplyState | None = None,
                       *, mud: bool | None = None) -> Allowance:
    """The unit's allowance this phase: the face value, mud (``game_cases.mud``), and halving when out of
    supply at the start of the phase [AGS 5.25, 12.21]. ``in_supply=None`` (not known) gives the
    full allowance, as the benefit of the doubt, and says so. ``supply``, the state that gave
    ``in_supply``, says why a halved unit is out of supply (a director reads the game's case: OS 20.2).
    ``mud`` says whether the Game-Turn is a mud one when a game's own rule reads its weather from the
    log (Korsun 28.0's die); None: ``rules.mud_turns``, the Game-Turn Record Track."""
    game = situation.game
    unit = situation.units[key]
    face = unit.face
    value = face.movement if face is not None else None
    if value is None or isinstance(value, NotApplicable):
        return Allowance(None, f"{unit.counter.name} shows no known Movement Allowance", in_supply)
    allowance = Fraction(value)
    parts = [f"MA {value}"]
    if situation.turn in optional_param(game, "mud_turns", []) if mud is None else mud:
        if unit.counter.type in optional_param(game, "mud_cavalry_types", []):
            allowance = Fraction(int(param(game, "mud_cavalry_movement", game_case(game, "mud"))))
            parts.append(f"{mp(allowance)} MP in mud ({game_case(game, 'mud')})")
        elif (divisor := int(param(game, "mud_movement_divisor", game_case(game, "mud")))) != 1:
            allowance = Fraction(int(allowance // divisor))
            parts.append(f"halved in mud ({game_case(game, 'mud')}): {mp(allowance)}")
    if in_supply is False:
        allowance = Fraction(int(allowance // int(param(game, "out_of_supply_movement_divisor", "AGS 5.25"))))
        why = f" ({supply.case}: {supply.reason})" if supply is not None and supply.in_supply is False else ""
        parts.append(f"halved out of supply (AGS 5.25): {mp(allowance)}{why}")
    elif in_supply is None:
        parts.append("supply not known, full allowance assumed")
    return Allowance(allowance, ", ".join(parts), in_supply)


def may_move_in_phase(situation: Situation, key: str) -> Verdict:
    """Whether the unit may move (by normal movement) in the current phase [AGS 4.2, 5.21]."""
    game = situation.game
    unit = situation.units[key]
    phase = situation.phase
    name = unit.counter.name
    if phase.side != unit.side:
        return Verdict.illegal(cite(game, "AGS 5.21"), f"{name} moved in the {phase.name} phase of the other side",
                               [h for h in (unit.hex,) if h is not None])
    if phase.kind == "movement":
        return Verdict.legal(cite(game, "AGS 4.2"), f"{name} may move in the {phase.name} phase")
    if phase.kind != "mech_movement":
        return Verdict.illegal(cite(game, "AGS 4.2"), f"{name} moved in the {phase.name} phase, which is not a "
                                                      "movement phase")
    try:
        sides = param(game, "mech_phase_sides", "AGS 4.2")
        if unit.side not in sides:
            return Verdict.illegal(game_case(game, "mech_phase_sides", "AGS 4.2"), f"the {unit.side} side has no Mechanized Movement Phase")
        if situation.turn in optional_param(game, "mud_turns", []) and not optional_param(game, "mud_mech_phase", True):
            return Verdict.illegal(game_case(game, "mud"),
                                   f"no Mechanized Movement Phase on mud Game-Turn {situation.turn}")
    except CannotCheck as unknown:
        return Verdict.unchecked(cite(game, unknown.case or "AGS 4.2"), unknown.reason)
    unit_class = situation.unit_type(key).unit_class
    # rules.mech_phase_types: pieces of another class a game moves as mechanized units (Rostov 23.13)
    if unit_class not in optional_param(game, "mech_phase_classes", ()) \
            and unit.counter.type not in optional_param(game, "mech_phase_types", ()):
        return Verdict.illegal(cite(game, "AGS 4.2"), f"{name} is not a mechanized, cavalry or HQ unit and may not "
                                                      "move in the Mechanized Movement Phase")
    return Verdict.legal(cite(game, "AGS 4.2"), f"{name} may move in the {phase.name} phase")


def movement_check(situation: Situation, key: str, drops: Sequence[Hex],
                   allowance: Allowance | int | Fraction, *, entries: frozenset[Hex] | None = None,
                   step_rule: StepRule | None = None, after_overrun: bool = False,
                   condition: Condition | None = None) -> MoveVerdict:
    """Does a legal path exist from the unit's hex through every drop hex, in order, within the
    allowance? ``situation`` is the position just before this unit's move (enemy units as at the
    start of the phase, friendly units as moved so far). For a reinforcement (off the map),
    ``entries`` are the hexes it may enter by. ``step_rule`` adds a restriction on every step
    (Stalin's Directive). A move into an enemy hex or out of an enemy zone is illegal here: only
    a declared overrun explains it, and the phase check splits such a move at the overrun
    (``after_overrun``: the leg that starts in the overrun hex, whose zone does not hold the
    unit, AGS 6.24, 8.23; a game's own rule that lets a unit leave its zone, Rostov 21.0, uses it
    too). ``condition`` is the weather in force for the move, when a game's own rule says it."""
    game = situation.game
    allowance = Allowance.of(allowance)
    unit = situation.units[key]
    name = unit.counter.name
    drops = list(drops)
    if not drops or all(d == unit.hex for d in drops):
        return MoveVerdict(LEGAL, cite(game, "AGS 5.12"), f"{name} did not move", (), None, Fraction(0))
    if unit.hex is None and not entries:
        return MoveVerdict(UNCHECKED, cite(game, "AGS 5.1"), f"{name} was off the map and has no entry hexes to "
                                                             "move from")
    try:
        context = MoveContext.build(situation, key, allowance.mp, entries=frozenset(entries or ()),
                                    step_rule=step_rule, leaves_start_zoc=after_overrun, condition=condition)
        verdict = _check(context, drops, allowance)
        plain = without_extra(condition)
        if plain is not condition and verdict.is_illegal and verdict.case == cite(game, "AGS 5.11"):
            unmarked = _check(MoveContext.build(situation, key, allowance.mp, entries=frozenset(entries or ()),
                                                step_rule=step_rule, leaves_start_zoc=after_overrun, condition=plain),
                              drops, allowance)
            if unmarked.is_legal:   # only the extra cost per hex made it too long: its own case says why
                return dataclasses.replace(verdict, case=cite(game, condition.extra_case))
        if condition is not None and condition.case and verdict.is_illegal and verdict.case == cite(game, "AGS 5.11"):
            clear = _check(MoveContext.build(situation, key, allowance.mp, entries=frozenset(entries or ()),
                                             step_rule=step_rule, leaves_start_zoc=after_overrun), drops, allowance)
            if clear.is_legal:      # the weather made the difference: its own case says why
                verdict = dataclasses.replace(verdict, case=cite(game, condition.case))
        return verdict
    except CannotCheck as unknown:
        return MoveVerdict(UNCHECKED, cite(game, unknown.case or "AGS 5.1"), unknown.reason, tuple(drops))


def zoc_exit_rule(game: Game, side: str) -> str | None:
    """The game's own case that lets ``side`` move out of an enemy zone of control at the start of
    a move (``rules.zoc_exit_unchecked``: disengagement, delay), or None. A move that rule may allow
    is reported as not checked, never as AGS 5.24, until the rule itself is judged: a false alarm
    would accuse an honest player.

    >>> from types import SimpleNamespace
    >>> rule = SimpleNamespace(value={"case": "Rostov 21.0", "sides": ["Soviet"]})
    >>> game = SimpleNamespace(rules={"zoc_exit_unchecked": rule})
    >>> zoc_exit_rule(game, "Soviet"), zoc_exit_rule(game, "Axis")
    ('Rostov 21.0', None)
    """
    rule = optional_param(game, "zoc_exit_unchecked", None)
    if not isinstance(rule, dict) or side not in rule.get("sides", ()):
        return None
    return str(rule.get("case", "AGS 5.24"))


def _check(context: MoveContext, drops: list[Hex], allowance: Allowance) -> MoveVerdict:
    game = context.game
    name = context.situation.units[context.key].counter.name
    start = context.start
    final = drops[-1]
    where = f"from {hex_name(game, start)}" if start is not None else "from the map edge"
    condition = context.condition
    if condition is not None and condition.name:
        where += f" in {condition.name}"     # the weather the game's own rule says
    if condition is not None and condition.extra_hexes:
        where += (f", {mp(condition.extra_mp)} MP more to enter {hex_list(game, sorted(condition.extra_hexes))} "
                  f"({condition.extra_case})")

    def verdict(status: str, case: str, message: str, hexes: Sequence[Hex], route: Route | None = None) -> MoveVerdict:
        return MoveVerdict(status, cite(game, case), message, tuple(hexes), route, allowance.mp)

    def or_overrun(case: str, message: str, hexes: Sequence[Hex]) -> MoveVerdict:
        # AGS 5.23, 5.24, 6.0: only an overrun lets a unit into an enemy hex or on out of an enemy
        # zone, and the log declares none for this move.
        hint = "; no overrun was declared for it" if case in ("AGS 5.22", "AGS 5.23", "AGS 5.24") else ""
        return verdict(ILLEGAL, case, f"{name}: {message}{hint}", hexes)

    enemy_drops = [d for d in drops if d in context.enemy_hexes]
    if enemy_drops:
        return or_overrun("AGS 5.22", f"moved into {hex_name(game, enemy_drops[0])}, which holds enemy units",
                          enemy_drops[:1])
    if start is not None and start in context.enemy_zoc and not context.leaves_start_zoc:
        leave = zoc_exit_rule(game, context.situation.units[context.key].counter.side)
        if leave is not None:
            return verdict(UNCHECKED, leave, f"{name} left the enemy zone of control at {hex_name(game, start)}; "
                                             f"the game lets its side leave one ({leave}), which the checker does not "
                                             "judge yet", [start, final])
        return or_overrun("AGS 5.24", f"started in an enemy zone of control at {hex_name(game, start)} "
                                      f"and may not leave it", [start, final])
    for index, drop in enumerate(drops[:-1]):
        if drop in context.enemy_zoc and any(d != drop for d in drops[index + 1:]):
            later = next(d for d in drops[index + 1:] if d != drop)
            return or_overrun("AGS 5.23", f"entered an enemy zone of control at {hex_name(game, drop)} and had to "
                                          f"stop there, but moved on to {hex_name(game, later)}", [drop, later])
    limit = allowance.mp
    route = find_route(context, drops, Constraints(), limit)
    if route is None and limit is not None:
        route = find_route(context, drops, Constraints())     # to say how many MP it needs
    through = _through(game, route) if route is not None else ""
    if route is not None and limit is None:
        return verdict(UNCHECKED, "AGS 5.11", f"{name} needs {mp(route.cost)} MP to reach {hex_name(game, final)} "
                                              f"{where}{through}; {allowance.explanation}", drops, route)
    if route is not None and limit is not None and route.cost <= limit:
        return verdict(LEGAL, "AGS 5.11", f"{name} reaches {hex_name(game, final)} {where}{through} for "
                                          f"{mp(route.cost)} MP of {mp(limit)}", drops, route)
    blocked = _blocking_rule(context, drops)
    if blocked is not None:
        case, reason, hexes = blocked
        return or_overrun(case, f"no legal route {where} to {hex_name(game, final)}: {reason}", hexes)
    if route is not None and limit is not None:
        return or_overrun("AGS 5.11", f"needs {mp(route.cost)} MP to reach {hex_name(game, final)} {where}{through}; "
                                      f"it has {mp(limit)} ({allowance.explanation})", [final])
    if limit is not None and find_route(context, drops, _ALL_RELAXED) is not None:
        return or_overrun("AGS 5.11", f"no legal route {where} to {hex_name(game, final)} within {mp(limit)} MP",
                          [final])
    return or_overrun("AGS 5.22", f"no route {where} to {hex_name(game, final)}: enemy units or impassable "
                                  "terrain bar every way", [final])


def _blocking_rule(context: MoveContext, drops: list[Hex]) -> tuple[str, str, list[Hex]] | None:
    """No legal route within the allowance: switch rules off one at a time (then all together);
    the first that opens a route within the allowance is the rule that stopped the move."""
    for constraints in [Constraints().relaxed(**{rule: False}) for rule in RELAXABLE] + [_ALL_RELAXED]:
        route = find_route(context, drops, constraints, context.allowance)
        if route is not None:
            return _blocking_reason(context, route, constraints)
    return None


def _blocking_reason(context: MoveContext, route: Route, relaxed: Constraints) -> tuple[str, str, list[Hex]]:
    """The first switched-off rule the relaxed route breaks: its case, in words, and the hexes."""
    game = context.game
    path = route.path
    if not relaxed.zoc_stops:
        stop = next((h for h in path[:-1] if h in context.enemy_zoc), None)
        if stop is not None:
            return ("AGS 5.23", f"every way passes through the enemy zone of control at {hex_name(game, stop)}, "
                                "where it would have to stop", [stop])
    if not relaxed.river_zoc:
        for a, b in zip(path, path[1:]):
            if river_zoc_blocks(context, a, b):
                return ("AGS 10.13", f"it would cross the river {hex_name(game, a)}/{hex_name(game, b)} into a "
                                     "hex in the zone of control of an enemy unit on that river", [a, b])
    if not relaxed.hq_zoc:
        for hex_ in path:
            if hq_zoc_blocks(context, hex_):
                return ("AGS 11.23", f"an HQ may enter the enemy-controlled hex {hex_name(game, hex_)} only where "
                                     "a friendly combat unit already is", [hex_])
    if not relaxed.step_rule and context.step_rule is not None:
        for a, b in zip(path, path[1:]):
            if not context.step_rule.allows(a, b):
                return (context.step_rule.case, f"the step {hex_name(game, a)} to {hex_name(game, b)} breaks "
                                                f"{context.step_rule.description}", [a, b])
    for a, b in zip(path, path[1:]):
        entry = context.cost(a, b)
        if entry.prohibited:
            return (entry.case, entry.reason, [a, b])
    return ("AGS 5.22", "every way is barred", list(path[-1:]))


def _through(game: Game, route: Route) -> str:
    middle = route.path[1:-1]
    return f" through {hex_list(game, middle)}" if middle else ""
