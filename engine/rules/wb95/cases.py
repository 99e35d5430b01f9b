"""Every WB-95 case a log could break, with what it governs: the list the frame
(:mod:`vmodgen.engine.rules.wb95.frame`) reports as not checked while no check claims a case.

A branch that adds a check adds a case here only when the case is new to the list.
"""

from __future__ import annotations

from vmodgen.engine.rules.wb95.frame import Case

CASES = (
    Case("WB95 2.1.2", "phase order and phase ownership"),
    Case("WB95 3.1.8", "no unit enters a hex occupied by enemy units"),
    Case("WB95 3.1.13", "movement allowance and terrain costs"),
    Case("WB95 3.2.1", "stacking: 8 CELs a hex at the end of every phase", position=True),
    Case("WB95 4.2.1", "stopping on entering an enemy zone of control"),
    Case("WB95 4.2.3", "moving from hex to hex in the zone of one enemy unit"),
    Case("WB95 4.2.6", "leaving an enemy zone of control costs 1 MP", reason="not checked with the movement allowance"),
    Case("WB95 1.5", "the combat ratio a battle is declared at (Column markers) against its SPs"),
    Case("WB95 5.1.1", "each unit fighting once a Combat Phase"),
    Case("WB95 5.1.3", "mandatory attacks by units in enemy zones of control"),
    Case("WB95 5.1.4", "mandatory attacks on enemy units in friendly zones of control"),
    Case("WB95 5.2.1", "the combat ratio and the COMBAT TABLE (2K6)"),
    Case("WB95 5.3", "retreats"),
    Case("WB95 5.4", "pursuit"),
    Case("WB95 5.6", "disorganization tests"),
    Case("WB95 6.1", "artillery range and ranged fire"),
    Case("WB95 6.2.4", "artillery setup changes"),
    Case("WB95 6.4", "ranged attacks and the ARTILLERY FIRE table"),
    Case("WB95 6.5.1", "artillery barrage, where a scenario allows it"),
    Case("WB95 7.1", "field fortifications"),
    Case("WB95 8.1", "air missions within the turn's air support"),
    Case("WB95 8.2", "air missions from the Air Phases, and air attacks on the AIR ATTACK table"),
    Case("WB95 9.1.6", "an HQ's elimination bonus: 5 CMs, the next two Combat Phases, within 8 hexes (9.1.7)"),
    Case("WB95 9.2.1", "an HQ's combat roll modifier only within its range (9.2.2)"),
    Case("WB95 10.2.2", "out-of-supply units move with half their MPs unless their level rises (10.2.3)"),
    Case("WB95 10.2", "out-of-supply levels and surrender tests"),
    Case("WB95 11.1.1", "reinforcements on their scenario's turn"),
    Case("WB95 11.1.2", "reinforcements in their entry zones (11.2: changing zones)"),
    Case("WB95 11.1.3", "reinforcements in Movement and Strategic Movement Phases"),
    Case("WB95 11.1.4", "no entry from a zone the enemy controls",
         reason="not checked: hex control (4.3) is not followed"),
    Case("WB95 12.1.2", "strategic movers did not move in the Movement Phase"),
    Case("WB95 12.1.4", "strategic movers marked with the Strategic Movement marker in the Movement Phase"),
    Case("WB95 12.2.1", "no strategic movement from an enemy zone of control"),
    Case("WB95 12.2.2", "no strategic movement into an enemy zone of control"),
    Case("WB95 12.2.3", "strategic movement MPs reduced by 2", reason="not checked with the movement allowance"),
    Case("WB95 14.2", "bridges destroyed and rebuilt"),
    Case("WB95 scenario set-up", "every unit on its set-up hex", position=True),
    Case("WB95 scenario notes", "scenario movement restrictions (Korsuń 1944: the 1st Ukraine Front moves from turn 3)"),
    Case("WB95 scenario victory", "victory conditions"),
)
