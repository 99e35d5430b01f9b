"""A game's data carried inside its module, so that a module alone is enough to check a game.

A module built by vmodgen holds, beside what VASSAL reads, the game's data folder as the loader
reads it (``vmodgen/game/<id>/game.toml``, ``units.csv``, ``map/...``; the ``sources/`` notes and
derivation scripts are left out, loading never reads them) and a manifest of their SHA-256
digests (``vmodgen/game/<id>.sha256``, in ``sha256sum`` format). The checker loads the game from
there; a ``--games-dir`` folder only overrides it, and :func:`differences` says which files
differ from the module's.

VASSAL ignores archive entries it does not know, so the module still loads unchanged in the
engine; the entries are sorted and written like every other, so a module stays deterministic.

>>> files = data_files(Path("games/kiev"))
>>> "units.csv" in files and "map/hexes.csv" in files and not any(n.startswith("sources/") for n in files)
True
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.vassal.archive import SafeArchive, unsafe_name
from vmodgen.engine.vassal.errors import ReadError

FOLDER = "vmodgen/game"
LEFT_OUT = ("sources",)
MAX_DATA_FILE = 64 * 1024 * 1024


@dataclass(frozen=True)
class ModuleGame:
    """A game loaded from the data inside a module, with the digest of that data."""

    game: Game
    digest: str
    files: dict[str, str]            # file name in the game folder -> its SHA-256


def data_files(folder: Path) -> dict[str, bytes]:
    """Every data file of a game folder, by its path inside the folder (``/``-separated)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if not path.is_file() or name.split("/")[0] in LEFT_OUT or any(p.startswith(".") for p in name.split("/")):
            continue
        found[name] = path.read_bytes()
    return found


def manifest(files: Mapping[str, bytes]) -> str:
    """``sha256sum`` lines, one per file, sorted by name."""
    return "".join(f"{hashlib.sha256(files[name]).hexdigest()}  {name}\n" for name in sorted(files))


def digest(files: Mapping[str, bytes]) -> str:
    """One SHA-256 for the whole data: the digest of its manifest."""
    return hashlib.sha256(manifest(files).encode()).hexdigest()


def module_entries(game_id: str, folder: Path) -> dict[str, bytes]:
    """The archive entries that carry a game's data in its module."""
    files = data_files(folder)
    entries = {f"{FOLDER}/{game_id}/{name}": data for name, data in files.items()}
    entries[f"{FOLDER}/{game_id}.sha256"] = manifest(files).encode()
    return entries


def read_embedded(module: str | os.PathLike[str], game_id: str) -> dict[str, bytes] | None:
    """The data files of ``game_id`` inside a module, or None when the module has none."""
    prefix = f"{FOLDER}/{game_id}/"
    with SafeArchive(module) as archive:
        names = [n for n in archive.names if n.startswith(prefix) and not n.endswith("/")]
        if f"{prefix}game.toml" not in names:
            return None
        return {name[len(prefix):]: archive.read(name, MAX_DATA_FILE) for name in names}


def load_embedded(module: str | os.PathLike[str], game_id: str) -> ModuleGame | None:
    """Load the game whose data the module carries (None when it carries none).

    The loader reads folders, so the files are written to a temporary folder for it and the
    folder removed once the game is loaded (the Game keeps no file open).
    """
    files = read_embedded(module, game_id)
    if files is None:
        return None
    with tempfile.TemporaryDirectory(prefix=f"vmodgen-{_safe(game_id)}-") as temp:
        folder = Path(temp) / _safe(game_id)
        for name, data in files.items():
            if unsafe_name(name):
                raise ReadError(module, f"game data entry {name!r} leaves its folder")
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        game = load_game(folder)
    return ModuleGame(game, digest(files), {n: hashlib.sha256(d).hexdigest() for n, d in files.items()})


def differences(folder: Path, embedded: Mapping[str, str]) -> list[str]:
    """The files of a game folder that differ from (or are missing in) the module's copy, whose
    SHA-256 digests by file name are ``embedded`` (:attr:`ModuleGame.files`, :func:`embedded_digests`)."""
    mine = {n: hashlib.sha256(d).hexdigest() for n, d in data_files(folder).items()}
    return sorted(n for n in set(mine) | set(embedded) if mine.get(n) != embedded.get(n))


def embedded_digests(module: str | os.PathLike[str], game_id: str) -> dict[str, str] | None:
    """The SHA-256 of each data file the module carries for ``game_id`` (None: it carries none),
    without loading the game."""
    files = read_embedded(module, game_id)
    return None if files is None else {n: hashlib.sha256(d).hexdigest() for n, d in files.items()}


def _safe(game_id: str) -> str:
    """A game id as a folder name (ids come from pieces in a log, which anyone can write)."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in game_id) or "game"
