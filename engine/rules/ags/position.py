"""A position with no moves (a save alone) checked as a position: the set-up where it is the
opening (``rules.setup_cases``) and stacking where the limit binds (AGS 7.0).

AGS 7.0: the limit binds "at the end of either of his Movement Phases or at any time during the
Combat Phase", and nothing but movement and combat moves a unit, so every side's stacks must be
legal at any moment except the phasing side's during its own movement phase, when it may be
passing through a stack. That side's stacks are listed as not checked.
"""

from __future__ import annotations

from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.ags.setup import check_setup
from vmodgen.engine.rules.ags.vocabulary import MOVEMENT_KINDS
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.stacking import stacking_violations
from vmodgen.engine.rules.verdict import Verdict, cite


def check_position(log: str, situation: Situation) -> list[Judgement]:
    """Judgements on a position alone (step 0: no step of a log is involved)."""
    game = situation.game
    phase = game.phases[situation.phase_index]
    found = check_setup(PhaseRecord(log, situation.turn, situation.phase_index, 0, situation))
    for side in game.sides:
        if phase.kind in MOVEMENT_KINDS and phase.side == side.name:
            found.append(Judgement(0, None, "", "", Verdict.unchecked(cite(game, "AGS 7.0"), (
                f"the position was saved during the {phase.name} phase: {side.name} stacks may be passing "
                "through one another until the phase ends")), situation.turn, phase.name, side.name))
            continue
        for verdict in stacking_violations(situation, side.name):
            where = game.map.name(verdict.hexes[0]) if verdict.hexes else ""
            found.append(Judgement(0, None, where, "", verdict, situation.turn, phase.name, side.name))
    return found
