"""Advance after combat [AGS 9.68, 9.69, 9.81-9.85] on the kievlike map."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.advance import AdvanceRules, Vacated
from tests.rules.conftest import h, position


def german_after(game: Game, vacated: Vacated, **more: str) -> AdvanceRules:
    after = position(game, {"ger-xx-10": "0404", **more}, phase="German Combat")
    return AdvanceRules("German", (vacated,), after)


def test_after_an_elimination_the_victors_may_advance_two_hexes(game: Game) -> None:
    rules = german_after(game, Vacated(h("0504"), True, 0))
    assert rules.verdict("ger-xx-10", h("0404"), h("0504")).is_legal
    assert rules.verdict("ger-xx-10", h("0404"), h("0604")).is_legal       # AGS 9.84: the second hex is free


def test_three_hexes_after_an_elimination_is_too_far(game: Game) -> None:
    rules = german_after(game, Vacated(h("0504"), True, 0))
    assert rules.verdict("ger-xx-10", h("0404"), h("0705")).case == "AGS 9.84"


def test_an_advance_follows_the_path_of_retreat_as_far_as_it_goes(game: Game) -> None:
    rules = german_after(game, Vacated(h("0504"), False, 2, (h("0502"),)), **{"sov-xx-1": "0502"})
    assert rules.verdict("ger-xx-10", h("0404"), h("0503")).is_legal        # 0504, 0503: the path
    assert rules.verdict("ger-xx-10", h("0404"), h("0604")).case == "AGS 9.82"   # off the path


def test_an_advance_longer_than_the_retreat_is_found(game: Game) -> None:
    rules = german_after(game, Vacated(h("0504"), False, 1, (h("0503"),)), **{"sov-xx-1": "0503"})
    assert rules.verdict("ger-xx-10", h("0404"), h("0604")).case == "AGS 9.85"


def test_a_soviet_advance_stops_in_a_german_zone_of_control(game: Game) -> None:
    after = position(game, {"sov-xx-1": "0404", "ger-xx-11": "0505"}, phase="Soviet Combat")
    rules = AdvanceRules("Soviet", (Vacated(h("0504"), True, 0),), after)
    assert rules.verdict("sov-xx-1", h("0404"), h("0504")).is_legal
    assert rules.verdict("sov-xx-1", h("0404"), h("0604")).case == "AGS 9.82"


def test_no_advance_after_an_engaged_result(game: Game) -> None:
    after = position(game, {"ger-xx-10": "0404"}, phase="German Combat")
    rules = AdvanceRules("German", (Vacated(h("0504"), True, 0),), after, "AGS 9.69", "engaged: no advance")
    assert rules.verdict("ger-xx-10", h("0404"), h("0504")).case == "AGS 9.69"


def test_an_advance_needs_a_vacated_enemy_hex(game: Game) -> None:
    rules = german_after(game, Vacated(h("0808"), True, 0))
    assert rules.verdict("ger-xx-10", h("0404"), h("0504")).case == "AGS 9.81"


def test_a_move_through_the_vacated_hex_is_an_advance_not_a_retreat(game: Game) -> None:
    rules = german_after(game, Vacated(h("0504"), True, 0))
    assert rules.is_advance(h("0404"), h("0604")) and not rules.is_advance(h("0404"), h("0304"))
