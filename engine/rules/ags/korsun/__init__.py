"""Korsun's exclusive rules that are logic rather than data (the rest are ``games/korsun/game.toml``
``[rules.*]`` parameters): active and inactive Soviet HQs (``hq``, Korsun 23.1) and the active
HQs' attack limits (``hq_operations``, Korsun 23.2). The family registers them
(``engine.rules.ags.family``); each finds nothing in a game whose data lacks its parameters."""

from __future__ import annotations

from vmodgen.engine.rules.ags.korsun.hq import HQ_ACTIVATION, INACTIVE_HQ_ATTACKS, INACTIVE_HQ_RESTRICTIONS
from vmodgen.engine.rules.ags.korsun.hq_operations import HQ_OPERATIONS

MOVEMENT_PHASE_RULES = (INACTIVE_HQ_RESTRICTIONS,)
PHASE_RULES = (HQ_ACTIVATION, INACTIVE_HQ_ATTACKS, HQ_OPERATIONS)
