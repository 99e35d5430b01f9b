"""Combat strengths and odds in Panzergruppe Guderian [PGG 9.0-9.4]: each unit's printed value
(a German unit's one Combat Strength, a Soviet unit's Attack or Defense, an untried unit's true
value at the instant of combat, PGG 12.2), doubled for German divisional integration [PGG 7.3],
multiplied by terrain for the defender [PGG 9.3], halved out of supply [PGG 11.31] but never below
one [PGG 11.32], a Soviet Leader's rating added to the attack of the units stacked directly with it
up to their own strength [PGG 10.36] and counted as its Defense Strength [PGG 10.1], an overrun at
half strength after everything else [PGG 6.55]; the odds rounded in favour of the defender [PGG 9.4].

Where PGG states the rule as Army Group South does, the shared code does the work (the terrain
bonuses a defender has, :func:`~vmodgen.engine.rules.terrain.defense_multiplier`; the CRT column,
:func:`~vmodgen.engine.rules.combat.odds_column`); PGG's own are here: divisional integration needs
*every* unit of the division alone in the hex, terrain multiples add up less one (PGG 9.33), and
a German infantry division fights at the Strength Level its marker shows (PGG 9.61,
:mod:`~vmodgen.engine.rules.pgg.levels`), and its strength is not known when the log does not tell
which marker is its own.

When some unit's supply is not known, the odds are worked out with the attackers and defenders
most and least favoured; the column is known when both give the same one.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.values import NotApplicable, Number
from vmodgen.engine.rules.combat import Odds, Strength, combat_face, odds_column
from vmodgen.engine.rules.pgg.levels import Levels
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.terrain import defense_multiplier
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_name, param

LEADER = "leader"
MARKER = "marker"


@dataclass(frozen=True)
class Known:
    """What the checker knows beyond the position: the Strength Level of each German infantry
    division its markers show (PGG 9.61; a division not in ``levels`` is at full strength unless
    it is ``unknown``, with the reason) and units that may be disrupted (PGG 6.6: they may not
    attack and a disrupted Leader adds nothing)."""

    levels: Levels = Levels()
    disrupted: Collection[str] = frozenset()


def _value(value: Number, what: str, unit: UnitState) -> int:
    if value is None:
        raise CannotCheck(f"the {what} of {unit.counter.name} is not known (see the game's sources)", "PGG 9.4")
    if isinstance(value, NotApplicable):
        raise CannotCheck(f"{unit.counter.name} prints no {what}", "PGG 9.4")
    return int(value)


def _is_leader(situation: Situation, key: str) -> bool:
    return situation.unit_type(key).unit_class == LEADER


def _level_strength(situation: Situation, key: str, known: Known) -> int | None:
    """PGG 9.61: the Combat Strength of a German infantry division at the Strength Level its
    marker shows (None for any other unit, whose face gives it); raises CannotCheck when the level
    is not known."""
    if key in known.levels.unknown:
        raise CannotCheck(known.levels.unknown[key], cite(situation.game, "PGG 9.61"))
    level = known.levels.known.get(key)
    return level.strength if level is not None else None


def integrated(situation: Situation, keys: Sequence[str]) -> set[str]:
    """PGG 7.3: the units of a hex doubled for divisional integration: the hex holds every counter
    of one Panzer or Motorized division (two or more regiments, all of class mech, none eliminated
    or still to come) and no unit of any other division."""
    game = situation.game
    if not keys:
        return set()
    formations = {situation.units[k].counter.formation for k in keys}
    if len(formations) != 1:
        return set()
    formation = next(iter(formations))
    members = [c for c in game.counters if c.formation == formation and c.side == situation.units[keys[0]].side]
    if not formation or len(members) < 2 or any(game.unit_types[c.type].unit_class != "mech" for c in members):
        return set()
    if {c.id for c in members} != set(keys):
        return set()
    return set(keys)


@dataclass(frozen=True)
class _Numbers:
    """The rule numbers the strengths need (``[rules.*]``); CannotCheck names a missing one."""

    divisor: int        # PGG 11.31
    least: int          # PGG 11.32
    integration: int    # PGG 7.3
    overrun: int        # PGG 6.55

    @classmethod
    def of(cls, situation: Situation) -> _Numbers:
        game = situation.game
        return cls(int(param(game, "out_of_supply_strength_divisor", "PGG 11.31")),
                   int(param(game, "minimum_strength", "PGG 11.32")),
                   int(param(game, "divisional_integrity_multiplier", "PGG 7.3")),
                   int(param(game, "overrun_attack_divisor", "PGG 6.55")))


def _halved(value: Fraction, in_supply: bool, numbers: _Numbers) -> Fraction:
    """PGG 11.31, 11.32: halved out of supply, fractions dropped, never below one for a unit worth one
    or more."""
    if in_supply or value == 0:
        return value
    return max(Fraction(math.floor(value / numbers.divisor)), Fraction(numbers.least))


def attack_strength(situation: Situation, attackers: Sequence[str], supply: Mapping[str, bool],
                    known: Known, *, overrun: bool = False) -> Strength:
    """The attackers' total [PGG 9.0, 7.3, 11.31, 10.36, 6.55]; raises CannotCheck."""
    game = situation.game
    numbers = _Numbers.of(situation)
    by_hex: dict[Hex | None, list[str]] = {}
    for key in attackers:
        by_hex.setdefault(situation.units[key].hex, []).append(key)
    total = 0
    parts: list[str] = []
    for hex_, keys in sorted(by_hex.items(), key=lambda item: str(item[0])):
        fighters = [k for k in keys if not _is_leader(situation, k)]
        leaders = [k for k in keys if _is_leader(situation, k)]
        stack_all = [k for k in situation.at(hex_) if situation.unit_type(k).unit_class != MARKER] if hex_ else []
        whole = integrated(situation, stack_all)
        if whole and set(fighters) != whole:
            raise CannotCheck(f"part of an integrated division in {hex_name(game, hex_)} attacks: whether its "
                              "doubling applies is not stated", cite(game, "PGG 7.3"))
        stack = Fraction(0)
        for key in fighters:
            unit = situation.units[key]
            level = _level_strength(situation, key, known)
            value = Fraction(level if level is not None else _value(combat_face(unit).attack, "attack strength", unit))
            if key in whole:
                value *= numbers.integration
            value = _halved(value, supply[key], numbers)
            stack += value
            parts.append(f"{unit.counter.name} {value}")
        stack_value = math.floor(stack)
        if leaders:
            if overrun:
                raise CannotCheck("a Leader takes part in an overrun: whether its rating adds is not stated",
                                  cite(game, "PGG 6.53"))
            if len(leaders) > 1:
                raise CannotCheck(f"{len(leaders)} Leaders attack from {hex_name(game, hex_)}: how their ratings "
                                  "add is not stated", cite(game, "PGG 10.36"))
            leader = situation.units[leaders[0]]
            if leaders[0] in known.disrupted:
                raise CannotCheck(f"{leader.counter.name} may be disrupted (PGG 6.64): whether it adds its rating "
                                  "is not known", cite(game, "PGG 6.64"))
            added = min(_value(leader.counter.leadership, "Leadership Value", leader), stack_value)
            stack_value += added    # PGG 10.36: never more than the stack's own strength
            parts.append(f"{leader.counter.name} +{added}")
        total += stack_value
    if overrun:
        total = total // numbers.overrun   # PGG 6.55
        parts.append(f"halved for overrun to {total}")
    return Strength(total, ", ".join(parts))


def terrain_multiple(situation: Situation, defender: Hex, attacker_hexes: Sequence[Hex]) -> tuple[int, str]:
    """PGG 9.31-9.33: the defender's terrain multiple, the multiples of each bonus added up less
    one apiece (forest attacked across a river: 2 + 2 - 1 = 3); the bonuses themselves (a river
    only when every attacker is across one, PGG 9.32) are the shared terrain rules."""
    game = situation.game
    terrain = defense_multiplier(game, defender, attacker_hexes, True)
    if terrain.prohibited:
        raise CannotCheck(terrain.prohibited, cite(game, "PGG 6.7"))
    multiple = 1
    for name in terrain.bonuses:
        kind = game.terrain.types.get(name.removesuffix(" hexsides"))     # a hexside bonus is "<river> hexsides"
        value = kind.get("defense") if kind is not None else None
        if not isinstance(value, int):
            raise CannotCheck(f"the defense multiple of {name} is not known", cite(game, "PGG 9.33"))
        multiple += value - 1
    return multiple, ", ".join(terrain.bonuses)


def defense_strength(situation: Situation, defender: Hex, attacker_hexes: Sequence[Hex],
                     supply: Mapping[str, bool], known: Known, excluded: Collection[str] = ()) -> Strength:
    """The defenders' total [PGG 9.21, 9.3, 7.3, 10.1, 11.31]; ``excluded``: units that retreated into
    the hex this phase and add nothing (PGG 9.75). Raises CannotCheck."""
    game = situation.game
    numbers = _Numbers.of(situation)
    keys = [k for k in situation.at(defender) if situation.unit_type(k).unit_class != MARKER]
    if not keys:
        raise CannotCheck(f"no unit defends {hex_name(game, defender)}", cite(game, "PGG 9.1"))
    whole = integrated(situation, keys)
    multiple, bonuses = terrain_multiple(situation, defender, attacker_hexes)
    total = Fraction(0)
    parts = []
    for key in keys:
        if key in excluded:
            continue
        unit = situation.units[key]
        if _is_leader(situation, key):
            if param(game, "leader_defense_is_rating", "PGG 10.1") is not True:
                raise CannotCheck("rules.leader_defense_is_rating is not true", "PGG 10.1")
            value = Fraction(_value(unit.counter.leadership, "Leadership Value", unit))     # PGG 10.1 c
        else:
            level = _level_strength(situation, key, known)
            face = combat_face(unit)
            value = Fraction(level if level is not None else _value(
                face.defense if face.defense is not None else face.attack, "defense strength", unit))
        value *= multiple * (numbers.integration if key in whole else 1)
        value = _halved(value, supply[key], numbers)
        total += value
        parts.append(f"{unit.counter.name} {value}")
    if bonuses:
        parts.append(f"terrain x{multiple} ({bonuses})")
    return Strength(math.floor(total), ", ".join(parts))


class SupplyDecides(CannotCheck):
    """The unknown supply of some units decides the CRT column [PGG 11.31]: ``columns`` are those
    it may be, so that a caller can still judge a result the die gives on every one of them."""

    def __init__(self, reason: str, case: str, columns: Collection[str]) -> None:
        super().__init__(reason, case)
        self.columns = tuple(sorted(columns))


def supply_columns(situation: Situation, attackers: Sequence[str], defender: Hex,
                   supply: Mapping[str, bool | None], known: Known, *, overrun: bool = False,
                   excluded: Collection[str] = ()) -> tuple[str, ...]:
    """The CRT columns an attack may be on when only the unknown supply of some units decides it
    [PGG 9.4, 11.31]; empty when something else is unknown (or the column is known)."""
    try:
        _outcomes(situation, attackers, defender, supply, known, overrun, excluded)
    except SupplyDecides as decides:
        return decides.columns
    except CannotCheck:
        return ()
    return ()


def _outcomes(situation: Situation, attackers: Sequence[str], defender: Hex, supply: Mapping[str, bool | None],
              known: Known, overrun: bool, excluded: Collection[str]) -> list[tuple[str, Strength, Strength]]:
    """(column, attack, defense) under every guess of the unknown supply, all on one column;
    raises CannotCheck (SupplyDecides when the guesses give several columns)."""
    attacker_hexes = sorted({situation.units[k].hex for k in attackers if situation.units[k].hex is not None})
    defenders = [k for k in situation.at(defender) if situation.unit_type(k).unit_class != MARKER]
    unknown = sorted(k for k in list(attackers) + defenders if supply.get(k) is None)
    if len(unknown) > 8:
        raise CannotCheck(f"the supply of {len(unknown)} units in this combat is not known", "PGG 11.0")
    outcomes = []
    for guess in product((True, False), repeat=len(unknown)):
        assumed = {**{k: bool(v) for k, v in supply.items() if v is not None}, **dict(zip(unknown, guess))}
        attack = attack_strength(situation, attackers, assumed, known, overrun=overrun)
        defense = defense_strength(situation, defender, attacker_hexes, assumed, known, excluded)
        if attack.value == 0 or defense.value == 0:
            raise CannotCheck(f"{'the attackers' if attack.value == 0 else 'the defenders'} have no strength "
                              f"({attack.explanation}; {defense.explanation})", "PGG 12.3")
        outcomes.append((odds_column(situation.game, attack.value, defense.value), attack, defense))
    columns = {column for column, _, _ in outcomes}
    if len(columns) > 1:
        names = ", ".join(situation.units[k].counter.name for k in unknown)
        raise SupplyDecides(f"the supply of {names} is not known and decides the column "
                            f"({' or '.join(sorted(columns))})", "PGG 11.0", columns)
    return outcomes


def combat_odds(situation: Situation, attackers: Sequence[str], defender: Hex, supply: Mapping[str, bool | None],
                known: Known, *, overrun: bool = False, excluded: Collection[str] = ()) -> Odds:
    """Both totals and the CRT column of one attack (or overrun) on ``defender`` [PGG 9.4]. A unit
    whose supply is not known (None) is tried both ways: the column is given only when every
    way gives the same one."""
    game = situation.game
    attacker_hexes = sorted({situation.units[k].hex for k in attackers if situation.units[k].hex is not None})
    for hex_ in attacker_hexes:
        if not game.map.layout.adjacent(hex_, defender):
            return Odds("", None, None, Verdict.illegal(cite(game, "PGG 9.11"), f"attackers in {hex_name(game, hex_)} "
                                                        f"are not adjacent to {hex_name(game, defender)}", [hex_]))
    defenders = [k for k in situation.at(defender) if situation.unit_type(k).unit_class != MARKER]
    unknown = [k for k in list(attackers) + defenders if supply.get(k) is None]
    try:
        outcomes = _outcomes(situation, attackers, defender, supply, known, overrun, excluded)
    except CannotCheck as cannot:
        return Odds("", None, None, Verdict.unchecked(cite(game, cannot.case or "PGG 9.4"), cannot.reason))
    column, attack, defense = outcomes[0]
    note = " (the same whatever the unknown supply)" if unknown else ""
    return Odds(column, attack, defense, Verdict.legal(
        cite(game, "PGG 9.4"), f"{attack.value} to {defense.value} against {hex_name(game, defender)}: column "
                               f"{column}{note} (attack: {attack.explanation}; defense: {defense.explanation})",
        [defender]))
