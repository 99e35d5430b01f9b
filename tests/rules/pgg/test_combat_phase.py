"""PGG combat phases judged from hand-made battles: the Leader's radius every Soviet attack needs
[PGG 10.35], one attack each [PGG 9.14], divisional integration and terrain in the odds [PGG 7.3,
9.33], the CRT and results [PGG 9.5, 9.65], the German infantry ladder read from its Strength
Level Markers [PGG 9.61], phantoms removed [PGG 12.3], advances [PGG 6.4, 9.8]."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.piece_properties import STRENGTH_LEVEL
from vmodgen.engine.rules.pgg.combat_phase import _same_result, check_combat_phase
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.strength import Known, combat_odds, supply_columns
from vmodgen.engine.rules.record import MarkerPlaced, PhaseRecord
from vmodgen.engine.rules.situation import Situation
from tests.rules.conftest import h
from tests.rules.pgg.conftest import at, battle, cases, combat

SOVIET, GERMAN = "Soviet Combat", "German Combat"


def judged(record) -> list[tuple[str, str]]:
    return cases(check_combat_phase(record, Ledger()))


def summary(record) -> list[tuple[str, str]]:
    return [(j.battle.odds, j.battle.result) for j in check_combat_phase(record, Ledger()) if j.battle]


def test_a_soviet_attack_needs_a_leaders_radius(pgg: Game) -> None:
    """PGG 10.35: Gen. A (rating 3) is four hexes from 0704: no attack; three hexes: it may."""
    units = {"sov-r1": "0704", "ger-inf-6": "0604", "sov-ldr-a": "1105"}
    before = at(pgg, units, SOVIET, tried=["sov-r1"])
    after = at(pgg, {**units, "ger-inf-6": "0404"}, SOVIET, tried=["sov-r1"])
    assert ("illegal", "PGG 10.35") in judged(combat(pgg, before, [battle(1, ["0704"], "0604", 1, before, after)]))
    near = {**units, "sov-ldr-a": "1005"}
    before = at(pgg, near, SOVIET, tried=["sov-r1"])
    after = at(pgg, {**near, "ger-inf-6": "0404"}, SOVIET, tried=["sov-r1"])
    assert ("illegal", "PGG 10.35") not in judged(combat(pgg, before, [battle(1, ["0704"], "0604", 1, before, after)]))


def test_no_unit_attacks_twice(pgg: Game) -> None:
    """PGG 9.14."""
    here = at(pgg, {"ger-25-7": "0504", "sov-r1": "0604", "sov-r2": "0503", "sov-ldr-a": "1105"}, GERMAN)
    record = combat(pgg, here, [battle(1, ["0504"], "0604", 6, here, here), battle(2, ["0504"], "0503", 6, here, here)])
    assert ("illegal", "PGG 9.14") in judged(record)


def test_a_whole_panzer_division_alone_in_its_hex_is_doubled(pgg: Game) -> None:
    """PGG 7.3: 4 + 2 + 2 = 8, doubled to 16 against a 3-4-6 (4): 4-1; without one regiment 6 to 4."""
    whole = at(pgg, {"ger-25-7": "0404", "ger-6-7": "0404", "ger-7-7": "0404", "sov-r1": "0504"}, GERMAN)
    odds = combat_odds(whole, ["ger-25-7", "ger-6-7", "ger-7-7"], h("0504"), {k: True for k in whole.units}, Known())
    assert (odds.column, odds.attack.value, odds.defense.value) == ("4-1", 16, 4)
    part = at(pgg, {"ger-25-7": "0404", "ger-6-7": "0404", "ger-7-7": None, "sov-r1": "0504"}, GERMAN)
    odds = combat_odds(part, ["ger-25-7", "ger-6-7"], h("0504"), {k: True for k in part.units}, Known())
    assert (odds.column, odds.attack.value) == ("1-1", 6)


def test_terrain_multiples_add_up_less_one(pgg: Game) -> None:
    """PGG 9.33: forest (0909) attacked only across the river (0809): 2 + 2 - 1 = 3."""
    here = at(pgg, {"ger-25-7": "0809", "sov-r1": "0909"}, GERMAN)
    odds = combat_odds(here, ["ger-25-7"], h("0909"), {k: True for k in here.units}, Known())
    assert odds.defense.value == 12 and odds.column == "1-3"


def test_a_leader_adds_its_rating_up_to_the_stacks_strength(pgg: Game) -> None:
    """PGG 10.36: a 3-4-6 with a rating-3 Leader attacks with 6; out of supply 1 + 1 = 2."""
    here = at(pgg, {"sov-r1": "0704", "sov-ldr-a": "0704", "ger-inf-6": "0604"}, SOVIET)
    supplied = combat_odds(here, ["sov-r1", "sov-ldr-a"], h("0604"), {k: True for k in here.units}, Known())
    assert supplied.attack.value == 6
    cut = combat_odds(here, ["sov-r1", "sov-ldr-a"], h("0604"), {"sov-r1": False, "sov-ldr-a": False,
                                                                   "ger-inf-6": True}, Known())
    assert cut.attack.value == 2


def test_unknown_supply_is_worked_out_both_ways(pgg: Game) -> None:
    """PGG 11.0: a German defender whose supply is not known: 6 to 9 or 6 to 4 are different columns."""
    here = at(pgg, {"sov-r1": "0704", "sov-ldr-a": "0704", "ger-inf-6": "0604"}, SOVIET)
    odds = combat_odds(here, ["sov-r1", "sov-ldr-a"], h("0604"), {"sov-r1": True, "sov-ldr-a": True}, Known())
    assert odds.column == "" and odds.verdict.is_unchecked
    columns = supply_columns(here, ["sov-r1", "sov-ldr-a"], h("0604"), {"sov-r1": True, "sov-ldr-a": True}, Known())
    assert len(columns) == 2 and f"({' or '.join(columns)})" in odds.verdict.message


def test_a_die_that_gives_one_result_on_every_column_the_supply_allows_is_judged(pgg: Game) -> None:
    """PGG 9.5, 11.31: 1-1 or 2-1, die 3 gives 1/1 on both; die 1 gives -/1 or -/2, not judged."""
    assert _same_result(pgg, ("1-1", "2-1"), 3).text == "1/1"
    assert _same_result(pgg, ("1-1", "2-1"), 1) is None


def test_a_result_not_applied_is_a_finding(pgg: Game) -> None:
    """PGG 9.65: 4-1 (16 to 4), die 4: D1; the Soviet division neither retreated nor was lost."""
    units = {"ger-25-7": "0404", "ger-6-7": "0404", "ger-7-7": "0404", "sov-r1": "0504", "sov-ldr-a": "0704"}
    before = at(pgg, units, GERMAN)
    after = at(pgg, units, GERMAN, tried=["sov-r1"])
    record = combat(pgg, before, [battle(1, ["0404"], "0504", 4, before, after)])
    assert summary(record) == [("4-1", "-/1")]
    assert ("illegal", "PGG 9.65") in judged(record)
    retreated = at(pgg, {**units, "sov-r1": "0604"}, GERMAN, tried=["sov-r1"])
    assert judged(combat(pgg, before, [battle(1, ["0404"], "0504", 4, before, retreated)])) == []


def _levels(record: PhaseRecord, *placed: tuple[int, str, str]) -> PhaseRecord:
    """Strength Level Markers put down in the record: (step, level, hex); a step of 0 puts one on
    the map as the phase begins."""
    for number, (step, level, where) in enumerate(placed):
        steps = ["9-7", "4-7", "2-7", "1-7"].index(level)
        marker = MarkerPlaced(step, f"level-{number}", STRENGTH_LEVEL, (("Level", level), ("Steps", str(4 - steps))),
                              h(where))
        if step == 0:
            record.markers_at_start[marker.piece] = marker
        else:
            record.marker_moves.append(marker)
    return record


def test_a_german_infantry_step_loss_is_its_next_strength_level_marker(pgg: Game) -> None:
    """PGG 9.61: 1-1, die 1: D1. The 6th Infantry stays in 0604: its 9-7 is replaced by the 4-7
    Strength Level Marker (legal); left as it was, the result is not applied; a 2-7 marker is two
    steps; two markers in the hex do not tell its level (not checked, never a finding)."""
    units = {"sov-r1": "0504", "sov-r6": "0504", "sov-ldr-a": "0504", "ger-inf-6": "0604"}
    before = at(pgg, units, SOVIET, tried=["sov-r1", "sov-r6"])

    def fought(*placed: tuple[int, str, str]) -> list[tuple[str, str]]:
        return judged(_levels(combat(pgg, before, [battle(1, ["0504"], "0604", 1, before, before)]), *placed))
    assert summary(combat(pgg, before, [battle(1, ["0504"], "0604", 1, before, before)])) == [("1-1", "-/1")]
    assert fought() == [("illegal", "PGG 9.65")]
    assert fought((15, "4-7", "0604")) == []
    assert fought((15, "2-7", "0604")) == [("illegal", "PGG 9.65")]
    assert fought((15, "4-7", "0604"), (16, "2-7", "0604")) == [("unchecked", "PGG 9.61")]


def test_a_german_infantry_division_fights_at_its_strength_level(pgg: Game) -> None:
    """PGG 9.61: under a 4-7 marker the 6th Infantry defends with 4, not 9; parted from its marker
    after the checker read it below full strength, its strength is not known (not checked)."""
    units = {"sov-r1": "0504", "sov-r6": "0504", "sov-ldr-a": "0504", "ger-inf-6": "0604"}
    before = at(pgg, units, SOVIET, tried=["sov-r1", "sov-r6"])
    gone = at(pgg, {**units, "ger-inf-6": None}, SOVIET, tried=["sov-r1", "sov-r6"])
    full = [(j.battle.odds, j.battle.attack, j.battle.defense) for j in check_combat_phase(
        combat(pgg, before, [battle(1, ["0504"], "0604", 6, before, gone)]), Ledger()) if j.battle]
    found = check_combat_phase(_levels(combat(pgg, before, [battle(1, ["0504"], "0604", 6, before, gone)]),
                                       (0, "4-7", "0604")), Ledger())
    stepped = [(j.battle.odds, j.battle.attack, j.battle.defense) for j in found if j.battle]
    assert full[0][2] == 9 and stepped[0][2] == 4 and stepped[0][1] == full[0][1]
    ledger = Ledger(levels={"ger-inf-6": 3})
    parted = check_combat_phase(combat(pgg, before, [battle(1, ["0504"], "0604", 6, before, gone)]), ledger)
    assert cases(parted) == [("unchecked", "PGG 9.61")]


def test_a_revealed_phantom_is_removed(pgg: Game) -> None:
    """PGG 12.3: a 0-0-6 revealed in combat leaves the map at once."""
    units = {"ger-25-7": "0404", "ger-6-7": "0404", "ger-7-7": "0404", "sov-r3": "0504", "sov-r1": "0504",
             "sov-ldr-a": "0704"}
    before = at(pgg, units, GERMAN)
    stays = at(pgg, {**units, "sov-r1": "0604", "sov-r3": "0504"}, GERMAN, tried=["sov-r1", "sov-r3"])
    assert ("illegal", "PGG 12.3") in judged(combat(pgg, before, [battle(1, ["0404"], "0504", 4, before, stays)]))
    gone = at(pgg, {**units, "sov-r1": "0604", "sov-r3": None}, GERMAN, tried=["sov-r1", "sov-r3"])
    assert judged(combat(pgg, before, [battle(1, ["0404"], "0504", 4, before, gone)])) == []


def test_no_soviet_advance_into_the_westernmost_hexrows_before_turn_seven(pgg: Game) -> None:
    """PGG 6.4: Soviet units may attack into hexrows 0100-0200 but not advance into them."""
    units = {"sov-r6": "0304", "sov-r1": "0304", "sov-ldr-a": "0304", "ger-cav-1": "0204"}
    before = at(pgg, units, SOVIET, turn=3, tried=["sov-r6", "sov-r1"])
    after = at(pgg, {**units, "ger-cav-1": None, "sov-r6": "0204"}, SOVIET, turn=3, tried=["sov-r6", "sov-r1"])
    found = judged(combat(pgg, before, [battle(1, ["0304"], "0204", 1, before, after)]))
    assert ("illegal", "PGG 6.4") in found


def test_a_unit_that_retreated_into_a_friendly_hex_adds_nothing_and_falls_with_it(pgg: Game) -> None:
    """PGG 9.75: 1 Rifle retreats from 0504 into 0604, where 2 Rifle stands (battle 1, 2-1, die 2:
    D1; on this small map a vacant hex was open, so battle 1 is a PGG 9.73 finding, left aside);
    battle 2 attacks 0604: 1 Rifle adds nothing to its defense (the same as 2 Rifle alone) and is
    eliminated by the result the hex suffers; left on the map, a finding. Having been attacked in
    battle 1, it makes PGG 9.14 not checked (9.75 lets its hex be attacked), never a finding."""
    units = {"ger-25-7": "0404", "ger-inf-6": "0704", "sov-r1": "0504", "sov-r2": "0604", "sov-ldr-a": "1005"}
    tried = ["sov-r1", "sov-r2"]
    before = at(pgg, units, GERMAN, tried=tried)
    retreated = at(pgg, {**units, "sov-r1": "0604"}, GERMAN, tried=tried)
    alone = at(pgg, {**units, "sov-r1": None}, GERMAN, tried=tried)

    def second(die: int, after: Situation, start: Situation = retreated) -> list:
        first = battle(1, ["0404"], "0504", 2, before, start)
        found = check_combat_phase(combat(pgg, before, [first, battle(2, ["0704"], "0604", die, start, after)]),
                                   Ledger())
        return [j for j in found if j.step == 21]
    assert ("illegal", "PGG 9.73") in judged(combat(pgg, before, [battle(1, ["0404"], "0504", 2, before, retreated)]))
    odds = [(j.battle.odds, j.battle.defense) for j in second(1, retreated) if j.battle]
    assert odds == [(j.battle.odds, j.battle.defense) for j in second(1, alone, alone) if j.battle]
    die = next(d for d in sorted(pgg.crt.rows) if pgg.crt.result(d, odds[0][0]) == "-/1")
    both_gone = at(pgg, {**units, "sov-r1": None, "sov-r2": None}, GERMAN, tried=tried)
    assert cases(second(die, both_gone)) == [("unchecked", "PGG 9.14")]
    stays = at(pgg, {**units, "sov-r1": "0604", "sov-r2": None}, GERMAN, tried=tried)
    assert cases(second(die, stays)) == [("unchecked", "PGG 9.14"), ("illegal", "PGG 9.75")]


def test_a_unit_that_retreated_in_an_earlier_combat_phase_makes_the_battle_not_checked(pgg: Game) -> None:
    """PGG 9.75: 1 Rifle retreated into 0604 in this Game-Turn's Soviet Combat Phase (the ledger
    says so); a German attack on 0604 is not checked (whether 9.75 still holds is not said), not
    judged as if 1 Rifle defended at full strength; on another Game-Turn it is judged."""
    units = {"ger-inf-6": "0704", "sov-r1": "0604", "sov-r2": "0604", "sov-ldr-a": "1005"}
    tried = ["sov-r1", "sov-r2"]
    before = at(pgg, units, GERMAN, tried=tried)
    record = combat(pgg, before, [battle(1, ["0704"], "0604", 1, before, before)])
    assert cases(check_combat_phase(record, Ledger(retreated={"sov-r1": (3, h("0604"))}))) == \
        [("unchecked", "PGG 9.75")]
    last_turn = Ledger(retreated={"sov-r1": (2, h("0604"))})
    assert ("unchecked", "PGG 9.75") not in cases(check_combat_phase(record, last_turn))


def test_a_strength_level_marker_left_by_an_eliminated_division_is_no_others(pgg: Game) -> None:
    """PGG 9.61: the 2-7 marker of a division eliminated in 0604 (given to it in an earlier
    reading) stays on the map; the 6th Infantry, standing there now, is not taken to be at 2-7."""
    units = {"sov-r1": "0504", "sov-r6": "0504", "sov-ldr-a": "0504", "ger-inf-6": "0604"}
    before = at(pgg, units, SOVIET, tried=["sov-r1", "sov-r6"])
    gone = at(pgg, {**units, "ger-inf-6": None}, SOVIET, tried=["sov-r1", "sov-r6"])

    def defense(ledger: Ledger) -> list:
        record = _levels(combat(pgg, before, [battle(1, ["0504"], "0604", 6, before, gone)]), (0, "2-7", "0604"))
        return [j.battle.defense for j in check_combat_phase(record, ledger) if j.battle]
    assert defense(Ledger()) == [2]
    assert defense(Ledger(level_markers={"level-0": "ger-inf-5"})) == [9]


def test_a_0_1_6_committed_to_an_attack_must_retreat(pgg: Game) -> None:
    """PGG 12.3, 10.23: 4 Rifle Div (0-1-6), untried as the Soviet Combat Phase began, attacks with
    6 Rifle Div and is revealed: it must leave its hex as a Leader retreats; staying is a finding.
    Already revealed before the phase, it may have stayed out of the attack (PGG 9.22): no finding."""
    units = {"sov-r6": "0304", "sov-r4": "0304", "sov-ldr-a": "0304", "ger-cav-1": "0404"}
    start = at(pgg, units, SOVIET, turn=8, tried=["sov-r6"])
    before = at(pgg, units, SOVIET, turn=8, tried=["sov-r6", "sov-r4"])
    stays = before
    found = judged(combat(pgg, start, [battle(1, ["0304"], "0404", 6, before, stays)]))
    assert ("illegal", "PGG 12.3") in found
    back = at(pgg, {**units, "sov-r4": "0204"}, SOVIET, turn=8, tried=["sov-r6", "sov-r4"])
    assert ("illegal", "PGG 12.3") not in judged(combat(pgg, start, [battle(1, ["0304"], "0404", 6, before, back)]))
    assert ("illegal", "PGG 12.3") not in judged(combat(pgg, before, [battle(1, ["0304"], "0404", 6, before, stays)]))
