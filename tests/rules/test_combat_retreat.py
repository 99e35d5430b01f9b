"""Retreat paths [AGS 9.71-9.75, 8.25; Kiev 19.52, 19.7] on the kievlike map (the Dnieper runs
between hexrows 06 and 07, crossed by a road at 0605/0705)."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.retreat import RetreatGround, stacking_after_retreat
from vmodgen.engine.rules.situation import Situation
from tests.rules.conftest import h, position


def ground(here: Situation, retreating: list[str]) -> RetreatGround:
    return RetreatGround.of(here, "Soviet", [here], retreating)


def attacked_in_0504(game: Game, **more: str) -> Situation:
    return position(game, {"sov-xx-1": "0504", "ger-xx-10": "0404", **more}, phase="German Combat")


def test_a_retreat_into_an_open_hex_is_legal(game: Game) -> None:
    here = attacked_in_0504(game)
    assert ground(here, ["sov-xx-1"]).path_verdict("sov-xx-1", h("0504"), h("0604"), 1).is_legal


def test_a_retreat_must_end_its_length_away(game: Game) -> None:
    here = attacked_in_0504(game)
    assert ground(here, ["sov-xx-1"]).path_verdict("sov-xx-1", h("0504"), h("0605"), 1).case == "AGS 9.73"


def test_a_retreat_into_an_enemy_zone_of_control_is_illegal(game: Game) -> None:
    here = attacked_in_0504(game, **{"ger-xx-11": "0605"})       # 0605 controls 0604
    verdict = ground(here, ["sov-xx-1"]).path_verdict("sov-xx-1", h("0504"), h("0604"), 1)
    assert verdict.is_illegal and verdict.case == "AGS 9.71"


def test_a_friendly_combat_unit_opens_an_enemy_zone_to_retreats(game: Game) -> None:
    here = attacked_in_0504(game, **{"ger-xx-11": "0605", "sov-xx-2": "0604"})
    assert h("0604") in ground(here, ["sov-xx-1"]).ends(h("0504"), 1)      # AGS 8.25


def test_a_retreat_into_a_friendly_hex_when_a_vacant_one_was_open_is_illegal(game: Game) -> None:
    here = attacked_in_0504(game, **{"sov-xx-2": "0604"})
    assert ground(here, ["sov-xx-1"]).path_verdict("sov-xx-1", h("0504"), h("0604"), 1).case == "AGS 9.74"


def test_a_retreat_across_a_major_river_needs_a_road_or_railroad(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0604", "sov-xx-2": "0605", "ger-xx-10": "0504", "ger-xx-11": "0505"},
                    phase="German Combat")
    across = ground(here, ["sov-xx-1"]).path_verdict("sov-xx-1", h("0604"), h("0704"), 1)
    assert across.is_illegal and across.case == "Kiev 19.52"
    assert ground(here, ["sov-xx-2"]).path_verdict("sov-xx-2", h("0605"), h("0705"), 1).is_legal


def test_a_unit_with_no_way_but_off_the_map_is_rightly_eliminated(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0101", "ger-xx-10": "0201", "ger-xx-11": "0102"}, phase="German Combat")
    assert ground(here, ["sov-xx-1"]).open_end("sov-xx-1", 1) is None
    assert ground(here, ["sov-xx-1"]).eliminated_verdict("sov-xx-1", 1).is_legal


def test_eliminating_a_unit_a_safe_retreat_would_save_is_illegal(game: Game) -> None:
    verdict = ground(attacked_in_0504(game), ["sov-xx-1"]).eliminated_verdict("sov-xx-1", 1)
    assert verdict.is_illegal and verdict.case == "Kiev 19.7"      # the German player retreats Soviet units


def test_a_retreat_that_overstacks_its_hex_is_found(game: Game) -> None:
    after = position(game, {"sov-xx-1": "0604", "sov-xx-2": "0604", "sov-xx-3": "0604", "sov-xx-4": "0604"},
                     phase="German Combat")
    assert [v.case for v in stacking_after_retreat(after, "Soviet", [h("0604")])] == ["AGS 9.74"]


def test_no_retreat_into_an_all_sea_hex(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0111", "ger-xx-10": "0110"}, phase="German Combat")
    verdict = ground(here, ["sov-xx-1"]).path_verdict("sov-xx-1", h("0111"), h("0112"), 1)
    assert verdict.is_illegal and verdict.case == "AGS 10.16"


def test_a_retreat_through_a_friendly_hex_when_a_vacant_path_was_open_is_illegal(game: Game) -> None:
    here = attacked_in_0504(game, **{"sov-xx-2": "0505"})     # 0506 is two hexes away only through 0505
    assert ground(here, ["sov-xx-1"]).path_verdict("sov-xx-1", h("0504"), h("0506"), 2).case == "AGS 9.74"
    assert ground(here, ["sov-xx-1"]).path_verdict("sov-xx-1", h("0504"), h("0502"), 2).is_legal
