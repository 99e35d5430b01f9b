"""Barrage [WB95 6.5.1]: none of Korsun 1944's scenarios allows one; setup changes [6.2.4] only in the
side's Movement Phase."""

from __future__ import annotations

import dataclasses

from tests.rules.wb95.combat_fixtures import GER_ART, korsun, position
from vmodgen.engine.rules.record import Flip, PhaseRecord
from vmodgen.engine.rules.wb95.artillery import check_barrage, check_setup_changes


def barrage_phase(game, dice):
    start = position(game, {GER_ART: "1208"}, phase="German Artillery Barrage")
    return PhaseRecord("test.vlog", 1, start.phase_index, 1, start, start, 9, dice=list(dice), complete=True)


def test_a_roll_in_a_barrage_phase_is_found() -> None:
    found = check_barrage([barrage_phase(korsun(), [(3, 8)])])
    assert [(j.verdict.status, j.verdict.case, j.step) for j in found] == [("illegal", "WB95 6.5.1", 3)]


def test_a_barrage_phase_without_rolls_is_clean() -> None:
    assert check_barrage([barrage_phase(korsun(), [])]) == []


def test_where_the_data_allows_barrage_it_is_not_checked() -> None:
    game = korsun()
    allowed = dataclasses.replace(game, rules={**game.rules, "barrage": dataclasses.replace(game.rules["barrage"],
                                                                                            value=True)})
    found = check_barrage([barrage_phase(allowed, [(3, 8)])])
    assert [(j.verdict.status, j.verdict.case) for j in found] == [("unchecked", "WB95 6.5.1")]


def flipped_in(phase: str, turn: int = 2):
    game = korsun()
    start = position(game, {GER_ART: "1208"}, phase=phase)
    return PhaseRecord("test.vlog", turn, start.phase_index, 1, start, start, 9,
                       flips=[Flip(4, GER_ART, False, True)], complete=True)


def test_a_setup_change_in_the_sides_movement_phase_is_legal() -> None:
    assert check_setup_changes([flipped_in("German Movement")]) == []


def test_a_setup_change_in_another_phase_is_found() -> None:
    found = check_setup_changes([flipped_in("German Attack"), flipped_in("Soviet Movement")])
    assert [(j.verdict.case, j.phase) for j in found] == [("WB95 6.2.4", "German Attack"),
                                                           ("WB95 6.2.4", "Soviet Movement")]


def test_the_set_up_may_put_a_gun_in_either_setup() -> None:
    assert check_setup_changes([flipped_in("Air (Phase 1)", turn=1)]) == []
