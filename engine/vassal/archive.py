"""Reading VASSAL's zip files (modules, saves, logs) without trusting them.

Saves and logs come from other people, so an archive is opened defensively: entry names that
leave the archive (``../x``, ``/etc/x``, ``C:x``) are refused, every entry is read through a
byte budget (a zip bomb stops at the budget, whatever sizes its directory claims), and the
number of entries is bounded. Nothing is ever extracted to disk.
"""

from __future__ import annotations

import os
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from vmodgen.engine.vassal.errors import ReadError
from vmodgen.engine.vassal.limits import MAX_ENTRIES, MAX_ENTRY_BYTES

DEFAULT_ENTRY_LIMIT = MAX_ENTRY_BYTES
ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")
_CHUNK = 1 << 20


def looks_like_zip(head: bytes) -> bool:
    return head[:4] in ZIP_MAGIC


def unsafe_name(name: str) -> bool:
    """True for an entry name that would land outside a folder it were extracted to."""
    if not name or "\x00" in name:
        return True
    normal = name.replace("\\", "/")
    if normal.startswith("/") or (len(normal) > 1 and normal[1] == ":"):
        return True
    return any(part == ".." for part in normal.split("/"))


class SafeArchive:
    """An open zip archive whose entry names were checked; read entries with ``read``."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        try:
            self._zip = zipfile.ZipFile(self.path)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, NotImplementedError) as error:
            raise ReadError(self.path, f"not a readable zip archive ({error})") from None
        except OSError as error:
            raise ReadError(self.path, f"cannot open ({error.strerror or error})") from None
        infos = self._zip.infolist()
        if len(infos) > MAX_ENTRIES:
            self._zip.close()
            raise ReadError(self.path, f"archive has {len(infos)} entries, more than {MAX_ENTRIES}")
        for info in infos:
            if unsafe_name(info.filename):
                self._zip.close()
                raise ReadError(self.path, f"archive entry name {info.filename!r} leaves the archive "
                                           "(refusing an unsafe archive)")
        self._names = {info.filename: info for info in infos}

    def __enter__(self) -> SafeArchive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._zip.close()

    @property
    def names(self) -> list[str]:
        return list(self._names)

    def has(self, name: str) -> bool:
        return name in self._names

    def read(self, name: str, limit: int = DEFAULT_ENTRY_LIMIT) -> bytes:
        """The entry's bytes; a ReadError once more than ``limit`` bytes come out of it."""
        chunks: list[bytes] = []
        total = 0
        with self.open(name) as stream:
            try:
                while True:
                    chunk = stream.read(_CHUNK)
                    if not chunk:
                        break
                    total += len(chunk)
                    if total > limit:
                        raise ReadError(self.path, f"entry {name!r} expands to more than {limit} bytes "
                                                   "(refusing a zip bomb)")
                    chunks.append(chunk)
            except (zipfile.BadZipFile, zlib.error, EOFError, ValueError) as error:
                raise ReadError(self.path, f"entry {name!r} is corrupt ({error})") from None
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)

    @contextmanager
    def open(self, name: str) -> Iterator[IO[bytes]]:
        """A stream over one entry (for readers that stop early, such as image headers)."""
        info = self._names.get(name)
        if info is None:
            raise ReadError(self.path, f"archive has no entry {name!r}")
        try:
            stream = self._zip.open(info)
        except (zipfile.BadZipFile, NotImplementedError, RuntimeError, ValueError, OSError) as error:
            raise ReadError(self.path, f"entry {name!r} cannot be read ({error})") from None
        with stream:
            yield stream
