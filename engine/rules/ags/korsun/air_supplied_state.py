"""Korsun 25.23 in the supply state every check reads: a unit air supplied in one German Air
Power Phase is in supply for the whole next Game-Turn, whatever its line of supply then.

The supply tracer works a unit's supply out from the position alone, and air supply is history:
which units a marker supplied (:mod:`.air_supply` judges that phase by phase). Without this rule
a German unit cut off and air supplied, as the book allows, would be out of supply to every
other check, and its move at half its Movement Allowance (AGS 5.25) or its halved attack a false
alarm. So a unit of the air-supplying side with no line of supply is not known, rather than out,
when it may be air supplied: it is isolated (25.21: only isolated units are, or its isolation is
not known) and the Game-Turn or the one before it gives the side Air Points (25.26: no air supply
on snow Game-Turns; with the optional variable weather, 28.0, a Game-Turn whose roll gives the other
weather may have either: :mod:`.variable_weather`). A unit out of supply but not isolated stays out
of supply. Isolation itself (:mod:`.isolation`) reads the lines alone.

>>> register_supply_override(air_supplied_state)     # doctest: +SKIP
"""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.ags.air import air_points
from vmodgen.engine.rules.ags.exclusive import memory_of
from vmodgen.engine.rules.ags.korsun.air_supply import air_supply_spec
from vmodgen.engine.rules.ags.korsun.isolation import isolation_at, isolation_spec
from vmodgen.engine.rules.ags.korsun.variable_weather import VARIABLE_WEATHER, turn_weathers
from vmodgen.engine.rules.supply import OUT, UNKNOWN, SupplyState, SupplyTracer
from vmodgen.engine.rules.verdict import cite


def air_supplied_state(tracer: SupplyTracer, key: str, state: SupplyState) -> SupplyState:
    """``state`` (by the lines of supply), or not known for a unit that may be air supplied
    (module docstring)."""
    if state.status != OUT:
        return state
    game = tracer.game
    spec, isolation = air_supply_spec(game), isolation_spec(game)
    if spec is None or isolation is None:
        return state
    situation = tracer.situation
    if situation.units[key].side != isolation[0]:
        return state
    turn = situation.turn
    if all(points == 0 for t in (turn - 1, turn) for points in _air_points_possible(game, t)):
        return state                                              # not when the weather is not known
    found = isolation_at(situation, [key], tracer=tracer).get(key)
    if found is not None and found.isolated is False:
        return state
    return SupplyState(UNKNOWN, cite(game, "Korsun 25.23"),
                       f"{state.reason}; it may be air supplied this Game-Turn (Korsun 25.23: "
                       f"{found.reason if found else 'isolated'}), which the checker does not follow "
                       f"into the supply state")


def _air_points_possible(game: Game, turn: int) -> list[int | None]:
    """The Air Points the side may have had on ``turn``: the Record Track's, and the other weather's
    when the log shows a 28.0 roll that gives it (read in the game being checked; none for a position
    checked alone)."""
    rolls = memory_of(VARIABLE_WEATHER.name) or {}
    weathers = turn_weathers(game, turn, rolls.get(str(turn)))
    if weathers is None:
        return [air_points(game, turn)]
    return [air_points(game, turn, weather=w) for w in weathers.weathers]
