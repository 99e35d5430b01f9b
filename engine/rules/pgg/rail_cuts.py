"""Rail Cut Markers put down [PGG 6.37]: German combat units moving through a railroad hex may cut
the line there, so a Rail Cut Marker goes on a railroad hex, in a German Movement Phase. Which
German unit moved through the hex is not judged (a log records drops, not paths), nor the markers'
removal (by Soviet units moving normally into the hex, or German units over it): a marker taken
off is simply no longer in force. What a cut does to Soviet rail movement is
:mod:`~vmodgen.engine.rules.pgg.rail`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.piece_properties import RAIL_CUT
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.rail import rail_links
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name

MOVEMENT_KINDS = ("movement", "mech_movement")


def check_placements(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """Every Rail Cut Marker put on a hex: a railroad hex, in a Movement Phase of the side the
    marker names (the German's, units.csv) [PGG 6.37]."""
    found = []
    for record in records:
        game = record.start.game
        phase = record.phase
        for marker in record.marker_moves:
            if marker.kind != RAIL_CUT or marker.hex is None:
                continue
            where = hex_name(game, marker.hex)
            if marker.hex not in rail_links(game):
                verdict = Verdict.illegal(cite(game, "PGG 6.37"), f"a Rail Cut Marker was put in {where}, which is not "
                                                                  "a railroad hex", [marker.hex])
            elif phase.side != marker.side or phase.kind not in MOVEMENT_KINDS:
                verdict = Verdict.illegal(cite(game, "PGG 6.37"), f"a Rail Cut Marker was put in {where} in the "
                                                                  f"{phase.name} phase; German combat units cut rail "
                                                                  "lines as they move, in a German Movement Phase",
                                          [marker.hex])
            else:
                continue
            found.append(Judgement(marker.step, None, "", where, verdict, record.turn, phase.name, phase.side))
    return found
