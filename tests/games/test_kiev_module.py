"""The Kiev module as the real VASSAL engine sees it: it loads clean, names every hex as the
rulebook does, and starts every set-up unit on its rulebook hex."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from tests.oracle import ENGINES, load_errors, run_oracle
from vmodgen.module import VASSAL_VERSION

KIEV = Path(__file__).resolve().parents[2] / "games" / "kiev"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(KIEV)


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(KIEV)


@pytest.mark.parametrize("engine", ENGINES)
def test_engine_loads_kiev_without_errors(module: Path, game: Game, engine: str) -> None:
    report, errors = load_errors(module, engine)
    assert errors == []
    # it declares the 3.6 line: both open it (a player refuses a later minor line, Info.isModuleTooNew)
    assert report["module_vassal_version"] == VASSAL_VERSION
    line = [tuple(int(n) for n in report[key].split(".")[:2]) for key in ("module_vassal_version", "vassal_version")]
    assert line[0] <= line[1]
    assert [p["name"] for p in report["pieces"] if p["missing_images"]] == []
    # every unit, and the Game-Turn marker on its track (it follows the turn tracker)
    placed = [c for c in game.counters if c.role != "marker" or game.turn_marker and c.id == game.turn_marker.value]
    assert report["at_start_pieces"] == len(placed)


@pytest.mark.parametrize("engine", ENGINES)
def test_every_set_up_unit_starts_on_its_rulebook_hex(module: Path, game: Game, tmp_path: Path, engine: str) -> None:
    script = tmp_path / "nothing.json"
    script.write_text(json.dumps({"actions": [{"chat": "opening position"}]}))
    report = run_oracle("write", module, script, tmp_path / "start.vlog", env={"ORACLE_PROPS": "Unit"},
                        engine=engine)
    where = {p["properties"]["Unit"]: (p["map"], p["location"])
             for p in report["final_pieces"] if p["properties"].get("Unit")}
    expected = {c.id: (game.map.board, game.map.name(c.setup))
                for c in game.counters if c.role == "setup"}
    assert {unit: where.get(unit) for unit in expected} == expected
    assert len(expected) == 101  # AGS Kiev 18.1 (60 Soviet) + 18.2 (41 German)


@pytest.mark.parametrize("engine", ENGINES)
def test_german_reinforcements_wait_in_their_turn_box(module: Path, game: Game, tmp_path: Path, engine: str) -> None:
    script = tmp_path / "nothing.json"
    script.write_text(json.dumps({"actions": [{"chat": "opening position"}]}))
    report = run_oracle("write", module, script, tmp_path / "start.vlog", env={"ORACLE_PROPS": "Unit"},
                        engine=engine)
    where = {p["properties"].get("Unit"): (p["map"], p["location"]) for p in report["final_pieces"]}
    for counter in game.counters:
        if counter.role == "reinforcement" and counter.side == "German":
            assert where[counter.id] == ("Turn Track", f"Turn {counter.entry_turn}")
