"""Opening input files that may be anything: only regular files of bounded size are read.

A path a user gives may name a FIFO (opening it waits for a writer forever), ``/dev/zero``
(reading never ends), a directory, or a file of many gigabytes; ``os.path.getsize`` says
nothing useful about any of these. So a file is checked with ``os.stat`` before it is opened,
opened without blocking, checked again on the open handle (the path may have changed in
between) and read through a byte budget.

>>> try:
...     read_bounded("/dev/zero", 10)
... except UnreadableFile as error:
...     print(error)
not a regular file (a character device)
"""

from __future__ import annotations

import os
import stat

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


class UnreadableFile(ValueError):
    """The path is missing, not a regular file, too large, or cannot be read; ``str()`` says which."""


def _problem(mode: int, size: int, limit: int) -> str | None:
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "a special file")
        return f"not a regular file ({kind})"
    if size > limit:
        return f"file is larger than the limit of {limit:,} bytes"
    return None


def check_regular(path: str | os.PathLike[str], limit: int) -> int:
    """The size of a regular file of at most ``limit`` bytes; UnreadableFile otherwise."""
    try:
        info = os.stat(path)
    except OSError as error:
        raise UnreadableFile(f"cannot read ({error.strerror or error})") from None
    problem = _problem(info.st_mode, info.st_size, limit)
    if problem:
        raise UnreadableFile(problem)
    return info.st_size


def read_head(path: str | os.PathLike[str], size: int = 4) -> bytes:
    """The first bytes of a file already checked to be regular (opened without blocking)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            return handle.read(size)
    except OSError as error:
        raise UnreadableFile(f"cannot read ({error.strerror or error})") from None


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; UnreadableFile otherwise."""
    check_regular(path, limit)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise UnreadableFile(f"cannot read ({error.strerror or error})") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        problem = _problem(info.st_mode, info.st_size, limit)
        if problem:
            raise UnreadableFile(problem)
        try:
            data = handle.read(limit + 1)
        except OSError as error:
            raise UnreadableFile(f"cannot read ({error.strerror or error})") from None
    if len(data) > limit:
        raise UnreadableFile(f"file is larger than the limit of {limit:,} bytes")
    return data
