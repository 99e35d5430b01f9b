"""The !VCSK obfuscation of savedGame entries (VASSAL's ObfuscatingOutputStream / Deobfuscating...)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vmodgen.engine.vassal.obfuscation import HEADER, ObfuscationError, deobfuscate, obfuscate


@given(st.binary(max_size=200), st.integers(0, 255))
def test_obfuscated_bytes_come_back_unchanged(data: bytes, key: int) -> None:
    assert deobfuscate(obfuscate(data, key)) == data


def test_obfuscation_writes_header_key_and_lowercase_hex_of_each_byte_xor_key() -> None:
    assert obfuscate(b"\x00\xff", key=0x0F) == b"!VCSK0f0ff0"


def test_uppercase_hex_digits_are_read_as_the_engine_reads_them() -> None:
    assert deobfuscate(b"!VCSK0F0FF0") == b"\x00\xff"


def test_text_without_the_header_is_plain_text() -> None:
    assert deobfuscate(b"begin_save\x1bend_save") == b"begin_save\x1bend_save"


def test_a_truncated_body_is_an_error_not_a_guess() -> None:
    with pytest.raises(ObfuscationError, match="truncated"):
        deobfuscate(obfuscate(b"begin_save", 3)[:-1])


def test_a_garbled_body_names_the_offset_of_the_bad_byte() -> None:
    body = bytearray(obfuscate(b"begin_save", 3))
    body[11] = ord("z")
    with pytest.raises(ObfuscationError, match="offset 11"):
        deobfuscate(bytes(body))


def test_a_header_without_key_is_an_error() -> None:
    with pytest.raises(ObfuscationError, match="no key"):
        deobfuscate(HEADER + b"7")
