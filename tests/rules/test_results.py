"""Combat results [AGS 9.5, 9.6; Kiev 19.24, 19.61-19.65]: reading the CRT, and checking what
happened to the units against the result."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.results import ELIMINATED, ENGAGED, NONE, NUMBER, SideResult, crt_result, loss_check
from vmodgen.engine.rules.retreat import RetreatGround
from vmodgen.engine.rules.situation import UnitState
from tests.rules.conftest import h, position


def state(game: Game, key: str, where: str, back: bool = False) -> UnitState:
    return UnitState(game.counter(key), h(where), back)


def units(game: Game, placement: Mapping[str, str], back: Iterable[str] = ()) -> dict[str, UnitState]:
    flipped = set(back)
    return {k: state(game, k, where, k in flipped) for k, where in placement.items()}


def test_crt_cell_reads_attacker_then_defender(game: Game) -> None:
    result = crt_result(game, "3-1", 4)
    assert result.text == "1/1"
    assert result.attacker == SideResult(NUMBER, 1) and result.defender == SideResult(NUMBER, 1)


def test_crt_reads_eliminations_engagements_and_no_effect(game: Game) -> None:
    assert crt_result(game, "1-3", 5).attacker == SideResult(ELIMINATED)
    assert crt_result(game, "1-3", 5).defender == SideResult(NONE)
    assert crt_result(game, "10-1", 1).defender == SideResult(ELIMINATED)
    assert crt_result(game, "1-1", 4).attacker == SideResult(ENGAGED, 1)


def test_step_loss_matching_the_result_is_legal(game: Game) -> None:
    before = units(game, {"ger-xx-10": "0505"})
    after = units(game, {"ger-xx-10": "0505"}, back=["ger-xx-10"])
    assert loss_check(game, SideResult(NUMBER, 1), before, after).is_legal


def test_retreat_of_every_unit_by_the_result_is_legal(game: Game) -> None:
    before = units(game, {"sov-xx-1": "0505", "sov-xx-2": "0505"})
    after = units(game, {"sov-xx-1": "0705", "sov-xx-2": "0503"})
    verdict = loss_check(game, SideResult(NUMBER, 2), before, after)
    assert verdict.is_legal and "retreated 2 hexes" in verdict.message


def test_mixing_step_loss_and_retreat_is_illegal(game: Game) -> None:
    before = units(game, {"ger-xx-10": "0505", "ger-xx-11": "0505"})
    after = {**units(game, {"ger-xx-10": "0505"}, back=["ger-xx-10"]), **units(game, {"ger-xx-11": "0605"})}
    verdict = loss_check(game, SideResult(NUMBER, 1), before, after)
    assert verdict.is_illegal and verdict.case == "AGS 9.66" and "never a mix" in verdict.message


def test_retreat_of_the_wrong_length_is_illegal(game: Game) -> None:
    before = units(game, {"sov-xx-1": "0505"})
    after = units(game, {"sov-xx-1": "0605"})
    verdict = loss_check(game, SideResult(NUMBER, 2), before, after)
    assert verdict.is_illegal and verdict.case == "AGS 9.73"


def test_too_few_steps_lost_is_illegal(game: Game) -> None:
    before = units(game, {"ger-xx-10": "0505", "ger-xx-11": "0505"})
    after = units(game, {"ger-xx-10": "0505", "ger-xx-11": "0505"}, back=["ger-xx-10"])
    assert loss_check(game, SideResult(NUMBER, 2), before, after).is_illegal


def test_a_side_without_enough_steps_is_eliminated(game: Game) -> None:
    before = units(game, {"sov-xx-1": "0505"})
    assert loss_check(game, SideResult(NUMBER, 3), before, {"sov-xx-1": None}).is_legal


def test_units_eliminated_in_a_retreat_are_accepted(game: Game) -> None:
    before = units(game, {"sov-xx-1": "0505", "sov-xx-2": "0505"})
    after: dict[str, UnitState | None] = {"sov-xx-1": None, **units(game, {"sov-xx-2": "0705"})}
    verdict = loss_check(game, SideResult(NUMBER, 2), before, after)
    assert verdict.is_legal and "retreat paths are not checked" in verdict.message


def test_e_eliminates_every_unit(game: Game) -> None:
    before = units(game, {"sov-xx-1": "0505", "sov-xx-2": "0505"})
    assert loss_check(game, SideResult(ELIMINATED), before, {}).is_legal
    survivor = loss_check(game, SideResult(ELIMINATED), before, units(game, {"sov-xx-2": "0505"}))
    assert survivor.is_illegal and survivor.case == "AGS 9.65"


def test_engaged_costs_exactly_one_step_and_no_retreat(game: Game) -> None:
    before = units(game, {"ger-iii-1-9": "0504", "ger-iii-2-9": "0504"})
    one = units(game, {"ger-iii-1-9": "0504", "ger-iii-2-9": "0504"}, back=["ger-iii-2-9"])
    assert loss_check(game, SideResult(ENGAGED, 1), before, one).is_legal
    two = units(game, {"ger-iii-1-9": "0504", "ger-iii-2-9": "0504"}, back=["ger-iii-1-9", "ger-iii-2-9"])
    assert loss_check(game, SideResult(ENGAGED, 1), before, two).case == "AGS 9.69"


def test_no_effect_changes_nothing(game: Game) -> None:
    before = units(game, {"sov-xx-1": "0505"})
    assert loss_check(game, SideResult(NONE), before, before).is_legal
    assert loss_check(game, SideResult(NONE), before, units(game, {"sov-xx-1": "0605"})).is_illegal


def test_a_replacement_division_is_the_next_step_down(game: Game) -> None:
    before = units(game, {"ger-xx-10": "0505"}, back=["ger-xx-10"])
    verdict = loss_check(game, SideResult(NUMBER, 1), before, {"ger-xx-10": None},
                         replacements=units(game, {"ger-rpl-1": "0505"}))
    assert verdict.is_legal


def test_revealed_asterisk_unit_takes_away_the_step_loss_option(game: Game) -> None:
    before = units(game, {"sov-xx-31": "0505", "sov-xx-1": "0505"}, back=["sov-xx-31"])
    took_loss: dict[str, UnitState | None] = {**units(game, {"sov-xx-31": "0505"}), "sov-xx-1": None}
    verdict = loss_check(game, SideResult(NUMBER, 1), before, took_loss)
    assert verdict.is_illegal and verdict.case == "Kiev 19.61"
    retreated = units(game, {"sov-xx-31": "0605", "sov-xx-1": "0604"})
    assert loss_check(game, SideResult(NUMBER, 1), before, retreated).is_legal


def test_asterisk_units_still_lose_a_step_when_engaged(game: Game) -> None:
    before = units(game, {"sov-xx-31": "0505", "sov-xx-1": "0505"}, back=["sov-xx-31"])
    after: dict[str, UnitState | None] = {**units(game, {"sov-xx-31": "0505"}), "sov-xx-1": None}
    assert loss_check(game, SideResult(ENGAGED, 1), before, after).is_legal


def test_revealed_no_strength_units_alone_are_eliminated(game: Game) -> None:
    before = units(game, {"sov-xx-32": "0505"}, back=["sov-xx-32"])
    assert loss_check(game, SideResult(NONE), before, {}).case == "Kiev 19.63"
    survived = loss_check(game, SideResult(NUMBER, 1), before, units(game, {"sov-xx-32": "0605"}))
    assert survived.is_illegal and survived.case == "Kiev 19.63"


def test_no_strength_units_with_others_take_results_normally(game: Game) -> None:
    before = units(game, {"sov-xx-32": "0505", "sov-xx-1": "0505"}, back=["sov-xx-32"])
    after: dict[str, UnitState | None] = {"sov-xx-32": None, **units(game, {"sov-xx-1": "0505"})}
    assert loss_check(game, SideResult(NUMBER, 1), before, after).is_legal


def test_a_step_loss_applied_short_is_illegal(game: Game) -> None:
    before = units(game, {"sov-xx-1": "0505", "sov-xx-2": "0505"})
    after: dict[str, UnitState | None] = {"sov-xx-1": None, **units(game, {"sov-xx-2": "0505"})}
    verdict = loss_check(game, SideResult(NUMBER, 2), before, after)
    assert verdict.is_illegal and verdict.case == "AGS 9.66" and "applied short" in verdict.message


def test_a_stack_removed_as_its_retreat_with_a_retreat_open_is_illegal(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0504", "sov-xx-2": "0504", "ger-xx-10": "0404"}, phase="German Combat")
    ground = RetreatGround.of(here, "Soviet", [here], ["sov-xx-1", "sov-xx-2"])
    before = {k: here.units[k] for k in ("sov-xx-1", "sov-xx-2")}
    verdict = loss_check(game, SideResult(NUMBER, 1), before, {"sov-xx-1": None, "sov-xx-2": None}, ground=ground)
    assert verdict.is_illegal and verdict.case == "Kiev 19.7"      # one step was due, or a retreat of one


def test_a_stack_with_no_retreat_open_is_rightly_eliminated(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0101", "sov-xx-2": "0101", "ger-xx-10": "0201", "ger-xx-11": "0102"},
                    phase="German Combat")
    ground = RetreatGround.of(here, "Soviet", [here], ["sov-xx-1", "sov-xx-2"])
    before = {k: here.units[k] for k in ("sov-xx-1", "sov-xx-2")}
    assert loss_check(game, SideResult(NUMBER, 1), before, {"sov-xx-1": None, "sov-xx-2": None},
                      ground=ground).is_legal


def test_an_advance_is_not_a_move_against_a_no_effect_result(game: Game) -> None:
    before = units(game, {"ger-xx-10": "0404"})
    assert loss_check(game, SideResult(NONE), before, units(game, {"ger-xx-10": "0504"}),
                      advanced=["ger-xx-10"]).is_legal
