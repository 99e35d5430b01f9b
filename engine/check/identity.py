"""Which counter of the game data a replayed piece is, and on which hex it stands.

What a piece says about itself is :mod:`vmodgen.engine.piece_properties` (the builder writes
pieces with it); this module matches what it says against one game's data.
"""

from __future__ import annotations

from vmodgen.engine.hexes import BadHexName, Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.piece_properties import Piece, unit_of


class Identities:
    """Tells the game's units among a log's pieces."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.counters = {c.id: c for c in game.counters}
        self.ids = frozenset(self.counters)

    def counter(self, key: str) -> Counter:
        """The game's counter of that id (``Game.counter`` by a dictionary: asked once per piece
        event, a million times in a long log)."""
        return self.counters[key]

    def unit_key(self, piece: Piece) -> str | None:
        """The counter id of a piece of this game, or None for anything else."""
        unit = unit_of(piece, self.game.id)
        return unit if unit in self.ids else None


def map_hex(game: Game, map_name: str | None, location: str | None) -> Hex | None:
    """The game-map hex a location names, or None (another map, a box, off the board)."""
    if map_name != game.map.board or not location:
        return None
    try:
        hex_ = game.map.layout.parse(location)
    except BadHexName:
        return None
    return hex_ if game.map.layout.contains(hex_) else None
