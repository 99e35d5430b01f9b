"""The WB-95 checks of phases, set-up, reinforcements, stacking, movement, zones of control
and strategic movement (branch k44-move), as the frame runs them."""

from __future__ import annotations

from vmodgen.engine.rules.wb95 import movement, phases, reinforcements, setup, stacking, strategic, zoc
from vmodgen.engine.rules.wb95.frame import CaseCheck

CHECKS: tuple[CaseCheck, ...] = (phases.CHECK, setup.CHECK, reinforcements.CHECK, stacking.CHECK, zoc.CHECK,
                                 strategic.CHECK, movement.CHECK)
