"""VASSAL's SequenceEncoder: the escaping under every piece type, piece state and command.

Values are joined by a one-character delimiter; a delimiter inside a value gets a backslash in
front; a value that starts with a backslash, or both starts and ends with a single quote, is
wrapped in single quotes. Backslashes are never doubled, so a value ending in a backslash cannot
round-trip (the engine has the same flaw). Nesting (ESC, then '/', then TAB, then ';') repeats the
escaping once per level, which is why logs hold long backslash runs.

>>> encode(["a;b", "", "c"], ";")
'a\\\\;b;;c'
>>> decode("a\\\\;b;;c", ";")
['a;b', '', 'c']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


def escape(value: str | None, delimiter: str) -> str:
    """One value as ``SequenceEncoder.append(String)`` writes it (without the delimiter)."""
    if not value:
        return ""
    body = value.replace(delimiter, "\\" + delimiter)
    if value[0] == "\\" or (value[0] == "'" and value[-1] == "'"):
        return "'" + body + "'"
    return body


def encode(values: Iterable[str | None], delimiter: str) -> str:
    """The values joined as a SequenceEncoder with this delimiter joins them."""
    return delimiter.join(escape(value, delimiter) for value in values)


class Decoder(Iterator[str]):
    """``SequenceEncoder.Decoder``: yields the tokens of an encoded sequence, in order.

    Kept token-by-token like the engine's (rather than a one-shot split) because readers of
    trait definitions take a few tokens and hand the remainder on (``remaining``).
    """

    def __init__(self, value: str | None, delimiter: str) -> None:
        if len(delimiter) != 1:
            raise ValueError("a SequenceEncoder delimiter is one character")
        self._value = value
        self._delimiter = delimiter
        self._start = 0
        self._stop = len(value) if value is not None else 0

    def has_more(self) -> bool:
        return self._value is not None

    def remaining(self) -> str:
        """The undecoded rest, as ``Decoder.getRemaining``."""
        if self._value is None:
            return ""
        return self._value[self._start:self._stop]

    def __next__(self) -> str:
        if self._value is None:
            raise StopIteration
        value, delimiter = self._value, self._delimiter
        if self._start == self._stop:
            self._value = None
            return ""
        pieces: list[str] = []
        start = self._start
        index = value.find(delimiter, start)
        # An escaped delimiter is one preceded by a backslash in the raw text (the engine looks at
        # the raw character, not at whether that backslash was itself escaped).
        while index > 0 and value[index - 1] == "\\":
            pieces.append(value[start:index - 1])
            start = index
            index = value.find(delimiter, index + 1)
        if index == -1:
            pieces.append(value[start:self._stop])
            self._value = None
        else:
            pieces.append(value[start:index])
            self._start = index + 1
        return _unquote("".join(pieces))


def decode(value: str | None, delimiter: str) -> list[str]:
    """Every token of an encoded sequence (``None`` decodes to no tokens).

    Gives what iterating a ``Decoder`` gives, but splits the whole text at once: logs hold
    millions of tokens, and a delimiter is escaped exactly when the raw character before it is a
    backslash, which one ``str.split`` and a merge pass can decide.
    """
    if value is None:
        return []
    raw = value.split(delimiter)
    if len(raw) > 1 and "\\" + delimiter in value:
        tokens: list[str] = []
        pending: list[str] = []
        for part in raw:
            if pending and pending[-1].endswith("\\"):
                pending[-1] = pending[-1][:-1]
                pending.append(delimiter)
                pending.append(part)
                continue
            if pending:
                tokens.append("".join(pending))
            pending = [part]
        tokens.append("".join(pending))
        raw = tokens
    if "'" not in value:
        return raw
    return [_unquote(token) for token in raw]


def _unquote(token: str) -> str:
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        return token[1:-1]
    return token
