"""The Panzergruppe Guderian family as a registered rules family: its vocabulary, the data check
its games need beyond it, and its check of a game.

The check itself is :mod:`vmodgen.engine.rules.pgg.checker` (movement, combat, leaders, supply,
...); the cases it does not judge are reported there as not checked, once per game.

>>> PGG.moves_in("mech_movement"), PGG.battles_in("combat"), PGG.moves_in("interdiction")
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.family import DataProblem, RulesFamily
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.pgg import checker, victory, vocabulary
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation

#: the rule parameter naming each stepped counter's levels (game.toml [rules.strength_levels])
STRENGTH_LEVELS = "strength_levels"


class PggFamily(RulesFamily):
    """Panzergruppe Guderian (SPI 1976): the rules of the game itself, no exclusive rules."""

    name = "pgg"
    title = "Panzergruppe Guderian"
    phase_kinds = vocabulary.PHASE_KINDS
    unit_classes = vocabulary.CLASSES
    movement_classes = vocabulary.MOVEMENT_CLASSES
    faces = vocabulary.FACES
    markers = vocabulary.MARKERS

    def validate(self, game: Game) -> list[DataProblem]:
        """Faces PGG knows, and a strength ladder for every counter with more steps than its two
        faces show: German infantry divisions step down by Strength Level Markers [PGG 9.61, 9.63]."""
        return super().validate(game) + _ladder_problems(game)

    def check_game(self, records: Sequence[PhaseRecord]) -> list[Judgement]:
        return checker.check_game(records)

    def check_position(self, log: str, situation: Situation) -> list[Judgement]:
        return checker.check_position(log, situation)

    def summary(self, records: Sequence[PhaseRecord]) -> list[str]:
        return victory.summary(records)       # PGG 15.0-15.2, 14.23


def _ladder_problems(game: Game) -> list[DataProblem]:
    """Each counter whose steps outnumber its faces needs its levels in ``[rules.strength_levels]``
    (``{ <unit type> = ["9-7", "4-7", "2-7", "1-7"] }``), one level per step."""
    param = game.rules.get(STRENGTH_LEVELS)
    ladders = param.value if param is not None and isinstance(param.value, dict) else {}
    found = []
    for counter in game.counters:
        faces = 2 if counter.back_kind == "reduced" else 1
        if counter.steps <= faces:
            continue
        ladder = ladders.get(counter.type)
        if not isinstance(ladder, list) or len(ladder) != counter.steps:
            found.append(DataProblem("game.toml", f"rules.{STRENGTH_LEVELS}",
                                     f"{counter.id} has {counter.steps} steps but its type {counter.type!r} has "
                                     f"no ladder of {counter.steps} levels (PGG 9.61)", "rules", STRENGTH_LEVELS))
    return found


PGG = PggFamily()
