"""The Rostov turn track prints the date the book's Game-Turn Record Track gives each box (map
fragment, rulebook lines 3009-3010: "1 Oct 1", "2 Oct 5" ... "13 Nov 29"): the first step is four
days, the others five, so the dates are listed in the data, not computed from a start date."""

from __future__ import annotations

import doctest
from pathlib import Path

from vmodgen.art import boards
from vmodgen.art.boards import turn_dates
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.rostov import attack_bonus, hq_evacuation, withdrawal

ROSTOV = Path(__file__).resolve().parents[2] / "games" / "rostov"
BOOK = ["1 Oct", "5 Oct", "10 Oct", "15 Oct", "20 Oct", "25 Oct", "30 Oct", "4 Nov", "9 Nov", "14 Nov", "19 Nov",
        "24 Nov", "29 Nov"]


def test_every_box_prints_the_books_date() -> None:
    game = load_game(ROSTOV)
    assert [turn_dates(game, t) for t in range(1, 14)] == [f"{d} 1941" for d in BOOK]


def test_a_game_without_printed_dates_still_counts_from_its_start_date() -> None:
    assert turn_dates(load_game(ROSTOV.parent / "kiev"), 2) == "31 Aug - 1 Sep 1941"


def test_the_rostov_rule_modules_examples_hold() -> None:
    for module in (boards, withdrawal, hq_evacuation, attack_bonus):
        assert doctest.testmod(module).failed == 0
