"""The command tree of a saved game: ESC-separated, escaped once more at every level of nesting.

``GameModule.encode`` writes a command as its own text followed by its sub-commands, joined with
ESC by a SequenceEncoder, so a sub-command that has sub-commands of its own appears escaped
(``\\ESC``), its own children twice (``\\\\ESC``) and so on. ``GameModule.decode`` undoes this
recursively: a text that splits into a single token equal to itself is a leaf, anything else
is the sequence of its tokens, each decoded again. A ``LOG\\t`` leaf holds a whole command
string of its own, decoded the same way.

Splitting on every ESC (as pywargame does) loses the grouping that makes a log's steps.

>>> tree = decode_tree("begin_save\\x1bCHAT hi\\x1bend_save")
>>> [type(part).__name__ for part in tree.parts]
['SetupCommand', 'Chat', 'SetupCommand']
>>> encode_tree(tree) == "begin_save\\x1bCHAT hi\\x1bend_save"
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from vmodgen.engine.vassal.limits import MAX_DEPTH
from vmodgen.engine.vassal.commands import (ESC, Command, LogEntry, MalformedCommand, NullCommand, UndoMarker,
                                            UnknownCommand, decode_leaf)
from vmodgen.engine.vassal.sequence import escape

#: leaves the engine's decoder makes no command of (a tree of nothing else is not a step)
_NOT_DECODED = (UnknownCommand, MalformedCommand, UndoMarker)
_UNESCAPED_ESC = re.compile("(?<!\\\\)\x1b")
#: stands for an escaped ESC while a text is split (a text holding it is split by _UNESCAPED_ESC)
_STANDIN = "\x00"


class NestingTooDeep(ValueError):
    """The text nests commands more than ``MAX_DEPTH`` levels deep."""


@dataclass(slots=True)
class Compound(Command):
    """A command followed by its sub-commands (the engine appends ``parts[1:]`` to ``parts[0]``)."""

    parts: list[Command]

    def encode(self) -> str:
        return encode_tree(self)


def decode_tree(text: str, depth: int = 0) -> Command:
    """The command tree of a text, as ``GameModule.decode`` splits it."""
    if depth > MAX_DEPTH:
        raise NestingTooDeep(f"commands nested more than {MAX_DEPTH} levels deep")
    if ESC not in text and text[:1] != "'":     # a leaf (most of a log): nothing to split
        if text[:4] == "LOG\t":
            return LogEntry(decode_tree(text[4:], depth + 1))
        return decode_leaf(text)
    tokens = split_commands(text)
    if tokens is None:
        if text.startswith("LOG\t"):
            return LogEntry(decode_tree(text[4:], depth + 1))
        return decode_leaf(text)
    return Compound([decode_tree(token, depth + 1) for token in tokens])


def step_commands(text: str, depth: int = 1) -> tuple[list[Command], bool]:
    """What ``leaf_list(decode_tree(text, depth))`` gives, and whether VASSAL 3.6's decoder makes
    a command of the tree (some leaf is a command it knows, or the empty command), in one walk
    that builds no tree: a log's steps are decoded this way as they are replayed.

    >>> commands, decodes = step_commands("LOG\\tnull\\x1bLOG\\tCHAT hi")
    >>> [type(c).__name__ for c in commands], decodes
    (['Chat'], True)
    >>> step_commands("LOG\\tnull\\x1bLOG\\tFROB")[1]
    False
    """
    if text[:4] == "LOG\t" and ESC not in text and depth < MAX_DEPTH:     # one command logged alone
        logged = text[4:]
        if logged[:1] != "'" and logged[:4] != "LOG\t" and logged != "null":
            command = decode_leaf(logged)
            if type(command) is NullCommand:
                return [], True
            return [command], not isinstance(command, _NOT_DECODED)
    found: list[Command] = []
    return found, _flatten(text, depth, found)


def _flatten(text: str, depth: int, found: list[Command]) -> bool:
    while True:     # a LOG entry's logged command is unwrapped here rather than by a call
        if depth > MAX_DEPTH:
            raise NestingTooDeep(f"commands nested more than {MAX_DEPTH} levels deep")
        tokens = split_commands(text) if ESC in text or text[:1] == "'" else None
        if tokens is not None:
            break
        if text[:4] != "LOG\t":
            command = decode_leaf(text)
            if type(command) is NullCommand:
                return True
            found.append(command)
            return not isinstance(command, _NOT_DECODED)
        if text == "LOG\tnull" and depth < MAX_DEPTH:
            return False    # a logged command without encoder: the engine skips it
        text, depth = text[4:], depth + 1
    decodes = False
    for token in tokens:
        if ESC not in token and token[:1] != "'" and depth + 2 <= MAX_DEPTH:     # a leaf: no call
            if token[:4] == "LOG\t":
                token = token[4:]
                if token == "null":
                    continue    # a logged command without encoder: the engine skips it
                if token[:1] == "'" or token[:4] == "LOG\t":
                    decodes = _flatten(token, depth + 2, found) or decodes
                    continue
            command = decode_leaf(token)
            if type(command) is NullCommand:
                decodes = True
            else:
                found.append(command)
                decodes = decodes or not isinstance(command, _NOT_DECODED)
        elif _flatten(token, depth + 1, found):
            decodes = True
    return decodes


def split_commands(text: str) -> list[str] | None:
    """The tokens ``decode_tree`` splits a text into (``sequence.decode`` with ESC), or None when
    the text is a leaf (it splits into itself).

    Escaped ESCs are found with one regular expression rather than a merge pass in Python: the
    outermost level of a log holds a token per entry, a million in a large log.

    >>> split_commands("a\\x1bb\\\\\\x1bc"), split_commands("CHAT hi")
    (['a', 'b\\x1bc'], None)
    """
    if "\\" + ESC in text:
        if _STANDIN in text:
            tokens = [token.replace("\\" + ESC, ESC) for token in _UNESCAPED_ESC.split(text)]
        else:   # escaped ESCs set aside as a character the text lacks: no regex
            tokens = [token.replace(_STANDIN, ESC) for token in text.replace("\\" + ESC, _STANDIN).split(ESC)]
    else:
        tokens = text.split(ESC)
    if "'" in text:
        tokens = [_unquote(token) for token in tokens]
    if len(tokens) == 1 and tokens[0] == text:
        return None
    return tokens


def is_log_entry(text: str, depth: int = 1) -> bool:
    """Whether ``decode_tree(text, depth)`` is a log entry (a ``LOG`` leaf, or a compound with one
    among its parts), told without decoding any command."""
    if "LOG\t" not in text:
        return False
    if text[:4] == "LOG\t":     # the common entry: its first token is a LOG leaf
        first = text.find(ESC)
        if first < 0 or text[first - 1] != "\\":
            return True
    tokens = split_commands(text) if ESC in text or text[:1] == "'" else None
    if tokens is None:
        return text.startswith("LOG\t")
    return any(token.startswith("LOG\t") and (ESC not in token and token[:1] != "'" or split_commands(token) is None)
               for token in tokens)


def _unquote(token: str) -> str:
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        return token[1:-1]
    return token


def encode_tree(command: Command) -> str:
    """The text of a command tree, as ``GameModule.encode`` writes it."""
    if isinstance(command, Compound):
        return ESC.join(escape(encode_tree(part), ESC) for part in command.parts)
    return command.encode()


def leaves(command: Command) -> Iterator[Command]:
    """The commands of a tree in execution order (pre-order), ``LOG`` wrappers and ``Compound``
    nodes removed; a ``LOG\\tnull`` entry yields nothing, as the engine skips it."""
    stack = [command]
    while stack:
        node = stack.pop()
        if isinstance(node, Compound):
            stack.extend(reversed(node.parts))
        elif isinstance(node, LogEntry):
            if not node.is_null:
                stack.append(node.logged)
        elif not isinstance(node, NullCommand):
            yield node


def leaf_list(command: Command) -> list[Command]:
    """``list(leaves(command))``, quicker for the common step: one command logged alone."""
    if isinstance(command, LogEntry):
        logged = command.logged
        if not isinstance(logged, (Compound, LogEntry)):
            return [] if command.is_null or isinstance(logged, NullCommand) else [logged]
    return list(leaves(command))


def top_level(command: Command) -> list[Command]:
    """The tokens of the outermost level (begin_save, the restore parts, end_save, log entries)."""
    return list(command.parts) if isinstance(command, Compound) else [command]
