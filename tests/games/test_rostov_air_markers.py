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
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.rostov.air_marker_uses import AIR_MARKER_USES, over_limit
from vmodgen.engine.rules.ags.vocabulary import AIR
from vmodgen.engine.rules.rail import rail_check, rail_counts
from vmodgen.engine.rules.record import Drop, MarkerPlaced, PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation, UnitState
from tests.games.rostov_logs import ROSTOV, WRITERS, assert_clean, check_log, module  # noqa: F401 (module: the fixture)

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
    assert (finding.turn, finding.phase, finding.unit, finding.rule) == (
        1, "Axis Combat", "ger-iii-2-16", "Rostov 19.8")
    assert "Axis Air marker on 1609 may not aid the attack" in finding.message
    (battle,) = report.battles
    # the odds reported are the column read
    assert (battle.step, battle.odds, battle.verdict) == (finding.step, "3-1", "illegal: Rostov 19.8")


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
    assert (finding.turn, finding.phase, finding.origin, finding.rule) == (
        1, "Soviet Air Power", "1421", "Rostov 24.11")
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


# Cases no log above shows, on phase records made here: what a marker is read as from its place and phase.

@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(ROSTOV)


def _record(game: Game, turn: int, phase: str, units: dict[str, str], moves: tuple[tuple[str, int, str], ...] = (),
            markers: tuple[tuple[int, str, str, str | None], ...] = (), at_start: tuple[tuple[str, str, str], ...] = ()
            ) -> PhaseRecord:
    """A phase: ``units`` where they stand as it begins, ``moves`` (unit, step, hex) and Air
    ``markers`` (step, piece, side, hex or None) in it, ``at_start`` the markers already down."""
    parse = game.map.layout.parse
    start = Situation(game, turn, [p.name for p in game.phases].index(phase),
                      {k: UnitState(game.counter(k), parse(h), False) for k, h in units.items()})
    tracks = {}
    for key, step, where in moves:
        track = tracks.setdefault(key, UnitTrack(key, parse(units[key]), units[key]))
        track.drops.append(Drop(step, where, parse(where)))

    def marker(step: int, piece: str, side: str, where: str | None) -> MarkerPlaced:
        return MarkerPlaced(step, piece, AIR, (("Side", side), ("Unit", piece)), parse(where) if where else None)
    return PhaseRecord("made-here", turn, start.phase_index, 1, start, tracks=tracks,
                       markers_at_start={p: marker(0, p, s, h) for p, s, h in at_start},
                       marker_moves=[marker(*m) for m in markers])


def _found(game: Game, *records: PhaseRecord) -> list[tuple[str, str]]:
    memory: dict = {}
    return [(j.verdict.case, j.destination or j.origin) for r in records
            for j in AIR_MARKER_USES.check_phase(r, memory)]


PZ = {"ger-iii-2-16": "1609", "ger-iii-79-16": "1609"}


def test_a_marker_dragged_before_the_stack_it_rides_with_is_the_same_use(game: Game) -> None:
    # Rostov 23.2: the marker put on the 16th Panzer before movement goes with it, dragged first or after
    first = _record(game, 2, "Axis Movement", PZ, markers=((1, AXIS_AIR_1, "Axis", "1609"),))
    mech = _record(game, 2, "Axis Mechanized Movement", PZ, moves=(("ger-iii-2-16", 5, "1709"),),
                   markers=((4, AXIS_AIR_1, "Axis", "1709"),), at_start=((AXIS_AIR_1, "Axis", "1609"),))
    assert _found(game, first, mech) == []


def test_a_marker_moved_off_its_stack_after_movement_began_is_found(game: Game) -> None:
    mech = _record(game, 2, "Axis Mechanized Movement", PZ, moves=(("ger-iii-2-16", 5, "1709"),),
                   markers=((6, AXIS_AIR_1, "Axis", "1710"),), at_start=((AXIS_AIR_1, "Axis", "1609"),))
    assert _found(game, mech) == [("Rostov 24.12", "1710")]


def test_a_stack_supplied_from_the_weather_phase_of_game_turn_2_checks_clean(game: Game) -> None:
    # 24.12: "prior to the Initial Movement Phase"; Game-Turn 1's Weather Phase is the set-up, not judged
    assert _found(game, _record(game, 2, "Weather", PZ, markers=((1, AXIS_AIR_1, "Axis", "1609"),))) == []
    assert _found(game, _record(game, 2, "Weather", PZ, markers=((1, AXIS_AIR_1, "Axis", "1510"),))) == [
        ("Rostov 24.12", "1510")]


def test_the_soviet_air_marker_is_judged_in_the_air_power_phase_and_left_to_the_battle_in_combat(game: Game) -> None:
    counter = {"axis-supply-5": "1201"}
    assert _found(game, _record(game, 2, "Soviet Movement", counter, markers=((1, SOVIET_AIR, "Soviet", "1201"),))
                  ) == [("Rostov 24.21", "1201")]
    assert _found(game, _record(game, 2, "Soviet Combat", counter, markers=((1, SOVIET_AIR, "Soviet", "1202"),))) == []
    assert _found(game, _record(game, 2, "Soviet Air Power", counter, markers=((1, SOVIET_AIR, "Soviet", "1201"),))
                  ) == []


# 19.21, 24.11: a rail hex with an Axis Air marker counts ten rail hexes for a Soviet rail move.

@pytest.mark.parametrize("writer", WRITERS)
def test_a_rail_move_within_thirty_with_an_interdicted_hex_counting_ten_checks_clean(module: Path, writer: str) -> None:
    # the 393rd Rifle by rail 1625-0828: 15 rail hexes and 0828 under Axis Air 1, 25 of 30
    assert_clean(check_log(module, "rail-interdicted-legal", writer))


@pytest.mark.parametrize("writer", WRITERS)
def test_a_rail_move_over_thirty_only_with_the_interdicted_hexes_is_found(module: Path, writer: str) -> None:
    # the 393rd, set up from the pool, shows its untried side (18.17), as in rail-capacity-legal
    finding = _only(module, "rail-interdicted-over", writer)
    assert (finding.turn, finding.phase, finding.unit_name, finding.origin, finding.destination, finding.rule) == (
        1, "Soviet Movement", "untried Soviet pool", "1625", "0828", "Rostov 24.11")
    assert "uses 31 rail hexes (0828 counting 10 each, Rostov 24.11); the limit is 30" in finding.message


def test_the_railroad_that_counts_least_is_taken(game: Game) -> None:
    parse = game.map.layout.parse
    rifle = "sov-xx-393-rifle"
    position = Situation(game, 1, [p.name for p in game.phases].index("Soviet Movement"),
                         {rifle: UnitState(game.counter(rifle), parse("1625"), False)})
    plain = rail_check(position, rifle, [parse("0828")])
    assert (plain.status, plain.rail_hexes) == ("legal", 16)
    markers = [MarkerPlaced(1, "a", AIR, (("Side", "Axis"),), parse("0929")),
               MarkerPlaced(1, "s", AIR, (("Side", "Soviet"),), parse("1929"))]
    around = rail_check(position, rifle, [parse("0828")], counts=rail_counts(game, markers))
    assert (around.status, around.rail_hexes) == ("legal", 22)       # by 0728, not 0929 (25); the Soviet marker counts one
    assert parse("0929") not in around.path
