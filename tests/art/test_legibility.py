"""Issue 11: counters a player reads at 100% zoom. Every text drawn on every counter face and
marker of every game is set at MIN_TEXT (9 px) or larger."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.art import counters, markers
from vmodgen.art.counters import FACES, MIN_TEXT, render_counter
from vmodgen.art.markers import render_marker
from vmodgen.engine.model.loader import load_game

REPO = Path(__file__).resolve().parents[2]
# a game whose map/ is another branch's and not merged yet (Korsun 1944 until k1944-map) cannot load
GAMES = sorted(p for p in (REPO / "games").iterdir() if (p / "game.toml").is_file() and (p / "map" / "grid.toml").is_file())


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """(text, font size) of every text the counter and marker painters draw."""
    drawn: list[tuple[str, int]] = []
    for module in (counters, markers):
        original = module.draw_text

        def spy(draw, xy, text, face, *args, _original=original, **kwargs):
            drawn.append((text, face.size))
            return _original(draw, xy, text, face, *args, **kwargs)
        monkeypatch.setattr(module, "draw_text", spy)
    return drawn


@pytest.mark.parametrize("folder", GAMES, ids=[p.name for p in GAMES])
def test_no_counter_text_is_smaller_than_nine_pixels(folder: Path, sizes: list[tuple[str, int]]) -> None:
    game = load_game(folder)
    for counter in game.counters:
        for face in FACES:
            render_counter(game, counter, face)
    for role in ("attack", "defend", "overrun"):
        render_marker(role, 8, game)
    assert sizes, "nothing was drawn"
    assert sorted({(text, size) for text, size in sizes if size < MIN_TEXT}) == []


def test_a_long_parent_formation_moves_to_the_corner_rather_than_shrink(sizes: list[tuple[str, int]]) -> None:
    game = load_game(REPO / "games" / "kiev")
    render_counter(game, game.counter("ger-iii-156-16m"), "front")
    assert ("16m", MIN_TEXT) in sizes or any(text == "16m" and size >= MIN_TEXT for text, size in sizes)
    assert min(size for _, size in sizes) >= MIN_TEXT
