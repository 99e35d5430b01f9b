"""Rostov 24.0-24.22 and AGS 14.1 in Rostov (19.8): the Air marker in an attack, on logs the real
VASSAL engine wrote (VASSAL 3.6 in tests/data/checks/rostov/, 3.7.26 in its 3.7/; scripts in
exclusive_scripts.py, which says how the odds and the die were picked from the book), and the limits
of 19.8 and 24.0 on positions made here; the Air Points of each side (24.1, 24.2).

Before the rule a Soviet attack aided by the Air marker on Game-Turn 9 or later was a false
finding: the result applied is the one of the column to the right of the odds."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.air import air_points
from vmodgen.engine.rules.ags.rostov.air_combat import AIR_COMBAT, battle_hexes
from vmodgen.engine.rules.ags.vocabulary import AIR
from vmodgen.engine.rules.record import MarkerPlaced
from vmodgen.engine.rules.situation import Situation, UnitState
from tests.games.rostov_logs import ROSTOV, SET_UP_NOTE, WRITERS, check_log, module  # noqa: F401 (module: the fixture)

MOT, RUM, PANZER, RIFLE = "sov-xx-219-mot", "rum-xx-0307", "ger-iii-2-16", "sov-xx-255-rifle"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(ROSTOV)


@pytest.mark.parametrize("writer", WRITERS)
def test_the_soviet_air_marker_on_the_defender_shifts_an_attack_from_game_turn_9(module: Path, writer: str) -> None:
    # 219 Mot Rifle (0308) against the Rumanians behind the Molochnaya (0307) on Game-Turn 9, the
    # Soviet Air marker on them: 5 to 8 is 1-2 (die 1: 1/1), one column right 1-1 (die 1: -/1), applied
    report = check_log(module, "air-attack-legal", writer)
    assert report.findings == []
    assert [n.rule for n in report.not_checked if n.rule != SET_UP_NOTE] == []
    (battle,) = report.battles
    assert (battle.turn, battle.odds, battle.shifts, battle.result, battle.verdict) == (
        9, "1-1", ["1-2 to 1-1: Rostov 24.22"], "-/1", "legal")


@pytest.mark.parametrize("writer", WRITERS)
def test_the_shifted_result_with_no_air_marker_is_found(module: Path, writer: str) -> None:
    report = check_log(module, "air-attack-no-marker", writer)
    assert [(f.turn, f.phase, f.unit, f.rule) for f in report.findings] == [(9, "Soviet Combat", MOT, "AGS 9.66")]
    (battle,) = report.battles
    assert (battle.odds, battle.shifts, battle.result) == ("1-2", [], "1/1")


@pytest.mark.parametrize("writer", WRITERS)
def test_the_soviet_air_marker_in_an_attack_before_game_turn_9_is_found(module: Path, writer: str) -> None:
    report = check_log(module, "air-attack-early", writer)
    (finding,) = report.findings
    assert (finding.turn, finding.phase, finding.unit, finding.rule) == (1, "Soviet Combat", MOT, "Rostov 24.22")
    assert "only from Game-Turn 9, not on Game-Turn 1" in finding.message
    (battle,) = report.battles
    assert (battle.step, battle.odds, battle.verdict) == (finding.step, "1-1", "illegal: Rostov 24.22")


def test_the_axis_has_three_air_points_until_game_turn_8_and_one_after(game: Game) -> None:
    assert [air_points(game, turn, "Axis") for turn in (1, 8, 9, 13)] == [3, 3, 1, 1]
    assert [air_points(game, turn, "Soviet") for turn in (1, 9, 13)] == [1, 1, 1]
    assert air_points(game, 9) is None      # per side: a question without a side has no answer


def _position(game: Game, turn: int, *placed: tuple[str, str]) -> Situation:
    by_id = {c.id: c for c in game.counters}
    units = {key: UnitState(by_id[key], game.map.layout.parse(name), False) for key, name in placed}
    return Situation(game, turn=turn, phase_index=[p.name for p in game.phases].index("Soviet Combat"), units=units)


def _markers(game: Game, side: str, hex_name: str) -> SimpleNamespace:
    marker = MarkerPlaced(1, "air", AIR, (("Side", side),), game.map.layout.parse(hex_name))
    return SimpleNamespace(markers={"air": marker})


def test_an_axis_air_marker_never_aids_an_attack(game: Game) -> None:
    # Rostov 19.8: the 16th Panzer's regiment (1609) attacks the 255th Rifle (1510) under Axis Air
    position = _position(game, 2, (PANZER, "1609"), (RIFLE, "1510"))
    bonus = AIR_COMBAT.column_bonus(position, _markers(game, "Axis", "1510"), [PANZER], [])
    assert bonus is not None and (bonus.shift, bonus.verdict.is_illegal, bonus.verdict.case) == (1, True, "Rostov 19.8")


def test_the_soviet_air_marker_aids_one_attack_a_game_turn(game: Game) -> None:
    position = _position(game, 10, (MOT, "0308"), (RUM, "0307"))
    tracer = _markers(game, "Soviet", "0308")      # on the attacking stack counts as well
    first = AIR_COMBAT.column_bonus(position, tracer, [MOT], [])
    second = AIR_COMBAT.column_bonus(position, tracer, [MOT], [1])
    assert first is not None and first.verdict.is_legal and first.verdict.case == "Rostov 24.22"
    assert second is not None and (second.verdict.is_illegal, second.verdict.case) == (True, "Rostov 24.0")


def test_an_air_marker_away_from_the_battle_or_of_the_defender_gives_no_shift(game: Game) -> None:
    position = _position(game, 10, (MOT, "0308"), (RUM, "0307"))
    assert battle_hexes(position, [MOT]) == {game.map.layout.parse("0308"), game.map.layout.parse("0307")}
    assert AIR_COMBAT.column_bonus(position, _markers(game, "Soviet", "0309"), [MOT], []) is None
    assert AIR_COMBAT.column_bonus(position, _markers(game, "Axis", "0307"), [MOT], []) is None


@pytest.mark.parametrize("writer", WRITERS)
def test_one_axis_air_marker_on_game_turn_9_checks_clean(module: Path, writer: str) -> None:
    # Rostov 24.1: one Axis Air marker on the rail hex 1421 in the Axis Air Power Phase of Game-Turn 9
    report = check_log(module, "axis-air-one-on-turn-9", writer)
    assert report.findings == []
    assert [n.rule for n in report.not_checked if n.rule != SET_UP_NOTE] == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_second_axis_air_marker_on_game_turn_9_is_found(module: Path, writer: str) -> None:
    # Rostov 24.1: on Game-Turns 9-13 the Axis Player may use one Air marker; the second, on 1324, is found
    report = check_log(module, "axis-air-two-on-turn-9", writer)
    (finding,) = report.findings
    assert (finding.turn, finding.phase, finding.unit, finding.rule) == (9, "Axis Air Power", "axis-air-2",
                                                                         "Rostov 24.1")
    assert "put on 1324 is the second the Axis Player uses on Game-Turn 9" in finding.message
