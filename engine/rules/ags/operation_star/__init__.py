"""Operation Star's exclusive rules that are logic rather than data (the rest are
``games/operation-star/game.toml`` ``[rules.*]`` parameters): Soviet doctrine, the offensive and
defensive modes (``modes``, Operation Star 21.0), disengagement (``disengagement``, 22.0 with the
addenda's 22.11-22.13), the first Game-Turn's first phase (``first_turn``, 19.12), and German
retreats through enemy zones (``retreat``, 19.6). The family registers them
(``engine.rules.ags.family``; the retreat rule, which the shared retreat check asks, here); each
finds nothing in a game whose data lacks its parameters."""

from __future__ import annotations

from vmodgen.engine.rules.ags.operation_star.disengagement import ZOC_DISENGAGEMENT
from vmodgen.engine.rules.ags.operation_star.first_turn import FIRST_TURN_FIRST_PHASE
from vmodgen.engine.rules.ags.operation_star.retreat import GERMAN_RETREAT_THROUGH_ZOC
from vmodgen.engine.rules.ags.operation_star.modes import DEFENSIVE_ATTACK, HQ_MODE_CHANGES, MODE_RESTRICTIONS, \
    OFFENSIVE_ATTACKERS_HOLD
from vmodgen.engine.rules.retreat import register_zoc_retreat_rule

MOVEMENT_PHASE_RULES = (MODE_RESTRICTIONS,)
PHASE_RULES = (HQ_MODE_CHANGES, FIRST_TURN_FIRST_PHASE, OFFENSIVE_ATTACKERS_HOLD)
ATTACK_RULES = (DEFENSIVE_ATTACK,)
MOVE_RULES = (ZOC_DISENGAGEMENT,)

register_zoc_retreat_rule(GERMAN_RETREAT_THROUGH_ZOC)
