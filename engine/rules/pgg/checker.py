"""The Panzergruppe Guderian check of a game, phase by phase (the family's ``check_game``), and of a
position without moves (``check_position``).

What the checker judges is listed, case by case, in docs/rules-coverage-panzergruppe-guderian.md;
every PGG case it does not judge is reported once per game as not checked (:data:`NOT_JUDGED`),
so that a report never reads as a clean bill of health.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from vmodgen.engine.rules.ags.reveal import check_reveals
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.pgg import disruption, interdiction, rail, rail_cuts, south_western_front, vocabulary
from vmodgen.engine.rules.pgg.cases import pgg_verdict
from vmodgen.engine.rules.pgg.combat_phase import check_combat_phase
from vmodgen.engine.rules.pgg.evacuation import check_evacuations
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.levels import read_levels, remember
from vmodgen.engine.rules.pgg.movement_phase import check_movement_phase
from vmodgen.engine.rules.pgg.provisional import check_provisional
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, cite

#: PGG cases a log could break that the checker does not judge (see the coverage document)
NOT_JUDGED = (
    ("PGG 5.1", "the Soviet initial deployment (the module's set-up is tested instead)"),
    ("PGG 5.21", "the 16th and 19th Armies' first-turn die rolls"),
    ("PGG 6.37", "which German unit cut a rail line, and the removal of Rail Cut Markers"),
    ("PGG 6.5", "overruns whose result rests on an unknown value or whose overrunners began the phase apart "
                "(each such overrun is listed)"),
    ("PGG 6.61", "whether an overrun defender that lost a step or retreated was marked Disrupted"),
    ("PGG 10.23", "Leaders revealed with a no-strength unit in an enemy zone"),
    ("PGG 10.4", "whether a Leader returning through Entrance Hex X was evacuated on an earlier Game-Turn"),
    ("PGG 15.12", "the Soviet Victory Points for recaptured cities (the report's tally shows them as unknown)"),
)


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """Every illegal or unchecked judgement over a game's phases, in step order."""
    found: list[Judgement] = []
    ledger = Ledger()
    for record in records:
        ledger.begin(record)
        ledger.supply_barred = interdiction.supply_barred(record)       # PGG 13.44
        kind = record.phase.kind
        if kind in vocabulary.MOVEMENT_KINDS:
            found += check_movement_phase(record, ledger)
        elif kind in vocabulary.COMBAT_KINDS:
            found += check_combat_phase(record, ledger)
            found += disruption.check_combat_attacks(record, ledger)      # PGG 6.62
        else:
            found += _no_moves(record)
        found += disruption.check_markers(record, ledger)                  # PGG 6.61
        if record.end is not None:
            remember(read_levels(record.end, record.markers_at(None), ledger.levels, ledger.level_markers),
                     ledger.levels, ledger.level_markers)                                                # PGG 9.61
        game = record.start.game
        found += [_mapped(j, game) for j in check_reveals(record)]      # PGG 12.2
    found += _rail_capacity(ledger)
    found += interdiction.check_placements(records)      # PGG 13.2, 13.33, 13.41-13.45
    found += rail_cuts.check_placements(records)         # PGG 6.37
    found += check_provisional(records)                  # PGG 14.11-14.13
    found += check_evacuations(records)                  # PGG 10.4
    found += south_western_front.check_counts(records)   # PGG 14.21
    step, turn, phase = (records[0].first_step, records[0].turn, records[0].phase.name) if records else (0, 0, "")
    found += [Judgement(step, None, "", "", Verdict.unchecked(case, f"{what}: not checked"), turn, phase)
              for case, what in NOT_JUDGED]
    return sorted(found, key=lambda j: (j.step, j.unit or ""))


def check_position(log: str, situation: Situation) -> list[Judgement]:
    """A position alone: the set-up is the module's (tested against the book); stacking binds only
    at the end of the first Soviet Movement Phase (PGG 5.0), so nothing here is a finding."""
    return [Judgement(0, None, "", "", Verdict.unchecked(cite(situation.game, "PGG 5.1"),
                                                         "the Soviet initial deployment: not checked from a position"))]


def _mapped(judgement: Judgement, game: object) -> Judgement:
    return replace(judgement, verdict=pgg_verdict(game, judgement.verdict, "PGG 12.2"))


def _no_moves(record: PhaseRecord) -> list[Judgement]:
    """Disruption Removal, Interdiction and the Game-Turn Indication: markers are placed or taken
    off, no unit moves [PGG 4.2]."""
    game = record.start.game
    found = []
    for key, track in record.tracks.items():
        counter = game.counter(key)
        if game.unit_types[counter.type].unit_class == "marker":
            continue
        if not track.map_drops or track.map_drops[-1].hex == track.start:
            continue
        last = track.drops[-1]
        found.append(Judgement(last.step, key, track.start_location, last.location, Verdict.illegal(
            cite(game, "PGG 4.2"), f"{counter.name} moved in the {record.phase.name} phase, in which no unit moves"),
            record.turn, record.phase.name, counter.side))
    return found


def _rail_capacity(ledger: Ledger) -> list[Judgement]:
    """PGG 6.31: no more than eight combat units a Game-Turn by rail, Leaders free."""
    found = []
    for (turn, side), keys in sorted(ledger.rail.items()):
        situation = ledger.rail_situation[(turn, side)]
        verdict = rail.capacity_check(situation, keys)
        if not verdict.is_legal:
            found.append(Judgement(ledger.rail_step[(turn, side)], None, "", "", verdict, turn, "rail movement", side))
    return found
