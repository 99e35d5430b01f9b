"""Panzergruppe Guderian's vocabulary: the phase kinds of its sequence of play [PGG 4.2], its unit
classes [PGG 3.4, 4.2 B3, 10.2], the columns of its Terrain Effects Chart [PGG 6.7], its counter
faces [PGG 9.61-9.63, 12.0] and its markers [PGG 6.37, 6.6, 9.61, 13.0]. The loader checks a game's
data against it; the checker's core learns it from the family.

PGG differs from Army Group South in what it plays: one Soviet Player-Turn without a mechanized
phase, an interdiction phase on each side, German infantry that steps down by Strength Level
Markers rather than by a counter's back, and leaders instead of HQs.

>>> [k.name for k in PHASE_KINDS if k.moves]
['movement', 'mech_movement']
>>> sorted(c.name for c in CLASSES if not c.moves)
['marker']
"""

from __future__ import annotations

from vmodgen.engine.piece_properties import (BATTLE, DISRUPTED, INTERDICTION, OVERRUN, RAIL_CUT,
                                             STRENGTH_LEVEL)
from vmodgen.engine.rules.family import PhaseKind, UnitClass

#: phase kinds in which units move: the Soviet Movement Phase and the German Initial Movement
#: Phase (movement), the German Mechanized Movement Phase (mech_movement) [PGG 4.2 A1, B1, B3]
MOVEMENT_KINDS = ("movement", "mech_movement")
#: phase kinds in which battles are fought [PGG 4.2 A2, B2; 9.0]
COMBAT_KINDS = ("combat",)
#: phases where markers are placed or removed and no unit moves: Disruption Removal [PGG 4.2 A3,
#: B4; 6.63], the Soviet Interdiction and German Air Interdiction Phases [PGG 4.2 A4, B5; 13.2,
#: 13.4], and the Game-Turn Indication interphase [PGG 4.2 C]
MARKER_KINDS = ("disruption_removal", "interdiction", "interphase")

PHASE_KINDS = (
    *(PhaseKind(kind, moves=True) for kind in MOVEMENT_KINDS),
    *(PhaseKind(kind, battles=True) for kind in COMBAT_KINDS),
    *(PhaseKind(kind) for kind in MARKER_KINDS),
)

#: unit classes: ``mech`` moves again in the German Mechanized Movement Phase (Panzer, Mech,
#: Motorized and Cavalry units, PGG 4.2 B3, 6.23); ``non_mech`` moves once (infantry, every
#: Soviet combat unit: the Soviet Player-Turn has no second movement phase, PGG 4.2 A);
#: ``leader`` a Soviet Leader (PGG 10.0); ``marker`` never moves by movement points
UNIT_CLASSES = ("mech", "non_mech", "leader", "marker")
CLASSES = tuple(UnitClass(name, moves=name != "marker") for name in UNIT_CLASSES)

#: the Terrain Effects Chart's columns [PGG 6.7]: ``inf`` foot infantry ("Inf. (not Mot.)": forest
#: 1, road 1), ``cav`` cavalry (forest 2 as "all others", road 1 with infantry), ``mot`` all others
#: (forest 2, road 1/2), ``leader`` Soviet Leaders (roads as motorized, forests as infantry, PGG
#: 10.21)
MOVEMENT_CLASSES = ("inf", "cav", "mot", "leader")

#: counter backs PGG plays: ``reduced`` (German Panzer, Mech, Motorized and Cavalry: the second
#: step on the reverse, PGG 9.63), ``untried`` (Soviet combat units, PGG 12.0), ``none`` (Leaders;
#: German infantry divisions, whose lower steps are Strength Level Markers, PGG 9.61, 9.63),
#: ``blank`` (markers)
FACES = ("reduced", "untried", "none", "blank")

#: marker kinds a PGG module's pieces carry (engine.piece_properties)
MARKERS = (BATTLE, OVERRUN, STRENGTH_LEVEL, DISRUPTED, INTERDICTION, RAIL_CUT)
