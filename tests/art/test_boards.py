"""Off-map boards: named boxes that do not overlap and lie inside their picture."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from vmodgen.art.boards import mud_turns, render_dead_pile, render_turn_track
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
