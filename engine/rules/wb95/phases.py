"""Phase ownership [WB95 2.1.2, 2.2]: every action belongs to its phase. Units move in their own
side's Movement and Strategic Movement Phases (phases 3, 5, 9, 11) and, by retreat and pursuit, in
the Combat Phases, where both players act (3.1.1; the combat checks judge those moves); in the Air,
Barrage and Supply Phases no unit moves (2.2: missions, barrage fire, supply and surrender).

What a log shows is a drop: a unit put down on another hex of the map is a move. A unit taken off
the map is not judged here (losses, surrender and air attacks remove units in several phases); a
unit coming onto the map is a reinforcement (:mod:`~vmodgen.engine.rules.wb95.reinforcements`).
What is moved in the opening phase of a game is its set-up (:mod:`~vmodgen.engine.rules.wb95.setup`).
Phase order (2.1.4) is the turn tracker's: a log cannot play the phases out of order.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, hex_name
from vmodgen.engine.rules.wb95.common import is_unit, opens_game
from vmodgen.engine.rules.wb95.frame import CaseCheck

CASE = "WB95 2.1.2"
#: phase kinds in which the phasing side's units move [WB95 2.2 phases 3, 5, 9, 11]
MOVING = ("movement", "strategic_movement")


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    found: list[Judgement] = []
    for index, record in enumerate(records):
        if index == 0 and opens_game(record):
            continue                    # the set-up
        found += check_phase(record)
    return found


def check_phase(record: PhaseRecord) -> list[Judgement]:
    """A unit moved from hex to hex in a phase whose kind, or whose owner, moves no such unit."""
    phase = record.phase
    kind = record.start.game.phases[record.phase_index].kind
    if kind == "combat":
        return []                       # 3.1.1: retreat and pursuit, both sides (the combat checks)
    found = []
    for key, track in record.tracks.items():
        if track.start is None or not track.map_drops or not is_unit(record.start, key):
            continue
        moved_to = next((d for d in track.map_drops if d.hex != track.start), None)
        if moved_to is None:
            continue
        counter = record.start.units[key].counter
        where = f"from {hex_name(record.start.game, track.start)} to {moved_to.location}"
        if kind not in MOVING:
            verdict = Verdict.illegal(CASE, f"{counter.name} moved {where} in the {phase.name} phase, in which no "
                                            "unit moves (2.2)", [track.start, moved_to.hex])
        elif counter.side != phase.side:
            verdict = Verdict.illegal(CASE, f"{counter.name} ({counter.side}) moved {where} in the {phase.name} "
                                            f"phase of the {phase.side} player (2.2)", [track.start, moved_to.hex])
        else:
            continue
        found.append(judge(record, verdict, track, last_step=moved_to.step))
    return found


CHECK = CaseCheck((CASE,), game=check_game)
