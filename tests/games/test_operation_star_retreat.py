"""Operation Star 19.6 and 19.41 in the shared retreat check, on the set-up position (positions by
hand: what the engine-written logs of test_operation_star_logs.py cannot all show)."""

from __future__ import annotations

from pathlib import Path

import pytest

import vmodgen.engine.rules.ags.family  # noqa: F401  (registers Operation Star's retreat rule)
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.retreat import RetreatGround
from vmodgen.engine.rules.situation import Situation, UnitState

GAME = Path(__file__).resolve().parents[2] / "games" / "operation-star"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(GAME)


def soviet_combat(game: Game, moved: dict[str, str] | None = None) -> Situation:
    """The set-up position in the Soviet Combat Phase of Game-Turn 1, some German units moved."""
    index = next(i for i, p in enumerate(game.phases) if p.side == "Soviet" and p.kind == "combat")
    units = {c.id: UnitState(c, c.setup, c.setup_face == "back") for c in game.counters if c.role == "setup"}
    for name, hex_ in (moved or {}).items():
        counter = next(c for c in game.counters if c.name == name)
        units[counter.id] = UnitState(counter, game.map.layout.parse(hex_), False)
    return Situation(game, turn=1, phase_index=index, units=units)


def key(game: Game, name: str) -> str:
    return next(c.id for c in game.counters if c.name == name)


def test_a_unit_may_be_eliminated_by_the_zones_only_when_they_take_all_its_steps(game: Game) -> None:
    # 19.6: from 3306 a retreat of one reaches 3307 through one Soviet zone (one step) and 3405 across
    # the Donets clear of zones. Eliminating a unit of one step there may be the price of 3307;
    # eliminating one of two steps is not: 3405 was open (AGS 9.71)
    start = soviet_combat(game)
    pz = key(game, "27/19 Pz Rgt")
    ground = RetreatGround.of(start, "German", [start], [pz])
    here = game.map.layout.parse("3306")
    ends = {game.map.layout.name(h): counts for h, counts in ground.priced_ends(here, 1, pz).items()}
    assert ends["3307"] == {(1, 1)} and ends["3405"] == {(0, 0)}
    one = ground.eliminated_verdict(pz, 1, steps=1)
    assert (one.is_legal, one.case) == (True, "Operation Star 19.6")
    two = ground.eliminated_verdict(pz, 1, steps=2)
    assert (two.is_legal, two.case) == (False, "AGS 9.71") and "3405 was open" in two.message


def test_a_friendly_held_hex_in_an_enemy_zone_may_cost_a_step_or_not(game: Game) -> None:
    # 19.6 says "each Enemy-controlled hex"; 9.71 opens one a friendly combat unit holds. For the
    # 6/7 PzGren Rgt (moved to 3404) 3505, the 682/335's hex in the 33 Gd's zone, counts 0 (by 9.71)
    # or 1 (by 19.6's words): both are kept; two steps lost there is a finding. The Soviet side has
    # no such price (AGS 9.71 as printed)
    start = soviet_combat(game, {"6/7 PzGren Rgt": "3404"})
    layout = game.map.layout
    pzg = key(game, "6/7 PzGren Rgt")
    ground = RetreatGround.of(start, "German", [start], [pzg])
    assert ground.priced_ends(layout.parse("3404"), 1, pzg)[layout.parse("3505")] == {(0, 1)}
    verdict = ground.path_verdict(pzg, layout.parse("3404"), layout.parse("3505"), 1, 2)
    assert (verdict.is_legal, verdict.case) == (False, "Operation Star 19.6")
    assert verdict.message.endswith("(possible: 0, 1)")
    soviet = key(game, "33 Gd Gd Rifle Div")
    assert RetreatGround.of(start, "Soviet", [start], [soviet]).price is None
