"""Properties of the movement check on random positions of the kievlike map: a route it finds is
a real, legal route within the allowance, and more Movement Points never make a legal move
illegal."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.movement import movement_check
from vmodgen.engine.rules.terrain import entry_cost
from vmodgen.engine.rules.zoc import enemy_zoc
from tests.rules.conftest import KIEVLIKE, position

GAME = load_game(KIEVLIKE)

GERMANS = ("ger-xx-10", "ger-xx-11", "ger-xx-12", "ger-ldr-g")
MOVERS = ("sov-xx-1", "sov-xx-9-tank", "sov-hq-a")
LAND = [f"{c:02d}{r:02d}" for c in range(1, 13) for r in range(1, 13) if (c, r) != (1, 12)]

EXAMPLES = settings(deadline=None, max_examples=80)


@st.composite
def moves(draw: st.DrawFn) -> tuple[dict[str, str], str, list[str], int]:
    cells = draw(st.lists(st.sampled_from(LAND), min_size=2 + len(GERMANS), max_size=2 + len(GERMANS), unique=True))
    count = draw(st.integers(min_value=0, max_value=len(GERMANS)))
    mover = draw(st.sampled_from(MOVERS))
    placement = {mover: cells[0], **{g: cells[2 + i] for i, g in enumerate(GERMANS[:count])}}
    near = draw(st.sampled_from(LAND))
    drops = draw(st.lists(st.sampled_from([near, cells[1]]), min_size=1, max_size=2))
    return placement, mover, drops, draw(st.integers(min_value=1, max_value=12))


def parse(names: list[str]) -> list[Hex]:
    return [Hex(int(n[:2]), int(n[2:])) for n in names]


@EXAMPLES
@given(moves())
def test_a_route_found_is_legal_and_within_the_allowance(move: tuple) -> None:
    game = GAME
    placement, mover, drop_names, allowance = move
    here = position(game, placement)
    drops = parse(drop_names)
    verdict = movement_check(here, mover, drops, allowance)
    if not verdict.is_legal or verdict.route is None:
        return
    path = verdict.route.path
    start = here.units[mover].hex
    layout = game.map.layout
    zone = enemy_zoc(here, "Soviet")
    enemy_hexes = {here.units[g].hex for g in placement if g.startswith("ger")}
    assert path[0] == start and path[-1] == drops[-1]
    assert all(layout.adjacent(a, b) for a, b in zip(path, path[1:]))
    assert not enemy_hexes & set(path)
    assert not any(h in zone for h in path[:-1])
    remaining = iter(path)
    distinct = [d for i, d in enumerate(drops) if i == 0 or d != drops[i - 1]]
    assert all(any(h == d for h in remaining) for d in distinct)
    unit_type = here.unit_type(mover)
    costs = [entry_cost(game, unit_type, "Soviet", a, b).mp for a, b in zip(path, path[1:])]
    assert all(c is not None for c in costs)
    if costs:
        costs[0] = min(costs[0], Fraction(allowance))  # type: ignore[type-var]
    assert sum(costs, Fraction(0)) == verdict.route.cost <= allowance  # type: ignore[arg-type]


@EXAMPLES
@given(moves())
def test_more_movement_points_never_make_a_legal_move_illegal(move: tuple) -> None:
    game = GAME
    placement, mover, drop_names, allowance = move
    here = position(game, placement)
    drops = parse(drop_names)
    if movement_check(here, mover, drops, allowance).is_legal:
        assert movement_check(here, mover, drops, allowance + 3).is_legal
