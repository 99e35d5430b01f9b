"""The WB-95 checks of phases, set-up, reinforcements, stacking, movement, zones of control
strategic movement (branch k44-move) and the scenarios' movement restrictions, as the frame runs them."""

from __future__ import annotations

from vmodgen.engine.rules.wb95 import movement, phases, reinforcements, restrictions, setup, stacking, strategic, zoc
from vmodgen.engine.rules.wb95.frame import CaseCheck

CHECKS: tuple[CaseCheck, ...] = (phases.CHECK, setup.CHECK, reinforcements.CHECK, stacking.CHECK, zoc.CHECK,
                                 strategic.CHECK, movement.CHECK, restrictions.CHECK)
