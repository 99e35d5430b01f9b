"""Air Points [AGS 14.0] of a Game-Turn, as each game's Exclusive rules give them: a number of
Air Points a side receives in ``rules.air_points``, either one number (Kiev 19.14: none), or one per
weather (``by_weather``, Korsun 19.8: three on mud Game-Turns, none on snow), the weather of each
Game-Turn read from the game's own table that ``weather`` names (``rules.korsun_weather``), or one
per side (``by_side``, Rostov 24.1, 24.2: a number, or Game-Turn spans ``{turns = [first, last],
points = n}``, the Axis three on Game-Turns 1-8 and one on 9-13, the Soviet one). A per-side game
answers only a question that names the side.

>>> from types import SimpleNamespace as NS
>>> game = NS(rules={"air_points": NS(value={"by_weather": {"mud": 3, "snow": 0}, "weather": "w"}),
...                  "w": NS(value={"snow": [1, 2, 3], "mud": [4, 5]})})
>>> air_points(game, 2), air_points(game, 4), air_points(game, 9)
(0, 3, None)
>>> air_points(NS(rules={"air_points": NS(value=0)}), 1), air_points(NS(rules={}), 1)
(0, None)
>>> rostov = NS(rules={"air_points": NS(value={"by_side": {"Axis": [{"turns": [1, 8], "points": 3},
...                                                               {"turns": [9, 13], "points": 1}],
...                                                      "Soviet": 1}})})
>>> air_points(rostov, 8, "Axis"), air_points(rostov, 9, "Axis"), air_points(rostov, 9, "Soviet")
(3, 1, 1)
>>> air_points(rostov, 9), air_points(rostov, 14, "Axis"), air_points(rostov, 1, "Rumanian")
(None, None, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vmodgen.engine.rules.verdict import optional_param


@dataclass(frozen=True)
class TurnWeathers:
    """The weathers a Game-Turn may have had when a game's own rule reads it from the log (Korsun
    28.0: the Record Track's, or the die's of the optional rule), with that rule's case and why."""

    weathers: tuple[str, ...]
    case: str
    reason: str


def air_points(game: Any, turn: int, side: str | None = None, *, weather: str | None = None) -> int | None:
    """The Air Points each side (or ``side``) receives on Game-Turn ``turn``; None when the data
    does not say (no parameter, a per-side game asked without a side, a side or turn it does not
    name, or a turn of no weather named). ``weather`` names the turn's weather when a game's own
    rule read it from the log (Korsun 28.0), in place of the game's weather table.

    >>> from types import SimpleNamespace as NS
    >>> game = NS(rules={"air_points": NS(value={"by_weather": {"mud": 3, "snow": 0}, "weather": "w"}),
    ...                  "w": NS(value={"snow": [9], "mud": [4]})})
    >>> air_points(game, 9, weather="mud"), air_points(game, 4, weather="snow")
    (3, 0)
    """
    value = optional_param(game, "air_points", None)
    if weather is not None and isinstance(value, dict) and weather in value.get("by_weather", {}):
        return int(value["by_weather"][weather])
    if isinstance(value, int):
        return value
    if isinstance(value, dict) and "by_side" in value:
        return _side_points(value["by_side"].get(side), turn) if side is not None else None
    if not isinstance(value, dict) or "by_weather" not in value:
        return None
    weather = optional_param(game, str(value["weather"]), {})
    for name, turns in weather.items():
        if turn in turns and name in value["by_weather"]:
            return int(value["by_weather"][name])
    return None


def _side_points(spans: Any, turn: int) -> int | None:
    """One side's points on ``turn``: a number for every Game-Turn, or the span holding ``turn``."""
    if isinstance(spans, int):
        return spans
    for span in spans or ():
        first, last = span["turns"]
        if first <= turn <= last:
            return int(span["points"])
    return None
