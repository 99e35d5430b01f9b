"""Zones of control [AGS 8.0; Kiev 19.67]."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.zoc import enemy_zoc, occupied_by_friends, occupied_by_friends_of, zoc_of
from tests.rules.conftest import h, hexes, position


def test_unit_controls_the_six_adjacent_hexes(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0505"})
    assert zoc_of(here, "ger-xx-10") == set(hexes("0504", "0604", "0605", "0506", "0405", "0404"))


def test_major_river_blocks_zoc(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0605"})
    zone = zoc_of(here, "ger-xx-10")
    assert h("0705") not in zone and h("0706") not in zone
    assert zone == set(hexes("0604", "0606", "0505", "0506"))


def test_minor_river_does_not_block_zoc(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0310"})
    assert {h("0309"), h("0409")} <= zoc_of(here, "ger-xx-10")


def test_lake_hexside_blocks_zoc(game: Game) -> None:
    here = position(game, {"ger-xx-10": "1001"})
    assert h("1002") not in zoc_of(here, "ger-xx-10")


def test_zoc_does_not_extend_into_an_all_sea_hex(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0111"})
    assert h("0112") not in zoc_of(here, "ger-xx-10")


def test_hq_zoc_stops_movement_but_not_supply_or_retreat(game: Game) -> None:
    here = position(game, {"sov-hq-a": "0505"})
    assert h("0504") in enemy_zoc(here, "German", "movement")
    assert h("0504") not in enemy_zoc(here, "German", "supply")
    assert h("0504") not in enemy_zoc(here, "German", "retreat")


def test_leader_zoc_stops_movement_but_not_supply(game: Game) -> None:
    here = position(game, {"ger-ldr-g": "0505"})
    assert h("0504") in enemy_zoc(here, "Soviet", "movement")
    assert h("0504") not in enemy_zoc(here, "Soviet", "supply")


def test_friendly_unit_negates_enemy_zoc_for_supply_in_its_own_hex(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0505", "sov-xx-1": "0504"})
    assert h("0504") not in enemy_zoc(here, "Soviet", "supply")
    assert h("0506") in enemy_zoc(here, "Soviet", "supply")


def test_friendly_unit_does_not_negate_enemy_zoc_for_movement(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0505", "sov-xx-1": "0504"})
    assert h("0504") in enemy_zoc(here, "Soviet", "movement")


def test_only_a_friendly_combat_unit_negates_enemy_zoc_for_retreats(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0505", "sov-hq-a": "0504"})
    assert h("0504") in enemy_zoc(here, "Soviet", "retreat")
    assert h("0504") not in enemy_zoc(here, "Soviet", "supply")


def test_markers_exert_no_zoc(game: Game) -> None:
    here = position(game, {"mk-turn": "0505"})
    assert zoc_of(here, "mk-turn") == set()
    assert enemy_zoc(here, "Soviet") == {}


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_hexes_of_friends_by_class_sets_are_each_sets_own(kiev: Game, data: st.DataObject) -> None:
    """occupied_by_friends_of (one pass for several class sets, issue 9 speed) is
    occupied_by_friends for each set, the excluded unit left out wherever it stands."""
    markers = {c.id for c in kiev.counters if kiev.unit_types[c.type].unit_class == "marker"}
    keys = data.draw(st.lists(st.sampled_from([c.id for c in kiev.counters]), min_size=1, max_size=40, unique=True))
    keys = sorted(set(keys) | markers)
    where = {key: data.draw(st.sampled_from([None, "1519", "1520", "1619", "1620"])) for key in keys}
    situation = position(kiev, where)
    side = data.draw(st.sampled_from(sorted({kiev.counter(key).side for key in keys})))
    excluding = data.draw(st.sampled_from([None, *keys]))
    sets = [None, ("mech", "non_mech"), ("hq", "leader"), ("marker", "hq"), ()]
    assert occupied_by_friends_of(situation, side, sets, excluding=excluding) == [
        occupied_by_friends(situation, side, classes, excluding=excluding) for classes in sets]
