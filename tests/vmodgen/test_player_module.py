"""What a player expects of the module (issue 11), played through the real VASSAL engine on both
lines: untried units only from their pool decks and revealed with a chat line (AGS 13.1, 13.2),
the checker flagging a reveal outside a declared combat, every change reported in words, moved
flags cleared and the Game-Turn marker moved by a phase change."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from tests.oracle import ENGINES, run_oracle
from vmodgen.engine.check.runner import check_logs
from vmodgen.engine.model.loader import load_game

REPO = Path(__file__).resolve().parents[2]
GAMES = REPO / "tests" / "data" / "games"
PROPS = {"ORACLE_PROPS": "Unit,Side,Moved,Attack,Defense,Movement,Strength,Group"}


@pytest.fixture(scope="module")
def small_module(game_module: Callable[[Path], Path]) -> Path:
    """The Kiev rules on a 12x12 map; its one untried armor unit has a name no other piece has."""
    return game_module(GAMES / "kievlike")


@pytest.fixture(scope="module")
def kiev_module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(REPO / "games" / "kiev")


def _write(module: Path, actions: list[dict[str, Any]], out: Path, engine: str, player: str = "Red") -> dict[str, Any]:
    script = out.with_suffix(".json")
    script.write_text(json.dumps({"player_name": player, "actions": actions}))
    report = run_oracle("write", module, script, out, env=PROPS, engine=engine)
    assert report.get("fatal") is None, report.get("fatal")
    return report


def _chat(report: dict[str, Any]) -> list[str]:
    return [c["text"] for a in report["actions"] if a["action"] == "step"
            for c in a.get("commands", []) if c["kind"] == "chat"]


def _build_xml(module: Path) -> etree._Element:
    import zipfile
    with zipfile.ZipFile(module) as archive:
        return etree.fromstring(archive.read("buildFile.xml"))


def test_untried_units_are_only_in_their_pool_decks(kiev_module: Path) -> None:
    """AGS 13.1: drawn at random by type, so no palette or at-start stack offers one by name."""
    game = load_game(REPO / "games" / "kiev")
    pool_names = {c.name for c in game.counters if c.role == "pool"}
    root = _build_xml(kiev_module)
    outside = [s.get("entryName") for s in root.iter("VASSAL.build.widget.PieceSlot")
               if s.getparent().tag != "VASSAL.build.module.map.DrawPile" and s.get("entryName") in pool_names]
    assert outside == []
    decks = {d.get("name"): len(d) for d in root.iter("VASSAL.build.module.map.DrawPile")}
    assert sum(decks.values()) == len([c for c in game.counters if c.role == "pool"])
    assert all(d.get("shuffle") == "Always" and d.get("allowSelect") == "false"
               for d in root.iter("VASSAL.build.module.map.DrawPile"))


@pytest.mark.parametrize("engine", ENGINES)
def test_a_reveal_outside_a_combat_is_reported_and_flagged(small_module: Path, tmp_path: Path, engine: str) -> None:
    log = tmp_path / "reveal.vlog"
    report = _write(small_module, [
        {"move": {"piece": "Untried Soviet armor", "map": "Kievlike", "location": "0304"}}, {"step": True},
        {"key": {"piece": "@0", "command": "Reveal"}}, {"step": True},
    ], log, engine)
    chat = _chat(report)
    assert "* Untried Soviet armor arrives in 0304 from Pool soviet_armor *" in chat
    assert "* Untried Soviet armor in 0304 is revealed: 35 Tank Div, 5-4-10" in chat
    found = [f for f in check_logs([log], small_module).findings if f.rule == "AGS 13.2"]
    assert [(f.step, f.unit, f.origin) for f in found] == [(2, "sov-xx-35-tank", "0304")]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_reveal_in_a_declared_battle_is_not_flagged(small_module: Path, tmp_path: Path, engine: str) -> None:
    log = tmp_path / "battle.vlog"
    _write(small_module, [
        {"move": {"piece": "Untried Soviet armor", "map": "Kievlike", "location": "0304"}}, {"step": True},
        {"turn": "next"}, {"step": True},
        {"add": {"slot": "Attack 1", "location": "0304"}}, {"step": True},
        {"add": {"slot": "Defend 1", "location": "0204"}}, {"step": True},
        {"key": {"piece": "Untried Soviet armor", "command": "Reveal"}}, {"step": True},
        {"dice": {"button": "1d6", "result": [3]}}, {"step": True},
    ], log, engine)
    report = check_logs([log], small_module)
    assert [b.number for b in report.battles] == [1]           # the battle was read from its markers
    assert [f for f in report.findings if f.rule == "AGS 13.2"] == []


@pytest.mark.parametrize("engine", ENGINES)
def test_changes_are_reported_in_words(kiev_module: Path, tmp_path: Path, engine: str) -> None:
    report = _write(kiev_module, [
        {"move": {"piece": "44 Inf Div", "location": "0218"}}, {"step": True},
        {"key": {"piece": "296 Inf Div", "command": "Lose step"}}, {"step": True},
        {"key": {"piece": "@2", "command": "Restore step"}}, {"step": True},
        {"key": {"piece": "168 Inf Div", "command": "Eliminate"}}, {"step": True},
    ], tmp_path / "words.vlog", engine, player="Axis")
    assert _chat(report) == [
        "* 44 Inf Div moves 0117 &rarr; 0218 *",
        "* 296 Inf Div in 0118 loses a step: now 296 Inf Div (reduced), 3-4-7",
        "* 296 Inf Div (reduced) in 0118 regains its step: now 5-7-7",
        "* 168 Inf Div eliminated in 0119 (to the German dead pile)",
    ]
    strength = {p["name"]: p["properties"]["Strength"] for p in report["final_pieces"]
                if p["properties"].get("Unit") in ("ger-xx-296", "ger-xx-44")}
    assert strength == {"296 Inf Div": "5-7-7", "44 Inf Div": "5-7-7"}


@pytest.mark.parametrize("engine", ENGINES)
def test_the_stack_viewer_and_inventory_strength_follows_the_face(small_module: Path, tmp_path: Path,
                                                                  engine: str) -> None:
    report = _write(small_module, [
        {"move": {"piece": "Untried Soviet armor", "map": "Kievlike", "location": "0304"}}, {"step": True},
        {"key": {"piece": "@0", "command": "Reveal"}}, {"step": True},
    ], tmp_path / "strength.vlog", engine)
    tank = [p["properties"] for p in report["final_pieces"] if p["properties"].get("Unit") == "sov-xx-35-tank"]
    assert [(t["Strength"], t["Group"]) for t in tank] == [("5-4-10", "Armor")]
    waiting = {p["properties"]["Strength"] for p in report["final_pieces"]
               if p["properties"].get("Group") == "Infantry" and p["properties"].get("Side") == "Soviet"}
    assert waiting == {"?-?-6"}      # untried: the strength stays unknown (AGS 13.1)


def test_inventory_notes_and_scenarios_are_offered(kiev_module: Path) -> None:
    root = _build_xml(kiev_module)
    inventory = root.find("VASSAL.build.module.Inventory")
    assert inventory is not None and inventory.get("groupBy") == "Side,CurrentMap,Group"
    assert root.find("VASSAL.build.module.NotesWindow") is not None
    setups = [s.get("name") for s in root.iter("VASSAL.build.module.PredefinedSetup") if s.get("isMenu") == "false"]
    assert setups == ["Kiev: The Battle of Encirclement, 1941: the whole game (13 Game-Turns)"]
    viewers = {v.get("counterReportFormat") for v in root.iter("VASSAL.build.module.map.CounterDetailViewer")}
    assert viewers == {"$PieceName$ $Strength$"}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_phase_change_clears_moved_flags_and_the_turn_marker_follows(kiev_module: Path, tmp_path: Path,
                                                                        engine: str) -> None:
    game = load_game(REPO / "games" / "kiev")
    last = game.phases[-1].name
    log = tmp_path / "phases.vlog"
    report = _write(kiev_module, [
        {"move": {"piece": "44 Inf Div", "location": "0218"}}, {"step": True},
        {"turn": "next"}, {"step": True},
        {"turn": {"set": {"Turn": 1, "Phase": last}}}, {"step": True},
        {"turn": "next"}, {"step": True},
    ], log, engine, player="Axis")
    moved = [p["name"] for p in report["final_pieces"]
             if p["map"] == game.map.board and p["properties"].get("Moved") == "true"]
    assert moved == []
    marker = [(p["map"], p["location"]) for p in report["final_pieces"]
              if p["properties"].get("Unit") == game.turn_marker.value]
    assert marker == [("Turn Track", "Turn 2")]
    assert report["final_turns"]["Game Turn"]["levels"] == {"Turn": "2", "Phase": game.phases[0].name}
    replayed = run_oracle("replay", kiev_module, log, env=PROPS, engine=engine)
    assert replayed["undecodable"] == []
    assert [(p["map"], p["location"]) for p in replayed["final_pieces"]
            if p["properties"].get("Unit") == game.turn_marker.value] == [("Turn Track", "Turn 2")]
    assert [p["name"] for p in replayed["final_pieces"]
            if p["map"] == game.map.board and p["properties"].get("Moved") == "true"] == []
