"""How pieces move between maps and stacks: the engine's placeAt, merge and setState, ported.

These are the rules a replay must follow to end with every piece where the engine leaves it:
``Map.placeAt`` (position, then into the map's collection), ``StackMetrics.merge`` (onto the
top piece of a stack, into a new stack around a lone piece, a whole stack piece by piece),
the merge finder a MovePiece without "underneath" piece runs (the first stack or stackable
piece exactly at the point, decks always), ``Stack.setState`` (the listed pieces, in order),
``Stack.mergeState`` (pieces the command did not know about keep their place), and the
BasicPiece and Decorator ``setState``/``mergeState``.
"""

from __future__ import annotations

from collections.abc import Callable

from vmodgen.engine.replay.pieces import Item, MapState, Piece, Stack, basic_state
from vmodgen.engine.replay.state import GameState
from vmodgen.engine.vassal.commands import java_int
from vmodgen.engine.vassal.sequence import decode as split


class Mechanics:
    """The engine's piece handling, applied to a ``GameState``; ``problem`` reports missing maps."""

    def __init__(self, state: GameState, problem: Callable[[str, str], None]) -> None:
        self.state = state
        self.problem = problem

    # -- maps and stacks ------------------------------------------------------------------------

    def map_named(self, map_id: str | None) -> MapState | None:
        if map_id is None:
            return None
        game_map = self.state.map_by_id(map_id, create=True)
        if game_map is None:
            self.problem("missing", f"no map {map_id!r} in the module")
        return game_map

    def place_at(self, game_map: MapState, item: Item, x: int, y: int) -> None:
        """``Map.placeAt``."""
        known = item.id is not None and self.state.items.get(item.id) is not None
        item.set_position(x, y)
        game_map.add(item)
        if not known:
            self.state.add_item(item)

    def create_stack(self, fixed: Piece) -> Stack:
        """``new Stack(piece)`` placed where the piece is (StackMetrics.createStack)."""
        stack = Stack(None)
        stack.map = fixed.map
        stack.x, stack.y = fixed.position
        if stack.map is not None:
            stack.layer_marker = fixed.layer
        stack.insert(fixed, 0)
        if stack.map is not None:
            self.place_at(stack.map, stack, stack.x, stack.y)
        return stack

    def merge(self, fixed: Item, moving: Item) -> None:
        """``StackMetrics.merge(fixed, moving)``: put ``moving`` on ``fixed``."""
        if isinstance(fixed, Stack) and fixed.top_piece() is not None:
            self.merge(fixed.top_piece(), moving)  # type: ignore[arg-type]
            return
        parent = fixed.parent if isinstance(fixed, Piece) else None
        index = parent.index(fixed) + 1 if parent is not None else 0  # type: ignore[arg-type]
        if moving is fixed or moving is parent:
            return
        is_new = moving.id is None or self.state.items.get(moving.id) is None
        if parent is None:
            if isinstance(fixed, Stack):
                parent, index = fixed, len(fixed.pieces)
            else:
                parent, index = self.create_stack(fixed), 1
        if is_new:
            self.state.add_item(moving)
        if isinstance(moving, Stack):
            for piece in list(moving.pieces):
                parent.insert_child(piece, index)
                index += 1
        else:
            if moving.parent is parent:
                index -= 1
            parent.insert(moving, index)

    def merge_at(self, game_map: MapState, moving: Item, x: int, y: int) -> bool:
        """The merge finder of MovePiece: merge onto what is exactly at (x, y); False if nothing."""
        for other in game_map.pieces_at(x, y):
            if isinstance(other, Stack) and other.deck is not None:
                self.merge(other, moving)
                return True
            if not (game_map.stacking and moving.stacks):
                continue
            if isinstance(other, Stack):
                if other.top_piece() is not None and can_merge(moving, other):
                    self.merge(other, moving)
                    return True
            elif other.stacks and can_merge(moving, other):
                self.merge(other, moving)
                return True
        return False

    # -- states ------------------------------------------------------------------------------------

    def set_piece_state(self, piece: Piece, state: str) -> None:
        """Decorator.setState down the trait chain, then BasicPiece.setState."""
        parts = piece.type.split_state(state)
        piece.states = parts[:-1]
        self.set_basic_state(piece, parts[-1])

    def merge_piece_state(self, piece: Piece, new: str, old: str) -> None:
        """Decorator.mergeState: only the traits whose state the command changed are set."""
        new_parts = piece.type.split_state(new)
        old_parts = piece.type.split_state(old)
        for index, (new_own, old_own) in enumerate(zip(new_parts[:-1], old_parts[:-1])):
            if new_own != old_own:
                piece.states[index] = new_own
        if new_parts[-1] != old_parts[-1]:
            self.set_basic_state(piece, new_parts[-1])

    def set_basic_state(self, piece: Piece, text: str) -> None:
        state = basic_state(piece, text)
        old_map = piece.map
        new_map = self.map_named(state.map_id)
        piece.set_position(state.x, state.y)
        if new_map is not old_map:
            if new_map is not None:
                new_map.add(piece)
            else:
                if old_map is not None:
                    old_map.remove(piece)
                piece.own_map = None

    def set_stack_state(self, stack: Stack, state: str) -> None:
        if stack.deck is not None:
            self._set_deck_state(stack, state)
            return
        tokens = split(state, ";")
        map_id = tokens[0] if tokens else "null"
        if map_id == "null":
            stack.set_position(0, 0)
            ids = tokens[1:]
        else:
            stack.set_position(_int(tokens, 1), _int(tokens, 2))
            ids = tokens[3:]
        stack.pieces = []
        for token in ids:
            child = self.state.items.get(token)
            if isinstance(child, Piece):
                stack.insert_child(child, len(stack.pieces))
            elif token.startswith("@@"):
                stack.layer_marker = java_int(token[2:]) or 0
        game_map = self.map_named(map_id) if map_id != "null" else None
        if game_map is not stack.map:
            if game_map is not None:
                game_map.add(stack)
            else:
                stack.map = None

    def _set_deck_state(self, deck: Stack, state: str) -> None:
        tokens = split(state, ";")
        map_id = tokens[0] if tokens else "null"
        deck.set_position(_int(tokens, 1), _int(tokens, 2))
        game_map = self.map_named(map_id) if map_id != "null" else None
        if game_map is not deck.map:
            if game_map is not None:
                game_map.add(deck)
            else:
                deck.map = None
        deck.face_down = len(tokens) > 3 and tokens[3] == "true"
        ids = split(tokens[4], ",") if len(tokens) > 4 and tokens[4] else []
        contents = [p for p in (self.state.items.get(i) for i in ids) if isinstance(p, Piece)]
        deck.pieces = []
        for piece in contents:
            deck.insert_child(piece, len(deck.pieces))

    def merge_stack_state(self, stack: Stack, new: str, old: str) -> None:
        """Stack.mergeState (and Deck's, which only acts when the old state is not the current one)."""
        current = stack.state()
        if stack.deck is not None:
            if old != current:
                self.set_stack_state(stack, new)
            return
        if old == current:
            self.set_stack_state(stack, new)
            return
        new_tokens, old_tokens = split(new, ";"), split(old, ";")
        new_contents, old_contents = new_tokens[3:], old_tokens[3:]
        for i, piece in enumerate(stack.pieces):
            if piece.id not in new_contents and piece.id not in old_contents:
                previous = stack.pieces[i - 1].id if i > 0 else None
                at = new_contents.index(previous) if previous in new_contents else -1
                new_contents.insert(at + 1, piece.id or "")
        self.set_stack_state(stack, ";".join(new_tokens[:3] + new_contents))


def can_merge(moving: Item, other: Item) -> bool:
    """CompoundPieceCollection.canMerge, with every piece visible to the replay."""
    if isinstance(moving, Stack) and moving.deck is not None or isinstance(other, Stack) and other.deck is not None:
        return True
    first = moving.top_piece() if isinstance(moving, Stack) else moving
    second = other.top_piece() if isinstance(other, Stack) else other
    return first is not None and second is not None and first.stacks and second.stacks


def _int(tokens: list[str], index: int) -> int:
    value = java_int(tokens[index]) if index < len(tokens) else None
    return value or 0
