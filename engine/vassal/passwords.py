"""Players' passwords never leave the reader: each is replaced by an opaque token as it is decoded.

VASSAL keys a player by the password typed at the start: a roster entry (``PLAYER``) holds it,
and every move (``M/``) names its mover by it. The replay needs only to match the two, so the
decoder swaps each password for a token, the same for the same password within one run, that
no one can turn back into the password (a keyed hash with a key made fresh for each process).
Whatever is printed later (error lists, reports, JSON, debug output) cannot hold a password,
because no password is kept past decoding.

>>> conceal("hunter2") == conceal("hunter2"), conceal("hunter2") == conceal("hunter3")
(True, False)
>>> "hunter2" in conceal("hunter2"), conceal("hunter2").startswith(TOKEN_PREFIX)
(False, True)
>>> conceal(conceal("hunter2")) == conceal("hunter2")
True
"""

from __future__ import annotations

import hashlib
import os

TOKEN_PREFIX = "player#"
_KEY = os.urandom(16)


def conceal(password: str) -> str:
    """An opaque token standing for ``password`` (a token, or no password, is returned unchanged)."""
    if not password or is_token(password):
        return password
    digest = hashlib.blake2b(password.encode("utf-8", "surrogatepass"), key=_KEY, digest_size=8).hexdigest()
    return TOKEN_PREFIX + digest


def is_token(text: str) -> bool:
    return text.startswith(TOKEN_PREFIX) and len(text) == len(TOKEN_PREFIX) + 16
