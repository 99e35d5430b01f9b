"""The replay ends where the real engine ends, for every engine-written log (and VASSAL's tour):
every piece's map, position, location name and stack, the turn trackers and Global Properties,
and each step's moves. The engine's answers are ``oracle replay``'s (``<log>.engine.json``)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from vmodgen.engine.replay import PieceMoved, Replay
from vmodgen.engine.vassal.module import read_module
from vmodgen.engine.vassal.savefile import read_game
from tests.oracle import run_oracle
from tests.replay.cases import ALL_LOGS, ENGINE_LOGS, LogCase

PROPS = "Kind,Fatigue,Step_Level,Step_Name,Unit,Game,Side,Formation,Type,Size,Attack,Defense,Movement,Step,Marker"


@lru_cache(maxsize=None)
def replayed(case: LogCase) -> tuple[Replay, list]:
    case.require()
    replay = Replay(read_game(case.log), read_module(case.module))
    return replay, replay.run()


def where(piece: dict) -> tuple:
    return (piece["name"], piece["map"], piece["x"], piece["y"], piece["location"], piece.get("stack"),
            piece.get("stack_index"))


@pytest.mark.parametrize("case", ALL_LOGS, ids=lambda c: c.id)
def test_every_final_piece_is_where_the_engine_leaves_it(case: LogCase) -> None:
    replay, _ = replayed(case)
    ours = {p.id: (p.name, p.map, p.x, p.y, p.location, p.stack[0] if p.stack else None,
                   p.stack[1] if p.stack else None) for p in replay.state.pieces()}
    assert ours == {p["id"]: where(p) for p in case.engine()["final_pieces"]}


@pytest.mark.parametrize("case", ALL_LOGS, ids=lambda c: c.id)
def test_final_piece_properties_are_the_engines(case: LogCase) -> None:
    replay, _ = replayed(case)
    for piece in case.engine()["final_pieces"]:
        ours = replay.state.piece(piece["id"]).properties
        assert {k: v for k, v in piece["properties"].items() if k in ours} == \
            {k: ours[k] for k in piece["properties"] if k in ours}


@pytest.mark.parametrize("case", ALL_LOGS, ids=lambda c: c.id)
def test_turn_trackers_and_global_properties_end_as_the_engines(case: LogCase) -> None:
    replay, _ = replayed(case)
    engine = case.engine()
    assert replay.state.turn_levels() == {name: t["levels"] for name, t in engine["final_turns"].items()}
    assert replay.state.turn_texts() == {name: t["turn"] for name, t in engine["final_turns"].items()}
    assert {k: v for k, v in replay.state.properties.items()} == engine["final_properties"]


@pytest.mark.parametrize("case", ALL_LOGS, ids=lambda c: c.id)
def test_each_step_moves_pieces_from_and_to_the_engines_locations(case: LogCase) -> None:
    _, steps = replayed(case)
    engine_moves: dict[int, dict[str, tuple]] = {}
    first_from: dict[tuple[int, str], tuple] = {}
    for command in case.engine()["commands"]:
        if command["kind"] == "move" and command.get("name") not in (None, "(stack)"):
            key = (command["step"], command["id"])
            first_from.setdefault(key, (command["from_map"], command["from_location"]))
            engine_moves.setdefault(command["step"], {})[command["id"]] = \
                first_from[key] + (command["to_map"], command["to_location"])
    for step in steps:
        ours = {e.piece.id: (e.from_map, e.from_location, e.to_map, e.to_location)
                for e in step.events if isinstance(e, PieceMoved)}
        # (a piece made in the step and moved in it is a PieceAdded, not a move)
        expected = {k: v for k, v in engine_moves.get(step.index, {}).items() if v[:2] != v[2:] and v[0]}
        assert {k: v for k, v in ours.items() if k in expected} == expected, f"step {step.index}"


@pytest.mark.parametrize("case", ENGINE_LOGS, ids=lambda c: c.id)
def test_the_committed_engine_replays_are_still_what_the_engine_says(case: LogCase) -> None:
    report = run_oracle("replay", case.require().module, case.log, env={"ORACLE_PROPS": PROPS},
                        engine=case.engine_version)
    assert [where(p) for p in report["final_pieces"]] == [where(p) for p in case.engine()["final_pieces"]]
    assert report["steps"] == case.engine()["steps"]
