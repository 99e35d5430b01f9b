"""The WB-95 family as a registered rules family: its vocabulary and its check of a game.

No WB-95 rule is judged yet: every case a log could break is reported as not checked, once per
game (and the set-up cases once per position), so that a report never reads as a clean bill of
health. The checking modules replace entries of :data:`NOT_CHECKED` as they come.

>>> WB95.moves_in("strategic_movement"), WB95.battles_in("combat"), WB95.moves_in("air")
(True, True, False)
>>> WB95.phase_kind("air").both_sides
True
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.rules.family import RulesFamily
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict
from vmodgen.engine.rules.wb95 import vocabulary

#: every WB-95 case a log could break, with what it governs; reported as not checked until judged
NOT_CHECKED = (
    ("WB95 2.1.2", "phase order and phase ownership"),
    ("WB95 3.1.13", "movement allowance and terrain costs"),
    ("WB95 3.2.1", "stacking: 8 CELs a hex at the end of every phase"),
    ("WB95 4.2.1", "stopping on entering an enemy zone of control"),
    ("WB95 5.1.1", "each unit fighting once a Combat Phase"),
    ("WB95 5.1.3", "mandatory attacks by units in enemy zones of control"),
    ("WB95 5.1.4", "mandatory attacks on enemy units in friendly zones of control"),
    ("WB95 5.2.1", "the combat ratio and the COMBAT TABLE (2K6)"),
    ("WB95 5.3", "retreats"),
    ("WB95 5.4", "pursuit"),
    ("WB95 5.6", "disorganization tests"),
    ("WB95 6.1", "artillery range and ranged fire"),
    ("WB95 6.2.4", "artillery setup changes"),
    ("WB95 6.5.1", "artillery barrage, where a scenario allows it"),
    ("WB95 7.1", "field fortifications"),
    ("WB95 8.1", "air missions within the turn's air support"),
    ("WB95 9.1", "headquarters"),
    ("WB95 10.2", "out-of-supply levels and surrender tests"),
    ("WB95 11.1", "reinforcement dates and entry zones"),
    ("WB95 12.2", "strategic movement"),
    ("WB95 14.2", "bridges destroyed and rebuilt"),
    ("WB95 scenario set-up", "every unit on its set-up hex"),
    ("WB95 scenario victory", "victory conditions"),
)
#: the cases a position alone (a save with no moves) could break
POSITION_CASES = ("WB95 3.2.1", "WB95 scenario set-up")


class Wb95Family(RulesFamily):
    """WB-95 (Wojciech Zalewski, Taktyka i Strategia): the system rules 1.0-16.0 that Korsun 1944
    plays with its own tables and scenarios."""

    name = "wb95"
    title = "WB-95 (Taktyka i Strategia)"
    phase_kinds = vocabulary.PHASE_KINDS
    unit_classes = vocabulary.CLASSES
    movement_classes = vocabulary.MOVEMENT_CLASSES
    faces = vocabulary.FACES
    markers = vocabulary.MARKERS

    def check_game(self, records: Sequence[PhaseRecord]) -> list[Judgement]:
        step = records[0].first_step if records else 0
        turn, phase = (records[0].turn, records[0].phase.name) if records else (0, "")
        return [Judgement(step, None, "", "", Verdict.unchecked(case, f"{what}: not checked yet"), turn, phase)
                for case, what in NOT_CHECKED]

    def check_position(self, log: str, situation: Situation) -> list[Judgement]:
        return [Judgement(0, None, "", "", Verdict.unchecked(case, f"{what}: not checked yet"))
                for case, what in NOT_CHECKED if case in POSITION_CASES]


WB95 = Wb95Family()
