"""Combat strength and odds [AGS 9.0]: the attackers' and defenders' totals with terrain,
divisional integrity, supply, leadership and overrun, in the order the rules give
[AGS 9.32, 12.23], and the Combat Results Table column [AGS 9.4].

>>> combat_odds(situation, ["ger-iii-1-9", "ger-iii-2-9"], defender_hex, supply).column   # doctest: +SKIP
'3-1'
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Face
from vmodgen.engine.model.values import NotApplicable, Number
from vmodgen.engine.piece_properties import UNIT
from vmodgen.engine.rules.record import MarkerPlaced
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.spread_division import DOUBLED, MAYBE, NOT, spread_divisions
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.terrain import Condition, defense_multiplier
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, game_case, hex_name, optional_param, optional_table, param
from vmodgen.engine.rules.zoc import COMMAND_CLASSES



#: A game's own multiplier of one defender's Defense Strength, from what the position alone does not
#: show (Korsun 25.33: a Heavy Equipment marker on top of the unit doubles it): called with the
#: situation and a defending unit's key, it answers the multiplier and the case to show, or None
#: when it changes nothing; it raises CannotCheck when the log cannot tell. Applied with terrain and
#: integrity, before the halving for supply (AGS 12.23).
DefenseModifier = Callable[[Situation, str], "tuple[int, str] | None"]
_DEFENSE_MODIFIERS: list[DefenseModifier] = []


def register_defense_modifier(rule: DefenseModifier) -> None:
    """Let a game's own module multiply a defender's strength (see :data:`DefenseModifier`)."""
    if rule not in _DEFENSE_MODIFIERS:
        _DEFENSE_MODIFIERS.append(rule)


def _defense_modifier(situation: Situation, key: str) -> tuple[int, str]:
    """The product of the registered modifiers for one defender, and their cases (empty: none)."""
    factor, cases = 1, []
    for rule in _DEFENSE_MODIFIERS:
        found = rule(situation, key)
        if found is not None:
            factor *= found[0]
            cases.append(found[1])
    return factor, ", ".join(cases)


@dataclass(frozen=True)
class Strength:
    """A final combat strength and how it was worked out."""

    value: int
    explanation: str


@dataclass(frozen=True)
class Odds:
    """The CRT column an attack is resolved on (empty when it cannot be), both totals, and a
    verdict: legal, illegal (an attack the rules forbid) or unchecked (an input unknown)."""

    column: str
    attack: Strength | None
    defense: Strength | None
    verdict: Verdict


def combat_face(unit: UnitState) -> Face:
    """The face whose values fight: an untried unit is revealed at the instant of combat
    [AGS 13.2], so its front counts."""
    face = unit.counter.front if unit.untried else unit.face
    if face is None:
        raise CannotCheck(f"{unit.counter.name} shows no values")
    return face


def _known(value: Number, what: str, unit: UnitState) -> int:
    if value is None:
        raise CannotCheck(f"the {what} of {unit.counter.name} is not known")
    if isinstance(value, NotApplicable):
        raise CannotCheck(f"{unit.counter.name} prints no {what}")
    return int(value)


def _supplied(supply: Mapping[str, bool | None], key: str, unit: UnitState) -> bool:
    value = supply.get(key)
    if value is None:
        raise CannotCheck(f"the supply of {unit.counter.name} is not known", "AGS 12.23")
    return value


def _known_order(game: Game) -> None:
    """AGS 9.32, 10.32, 12.23: multiply (terrain, integrity) first, then halve; integrity counts
    on top of terrain. That is the only order this checker computes."""
    for name, case in (("multipliers_before_halving", "AGS 9.32"),
                       ("divisional_integrity_combines_with_terrain", "AGS 10.32")):
        if optional_param(game, name, True) is not True:
            raise CannotCheck(f"rules.{name} is not true: this checker knows only the AGS order of computation",
                              case)


def _halve(game: Game, value: Fraction, in_supply: bool) -> Fraction:
    """AGS 12.23: halved after the multipliers, never below one for a unit worth one or more."""
    if in_supply or value == 0:
        return value
    halved = value / int(param(game, "out_of_supply_strength_divisor", "AGS 12.23"))
    return max(halved, Fraction(1)) if value >= 1 else halved


def _leadership(unit: UnitState) -> int:
    return _known(unit.counter.leadership, "Leadership Rating", unit)


def integrity(situation: Situation, keys: Sequence[str], value_of: Callable[[str], int]) -> dict[str, int]:
    """Divisional integrity multipliers of the units stacked in one hex [``game_cases.divisional_integrity``]: two or
    more regiments of one formation are all doubled (with ``rules.divisional_integrity_all_units``:
    only every counter of the formation, of the types ``rules.divisional_integrity_types``); Gross Deutschland is doubled with any
    mechanized regiment, and then one regiment of another division with it (the owner's choice:
    the one worth most by ``value_of``)."""
    game = situation.game
    factor = optional_param(game, "divisional_integrity_multiplier", 1)
    multipliers = {k: 1 for k in keys}
    if factor == 1:
        return multipliers
    whole = optional_param(game, "divisional_integrity_all_units", False)     # Rostov 19.5
    needed = 0 if whole else int(param(game, "divisional_integrity_min_regiments",
                                       game_case(game, "divisional_integrity")))
    types = optional_param(game, "divisional_integrity_types", None)         # Rostov 19.53
    eligible = [k for k in keys if situation.units[k].counter.formation
                and situation.unit_type(k).unit_class not in COMMAND_CLASSES
                and (types is None or situation.units[k].counter.type in types)]
    gd_type = optional_param(game, "gd_integrity_type", None)   # e.g. Gross Deutschland
    gd = [k for k in eligible if situation.units[k].counter.type == gd_type]
    by_formation: dict[str, list[str]] = defaultdict(list)
    for key in eligible:
        if key not in gd:
            by_formation[situation.units[key].counter.formation].append(key)
    if whole:
        # Rostov 19.5, 19.52: every counter of the division is in the hex (none eliminated)
        doubled = {k for name, members in by_formation.items()
                   if len(members) == _formation_size(game, name, types) for k in members}
    else:
        doubled = {k for members in by_formation.values() if len(members) >= needed for k in members}
    if gd and optional_param(game, "gd_integrity_with_any_division", False):
        partners = [k for k in eligible if k not in gd and situation.unit_type(k).unit_class == "mech"]
        if partners:
            doubled.update(gd)
            if not doubled & set(partners):
                doubled.add(max(partners, key=value_of))
    for key in doubled:
        multipliers[key] = int(factor)
    return multipliers


def supported(situation: Situation, keys: Sequence[str], markers: Mapping[str, MarkerPlaced]) -> tuple[dict[str, int], str]:
    """The attack multipliers of units under a support marker [``rules.attack_support_markers``;
    Korsun 24.21: a corps sharing its hex with a Supported marker attacks and overruns at double
    strength, on Game-Turns 1 and 2 only, 24.23], with the case to cite; none in a game without
    the parameter. With more markers on the map than the Game-Turn keeps (``kept``, 24.22: two on
    Game-Turn 2) which are kept is unknown: CannotCheck for a unit under one. The markers are the counters the rule names, followed as the family's markers
    by their ``Unit``; one goes with its unit (24.24), so sharing the hex is being supported.

    >>> from types import SimpleNamespace as NS
    >>> from vmodgen.engine.rules.record import MarkerPlaced
    >>> rule = NS(value={"markers": ["s1"], "types": ["corps"], "multiplier": 2, "last_turn": 2, "case": "Korsun 24.21"})
    >>> game = NS(rules={"attack_support_markers": rule}, id="korsun")
    >>> units = {"c": NS(counter=NS(type="corps"), hex=(1, 1)), "d": NS(counter=NS(type="rifle"), hex=(1, 1))}
    >>> here = {"p": MarkerPlaced(0, "p", "marker", (("Unit", "s1"),), (1, 1))}
    >>> supported(NS(game=game, turn=2, units=units), ["c", "d"], here)[0]
    {'c': 2}
    >>> supported(NS(game=game, turn=3, units=units), ["c", "d"], here)[0]
    {}
    """
    rule = optional_table(situation.game, "attack_support_markers")
    if rule is None or situation.turn > int(rule["last_turn"]):
        return {}, ""
    hexes = [m.hex for m in markers.values() if m.get(UNIT) in rule["markers"] and m.hex is not None]
    found = {k: int(rule["multiplier"]) for k in keys
             if situation.units[k].counter.type in rule["types"] and situation.units[k].hex in hexes}
    kept = rule.get("kept", {}).get(str(situation.turn))
    if found and kept is not None and len(hexes) > int(kept):
        raise CannotCheck(f"{len(hexes)} Supported markers are on the map on Game-Turn {situation.turn}, where "
                          f"{kept} are kept: whether {situation.units[next(iter(found))].counter.name} is still "
                          "supported is not known", cite(situation.game, str(rule["kept_case"])))
    return found, cite(situation.game, str(rule["case"]))


def _spread_division(situation: Situation, defenders: Sequence[str], reading: str) -> dict[str, int]:
    """``rules.divisional_integrity_defense_range`` (Korsun 19.52, 19.53): the multipliers of
    defenders whose division is spread over several hexes within the range, under ``reading``:
    "unknown" doubles what every reading of "between" doubles and raises CannotCheck where the
    readings differ (an overrun, read at one column); "narrow" and "wide" take the reading that
    doubles least and most; "range" doubles every division within the range (what a player who
    reads only the distance does); "none" doubles no spread division."""
    game = situation.game
    factor = int(optional_param(game, "divisional_integrity_multiplier", 1))
    multipliers = {}
    for key, spread in spread_divisions(situation, defenders).items():
        if reading == "unknown" and spread.status == MAYBE:
            raise CannotCheck(f"{situation.units[key].counter.name}: {spread.reason}, so whether it is doubled on "
                              "defense is not known",
                              game_case(game, "divisional_integrity_defense", game_case(game, "divisional_integrity")))
        doubled = {"unknown": spread.status == DOUBLED, "narrow": spread.status == DOUBLED,
                   "wide": spread.status != NOT, "range": True, "none": False}[reading]
        multipliers[key] = factor if doubled else 1
    return multipliers


def column_shift(situation: Situation, attackers: Sequence[str], defender: Hex, column: str) -> tuple[str, str]:
    """The column after a defender's shift in its favour [``rules.defender_integrity_column_shift``,
    ``game_cases.defender_integrity_column_shift``; Korsun 19.56: all three regiments of an
    infantry division in the hex, attacked by the sides named], with a note of why, or the column
    unchanged and no note."""
    game = situation.game
    rule = optional_param(game, "defender_integrity_column_shift", None)
    if not rule or not any(situation.units[k].side in rule["against"] for k in attackers):
        return column, ""
    here = [k for k in situation.at(defender) if situation.units[k].counter.type in rule["types"]
            and situation.units[k].counter.formation]
    by_formation: dict[str, list[str]] = defaultdict(list)
    for key in here:
        by_formation[situation.units[key].counter.formation].append(key)
    whole = [f for f, keys in by_formation.items()
             if len(keys) == int(rule["units"]) == _formation_size(game, f, rule["types"])]
    if not whole:
        return column, ""
    columns = list(game.crt.columns)
    shifted = columns[max(columns.index(column) - int(rule["shift"]), 0)]
    case = game_case(game, "defender_integrity_column_shift")
    return shifted, f"(from {column}: the whole {', '.join(sorted(whole))} in the hex, {case})"


def _formation_size(game: Game, formation: str, types: Sequence[str] | None) -> int:
    """How many counters of the game make up one formation (of the eligible types)."""
    return sum(1 for c in game.counters if c.formation == formation and (types is None or c.type in types))


def attack_strength(situation: Situation, attackers: Sequence[str], supply: Mapping[str, bool | None],
                    *, overrun: bool = False, markers: Mapping[str, MarkerPlaced] | None = None) -> Strength:
    """Total attack strength [AGS 9.0, 9.32]: each unit's attack doubled for integrity, halved
    when out of supply (AGS 12.23), fractions dropped after all; an overrun halves the total
    (AGS 6.0); HQs and leaders add their rating up to the strength of their stack
    (AGS 11.37; leaders and the overrun bonus where the game's rules say so); a unit under a
    support marker (``markers``: the family's markers on the map) doubled first (Korsun 24.21).
    Raises CannotCheck when a value is unknown."""
    game = situation.game
    _known_order(game)
    by_hex: dict[Hex | None, list[str]] = defaultdict(list)
    for key in attackers:
        by_hex[situation.units[key].hex].append(key)
    parts: list[str] = []
    total = Fraction(0)
    printed = 0
    stack_values: dict[Hex | None, Fraction] = {}
    for hex_, keys in by_hex.items():
        fighters = [k for k in keys if situation.unit_type(k).unit_class not in COMMAND_CLASSES]
        faces = {k: _known(combat_face(situation.units[k]).attack, "attack strength", situation.units[k])
                 for k in fighters}
        multipliers = integrity(situation, fighters, lambda k: faces[k])
        support, support_case = supported(situation, fighters, markers or {})
        stack = Fraction(0)
        for key in fighters:
            unit = situation.units[key]
            printed += faces[key]
            value = _halve(game, Fraction(faces[key] * multipliers[key] * support.get(key, 1)),
                           _supplied(supply, key, unit))
            stack += value
            parts.append(f"{unit.counter.name} {_show(value)}"
                         + (f" (supported, {support_case})" if key in support else ""))
        stack_values[hex_] = stack
        total += stack
    if overrun:
        divisor = int(param(game, "overrun_attack_divisor", "AGS 6.0"))
        total = Fraction(math.floor(total / divisor))
        stack_values = {hex_: total for hex_ in stack_values}   # AGS 6.13: overrunners share one hex
        parts.append(f"halved for overrun (AGS 6.0) to {_show(total)}")
    value = math.floor(total)
    for hex_, keys in by_hex.items():
        for key in keys:
            if situation.unit_type(key).unit_class in COMMAND_CLASSES:
                added = _leadership_bonus(situation, key, math.floor(stack_values[hex_]), overrun)
                value += added
                parts.append(f"{situation.units[key].counter.name} +{added}")
    if printed > 0:
        value = max(value, int(param(game, "minimum_strength", "AGS 9.32")))
    return Strength(value, ", ".join(parts))


def _leadership_bonus(situation: Situation, key: str, stack: int, overrun: bool) -> int:
    """AGS 11.37: an HQ (or a leader, where a game has them) adds its rating to the attack of its stack, never
    more than the stack's own strength after supply and other deductions; in an overrun only
    where the game says so (``rules.overrun_leadership_added_unhalved``; AGS 6.17: otherwise nothing)."""
    game = situation.game
    if not optional_param(game, "leadership_adds_to_attack", False):
        return 0
    if overrun and not optional_param(game, "overrun_leadership_added_unhalved", False):
        return 0
    cap_rule = param(game, "leadership_attack_bonus_cap", "AGS 11.37")
    if cap_rule != "stacked_units_strength":
        raise CannotCheck(f"rules.leadership_attack_bonus_cap is {cap_rule!r}: this checker knows only "
                          "'stacked_units_strength'", "AGS 11.37")
    return min(_leadership(situation.units[key]), stack)


def defense_strength(situation: Situation, defender: Hex, attackers: Sequence[Hex],
                     supply: Mapping[str, bool | None], condition: Condition | None = None,
                     spread: str = "unknown") -> Strength:
    """Total defense strength of the units in ``defender`` attacked from ``attackers`` hexes:
    terrain (AGS 10.0), divisional integrity (``game_cases.divisional_integrity``; a division spread
    over hexes read as ``spread`` says, :func:`_spread_division`) and a game's own
    :data:`DefenseModifier`, then supply (AGS 12.23), a
    lone HQ or a leader worth half its rating (``game_cases.hq_defense``), fractions dropped after all."""
    game = situation.game
    _known_order(game)
    keys = [k for k in situation.at(defender) if situation.unit_type(k).unit_class != "marker"]
    if not keys:
        raise CannotCheck(f"no unit defends {hex_name(game, defender)}")
    fighters = [k for k in keys if situation.unit_type(k).unit_class not in COMMAND_CLASSES]
    values: dict[str, int] = {}
    for key in keys:
        unit = situation.units[key]
        if key in fighters:
            values[key] = _known(combat_face(unit).defense, "defense strength", unit)
        else:
            values[key] = _command_defense(situation, key, alone=not fighters)
    multipliers = integrity(situation, fighters, lambda k: values[k])
    multipliers.update(_spread_division(situation, [k for k in fighters if multipliers[k] == 1], spread))
    terrain_by_supply: dict[bool, Any] = {}
    total = Fraction(0)
    parts = []
    printed = 0
    for key in keys:
        unit = situation.units[key]
        in_supply = _supplied(supply, key, unit)
        if in_supply not in terrain_by_supply:
            terrain_by_supply[in_supply] = defense_multiplier(game, defender, attackers, in_supply, condition)
        terrain = terrain_by_supply[in_supply]
        if terrain.prohibited:
            raise CannotCheck(terrain.prohibited, "AGS 10.16")
        printed += values[key]
        own, own_cases = _defense_modifier(situation, key) if key in fighters else (1, "")
        value = _halve(game, Fraction(values[key] * terrain.multiplier * multipliers.get(key, 1) * own), in_supply)
        total += value
        parts.append(f"{unit.counter.name} {_show(value)}" + (f" (x{own}, {own_cases})" if own_cases else ""))
    bonuses = next(iter(terrain_by_supply.values())).bonuses
    if bonuses:
        parts.append(f"terrain: {', '.join(bonuses)}")
    value = math.floor(total)
    if printed > 0:
        value = max(value, int(param(game, "minimum_strength", "AGS 9.32")))
    return Strength(value, ", ".join(parts))


def _command_defense(situation: Situation, key: str, alone: bool) -> int:
    """AGS 11.38, ``game_cases.hq_defense``: an HQ defends with half its rating only when alone; a leader
    adds that half rating to the units it is stacked with."""
    game = situation.game
    unit = situation.units[key]
    unit_class = situation.unit_type(key).unit_class
    adds = optional_param(game, "leader_adds_defense_to_stack" if unit_class == "leader"
                          else "hq_adds_defense_to_stack", False)
    if not alone and not adds:
        return 0
    divisor = int(param(game, "hq_defense_leadership_divisor", game_case(game, "hq_defense", "AGS 11.38")))
    return _leadership(unit) // divisor


def odds_column(game: Game, attack: int, defense: int) -> str:
    """The CRT column, rounded in favour of the defender [AGS 9.4]; below and above the table as
    ``[crt]`` says [AGS 9.5]."""
    kind = crt_setting(game, "kind")
    columns = list(game.crt.columns)
    if kind == "odds":
        value: Fraction | int = Fraction(attack, defense)
        keyed = [(Fraction(int(c.split("-")[0]), int(c.split("-")[1])), c) for c in columns]
    elif kind == "differential":
        value = attack - defense
        keyed = [(int(c), c) for c in columns]
    else:
        raise CannotCheck(f"[crt] kind is {kind!r}: say odds or differential", "AGS 9.4")
    if crt_setting(game, "rounding") != "defender":
        raise CannotCheck("[crt] rounding is not 'defender', the only rounding this checker knows", "AGS 9.4")
    fitting = [(ratio, c) for ratio, c in keyed if ratio <= value]
    if not fitting:
        return str(crt_setting(game, "below_table"))
    if value > max(ratio for ratio, _ in keyed):
        return str(crt_setting(game, "above_table"))
    return max(fitting)[1]


def crt_setting(game: Game, name: str) -> Any:
    """A ``[crt]`` entry of game.toml (written ``{ value = ..., source = ... }`` or plain)."""
    if name not in game.crt_rules:
        raise CannotCheck(f"the [crt] table of game.toml has no {name}", "AGS 9.5")
    entry = game.crt_rules[name]
    return entry["value"] if isinstance(entry, dict) and "value" in entry else entry


def may_attack(situation: Situation, attackers: Sequence[str], tracer: SupplyTracer | None = None) -> Verdict:
    """AGS 9.15, 11.33: on a side whose attacks need HQs (``rules.<side>_attack_needs_hq_line``),
    each attacking combat unit needs a line of communications to a friendly HQ at the instant of
    combat (not for overruns); the HQ itself may be out of supply."""
    game = situation.game
    tracer = tracer or SupplyTracer(situation)
    cut = []
    try:
        for key in attackers:
            unit = situation.units[key]
            if situation.unit_type(key).unit_class in COMMAND_CLASSES:
                continue
            if optional_param(game, f"{unit.side.lower()}_attack_needs_hq_line", False) and \
                    not tracer.hqs_in_communication(key):
                cut.append(unit)
    except CannotCheck as unknown:
        return Verdict.unchecked(cite(game, unknown.case or "AGS 11.33"), unknown.reason)
    if cut:
        names = ", ".join(f"{u.counter.name} in {hex_name(game, u.hex)}" for u in cut)  # type: ignore[arg-type]
        return Verdict.illegal(cite(game, "AGS 11.33"), f"{names}: no line of communications to an HQ, so no attack",
                               [u.hex for u in cut if u.hex is not None])
    return Verdict.legal(cite(game, "AGS 11.33"), "every attacker that needs an HQ is in communication with one")


def combat_odds(situation: Situation, attackers: Sequence[str], defender: Hex,
                supply: Mapping[str, bool | None], *, overrun: bool = False,
                condition: Condition | None = None, markers: Mapping[str, MarkerPlaced] | None = None,
                spread: str = "unknown") -> Odds:
    """Both totals and the CRT column of one attack (or overrun) on ``defender``, under the
    weather ``condition`` when a game's own rule gives one, with the family's ``markers`` on the
    map (a support marker, Korsun 24.21), a spread division read as ``spread`` says (Korsun 19.52)."""
    game = situation.game
    attacker_hexes = sorted({situation.units[k].hex for k in attackers if situation.units[k].hex is not None})
    for hex_ in attacker_hexes:
        if not game.map.layout.adjacent(hex_, defender):
            return Odds("", None, None, Verdict.illegal(cite(game, "AGS 9.11"), f"attackers in {hex_name(game, hex_)} "
                                                        f"are not adjacent to {hex_name(game, defender)}", [hex_]))
    try:
        attack = attack_strength(situation, attackers, supply, overrun=overrun, markers=markers)
        defense = defense_strength(situation, defender, attacker_hexes, supply, condition, spread)
        if attack.value == 0:
            return Odds("", attack, defense, Verdict.legal(game_case(game, "no_strength_attackers"), "the attackers have no strength: "
                                                           "the attack does not take place and they are eliminated"))
        if defense.value == 0:
            return Odds("", attack, defense, Verdict.legal(game_case(game, "no_strength_defenders"), "the defenders have no strength "
                                                           "and are eliminated"))
        column, shifted = column_shift(situation, attackers, defender, odds_column(game, attack.value, defense.value))
    except CannotCheck as unknown:
        if unknown.case == "AGS 10.16":
            return Odds("", None, None, Verdict.illegal(cite(game, "AGS 10.16"), unknown.reason, [defender]))
        return Odds("", None, None, Verdict.unchecked(cite(game, unknown.case or "AGS 9.4"), unknown.reason))
    return Odds(column, attack, defense, Verdict.legal(
        cite(game, "AGS 9.4"), f"{attack.value} to {defense.value} against {hex_name(game, defender)}: column {column} "
                               f"{shifted + ' ' if shifted else ''}(attack: {attack.explanation}; "
                               f"defense: {defense.explanation})", [defender]))


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
