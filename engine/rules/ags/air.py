"""Air Points [AGS 14.0] of a Game-Turn, as each game's Exclusive rules give them: a number of
Air Points a side receives in ``rules.air_points``, either one number (Kiev 19.14: none), or one per
weather (``by_weather``, Korsun 19.8: three on mud Game-Turns, none on snow), the weather of each
Game-Turn read from the game's own table that ``weather`` names (``rules.korsun_weather``).

>>> from types import SimpleNamespace as NS
>>> game = NS(rules={"air_points": NS(value={"by_weather": {"mud": 3, "snow": 0}, "weather": "w"}),
...                  "w": NS(value={"snow": [1, 2, 3], "mud": [4, 5]})})
>>> air_points(game, 2), air_points(game, 4), air_points(game, 9)
(0, 3, None)
>>> air_points(NS(rules={"air_points": NS(value=0)}), 1), air_points(NS(rules={}), 1)
(0, None)
"""

from __future__ import annotations

from typing import Any

from vmodgen.engine.rules.verdict import optional_param


def air_points(game: Any, turn: int) -> int | None:
    """The Air Points each side receives on Game-Turn ``turn``; None when the data does not say
    (no parameter, a form per side this reader does not know, or a turn of no weather named)."""
    value = optional_param(game, "air_points", None)
    if isinstance(value, int):
        return value
    if not isinstance(value, dict) or "by_weather" not in value:
        return None
    weather = optional_param(game, str(value["weather"]), {})
    for name, turns in weather.items():
        if turn in turns and name in value["by_weather"]:
            return int(value["by_weather"][name])
    return None
