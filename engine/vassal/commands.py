"""VASSAL's commands, one class per kind, each decoded from and encoded back to its text.

A saved game or log is a tree of commands (see ``engine.vassal.tree``); its leaves are the
texts below, as the engine's CommandEncoders write them (VASSAL 3.6, ``BasicCommandEncoder``,
``Chatter``, ``BasicLogger``, ``TurnTracker``, ``ChangePropertyCommandEncoder``,
``GlobalProperty``, ``PlayerRoster``, ``BoardPicker``, ``SetupStack``, ``GameState``):

=====================  ====================================================================
``+/id/type/state``    AddPiece (id ``null`` in module definitions)
``-/id``               RemovePiece
``D/id/new[/old]``     ChangePiece (the whole piece state, outer trait first)
``M/id/map/x/y/under/oldMap/oldX/oldY/oldUnder[/player]``  MovePiece (``null`` for none)
``CHAT<text>``         chat line (player chat, dice and move reports)
``LOG\\t<command>``     a logged command, i.e. one entry of a step
``UNDO\\ttrue|false``   undo brackets (VASSAL 3.6.7 and later)
``TURN<id>\\t<state>``  a TurnTracker's new state
``MutableProperty\\tname\\told\\tnew\\tcontainer``  a property change (also dice results)
``GlobalProperty\\t;name;value;container``       a Global Property restored from a save
``PLAYER\\tpassword\\tname\\tside``                a seat in the player roster
``<map>BoardPicker\\tboard[/rev]\\tcol\\trow...``   the boards of a map and where they lie
``SETUP_STACK\\t``      "this game is not new" (at-start stacks are not placed again)
``begin_save`` / ``end_save``  the brackets of a restore
=====================  ====================================================================

Whatever else a file holds is kept as ``OtherCommand`` (a known engine command this reader
does not interpret, e.g. notes) or ``UnknownCommand``; a known command whose fields do not
parse becomes ``MalformedCommand``. Each keeps its text, so nothing is lost on re-encoding.

>>> decode_leaf("M/1/Main Map/111/75/null/Main Map/25/25/null/secret").to_location()
('Main Map', 111, 75)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vmodgen.engine.vassal.limits import MAX_BOARD_CELL, within_int_range
from vmodgen.engine.vassal.passwords import conceal
from vmodgen.engine.vassal.sequence import decode as split
from vmodgen.engine.vassal.sequence import encode as join

ESC = "\x1b"
_INT_MIN, _INT_MAX = -(2 ** 31), 2 ** 31 - 1

# Engine commands this reader recognises but does not interpret (prefix -> what it is).
OTHER_PREFIXES = {
    "CHECK\t": "conditional (legacy version check)",
    "NOTES\t": "scenario notes", "PNOTES\t": "public notes", "PNOTE\t": "private note",
    "SNOTE\t": "secret note", "UNMASK\t": "unmask options", "FLARE\t": "flare",
    "AUDIO\t": "audio clip", "PLAY\t": "sound", "CLOCKCONTROL\t": "chess clock control",
    "CLOCK\t": "chess clock", "DECKREPOS\t": "deck reposition", "SHOW_RESULTS\t": "special dice",
    "SEMAIL\t": "internet dice", "EXT\t": "extension", "PLUGIN\t": "plugin",
    "SGKC\t": "startup global key command", "DECK\t": "deck load", "PRIV_CHAT": "private chat",
    "SYNC": "synchronisation", "INVITE\t": "invitation", "SPP\t": "persistent property",
    "GlobalTranslatable\t": "translatable message", "PYREMOVE\t": "player removal",
    "Events": "event log",
}


def java_int(text: str) -> int | None:
    """``Integer.parseInt``: an int, or None where Java would throw NumberFormatException."""
    if len(text) < 10 and text.isdigit() and text.isascii():
        return int(text)    # the common case (a coordinate): nine digits at most fit an int
    digits = text[1:] if text[:1] in ("-", "+") else text
    if not (digits.isascii() and digits.isdigit()) or not within_int_range(digits):
        return None
    value = int(digits.lstrip("0") or "0") * (-1 if text[:1] == "-" else 1)
    return value if _INT_MIN <= value <= _INT_MAX else None


def _null(token: str | None) -> str | None:
    return None if token == "null" else token


def _wrap(value: str | None) -> str:
    return "null" if value is None else value


class Command:
    """Base of every node of a command tree."""

    __slots__ = ()

    def encode(self) -> str:
        raise NotImplementedError


@dataclass(slots=True)
class NullCommand(Command):
    """The empty command: the root of a GUI action that did several things."""

    def encode(self) -> str:
        return ""


@dataclass(slots=True)
class SetupCommand(Command):
    """``begin_save`` (game reset before a restore) or ``end_save`` (the game starts)."""

    starting: bool

    def encode(self) -> str:
        return "end_save" if self.starting else "begin_save"


@dataclass(slots=True)
class LogEntry(Command):
    """``LOG\\t`` + a logged command; the top-level ones are the steps of a log."""

    logged: Command

    def encode(self) -> str:
        from vmodgen.engine.vassal.tree import encode_tree

        return "LOG\t" + encode_tree(self.logged)

    @property
    def is_null(self) -> bool:
        """``LOG\\tnull``: a logged sub-command without encoder, which the engine writes and skips."""
        return isinstance(self.logged, UnknownCommand) and self.logged.text == "null"


@dataclass(slots=True)
class UndoMarker(Command):
    """``UNDO\\ttrue`` / ``UNDO\\tfalse``: VASSAL 3.6.7+ brackets around the commands of an undo."""

    value: str

    @property
    def opening(self) -> bool:
        return self.value == "true"

    def encode(self) -> str:
        return "UNDO\t" + self.value


@dataclass(slots=True)
class AddPiece(Command):
    id: str | None
    type: str
    state: str

    def encode(self) -> str:
        return "+/" + join([_wrap(self.id), self.type, self.state], "/")


@dataclass(slots=True)
class RemovePiece(Command):
    id: str

    def encode(self) -> str:
        return "-/" + self.id


@dataclass(slots=True)
class ChangePiece(Command):
    id: str
    new_state: str
    old_state: str | None

    def encode(self) -> str:
        values = [self.id, self.new_state] + ([self.old_state] if self.old_state is not None else [])
        return "D/" + join(values, "/")


@dataclass(slots=True)
class MovePiece(Command):
    """A piece or stack moved; ``player`` stands for the mover's password (a token, see ``passwords``)."""

    id: str | None
    new_map: str | None
    new_x: int
    new_y: int
    new_under: str | None
    old_map: str | None
    old_x: int
    old_y: int
    old_under: str | None
    player: str | None = field(default=None, repr=False)

    def to_location(self) -> tuple[str | None, int, int]:
        return self.new_map, self.new_x, self.new_y

    def from_location(self) -> tuple[str | None, int, int]:
        return self.old_map, self.old_x, self.old_y

    def encode(self) -> str:
        values = [_wrap(self.id), _wrap(self.new_map), str(self.new_x), str(self.new_y),
                  _wrap(self.new_under), _wrap(self.old_map), str(self.old_x), str(self.old_y),
                  _wrap(self.old_under)]
        if self.player is not None:
            values.append(self.player)
        return "M/" + join(values, "/")


@dataclass(slots=True)
class Chat(Command):
    text: str

    def encode(self) -> str:
        return "CHAT" + self.text


@dataclass(slots=True)
class SetTurn(Command):
    """A TurnTracker's new state: ``currentLevel|level0state|level1state...``."""

    tracker_id: str
    state: str

    def encode(self) -> str:
        return join(["TURN" + self.tracker_id, self.state], "\t")


@dataclass(slots=True)
class ChangeProperty(Command):
    """``MutableProperty``: a Global Property's (or a dice button's result) new value."""

    name: str
    old_value: str | None
    new_value: str | None
    container: str | None

    def encode(self) -> str:
        values = [self.name, self.old_value, self.new_value]
        if self.container is not None:
            values.append(self.container)
        return "MutableProperty\t" + join(values, "\t")


@dataclass(slots=True)
class SetGlobalProperty(Command):
    """A Global Property's value as restored from a save (``container`` empty: legacy)."""

    name: str
    value: str
    container: str

    def encode(self) -> str:
        return join(["GlobalProperty\t", self.name, self.value, self.container], ";")


@dataclass(slots=True)
class AddPlayer(Command):
    """A roster seat. ``password`` stands for the player's password (a token, see ``passwords``)."""

    password: str = field(repr=False)
    name: str
    side: str

    def encode(self) -> str:
        return "PLAYER\t" + join([self.password, self.name, self.side], "\t")


@dataclass(frozen=True, slots=True)
class BoardPlacement:
    """One board of a map's layout: its name, whether it is turned 180 degrees, its cell."""

    name: str
    reversed: bool
    column: int
    row: int


@dataclass(slots=True)
class SetBoards(Command):
    map_id: str
    boards: list[BoardPlacement]

    def encode(self) -> str:
        values = [self.map_id + "BoardPicker"]
        for board in self.boards:
            name = join([board.name, "rev"], "/") if board.reversed else join([board.name], "/")
            values += [name, str(board.column), str(board.row)]
        return join(values, "\t")


@dataclass(slots=True)
class SetupStackMarker(Command):
    def encode(self) -> str:
        return "SETUP_STACK\t"


@dataclass(slots=True)
class OtherCommand(Command):
    """An engine command this reader leaves uninterpreted; ``what`` names it."""

    what: str
    text: str

    def encode(self) -> str:
        return self.text


@dataclass(slots=True)
class UnknownCommand(Command):
    """A leaf no VASSAL 3.6 encoder decodes (the engine drops it)."""

    text: str

    def encode(self) -> str:
        return self.text


@dataclass(slots=True)
class MalformedCommand(Command):
    """A known kind of command whose fields do not parse (the engine would throw)."""

    what: str
    text: str
    problem: str

    def encode(self) -> str:
        return self.text


def decode_leaf(text: str) -> Command:
    """The command one leaf text stands for (``LOG`` entries are decoded by ``tree``)."""
    if not text:
        return NullCommand()
    head = text[:2]
    if head == "M/":
        return _move(text)
    if head == "D/":
        parts = split(text[2:], "/")
        return ChangePiece(parts[0], parts[1] if len(parts) > 1 else "", parts[2] if len(parts) > 2 else None)
    if head == "+/":
        parts = split(text[2:], "/")
        if len(parts) < 3:
            return MalformedCommand("AddPiece", text, "an AddPiece needs an id, a type and a state")
        return AddPiece(_null(parts[0]), parts[1], parts[2])
    if head == "-/":
        return RemovePiece(text[2:])
    if text.startswith("CHAT"):
        return Chat(text[4:])
    if text.startswith("TURN"):
        parts = split(text, "\t")
        return SetTurn(parts[0][4:], parts[1] if len(parts) > 1 else "")
    if text.startswith("MutableProperty\t"):
        parts = split(text[16:], "\t")
        if not parts or not parts[0]:
            return MalformedCommand("MutableProperty", text, "a property change names no property")
        parts += [None] * (4 - len(parts))  # type: ignore[list-item]
        return ChangeProperty(parts[0], parts[1], parts[2], parts[3])
    return _rarer(text)


def _rarer(text: str) -> Command:
    if text == "null":
        return UnknownCommand(text)
    if text == "begin_save" or text == "end_save":
        return SetupCommand(text == "end_save")
    if text.startswith("UNDO\t"):
        return UndoMarker(text[5:])
    if text.startswith("GlobalProperty\t"):
        parts = split(text, ";")
        if len(parts) < 3:
            return MalformedCommand("GlobalProperty", text, "a Global Property needs a name and a value")
        return SetGlobalProperty(parts[1], parts[2], parts[3] if len(parts) > 3 else "")
    if text.startswith("PLAYER\t"):
        parts = split(text, "\t")
        if len(parts) < 4:
            hidden = _player_text(parts) if len(parts) > 1 else text
            return MalformedCommand("PLAYER", hidden, "a roster entry needs a password, a name and a side")
        return AddPlayer(conceal(parts[1]), parts[2], parts[3])
    if text == "SETUP_STACK\t":
        return SetupStackMarker()
    first = text.split("\t", 1)[0]
    if "\t" in text and first.endswith("BoardPicker"):
        return _boards(text)
    for prefix, what in OTHER_PREFIXES.items():
        if text.startswith(prefix):
            return OtherCommand(what, text)
    return UnknownCommand(text)


def _boards(text: str) -> Command:
    parts = split(text, "\t")
    boards: list[BoardPlacement] = []
    index = 1
    while index < len(parts):
        name_parts = split(parts[index], "/")
        column = java_int(parts[index + 1]) if index + 1 < len(parts) else None
        row = java_int(parts[index + 2]) if index + 2 < len(parts) else None
        if not all(0 <= (cell or 0) <= MAX_BOARD_CELL for cell in (column, row)):
            return MalformedCommand("BoardPicker", text, f"a board's column and row must lie in 0-{MAX_BOARD_CELL}")
        boards.append(BoardPlacement(name_parts[0], len(name_parts) > 1 and name_parts[1] == "rev",
                                     column or 0, row or 0))
        index += 3
    return SetBoards(parts[0][:-len("BoardPicker")], boards)


def _player_text(parts: list[str]) -> str:
    """A damaged roster entry's text with its password (the first field) concealed."""
    return join(["PLAYER", *(conceal(p) if i == 1 else p for i, p in enumerate(parts[1:], start=1))], "\t")


def _move(text: str) -> Command:
    body = text[2:]
    if "\\" in body or "'" in body:   # escaped fields: the full decoder
        parts = split(body, "/")
    else:
        parts = body.split("/")
    count = len(parts)
    if count > 9 and parts[9] != conceal(parts[9]):
        parts[9] = conceal(parts[9])
        text = "M/" + join(parts, "/")
    if count < 9:
        return MalformedCommand("MovePiece", text, f"a MovePiece needs 9 fields, it has {count}")
    new_x, new_y, old_x, old_y = parts[2], parts[3], parts[6], parts[7]
    digits = new_x + new_y + old_x + old_y
    if (0 < len(new_x) < 10 and 0 < len(new_y) < 10 and 0 < len(old_x) < 10 and 0 < len(old_y) < 10
            and digits.isdigit() and digits.isascii()):    # the common case, as java_int's
        numbers: list[int | None] = [int(new_x), int(new_y), int(old_x), int(old_y)]
    else:
        numbers = [java_int(n) for n in (new_x, new_y, old_x, old_y)]
        if None in numbers:
            return MalformedCommand("MovePiece", text, "a MovePiece coordinate is not an integer")
    first, new_map, new_under, old_map, old_under = parts[0], parts[1], parts[4], parts[5], parts[8]
    return MovePiece(None if first == "null" else first, None if new_map == "null" else new_map,
                     numbers[0], numbers[1], None if new_under == "null" else new_under,  # type: ignore[arg-type]
                     None if old_map == "null" else old_map, numbers[2], numbers[3],  # type: ignore[arg-type]
                     None if old_under == "null" else old_under, parts[9] if count > 9 else None)
