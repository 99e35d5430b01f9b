"""Replaying a save or log step by step, as VASSAL's Step button does, with events for each step.

>>> from vmodgen.engine.vassal import read_game, read_module
>>> replay = Replay(read_game("tests/data/logs/basic.vlog"),
...                 read_module("tests/data/modules/oracle-test.vmod"))
>>> for step in replay.steps():
...     for event in step.events:
...         if isinstance(event, PieceMoved):
...             print(step.index, event.piece.name, event.from_location, "->", event.to_location)
2 Blue Infantry 0101 -> 0302
4 Red Infantry 0302 -> 0101

The restore part (``begin_save`` ... ``end_save``) is applied when the Replay is made; its
events are in ``restore_events``. Each step's ``side`` is the player side the step can be
attributed to: the mover's roster entry (matched by the password the ``M/`` command carries,
which is never shown), else the side of the player named in its chat, else None.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field

from vmodgen.engine.replay.events import (Change, Event, PieceAdded, PieceChanged, PieceMoved, PieceRemoved,
                                  Undo)
from vmodgen.engine.replay.execute import Executor
from vmodgen.engine.replay.pieces import Item, Piece, Stack
from vmodgen.engine.replay.state import GameState, PieceView
from vmodgen.engine.vassal import commands as c
from vmodgen.engine.vassal.errors import Problem
from vmodgen.engine.vassal.module import ModuleInfo
from vmodgen.engine.vassal.savefile import LoggedStep, SavedGame

_CHAT_NAME = re.compile(r"&lt;(.*?)&gt; - ")
UNDO_PREFIX = "* UNDO: "


@dataclass
class Step:
    """One log step after it was applied: its commands and what they did."""

    index: int
    side: str | None
    commands: list[c.Command]
    events: list[Event] = field(default_factory=list)
    undo: bool = False
    undoes: int | None = None


class _Snapshot:
    """Where a piece was and what its traits said, cheaply (full views are made only for events)."""

    __slots__ = ("map", "x", "y", "location", "states", "stack", "gpid")

    def __init__(self, piece: Piece) -> None:
        game_map = piece.map
        self.map = game_map.name if game_map is not None else None
        self.x, self.y = piece.position
        self.location = game_map.location_name(self.x, self.y) if game_map is not None else None
        self.states = list(piece.states)
        self.stack = (piece.parent.id or "", piece.parent.index(piece)) if piece.parent is not None else None
        self.gpid = piece.gpid

    def view(self, piece: Piece) -> PieceView:
        name, properties, layers, hidden, masked = piece.type.describe([*self.states, ""])
        return PieceView(piece.id or "", name, self.gpid, properties, layers, self.map, self.x, self.y,
                         self.location, self.stack, hidden, masked)


class _Touched:
    """A piece a step touched, with a snapshot from before the step (None if it did not exist)."""

    __slots__ = ("piece", "before")

    def __init__(self, piece: Piece, before: _Snapshot | None) -> None:
        self.piece = piece
        self.before = before


class Replay:
    """A game being replayed; ``state`` is the game after the restore and the steps applied so far."""

    def __init__(self, game: SavedGame, module: ModuleInfo | None = None) -> None:
        self.game = game
        self.module = module
        self._start()

    def _start(self) -> None:
        self.state = GameState(self.module)
        self.problems: list[Problem] = []
        self._step = 0
        self._touched: dict[int, _Touched] = {}
        self._executor = Executor(self.state, self._touch, self._problem)
        # The steps an undo may take back, each as its index and the hash of what the undo of
        # its last command would be: a million-step log keeps no million inverses, only two
        # million machine integers, and an earlier step is decoded again only on a hash match.
        self._undoable = array("q")
        self._undo_keys = array("q")
        self.restore_events = self._run(self.game.restore, None)
        self._started_steps = False

    @property
    def errors(self) -> list[Problem]:
        """The file's damage (all of it: see ``SavedGame.errors``), then the replay's problems so far."""
        return [*self.game.errors, *self.problems]

    def _problem(self, kind: str, text: str) -> None:
        self.problems.append(Problem(self._step, kind, text))

    def _touch(self, item: Item) -> None:
        if type(item) is Stack:
            for piece in list(item.pieces):
                self._touch(piece)
            return
        key = id(item)
        touched = self._touched
        if key in touched:
            return
        exists = item.id is not None and self.state.items.get(item.id) is item
        touched[key] = entry = _Touched(item, _Snapshot(item) if exists else None)   # type: ignore[arg-type]
        self._executor.events.append(entry)  # type: ignore[arg-type]

    def steps(self) -> Iterator[Step]:
        """Apply the log's steps one at a time (from the restored position on every call)."""
        if self._started_steps:
            self._start()
        self._started_steps = True
        for logged in self.game.steps:
            yield self.apply(logged)

    def run(self) -> list[Step]:
        """Apply every step; the steps, in order."""
        return list(self.steps())

    def apply(self, logged: LoggedStep) -> Step:
        self._step = logged.index
        side = self._side(logged.commands)
        events = self._run(logged.commands, side)
        undoes = self._undo_target(logged)
        if undoes is not None or logged.undo:
            events.insert(0, Undo(undoes, logged.undo))
        return Step(logged.index, side, logged.commands, events, logged.undo or undoes is not None, undoes)

    def _run(self, commands: list[c.Command], side: str | None) -> list[Event]:
        self._touched = {}
        executor = self._executor
        executor.events = noted = []
        handlers = executor.handlers    # Executor.execute, without a call per command
        for command in commands:
            handler = handlers.get(type(command))
            if handler is not None:
                handler(command)
        events: list[Event] = []
        for entry in noted:
            if type(entry) is _Touched:
                event = self._piece_event(entry, side)
                if event is not None:
                    events.append(event)
            else:
                events.append(entry)
        self._touched = {}
        return events

    def _side(self, commands: list[c.Command]) -> str | None:
        for command in commands:
            if isinstance(command, c.MovePiece) and command.player:
                side = self.state.side_of(command.player)
                if side:
                    return side
        for command in commands:
            if isinstance(command, c.Chat):
                match = _CHAT_NAME.match(command.text)
                if match:
                    return self.state.side_of_name(match.group(1))
        return None

    def _piece_event(self, entry: _Touched, side: str | None) -> Event | None:
        piece = entry.piece
        state = self.state
        alive = piece.id is not None and state.items.get(piece.id) is piece
        before = entry.before
        if not alive:
            return PieceRemoved(before.view(piece)) if before is not None else None
        if before is None:
            after = state.view(piece)
            return PieceAdded(after, after.map, after.x, after.y, after.location)
        game_map = piece.map
        x, y = piece.position
        if before.x != x or before.y != y or before.map != (game_map.name if game_map else None):
            after = state.view(piece)
            return PieceMoved(after, before.map, (before.x, before.y), before.location,
                              after.map, (after.x, after.y), after.location, side)
        if before.states == piece.states:
            return None
        after = self.state.view(piece)
        changes = piece_changes(before.view(piece), after)
        return PieceChanged(after, changes) if changes else None

    # -- undo ------------------------------------------------------------------------------------

    def _undo_target(self, logged: LoggedStep) -> int | None:
        commands = logged.commands
        if self._undoable:
            index = self._undoable[-1]
            if logged.undo or self._undoes(commands, self._undo_keys[-1], index):
                self._undoable.pop()
                self._undo_keys.pop()
                return index
        if not logged.undo:
            self._undoable.append(logged.index)
            self._undo_keys.append(_last_key(commands))
        return None

    def _undoes(self, step: list[c.Command], key: int, index: int) -> bool:
        """Whether ``step`` is what VASSAL logs when it undoes step ``index``, whose last
        recognisable command hashes to ``key``. Most steps are told apart by their first command
        alone, before the earlier step is decoded again for the whole signature."""
        if step and type(step[0]) is c.Chat and not step[0].text.startswith(UNDO_PREFIX):
            return False  # a step opening with a chat line undoes only if that line is "* UNDO: ..."
        first = _first_entry(step)
        undone = _undone(first) if first is not None else None
        if undone is None or hash(undone) != key:
            return False
        earlier = self.game.steps[index - 1].commands
        last = next((e for e in map(_entry, reversed(earlier)) if e is not None), None)
        if last is None or first != _invert(last):
            return False
        return _signature(step) == _inverse(earlier)


def _first_entry(commands: list[c.Command]) -> tuple | None:
    """The entry of a step's first command an undo can be recognised by (None when it has none)."""
    for command in commands:
        entry = _entry(command)
        if entry is not None:
            return entry
    return None


def _last_key(commands: list[c.Command]) -> int:
    """The hash of a step's last command an undo can be recognised by (0 when it has none)."""
    for command in reversed(commands):
        entry = _entry(command)
        if entry is not None:
            return hash(entry)
    return 0


def piece_changes(before: PieceView, after: PieceView) -> tuple[Change, ...]:
    """What differs between two views of a piece (layers, then own properties, name, hidden, masked)."""
    changes = [Change("layer", name, before.layers.get(name), level)
               for name, level in after.layers.items() if before.layers.get(name) != level]
    layer_props = tuple(f"{name}_" for name in after.layers)
    for key, value in after.properties.items():
        if before.properties.get(key) != value and not key.startswith(layer_props):
            changes.append(Change("property", key, before.properties.get(key), value))
    if before.name != after.name:
        changes.append(Change("name", "name", before.name, after.name))
    if before.hidden != after.hidden:
        changes.append(Change("hidden", "hidden", before.hidden, after.hidden))
    if before.masked != after.masked:
        changes.append(Change("masked", "masked", before.masked, after.masked))
    return tuple(changes)


def _entry(command: c.Command) -> tuple | None:
    """What an undo can recognise a command by (moves, changes, properties, chat), as fields."""
    if isinstance(command, c.Chat):
        return ("C", command.text)
    if isinstance(command, c.MovePiece):
        return ("M", command.id, command.new_map, command.new_x, command.new_y, command.new_under,
                command.old_map, command.old_x, command.old_y, command.old_under)
    if isinstance(command, c.ChangePiece) and command.old_state is not None:
        return ("D", command.id, command.new_state, command.old_state)
    if isinstance(command, c.ChangeProperty):
        return ("P", command.name, command.old_value, command.new_value, command.container)
    return None


def _invert(entry: tuple) -> tuple:
    """The entry of what VASSAL logs to undo a command (``getUndoCommand``; a chat line becomes
    ``* UNDO: <line>``)."""
    if entry[0] == "M":
        return ("M", entry[1], *entry[6:10], *entry[2:6])
    if entry[0] == "D":
        return ("D", entry[1], entry[3], entry[2])
    if entry[0] == "P":
        return ("P", entry[1], entry[3], entry[2], entry[4])
    return ("C", UNDO_PREFIX + entry[1])


def _undone(entry: tuple) -> tuple | None:
    """The entry whose undo ``entry`` is (None for a chat line that is no undo's): moves, changes
    and properties are their own undo's undo."""
    if entry[0] != "C":
        return _invert(entry)
    text: str = entry[1]
    return ("C", text[len(UNDO_PREFIX):]) if text.startswith(UNDO_PREFIX) else None


def _signature(commands: list[c.Command]) -> list[tuple]:
    """The commands an undo can be recognised by, as fields."""
    return [e for e in map(_entry, commands) if e is not None]


def _inverse(commands: list[c.Command]) -> list[tuple]:
    """The signature of what VASSAL logs when this step is undone: the commands in reverse
    order, each inverted."""
    return [_invert(e) for e in reversed(_signature(commands))]
