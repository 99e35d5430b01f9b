"""The ``!VCSK`` obfuscation VASSAL puts on the ``savedGame`` entry of saves and logs.

The body is ``!VCSK``, a key byte as two hex digits, then every byte of the UTF-8 text XORed
with the key and written as two hex digits (the engine writes lowercase, reads either case).
A body without the header is plain text, as in VASSAL 2 logs such as the 2005 ``tour.log``.

>>> obfuscate(b"begin_save", key=0x2a)
b'!VCSK2a484f4d434475594b5c4f'
>>> deobfuscate(obfuscate(b"begin_save", key=7))
b'begin_save'
"""

from __future__ import annotations

import binascii
import re

HEADER = b"!VCSK"

_NOT_HEX = re.compile(rb"[^0-9A-Fa-f]")


class ObfuscationError(ValueError):
    """A ``!VCSK`` body the engine could not read either (it throws an IOException)."""


def is_obfuscated(data: bytes) -> bool:
    return data.startswith(HEADER)


def deobfuscate(data: bytes) -> bytes:
    """The plain bytes of a ``savedGame`` body; bodies without the header are returned as they are."""
    if not data.startswith(HEADER):
        return data
    body = memoryview(data)[len(HEADER):]  # views, not copies: a log's body can be 100s of MB
    if len(body) < 2:
        raise ObfuscationError("the !VCSK header has no key")
    key = _unhex(body[:2], len(HEADER))[0]
    payload = body[2:]
    if len(payload) % 2:
        raise ObfuscationError(f"the !VCSK body is truncated (odd number of hex digits, "
                               f"{len(payload)} after the key)")
    return _unhex(payload, len(HEADER) + 2).translate(_xor(key))


def obfuscate(data: bytes, key: int = 0) -> bytes:
    """``data`` as ObfuscatingOutputStream writes it with this key (VASSAL picks one at random)."""
    if not 0 <= key <= 255:
        raise ValueError("an obfuscation key is one byte")
    return HEADER + b"%02x" % key + binascii.hexlify(data.translate(_xor(key)))


def _xor(key: int) -> bytes:
    """The translation table XORing every byte with ``key`` (made when needed: a process reads
    one or two keys, and all 256 tables cost the start-up of every command)."""
    return bytes(b ^ key for b in range(256))


def _unhex(digits: bytes | memoryview, offset: int) -> bytes:
    try:
        return binascii.unhexlify(digits)
    except (binascii.Error, ValueError):
        digits = bytes(digits)
        bad = _NOT_HEX.search(digits)
        where = offset + (bad.start() if bad else 0)
        shown = digits[bad.start():bad.start() + 1] if bad else b"?"
        raise ObfuscationError(f"the !VCSK body has a non-hex byte {shown!r} at offset {where}") from None
