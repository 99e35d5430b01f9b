"""Rostov 22.3, the SW Front HQ's attack bonus, on logs the real VASSAL engine wrote (VASSAL 3.6 in
tests/data/checks/rostov/, 3.7.26 in its 3.7/; scripts in exclusive_scripts.py, which says how the
odds and the die were picked from the book), and its 22.31 limits on positions made here.

Before the rule a Soviet attack that took the bonus was a false finding: the result applied is
the one of the column to the right of the odds."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.rostov.attack_bonus import ATTACK_BONUS
from vmodgen.engine.rules.situation import Situation, UnitState
from tests.games.rostov_logs import ROSTOV, SET_UP_NOTE, WRITERS, check_log, module  # noqa: F401 (module: the fixture)

SWF, MOT, RUM = "sov-hq-swf", "sov-xx-219-mot", "rum-xx-0307"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(ROSTOV)


@pytest.mark.parametrize("writer", WRITERS)
def test_the_sw_front_bonus_taken_with_the_hq_stacked_checks_clean(module: Path, writer: str) -> None:
    # 219 Mot Rifle with HQ SW Front (0308) against the Rumanians behind the Molochnaya (0307):
    # 9 to 8 is 1-1 (die 2: 1/1); the bonus makes it 2-1 (die 2: -/1), which was applied
    report = check_log(module, "swf-bonus-legal", writer)
    assert report.findings == []
    assert [n.rule for n in report.not_checked if n.rule != SET_UP_NOTE] == []
    (battle,) = report.battles
    assert (battle.odds, battle.shifts, battle.result, battle.verdict) == ("2-1", ["1-1 to 2-1: Rostov 22.3"], "-/1",
                                                                          "legal")


@pytest.mark.parametrize("writer", WRITERS)
def test_the_same_result_without_the_hq_stacked_is_found(module: Path, writer: str) -> None:
    # HQ SW Front one hex behind (0309): no leadership, no bonus: 5 to 8 is 1-2, die 2: eng
    report = check_log(module, "swf-bonus-not-stacked", writer)
    assert [(f.turn, f.phase, f.unit, f.rule) for f in report.findings] == [(1, "Soviet Combat", MOT, "AGS 9.69")]
    (battle,) = report.battles
    assert (battle.odds, battle.shifts, battle.result) == ("1-2", [], "eng")


def _attack(game: Game, hq_hex: str = "0308") -> Situation:
    by_id = {c.id: c for c in game.counters}
    units = {key: UnitState(by_id[key], game.map.layout.parse(name), False)
             for key, name in ((SWF, hq_hex), (MOT, "0308"), (RUM, "0307"))}
    return Situation(game, turn=1, phase_index=[p.name for p in game.phases].index("Soviet Combat"), units=units)


def _supply(state: bool | None) -> SimpleNamespace:
    return SimpleNamespace(state=lambda key: SimpleNamespace(in_supply=state))


def test_the_bonus_is_offered_only_to_attackers_stacked_with_the_hq(game: Game) -> None:
    stacked = ATTACK_BONUS.column_bonus(_attack(game), _supply(True), [SWF, MOT], [])
    assert stacked is not None and stacked.shift == 1 and stacked.verdict.is_legal
    assert stacked.verdict.case == "Rostov 22.3"
    assert ATTACK_BONUS.column_bonus(_attack(game, "0309"), _supply(True), [MOT], []) is None
    assert ATTACK_BONUS.column_bonus(_attack(game), _supply(True), [SWF], []) is None   # the HQ alone attacks nothing


def test_a_second_bonus_in_a_game_turn_or_an_hq_out_of_supply_is_22_31(game: Game) -> None:
    again = ATTACK_BONUS.column_bonus(_attack(game), _supply(True), [SWF, MOT], [1])
    assert again is not None and again.verdict.is_illegal and again.verdict.case == "Rostov 22.31"
    assert "already gave its bonus in battle 1" in again.verdict.message
    cut = ATTACK_BONUS.column_bonus(_attack(game), _supply(False), [SWF, MOT], [])
    assert cut is not None and cut.verdict.is_illegal and cut.verdict.case == "Rostov 22.31"
    unknown = ATTACK_BONUS.column_bonus(_attack(game), _supply(None), [SWF, MOT], [])
    assert unknown is not None and unknown.verdict.is_unchecked


# ------------------------------------------------------------------------------ 22.1 evacuation

@pytest.mark.parametrize("writer", WRITERS)
def test_an_hq_evacuated_and_back_three_game_turns_later_checks_clean(module: Path, writer: str) -> None:
    # HQ 6 Army off to the Turn 4 box at the beginning of the Soviet Movement Phase of Game-Turn 1,
    # back at 1533 (area E) on Game-Turn 4; before 22.1 was judged, the evacuation was an AGS 5.26
    # finding and the return one of the reinforcement schedule (25.3)
    report = check_log(module, "hq-evacuation-legal", writer)
    assert report.findings == []
    assert [n.rule for n in report.not_checked if n.rule != SET_UP_NOTE] == []
    assert report.turns == (1, 4)


@pytest.mark.parametrize("writer", WRITERS)
def test_an_hq_back_two_game_turns_after_its_evacuation_is_found(module: Path, writer: str) -> None:
    report = check_log(module, "hq-evacuation-early", writer)
    assert [(f.turn, f.phase, f.unit, f.destination, f.rule) for f in report.findings] == [
        (3, "Soviet Movement", "sov-hq-6", "1533", "Rostov 22.1")]
    assert "evacuated on Game-Turn 1, returned on Game-Turn 3" in report.findings[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_an_eliminated_hq_back_the_next_game_turn_is_found(module: Path, writer: str) -> None:
    # HQ 12 Army alone at 0605 against the LAH: 12 to 1, 10-1, die 1: -/E (a legal battle); back at
    # 1533 on Game-Turn 2, though an eliminated HQ returns (on a roll of 1-3) three Game-Turns later
    report = check_log(module, "hq-eliminated-early", writer)
    assert [(f.turn, f.phase, f.unit, f.destination, f.rule) for f in report.findings] == [
        (2, "Soviet Movement", "sov-hq-12", "1533", "Rostov 22.2")]
    (battle,) = report.battles
    assert (battle.odds, battle.result, battle.verdict) == ("10-1", "-/E", "legal")
