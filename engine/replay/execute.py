"""Executing decoded commands on a game state, as each command's ``executeCommand`` does.

Besides changing the state, the executor notes which pieces a command may have changed (the
step then compares them before and after) and turns chat, dice, turn and property commands
straight into events. Commands about pieces, maps or trackers that are not there change
nothing and are reported, as the engine ignores them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vmodgen.engine.replay.events import BoardsChanged, Chat, DiceRoll, Event, PropertyChanged, TurnChanged
from vmodgen.engine.replay.mechanics import Mechanics
from vmodgen.engine.replay.pieces import Item, Piece, Stack, deck_name
from vmodgen.engine.replay.state import GameState
from vmodgen.engine.vassal import commands as c
from vmodgen.engine.vassal.pieces import PieceType, type_prefix
from vmodgen.engine.vassal.sequence import decode as split


class Executor:
    """Applies commands to ``state``; ``touch`` is told of every piece about to change."""

    def __init__(self, state: GameState, touch: Callable[[Item], None],
                 problem: Callable[[str, str], None]) -> None:
        self.state = state
        self.touch = touch
        self.problem = problem
        self.mechanics = Mechanics(state, problem)
        self.events: list[Event] = []
        #: the method applying each kind of command
        self.handlers: dict[type, Callable[[Any], None]] = {
            c.AddPiece: self.add_piece, c.RemovePiece: self.remove_piece, c.ChangePiece: self.change_piece,
            c.MovePiece: self.move_piece, c.Chat: self.chat, c.SetTurn: self.set_turn,
            c.ChangeProperty: self.change_property, c.SetGlobalProperty: self.set_global_property,
            c.AddPlayer: self.state.add_player, c.SetBoards: self.set_boards, c.SetupCommand: self.setup,
        }

    def execute(self, command: c.Command) -> None:
        handler = self.handlers.get(type(command))
        if handler is not None:
            handler(command)  # type: ignore[operator]

    # -- pieces ------------------------------------------------------------------------------------

    def _touch_members(self, stack: Stack, state: str) -> None:
        """Touch the pieces a stack (or deck) state names: their stack is about to change."""
        tokens = split(state, ";")
        if stack.deck is not None:
            tokens = split(tokens[4], ",") if len(tokens) > 4 and tokens[4] else []
        for token in tokens:
            item = self.state.items.get(token)
            if item is not None:
                self.touch(item)

    def add_piece(self, command: c.AddPiece) -> None:
        item = self._create(command)
        if item is None:
            return
        self.touch(item)
        self.state.add_item(item)
        if isinstance(item, Stack):
            self._touch_members(item, command.state)
            self.mechanics.set_stack_state(item, command.state)
        else:
            self.mechanics.set_piece_state(item, command.state)

    def _create(self, command: c.AddPiece) -> Item | None:
        prefix = type_prefix(command.type)
        if prefix == "stack":
            return Stack(command.id)
        if prefix == "deck;":
            return Stack(command.id, command.type, deck_name(command.type))
        piece_type = PieceType.parse(command.type)
        if type_prefix(piece_type.basic.own_type) != "piece;":
            self.problem("unknown", f"AddPiece of a piece type the engine cannot build: {command.type[:60]!r}")
            return None
        return Piece(command.id, piece_type)

    def _missing(self, what: str, piece_id: str | None) -> None:
        self.problem("missing", f"{what} of piece {piece_id!r}, which is not in the game (ignored, as the engine does)")

    def remove_piece(self, command: c.RemovePiece) -> None:
        target = self.state.items.get(command.id)
        if target is None:
            self._missing("RemovePiece", command.id)
            return
        self.touch(target)
        game_map = target.map
        parent = target.parent if isinstance(target, Piece) else None
        if game_map is not None:
            game_map.remove(target)
            target.set_own_map(None)
        if parent is not None:
            parent.remove(target)  # type: ignore[arg-type]
        del self.state.items[command.id]

    def change_piece(self, command: c.ChangePiece) -> None:
        target = self.state.items.get(command.id)
        if target is None:
            self._missing("ChangePiece", command.id)
            return
        self.touch(target)
        if isinstance(target, Stack):
            self._touch_members(target, command.new_state)
            if command.old_state is not None:
                self.mechanics.merge_stack_state(target, command.new_state, command.old_state)
            else:
                self.mechanics.set_stack_state(target, command.new_state)
        elif command.old_state is not None:
            self.mechanics.merge_piece_state(target, command.new_state, command.old_state)
        else:
            self.mechanics.set_piece_state(target, command.new_state)

    def move_piece(self, command: c.MovePiece) -> None:
        piece = self.state.items.get(command.id) if command.id is not None else None
        if piece is None:
            self._missing("MovePiece", command.id)
            return
        self.touch(piece)
        new_map = self.mechanics.map_named(command.new_map)
        x, y = command.new_x, command.new_y
        if new_map is None:
            old_map = self.mechanics.map_named(command.old_map)
            if old_map is not None:
                old_map.remove(piece)
            return
        under = self.state.items.get(command.new_under) if command.new_under is not None else None
        if command.new_under is not None:
            if under is not None and under.position == (x, y) and under.map is new_map:
                self.mechanics.merge(under, piece)
            elif not self.mechanics.merge_at(new_map, piece, x, y):
                self.mechanics.place_at(new_map, piece, x, y)
            return
        if not self.mechanics.merge_at(new_map, piece, x, y):
            self.mechanics.place_at(new_map, piece, x, y)
        if isinstance(piece, Piece) and piece.parent is not None:
            piece.parent.insert(piece, 0)

    # -- everything else ---------------------------------------------------------------------------

    def chat(self, command: c.Chat) -> None:
        self.events.append(Chat(command.text))

    def set_turn(self, command: c.SetTurn) -> None:
        if self.state.module is None:
            self.state.turn_states[command.tracker_id] = command.state
            return
        trackers = self.state.module.turn_trackers
        # As TurnTracker.decode: the first tracker whose id starts the command's (quirk included).
        tracker = next((t for t in trackers if command.tracker_id.startswith(t.id)), None)
        if tracker is None:
            self.problem("missing", f"no turn tracker {command.tracker_id!r} in the module")
            return
        self.state.turn_states[tracker.id] = command.state
        self.events.append(TurnChanged(tracker.name, tracker.levels_of(command.state),
                                       tracker.turn_text(command.state)))

    def _property_key(self, name: str, container: str | None) -> str | None:
        """The Global Property a container id and name denote (``NAME``, ``MAP/NAME``, ``MAP:ZONE/NAME``)."""
        known = self.state.module.global_properties if self.state.module else self.state.properties
        if not container:
            return next((k for k in known if k.rsplit("/", 1)[-1] == name), None)
        key = name if container == "Module" else f"{container}/{name}"
        return key if key in known or self.state.module is None else None

    def change_property(self, command: c.ChangeProperty) -> None:
        key = self._property_key(command.name, command.container)
        if key is not None:
            self.state.properties[key] = command.new_value or ""
        self.events.append(PropertyChanged(command.name, command.old_value, command.new_value, command.container,
                                           key is not None))
        buttons = self.state.module.dice_buttons if self.state.module else []
        for button in buttons:
            if command.name == f"{button}_result":
                self.events.append(DiceRoll(button, command.new_value or ""))

    def set_global_property(self, command: c.SetGlobalProperty) -> None:
        key = self._property_key(command.name, command.container)
        if key is None:
            self.problem("missing", f"no Global Property {command.name!r} in {command.container or 'the module'}")
            return
        old = self.state.properties.get(key)
        self.state.properties[key] = command.value
        if old != command.value:
            self.events.append(PropertyChanged(command.name, old, command.value, command.container or None))

    def set_boards(self, command: c.SetBoards) -> None:
        game_map = self.mechanics.map_named(command.map_id)
        if game_map is None:
            return
        if game_map.info is None:
            return
        for placement in command.boards:
            if game_map.info.board(placement.name) is None:
                self.problem("missing", f"no board {placement.name!r} on map {game_map.name!r}")
        game_map.set_boards(game_map.info.layout(command.boards))
        self.events.append(BoardsChanged(game_map.name, tuple(b.name for b in command.boards)))

    def setup(self, command: c.SetupCommand) -> None:
        if not command.starting:
            self.state.reset()
            return
        self.state.started = True
        for game_map in self.state.maps:
            if game_map.boards is None and game_map.info is not None:
                game_map.set_boards(game_map.info.layout(None))
