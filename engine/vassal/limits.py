"""The limits every VASSAL file (module, save, log) is read within, in one place.

Saves and logs come from strangers, so no value read from one may size a loop, an allocation,
a path or an image unchecked. Each limit is far above what a real module or game holds (the
numbers in brackets) and far below what would hang the reader or exhaust memory; a file over
a limit is refused with a ReadError naming the file and the limit, or, inside a file that
reads, the value is reported as damage and replaced as VASSAL would replace it. Counts a file
claims (a piece state's number of properties) are never trusted: only the items the text
holds are read.
Grid spacings are checked where grids are built (``engine.grids.spacing``). ``docs/limits.md``
lists every limit for users.

>>> within_int_range("2147483647"), within_int_range("0" * 5000 + "7"), within_int_range("9" * 5000)
(True, True, False)
"""

from __future__ import annotations

#: A save or log file on disk (the largest real logs are a few MB).
MAX_GAME_FILE = 512 * 1024 * 1024
#: The de-compressed ``savedGame`` entry of a save or log.
MAX_SAVED_GAME = 256 * 1024 * 1024
#: ``savedata``/``moduledata`` (a few hundred bytes in practice).
MAX_METADATA = 1024 * 1024
#: A module file on disk (large modules are a few hundred MB of images).
MAX_MODULE_FILE = 4 * 1024 * 1024 * 1024
#: Entries of one zip archive.
MAX_ENTRIES = 200_000
#: Bytes any one zip entry may expand to (a zip bomb stops here, whatever its directory says).
MAX_ENTRY_BYTES = 256 * 1024 * 1024
#: A module's ``buildFile.xml``, and any XML document read.
MAX_BUILD_FILE = 64 * 1024 * 1024
MAX_XML_BYTES = 64 * 1024 * 1024
#: Nesting of commands inside commands (VASSAL nests a few levels).
MAX_DEPTH = 200
#: A board's column or row in a map's board layout (real maps have a few boards).
MAX_BOARD_CELL = 1_000
#: Significant digits of a Java int (2147483647): longer digit runs are out of range, and
#: Python would refuse to convert runs over 4300 digits at all.
JAVA_INT_DIGITS = 10


def within_int_range(digits: str) -> bool:
    """Whether a run of ASCII digits can be a Java int's magnitude (leading zeros allowed)."""
    return len(digits.lstrip("0")) <= JAVA_INT_DIGITS
