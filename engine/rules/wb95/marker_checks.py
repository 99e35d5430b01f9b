"""The WB-95 checks of what the markers record between the battles: Field Fortifications built
[WB95 7.1.2-7.1.4] and out-of-supply levels [WB95 10.2.1-10.2.7], as the frame runs them."""

from __future__ import annotations

from vmodgen.engine.rules.wb95 import fortification, supply_levels
from vmodgen.engine.rules.wb95.frame import CaseCheck

CHECKS: tuple[CaseCheck, ...] = (fortification.CHECK, supply_levels.CHECK)
