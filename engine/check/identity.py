"""Which counter of the game data a replayed piece is, and which face it shows.

Pieces of our modules carry ``Game`` and ``Unit`` properties (DESIGN.md, "What a piece says
about itself"), so identity never depends on piece ids, which change when VASSAL re-creates
pieces, nor on names, which change with the face.
"""

from __future__ import annotations

from dataclasses import dataclass

from vmodgen.engine.hexes import BadHexName, Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.replay import PieceView

FACE_LAYER = "Face"


@dataclass(frozen=True)
class BattleMarker:
    number: int
    role: str          # attack | defend


class Identities:
    """Tells the game's units among a log's pieces."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.ids = frozenset(c.id for c in game.counters)

    def unit_key(self, piece: PieceView) -> str | None:
        """The counter id of a piece of this game, or None for anything else."""
        props = piece.properties
        unit = props.get("Unit")
        if not unit or props.get("Marker") or props.get("Game", self.game.id) != self.game.id:
            return None
        return unit if unit in self.ids else None


def showing_back(piece: PieceView) -> bool:
    return abs(piece.layers.get(FACE_LAYER, 1)) == 2


def battle_marker(piece: PieceView) -> BattleMarker | None:
    props = piece.properties
    if props.get("Marker") != "Battle":
        return None
    try:
        return BattleMarker(int(props.get("Battle", "")), props.get("Role", ""))
    except ValueError:
        return None


def overrun_marker(piece: PieceView) -> int | None:
    """The number of an ``Overrun N`` marker (AGS 6.0), or None for any other piece."""
    props = piece.properties
    if props.get("Marker") != "Overrun":
        return None
    number = props.get("Overrun", "")
    return int(number) if number.isdigit() else None


def map_hex(game: Game, map_name: str | None, location: str | None) -> Hex | None:
    """The game-map hex a location names, or None (another map, a box, off the board)."""
    if map_name != game.map.board or not location:
        return None
    try:
        hex_ = game.map.layout.parse(location)
    except BadHexName:
        return None
    return hex_ if game.map.layout.contains(hex_) else None
