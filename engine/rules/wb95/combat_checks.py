"""The WB-95 checks of combat, retreat, pursuit, disorganization, surrender, artillery and air
(branch k44-combat), as the frame runs them."""

from __future__ import annotations

from vmodgen.engine.rules.wb95.frame import CaseCheck

CHECKS: tuple[CaseCheck, ...] = ()
