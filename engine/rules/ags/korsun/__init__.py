"""Korsun's exclusive rules that are logic rather than data (the rest are ``games/korsun/game.toml``
``[rules.*]`` parameters): active and inactive Soviet HQs (``hq``, Korsun 23.1), the active HQs'
attack limits (``hq_operations``, Korsun 23.2), the German movement restrictions of the first
Game-Turns (``movement_limits``, Korsun 21.1, 21.2) and German delay and disengagement (``delay``,
Korsun 22.0). ``isolation`` answers which German units are isolated at an instant (Korsun 25.1),
for air supply and for the victory tally (27.1). The family registers them
(``engine.rules.ags.family``); each finds nothing in a game whose data lacks its parameters."""

from __future__ import annotations

from vmodgen.engine.rules.ags.korsun.delay import DELAY_AND_DISENGAGEMENT
from vmodgen.engine.rules.ags.korsun.hq import HQ_ACTIVATION, INACTIVE_HQ_ATTACKS, INACTIVE_HQ_RESTRICTIONS
from vmodgen.engine.rules.ags.korsun.hq_operations import HQ_OPERATIONS
from vmodgen.engine.rules.ags.korsun.movement_limits import GERMAN_MOVEMENT_LIMITS

MOVEMENT_PHASE_RULES = (INACTIVE_HQ_RESTRICTIONS, GERMAN_MOVEMENT_LIMITS)
PHASE_RULES = (HQ_ACTIVATION, INACTIVE_HQ_ATTACKS, GERMAN_MOVEMENT_LIMITS, HQ_OPERATIONS)
MOVE_RULES = (DELAY_AND_DISENGAGEMENT,)
