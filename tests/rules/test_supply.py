"""Supply [AGS 12.0, 11.3, 10.15; Kiev 19.8]. On the kievlike map the German supply source is the
west-edge road hex 0105; the Soviet sources are the east-edge road and railroad hexes 1205 (area
K) and 1208 (area L)."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.supply import SupplyTracer, _map_memo, supply_state
from tests.rules.conftest import h, position

# Two Soviet units whose zones close the Dnieper road and railroad bridges at 0705 and 0708.
BRIDGES_CLOSED = {"sov-xx-6": "0805", "sov-xx-7": "0808"}


def test_supply_sources_are_the_edge_hexes_where_a_road_runs_off_the_map(game: Game) -> None:
    here = position(game, {}, turn=2)
    tracer = SupplyTracer(here)
    assert tracer.sources("German") == {h("0105")}
    assert tracer.sources("Soviet") == {h("1205"), h("1208")}


def test_german_unit_traces_supply_of_any_length(game: Game) -> None:
    state = supply_state(position(game, {"ger-xx-10": "1104"}, turn=2), "ger-xx-10")
    assert state.status == "in" and state.case == "AGS 12.1"


def test_a_source_occupied_by_the_enemy_supplies_nobody(game: Game) -> None:
    state = supply_state(position(game, {"ger-xx-10": "0505", "sov-xx-1": "0105"}, turn=2), "ger-xx-10")
    assert state.status == "out"


def test_enemy_zoc_blocks_supply_unless_a_friendly_unit_is_there(game: Game) -> None:
    cut = position(game, {"ger-xx-10": "0505", "sov-xx-1": "0205"}, turn=2)
    assert supply_state(cut, "ger-xx-10").status == "out"
    held = position(game, {"ger-xx-10": "0505", "sov-xx-1": "0205", "ger-xx-11": "0105"}, turn=2)
    assert supply_state(held, "ger-xx-10").status == "in"


def test_a_soviet_hq_zoc_does_not_block_german_supply(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0505", "sov-hq-a": "0205"}, turn=2)
    assert supply_state(here, "ger-xx-10").status == "in"


def test_a_unit_in_a_swamp_is_in_supply(game: Game) -> None:
    assert supply_state(position(game, {"ger-xx-10": "0410"}, turn=2), "ger-xx-10").status == "in"


def test_supply_cannot_be_traced_through_a_swamp(game: Game) -> None:
    # 0411: the Stream (a major river) on its west sides, the swamp 0410 north, Soviet zones east and south.
    here = position(game, {"ger-xx-10": "0411", "ger-xx-11": "0410", "sov-xx-1": "0512"}, turn=2)
    assert supply_state(here, "ger-xx-10").status == "out"
    opened = position(game, {"ger-xx-10": "0411", "ger-xx-11": "0511", "sov-xx-1": "0512"}, turn=2)
    assert supply_state(opened, "ger-xx-10").status == "in"


def test_supply_crosses_a_major_river_along_a_road(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0703", "sov-xx-7": "0808"}, turn=2, control={"0603": "Soviet"})
    assert supply_state(here, "ger-xx-10").status == "in"


def test_supply_does_not_cross_a_major_river_elsewhere(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0703", **BRIDGES_CLOSED}, turn=2, control={"0603": "Soviet"})
    assert supply_state(here, "ger-xx-10").status == "out"


def test_supply_crosses_a_major_river_at_a_friendly_city(game: Game) -> None:
    here = position(game, {"ger-xx-10": "0703", **BRIDGES_CLOSED}, turn=2, control={"0603": "German"})
    assert supply_state(here, "ger-xx-10").status == "in"


def test_supply_across_a_city_of_unknown_control_is_unknown(game: Game) -> None:
    state = supply_state(position(game, {"ger-xx-10": "0703", **BRIDGES_CLOSED}, turn=2), "ger-xx-10")
    assert state.status == "unknown" and state.case == "AGS 10.15"
    assert "who controls a city" in state.reason


def test_soviet_unit_within_an_hq_command_radius_is_in_supply(game: Game) -> None:
    state = supply_state(position(game, {"sov-hq-a": "1105", "sov-xx-1": "0705"}, turn=2), "sov-xx-1")
    assert state.status == "in" and state.case == "AGS 12.14"
    assert "HQ A Army in 1105" in state.reason


def test_soviet_unit_beyond_every_command_radius_is_out_of_supply(game: Game) -> None:
    state = supply_state(position(game, {"sov-hq-a": "1105", "sov-xx-1": "0605"}, turn=2), "sov-xx-1")
    assert state.status == "out" and state.case == "AGS 11.34"


def test_line_of_communications_ignores_major_rivers(game: Game) -> None:
    here = position(game, {"sov-hq-b": "1108", "sov-xx-1": "0505"}, turn=2)
    assert supply_state(here, "sov-xx-1").status == "in"


def test_line_of_communications_may_not_pass_through_enemy_zoc(game: Game) -> None:
    free = position(game, {"sov-hq-a": "1105", "sov-xx-1": "0905"}, turn=2)
    assert supply_state(free, "sov-xx-1").status == "in"
    cut = position(game, {"sov-hq-a": "1105", "sov-xx-1": "0905", "ger-xx-10": "1004", "ger-xx-11": "1007"},
                   turn=2)
    assert supply_state(cut, "sov-xx-1").status == "out"


def test_unit_in_communication_only_with_an_unsupplied_hq_is_out_of_supply(game: Game) -> None:
    here = position(game, {"sov-hq-a": "0905", "sov-xx-1": "0805", "ger-xx-10": "1206", "ger-xx-11": "1209"},
                    turn=2)
    state = supply_state(here, "sov-xx-1")
    assert state.status == "out" and "out-of-supply HQs (HQ A Army)" in state.reason


def test_soviet_units_are_in_supply_throughout_their_first_player_turn(game: Game) -> None:
    state = supply_state(position(game, {"sov-xx-1": "0101"}, turn=1), "sov-xx-1")
    assert state.status == "in" and state.case == "Kiev 19.85"


def test_first_turn_soviet_supply_is_a_line_of_any_length_in_the_german_player_turn(game: Game) -> None:
    far = position(game, {"sov-xx-1": "0101"}, turn=1, phase="German Combat")
    assert supply_state(far, "sov-xx-1").status == "in"
    cut = position(game, {"sov-xx-1": "0411", "sov-xx-2": "0410", "ger-xx-10": "0512"}, turn=1,
                   phase="German Combat")
    assert supply_state(cut, "sov-xx-1").status == "out"


def test_a_reinforcement_is_in_supply_in_the_player_turn_it_enters(game: Game) -> None:
    here = position(game, {"sov-xx-1": "0101"}, turn=3)
    assert supply_state(here, "sov-xx-1", entered_this_player_turn=True).status == "in"


def test_the_supply_steps_kept_for_a_hex_are_those_asked_one_by_one(kiev: Game) -> None:
    """A line of supply's steps from each hex, kept for the map (issue 9 speed), are the ones the
    search would find asking neighbour by neighbour."""
    memo = _map_memo(kiev)
    for hex_ in kiev.map.hexes:
        assert memo.steps(hex_) == tuple(memo.steps_one_by_one(hex_, set(), set()))
