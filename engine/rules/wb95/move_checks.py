"""The WB-95 checks of phases, set-up, reinforcements, stacking, movement, zones of control and
strategic movement (branch k44-move), as the frame runs them."""

from __future__ import annotations

from vmodgen.engine.rules.wb95.frame import CaseCheck

CHECKS: tuple[CaseCheck, ...] = ()
