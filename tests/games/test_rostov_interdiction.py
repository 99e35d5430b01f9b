"""Rostov 24.11: an Axis Air marker used for rail interdiction adds one Movement Point to the cost
of entering its hex for a unit moved normally; Rostov 23.18 in a battle: an attacker whose line
reaches only a supply counter under the Soviet Air marker is judged in and out of supply. On logs
the real VASSAL engine wrote (VASSAL 3.6 in tests/data/checks/rostov/, 3.7.26 in its 3.7/;
scripts in interdiction_scripts.py, which says how the hexes and dice were picked), and on
positions built here for the readings a log leaves open (a marker that may be for another use,
an Axis unit)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.vocabulary import AIR
from vmodgen.engine.rules.marker_costs import marked_hexes, with_marker_costs
from vmodgen.engine.rules.movement import movement_check
from vmodgen.engine.rules.record import MarkerPlaced
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.supply import SupplyState, SupplyTracer
from tests.games.rostov_logs import ROSTOV, SET_UP_NOTE, WRITERS, assert_clean, check_log, \
    module  # noqa: F401 (module: the fixture)

MARCH = ["2728"]          # 2027 to the interdicted rail hex 2728: seven clear hexes and the marker's one


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(ROSTOV)


@pytest.mark.parametrize("writer", WRITERS)
def test_a_move_paying_the_markers_movement_point_within_its_allowance_checks_clean(module: Path, writer: str) -> None:
    assert_clean(check_log(module, "air-move-cost-legal", writer))


@pytest.mark.parametrize("writer", WRITERS)
def test_a_move_over_its_allowance_only_with_the_markers_movement_point_is_found(module: Path, writer: str) -> None:
    report = check_log(module, "air-move-cost-over", writer)
    (finding,) = report.findings
    # the 393rd Rifle shows its untried side, as a unit drawn from the pool does (18.17)
    assert (finding.rule, finding.unit_name, finding.origin, finding.destination, finding.step) == \
        ("Rostov 24.11", "untried Soviet pool", "2027", "2827", 21)
    assert "needs 9 MP" in finding.message and "it has 8" in finding.message and "2728" in finding.message


def _position(game: Game, *pieces: tuple[str, str]) -> Situation:
    """Game-Turn 1, Soviet Movement Phase: the 393rd Rifle at 2027 and ``pieces`` (counter id, hex)."""
    parse = game.map.layout.parse
    phase = next(i for i, p in enumerate(game.phases) if p.name == "Soviet Movement")
    units = {cid: UnitState(game.counter(cid), parse(hex_), False)
             for cid, hex_ in (("sov-xx-393-rifle", "2027"), *pieces)}
    return Situation(game, turn=1, phase_index=phase, units=units)


def _axis_air(game: Game, hex_: str) -> MarkerPlaced:
    return MarkerPlaced(1, "axis-air-1", AIR, (("Side", "Axis"),), game.map.layout.parse(hex_))


def test_only_a_marker_whose_place_allows_no_other_use_costs_a_movement_point(game: Game) -> None:
    parse = game.map.layout.parse
    alone = _position(game)
    assert marked_hexes(alone, "Soviet", [_axis_air(game, "2728")]) == {parse("2728")}
    # Axis units never pay (the marker interdicts Soviet movement); a marker off the railroads, or
    # sharing its hex with an Axis supply counter (24.13), may be for another use: nothing added.
    assert marked_hexes(alone, "Axis", [_axis_air(game, "2728")]) == frozenset()
    assert marked_hexes(alone, "Soviet", [_axis_air(game, "2729")]) == frozenset()
    with_counter = _position(game, ("axis-supply-1", "2728"))
    assert marked_hexes(with_counter, "Soviet", [_axis_air(game, "2728")]) == frozenset()
    soviet_air = MarkerPlaced(1, "sov-air-1", AIR, (("Side", "Soviet"),), parse("2728"))
    assert marked_hexes(alone, "Soviet", [soviet_air]) == frozenset()
    # in the Mechanized Movement Phase the marker may be a 24.12 one its German stack left in combat
    mech = next(i for i, p in enumerate(game.phases) if p.name == "Soviet Mechanized Movement")
    later = Situation(game, turn=1, phase_index=mech, units=alone.units)
    assert marked_hexes(later, "Soviet", [_axis_air(game, "2728")]) == frozenset()


def test_the_movement_point_is_added_once_to_the_hex_entered_and_cited_only_when_it_decides(game: Game) -> None:
    parse = game.map.layout.parse
    position = _position(game)
    condition = with_marker_costs(position, "Soviet", None, [_axis_air(game, "2728")])
    rifle = "sov-xx-393-rifle"
    within = movement_check(position, rifle, [parse("2728")], Fraction(8), condition=condition)
    assert within.is_legal and within.route is not None and within.route.cost == 8
    assert movement_check(position, rifle, [parse("2728")], Fraction(7)).is_legal          # 7 without it
    over = movement_check(position, rifle, [parse("2728")], Fraction(7), condition=condition)
    assert over.is_illegal and over.case == "Rostov 24.11"
    # too long even without the marker: the allowance's own case, not the marker's
    far = movement_check(position, rifle, [parse("2728")], Fraction(6), condition=condition)
    assert far.is_illegal and far.case == "AGS 5.11"


@pytest.mark.parametrize("writer", WRITERS)
def test_an_attack_halved_by_the_interdicted_counter_checks_clean(module: Path, writer: str) -> None:
    # 13th Panzer at 1909, supplied only by counter 1 under the Soviet Air marker: halved, 4 to 4,
    # 1-1, die 2: 1/1 applied. Before, the marker was not seen: 2-1, -/1, a false AGS 9.65 finding.
    report = check_log(module, "interdicted-attack-halved", writer)
    assert_clean(report)
    (battle,) = report.battles
    assert (battle.odds, battle.attack, battle.result, battle.verdict) == ("1-1", 4, "1/1", "legal")


@pytest.mark.parametrize("writer", WRITERS)
def test_the_same_attack_at_full_strength_is_accepted_as_the_marker_may_not_interdict(module: Path,
                                                                                     writer: str) -> None:
    # the marker was put down with the set-up, where its placement (24.21) is not known
    report = check_log(module, "interdicted-attack-full", writer)
    assert_clean(report)
    (battle,) = report.battles
    assert (battle.odds, battle.attack, battle.result, battle.verdict) == ("2-1", 8, "-/1", "legal")


@pytest.mark.parametrize("writer", WRITERS)
def test_a_result_neither_reading_gives_is_found(module: Path, writer: str) -> None:
    # die 4: 2-1 is 1/1, 1-1 is eng; -/1 applied (no attacker loss) is neither
    report = check_log(module, "interdicted-attack-neither", writer)
    (finding,) = report.findings
    assert (finding.rule, finding.unit_name, finding.origin, finding.step, finding.phase) == \
        ("AGS 9.66", "4/13 Pz Rgt", "1909", 9, "Axis Combat")
    assert "die 4: 1/1" in finding.message


def test_the_interdicted_counter_leaves_supply_open_only_in_the_axis_player_turn(game: Game) -> None:
    # Rostov 24.21: the Soviet Air marker affects Axis supply in the Axis Player-Turn only
    parse = game.map.layout.parse
    units = {c.id: UnitState(c, c.setup, False) for c in game.counters if c.role == "setup" and c.setup is not None}
    units["axis-supply-1"] = UnitState(game.counter("axis-supply-1"), parse("1407"), False)
    marker = {"m": MarkerPlaced(1, "sov-air-1", AIR, (("Side", "Soviet"),), parse("1407"))}

    def state(phase_name: str, markers: dict) -> SupplyState:
        phase = next(i for i, p in enumerate(game.phases) if p.name == phase_name)
        return SupplyTracer(Situation(game, turn=1, phase_index=phase, units=units), markers).state("ger-iii-4-13")

    axis_turn = state("Axis Combat", marker)
    assert (axis_turn.status, axis_turn.case) == ("unknown", "Rostov 23.18") and "1407" in axis_turn.reason
    assert state("Axis Combat", {}).status == "in"          # no marker: counter 1 supplies it
    assert state("Soviet Combat", marker).status == "in"


@pytest.mark.parametrize("writer", WRITERS)
def test_an_overrunner_supplied_only_by_the_interdicted_counter_is_not_known(module: Path, writer: str) -> None:
    # AGS 6.12 with Rostov 23.18: the 13th Panzer overruns from 1909 with its only source under the
    # marker; before, it was read in supply in silence. Open, never a finding.
    report = check_log(module, "interdicted-overrun", writer)
    assert report.findings == []
    notes = [(n.rule, n.step) for n in report.not_checked if n.rule != SET_UP_NOTE]
    assert notes == [("AGS 6.12", 7)] * 3
    assert all("not known" in n.reason for n in report.not_checked if n.rule == "AGS 6.12")
