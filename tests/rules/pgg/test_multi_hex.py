"""PGG 9.23 on the pgglike fixture: one attack on several hexes, every attacking unit adjacent to
every defending unit; the defenders of all the hexes add up, each hex with its own terrain, and the
result applies to them all."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.pgg.combat_phase import check_combat_phase
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.multi_hex import multi_hex_odds
from vmodgen.engine.rules.pgg.strength import Known
from vmodgen.engine.rules.record import Battle
from vmodgen.engine.rules.situation import Situation
from tests.rules.conftest import h
from tests.rules.pgg.conftest import at, cases, combat

GERMAN = "German Combat"
# The 25/7 Panzer (4) and 6/7 PzGr (2) regiments in 0504, beside the 2 Rifle Division (2-3-6, 3
# to defend) in 0503 and Gen. A (rating 3, its Defense Strength, PGG 10.1) in 0604; the 6th
# Infantry (9) in 0505, beside 0604 and not 0503.
UNITS = {"ger-25-7": "0504", "ger-6-7": "0504", "ger-inf-6": "0505", "sov-r2": "0503", "sov-ldr-a": "0604"}


def _battle(attackers: list[str], before: Situation, after: Situation, die: int) -> Battle:
    return Battle(1, 10, {h(a) for a in attackers}, {h("0503"), h("0604")}, die, 11, before, after)


def test_the_defenders_of_every_hex_add_up(pgg: Game) -> None:
    """6 against 3 + 3: 1-1 [PGG 9.23, 9.4]."""
    here = at(pgg, UNITS, GERMAN, tried=["sov-r2"])
    odds = multi_hex_odds(here, ["ger-25-7", "ger-6-7"], [h("0503"), h("0604")], {k: True for k in here.units},
                          Known())
    assert (odds.column, odds.attack.value, odds.defense.value) == ("1-1", 6, 6)
    assert odds.verdict.is_legal


def test_every_attacker_is_adjacent_to_every_defending_hex(pgg: Game) -> None:
    """PGG 9.23: the 6th Infantry in 0505 is not beside 0503."""
    before = at(pgg, UNITS, GERMAN, tried=["sov-r2"])
    found = cases(check_combat_phase(combat(pgg, before, [_battle(["0504", "0505"], before, before, 1)]), Ledger()))
    assert found == [("illegal", "PGG 9.23")]


def test_a_result_on_several_hexes_applies_to_all_their_units(pgg: Game) -> None:
    """Die 1 at 1-1 is "-/1": the defenders lose one step (the 2 Rifle Division) or all retreat
    a hex; with nothing done it is a finding (PGG 9.65)."""
    before = at(pgg, UNITS, GERMAN, tried=["sov-r2"])
    after = at(pgg, {**UNITS, "sov-r2": None}, GERMAN)
    record = combat(pgg, before, [_battle(["0504"], before, after, 1)])
    judged = check_combat_phase(record, Ledger())
    assert cases(judged) == []
    assert [j.battle.odds for j in judged if j.battle] == ["1-1"]
    unapplied = cases(check_combat_phase(combat(pgg, before, [_battle(["0504"], before, before, 1)]), Ledger()))
    assert unapplied == [("illegal", "PGG 9.65")]
