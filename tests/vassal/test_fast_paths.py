"""The reader's fast paths for the common case (issue 9: speed) give what the general code gives:
splitting at ESC without the regular expression, telling a log entry by its first token, and a
MovePiece read without the sequence decoder, a piece state cut in one pass, and a PNG board's size read
from its header without Pillow."""

from __future__ import annotations

import io
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from vmodgen.engine.vassal.commands import MalformedCommand, MovePiece, decode_leaf, java_int
from vmodgen.engine.vassal.module import png_size
from vmodgen.engine.vassal.passwords import conceal
from vmodgen.engine.vassal.pieces import PieceType, nest_split
from vmodgen.engine.vassal.sequence import Decoder, encode
from vmodgen.engine.vassal.tree import Compound, LogEntry, decode_tree, is_log_entry, split_commands

ESC = "\x1b"
# the characters that matter to the splitting, and a stand-in the fast split uses internally
PIECES = st.lists(st.sampled_from(["LOG\t", "CHAT", "a", "\\", ESC, "'", "\x00", "null", "M/1"]), max_size=14)


@settings(max_examples=600, deadline=None)
@given(PIECES)
def test_split_commands_gives_the_engines_tokens(pieces: list[str]) -> None:
    text = "".join(pieces)
    tokens = list(Decoder(text, ESC))
    assert split_commands(text) == (None if tokens == [text] else tokens)


@settings(max_examples=600, deadline=None)
@given(PIECES)
def test_a_log_entry_is_told_as_decoding_it_tells_it(pieces: list[str]) -> None:
    text = "".join(pieces)
    tree = decode_tree(text, 1)
    expected = isinstance(tree, LogEntry) or isinstance(tree, Compound) and any(
        isinstance(part, LogEntry) for part in tree.parts)
    assert is_log_entry(text) == expected


FIELD = st.one_of(st.sampled_from(["null", "Main Map", "0", "007", "123456789", "1234567890", "2147483647",
                                   "-5", "+5", "", "\u0661\u0662", "\u00b2", "12a", "a/b", "\\x", "'q'"]),
                  st.text(alphabet="0123456789/\\'", max_size=6))


@settings(max_examples=600, deadline=None)
@given(st.lists(FIELD, min_size=7, max_size=11))
def test_a_move_reads_as_its_fields_say(fields: list[str]) -> None:
    command = decode_leaf("M/" + encode(fields, "/"))
    parts = list(Decoder(encode(fields, "/"), "/"))
    if len(parts) < 9:
        assert isinstance(command, MalformedCommand) and "needs 9 fields" in command.problem
        return
    numbers = [java_int(parts[i]) for i in (2, 3, 6, 7)]
    if None in numbers:
        assert isinstance(command, MalformedCommand) and "not an integer" in command.problem
        return
    def null(value: str) -> str | None:
        return None if value == "null" else value
    assert command == MovePiece(null(parts[0]), null(parts[1]), numbers[0], numbers[1], null(parts[4]),
                                null(parts[5]), numbers[2], numbers[3], null(parts[8]),
                                conceal(parts[9]) if len(parts) > 9 else None)


OWN_STATE = st.one_of(st.sampled_from(["'q'", "''", "'", "\\x", "x\\", "x\t", ""]),
                      st.text(alphabet=["a", ";", "1", "\t", "\\", "'", ","], max_size=5))


def nested(owns: list[str]) -> str:
    """A piece state as VASSAL writes it: each trait's own state, then the inner state escaped."""
    text = owns[-1]
    for own in reversed(owns[:-1]):
        text = encode([own, text], "\t")
    return text


@settings(max_examples=1500, deadline=None)
@given(st.integers(min_value=0, max_value=6), st.lists(OWN_STATE, min_size=1, max_size=8),
       st.sampled_from(["", "\t", "\\", "'", "\\\t"]), st.integers(min_value=0, max_value=60))
def test_a_piece_state_splits_in_one_pass_as_level_by_level(traits: int, owns: list[str], planted: str,
                                                            at: int) -> None:
    kind = PieceType.parse(nested(["mark;K"] * traits + ["piece;;;a.png;A"]))
    state = nested(owns)
    state = state[:at] + planted + state[at:]   # also states no writer makes
    assert kind.split_state(state) == kind.split_nested(state)


def pillow_size(data: bytes) -> tuple[int, int] | None:
    try:
        with Image.open(io.BytesIO(data)) as picture:
            return picture.size
    except Exception:  # noqa: BLE001 - what the module reader does with an unreadable image
        return None


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=1, max_value=300), st.integers(min_value=1, max_value=300),
       st.sampled_from(["1", "L", "P", "RGB", "RGBA", "LA", "I;16"]),
       st.one_of(st.none(), st.tuples(st.integers(min_value=0, max_value=32), st.integers(min_value=0, max_value=255))))
def test_a_png_size_read_from_its_header_is_pillows(width: int, height: int, mode: str,
                                                    damage: tuple[int, int] | None) -> None:
    """A byte of the signature or the header chunk damaged or not: the header's size is what Pillow
    says. (Damage past the header, which Pillow refuses, no longer loses the board its size: the
    engine too reads a board's size from the header alone, ImageIOImageLoader.readSize.)"""
    stream = io.BytesIO()
    Image.new(mode, (width, height)).save(stream, "PNG")
    data = bytearray(stream.getvalue())
    if damage is not None:
        data[damage[0]] = damage[1]
    size = png_size(bytes(data[:33]))
    if damage is None:
        assert size == (width, height)
    assert size is None or size == pillow_size(bytes(data))


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet=["a", "\t", "\\", "'", ";"], max_size=16))
def test_a_nesting_level_splits_at_its_tab_as_the_regular_expression_splits(text: str) -> None:
    tokens = re.split(r"(?<!\\)\t", text, maxsplit=2)
    unquoted = [t.replace("\\\t", "\t") for t in tokens]
    unquoted = [t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t for t in unquoted]
    assert nest_split(text) == (unquoted[0], unquoted[1] if len(unquoted) > 1 else None)
