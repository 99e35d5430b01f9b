"""The Army Group South family as a registered rules family: its vocabulary, and its check of
a game, phase by phase.

>>> judgements = AGS.check_game(records)          # doctest: +SKIP
>>> [j.verdict.case for j in judgements if j.verdict.is_illegal]   # doctest: +SKIP
['AGS 8.21', 'Kiev 19.3']
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.rules.ags import kiev, korsun, operation_star, vocabulary
from vmodgen.engine.rules.ags.combat_phase import check_combat_phase
from vmodgen.engine.rules.ags.corps_stacking import CORPS_STACKING
from vmodgen.engine.rules.ags.exclusive import phase_rules, register_attack_rule, register_movement_phase_rule, \
    register_phase_rule
from vmodgen.engine.rules.ags.movement_phase import TurnLedger, check_movement_phase
from vmodgen.engine.rules.ags.position import check_position
from vmodgen.engine.rules.ags.reveal import check_reveals
from vmodgen.engine.rules.ags.setup import check_setup
from vmodgen.engine.rules.family import RulesFamily
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, cite


class AgsFamily(RulesFamily):
    """Army Group South Standard Rules (SPI 1979), with each game's exclusive rules as data."""

    name = "ags"
    title = "Army Group South"
    phase_kinds = vocabulary.PHASE_KINDS
    unit_classes = vocabulary.CLASSES
    movement_classes = vocabulary.MOVEMENT_CLASSES
    faces = vocabulary.FACES
    markers = vocabulary.MARKERS

    def check_game(self, records: Sequence[PhaseRecord]) -> list[Judgement]:
        return check_game(records)

    def check_position(self, log: str, situation: Situation) -> list[Judgement]:
        return check_position(log, situation)


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """Every illegal or unchecked judgement over a game's phases, in step order."""
    found: list[Judgement] = []
    if records:
        found += check_setup(records[0])
    ledger = TurnLedger()
    memory: dict[str, dict] = {}          # each phase rule's own (exclusive.py)
    for record in records:
        kind = record.phase.kind
        if kind in vocabulary.MOVEMENT_KINDS:
            found += check_movement_phase(record, ledger)
        elif kind in vocabulary.COMBAT_KINDS:
            found += check_combat_phase(record)
        else:
            found += _no_play_expected(record)
        found += check_reveals(record)    # AGS 13.2
        for rule in phase_rules():
            found += rule.check_phase(record, memory.setdefault(rule.name, {}))
    found += ledger.close()
    return sorted(found, key=lambda j: (j.step, j.unit or ""))


def _no_play_expected(record: PhaseRecord) -> list[Judgement]:
    """Phases where nothing moves (interphase, disruption removal, ...): a unit moved there is
    outside every movement rule, so it is reported for a person to look at."""
    game = record.start.game
    found = []
    for key, track in record.tracks.items():
        if not track.map_drops or track.map_drops[-1].hex == track.start:
            continue
        last = track.drops[-1]
        found.append(Judgement(last.step, key, track.start_location, last.location, Verdict.illegal(
            cite(game, "AGS 4.2"), f"{game.counter(key).name} moved in the {record.phase.name} phase, in which no "
                                   "unit moves"), record.turn, record.phase.name, game.counter(key).side))
    return found


AGS = AgsFamily()

#: the games' own modules (engine/rules/ags/<game>/), as python-chess lists its variants
for _rule in (*kiev.MOVEMENT_PHASE_RULES, *operation_star.MOVEMENT_PHASE_RULES, *korsun.MOVEMENT_PHASE_RULES, CORPS_STACKING):
    register_movement_phase_rule(_rule)
for _phase_rule in operation_star.PHASE_RULES + korsun.PHASE_RULES:
    register_phase_rule(_phase_rule)
for _attack_rule in operation_star.ATTACK_RULES:
    register_attack_rule(_attack_rule)
