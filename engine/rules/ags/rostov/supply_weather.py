"""How long an Axis line of supply may be on one Game-Turn [Rostov 23.17, 20.23]: six hexes, three
in a weather section whose weather is severe; a line from one section to a counter or map-edge
hex in the other takes the north section's weather.

The weather is the log's, section by section (20.2, read by :mod:`.weather` from the Weather
Phase): a turn whose Weather Phase the log does not show may have any weather the Record Track
or a roll of the 20.34 table gives, and both readings below are then taken over all of them.
The book leaves one thing open: whether a line between two hexes of a section that is not
severe, wandering through the severe one, is shortened ("three hexes ... in that section").
So the strict reading (a unit is **in** supply only by it) allows six hexes only along lines
that stay in a section that cannot be severe, and three elsewhere whenever a section may be;
the generous reading (a unit is **out** only when it fails it) allows six hexes to every source
the endpoints' section (the north one for a line between sections) allows.

>>> lengths = line_lengths(game, 2, rule)        # doctest: +SKIP
>>> lengths.generous("south", "north")          # doctest: +SKIP
6
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.ags.rostov.weather import UNKNOWN, log_weather, section_of, spec as weather_spec
from vmodgen.engine.rules.ags.rostov.weather import weather_of

WHOLE_MAP = ""      # the one section of a game without weather sections (its weather never known)


@dataclass(frozen=True)
class LineLengths:
    """The weather each section may have this Game-Turn, and the line lengths (in hexes) it
    allows under the strict and the generous reading."""

    possible: dict[str, frozenset[str]]
    crossing: str
    severe: str
    length: int
    severe_length: int

    @property
    def key(self) -> tuple[tuple[str, frozenset[str]], ...]:
        """What the lengths depend on, for a memo of the lines they allow."""
        return tuple(sorted(self.possible.items()))

    def may_be_severe(self, section: str) -> bool:
        return self.severe in self.possible[section]

    def strict_base(self) -> int:
        """Any line, wherever it runs: three hexes if any section may be severe."""
        return self.severe_length if any(map(self.may_be_severe, self.possible)) else self.length

    def strict_within(self) -> list[str]:
        """The sections in which a line that stays there, between two of its hexes, has six
        hexes where :meth:`strict_base` gives three (the section cannot be severe, another may)."""
        if self.strict_base() == self.length:
            return []
        return [s for s in sorted(self.possible) if not self.may_be_severe(s)]

    def generous(self, tracing: str, source: str) -> int:
        """The longest line the book allows from a hex of section ``tracing`` to a source in
        ``source``: that section's weather, or the north section's between sections (23.17)."""
        deciding = tracing if tracing == source else self.crossing
        return self.length if self.possible.get(deciding, self.possible[tracing]) - {self.severe} \
            else self.severe_length


def line_lengths(game: Game, turn: int, rule: dict[str, Any]) -> LineLengths:
    """Rostov 23.17 on ``turn``, with the weather the log being checked shows (every weather the
    turn may have where it shows none, or outside a check)."""
    sections = list((weather_spec(game) or {}).get("sections", {}))
    possible: dict[str, frozenset[str]] = {}
    for section in sections:
        shown = log_weather(game, turn, section)
        if shown != UNKNOWN:
            possible[section] = frozenset({shown})
            continue
        found = {weather_of(game, turn, section, die=None, rolled=False)}
        found.update(weather_of(game, turn, section, die=d, rolled=True) for d in range(1, 7))
        possible[section] = frozenset(found)
    severe = str(rule["severe_weather"])
    if not possible:
        possible[WHOLE_MAP] = frozenset({severe, UNKNOWN})
    crossing = str(rule.get("crossing_section", WHOLE_MAP))
    return LineLengths(possible, crossing if crossing in possible else sorted(possible)[0], severe,
                       int(rule["line_length"]), int(rule["severe_line_length"]))


def section(game: Game, hex_: Hex) -> str:
    """The weather section of a hex (20.1), or the whole map in a game without sections."""
    return section_of(game, hex_) if (weather_spec(game) or {}).get("sections") else WHOLE_MAP
