"""Operation Star's exclusive rules that are logic rather than data (the rest are
``games/operation-star/game.toml`` ``[rules.*]`` parameters): Soviet doctrine, the offensive and
defensive modes (``modes``, Operation Star 21.0), disengagement (``disengagement``, 22.0 with the
addenda's 22.11-22.13), the first Game-Turn's first phase (``first_turn``, 19.12), German
retreats through enemy zones (``retreat``, 19.6), and retreats off the map with the re-entry
(``off_map``, 24.0, 24.1). The family registers them
(``engine.rules.ags.family``; the retreat rule, which the shared retreat check asks, here); each
finds nothing in a game whose data lacks its parameters."""

from __future__ import annotations

from vmodgen.engine.rules.ags.operation_star.disengagement import ZOC_DISENGAGEMENT
from vmodgen.engine.rules.ags.operation_star.first_turn import FIRST_TURN_FIRST_PHASE
from vmodgen.engine.rules.ags.operation_star.off_map import OFF_MAP_RETREAT
from vmodgen.engine.rules.ags.operation_star.retreat import GERMAN_RETREAT_THROUGH_ZOC
from vmodgen.engine.rules.ags.operation_star.modes import DEFENSIVE_ATTACK, HQ_MODE_CHANGES, MODE_RESTRICTIONS, \
    OFFENSIVE_ATTACKERS_HOLD
from vmodgen.engine.rules.retreat import register_zoc_retreat_rule

MOVEMENT_PHASE_RULES = (MODE_RESTRICTIONS,)
PHASE_RULES = (HQ_MODE_CHANGES, FIRST_TURN_FIRST_PHASE, OFFENSIVE_ATTACKERS_HOLD, OFF_MAP_RETREAT)
ATTACK_RULES = (DEFENSIVE_ATTACK,)
MOVE_RULES = (ZOC_DISENGAGEMENT, OFF_MAP_RETREAT)

register_zoc_retreat_rule(GERMAN_RETREAT_THROUGH_ZOC)
