"""Charts: built from the data, with the rule cases they come from."""

from __future__ import annotations

import pytest

from vmodgen.art.charts import (cases, defense_text, movement_text, render_crt, render_reinforcement_chart,
                        render_sequence_chart, render_terrain_chart)
from vmodgen.art.png import png_bytes
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.provenance import Provenance

RENDERERS = [render_crt, render_terrain_chart, render_reinforcement_chart, render_sequence_chart]


@pytest.mark.parametrize("render", RENDERERS, ids=lambda f: f.__name__)
def test_chart_renders_the_same_bytes_twice(mini: Game, render) -> None:
    image = render(mini)
    assert image.width > 300 and image.height > 100
    assert png_bytes(image) == png_bytes(render(mini))


def test_case_numbers_come_from_rules_sources_only() -> None:
    sources = [Provenance.parse("rules: 10.4 (Woods), 10.11"), Provenance.parse("reconstructed: 9.5 guess"),
               Provenance.parse("rules: 10.4, 19.53")]
    assert cases(sources) == ["10.11", "10.4", "19.53"]   # the book's order: 10.11 comes before 10.4


def test_terrain_costs_read_by_movement_class(mini: Game) -> None:
    assert movement_text(mini.terrain.types["woods"]) == "Mech 2, Inf 1"
    assert movement_text(mini.terrain.types["clear"]) == "1"


def test_hexside_costs_read_by_side(mini: Game) -> None:
    assert movement_text(mini.terrain.types["minor_river"]) == "+1 Red, +2 Blue"


def test_defense_multipliers_read_as_words(mini: Game) -> None:
    assert defense_text(mini.terrain.types["woods"]) == "Doubled"
    assert defense_text(mini.terrain.types["major_river"]) == "Tripled"
    assert defense_text(mini.terrain.types["clear"]) == "None"
