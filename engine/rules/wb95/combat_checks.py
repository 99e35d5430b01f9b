"""The WB-95 checks of combat (at the declared column), retreat, pursuit, disorganization, surrender,
artillery (ranged fire, setup changes, barrage) and air (support, missions), as the frame runs them."""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.wb95.air import check_air_support
from vmodgen.engine.rules.wb95.air_missions import check_air_missions
from vmodgen.engine.rules.wb95.artillery import check_barrage, check_setup_changes
from vmodgen.engine.rules.wb95.columns import declared
from vmodgen.engine.rules.wb95.combat import check_combat_phase
from vmodgen.engine.rules.wb95.ranged_fire import check_ranged_fire
from vmodgen.engine.rules.wb95.frame import CaseCheck
from vmodgen.engine.rules.wb95.headquarters import eliminations
from vmodgen.engine.rules.wb95.surrender import check_surrender

COMBAT = "combat"


def combat_phases(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """Every Combat Phase's battles (and their retreats, pursuits and disorganization), each unit
    fighting once, moves and mandatory attacks [WB95 5.0], each read at its declared column (1.5),
    an HQ's modifier only within its range (9.2.1) and its elimination bonus where and when the log
    shows it fell (9.1.6, 9.1.7)."""
    found: list[Judgement] = []
    fallen = eliminations(records)
    for record in records:
        if record.phase.kind == COMBAT:
            found += check_combat_phase(record, lambda battle, record=record: declared(record, battle),
                                        fallen=fallen)
    return found


CHECKS: tuple[CaseCheck, ...] = (
    CaseCheck(("WB95 1.5", "WB95 5.1.1", "WB95 5.1.3", "WB95 5.1.4", "WB95 5.2.1", "WB95 5.3", "WB95 5.4",
               "WB95 5.6", "WB95 9.1.6", "WB95 9.2.1"), game=combat_phases),
    CaseCheck(("WB95 6.1", "WB95 6.4"), game=check_ranged_fire),
    CaseCheck(("WB95 6.2.4",), game=check_setup_changes),
    CaseCheck(("WB95 6.5.1",), game=check_barrage),
    CaseCheck(("WB95 8.1",), game=check_air_support),
    CaseCheck(("WB95 8.2",), game=check_air_missions),
    CaseCheck(("WB95 10.2",), game=check_surrender),
)
