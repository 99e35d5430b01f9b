"""The loader's quicker ways (issue 9: speed) give what the plain ones gave: a key's line in a
TOML text found through a one-pass index of its sections, control characters found, a source
text parsed once."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from vmodgen.engine.model.limits import control_characters
from vmodgen.engine.model.provenance import BadProvenance, Provenance
from vmodgen.engine.model.tables import toml_line

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"']+)\s*=")


def scanned_line(text: str, table: str, key: str | None = None, index: int = 0) -> int:
    """toml_line as it was: the whole text scanned for each question."""
    current = ""
    seen: dict[str, int] = {}
    header_line = 0
    in_target = table == ""
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            current = header.group(2).replace('"', "")
            occurrence = seen.get(current, -1) + 1
            seen[current] = occurrence
            in_target = current == table and (header.group(1) == "[" or occurrence == index)
            if in_target:
                header_line = number
            continue
        if in_target and key is not None:
            match = _KEY.match(line)
            if match and match.group(1).strip("\"'") == key:
                return number
    return header_line


LINES = st.sampled_from(["[a]", "[[a]]", "[b]", "[[b]]", '["a"]', '[""]', "x = 1", "y = 2", '"x" = 3', "'y'=4",
                         "# x = 5", "", "  x = [", "]", "[a] # note", "z"])
NAMES = st.sampled_from(["", "a", "b", "c"])
KEYS = st.sampled_from([None, "x", "y", "z"])


@settings(max_examples=800, deadline=None)
@given(st.lists(LINES, max_size=14), NAMES, KEYS, st.integers(min_value=0, max_value=3))
def test_a_keys_line_is_the_one_a_full_scan_finds(lines: list[str], table: str, key: str | None, index: int) -> None:
    text = "\n".join(lines)
    assert toml_line(text, table, key, index) == scanned_line(text, table, key, index)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=["a", "\x00", "\x07", "\t", "\n", "\x7f", "\x1f", "é"], max_size=8))
def test_control_characters_are_named_sorted_once_each(text: str) -> None:
    expected = "".join(sorted({repr(c)[1:-1] for c in re.findall(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", text)}))
    assert control_characters(text) == expected


def test_a_source_text_parses_to_equal_values_and_bad_ones_still_fail() -> None:
    for text in ["rules: 19.12", "rules: 19.12", "rules: 16.1; reconstructed: as on the front", "unknown"]:
        assert Provenance.parse(text) == Provenance.parse(f" {text} ")
    for bad in ["rules", "book: 3", "rules: "]:
        for _ in range(2):
            try:
                Provenance.parse(bad)
            except BadProvenance:
                continue
            raise AssertionError(f"{bad!r} parsed")
