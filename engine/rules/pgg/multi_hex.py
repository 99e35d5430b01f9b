"""One attack on several defending hexes [PGG 9.23]: "all attacking units must be adjacent to all
defending units"; the defenders of each hex defend together (PGG 9.21), each hex with its own
terrain (PGG 9.31: a unit *defending in* a terrain has its Defense Strength increased; a river
counts for a hex only when every attacker is across one from it, PGG 9.32), and the odds are the
attack against the sum (PGG 9.4). Single-hex battles are :func:`~vmodgen.engine.rules.pgg.strength.combat_odds`'s.

A unit whose supply is not known is tried both ways, as for one hex: the column is given only when
every way gives the same one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import product

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.combat import Odds, Strength, odds_column
from vmodgen.engine.rules.pgg.strength import Known, SupplyDecides, attack_strength, defense_strength
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_list, hex_name

MARKER = "marker"
MOST_UNKNOWN = 8     # units of unknown supply tried both ways (2**8 guesses), as for one hex


def multi_hex_odds(situation: Situation, attackers: Sequence[str], defender_hexes: Collection[Hex],
                   supply: Mapping[str, bool | None], known: Known, *, excluded: Collection[str] = ()) -> Odds:
    """The odds of one attack on every hex of ``defender_hexes`` [PGG 9.23, 9.4]; illegal when an
    attacking hex is not adjacent to each defending hex."""
    game = situation.game
    layout = game.map.layout
    targets = sorted(defender_hexes)
    attacker_hexes = sorted({situation.units[k].hex for k in attackers if situation.units[k].hex is not None})
    for hex_ in attacker_hexes:
        apart = [t for t in targets if not layout.adjacent(hex_, t)]
        if apart:
            return Odds("", None, None, Verdict.illegal(cite(game, "PGG 9.23"), (
                f"attackers in {hex_name(game, hex_)} are not adjacent to {hex_list(game, apart)}, which the same "
                f"battle attacks ({hex_list(game, targets)}): every attacking unit must be adjacent to every "
                "defending unit"), [hex_]))
    try:
        outcomes, unknown = _outcomes(situation, attackers, targets, supply, known, excluded)
    except CannotCheck as cannot:
        return Odds("", None, None, Verdict.unchecked(cite(game, cannot.case or "PGG 9.4"), cannot.reason))
    column, attack, defense = outcomes[0]
    note = " (the same whatever the unknown supply)" if unknown else ""
    return Odds(column, attack, defense, Verdict.legal(
        cite(game, "PGG 9.23"), f"{attack.value} to {defense.value} against {hex_list(game, targets)}: column "
                                f"{column}{note} (attack: {attack.explanation}; defense: {defense.explanation})",
        targets))


def multi_hex_columns(situation: Situation, attackers: Sequence[str], defender_hexes: Collection[Hex],
                      supply: Mapping[str, bool | None], known: Known, *,
                      excluded: Collection[str] = ()) -> tuple[str, ...]:
    """The CRT columns the attack may be on when only the unknown supply of some units decides it
    [PGG 9.4, 11.31]; empty when something else is unknown or the column is known."""
    try:
        _outcomes(situation, attackers, sorted(defender_hexes), supply, known, excluded)
    except SupplyDecides as decides:
        return decides.columns
    except CannotCheck:
        return ()
    return ()


def _outcomes(situation: Situation, attackers: Sequence[str], targets: list[Hex], supply: Mapping[str, bool | None],
              known: Known, excluded: Collection[str]) -> tuple[list[tuple[str, Strength, Strength]], list[str]]:
    """(column, attack, defense) under every guess of the unknown supply, all on one column, and
    the units whose supply was guessed; raises CannotCheck (SupplyDecides when the guesses give
    several columns)."""
    game = situation.game
    attacker_hexes = sorted({situation.units[k].hex for k in attackers if situation.units[k].hex is not None})
    defenders = [k for t in targets for k in situation.at(t) if situation.unit_type(k).unit_class != MARKER]
    unknown = sorted(k for k in list(attackers) + defenders if supply.get(k) is None)
    if len(unknown) > MOST_UNKNOWN:
        raise CannotCheck(f"the supply of {len(unknown)} units in this combat is not known", "PGG 11.0")
    outcomes: list[tuple[str, Strength, Strength]] = []
    for guess in product((True, False), repeat=len(unknown)):
        assumed = {**{k: bool(v) for k, v in supply.items() if v is not None}, **dict(zip(unknown, guess))}
        attack = attack_strength(situation, attackers, assumed, known)
        parts = [defense_strength(situation, t, attacker_hexes, assumed, known, excluded) for t in targets]
        defense = Strength(sum(p.value for p in parts), "; ".join(
            f"{hex_name(game, t)}: {p.explanation}" for t, p in zip(targets, parts)))
        if attack.value == 0 or defense.value == 0:
            raise CannotCheck(f"{'the attackers' if attack.value == 0 else 'the defenders'} have no strength "
                              f"({attack.explanation}; {defense.explanation})", "PGG 12.3")
        outcomes.append((odds_column(game, attack.value, defense.value), attack, defense))
    columns = {column for column, _, _ in outcomes}
    if len(columns) > 1:
        names = ", ".join(situation.units[k].counter.name for k in unknown)
        raise SupplyDecides(f"the supply of {names} is not known and decides the column "
                            f"({' or '.join(sorted(columns))})", "PGG 11.0", columns)
    return outcomes, unknown
