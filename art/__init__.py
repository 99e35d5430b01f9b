"""Pictures drawn from the game model: the map board, the counters, battle markers, the charts
and the off-map boards, all deterministic (the same Game gives the same PNG bytes).

>>> from pathlib import Path
>>> from vmodgen.engine.model.loader import load_game
>>> game = load_game(Path("tests/data/games/mini"))
>>> render_counter(game, game.counter("red-xx-1"), "front").size == (counter_size(game),) * 2
True
"""

from __future__ import annotations

from vmodgen.art.boards import Rect, render_dead_pile, render_turn_track
from vmodgen.art.charts import (own_tables, render_crt, render_own_table, render_reinforcement_chart,
                                render_sequence_chart, render_terrain_chart)
from vmodgen.art.counters import counter_size, render_counter
from vmodgen.art.map_render import render_map
from vmodgen.art.markers import (render_disrupted, render_game_marker, render_marker, render_moved_flag,
                                 render_strength_level)
from vmodgen.art.png import png_bytes
from vmodgen.art.sheet import render_sheet
from vmodgen.art.victory import render_victory_chart

__all__ = [
    "Rect", "counter_size", "own_tables", "png_bytes", "render_counter", "render_crt", "render_dead_pile",
    "render_disrupted", "render_game_marker", "render_strength_level",
    "render_map", "render_marker", "render_moved_flag", "render_own_table", "render_reinforcement_chart",
    "render_sequence_chart", "render_sheet", "render_terrain_chart", "render_turn_track", "render_victory_chart",
]
