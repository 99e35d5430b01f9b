"""The Panzergruppe Guderian family as a registered rules family: its vocabulary, the data check
its games need beyond it, and its check of a game.

No PGG rule is judged yet: every case of the rules is reported as not checked, once per game
(and once per position), so that a report never reads as a clean bill of health. The checking
modules (movement, combat, leaders, supply, ...) replace entries of :data:`NOT_CHECKED` as they
come.

>>> PGG.moves_in("mech_movement"), PGG.battles_in("combat"), PGG.moves_in("interdiction")
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.family import DataProblem, RulesFamily
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.pgg import vocabulary
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict

#: the rule parameter naming each stepped counter's levels (game.toml [rules.strength_levels])
STRENGTH_LEVELS = "strength_levels"

#: every PGG case a log could break, with what it governs; reported as not checked until judged
NOT_CHECKED = (
    ("PGG 5.1", "Soviet initial deployment"),
    ("PGG 5.21", "the 16th and 19th Armies' first-turn die rolls"),
    ("PGG 5.23", "the 13th and 20th Armies' first-turn movement"),
    ("PGG 6.2", "movement allowance, terrain costs and enemy zones of control"),
    ("PGG 6.3", "Soviet rail movement"),
    ("PGG 6.37", "rail cuts"),
    ("PGG 6.4", "the Soviet restriction on hexrows 0100 and 0200, Game-Turns 1-6"),
    ("PGG 6.5", "overrun"),
    ("PGG 6.6", "disruption"),
    ("PGG 7.0", "stacking"),
    ("PGG 7.3", "German divisional integration"),
    ("PGG 9.1", "which units may attack"),
    ("PGG 9.4", "combat odds and the Combat Results Table"),
    ("PGG 9.6", "combat results and the German step ladder"),
    ("PGG 9.7", "retreats"),
    ("PGG 9.8", "advance after combat"),
    ("PGG 10.35", "Soviet attacks within a Leader's radius"),
    ("PGG 10.23", "Leaders entering enemy zones of control"),
    ("PGG 11.0", "supply"),
    ("PGG 12.2", "untried units revealed"),
    ("PGG 12.4", "eliminated and phantom units recycled"),
    ("PGG 13.2", "German air interdiction"),
    ("PGG 13.4", "Soviet interdiction"),
    ("PGG 14.1", "Soviet provisional reinforcements"),
    ("PGG 14.2", "Soviet South-Western Front reinforcements"),
    ("PGG 14.3", "scheduled reinforcements"),
    ("PGG 15.0", "victory points"),
)


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
        step = records[0].first_step if records else 0
        turn, phase = (records[0].turn, records[0].phase.name) if records else (0, "")
        return [Judgement(step, None, "", "", Verdict.unchecked(case, f"{what}: not checked yet"), turn, phase)
                for case, what in NOT_CHECKED]

    def check_position(self, log: str, situation: Situation) -> list[Judgement]:
        return [Judgement(0, None, "", "", Verdict.unchecked(case, f"{what}: not checked yet"))
                for case, what in NOT_CHECKED if case in ("PGG 5.1", "PGG 7.0")]


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
