"""Korsun 19.3 (the Baeke Heavy Tank Regiment stacks for free) on the engine-written Game-Turn 6
logs of tests/data/checks/korsun/exclusive/ (scenarios.py there: every German reinforcement of
Game-Turn 6 enters, Baeke with the three regiments of the 1st Panzer Division in 0119, and in
baeke-overstacked the LAH/LAH SS Pz Rgt too). test_korsun_exclusive.py checks the legal log clean
and the illegal one flagged with AGS 7.0 alone; this file pins where the finding is: the hex, the
step that ends the German Movement Phase (AGS 7.0 limits stacking at the end of a Movement Phase,
so the fifth unit's entry is not yet the violation), no single unit, and Baeke listed but not counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.vassal.commands import Chat
from vmodgen.engine.vassal.savefile import read_game

from tests.games.engine_logs import WRITERS, EngineLogs

KORSUN_LOGS = EngineLogs("korsun", "exclusive")

module = KORSUN_LOGS.module_fixture()


@pytest.mark.parametrize("writer", WRITERS)
def test_the_fourth_unit_beside_baeke_is_flagged_at_the_end_of_the_movement_phase(module: Path, writer: str) -> None:
    steps = read_game(KORSUN_LOGS.log("baeke-overstacked", writer)).steps
    # the log ends with the turn to German Combat; the step before it closes German Movement
    assert [c.text for c in steps[-1].commands if isinstance(c, Chat)] == ["* * Turn 6: German Combat"]
    (finding,) = KORSUN_LOGS.check(module, "baeke-overstacked", writer).findings
    assert (finding.rule, finding.turn, finding.phase, finding.side) == ("AGS 7.0", 6, "German Movement", "German")
    assert (finding.step, finding.origin, finding.unit) == (steps[-1].index - 1, "0119", "")
    # five units in the hex, four counted against the limit of three (Korsun 19.3: Baeke is free)
    assert finding.message == ("4 German combat units in 0119 (1/1 PzGren Rgt, 1/1 Pz Rgt, 113/1 PzGren Rgt, "
                               "Baeke Heavy Tank Rgt, LAH/LAH SS Pz Rgt); the limit is 3")
