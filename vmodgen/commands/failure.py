"""The one error path of every ``vmodgen`` command: one line on stderr, exit status 2.

Whatever goes wrong, the user reads ``vmodgen: FILE: problem`` and the shell sees status 2.
A failure nobody foresaw is an internal error: it is said to be one, with a hint to report it,
and never shown as a bare traceback (whose locals and file texts could hold a stranger's data).
"""

from __future__ import annotations

import sys
from typing import NoReturn

import click

BUG_HINT = "this is a bug in vmodgen; please report it with the command and the input files"
EXIT_FAILURE = 2


def one_line(text: str, limit: int = 400) -> str:
    """``text`` on one line of at most ``limit`` characters (file texts may hold newlines)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[:limit] + "..."


def fail(message: str) -> NoReturn:
    """Print ``vmodgen: message`` as one line on stderr and exit with status 2."""
    click.echo(f"vmodgen: {one_line(message)}", err=True)
    sys.exit(EXIT_FAILURE)


def internal_error(error: BaseException) -> NoReturn:
    """Report an exception no command expected: its kind and message, and where to report it."""
    if isinstance(error, MemoryError):
        fail("out of memory (the input is too large for this machine)")
    if isinstance(error, RecursionError):
        fail("the input nests too deeply to process")
    fail(f"internal error ({type(error).__name__}: {one_line(str(error), 200)}); {BUG_HINT}")
