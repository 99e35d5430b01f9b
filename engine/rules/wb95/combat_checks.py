"""The WB-95 checks of combat, retreat, pursuit, disorganization, surrender, artillery and air
(branch k44-combat), as the frame runs them."""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.wb95.air import check_air_support
from vmodgen.engine.rules.wb95.artillery import check_barrage
from vmodgen.engine.rules.wb95.combat import check_combat_phase
from vmodgen.engine.rules.wb95.frame import CaseCheck
from vmodgen.engine.rules.wb95.surrender import check_surrender

COMBAT = "combat"


def combat_phases(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """Every Combat Phase's battles (and their retreats, pursuits and disorganization), each unit
    fighting once, moves and mandatory attacks [WB95 5.0]."""
    found: list[Judgement] = []
    for record in records:
        if record.phase.kind == COMBAT:
            found += check_combat_phase(record)
    return found


CHECKS: tuple[CaseCheck, ...] = (
    CaseCheck(("WB95 5.1.1", "WB95 5.1.3", "WB95 5.1.4", "WB95 5.2.1", "WB95 5.3", "WB95 5.4", "WB95 5.6"),
              game=combat_phases),
    CaseCheck(("WB95 6.5.1",), game=check_barrage),
    CaseCheck(("WB95 8.1",), game=check_air_support),
    CaseCheck(("WB95 10.2",), game=check_surrender),
)
