"""Which test a WB-95 roll was for: each test has its own labelled dice button, declared as data
(``game.toml`` ``[[dice]]``: name, test, case), so a log's roll names its test by its button
[WB95 1.8, 5.2.1 e, 5.6.2, 10.2.6]. The test keys are the data's; a game without ``[[dice]]`` rolls
one button for everything, and every roll may then be a battle's.
"""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.record import PhaseRecord, Roll

COMBAT = "combat"                     # 5.2.1 e: the COMBAT TABLE's 2K6
DISORGANIZATION = "disorganization"   # 5.6.2: a disorganization test
SURRENDER = "surrender"               # 10.2.6: the surrender procedure


def test_of(game: Game, button: str) -> str | None:
    """The test a button rolls for, or None for a button the data does not label."""
    return next((d.test for d in game.dice if d.name == button), None)


def battle_roll(game: Game, button: str) -> bool:
    """Whether a roll of ``button`` may resolve a battle: the combat button's, or any roll of a
    game that labels no dice."""
    return not game.dice or test_of(game, button) == COMBAT


def rolls_for(record: PhaseRecord, test: str, first: int = 0, last: int | None = None) -> list[Roll]:
    """The phase's rolls of ``test``'s button between two steps (inclusive)."""
    game = record.start.game
    return [r for r in record.rolls if test_of(game, r.button) == test and r.step >= first
            and (last is None or r.step <= last)]
