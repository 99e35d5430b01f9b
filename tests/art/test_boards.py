"""Off-map boards: named boxes that do not overlap and lie inside their picture."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from vmodgen.art.boards import mud_turns, render_dead_pile, render_turn_track, track_weather
from vmodgen.art.counters import counter_size
from vmodgen.art.png import png_bytes
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.provenance import Provenance
from vmodgen.engine.model.values import Param


def _overlap(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


@pytest.mark.parametrize("render", [render_turn_track, render_dead_pile], ids=lambda f: f.__name__)
def test_boxes_lie_inside_the_picture_and_do_not_overlap(mini: Game, render) -> None:
    image, boxes = render(mini)
    for name, (x, y, w, h) in boxes.items():
        assert 0 <= x and 0 <= y and x + w <= image.width and y + h <= image.height, name
    for (n1, a), (n2, b) in combinations(boxes.items(), 2):
        assert not _overlap(a, b), f"{n1} overlaps {n2}"


def test_turn_track_has_a_box_per_game_turn(mini: Game) -> None:
    _, boxes = render_turn_track(mini)
    assert [f"Turn {t}" for t in range(1, mini.turns.value + 1)] == [n for n in boxes if n.startswith("Turn ")]


def test_untried_units_wait_in_a_pool_box_by_type(mini: Game) -> None:
    _, boxes = render_turn_track(mini)
    pools = {f"Pool {c.type}" for c in mini.counters if c.role == "pool"}
    assert pools and pools <= set(boxes)


def test_boxes_hold_a_counter(mini: Game) -> None:
    c = counter_size(mini)
    for render in (render_turn_track, render_dead_pile):
        _, boxes = render(mini)
        assert all(w >= c and h >= c for _, _, w, h in boxes.values())


def test_dead_pile_has_a_box_per_side(mini: Game) -> None:
    _, boxes = render_dead_pile(mini)
    assert set(boxes) == {f"Eliminated {s.name}" for s in mini.sides}


def test_boards_render_the_same_bytes_twice(mini: Game) -> None:
    assert png_bytes(render_turn_track(mini)[0]) == png_bytes(render_turn_track(mini)[0])


def test_mud_turns_come_from_an_optional_rule_parameter(mini: Game) -> None:
    assert mud_turns(mini) == set()
    muddy = replace(mini, rules={**mini.rules, "mud_turns": Param("mud_turns", [2], Provenance("rules", "19.9"))})
    assert mud_turns(muddy) == {2}
    plain, boxes = render_turn_track(mini)
    marked, _ = render_turn_track(muddy)
    x, y, w, h = boxes["Turn 2"]
    assert marked.getpixel((x + w // 2, y + h - 6)) != plain.getpixel((x + w // 2, y + h - 6))


def _with_weather(game: Game, entries: list[dict]) -> Game:
    param = Param("turn_track_weather", entries, Provenance("rules", "Game-Turn Record Track"))
    return replace(game, rules={**game.rules, "turn_track_weather": param})


def test_the_track_prints_the_weather_words_of_the_data(mini: Game) -> None:
    # Operation Star's track prints "Thaw", not MUD (rulebook line 2450): the words are data
    assert track_weather(mini) == {}
    thaw = _with_weather(mini, [{"turns": [2], "label": "Thaw"}])
    assert track_weather(thaw) == {2: "Thaw"}
    plain, boxes = render_turn_track(mini)
    printed, _ = render_turn_track(thaw)
    x, y, w, _ = boxes["Turn 2"]
    header = (x + w // 2, y, x + w - 2, y + 24)
    assert plain.crop(header).tobytes() != printed.crop(header).tobytes()
    # a mud turn without words reads MUD, as Kiev's track always has
    muddy = replace(mini, rules={**mini.rules, "mud_turns": Param("mud_turns", [2], Provenance("rules", "19.9"))})
    mud_words = _with_weather(muddy, [{"turns": [2], "label": "MUD"}])
    assert png_bytes(render_turn_track(muddy)[0]) == png_bytes(render_turn_track(mud_words)[0])


def test_words_too_long_for_the_header_go_under_it(mini: Game) -> None:
    # Rostov's "N: Mod S: Clr" beside "Turn 2" would shrink the label: it is the line under the header
    long = _with_weather(mini, [{"turns": [2], "label": "N: Mod S: Clr with more words"}])
    plain, boxes = render_turn_track(mini)
    printed, _ = render_turn_track(long)
    x, y, w, _ = boxes["Turn 2"]
    header, under = (x + 2, y + 2, x + w - 2, y + 24), (x + 2, y + 28, x + w - 2, y + 42)
    assert plain.crop(header).tobytes() == printed.crop(header).tobytes()
    assert plain.crop(under).tobytes() != printed.crop(under).tobytes()


@pytest.mark.parametrize("game_id, words", [
    ("operation-star", {8: "Thaw", 9: "Thaw", 10: "Thaw"}),
    ("korsun", {**{t: "Snow" for t in (1, 2, 3, 9, 10, 11)}, **{t: "Mud" for t in (4, 5, 6, 7, 8, 12, 13)}}),
    ("kiev", {}),
])
def test_each_games_track_has_its_books_words(repo_root, game_id: str, words: dict[int, str]) -> None:
    from vmodgen.engine.model.loader import load_game
    game = load_game(repo_root / "games" / game_id)
    assert track_weather(game) == words
    if words:
        assert game.rules["turn_track_weather"].source.kind == "rules"
    # the words mark the turns the rules treat as mud or thaw (Korsun 20.12, Operation Star 19.7)
    assert {t for t, w in words.items() if w in ("Mud", "Thaw")} == (mud_turns(game) if words else set())


def test_rostovs_track_words_are_its_weather_chart(repo_root) -> None:
    # Rostov 20.0: the track's "N: Mod S: Clr" is the weather the checker reads from charts/weather-track.csv
    import csv
    from vmodgen.engine.model.loader import load_game
    game = load_game(repo_root / "games" / "rostov")
    short = {"clear": "Clr", "moderate": "Mod", "severe": "Sev"}
    with open(repo_root / "games" / "rostov" / "charts" / "weather-track.csv") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    assert track_weather(game) == {int(r["turn"]): f"N: {short[r['north']]} S: {short[r['south']]}" for r in rows}
    assert len(rows) == game.turns.value
