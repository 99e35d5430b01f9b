"""AGS 13.2: an untried unit is revealed at the instant of combat, i.e. when a battle or overrun
it takes part in is declared and before the next die is thrown for another combat."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.ags.reveal import check_reveals
from vmodgen.engine.rules.record import Battle, Drop, Flip, Overrun, PhaseRecord, UnitTrack
from tests.rules.conftest import h, position

TANK = "sov-xx-35-tank"


def _record(game: Game, phase: str, step: int, battles=(), overruns=(), dice=()) -> PhaseRecord:
    start = position(game, {TANK: "0304", "ger-xx-10": "0204"}, phase=phase, back=[TANK])
    index = [p.name for p in game.phases].index(phase)
    record = PhaseRecord("log", 1, index, 1, start, last_step=20)
    record.flips.append(Flip(step, TANK, True, False))
    record.battles += battles
    record.overruns += overruns
    record.dice += list(dice)
    return record


def test_a_reveal_with_no_combat_declared_is_reported(game: Game) -> None:
    found = check_reveals(_record(game, "Soviet Combat", 5))
    assert [(j.step, j.unit, j.origin, j.verdict.case) for j in found] == [(5, TANK, "0304", "AGS 13.2")]
    assert "Untried Soviet armor" in found[0].verdict.message and "35 Tank" not in found[0].verdict.message


def test_a_reveal_in_its_declared_battle_before_the_die_is_legal(game: Game) -> None:
    battle = Battle(1, 3, {h("0304")}, {h("0204")}, die=4, die_step=6)
    assert check_reveals(_record(game, "Soviet Combat", 5, [battle], dice=[(6, 4)])) == []


def test_a_reveal_before_the_battle_is_declared_is_reported(game: Game) -> None:
    battle = Battle(1, 7, {h("0304")}, {h("0204")}, die=4, die_step=8)
    assert len(check_reveals(_record(game, "Soviet Combat", 5, [battle], dice=[(8, 4)]))) == 1


def test_a_reveal_in_a_battle_the_unit_is_not_in_is_reported(game: Game) -> None:
    battle = Battle(1, 3, {h("0505")}, {h("0204")}, die=4, die_step=6)
    assert len(check_reveals(_record(game, "Soviet Combat", 5, [battle], dice=[(6, 4)]))) == 1


def test_a_reveal_after_the_next_combat_was_rolled_is_reported(game: Game) -> None:
    first = Battle(1, 2, {h("0304")}, {h("0204")}, die=4, die_step=3)
    second = Battle(2, 4, {h("0909")}, {h("0208")}, die=2, die_step=6)
    assert len(check_reveals(_record(game, "Soviet Combat", 9, [first, second], dice=[(3, 4), (6, 2)]))) == 1


def test_a_reveal_in_an_overrun_follows_the_unit_to_where_it_was_dropped(game: Game) -> None:
    record = _record(game, "Soviet Movement", 5, overruns=[Overrun(1, 4, {h("0305"), h("0205")})])
    record.tracks[TANK] = UnitTrack(TANK, h("0304"), "0304", [Drop(3, "0305", h("0305"))])
    assert check_reveals(record) == []
