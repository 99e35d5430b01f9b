"""The Panzergruppe Guderian checker on logs the real VASSAL engine wrote
(tests/data/checks/panzergruppe-guderian/<name>.vlog, from <name>.json by make_logs.py; the scripts
are scenarios.py's). Each test says what the checker must find, with PGG's own case.

The oracle cannot name one untried set-up unit (they share the untried side's name), so no script
plays the first Soviet Movement Phase to its end legally: the logs that go on to the German
Player-Turn carry that phase's PGG 5.23 and 7.1 findings (asserted once, in
``test_the_first_soviet_movement_phase_is_judged_at_its_end``), and their tests judge the phases
after it.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report

from tests.games.engine_logs import WRITERS, EngineLogs

LOGS = EngineLogs("panzergruppe-guderian")
module = LOGS.module_fixture()
check = LOGS.check


def after_turn_one(report: Report) -> list[tuple[str | None, str]]:
    """(unit, case) of the findings outside the Soviet Movement Phases."""
    return [(f.unit, f.rule) for f in report.findings if f.phase != "Soviet Movement"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_legal_first_soviet_movement_checks_clean(module: Path, writer: str) -> None:
    # Two leader stacks of the 13th and 20th Armies move east (5.23), two 22nd Army divisions enter
    # untried at V and move, one of X's goes by rail beyond its allowance (6.3). The log stops in
    # the phase, so the end-of-phase rules are reported not checked, not passed.
    report = check(module, "soviet-turn1-legal", writer)
    assert report.findings == []
    assert any(n.rule == "PGG 7.0" and "ends during the Soviet Movement" in n.reason for n in report.not_checked)


@pytest.mark.parametrize("writer", WRITERS)
def test_the_first_soviet_movement_phase_is_judged_at_its_end(module: Path, writer: str) -> None:
    # PGG 5.23: the Kurochkin stack ends in hexrow 0200, the five stacks never moved (15 units)
    # did not move; the Remezov stack moved east and is legal. PGG 7.1: 4015, 2216 and 1414 are
    # still over the limit.
    report = check(module, "soviet-turn1-end", writer)
    assert {f.rule for f in report.findings} == {"PGG 5.23", "PGG 7.1"}
    ended = sorted(f.unit or "" for f in report.findings if "westernmost hexrows" in f.message)
    assert ended == ["", "sov-ldr-kurochkin"]        # the untried armored division is not named
    assert sum("did not move" in f.message for f in report.findings) == 15
    assert not any(f.unit == "sov-ldr-remezov" for f in report.findings)
    stacks = sorted(f.message.split(" in ")[1].split(" ")[0] for f in report.findings if f.rule == "PGG 7.1")
    assert stacks == ["1414", "2216", "4015"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_recycled_unit_brought_on_tried_is_found(module: Path, writer: str) -> None:
    # PGG 12.1, 14.14: a division from the dead pile turned face up there (PGG 12.2: revealed out of
    # combat) and brought on at V showing its strength; the one beside it enters untried.
    report = check(module, "soviet-enters-tried", writer)
    assert sorted((f.unit, f.rule) for f in report.findings) == [("sov-rifle-32", "PGG 12.1"),
                                                                 ("sov-rifle-32", "PGG 12.2")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_reinforcement_put_down_beyond_its_allowance_is_found(module: Path, writer: str) -> None:
    # PGG 6.23, 14.0: it pays for the entrance hex and every hex after it, off the railroad.
    report = check(module, "soviet-reinforcement-too-far", writer)
    assert [f.rule for f in report.findings] == ["PGG 6.23"]
    assert "it has 6" in report.findings[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_german_reinforcement_before_its_turn_is_found(module: Path, writer: str) -> None:
    report = check(module, "german-reinforcement-early", writer)
    assert after_turn_one(report) == [("ger-xx-6-inf", "PGG 14.3")]


@pytest.mark.parametrize("writer", WRITERS)
def test_infantry_moving_in_the_mechanized_phase_is_found(module: Path, writer: str) -> None:
    report = check(module, "german-infantry-in-mech-phase", writer)
    assert after_turn_one(report) == [("ger-xx-6-inf", "PGG 4.2")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_unit_moving_on_in_an_enemy_zone_is_found(module: Path, writer: str) -> None:
    report = check(module, "german-moves-on-in-enemy-zone", writer)
    assert after_turn_one(report) == [("ger-iii-7pz-pz", "PGG 6.22")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_battle_fought_by_the_rules_checks_clean(module: Path, writer: str) -> None:
    # 6th Infantry (9, in supply on entry) against the revealed 0-1-6 and 0-0-6: 9 to 1, 9-1, the
    # die De; the 0-0-6 removed at revelation (12.3), the 0-1-6 eliminated.
    report = check(module, "german-attack-legal", writer)
    assert after_turn_one(report) == []
    assert [(b.odds, b.result, b.verdict) for b in report.battles] == [("9-1", "-/E", "legal")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_result_not_applied_is_found(module: Path, writer: str) -> None:
    report = check(module, "german-attack-result-not-applied", writer)
    assert after_turn_one(report) == [("sov-rifle-87", "PGG 9.64")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_phantom_left_on_the_map_is_found(module: Path, writer: str) -> None:
    report = check(module, "phantom-not-removed", writer)
    assert after_turn_one(report) == [("sov-rifle-83", "PGG 12.3")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_german_infantry_step_loss_by_its_strength_level_marker_checks_clean(module: Path, writer: str) -> None:
    # PGG 9.61: 9-1, die 4: De/A1; #87 eliminated, the 6th Infantry's 9-7 replaced by the 4-7
    # Strength Level Marker in its hex: one step lost, judged (no longer "not checked").
    report = check(module, "german-infantry-steps-down", writer)
    assert after_turn_one(report) == []
    assert [(b.odds, b.result, b.verdict) for b in report.battles] == [("9-1", "1/E", "legal")]
    assert not [n for n in report.not_checked if n.rule == "PGG 9.61"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_german_infantry_step_loss_not_taken_is_found(module: Path, writer: str) -> None:
    # PGG 9.65: the same battle, and no Strength Level Marker put down: the 6th neither lost its
    # step nor retreated.
    report = check(module, "german-infantry-step-not-taken", writer)
    assert after_turn_one(report) == [("ger-xx-6-inf", "PGG 9.65")]
    assert "lost 0 steps" in next(f.message for f in report.findings if f.rule == "PGG 9.65")


@pytest.mark.parametrize("writer", WRITERS)
def test_a_german_infantry_division_attacks_at_its_strength_level(module: Path, writer: str) -> None:
    # PGG 9.61: on Game-Turn 3 the 6th Infantry, under its 4-7 marker, attacks #86 (1-2-6, supply
    # not known: defense 2 or 1): 4 points give 2-1 or 4-1, where die 1 is D2 on both (judged;
    # #86 eliminated). Read at its printed 9 it would be 4-1 or 9-1, D2 or De: not checked.
    report = check(module, "german-infantry-fights-at-its-level", writer)
    assert after_turn_one(report) == []
    assert [(b.odds, b.result, b.verdict) for b in report.battles] == [("9-1", "1/E", "legal"),
                                                                        ("2-1 or 4-1", "-/2", "legal")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_unit_that_retreated_into_a_friendly_hex_falls_with_it(module: Path, writer: str) -> None:
    # PGG 9.75: battle 1, the 6th Infantry against #85 (2-1, die 3: D1/A1): #85 can retreat only
    # into 0504, held by #87 (PGG 9.73, legal); the 6th steps down to its 4-7 marker (PGG 9.61).
    # Battle 2, the 26th against 0504: #85 adds nothing (9 to 1, 9-1; with it, 9 to 5 would be
    # 1-1), die 1: De, #87 and #85 eliminated. #85 attacked a second time: PGG 9.14 not checked.
    report = check(module, "retreated-into-friends-falls", writer)
    assert after_turn_one(report) == []
    assert [(b.number, b.odds, b.defense, b.result) for b in report.battles] == [(1, "2-1", 4, "1/1"),
                                                                                (2, "9-1", 1, "-/E")]
    assert report.battles[0].verdict == "legal"
    assert [n.rule for n in report.not_checked if n.rule in ("PGG 9.14", "PGG 9.75")] == ["PGG 9.14"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_unit_that_retreated_into_a_friendly_hex_and_stays_is_found(module: Path, writer: str) -> None:
    # PGG 9.75: the same battles, #85 left on the map after 0504 suffered De.
    report = check(module, "retreated-into-friends-stays", writer)
    assert after_turn_one(report) == [("sov-rifle-85", "PGG 9.75")]


@pytest.mark.parametrize("writer", WRITERS)
def test_the_first_turn_findings_are_the_same_in_every_log_that_ends_the_phase(module: Path, writer: str) -> None:
    # The German scenarios leave the 13th and 20th Armies where they set up: 20 units that did not
    # move (PGG 5.23), and the three set-up over-stacks (PGG 7.1) on Game-Turn 1 (and Game-Turn 2
    # when the log goes on).
    report = check(module, "german-reinforcement-early", writer)
    turn_one = Counter(f.rule for f in report.findings if f.phase == "Soviet Movement")
    assert turn_one == Counter({"PGG 5.23": 20, "PGG 7.1": 3})


# -- markers and the provisional die (PGG 6.37, 6.6, 13.0, 14.11-14.13) ---------------------------

def in_turn(report: Report, turn: int) -> list[tuple[str | None, str]]:
    """(unit, case) of the findings of one Game-Turn's Soviet Movement Phase, but stacking (the
    set-up over-stacks of PGG 7.1 stay, as the other logs show)."""
    return [(f.unit, f.rule) for f in report.findings
            if f.turn == turn and f.phase == "Soviet Movement" and f.rule != "PGG 7.1"]


@pytest.mark.parametrize("writer", WRITERS)
def test_an_air_interdiction_marker_off_the_march_and_the_provisional_die_check_clean(module: Path,
                                                                                      writer: str) -> None:
    # PGG 5.0, 13.2: the marker put down before any Soviet move; PGG 14.11: the entry die thrown
    # with its own button, its division in the area rolled; a division marches from V for its
    # allowance, the marker beside its path.
    report = check(module, "air-interdiction-legal", writer)
    assert report.findings == []


@pytest.mark.parametrize("writer", WRITERS)
def test_an_air_interdiction_marker_on_the_march_costs_a_movement_point(module: Path, writer: str) -> None:
    # PGG 13.32: the same march with the marker on its second hex is one Movement Point too long.
    report = check(module, "air-interdiction-slows", writer)
    assert [(f.unit, f.rule) for f in report.findings] == [("", "PGG 13.32")]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_provisional_division_in_another_area_than_the_die_named_is_found(module: Path, writer: str) -> None:
    report = check(module, "provisional-wrong-area", writer)
    assert [(f.unit, f.rule) for f in report.findings] == [("", "PGG 14.11")]
    assert "the die (3) named Provisional area 3" in report.findings[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_rail_move_through_a_rail_cut_is_found(module: Path, writer: str) -> None:
    # PGG 6.37: the Rail Cut Marker put on the X railroad in German movement on Game-Turn 1 bars
    # the Game-Turn 2 division's rail move beyond it (too far on foot); the cut itself is legal.
    report = check(module, "rail-cut-bars-rail", writer)
    assert in_turn(report, 2) == [("", "PGG 6.37")]
    assert not [f for f in report.findings if f.turn == 1 and f.phase != "Soviet Movement"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_disrupted_stack_that_stays_checks_clean(module: Path, writer: str) -> None:
    # PGG 6.61: the Disrupted marker goes on the overrun defenders (the overrun itself is reported
    # not checked); PGG 14.13: Game-Turn 2's provisional division is taken.
    report = check(module, "disrupted-stack-stays", writer)
    assert in_turn(report, 2) == []
    assert after_turn_one(report) == []
    assert any(n.rule == "PGG 6.5" and "overrun 1" in n.reason for n in report.not_checked)


@pytest.mark.parametrize("writer", WRITERS)
def test_a_disrupted_stack_that_moves_is_found(module: Path, writer: str) -> None:
    # PGG 6.62: the Kurochkin stack, overrun and under a Disrupted marker, moves on Game-Turn 2:
    # the Leader and the untried division with it.
    report = check(module, "disrupted-stack-moves", writer)
    assert sorted(in_turn(report, 2)) == [("", "PGG 6.62"), ("sov-ldr-kurochkin", "PGG 6.62")]
