"""The opening position is legal (issue 10 item 5), for every game under games/.

The book's set-up, judged by the checker's own rules on the at-start position (Game-Turn 1,
nothing moved): every set-up unit is in supply at the start of each phase of the first
Game-Turn (AGS 12.1 with the game's own sources, lengths and first-turn rules, such as Kiev
19.85; enemy zones of control cut lines of supply, AGS 8.25), unless the game's data lists it
in ``rules.opening_out_of_supply``; no hex is over-stacked (AGS 7.0, 11.22); and set-up units
the map notes put on one bank of a river (``[[bank_checks]]`` and ``[line_check]`` of
``sources/reconstruction.toml``) are on that bank of the derived map, with no zone of control
across a major river between them (AGS 8.12).

A map that puts a bridgehead on the wrong bank, or surrounds a set-up hex with swamp, fails here
with the unit, its hex and the checker's reason. New games are picked up when they land.
"""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from vmodgen.engine.hexes import Hex, Hexside
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.stacking import stacking_violations
from vmodgen.engine.model.provenance import Provenance
from vmodgen.engine.model.values import Param
from vmodgen.engine.rules.supply import IN, OUT, SupplyState, SupplyTracer
from vmodgen.engine.rules.terrain import chart_value
from vmodgen.engine.rules.verdict import optional_param
from vmodgen.engine.rules.zoc import zoc_of_hex

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"
# The Army Group South family's supply and stacking rules judge its games here; a game of another
# family (Panzergruppe Guderian: supply through Leaders, PGG 11.2; set-up over-stacking allowed
# until the first Soviet Movement Phase ends, PGG 5.0) is judged by its own family's tests.
GAMES = sorted(p.parent for p in GAMES_DIR.glob("*/game.toml")
               if tomllib.loads(p.read_text(encoding="utf-8")).get("system") == "ags")

@pytest.fixture(scope="module", params=GAMES, ids=[g.name for g in GAMES])
def game(request: pytest.FixtureRequest) -> Game:
    return load_game(request.param)


def opening(game: Game, phase_index: int) -> Situation:
    """The book's set-up on the map, at the start of one phase of Game-Turn 1, with the counters the
    player places at set-up on hexes the book does not give (Rostov 18.21: four Axis supply
    counters) where ``rules.opening_placements`` puts them: an assumption, tested below."""
    units = {c.id: UnitState(c, c.setup, False)
             for c in game.counters if c.role == "setup" and c.setup is not None}
    by_id = {c.id: c for c in game.counters}
    for key, name in optional_param(game, "opening_placements", {}).items():
        units[key] = UnitState(by_id[key], game.map.layout.parse(name), False)
    return Situation(game, 1, phase_index, units)


def placed_by_hq_unknown(game: Game, situation: Situation, state: SupplyState) -> bool:
    """AGS 11.34 for want of an HQ, in a game whose HQs stand on set-up hexes the book's text does
    not give (Rostov 18.13: map symbols): the HQ that would supply the unit is not on this
    position, so its supply is not known, never out."""
    hidden = [c for c in game.counters if c.role == "setup" and c.setup is None
              and game.unit_types[c.type].unit_class == "hq"]
    return state.status == OUT and state.case.endswith("11.34") and bool(hidden)


def reconstruction(game: Game) -> dict:
    path = GAMES_DIR / game.id / "sources" / "reconstruction.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def test_the_game_sets_up_units(game: Game) -> None:
    assert len(opening(game, 0).units) > 0


def test_the_placements_are_where_the_book_allows(game: Game) -> None:
    # Rostov 18.21: on the Axis side of the start line (the assumption: a hex a friendly unit holds
    # at the start), not in an enemy-controlled hex.
    placements = optional_param(game, "opening_placements", {})
    situation = opening(game, 0)
    for key, name in placements.items():
        hex_ = game.map.layout.parse(name)
        side = situation.units[key].side
        held = {c.setup for c in game.counters if c.role == "setup" and c.side == side}
        assert hex_ in held, f"{key} at {name}: no {side} unit is set up there"
        enemy = {h for k, u in situation.on_map() if u.side != side and u.hex is not None
                 and situation.unit_type(k).unit_class not in ("marker",)
                 for h in zoc_of_hex(game, u.hex)}
        assert hex_ not in enemy, f"{key} at {name} is in an enemy zone of control"


def test_every_set_up_unit_is_in_supply(game: Game) -> None:
    excused = set(optional_param(game, "opening_out_of_supply", []))
    unknown = excused - {c.id for c in game.counters}
    assert not unknown, f"rules.opening_out_of_supply names no counter: {sorted(unknown)}"
    problems = []
    not_known: set[str] = set()
    for index, phase in enumerate(game.phases):
        if phase.side not in {s.name for s in game.sides}:
            continue                      # an interphase (Game-Turn indication) judges nobody
        situation = opening(game, index)
        tracer = SupplyTracer(situation)
        for key in sorted(situation.units):
            state = tracer.state(key)
            if placed_by_hq_unknown(game, situation, state):
                not_known.add(key)
                continue
            if state.status != IN and key not in excused:
                problems.append(f"{phase.name}: {state.status} of supply ({state.case}): {state.reason}")
    assert problems == []
    # A unit whose HQ's hex is not known would be in supply with an HQ on its own hex: the line
    # the HQ traces (of its own length) is the one the set-up must leave open.
    direct = dataclasses.replace(game, rules={**game.rules, **{
        f"{s.name.lower()}_supply_via_hq": Param(f"{s.name.lower()}_supply_via_hq", False,
                                                 Provenance.parse("reconstructed: a test's question"))
        for s in game.sides}})
    for key in sorted(not_known):
        state = SupplyTracer(opening(direct, 0)).state(key)
        assert state.status == IN, f"{key}: no HQ on its hex could supply it: {state.reason}"


def test_no_hex_is_over_stacked(game: Game) -> None:
    assert [v.message for v in stacking_violations(opening(game, 0))] == []


def test_units_on_a_river_are_on_the_bank_the_book_implies(game: Game) -> None:
    spec = reconstruction(game)
    layout = game.map.layout
    setup_hexes = {c.setup for c in game.counters if c.role == "setup"}
    problems = []
    for bank in spec.get("bank_checks", []):
        for a_name, b_name in bank["pairs"]:
            a, b = layout.parse(a_name), layout.parse(b_name)
            assert a in setup_hexes or b in setup_hexes, f"{a_name}/{b_name} holds no set-up unit"
            rivers = [f for f in game.map.hexsides.get(Hexside.between(a, b), ()) if f.name == bank["river"]]
            if not rivers:
                problems.append(f"the {bank['river']} does not run between {a_name} and {b_name}")
                continue
            blocks = any(chart_value(game.terrain.types[f.feature], "blocks_zoc") for f in rivers)
            if blocks and (b in zoc_of_hex(game, a) or a in zoc_of_hex(game, b)):
                problems.append(f"a zone of control crosses the {bank['river']} at {a_name}/{b_name} (AGS 8.12)")
    check = spec.get("line_check")
    if check:
        west = _west_of(game, set(check["rivers"]))
        for side in ("west", "east"):
            for name in check[side]:
                found = "west" if layout.parse(name) in west else "east"
                if found != side:
                    problems.append(f"{name} is {found} of the {'-'.join(check['rivers'])} line, not {side}")
    assert problems == []


def _west_of(game: Game, rivers: set[str]) -> set[Hex]:
    """Hexes reached from the west edge without crossing a hexside of the named rivers."""
    layout = game.map.layout
    seen = {h for h in layout.hexes() if h.col == layout.first_col}
    todo = sorted(seen)
    while todo:
        hex_ = todo.pop()
        for other in layout.neighbours(hex_):
            features = game.map.hexsides.get(Hexside.between(hex_, other), ())
            if other not in seen and not any(f.name in rivers for f in features):
                seen.add(other)
                todo.append(other)
    return seen
