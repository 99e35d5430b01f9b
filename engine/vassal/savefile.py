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
from dataclasses import dataclass, field

from vmodgen.engine.files import UnreadableFile, check_regular, read_bounded, read_head
from vmodgen.engine.vassal.archive import SafeArchive, looks_like_zip
from vmodgen.engine.vassal.commands import (Command, LogEntry, MalformedCommand, NullCommand, UndoMarker,
                                            UnknownCommand)
from vmodgen.engine.vassal.errors import Problem, ReadError
from vmodgen.engine.vassal.limits import MAX_GAME_FILE, MAX_METADATA, MAX_SAVED_GAME
from vmodgen.engine.vassal.obfuscation import ObfuscationError, deobfuscate, is_obfuscated
from vmodgen.engine.vassal.safexml import parse_xml
from vmodgen.engine.vassal.tree import Compound, NestingTooDeep, decode_tree, encode_tree, leaf_list, top_level

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
    entry: Command
    commands: list[Command]
    undo: bool = False


@dataclass
class SavedGame:
    """A decoded save or log. ``errors`` lists the damage found; reading went on past it.

    Passwords of the roster and of moves are tokens already (``passwords``). A masked or hidden
    piece's state still names its owner by password (only the piece's type says which part of a
    ``D/`` state that is, and traits give it out as a token): so ``text`` and the command tree
    stay out of ``repr`` and are never to be printed. ``text`` is the tree encoded again when
    asked for (the tree encodes to the file's text, passwords aside), so a log of a million
    commands is not held twice.
    """

    path: str | None
    kind: str
    root: Command = field(repr=False)
    restore: list[Command] = field(repr=False)
    steps: list[LoggedStep] = field(repr=False)
    metadata: GameMetadata = field(default_factory=GameMetadata)
    errors: list[Problem] = field(default_factory=list)
    obfuscated: bool = False
    zipped: bool = True

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
    """Decode the text of a ``savedGame`` entry (already de-obfuscated)."""
    try:
        root = decode_tree(text)
    except NestingTooDeep as error:
        raise ReadError(path, str(error)) from None
    except RecursionError:
        raise ReadError(path, "commands nested too deeply to decode") from None
    parts = top_level(root)
    if not any(_engine_decodes(part) and not isinstance(part, NullCommand) for part in parts):
        raise ReadError(path, "not a VASSAL save or log (no command in it decodes)")
    restore: list[Command] = []
    steps: list[LoggedStep] = []
    errors: list[Problem] = []
    is_log = False
    for part in parts:
        if _is_log_entry(part):
            is_log = True
            if not _engine_decodes(part):
                _report(leaf_list(part), 0 if not steps else steps[-1].index, errors)
                continue
            commands = leaf_list(part)
            markers = [c for c in commands if isinstance(c, UndoMarker)]
            if markers:
                commands = [c for c in commands if not isinstance(c, UndoMarker)]
            step = LoggedStep(len(steps) + 1, part, commands, undo=any(m.opening for m in markers))
            steps.append(step)
            _report(step.commands, step.index, errors)
        else:
            batch = leaf_list(part)
            restore.extend(batch)
            _report(batch, 0, errors)
    return SavedGame(path, "log" if is_log else "save", root, restore, steps, errors=errors)


def _is_log_entry(part: Command) -> bool:
    if isinstance(part, LogEntry):
        return True
    return isinstance(part, Compound) and any(isinstance(p, LogEntry) for p in part.parts)


def _engine_decodes(command: Command) -> bool:
    """Whether VASSAL 3.6's decoder turns this (sub)tree into a command rather than null."""
    if isinstance(command, Compound):
        return any(_engine_decodes(part) for part in command.parts)
    if isinstance(command, LogEntry):
        return _engine_decodes(command.logged)
    if isinstance(command, NullCommand):
        return True
    return not isinstance(command, (UnknownCommand, MalformedCommand, UndoMarker))


def _report(commands: object, step: int, errors: list[Problem]) -> None:
    for command in commands:  # type: ignore[attr-defined]
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
