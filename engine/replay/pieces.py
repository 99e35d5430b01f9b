"""The live objects of a replayed game: pieces, stacks (and decks), maps.

They mirror the engine's GamePiece/Stack/Deck/Map closely enough that commands applied to
them leave every piece where the engine leaves it: a piece inside a stack takes its map and
position from the stack; a stack or unstacked piece sits in its map's piece collection; and the
engine's stale links are kept too (a stack whose state drops a piece leaves that piece pointing
at the stack), because later commands behave differently with them.
"""

from __future__ import annotations

from vmodgen.engine.grids.board import MapBoards
from vmodgen.engine.vassal.module import MapInfo
from vmodgen.engine.vassal.pieces import BasicState, PieceType
from vmodgen.engine.vassal.sequence import decode as split
from vmodgen.engine.vassal.sequence import encode as join


class MapState:
    """A map of the game: its piece collection (two layers, as DefaultPieceCollection) and boards.

    The collection keeps the engine's order (layer, then order of arrival) and, because logs
    leave thousands of emptied stacks behind in it as the engine does, an index by position,
    so finding what lies at a point does not walk the whole collection.
    """

    __slots__ = ("id", "name", "info", "boards", "stacking", "_names", "_members", "_at", "_arrivals", "_dormant")

    def __init__(self, map_id: str, name: str, info: MapInfo | None) -> None:
        self.id = map_id
        self.name = name
        self.info = info
        self.boards: MapBoards | None = None
        self.stacking = info.stacking if info is not None else True
        self._names: dict[tuple[int, int], str] = {}
        self._members: dict[int, tuple[int, Item]] = {}
        self._at: dict[tuple[int, int], dict[int, Item]] = {}
        self._arrivals = 0
        self._dormant: set[int] = set()

    @property
    def identifier(self) -> str:
        """What the engine writes for this map in piece states (its name, else ``Map<n>``)."""
        return self.name or self.id

    def set_boards(self, boards: MapBoards | None) -> None:
        self.boards = boards
        self._names = {}

    def location_name(self, x: int, y: int) -> str | None:
        """``Map.locationName`` (None when the module is unknown or no boards were laid out)."""
        if self.boards is None:
            return None
        key = (x, y)
        name = self._names.get(key)
        if name is None:
            name = self._names[key] = self.boards.location_name(x, y)
        return name

    def pieces_at(self, x: int, y: int) -> list[Item]:
        """The collection's items at exactly (x, y) that something could be merged onto (pieces,
        decks, stacks that are not empty), in the engine's order."""
        found = self._at.get((x, y))
        if not found:
            return []
        items = []
        for key, item in list(found.items()):
            if isinstance(item, Stack) and item.deck is None and not item.pieces:
                # An emptied stack stays in the collection (as in the engine) but leaves the
                # index until a piece goes back into it (Stack.insert_child wakes it).
                del found[key]
                self._dormant.add(key)
            else:
                items.append(item)
        if not found:
            del self._at[(x, y)]
        if len(items) > 1:
            items.sort(key=lambda item: (item.layer, self._members[id(item)][0]))
        return items

    def contains(self, item: Item) -> bool:
        return id(item) in self._members

    def clear(self) -> None:
        for _, item in self._members.values():
            item.collections.remove(self)
        self._members.clear()
        self._at.clear()
        self._dormant.clear()

    def wake(self, item: Item) -> None:
        """Put a stack that was emptied, and now holds a piece again, back into the index."""
        if id(item) in self._dormant:
            self._dormant.discard(id(item))
            self._at.setdefault(item.position, {})[id(item)] = item

    def add(self, item: Item) -> None:
        """``Map.addPiece``: into the collection, out of its stack and its old map."""
        if id(item) in self._members:
            return
        if isinstance(item, Piece) and item.parent is not None:
            item.parent.remove(item)
        old = item.map
        if old is not None and old is not self:
            old.remove(item)
        self._arrivals += 1
        self._members[id(item)] = (self._arrivals, item)
        self._at.setdefault(item.position, {})[id(item)] = item
        item.collections.append(self)
        item.set_own_map(self)

    def remove(self, item: Item) -> None:
        """``Map.removePiece``: out of the collection only."""
        if self._members.pop(id(item), None) is None:
            return
        self._unindex(item, item.position)
        item.collections.remove(self)

    def moved(self, item: Item, old: tuple[int, int]) -> None:
        """Re-file an item of the collection whose position changed."""
        if id(item) in self._dormant:
            return
        self._unindex(item, old)
        self._at.setdefault(item.position, {})[id(item)] = item

    def _unindex(self, item: Item, position: tuple[int, int]) -> None:
        if id(item) in self._dormant:
            self._dormant.discard(id(item))
            return
        here = self._at.get(position)
        if here is not None:
            here.pop(id(item), None)
            if not here:
                del self._at[position]


class Piece:
    """A game piece (not a stack): its decoded type, one own-state per trait, its BasicPiece state."""

    __slots__ = ("id", "type", "states", "own_map", "own_x", "own_y", "parent", "gpid", "properties_list",
                 "collections")

    def __init__(self, piece_id: str | None, piece_type: PieceType) -> None:
        self.id = piece_id
        self.type = piece_type
        self.states: list[str] = [""] * len(piece_type.traits)
        self.own_map: MapState | None = None
        self.own_x = self.own_y = 0
        self.parent: Stack | None = None
        self.gpid = ""
        self.properties_list: tuple[tuple[str, str], ...] = ()
        self.collections: list[MapState] = []

    @property
    def map(self) -> MapState | None:
        return self.parent.map if self.parent is not None else self.own_map

    @property
    def position(self) -> tuple[int, int]:
        return self.parent.position if self.parent is not None else (self.own_x, self.own_y)

    @property
    def layer(self) -> int:
        return 1 if self.type.stacks else 0

    @property
    def stacks(self) -> bool:
        return self.type.stacks

    def set_own_map(self, game_map: MapState | None) -> None:
        self.own_map = game_map

    def set_position(self, x: int, y: int) -> None:
        old = self.position
        self.own_x, self.own_y = x, y
        for game_map in self.collections:
            game_map.moved(self, old)

    def trait_states(self) -> list[str]:
        return [*self.states, ""]

    @property
    def name(self) -> str:
        return self.type.name(self.trait_states())

    def properties(self) -> dict[str, str]:
        """The traits' properties (Marker, Dynamic Property, Layer, Label) and ``BasicName``."""
        return self.type.properties(self.trait_states())

    def state(self) -> str:
        """``GamePiece.getState()`` (as the engine would write it now)."""
        basic = [self.own_map.identifier if self.own_map is not None else "null", str(self.position[0]),
                 str(self.position[1]), self.gpid, str(len(self.properties_list))]
        for key, value in self.properties_list:
            basic += [key, value]
        text = join(basic, ";")
        for own in reversed(self.states):
            text = join([own, text], "\t")
        return text


class Stack:
    """A stack of pieces (bottom first); a deck when ``deck`` is set (its type's deck name)."""

    __slots__ = ("id", "map", "x", "y", "pieces", "layer_marker", "deck", "face_down", "type_text", "collections")

    layer = 1
    stacks = True

    def __init__(self, stack_id: str | None, type_text: str = "stack", deck: str | None = None) -> None:
        self.id = stack_id
        self.map: MapState | None = None
        self.x = self.y = 0
        self.pieces: list[Piece] = []
        self.layer_marker = -1
        self.deck = deck
        self.face_down = False
        self.type_text = type_text
        self.collections: list[MapState] = []

    @property
    def position(self) -> tuple[int, int]:
        return self.x, self.y

    def set_own_map(self, game_map: MapState | None) -> None:
        self.map = game_map

    def set_position(self, x: int, y: int) -> None:
        old = (self.x, self.y)
        self.x, self.y = x, y
        for game_map in self.collections:
            game_map.moved(self, old)

    def index(self, piece: Piece) -> int:
        for index, member in enumerate(self.pieces):
            if member is piece:
                return index
        return -1

    def remove(self, piece: Piece) -> None:
        index = self.index(piece)
        if index >= 0:
            del self.pieces[index]
        piece.parent = None

    def insert_child(self, child: Piece, index: int) -> None:
        """``Stack.insertChild``: out of its old stack (or map collection), into this one."""
        if child.parent is not None:
            child.parent.remove(child)
        elif child.map is not None:
            child.map.remove(child)
        child.parent = self
        self.pieces.insert(max(0, min(index, len(self.pieces))), child)
        for game_map in self.collections:
            game_map.wake(self)

    def insert(self, piece: Piece, position: int) -> None:
        """``Stack.insert``: move a member to ``position`` or take a new one in there."""
        position = max(0, min(position, len(self.pieces)))
        index = self.index(piece)
        if index < 0:
            self.insert_child(piece, position)
            return
        if position > index:
            self.pieces.insert(min(position + 1, len(self.pieces)), piece)
            del self.pieces[index]
        else:
            del self.pieces[index]
            self.pieces.insert(position, piece)

    def top_piece(self) -> Piece | None:
        return self.pieces[-1] if self.pieces else None

    def state(self) -> str:
        """``Stack.getState()`` / ``Deck.getState()``."""
        where = [self.map.identifier if self.map is not None else "null", str(self.x), str(self.y)]
        if self.deck is not None:
            ids = join([p.id or "" for p in self.pieces], ",")
            return join(where + ["true" if self.face_down else "false"] + ([ids] if ids else []), ";")
        return join(where + [p.id or "" for p in self.pieces] + [f"@@{self.layer_marker}"], ";")

    @property
    def name(self) -> str:
        return ", ".join(p.name for p in reversed(self.pieces))


Item = Piece | Stack


def basic_state(piece: Piece, text: str) -> BasicState:
    state = BasicState.parse(text)
    piece.gpid = state.gpid
    piece.properties_list = state.properties
    return state


def deck_name(type_text: str) -> str:
    """The deck name in a ``deck;...`` type (its 13th field, 'Deck' when missing)."""
    tokens = split(type_text, ";")
    return tokens[13] if len(tokens) > 13 else "Deck"
