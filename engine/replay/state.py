"""The state of a replayed game: pieces, stacks, maps and their boards, turns, properties, players.

``GameState`` holds the live objects (``engine.replay.pieces``) and answers questions about them
with frozen ``PieceView`` snapshots, so a caller never holds something that changes under it.

>>> from vmodgen.engine.replay import Replay
>>> from vmodgen.engine.vassal import read_game, read_module
>>> replay = Replay(read_game("tests/data/logs/basic.vlog"),
...                 read_module("tests/data/modules/oracle-test.vmod"))
>>> [p.name for p in replay.state.pieces_at("Main Map", "0302")]
['Red Infantry']
>>> steps = replay.run()
>>> [p.name for p in replay.state.pieces_at("Main Map", "0302")]
['Blue Infantry']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vmodgen.engine.replay.pieces import Item, MapState, Piece
from vmodgen.engine.vassal.commands import AddPlayer
from vmodgen.engine.vassal.module import ModuleInfo


@dataclass(frozen=True)
class PieceView:
    """What a piece is and where, at one moment of the game.

    ``properties`` are the piece's own (Marker, Dynamic Property, Layer ``_Level``/``_Name``,
    Text Label, ``BasicName``); ``layers`` maps each Layer's name to VASSAL's signed level
    (1-based; negative when the layer is switched off). ``location`` is the engine's location
    name (``offboard`` off the boards, None without module); ``stack`` is (stack id, index from
    the bottom) or None.
    """

    id: str
    name: str
    gpid: str
    properties: dict[str, str] = field(hash=False, compare=True)
    layers: dict[str, int] = field(hash=False, compare=True)
    map: str | None
    x: int
    y: int
    location: str | None
    stack: tuple[str, int] | None
    hidden: bool = False
    masked: bool = False

    def __init__(self, id: str, name: str, gpid: str, properties: dict[str, str], layers: dict[str, int],
                 map: str | None, x: int, y: int, location: str | None, stack: tuple[str, int] | None,
                 hidden: bool = False, masked: bool = False) -> None:
        # The fields set at once rather than one frozen-dataclass ``__setattr__`` call each: a
        # replay makes a view for every piece event, and those calls were a fifth of a move step
        # (issue 9). ``tests/replay/test_views.py`` holds this to the dataclass's fields.
        object.__setattr__(self, "__dict__", {
            "id": id, "name": name, "gpid": gpid, "properties": properties, "layers": layers, "map": map,
            "x": x, "y": y, "location": location, "stack": stack, "hidden": hidden, "masked": masked})


@dataclass(frozen=True)
class Player:
    """A seat in the roster; the password the log keys it by is deliberately not kept here."""

    name: str
    side: str


class GameState:
    """Everything the replay knows about the game at the current step."""

    def __init__(self, module: ModuleInfo | None) -> None:
        self.module = module
        self.items: dict[str, Item] = {}
        self.maps: list[MapState] = []
        self._maps_by_key: dict[str, MapState] = {}
        for info in module.maps if module else []:
            self._register(MapState(info.id, info.name, info))
        self.turn_states: dict[str, str] = {}
        self.properties: dict[str, str] = dict(module.global_properties) if module else {}
        self.players: dict[str, Player] = {}
        self._sides_by_name: dict[str, str | None] = {}
        self.started = False
        self._new_ids = 0

    def reset(self) -> None:
        """``GameState.setup(false)`` before a restore: no pieces, boards or players; initial values."""
        self.items.clear()
        for game_map in self.maps:
            game_map.clear()
            game_map.set_boards(None)
        self.turn_states.clear()
        self.properties = dict(self.module.global_properties) if self.module else {}
        self.players.clear()
        self._sides_by_name.clear()
        self.started = False

    # -- lookups -------------------------------------------------------------------------------

    def _register(self, game_map: MapState) -> None:
        self.maps.append(game_map)
        for key in (game_map.name, game_map.id):
            if key and key not in self._maps_by_key:
                self._maps_by_key[key] = game_map

    def map_by_id(self, map_id: str | None, create: bool = False) -> MapState | None:
        """``Map.getMapById``; without a module, maps are made up as commands name them."""
        if map_id is None:
            return None
        found = self._maps_by_key.get(map_id)
        if found is None and create and self.module is None:
            found = MapState(map_id, map_id, None)
            self._register(found)
        return found

    def new_id(self) -> str:
        self._new_ids += 1
        return f"replay-{self._new_ids}"

    def add_item(self, item: Item) -> None:
        if item.id is None:
            item.id = self.new_id()
        self.items[item.id] = item

    def add_player(self, command: AddPlayer) -> None:
        self.players[command.password] = Player(command.name, command.side)
        self._sides_by_name.clear()

    def side_of(self, password: str | None) -> str | None:
        player = self.players.get(password) if password is not None else None
        return player.side if player is not None and player.side else None

    def side_of_name(self, name: str) -> str | None:
        """The side of the first seat with this player name (remembered: every chat line asks)."""
        if name not in self._sides_by_name:
            self._sides_by_name[name] = next((p.side for p in self.players.values() if p.name == name and p.side),
                                             None)
        return self._sides_by_name[name]

    # -- views ----------------------------------------------------------------------------------

    def view(self, piece: Piece) -> PieceView:
        game_map = piece.map
        x, y = piece.position
        stack = (piece.parent.id or "", piece.parent.index(piece)) if piece.parent is not None else None
        name, properties, layers, hidden, masked = piece.type.describe(piece.trait_states())
        return PieceView(piece.id or "", name, piece.gpid, properties, layers, game_map.name if game_map else None,
                         x, y, game_map.location_name(x, y) if game_map else None, stack, hidden, masked)

    def piece(self, piece_id: str) -> PieceView | None:
        item = self.items.get(piece_id)
        return self.view(item) if isinstance(item, Piece) else None

    def pieces(self) -> list[PieceView]:
        """Every piece in the game (stacks left out), in the order they were added."""
        return [self.view(item) for item in self.items.values() if isinstance(item, Piece)]

    def pieces_at(self, map_name: str, location: str) -> list[PieceView]:
        """The pieces on a map whose location name is ``location``, bottom of each stack first."""
        return [v for v in self.pieces() if v.map == map_name and v.location == location]

    def turn_levels(self) -> dict[str, dict[str, str]]:
        """Each turn tracker's active levels, e.g. ``{"Game Turn": {"Turn": "3", "Phase": "Combat"}}``."""
        result: dict[str, dict[str, str]] = {}
        for tracker in self.module.turn_trackers if self.module else []:
            if tracker.id in self.turn_states:
                result[tracker.name] = tracker.levels_of(self.turn_states[tracker.id])
        return result

    def turn_texts(self) -> dict[str, str]:
        return {tracker.name: tracker.turn_text(self.turn_states[tracker.id])
                for tracker in (self.module.turn_trackers if self.module else [])
                if tracker.id in self.turn_states}
