"""The map board: the size VASSAL expects, every hex around its snap point, terrain and rivers
where the data puts them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from vmodgen.art.colors import rgb
from vmodgen.art.map_features import SETUP_DISC
from vmodgen.art.map_frame import MapFrame, geometry_of
from vmodgen.art.map_key import key_layout
from vmodgen.art.map_labels import draw_area_letters
from vmodgen.art.map_render import render_map
from vmodgen.art.png import png_bytes
from vmodgen.art.text import font
from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game


@pytest.fixture(scope="module")
def mini_map(mini: Game):
    return render_map(mini)


def test_rendering_the_map_twice_gives_the_same_bytes(mini: Game, mini_map) -> None:
    assert png_bytes(render_map(mini)) == png_bytes(mini_map)


def test_map_has_the_size_of_the_board_geometry(mini: Game, mini_map) -> None:
    board = geometry_of(mini)
    assert mini_map.size == (board.width, board.height)


def test_woods_hex_centres_are_woods_coloured(mini: Game, mini_map) -> None:
    frame = MapFrame.of(mini)
    woods = [h for h, t in mini.map.hexes.items() if t.terrain == "woods"]
    assert woods
    for hex_ in woods:
        r, g, b = mini_map.getpixel(tuple(int(v) for v in frame.centre(hex_)))
        assert g > r and g > b, f"{mini.map.name(hex_)} centre is {(r, g, b)}, not in the woods' green family"


def test_clear_hex_centres_keep_the_clear_colour(mini: Game, mini_map) -> None:
    frame = MapFrame.of(mini)
    clear = rgb(mini.terrain.types["clear"].color)
    for name in ("0104", "0204", "0605"):
        pixel = mini_map.getpixel(tuple(int(v) for v in frame.centre(mini.map.layout.parse(name))))
        assert max(abs(a - b) for a, b in zip(pixel, clear)) <= 2


@pytest.mark.parametrize("a, b", [("0303", "0403"), ("0304", "0404"), ("0202", "0203")])
def test_river_hexside_midpoints_are_river_coloured(mini: Game, mini_map, a: str, b: str) -> None:
    frame = MapFrame.of(mini)
    layout = mini.map.layout
    x, y = frame.hexside_midpoint(layout.parse(a), layout.parse(b))
    r, g, blue = mini_map.getpixel((round(x), round(y)))
    assert blue > r + 60 and blue > g, f"{a}/{b} midpoint is {(r, g, blue)}"


def test_hexside_without_a_river_is_not_river_coloured(mini: Game, mini_map) -> None:
    frame = MapFrame.of(mini)
    layout = mini.map.layout
    x, y = frame.hexside_midpoint(layout.parse("0102"), layout.parse("0103"))
    r, g, blue = mini_map.getpixel((round(x), round(y)))
    assert not (blue > r + 60 and blue > g)


def test_each_hex_is_drawn_around_the_vassal_snap_point(mini: Game) -> None:
    frame = MapFrame.of(mini)
    board = geometry_of(mini)
    for hex_ in mini.map.layout.hexes():
        cx = sum(x for x, _ in frame.corners(hex_)) / 6
        cy = sum(y for _, y in frame.corners(hex_)) / 6
        assert (round(cx), round(cy)) == board.pixel(hex_)


def test_map_without_a_key_strip_still_gets_a_title(mini: Game, mini_map) -> None:
    assert mini.map.art.key_width == 0
    strip = mini_map.crop((0, 0, mini_map.width // 2, mini.map.art.margin))
    assert strip.convert("L").getextrema()[0] < 80


def test_kiev_map_renders_at_its_board_size(repo_root: Path) -> None:
    try:
        game = load_game(repo_root / "games" / "kiev")
    except Exception as error:  # noqa: BLE001 - the Kiev data may still be incomplete
        pytest.skip(f"games/kiev does not load yet: {str(error).splitlines()[0]}")
    board = geometry_of(game)
    assert render_map(game).size == (board.width, board.height)
    assert Hex(1, 1) in game.map.hexes


def test_an_area_name_too_wide_for_its_disc_gets_a_pill_that_holds_it(mini: Game) -> None:
    """PGG names its set-up areas after armies ("13th Army"): the name must stay readable."""
    frame = MapFrame.of(mini)
    image = Image.new("RGB", (frame.width, frame.height), "white")
    (letter,), (army,) = (draw_area_letters(image, frame, [(name, (170, 80, 60), (200.0, 200.0))], SETUP_DISC)
                          for name in ("A", "13th Army"))
    r = frame.hex_height * SETUP_DISC
    assert letter == pytest.approx((200 - r, 200 - r, 200 + r, 200 + r))     # a disc for one letter
    text = ImageDraw.Draw(image).textlength("13th Army", font=font("bold", round(r * 1.2)))
    assert army[2] - army[0] > text and army[3] - army[1] == pytest.approx(2 * r)


def test_the_key_names_each_sides_set_up_areas(repo_root: Path) -> None:
    game = load_game(repo_root / "games" / "panzergruppe-guderian")
    items = [(i.kind, i.label, i.letter) for i in key_layout(MapFrame.of(game), game).items]
    assert ("setup", "Soviet set-up area", "13th Army") in items
    kiev = load_game(repo_root / "games" / "kiev")
    assert all(i.kind != "setup" for i in key_layout(MapFrame.of(kiev), kiev).items)
