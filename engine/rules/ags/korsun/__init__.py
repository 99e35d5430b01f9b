"""Korsun's exclusive rules that are logic rather than data (the rest are ``games/korsun/game.toml``
``[rules.*]`` parameters): active and inactive Soviet HQs (``hq``, Korsun 23.1), the active HQs'
attack limits (``hq_operations``, Korsun 23.2), the German movement restrictions of the first
Game-Turns (``movement_limits``, Korsun 21.1, 21.2) and German delay and disengagement (``delay``,
Korsun 22.0). ``isolation`` answers which German units are isolated at an instant (Korsun 25.1),
for air supply and for the victory tally (27.1); ``air_supply`` judges the German Air markers of
the German Air Power Phase (Korsun 25.2), ``heavy_equipment`` follows the Heavy Equipment marker
of each air-supplied unit (25.3), and ``air_supplied_state`` keeps a unit that may be air supplied
from being out of supply to the other checks (25.23); ``heavy_equipment_effects`` gives the
combat and movement checks the marker's doubled defense and out-of-supply state (25.31-25.36) and
last Game-Turn's air supply (25.23); ``variable_weather`` reads the optional weather roll (28.0)
and judges mud movement under both weathers. The family registers them
(``engine.rules.ags.family``); each finds nothing in a game whose data lacks its parameters."""

from __future__ import annotations

from vmodgen.engine.rules.ags.korsun.air_supplied_state import air_supplied_state
from vmodgen.engine.rules.ags.korsun.air_supply import AIR_SUPPLY
from vmodgen.engine.rules.ags.korsun.delay import DELAY_AND_DISENGAGEMENT
from vmodgen.engine.rules.ags.korsun.heavy_equipment import HEAVY_EQUIPMENT
from vmodgen.engine.rules.ags.korsun.heavy_equipment_effects import doubled_defense, followed_supply
from vmodgen.engine.rules.ags.korsun.hq import HQ_ACTIVATION, INACTIVE_HQ_ATTACKS, INACTIVE_HQ_RESTRICTIONS
from vmodgen.engine.rules.ags.korsun.hq_operations import HQ_OPERATIONS
from vmodgen.engine.rules.ags.korsun.movement_limits import GERMAN_MOVEMENT_LIMITS
from vmodgen.engine.rules.ags.korsun.variable_weather import VARIABLE_WEATHER

MOVEMENT_PHASE_RULES = (INACTIVE_HQ_RESTRICTIONS, GERMAN_MOVEMENT_LIMITS)
PHASE_RULES = (HQ_ACTIVATION, INACTIVE_HQ_ATTACKS, GERMAN_MOVEMENT_LIMITS, HQ_OPERATIONS, AIR_SUPPLY, HEAVY_EQUIPMENT,
               VARIABLE_WEATHER)
MOVE_RULES = (VARIABLE_WEATHER, DELAY_AND_DISENGAGEMENT)     # 28.0 asks 22.0 under each weather
SUPPLY_OVERRIDES = (air_supplied_state, followed_supply)
DEFENSE_MODIFIERS = (doubled_defense,)
