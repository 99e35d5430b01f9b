"""Everything drawn for a module, rendered once from the game: images by archive name, and the
named boxes of the off-map boards (where pieces start and where eliminated units go)."""

from __future__ import annotations

from dataclasses import dataclass

from vmodgen import art
from vmodgen.engine.model.game import Game
from vmodgen.unit_pieces import MOVED_FLAG, back_image, front_image, has_two_faces

Rect = tuple[int, int, int, int]

MAP_IMAGE = "map.png"
TURN_TRACK_IMAGE = "turn-track.png"
DEAD_PILE_IMAGE = "dead-pile.png"
BATTLE_MARKERS = 8
CHARTS = (
    ("Combat Results Table", "chart-crt.png", art.render_crt),
    ("Terrain Effects Chart", "chart-terrain.png", art.render_terrain_chart),
    ("Reinforcements", "chart-reinforcements.png", art.render_reinforcement_chart),
    ("Sequence of Play", "chart-sequence.png", art.render_sequence_chart),
    ("Victory Conditions", "chart-victory.png", art.render_victory_chart),
)
BATTLE_ROLES = ("attack", "defend")
OVERRUN_MARKERS = 6
OVERRUN = "overrun"


def battle_marker_image(role: str, number: int) -> str:
    return f"battle-{role}-{number}.png"


def overrun_marker_image(number: int) -> str:
    return f"overrun-{number}.png"


def has_overruns(game: Game) -> bool:
    """Overrun markers only for games whose rules have overruns (an overrun cost in the data)."""
    return "overrun_mp_cost" in game.rules


DISRUPTED_IMAGE = "disrupted.png"


def game_marker_image(name: str) -> str:
    """The image of a ``[[markers]]`` piece, named by the piece: ``Out of Supply 3`` ->
    ``marker-out-of-supply-3.png``."""
    return "marker-" + "-".join("".join(c if c.isalnum() else " " for c in name.lower()).split()) + ".png"


def has_disruption(game: Game) -> bool:
    """Disrupted markers only for games whose rules disrupt overrun defenders (PGG 6.6)."""
    param = game.rules.get("disruption")
    return param is not None and param.value is True


@dataclass(frozen=True)
class LevelMarker:
    """A Strength Level Marker (PGG 9.61): a level below the full-strength counter of a unit type
    of ``[rules.strength_levels]``, and the steps the unit has left at it."""

    unit_type: str
    side: str
    level: str
    steps: int

    @property
    def image(self) -> str:
        return f"level-{self.unit_type}-{self.side.lower()}-{self.steps}.png"

    @property
    def name(self) -> str:
        return f"{self.level} strength level"


def strength_level_markers(game: Game) -> list[LevelMarker]:
    """One marker per lower level of each ladder, per side with units of that type."""
    param = game.rules.get("strength_levels")
    ladders = param.value if param is not None and isinstance(param.value, dict) else {}
    found = []
    for unit_type, ladder in sorted(ladders.items()):
        for side in sorted({c.side for c in game.counters if c.type == unit_type}):
            found += [LevelMarker(unit_type, side, str(level), len(ladder) - index)
                      for index, level in enumerate(ladder) if index > 0]
    return found


@dataclass(frozen=True)
class Artwork:
    images: dict[str, bytes]
    counter_size: int
    turn_track_boxes: dict[str, Rect]
    dead_pile_boxes: dict[str, Rect]
    charts: tuple[tuple[str, str], ...]


def render_artwork(game: Game) -> Artwork:
    images: dict[str, bytes] = {MAP_IMAGE: art.png_bytes(art.render_map(game)),
                                MOVED_FLAG: art.png_bytes(art.render_moved_flag(game))}
    for counter in game.counters:
        images[front_image(counter)] = art.png_bytes(art.render_counter(game, counter, "front"))
        if has_two_faces(counter):
            images[back_image(counter)] = art.png_bytes(art.render_counter(game, counter, "back"))
    for role in BATTLE_ROLES:
        for number in range(1, BATTLE_MARKERS + 1):
            images[battle_marker_image(role, number)] = art.png_bytes(art.render_marker(role, number, game))
    for number in range(1, OVERRUN_MARKERS + 1 if has_overruns(game) else 1):
        images[overrun_marker_image(number)] = art.png_bytes(art.render_marker(OVERRUN, number, game))
    for marker in strength_level_markers(game):
        images[marker.image] = art.png_bytes(art.render_strength_level(game, marker.side, marker.level))
    if has_disruption(game):
        images[DISRUPTED_IMAGE] = art.png_bytes(art.render_disrupted(game))
    for marker in game.markers:
        for piece in marker.pieces():
            side = dict(piece.properties).get("Side")
            images[game_marker_image(piece.name)] = art.png_bytes(art.render_game_marker(game, piece.label, side))
    track, track_boxes = art.render_turn_track(game)
    dead, dead_boxes = art.render_dead_pile(game)
    images[TURN_TRACK_IMAGE] = art.png_bytes(track)
    images[DEAD_PILE_IMAGE] = art.png_bytes(dead)
    charts = []
    for title, name, render in CHARTS:
        images[name] = art.png_bytes(render(game))
        charts.append((title, name))
    for title, stem in art.own_tables(game):       # the game's own tables (Rostov 21.3, 20.34, ...)
        name = f"chart-{stem}.png"
        images[name] = art.png_bytes(art.render_own_table(game, stem))
        charts.append((title, name))
    return Artwork(images, art.counter_size(game), dict(track_boxes), dict(dead_boxes), tuple(charts))
