"""The Army Group South family's vocabulary: the phase kinds of its sequence of play [AGS 4.2],
its unit classes and terrain-chart columns [AGS 10.0], its counter faces and its markers. The
loader checks a game's data against it; the checker's core learns it from the family.
"""

from __future__ import annotations

from vmodgen.engine.model.units import BACK_KINDS
from vmodgen.engine.piece_properties import BATTLE, OVERRUN
from vmodgen.engine.rules.family import PhaseKind, UnitClass

#: phase kinds in which units move: the Movement Phase and the Mechanized Movement Phase [AGS 4.2]
MOVEMENT_KINDS = ("movement", "mech_movement")
#: phase kinds in which battles are fought [AGS 9.0]
COMBAT_KINDS = ("combat",)

PHASE_KINDS = (
    *(PhaseKind(kind, moves=True) for kind in MOVEMENT_KINDS),
    *(PhaseKind(kind, battles=True) for kind in COMBAT_KINDS),
    PhaseKind("interphase"), PhaseKind("disruption_removal"), PhaseKind("weather"), PhaseKind("air"),
)
#: unit classes; a marker has no movement class
UNIT_CLASSES = ("mech", "non_mech", "hq", "leader", "marker")
CLASSES = tuple(UnitClass(name, moves=name != "marker") for name in UNIT_CLASSES)
MOVEMENT_CLASSES = ("mech", "inf")
FACES = BACK_KINDS
#: the Marker property of an Air counter (Rostov 24.0), followed as a marker so that rules can read
#: where it stands (Rostov 23.2, 23.18): a piece with a Marker property is never a unit
AIR = "air"
#: the Marker property of a counter-sheet marker whose unit type is ``marker`` (Korsun's German Air
#: and Heavy Equipment markers, 25.22, 25.28), followed likewise; its ``Unit`` says which counter
SHEET_MARKER = "marker"
MARKERS = (BATTLE, OVERRUN, AIR, SHEET_MARKER)
