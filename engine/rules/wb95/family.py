"""The WB-95 family as a registered rules family: its vocabulary and its check of a game.

The check is a list of per-case checks (:mod:`vmodgen.engine.rules.wb95.frame`): those of
:mod:`~vmodgen.engine.rules.wb95.move_checks`, :mod:`~vmodgen.engine.rules.wb95.combat_checks` and
:mod:`~vmodgen.engine.rules.wb95.marker_checks`.
Every case of :data:`vmodgen.engine.rules.wb95.cases.CASES` that no check claims is reported as
not checked, once per game (and the position cases once per position), so that a report never
reads as a clean bill of health; :data:`NOT_CHECKED` lists them.

>>> WB95.moves_in("strategic_movement"), WB95.battles_in("combat"), WB95.moves_in("air")
(True, True, False)
>>> WB95.phase_kind("air").both_sides
True
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.family import DataProblem, RulesFamily
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.wb95 import air, combat_checks, dice, fire_tables, frame, marker_checks, move_checks, vocabulary
from vmodgen.engine.rules.wb95.cases import CASES

#: every check the family runs, in order
CHECKS = move_checks.CHECKS + combat_checks.CHECKS + marker_checks.CHECKS
#: every WB-95 case a log could break that no check judges yet, with what it governs
NOT_CHECKED = frame.unclaimed(CHECKS, CASES)


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

    def validate(self, game: Game) -> list[DataProblem]:
        """The faces, and the Air Support, ARTILLERY FIRE and AIR ATTACK charts read now (a module's data
        folder is gone later)."""
        return super().validate(game) + air.load_problems(game) + fire_tables.load_problems(game)

    def battle_roll(self, game: Game, button: str) -> bool:
        """Only the combat button's rolls resolve battles [WB95 5.2.1 e]: a disorganization test
        rolled while another battle waits for its roll is not that battle's."""
        return dice.battle_roll(game, button)

    def check_game(self, records: Sequence[PhaseRecord]) -> list[Judgement]:
        return frame.check_game(records, CHECKS, CASES)

    def check_position(self, log: str, situation: Situation) -> list[Judgement]:
        return frame.check_position(log, situation, CHECKS, CASES)


WB95 = Wb95Family()
