"""PGG 9.23, 10.4 and 14.12 on logs the real VASSAL engine wrote (3.6 in
tests/data/checks/panzergruppe-guderian/, 3.7 in its ``3.7/``; scripts from scenarios.py's
``_two_hex_attack``, ``_surround_kurochkin`` and ``_provisional_blocked``). The first Soviet
Movement Phase is not played to its end (PGG 5.23 and 7.1 findings on Game-Turn 1, asserted in
test_pgg_checks.py; the set-up over-stacks of PGG 7.1 stay): the tests judge Game-Turn 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report

from tests.games.engine_logs import WRITERS, EngineLogs

LOGS = EngineLogs("panzergruppe-guderian")
module = LOGS.module_fixture()
check = LOGS.check


def after_turn_one(report: Report) -> list[tuple[str | None, str, int, str]]:
    """(unit, case, turn, destination) of the findings after Game-Turn 1, but stacking (the set-up
    over-stacks of PGG 7.1 stay, as the other logs show)."""
    return [(f.unit, f.rule, f.turn, f.destination) for f in report.findings if f.turn > 1 and f.rule != "PGG 7.1"]


# -- one attack on two hexes (PGG 9.23) ----------------------------------------------------------

@pytest.mark.parametrize("writer", WRITERS)
def test_one_attack_on_two_hexes_checks_clean(module: Path, writer: str) -> None:
    # The 6th Infantry (9, in supply on entry) attacks the 0-1-6 and the 1-2-6 in the two hexes
    # beside it in one battle: 9 to 3 or 9 to 2 (the 1-2-6's supply is not known: no Leader's
    # rating but Lukin's is), 3-1 or 4-1; the die gives D2 on both, and both divisions (one step
    # each) are eliminated.
    report = check(module, "two-hex-attack-legal", writer)
    assert after_turn_one(report) == []
    assert [(b.odds, b.result, b.verdict) for b in report.battles] == [("3-1 or 4-1", "-/2", "legal")]


@pytest.mark.parametrize("writer", WRITERS)
def test_one_attack_on_two_hexes_from_a_hex_beside_only_one_is_found(module: Path, writer: str) -> None:
    # PGG 9.23: the 6th Infantry in 0308 is beside 0309 and not 0409, and attacks both.
    report = check(module, "two-hex-attack-not-adjacent", writer)
    assert after_turn_one(report) == [("", "PGG 9.23", 2, "")]
    finding = next(f for f in report.findings if f.rule == "PGG 9.23")
    assert finding.phase == "German Combat" and "0308" in finding.message and "not adjacent to 0409" in finding.message


# -- a blocked Provisional Entrance hex (PGG 14.12): a panzer regiment enters area C on Game-Turn 1
# and drives onto Provisional Entrance Hex 1 (1901); on Game-Turn 2 the Soviet entry die names 1.

@pytest.mark.parametrize("writer", WRITERS)
def test_the_division_at_the_nearest_free_hex_east_of_a_blocked_area_checks_clean(module: Path,
                                                                                  writer: str) -> None:
    # 1901 holds the panzer regiment; the division enters at 1903, the nearest hex toward the east
    # that no unit holds and no German zone covers. Nothing after Game-Turn 1 is a finding, and
    # neither the entry nor the provisional die is left unjudged.
    report = check(module, "provisional-blocked-east", writer)
    assert after_turn_one(report) == []
    assert not [n for n in report.not_checked if n.rule.startswith("PGG 14.1")]


@pytest.mark.parametrize("writer", WRITERS)
def test_the_division_put_further_east_than_the_nearest_free_hex_is_found(module: Path, writer: str) -> None:
    # The division is put down at 2901, ten hexes from 1901, beyond any move of its 6 Movement
    # Points from the nearest free hexes: PGG 14.12 names them.
    report = check(module, "provisional-blocked-too-far", writer)
    assert after_turn_one(report) == [("", "PGG 14.12", 2, "2901")]
    finding = next(f for f in report.findings if f.rule == "PGG 14.12")
    assert finding.phase == "Soviet Movement"
    assert "Provisional area 1" in finding.message and "1903" in finding.message


# -- evacuating a Soviet Leader (PGG 10.4, optional): the Kurochkin stack is left in 0111 on
# Game-Turn 1; two panzer regiments enter area C and stop in 0112 and 0210, whose zones cover every
# hex around it.

@pytest.mark.parametrize("writer", WRITERS)
def test_a_surrounded_leader_evacuated_first_thing_checks_clean(module: Path, writer: str) -> None:
    report = check(module, "leader-evacuated", writer)
    assert after_turn_one(report) == []
    assert not [n for n in report.not_checked if n.rule == "PGG 7.1" and "Kurochkin" in n.reason]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_leader_evacuated_with_free_hexes_around_it_is_found(module: Path, writer: str) -> None:
    # Remezov in 0125, no German unit near.
    report = check(module, "leader-evacuated-not-surrounded", writer)
    assert after_turn_one(report) == [("sov-ldr-remezov", "PGG 10.4", 2, "deleted")]
    finding = next(f for f in report.findings if f.rule == "PGG 10.4")
    assert finding.phase == "Soviet Movement" and "0125" in finding.message
