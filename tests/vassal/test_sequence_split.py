"""The one-shot ``sequence.decode`` gives exactly the engine Decoder's tokens, and inverts encode."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vmodgen.engine.vassal.sequence import Decoder, decode, encode

TEXT = st.text(alphabet="ab'\\;/\t\x1b", max_size=40)
DELIMITERS = st.sampled_from([";", "/", "\t", "\x1b", ","])


@settings(max_examples=3000)
@given(TEXT, DELIMITERS)
def test_split_gives_the_tokens_the_token_by_token_decoder_gives(text: str, delimiter: str) -> None:
    assert decode(text, delimiter) == list(Decoder(text, delimiter))


@settings(max_examples=3000)
@given(st.lists(TEXT.filter(lambda v: not v.endswith("\\")), min_size=1, max_size=6), DELIMITERS)
def test_values_not_ending_in_a_backslash_survive_encoding(values: list[str], delimiter: str) -> None:
    assert decode(encode(values, delimiter), delimiter) == values


def test_a_value_ending_in_a_backslash_swallows_the_next_one_as_in_the_engine() -> None:
    assert decode(encode(["a\\", "b"], ";"), ";") == ["a;b"]


def test_an_escaped_delimiter_after_an_empty_token_is_still_escaped() -> None:
    assert decode("a;\\;b", ";") == ["a", ";b"]
