"""Disorganization after combat [WB95 5.6]: a D result needs a Disorganized marker on the side's
hexes [5.6.1, 5.6.6]; a marker needs a D result or a test reaching the morale limit [5.6.2]."""

from __future__ import annotations

import doctest

from tests.rules.wb95.combat_fixtures import GER_INF, SOV_INF, combat, h, korsun, position
from vmodgen.engine.rules.record import MarkerPlaced, Roll
from vmodgen.engine.rules.wb95 import disorganization
from vmodgen.engine.rules.wb95.combat import check_combat_phase

DISORG_BUTTON = "Disorganization test 2K6"


def judged(record, column):
    found = check_combat_phase(record, column_of=lambda battle: column)
    return [(j.verdict.status, j.verdict.case) for j in found
            if j.battle is None and j.verdict.case != "WB95 1.5"]     # the declared column: test_columns.py


def battle(die, after, marker_at=None, rolls=()):
    game = after.game
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    record = combat(before, [("1208", "1209", die, before, after)], end=after, complete=False)
    if marker_at:
        record.marker_moves.append(MarkerPlaced(20, "d", "Disorganized", (), h(game, marker_at)))
    record.rolls += [Roll(15 + i, DISORG_BUTTON, value) for i, value in enumerate(rolls)]
    return record


def test_a_d_result_needs_a_marker_on_the_side() -> None:
    game = korsun([GER_INF])
    after = position(game, {GER_INF: "1208", SOV_INF: "1210"}, back=[GER_INF])
    record = battle(2, after)                                                     # 1:3, 2: -1/D1D
    assert ("illegal", "WB95 5.6.1") in judged(record, "1:3")
    record = battle(2, after, marker_at="1210")
    assert ("illegal", "WB95 5.6.1") not in judged(record, "1:3")


def test_a_marker_with_no_d_and_no_test_reaching_the_limit_is_found() -> None:
    game = korsun()
    after = position(game, {GER_INF: "1208", SOV_INF: "1211"})                   # 3:1, 7: -/D2 (one test)
    assert judged(battle(7, after, marker_at="1211", rolls=[6]), "3:1") == [("illegal", "WB95 5.6.2")]
    assert judged(battle(7, after, marker_at="1211", rolls=[10]), "3:1") == []    # Soviet limit 10 reached
    assert judged(battle(7, after, rolls=[6]), "3:1") == []


def test_the_modules_examples_run() -> None:
    assert doctest.testmod(disorganization).failed == 0
