"""VASSAL's RegularGridNumbering: how a grid cell's (column, row) becomes a location name and back.

Shared by the hex and square numberings. Attribute names and defaults are VASSAL's
(``first``, ``sep``, ``hType``, ``hLeading``, ``hOff``, ``hDescend``, ``vType``, ...,
``locationFormat``), so a numbering read from a module's buildFile behaves as the engine's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALPHABETIC_MATCH = "-?(?:" + "|".join(f"{c}+" for c in ALPHABET) + ")"


class BadCoords(ValueError):
    """A location name that the grid cannot place (VASSAL's BadCoords)."""


def _bool(text: str | None, default: bool) -> bool:
    # Java's Boolean.valueOf: only "true" (any case) is true.
    return default if text is None else text.strip().lower() == "true"


def _int(text: str | None, default: int) -> int:
    return default if text is None or text == "" else int(text)


@dataclass(frozen=True)
class GridNumbering:
    """The numbering attributes of a regular (hex or square) grid."""

    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    h_leading: int = 1
    h_off: int = 1
    h_descend: bool = False
    v_type: str = "N"
    v_leading: int = 1
    v_off: int = 1
    v_descend: bool = False
    location_format: str = "$gridLocation$"
    stagger: bool = True  # hex numberings only

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str]) -> GridNumbering:
        """Build from buildFile attributes, with VASSAL's defaults for missing ones."""
        d = cls()
        return cls(
            first=(attrs.get("first") or d.first)[:1],
            sep=attrs.get("sep", d.sep),
            h_type=(attrs.get("hType") or d.h_type)[:1],
            h_leading=_int(attrs.get("hLeading"), d.h_leading),
            h_off=_int(attrs.get("hOff"), d.h_off),
            h_descend=_bool(attrs.get("hDescend"), d.h_descend),
            v_type=(attrs.get("vType") or d.v_type)[:1],
            v_leading=_int(attrs.get("vLeading"), d.v_leading),
            v_off=_int(attrs.get("vOff"), d.v_off),
            v_descend=_bool(attrs.get("vDescend"), d.v_descend),
            location_format=attrs.get("locationFormat", d.location_format),
            stagger=_bool(attrs.get("stagger"), d.stagger),
        )

    def to_attributes(self) -> dict[str, str]:
        """The buildFile attributes that reproduce this numbering."""
        return {
            "first": self.first, "sep": self.sep,
            "hType": self.h_type, "hLeading": str(self.h_leading), "hOff": str(self.h_off),
            "hDescend": _jbool(self.h_descend),
            "vType": self.v_type, "vLeading": str(self.v_leading), "vOff": str(self.v_off),
            "vDescend": _jbool(self.v_descend),
            "locationFormat": self.location_format, "stagger": _jbool(self.stagger),
        }

    # -- names ----------------------------------------------------------------------------------

    @staticmethod
    def format_part(number: int, kind: str, leading: int) -> str:
        """One coordinate as text: ``A``..``Z``, ``AA``, ``BB``.. or zero-padded digits."""
        text = "-" if number < 0 else ""
        number = abs(number)
        if kind == "A":
            while True:
                text += ALPHABET[number % 26]
                number -= 26
                if number < 0:
                    return text
        while leading > 0 and number < 10 ** leading:
            text += "0"
            leading -= 1
        return text + str(number)

    @staticmethod
    def parse_part(text: str, kind: str) -> int:
        if kind != "A":
            return int(text)
        negative = text.startswith("-")
        letters = text[1:] if negative else text
        value = 0
        for index, letter in enumerate(letters):
            if not letter.isupper():
                break
            value += 26 if index < len(letters) - 1 else ALPHABET.index(letter)
        return -value if negative else value

    def grid_location(self, row: int, col: int) -> str:
        row_name = self.format_part(row + self.v_off, self.v_type, self.v_leading)
        col_name = self.format_part(col + self.h_off, self.h_type, self.h_leading)
        return col_name + self.sep + row_name if self.first == "H" else row_name + self.sep + col_name

    def location_name(self, row: int, col: int) -> str:
        """The locationFormat with $gridLocation$, $row$ and $column$ filled in."""
        values = {
            "gridLocation": self.grid_location(row, col),
            "row": self.format_part(row + self.v_off, self.v_type, self.v_leading),
            "column": self.format_part(col + self.h_off, self.h_type, self.h_leading),
        }
        return substitute(self.location_format, values)

    def parse_location(self, location: str) -> tuple[int, int]:
        """(column, row) of a location name, numbering offsets removed; BadCoords if no match."""
        regex, col_group, row_group = self._location_regex()
        match = re.fullmatch(regex, location)
        if match is None:
            raise BadCoords(location)
        row = self.parse_part(match.group(row_group), self.v_type)
        col = self.parse_part(match.group(col_group), self.h_type)
        return col - self.h_off, row - self.v_off

    def _pattern(self, kind: str, leading: int) -> str:
        return ALPHABETIC_MATCH if kind == "A" else "-?[0-9]{%d,}" % (leading + 1)

    def _location_regex(self) -> tuple[str, int, int]:
        # As RegularGridNumbering.getLocation: literal text between $...$ tokens is quoted,
        # $gridLocation$/$row$/$column$ become groups; other properties are dropped.
        tokens = split_dollar(self.location_format)
        parts: list[str] = []
        groups = 0
        col_group = row_group = 0
        is_property = True
        for index, token in enumerate(tokens):
            is_property = not is_property
            if not token:
                continue
            last = index == len(tokens) - 1
            if not is_property or last:
                parts.append(re.escape(token))
            elif token == "gridLocation":
                col_pat = "(" + self._pattern(self.h_type, self.h_leading) + ")"
                row_pat = "(" + self._pattern(self.v_type, self.v_leading) + ")"
                if self.first == "H":
                    parts += [col_pat, re.escape(self.sep), row_pat]
                    col_group, row_group = groups + 1, groups + 2
                else:
                    parts += [row_pat, re.escape(self.sep), col_pat]
                    row_group, col_group = groups + 1, groups + 2
                groups += 2
            elif token == "row":
                parts.append("(" + self._pattern(self.v_type, self.v_leading) + ")")
                groups += 1
                row_group = groups
            elif token == "column":
                parts.append("(" + self._pattern(self.h_type, self.h_leading) + ")")
                groups += 1
                col_group = groups
        if not parts or not col_group or not row_group:
            raise BadCoords("locationFormat names no grid location")
        return "".join(parts), col_group, row_group


def split_dollar(text: str) -> list[str]:
    """SequenceEncoder.Decoder(text, '$') tokens: the text split on '$' (no escapes in practice)."""
    return text.split("$") if text else []


def substitute(template: str, values: Mapping[str, str]) -> str:
    """FormattedString-style ``$name$`` substitution; a name the grid does not know evaluates to
    nothing, as in the engine's grid location names."""

    def replace(match: re.Match[str]) -> str:
        return values.get(match.group(1), "")

    return re.sub(r"\$([^$]*)\$", replace, template)


def _jbool(value: bool) -> str:
    return "true" if value else "false"
