"""The WB-95 vocabulary: the phase kinds of its twelve-phase turn [WB95 2.2], its unit classes
[WB95 1.3, 6.2.1, 9.1.2, 15.2], the columns of the TERRAIN INFLUENCE table, its counter faces
[WB95 1.2, 1.4, 6.2.2] and its markers [WB95 5.6.6, 7.1, 7.2, 8.1, 10.2.1, 12.1.4, 14.1.2].
The loader checks a game's data against it; the checker's core learns it from the family.

WB-95 differs from Army Group South in what it plays: both players act in the Air Phases
(phases 1 and 7, missions chosen secretly by each) and in each Combat Phase (the defender's
artillery and air support, 6.3.1, 8.2), losses are combat efficiency levels (CELs: a counter's
printed sides) rather than steps, and towed artillery turns over between its combat and its
transport setup without losing anything.

>>> [k.name for k in PHASE_KINDS if k.both_sides]
['air', 'combat']
>>> [k.name for k in PHASE_KINDS if k.moves]
['movement', 'strategic_movement']
"""

from __future__ import annotations

from vmodgen.engine.piece_properties import BATTLE
from vmodgen.engine.rules.family import PhaseKind, UnitClass

PHASE_KINDS = (
    #: phases 1 and 7: both players assign air missions, secretly [WB95 2.2, 8.1.7]
    PhaseKind("air", both_sides=True),
    #: phases 2 and 8: the phasing player's artillery barrage, where a scenario allows it [6.5]
    PhaseKind("barrage"),
    #: phases 3 and 9: movement, field fortifications, reinforcements [3.0, 7.1, 11.1.3]
    PhaseKind("movement", moves=True),
    #: phases 5 and 11: units under a Strategic Movement marker, reinforcements [12.0, 11.1.3]
    PhaseKind("strategic_movement", moves=True),
    #: phases 4 and 10: the phasing player attacks; the defender supports with artillery and air
    #: (6.3.1, 8.2); retreat and pursuit move units as the combat's result [3.1.1, 5.3, 5.4]
    PhaseKind("combat", battles=True, both_sides=True),
    #: phases 6 and 12: lines of supply, out-of-supply levels, surrender tests, hex control [10.0, 4.3]
    PhaseKind("supply"),
)

#: unit classes: ``mechanized`` (tracked and half-tracked, and self-propelled artillery: 2 CELs as
#: a regular unit) and ``trucked`` (wheeled; every towed artillery unit, 1.3, 6.2.1) are the
#: motorized units [1.3]; ``non_motorized`` foot and cavalry [1.3]; ``towed_artillery`` trucked,
#: 1 CEL, a combat and a transport setup [1.2, 6.2]; ``hq`` moves as trucked, 1 CEL [9.1.2, 9.1.4];
#: ``static`` never moves (Resilience Groups, 15.2: no MP); ``marker`` is no unit
UNIT_CLASSES = ("mechanized", "trucked", "non_motorized", "towed_artillery", "hq", "static", "marker")
CLASSES = tuple(UnitClass(name, moves=name not in ("static", "marker")) for name in UNIT_CLASSES)

#: the TERRAIN INFLUENCE table's movement columns: "motorized (mechanized)" prints the trucked
#: cost with the mechanized cost in brackets, and "non-motorized"
MOVEMENT_CLASSES = ("trucked", "mechanized", "non_motorized")

#: counter backs WB-95 plays: ``reduced`` (a unit of 2 CELs, its weaker side on the reverse, 1.4),
#: ``none`` (1 CEL, printed on one side: HQs, 9.1.4), ``mode`` (towed artillery: the reverse is the
#: transport setup of the same CEL, 6.2.2), ``blank`` (markers), ``unknown`` (the book prints no
#: counter: whether the reverse is a second CEL is for the owner's values file to say)
FACES = ("reduced", "none", "mode", "blank", "unknown")

#: marker kinds a WB-95 module's pieces carry: the combat declaration (``BATTLE``, as AGS) and the
#: WB-95 markers, by the name their ``Marker`` property carries
OUT_OF_SUPPLY = "OutOfSupply"            # 10.2.1: levels 1, 2, 3, ...
DISORGANIZED = "Disorganized"            # 5.6.6
FIELD_FORTIFICATION = "FieldFortification"          # 7.1.1
IMPROVED_FORTIFICATION = "ImprovedFortification"    # 7.2
STRATEGIC_MOVEMENT = "StrategicMovement"            # 2.2 phase 3, 12.1.4
BRIDGE = "Bridge"                        # 14.1.2: bridge and bridge destroyed
AIR_MISSION = "AirMission"               # 8.1.1: a mission with its air SPs
#: 5.2.1 c-d: the final combat ratio the attacker declares for a battle, put with its Defend marker
#: (``Column``: a COMBAT TABLE column), so that a log says which column the roll was read on
COMBAT_COLUMN = "CombatColumn"
#: 6.4.2 a: a ranged attack, ``Fire N`` on each firing artillery stack and ``Target N`` on the target
RANGED_FIRE = "RangedFire"
MARKERS = (BATTLE, OUT_OF_SUPPLY, DISORGANIZED, FIELD_FORTIFICATION, IMPROVED_FORTIFICATION,
           STRATEGIC_MOVEMENT, BRIDGE, AIR_MISSION, COMBAT_COLUMN, RANGED_FIRE)
