"""Rostov 24.11-24.14, 24.21, 23.18 and 19.8: where and when each Air marker is put down and taken
off, the interdicted supply counter that may not move, and the Axis Air marker that may not aid an
attack, on logs the real VASSAL engine wrote (VASSAL 3.6 in tests/data/checks/rostov/, 3.7.26 in its
3.7/; scripts in air_marker_scripts.py, which says how the hexes and the die were picked from the
book). One legal log plays every use; each illegal log changes one thing in it and is found once,
with its case, marker or unit, hex and step."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.check.report import Finding
from vmodgen.engine.rules.ags.rostov.air_marker_uses import over_limit
from tests.games.rostov_logs import WRITERS, assert_clean, check_log, module  # noqa: F401 (module: the fixture)

AXIS_AIR_1, AXIS_AIR_2, AXIS_AIR_3, SOVIET_AIR = "axis-air-1", "axis-air-2", "axis-air-3", "sov-air-1"


def _only(module: Path, name: str, writer: str) -> Finding:
    report = check_log(module, name, writer)
    (finding,) = report.findings
    return finding


@pytest.mark.parametrize("writer", WRITERS)
def test_every_use_put_down_and_taken_off_as_the_book_says_checks_clean(module: Path, writer: str) -> None:
    # 24.12 on the 16th Panzer before movement, 24.11 on 1421, 24.13 on counter 1, 24.21 on counter 5,
    # each taken off in its Air Power Phase; the 16th Panzer's attack under Axis Air 1 read at its odds
    report = check_log(module, "air-markers-legal", writer)
    assert_clean(report)
    (battle,) = report.battles
    assert (battle.turn, battle.odds, battle.shifts, battle.result, battle.verdict) == (1, "2-1", [], "1/1", "legal")


@pytest.mark.parametrize("writer", WRITERS)
def test_an_axis_attack_read_one_column_right_under_an_axis_air_marker_is_found(module: Path, writer: str) -> None:
    # Rostov 19.8: 8 to 4 is 2-1, die 3: 1/1; the -/1 of 3-1 applied, Axis Air 1 on the attackers' hex (the legal
    # log above applies the 1/1 under the same marker)
    report = check_log(module, "air-markers-attack-shifted", writer)
    (finding,) = report.findings
    assert (finding.turn, finding.phase, finding.unit, finding.rule) == (1, "Axis Combat", "ger-iii-2-16", "Rostov 19.8")
    assert "Axis Air marker on 1609 may not aid the attack" in finding.message
    (battle,) = report.battles
    assert (battle.step, battle.odds, battle.verdict) == (finding.step, "3-1", "illegal: Rostov 19.8")   # the column read


@pytest.mark.parametrize("writer", WRITERS)
def test_a_stack_supplied_after_the_initial_movement_phase_is_found(module: Path, writer: str) -> None:
    finding = _only(module, "air-markers-stack-late", writer)
    assert (finding.turn, finding.phase, finding.unit, finding.destination, finding.rule) == (
        1, "Axis Mechanized Movement", AXIS_AIR_1, "1609", "Rostov 24.12")


@pytest.mark.parametrize("writer", WRITERS)
def test_an_axis_air_marker_on_no_rail_hex_counter_or_german_stack_is_found(module: Path, writer: str) -> None:
    finding = _only(module, "air-markers-off-rail", writer)
    assert (finding.turn, finding.phase, finding.unit, finding.destination, finding.rule) == (
        1, "Axis Air Power", AXIS_AIR_3, "1311", "Rostov 24.11")


@pytest.mark.parametrize("writer", WRITERS)
def test_three_rail_hexes_interdicted_in_a_game_turn_are_found(module: Path, writer: str) -> None:
    finding = _only(module, "air-markers-three-rail", writer)
    assert (finding.turn, finding.phase, finding.unit, finding.destination, finding.rule) == (
        1, "Axis Air Power", AXIS_AIR_3, "1420", "Rostov 24.14")
    assert "one too many for rail interdiction on Game-Turn 1" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_rail_marker_left_on_after_the_soviet_air_power_phase_is_found(module: Path, writer: str) -> None:
    finding = _only(module, "air-markers-left-on", writer)
    assert (finding.turn, finding.phase, finding.origin, finding.rule) == (1, "Soviet Air Power", "1421", "Rostov 24.11")
    assert "still on the map at the end of the Soviet Air Power Phase" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_the_soviet_air_marker_on_a_protected_counter_is_found(module: Path, writer: str) -> None:
    finding = _only(module, "air-markers-protected", writer)
    assert (finding.turn, finding.phase, finding.unit, finding.destination, finding.rule) == (
        1, "Soviet Air Power", SOVIET_AIR, "1407", "Rostov 24.21")
    assert "Axis Air marker on it (24.13)" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_the_soviet_air_marker_on_a_counter_with_a_german_unit_is_found(module: Path, writer: str) -> None:
    finding = _only(module, "air-markers-on-german", writer)
    assert (finding.turn, finding.phase, finding.unit, finding.destination, finding.rule) == (
        1, "Soviet Air Power", SOVIET_AIR, "2404", "Rostov 24.21")
    assert "257 Inf Div" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_the_soviet_air_marker_left_on_after_the_axis_air_power_phase_is_found(module: Path, writer: str) -> None:
    finding = _only(module, "air-markers-soviet-left-on", writer)
    assert (finding.turn, finding.phase, finding.origin, finding.rule) == (2, "Axis Air Power", "1201", "Rostov 24.21")


@pytest.mark.parametrize("writer", WRITERS)
def test_an_interdicted_supply_counter_moved_is_found(module: Path, writer: str) -> None:
    finding = _only(module, "air-markers-interdicted-moved", writer)
    assert (finding.turn, finding.phase, finding.origin, finding.destination, finding.rule) == (
        2, "Axis Movement", "1201", "1202", "Rostov 23.18")
    assert finding.unit_name == "Axis Supply 5"


def test_a_marker_with_two_uses_is_counted_for_the_one_with_room() -> None:
    # Rostov 24.14: two rail markers and a third on a rail hex under a German stack (rail or 24.12)
    rail, either = frozenset({"rail"}), frozenset({"rail", "stack"})
    assert over_limit([rail, rail, either], 2) is None
    assert over_limit([rail, either, either, either], 2) is None
    assert over_limit([rail, rail, either, either, either], 2) == ("rail", "stack")
