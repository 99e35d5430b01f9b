"""The Army Group South family (Kiev, Rostov, Operation Star, Korsun; Panzergruppe Guderian
shares its mechanisms): which mechanisms apply in which phase, composed over phase records.

>>> judgements = check_game(records)          # doctest: +SKIP
>>> [j.verdict.case for j in judgements if j.verdict.is_illegal]   # doctest: +SKIP
['AGS 8.21', 'Kiev 19.3']
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.model.game import MOVEMENT_KINDS
from vmodgen.engine.rules.ags.combat_phase import check_combat_phase
from vmodgen.engine.rules.ags.judgement import Judgement
from vmodgen.engine.rules.ags.movement_phase import TurnLedger, check_movement_phase
from vmodgen.engine.rules.ags.setup import check_setup
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.ags.reveal import check_reveals
from vmodgen.engine.rules.verdict import Verdict, cite


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """Every illegal or unchecked judgement over a game's phases, in step order."""
    found: list[Judgement] = []
    if records:
        found += check_setup(records[0])
    ledger = TurnLedger()
    for record in records:
        kind = record.phase.kind
        if kind in MOVEMENT_KINDS:
            found += check_movement_phase(record, ledger)
        elif kind == "combat":
            found += check_combat_phase(record)
        else:
            found += _no_play_expected(record)
        found += check_reveals(record)    # AGS 13.2
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
