"""Key strokes as VASSAL writes them in traits and components: ``keyCode,modifiers``.

Modifiers carry both Java's old and new masks (Ctrl = 2|128), as the engine's own
``KeyStroke.getModifiers()`` returns them; the oracle fixture's traits use the same numbers.
"""

from __future__ import annotations

CTRL = 130
SHIFT = 65
ALT = 520
CTRL_SHIFT = CTRL | SHIFT


def stroke(key: str, modifiers: int) -> str:
    """``keyCode,modifiers`` for a letter or digit key (Java VK codes equal ASCII upper case)."""
    return f"{ord(key.upper())},{modifiers}"


def delete_key() -> str:
    return f"127,{CTRL}"  # Ctrl+Delete, VASSAL's usual delete stroke


FLIP = stroke("F", CTRL)
FLIP_BACK = stroke("F", CTRL_SHIFT)
ELIMINATE = stroke("E", CTRL)
TRAIL = stroke("T", CTRL)
MARK_MOVED = stroke("M", CTRL)
DELETE = delete_key()
NEXT_TURN = stroke("N", CTRL_SHIFT)
ROLL_DIE = stroke("D", CTRL_SHIFT)
ALT_SHIFT = ALT | SHIFT
NEW_PHASE = stroke("P", ALT_SHIFT)      # fired by the turn tracker at every phase change
FOLLOW_TURN = stroke("G", ALT_SHIFT)    # sent to the Game-Turn marker: go to the current turn's box
SHOW_RADIUS = stroke("R", CTRL)         # a leader's command radius on the map (PGG 10.1)
CTRL_ALT = CTRL | ALT


def set_radius(radius: int) -> str:
    """Ctrl+Alt+<digit>: set a leader's radius where the data does not know its rating."""
    return stroke(str(radius), CTRL_ALT)


def label(encoded: str) -> str:
    """How a player reads a key stroke: ``70,195`` -> ``Ctrl+Shift+F``."""
    code, modifiers = (int(part) for part in encoded.split(",")[:2])
    names = [name for name, mask in (("Ctrl", CTRL), ("Shift", SHIFT), ("Alt", ALT)) if modifiers & mask == mask]
    key = "Delete" if code == 127 else chr(code)
    return "+".join([*names, key])
