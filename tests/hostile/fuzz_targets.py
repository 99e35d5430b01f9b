"""Fuzz targets for the two readers of files from other hands: saves/logs and game data.

Each target takes one hypothesis ``data`` object, mutates a real input (an engine-written log,
the Kiev data folder) and asserts the reader's contract: the input is read (damage listed) or
refused with its one-line error, never anything else. ``tests/hostile/test_fuzz.py`` runs them
for a few seconds; ``bench/fuzz.py`` for minutes.
"""

from __future__ import annotations

import shutil
import tempfile
import zipfile
from functools import lru_cache
from pathlib import Path

from hypothesis import strategies as st

from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.replay import Replay
from vmodgen.engine.vassal.errors import ReadError
from vmodgen.engine.vassal.module import ModuleInfo, read_module
from vmodgen.engine.vassal.obfuscation import deobfuscate
from vmodgen.engine.vassal.savefile import parse_game_text, read_game
from tests.replay.cases import ENGINE_LOGS, REPO

KIEV = REPO / "games" / "kiev"
KIEV_FILES = sorted(p.relative_to(KIEV).as_posix() for p in KIEV.rglob("*")
                    if p.is_file() and p.suffix in (".csv", ".toml") and "sources" not in p.parts)
#: Tokens worth splicing in: the format's delimiters, keywords and the values that broke readers.
LOG_TOKENS = ["\x1b", "\\", "\t", "/", ";", ",", "LOG\t", "M/", "D/", "+/", "-/", "PLAYER\t", "CHAT", "UNDO\t",
              "begin_save", "end_save", "BoardPicker\t", "2147483648", "9" * 5000, "-1", "0", "nan", "null",
              "@@", "emb2;", "obs;", "hide;", "mark;", "piece;", "\x00", "é", "\ud7ff"]
DATA_TOKENS = ["\n", ",", '"', "#", "[", "]", "[[", "=", "{", "}", "'", "\\", "-", "0", "-1", "99999999999",
               "1e309", "nan", "true", "[]", "{}", "\x07", "\x00", "../", "..", "/", "id", "value", "source",
               "unknown", "x" * 200_000, "é", "9" * 5000]


@lru_cache(maxsize=None)
def log_texts() -> tuple[tuple[str, Path], ...]:
    """The engine-written test logs' savedGame texts, with their modules."""
    found = []
    for case in ENGINE_LOGS:
        if case.game is None and case.log.exists() and case.module.exists():
            with zipfile.ZipFile(case.log) as archive:
                found.append((deobfuscate(archive.read("savedGame")).decode("utf-8"), case.module))
    return tuple(found)


@lru_cache(maxsize=None)
def module(path: Path) -> ModuleInfo:
    return read_module(path)


def mutate(data: st.DataObject, text: str, tokens: list[str], most: int = 8) -> str:
    """``text`` with a few splices: a token inserted, a span deleted, duplicated or swapped."""
    for _ in range(data.draw(st.integers(1, most))):
        if not text:
            text = data.draw(st.sampled_from(tokens))
            continue
        at = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["insert", "delete", "duplicate", "replace"]))
        span = data.draw(st.integers(1, 64))
        if kind == "insert":
            text = text[:at] + data.draw(st.sampled_from(tokens)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + span:]
        elif kind == "duplicate":
            text = text[:at] + text[at:at + span] * data.draw(st.integers(2, 4)) + text[at:]
        else:
            text = text[:at] + data.draw(st.sampled_from(tokens)) + text[at + span:]
    return text


def reader_target(data: st.DataObject) -> None:
    """A mutated real log decodes (damage listed) and replays on its module, or is refused."""
    text, module_path = data.draw(st.sampled_from(log_texts()))
    mutated = mutate(data, text, LOG_TOKENS)
    try:
        game = parse_game_text(mutated)
        Replay(game, module(module_path)).run()   # a step is decoded (or refused) when it is reached
    except ReadError as error:
        assert "\n" not in str(error)


def archive_target(data: st.DataObject) -> None:
    """A log file with bytes of its zip changed is read or refused with a ReadError."""
    case = data.draw(st.sampled_from([c for c in ENGINE_LOGS if c.game is None and c.log.exists()]))
    raw = bytearray(case.log.read_bytes())
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutated.vlog"
        path.write_bytes(bytes(raw))
        try:
            read_game(path)
        except ReadError as error:
            assert str(path) in str(error)


class DataCopy:
    """A private copy of the Kiev data, restored file by file after each mutation."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="fuzz-kiev-")) / "kiev"
        shutil.copytree(KIEV, self.folder)
        self.texts = {name: (KIEV / name).read_text(encoding="utf-8") for name in KIEV_FILES}

    def close(self) -> None:
        shutil.rmtree(self.folder.parent, ignore_errors=True)


@lru_cache(maxsize=None)
def data_copy() -> DataCopy:
    return DataCopy()


def loader_target(data: st.DataObject) -> None:
    """Mutated game data loads, or is refused with data errors (``file:line: field: problem``)."""
    copy = data_copy()
    name = data.draw(st.sampled_from(KIEV_FILES))
    target = copy.folder / name
    target.write_text(mutate(data, copy.texts[name], DATA_TOKENS), encoding="utf-8")
    try:
        load_game(copy.folder)
    except GameDataError as error:
        assert error.errors and all(str(e).startswith(str(copy.folder)) for e in error.errors)
    finally:
        target.write_text(copy.texts[name], encoding="utf-8")


TARGETS = {"reader": reader_target, "archive": archive_target, "loader": loader_target}
