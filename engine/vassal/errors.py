"""What can go wrong when reading VASSAL files, in two kinds.

A ``ReadError`` means the file as a whole cannot be read (not a zip, a broken ``!VCSK`` body,
an archive entry that escapes its folder, a size limit crossed, XML with entities): nothing
sensible can be replayed from it, so the reader stops and says why in one line.

A ``Problem`` is damage inside a file that was read: an unknown or malformed command, a piece
that is not there. It is collected (``SavedGame.errors``, ``Replay.errors``) and the reading
goes on, as python-chess collects ``Game.errors``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


class ReadError(Exception):
    """A file that cannot be read at all; ``str()`` is one line naming the file and problem."""

    def __init__(self, path: str | os.PathLike[str] | None, problem: str) -> None:
        self.path = os.fspath(path) if path is not None else None
        self.problem = problem
        super().__init__(f"{self.path}: {problem}" if self.path else problem)


@dataclass(frozen=True)
class Problem:
    """Damage found while decoding or replaying: where (log step, 0 for the restore part) and what.

    ``kind`` tells what sort of damage it is: ``unknown`` (a command no decoder knows),
    ``malformed`` (a known command whose fields do not parse), ``missing`` (a command about a
    piece, map or tracker that is not there), ``text`` (the file's bytes or encoding).
    """

    step: int
    kind: str
    problem: str

    def __str__(self) -> str:
        where = f"step {self.step}" if self.step else "restore"
        return f"{where}: {self.problem}"
