"""Artillery barrage [WB95 6.5.1]: players may fire one only when the scenario describes it. Korsun
1944's scenarios describe none (``rules.barrage = false``), so a roll in an Artillery Barrage Phase
(phases 2 and 8) is a barrage fired where none is allowed. And towed artillery's change of setup
[6.2.4]: only in its side's Movement Phase.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, optional_param
from vmodgen.engine.rules.wb95.common import opens_game

BARRAGE = "barrage"
MOVEMENT = "movement"
MODE = "mode"              # 6.2.2: the reverse is the transport setup
TOWED = "towed_artillery"


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


def check_setup_changes(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """WB95 6.2.4: towed artillery changes between its combat and transport setup (turning over, 6.2.2)
    only in its side's Movement Phase. The 1 MP it costs is not counted (3.1.13 is judged without it)."""
    found: list[Judgement] = []
    for index, record in enumerate(records):
        if index == 0 and opens_game(record):
            continue            # the set-up: guns are put down in the setup the player chooses
        for flip in record.flips:
            counter = record.start.game.counter(flip.key)
            if counter.back_kind != MODE or record.start.game.unit_types[counter.type].unit_class != TOWED:
                continue
            if record.phase.kind == MOVEMENT and record.phase.side == counter.side:
                continue
            setup = "transport" if flip.now_back else "combat"
            found.append(Judgement(flip.step, flip.key, "", "", Verdict.illegal(
                "WB95 6.2.4", f"{counter.name} changed to its {setup} setup in the {record.phase.name} phase; a change "
                              "of setup is possible only during its side's Movement Phase"),
                record.turn, record.phase.name, counter.side))
    return found
