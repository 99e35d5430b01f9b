"""Rostov's exclusive rules that are logic rather than data (the rest are ``games/rostov/game.toml``
``[rules.*]`` parameters): the weather of the two sections (``weather``, Rostov 20.0) and Soviet
disengagement (``disengagement``, Rostov 21.0) and Axis supply by counters (``axis_supply``, Rostov 23.0), the case of a move that roads would have let
through (``roads``, Rostov 19.3), the withdrawal off area C (``withdrawal``, Rostov 25.2), the SW Front HQ's attack bonus
(``attack_bonus``, Rostov 22.3), the Air marker in an attack (``air_combat``, Rostov 24.22, 19.8), the Air markers a side uses in a Game-Turn
(``air_markers``, Rostov 24.1, 24.2), where and when each use is put down and taken off (``air_marker_uses``,
Rostov 24.11-24.14, 24.21, 23.18), HQ evacuation and return (``hq_evacuation``, Rostov 22.1, 22.2), and advances after combat
in moderate and severe weather (``advance_weather``, Rostov 20.22). The family registers them
(``engine.rules.ags.family``); each finds nothing in a game whose data lacks its parameters."""

from __future__ import annotations

from vmodgen.engine.rules.ags.rostov.advance_weather import ADVANCE_WEATHER
from vmodgen.engine.rules.ags.rostov.air_combat import AIR_COMBAT
from vmodgen.engine.rules.ags.rostov.air_marker_uses import AIR_MARKER_USES
from vmodgen.engine.rules.ags.rostov.air_markers import AIR_MARKERS
from vmodgen.engine.rules.ags.rostov.attack_bonus import ATTACK_BONUS
from vmodgen.engine.rules.ags.rostov.axis_supply import AXIS_SUPPLY_MOVE, axis_supply_state
from vmodgen.engine.rules.ags.rostov.disengagement import DISENGAGEMENT
from vmodgen.engine.rules.ags.rostov.hq_evacuation import HQ_EVACUATION
from vmodgen.engine.rules.ags.rostov.roads import ROADS
from vmodgen.engine.rules.ags.rostov.weather import ROSTOV_WEATHER
from vmodgen.engine.rules.ags.rostov.withdrawal import WITHDRAWAL

PHASE_RULES = (ROSTOV_WEATHER, WITHDRAWAL, HQ_EVACUATION, AIR_MARKERS, AIR_MARKER_USES, ADVANCE_WEATHER)
MOVE_CONDITION_RULES = (ROSTOV_WEATHER,)
MOVE_RULES = (HQ_EVACUATION, ROSTOV_WEATHER, DISENGAGEMENT, AXIS_SUPPLY_MOVE, ROADS, WITHDRAWAL)
DATA_RULES = (ROSTOV_WEATHER, DISENGAGEMENT)
SUPPLY_RULES = (axis_supply_state,)
COLUMN_BONUS_RULES = (ATTACK_BONUS, AIR_COMBAT)
