"""The limits game data (``games/<id>/``) is read within, in one place.

Game data is edited by many hands, and a value in it can size a path (the game ``id`` names the
module file), a loop (the grid's columns and rows) or an image (``hex_height`` and ``margin``
size the map picture pillow allocates). Each such value is checked against the limits below
when the data is loaded, and a value outside them is a data error (``file:line: field:
problem``) like any other. Every limit is far above what a real game needs (the numbers in
brackets are Kiev's); ``docs/limits.md`` lists them.

>>> valid_game_id("kiev"), valid_game_id("../x"), valid_game_id("/etc"), valid_game_id("Kiev")
(True, False, False, False)
>>> control_characters("1st Panzer"), control_characters("bad\\x07name")
('', '\\\\x07')
"""

from __future__ import annotations

import re

#: A game id names the module file (``<id>.vmod``) and the data folder: a slug only.
GAME_ID = re.compile(r"[a-z0-9-]{1,64}")
#: Bytes of one data file (Kiev's largest, hexes.csv, is about 60 KB).
MAX_DATA_FILE = 16 * 1024 * 1024
#: Characters of one CSV field (Kiev's longest source note is about 600).
MAX_CSV_FIELD = 100_000
#: Columns and rows of a map grid (Kiev: 29 x 33).
MAX_GRID_SIZE = 500
#: Digits of a hex number's column or row part (Kiev: 2 and 2).
MAX_HEX_DIGITS = 4
#: The map picture's scale in pixels (Kiev: hex_height 80, margin 40, no key).
MIN_HEX_HEIGHT, MAX_HEX_HEIGHT = 10, 1_000
MAX_MARGIN = 5_000
MAX_KEY_WIDTH = 5_000
#: Pixels of the map picture, width times height (Kiev: 2113 x 2760, about 5.8 million).
MAX_MAP_PIXELS = 100_000_000

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def valid_game_id(text: str) -> bool:
    """Whether ``text`` can be a game id: lower-case letters, digits and ``-``, 1-64 of them."""
    return GAME_ID.fullmatch(text) is not None


def control_characters(text: str) -> str:
    """The control characters in ``text`` (shown escaped), or ``''``: XML, hence a module, cannot
    hold them, so a name with one is refused when it is loaded, not when the module is written."""
    found = _CONTROL.findall(text)
    return "".join(sorted({repr(c)[1:-1] for c in found})) if found else ""
