"""Reading a VASSAL save (``.vsav``) or log (``.vlog``) into its command tree and steps.

A save is one restore command (``begin_save``, every piece, the boards, players, properties,
turn trackers, ``end_save``); a log is the restore taken when logging began followed by one
``LOG`` entry per step the player took. Both are zips holding ``savedGame`` (``!VCSK``
obfuscated text, or plain text in old files), ``savedata`` and ``moduledata``; VASSAL 1 wrote
the text alone, without a zip, which this reader also takes.

>>> game = read_game("tests/data/logs/basic.vlog")
>>> game.kind, len(game.steps), game.errors
('log', 4, [])
>>> [type(c).__name__ for c in game.steps[1].commands]
['MovePiece', 'Chat']
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload

from vmodgen.engine.files import UnreadableFile, check_regular, read_bounded, read_head
from vmodgen.engine.vassal.archive import SafeArchive, looks_like_zip
from vmodgen.engine.vassal.commands import (ESC, Command, LogEntry, MalformedCommand, NullCommand, UndoMarker,
                                            UnknownCommand)
from vmodgen.engine.vassal.errors import Problem, ReadError
from vmodgen.engine.vassal.limits import MAX_GAME_FILE, MAX_METADATA, MAX_SAVED_GAME
from vmodgen.engine.vassal.obfuscation import ObfuscationError, deobfuscate, is_obfuscated
from vmodgen.engine.vassal.safexml import parse_xml
from vmodgen.engine.vassal.tree import (Compound, NestingTooDeep, decode_tree, encode_tree, is_log_entry, leaf_list,
                                        split_commands, step_commands)

SAVEFILE_ENTRY = "savedGame"


@dataclass(frozen=True)
class GameMetadata:
    """What ``savedata``/``moduledata`` say: the module the game was played with, and when."""

    module_name: str | None = None
    module_version: str | None = None
    vassal_version: str | None = None
    description: str | None = None
    date_saved: str | None = None


@dataclass(slots=True)
class LoggedStep:
    """One step of a log: what the engine's Step button replays at once.

    ``index`` counts as the engine counts (1-based, entries the engine can decode only);
    ``commands`` are the step's commands in execution order; ``undo`` is true when VASSAL 3.6.7+
    bracketed the step with ``UNDO`` markers (it then holds the inverse of an earlier step).
    """

    index: int
    commands: list[Command]
    undo: bool = False


class GameSteps(Sequence[LoggedStep]):
    """The steps of a log, decoded one at a time as they are read (never the whole tree at once).

    A log's command tree costs some hundreds of bytes a command once decoded, so a log of a
    million commands is kept as the text of each entry (one level of escaping undone) and every
    step is decoded when it is reached, then let go of. The first pass over the entries also
    collects their damage in ``errors`` (step by step, each entry's damage known before the step
    before it is handed out, so a reader printing a step's errors with the step has them) and
    learns which entries the engine decodes; later passes decode only those. ``len`` and
    indexing decode as far as they must. The entries still hold passwords: they are never shown,
    and only decoded commands (passwords as tokens) leave this class.
    """

    def __init__(self, entries: list[str], depth: int, errors: list[Problem], path: str | None) -> None:
        self.entries = entries
        self._depth = depth
        self._errors = errors
        self._path = path
        self._positions = array("q")    # step index - 1 -> its entry
        self._scanned = 0               # entries decoded once (their damage is in errors)
        self._latest: LoggedStep | None = None

    def __iter__(self) -> Iterator[LoggedStep]:
        index = 0
        step = self._step(0)
        while step is not None:
            following = self._step(index + 1)
            yield step
            step, index = following, index + 1

    def __len__(self) -> int:
        while self._scanned < len(self.entries):
            self._scan()
        return len(self._positions)

    @overload
    def __getitem__(self, index: int) -> LoggedStep: ...

    @overload
    def __getitem__(self, index: slice) -> list[LoggedStep]: ...

    def __getitem__(self, index: int | slice) -> LoggedStep | list[LoggedStep]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        step = self._step(index) if index >= 0 else None
        if step is None:
            raise IndexError("step index out of range")
        return step

    def any(self) -> bool:
        """Whether the log has a step at all (entries are decoded up to the first one)."""
        return self._step(0) is not None

    def _step(self, index: int) -> LoggedStep | None:
        """The step at ``index`` (0-based), or None past the last one."""
        while index >= len(self._positions):
            if self._scanned >= len(self.entries):
                return None
            self._scan()
        latest = self._latest
        if latest is not None and latest.index == index + 1:
            return latest
        return _logged(index + 1, self._decode(self._positions[index])[0])

    def _scan(self) -> None:
        """Decode the next entry not decoded before: note its damage, and whether it is a step."""
        position = self._scanned
        commands, decodes = self._decode(position)
        self._scanned += 1
        if not decodes:
            _report(commands, len(self._positions), self._errors)
            return
        self._positions.append(position)
        self._latest = step = _logged(len(self._positions), commands)
        if not _DAMAGED.isdisjoint(map(type, commands)):
            _report(step.commands, step.index, self._errors)

    def _decode(self, position: int) -> tuple[list[Command], bool]:
        try:
            return step_commands(self.entries[position], self._depth)
        except NestingTooDeep as error:
            raise ReadError(self._path, str(error)) from None
        except RecursionError:
            raise ReadError(self._path, "commands nested too deeply to decode") from None


_DAMAGED = frozenset((UnknownCommand, MalformedCommand))


def _logged(index: int, commands: list[Command]) -> LoggedStep:
    for command in commands:
        if type(command) is UndoMarker:
            markers = [c for c in commands if isinstance(c, UndoMarker)]
            commands = [c for c in commands if not isinstance(c, UndoMarker)]
            return LoggedStep(index, commands, undo=any(m.opening for m in markers))
    return LoggedStep(index, commands)


@dataclass
class SavedGame:
    """A decoded save or log. ``errors`` lists the damage found; reading went on past it.

    The restore part is decoded when the file is read, the steps of a log (``steps``) as they
    are replayed: ``damage`` is what was found so far (it grows with the first pass over the
    steps), ``errors`` the whole file's (the steps are read through for it if they were not).
    Commands nested too deeply to decode raise ``ReadError`` where they are met: when the file
    is read, or when their step is reached.

    Passwords of the roster and of moves are tokens already (``passwords``). A masked or hidden
    piece's state still names its owner by password (only the piece's type says which part of a
    ``D/`` state that is, and traits give it out as a token): so ``text`` and the command tree
    stay out of ``repr`` and are never to be printed. ``root`` and ``text`` are the tree and its
    text made again when asked for (the tree encodes to the file's text, passwords aside).
    """

    path: str | None
    kind: str
    restore: list[Command] = field(repr=False)
    steps: GameSteps = field(repr=False)
    metadata: GameMetadata = field(default_factory=GameMetadata)
    damage: list[Problem] = field(default_factory=list)
    obfuscated: bool = False
    zipped: bool = True
    #: the restore part's commands as the tree holds them, and for every outermost token
    #: whether it is a log entry (1) or a restore part (0); a text that is one leaf is not split
    parts: list[Command] = field(default_factory=list, repr=False)
    layout: bytes = field(default=b"", repr=False)
    leaf: bool = False

    @property
    def errors(self) -> list[Problem]:
        """Every damage found in the file, the restore part's first (step 0), then by step."""
        len(self.steps)
        return self.damage

    @property
    def root(self) -> Command:
        """The whole command tree, decoded again (a large log's tree is large: for tools and tests)."""
        parts, entries = iter(self.parts), iter(self.steps.entries)
        depth = 0 if self.leaf else 1
        decoded = [decode_tree(next(entries), depth) if is_log else next(parts) for is_log in self.layout]
        return decoded[0] if self.leaf else Compound(decoded)

    @property
    def text(self) -> str:
        """The ``savedGame`` text of the decoded tree (passwords as tokens)."""
        return encode_tree(self.root)

    @property
    def command_count(self) -> int:
        return len(self.restore) + sum(len(step.commands) for step in self.steps)


def read_game(path: str | os.PathLike[str]) -> SavedGame:
    """Read a ``.vsav``/``.vlog`` (or VASSAL 1 plain save); ReadError if the file is unreadable."""
    path = os.fspath(path)
    try:
        check_regular(path, MAX_GAME_FILE)
        head = read_head(path)
        body = None if looks_like_zip(head) else read_bounded(path, MAX_SAVED_GAME)
    except UnreadableFile as error:
        raise ReadError(path, str(error)) from None
    metadata = GameMetadata()
    if body is None:
        with SafeArchive(path) as archive:
            if not archive.has(SAVEFILE_ENTRY):
                what = "a module, not a save or log" if archive.has("buildFile.xml") or archive.has("buildFile") \
                    else "not a VASSAL save or log"
                raise ReadError(path, f"archive has no savedGame entry ({what})")
            body = archive.read(SAVEFILE_ENTRY, MAX_SAVED_GAME)
            metadata = _metadata(archive)
        zipped = True
    else:
        zipped = False
    try:
        plain = deobfuscate(body)
    except ObfuscationError as error:
        raise ReadError(path, str(error)) from None
    obfuscated = is_obfuscated(body)
    del body  # a large log's bytes are let go of before its tree is built
    try:
        text = plain.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ReadError(path, f"savedGame is not UTF-8 text (byte 0x{plain[error.start]:02x} "
                              f"at offset {error.start})") from None
    del plain
    game = parse_game_text(text, path)
    game.metadata = metadata
    game.obfuscated = obfuscated
    game.zipped = zipped
    return game


def parse_game_text(text: str, path: str | None = None) -> SavedGame:
    """Decode the text of a ``savedGame`` entry (already de-obfuscated): its restore part now,
    its steps as they are read (``GameSteps``)."""
    tokens = split_commands(text)
    leaf = tokens is None
    if tokens is None:
        tokens = [text]
    depth = 0 if leaf else 1
    parts: list[Command] = []
    restore: list[Command] = []
    errors: list[Problem] = []
    entries: list[str] = []
    layout = bytearray()
    for token in tokens:
        if token[:4] == "LOG\t" and ESC not in token or is_log_entry(token, depth):    # the first: most entries
            entries.append(token)
            layout.append(1)
            continue
        part = _decode(token, depth, path)
        parts.append(part)
        layout.append(0)
        batch = leaf_list(part)
        restore.extend(batch)
        _report(batch, 0, errors)
    del tokens
    steps = GameSteps(entries, depth, errors, path)
    if not any(_engine_decodes(part) and not isinstance(part, NullCommand) for part in parts) and not steps.any():
        raise ReadError(path, "not a VASSAL save or log (no command in it decodes)")
    return SavedGame(path, "log" if entries else "save", restore, steps, damage=errors, parts=parts,
                     layout=bytes(layout), leaf=leaf)


def _decode(text: str, depth: int, path: str | None) -> Command:
    try:
        return decode_tree(text, depth)
    except NestingTooDeep as error:
        raise ReadError(path, str(error)) from None
    except RecursionError:
        raise ReadError(path, "commands nested too deeply to decode") from None


def _engine_decodes(command: Command) -> bool:
    """Whether VASSAL 3.6's decoder turns this (sub)tree into a command rather than null."""
    if isinstance(command, Compound):
        return any(_engine_decodes(part) for part in command.parts)
    if isinstance(command, LogEntry):
        return _engine_decodes(command.logged)
    if isinstance(command, NullCommand):
        return True
    return not isinstance(command, (UnknownCommand, MalformedCommand, UndoMarker))


def _report(commands: list[Command], step: int, errors: list[Problem]) -> None:
    for command in commands:
        if isinstance(command, UnknownCommand):
            errors.append(Problem(step, "unknown", f"unknown command {_clip(command.text)!r} "
                                                   "(no VASSAL decoder reads it; skipped)"))
        elif isinstance(command, MalformedCommand):
            errors.append(Problem(step, "malformed", f"{command.what}: {command.problem}: "
                                                     f"{_clip(command.text)!r}"))


def _clip(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _metadata(archive: SafeArchive) -> GameMetadata:
    values: dict[str, str | None] = {}
    for entry, wanted in (("moduledata", ("name", "version")),
                          ("savedata", ("version", "VassalVersion", "description", "dateSaved"))):
        if not archive.has(entry):
            continue
        try:
            root = parse_xml(archive.read(entry, MAX_METADATA), archive.path, entry)
        except ReadError:
            continue
        for tag in wanted:
            child = root.find(tag)
            if child is not None and child.text is not None:
                values[f"{entry}:{tag}"] = child.text.strip()
    return GameMetadata(
        module_name=values.get("moduledata:name"),
        module_version=values.get("savedata:version") or values.get("moduledata:version"),
        vassal_version=values.get("savedata:VassalVersion"),
        description=values.get("savedata:description"),
        date_saved=values.get("savedata:dateSaved"),
    )
