"""Korsun 25.31-25.36 and 25.23 in the shared combat and movement checks: what a unit's Heavy
Equipment marker and its air supply change in its supply and its Defense Strength.

Both are history, not position: :mod:`.heavy_equipment` and :mod:`.air_supply` follow them phase
by phase, and these hooks read their memory of the game being checked (``exclusive.memory_of``);
a position checked alone gets nothing from them.

- :func:`followed_supply` (a ``supply.SupplyOverride``): a unit with its marker under it is out of
  supply, whatever its lines (25.34, 25.36: it defends and moves as if out of supply, so its
  Defense Strength is halved and a Movement Phase that begins so halves its allowance, AGS 5.25,
  12.23). It is not "further penalized": isolation (25.1) and air supply read the lines alone.
  Otherwise a unit air supplied in the German Air Power Phase of the Game-Turn before is in supply
  (25.23: "for the entire next Game-Turn"; every reading of the rule covers that Game-Turn;
  ``air_supplied_state`` leaves the rest of the Game-Turn of the air supply not known). A unit the
  log shows was not air supplied the Game-Turn before has, until this Game-Turn's German Air Power
  Phase, the supply its lines give (no air supply can cover it then).
- :func:`doubled_defense` (a ``combat.DefenseModifier``): a unit with its marker on top, side 1 or
  2, has its Defense Strength doubled, with terrain and integrity (25.31, 25.33); out of supply it
  is then halved, which is its face value (25.32: "face-value Defense Strength", the book's way of
  saying the doubling and the halving cancel, as Kiev 19.53 does). A marker whose removal the log
  leaves open (25.35, the unit's supply not known) makes the defense not known.
"""

from __future__ import annotations

from typing import Any

from vmodgen.engine.rules.ags.exclusive import memory_of
from vmodgen.engine.rules.ags.korsun.air_supply import AIR_SUPPLY, air_supply_spec
from vmodgen.engine.rules.ags.korsun.heavy_equipment import AT_PHASE, HEAVY_EQUIPMENT, NOT_KNOWN, SIDE_1, SIDE_2, UNDER
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.supply import IN, OUT, SupplyState, SupplyTracer
from vmodgen.engine.rules.verdict import CannotCheck, cite

DOUBLING = 2     # Korsun 25.31, 25.33: "has its Defense Strength doubled"


def marker_state(situation: Situation, key: str) -> str | None:
    """The state of ``key``'s Heavy Equipment marker at the start of the phase of ``situation``
    ("1", "2", "under", "not known"), or None: no marker, or no game being checked."""
    memory = memory_of(HEAVY_EQUIPMENT.name)
    if memory is None:
        return None
    states: dict[str, str] = memory.get(AT_PHASE, {}).get((situation.turn, situation.phase_index), {})
    return states.get(key)


def followed_supply(tracer: SupplyTracer, key: str, state: SupplyState) -> SupplyState:
    """``state``, or out of supply under a marker, or in supply by last Game-Turn's air supply
    (module docstring)."""
    situation = tracer.situation
    game = tracer.game
    if marker_state(situation, key) == UNDER:
        return SupplyState(OUT, cite(game, "Korsun 25.34"), (
            f"{game.counter(key).name} has its Heavy Equipment marker under it (moved twice since it was first "
            "air supplied): it defends and moves as if out of supply, whatever its line of supply (Korsun 25.36)"))
    if state.status == IN:
        return state
    memory: dict[str, Any] | None = memory_of(AIR_SUPPLY.name)
    by_turn: dict[int, set[str]] = (memory or {}).get("air_supplied", {})
    before = situation.turn - 1
    if key in by_turn.get(before, set()):
        return SupplyState(IN, cite(game, "Korsun 25.23"), (
            f"{game.counter(key).name} was air supplied in the German Air Power Phase of Game-Turn "
            f"{before}: in supply for the whole of Game-Turn {situation.turn}"))
    if state.status == OUT or before not in by_turn:
        return state
    spec = air_supply_spec(game)
    if spec is not None and situation.phase_index < next(i for i, p in enumerate(game.phases) if p.name == spec["phase"]):
        # the log showed last Game-Turn's air supply, which did not reach the unit, and this one's
        # is still to come: no air supply covers it now, so its lines say
        return tracer.by_lines_alone().state(key)
    return state


def doubled_defense(situation: Situation, key: str) -> tuple[int, str] | None:
    """(2, case) for a defender with its Heavy Equipment marker on top; None otherwise; raises
    CannotCheck when whether the marker is still there is not known (module docstring)."""
    state = marker_state(situation, key)
    game = situation.game
    if state in (SIDE_1, SIDE_2):
        return DOUBLING, f"Heavy Equipment marker on top, side {state}, {cite(game, 'Korsun 25.33')}"
    if state == NOT_KNOWN:
        raise CannotCheck(f"whether {game.counter(key).name} still has its Heavy Equipment marker (doubled on defense) "
                          "is not known: its supply was not known at the start of a German Player-Turn",
                          cite(game, "Korsun 25.35"))
    return None
