"""Korsun isolation [Korsun 25.1]: a German unit out of supply and more than three hexes from the
nearest supplied Friendly unit is isolated; the three hexes count the supplied unit's hex but not
the isolated unit's (an ordinary hex distance: 25.1), and Enemy units and their Zones of Control
are ignored in that count (25.14). Isolation changes nothing in combat or movement (25.11); it
decides air supply (25.13, 25.2) and the Soviet Victory Points for German units lost or left on the
map isolated (25.12: judged at the instant of the combat or overrun; 27.1).

Supply itself is the shared tracer's (:class:`~vmodgen.engine.rules.supply.SupplyTracer`, Korsun
19.72: German lines of any length to the four source hexes), except for units the caller names as
air supplied: those are in supply for the whole next Game-Turn (25.23), so they are neither
isolated nor out of supply for their neighbours' count. A unit whose own supply, or whose
neighbours' supply, the tracer cannot decide is reported as not known (None), never guessed.

Parameters (``games/korsun/game.toml``): ``rules.korsun_isolation_range`` (``side``, the side
isolation applies to, 25.0 "German Player Only"; ``hexes``, the range of 25.1). A game without it
has no isolation: :func:`isolated_at` answers an empty table.

>>> from vmodgen.engine.model.loader import load_game        # doctest: +SKIP
>>> isolated_at(situation)                                   # doctest: +SKIP
{'ger-iii-11-6': True, 'ger-iii-2-16': False, 'ger-xx-88': None}
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from vmodgen.engine.hexes import Hex, HexLayout
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.supply import IN, OUT, SupplyTracer
from vmodgen.engine.rules.verdict import optional_table

PARAMETER = "korsun_isolation_range"


@dataclass(frozen=True)
class Isolation:
    """One unit's isolation at an instant: ``isolated`` True, False or None (not known), with the
    reason a finding or a report can quote."""

    isolated: bool | None
    reason: str


def isolation_spec(game: Game) -> tuple[str, int] | None:
    """(side, range in hexes) of the game's isolation rule, or None for a game without one.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(rules={PARAMETER: SimpleNamespace(value={"side": "German", "hexes": 3})})
    >>> isolation_spec(game)
    ('German', 3)
    """
    table = optional_table(game, PARAMETER)
    if table is None:
        return None
    side, hexes = table.get("side"), table.get("hexes")
    if not isinstance(side, str) or not isinstance(hexes, int) or isinstance(hexes, bool):
        return None
    return side, hexes


def isolated_at(situation: Situation, keys: Iterable[str] | None = None, *, tracer: SupplyTracer | None = None,
                air_supplied: Collection[str] = ()) -> dict[str, bool | None]:
    """Which of the isolation side's units on the map are isolated in ``situation`` [Korsun 25.1]:
    True (isolated), False (not), None (not known: a supply line depends on something the
    checker does not know). ``keys`` limits the answer to those units (others of the side are
    still read as neighbours); ``tracer`` reuses one already made for ``situation``;
    ``air_supplied`` are units in supply by air supply this Game-Turn (25.23). Markers are not
    units. Empty for a game without isolation.

    This is what Korsun 27.1 counts: pass the position just before a battle's die roll
    (``Battle.before``) for a unit eliminated in it (25.12), the last position of the game for
    units left on the map."""
    return {key: found.isolated for key, found in isolation_at(situation, keys, tracer=tracer,
                                                                 air_supplied=air_supplied).items()}


def isolation_at(situation: Situation, keys: Iterable[str] | None = None, *, tracer: SupplyTracer | None = None,
                 air_supplied: Collection[str] = ()) -> dict[str, Isolation]:
    """:func:`isolated_at` with each answer's reason."""
    spec = isolation_spec(situation.game)
    if spec is None:
        return {}
    side, reach = spec
    tracer = tracer or SupplyTracer(situation)
    units = [(k, u) for k, u in situation.on_map(side) if situation.unit_type(k).unit_class != "marker"]
    status = {k: IN if k in air_supplied else tracer.state(k).status for k, _ in units}
    wanted = set(keys) if keys is not None else None
    game = situation.game
    layout = game.map.layout
    found: dict[str, Isolation] = {}
    for key, unit in units:
        if wanted is not None and key not in wanted:
            continue
        name, where = unit.counter.name, game.map.name(unit.hex)  # type: ignore[arg-type]
        if status[key] == IN:
            why = "air supplied (Korsun 25.23)" if key in air_supplied else "in supply"
            found[key] = Isolation(False, f"{name} in {where} is {why}")
            continue
        near = _nearest(layout, unit.hex, units, status, key)  # type: ignore[arg-type]
        supplied, undecided = near.get(IN), near.get("unknown")
        if supplied is not None and supplied[0] <= reach:
            found[key] = Isolation(False, f"{name} in {where} is {supplied[0]} hexes from {supplied[1]}, in supply")
        elif status[key] != OUT:
            found[key] = Isolation(None, f"the supply of {name} in {where} is not known")
        elif undecided is not None and undecided[0] <= reach:
            found[key] = Isolation(None, f"{name} in {where} is out of supply; the supply of {undecided[1]}, "
                                         f"{undecided[0]} hexes away, is not known")
        else:
            far = f"the nearest unit in supply, {supplied[1]}, is {supplied[0]} hexes away" if supplied \
                else "no unit is in supply"
            found[key] = Isolation(True, f"{name} in {where} is out of supply and {far} (more than {reach})")
    return found


def _nearest(layout: HexLayout, hex_: Hex, units: list[tuple[str, UnitState]], status: Mapping[str, str],
             own: str) -> dict[str, tuple[int, str]]:
    """The nearest other unit of each supply status: status -> (hexes, its name). A hex distance
    on the map, whatever stands between (Korsun 25.14)."""
    found: dict[str, tuple[int, str]] = {}
    for key, unit in units:
        if key == own:
            continue
        distance = layout.distance(hex_, unit.hex)  # type: ignore[arg-type]
        known = found.get(status[key])
        if known is None or (distance, unit.counter.name) < known:
            found[status[key]] = (distance, unit.counter.name)
    return found
