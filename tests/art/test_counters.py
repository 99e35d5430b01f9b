"""Counters: side colour, values as printed, ``?`` for what is unknown, and an untried back
that gives nothing away."""

from __future__ import annotations

from dataclasses import replace

from vmodgen.art.colors import rgb
from vmodgen.art.counters import counter_size, face_look, render_counter, value_text
from vmodgen.art.markers import render_marker
from vmodgen.art.png import png_bytes
from vmodgen.art.sheet import render_sheet
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Face


def _main_colour(image) -> tuple[int, int, int]:
    return max(image.getcolors(image.width * image.height))[1]


def test_counter_is_three_quarters_of_a_hex(mini: Game) -> None:
    assert counter_size(mini) == 60
    assert render_counter(mini, mini.counter("red-xx-1"), "front").size == (60, 60)


def test_counter_background_is_the_side_colour(mini: Game) -> None:
    for counter_id in ("red-xx-1", "blue-iii-5-7"):
        counter = mini.counter(counter_id)
        image = render_counter(mini, counter, "front")
        assert _main_colour(image) == rgb(mini.side(counter.side).color)


def test_rendering_a_counter_twice_gives_the_same_bytes(mini: Game) -> None:
    counter = mini.counter("blue-iii-5-7")
    assert png_bytes(render_counter(mini, counter, "back")) == png_bytes(render_counter(mini, counter, "back"))


def test_values_read_attack_defense_movement(mini: Game) -> None:
    assert value_text(mini, mini.counter("red-xx-1"), "front") == "2-3-6"


def test_unknown_values_read_as_question_marks(mini: Game) -> None:
    counter = replace(mini.counter("red-xx-1"), front=Face(None, 3, None))
    assert value_text(mini, counter, "front") == "?-3-?"
    assert face_look(mini, counter, "front").values == "?-3-?"


def test_hq_shows_leadership_and_movement(mini: Game) -> None:
    assert value_text(mini, mini.counter("red-hq-a"), "front") == "(4)-10"


def test_unknown_leadership_reads_as_a_question_mark(mini: Game) -> None:
    counter = replace(mini.counter("red-hq-a"), leadership=None)
    assert value_text(mini, counter, "front") == "(?)-10"


def test_reduced_back_shows_the_back_values_and_a_stripe(mini: Game) -> None:
    look = face_look(mini, mini.counter("blue-iii-5-7"), "back")
    assert look.values == "3-1-10"
    assert look.reduced


def test_untried_back_shows_only_type_size_and_movement(mini: Game) -> None:
    look = face_look(mini, mini.counter("red-xx-2"), "back")
    assert look.values == "?-?-6"
    assert (look.symbol, look.size) == ("infantry", "XX")
    assert (look.left, look.right, look.inside, look.title) == ("", "", "", "")
    assert not look.asterisk


def test_asterisk_shows_on_the_front_only(mini: Game) -> None:
    counter = mini.counter("red-xx-2")
    assert face_look(mini, counter, "front").asterisk
    assert not face_look(mini, counter, "back").asterisk


def test_designation_is_split_around_the_box(mini: Game) -> None:
    look = face_look(mini, mini.counter("blue-iii-5-7"), "front")
    assert (look.left, look.right) == ("5", "7")


def test_blank_back_prints_no_values(mini: Game) -> None:
    look = face_look(mini, mini.counter("red-xx-1"), "back")
    assert look.blank and look.values == ""


def test_single_sided_counter_shows_its_front_on_the_back(mini: Game) -> None:
    counter = mini.counter("red-hq-a")
    assert png_bytes(render_counter(mini, counter, "back")) == png_bytes(render_counter(mini, counter, "front"))


def test_attack_marker_is_in_the_side_colour(mini: Game) -> None:
    image = render_marker("attack", 3, mini, side="Blue")
    assert image.size == (60, 60)
    assert _main_colour(image) == rgb(mini.side("Blue").color)


def test_defend_and_neutral_markers_render(mini: Game) -> None:
    assert render_marker("defend", 8, mini).size == (60, 60)
    assert render_marker("attack", 1, mini).size == (60, 60)


def test_sheet_holds_every_counter_front_and_back(mini: Game) -> None:
    sheet = render_sheet(mini)
    assert sheet.width >= 2 * counter_size(mini)
    assert sheet.height >= counter_size(mini) * len(mini.sides)


def test_a_mode_back_draws_the_back_symbol_of_its_type(repo_root) -> None:
    # WB-95 6.2.2: towed artillery prints a gun on its front (combat setup) and a truck on its
    # reverse (transport setup); the two faces looked the same before back_symbol
    from vmodgen.engine.model.loader import load_game
    game = load_game(repo_root / "games" / "korsun-1944")
    artillery = next(c for c in game.counters if c.type == "artillery" and c.back_kind == "mode")
    front, back = face_look(game, artillery, "front"), face_look(game, artillery, "back")
    assert (front.symbol, back.symbol) == ("artillery", "artillery_transport")
    assert png_bytes(render_counter(game, artillery, "front")) != png_bytes(render_counter(game, artillery, "back"))
