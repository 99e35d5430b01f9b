"""The COMBAT TABLE as results [WB95 5.2.1 f] and the rows an HQ may move a roll to [9.2.1]."""

from __future__ import annotations

import doctest

import pytest

from tests.rules.wb95.combat_fixtures import GER_HQ, SOV_INF, korsun, position
from vmodgen.engine.rules.verdict import CannotCheck
from vmodgen.engine.rules.wb95 import crt


def test_every_printed_cell_reads_as_a_result() -> None:
    game = korsun()
    for row in game.crt.rows:
        for column in game.crt.columns:
            one = crt.cell(game, column, row)
            assert one.attacker.text and one.defender.text


def test_a_cell_gives_both_sides() -> None:
    one = crt.cell(korsun(), "2:1", 10)
    assert (one.attacker.loss, one.defender.retreat, one.defender.loss) == (1, 1, 1)
    assert crt.cell(korsun(), "1:4", 12).attacker == crt.SideResult(2, 2, True, False, "A2D-2")


def test_a_roll_moved_off_the_table_is_not_guessed() -> None:
    with pytest.raises(CannotCheck):
        crt.cell(korsun(), "1:1", 13)
    with pytest.raises(ValueError):
        crt.parse_side("X1")


def test_an_hq_in_range_of_every_hex_allows_its_row() -> None:
    game = korsun()
    near = position(game, {GER_HQ: "1205", SOV_INF: "1209"})
    assert crt.hq_within_range(near, "German", [game.map.layout.parse("1208")])
    assert not crt.hq_within_range(near, "German", [game.map.layout.parse("1215")])
    assert not crt.hq_within_range(near, "Soviet", [game.map.layout.parse("1209")])


def test_the_modules_examples_run() -> None:
    assert doctest.testmod(crt).failed == 0
