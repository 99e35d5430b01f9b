"""Artillery barrage [WB95 6.5.1]: players may fire one only when the scenario describes it. Korsun
1944's scenarios describe none (``rules.barrage = false``), so a roll in an Artillery Barrage Phase
(phases 2 and 8) is a barrage fired where none is allowed.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, optional_param

BARRAGE = "barrage"


def check_barrage(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """Each roll in a barrage phase of a game whose scenarios allow no barrage; where the data
    allows one (or does not say), barrage is not checked."""
    found: list[Judgement] = []
    for record in records:
        if record.phase.kind != BARRAGE or not record.dice:
            continue
        allowed = optional_param(record.start.game, BARRAGE, None)
        for step, value in record.dice:
            if allowed is False:
                verdict = Verdict.illegal("WB95 6.5.1", f"a roll ({value}) in the {record.phase.name} phase: barrage "
                                                        "is allowed only when the scenario describes it, and none "
                                                        "does")
            else:
                verdict = Verdict.unchecked("WB95 6.5.1", f"a roll ({value}) in the {record.phase.name} phase: "
                                                          "barrage (6.5.3-6.5.7) is not checked")
            found.append(Judgement(step, None, "", "", verdict, record.turn, record.phase.name, record.phase.side))
    return found
