"""What a rules checker reads from each step: moves of every piece of a dragged stack, flips,
eliminations, deletions, dice, turns, properties, undos, and the side a step belongs to."""

from __future__ import annotations

from pathlib import Path

from vmodgen.engine.replay import (Chat, DiceRoll, PieceChanged, PieceMoved, PieceRemoved, PropertyChanged, Replay,
                           TurnChanged, Undo)
from vmodgen.engine.vassal.commands import LogEntry, UndoMarker
from vmodgen.engine.vassal.module import read_module
from vmodgen.engine.vassal.savefile import parse_game_text, read_game
from vmodgen.engine.vassal.tree import Compound, encode_tree
from tests.replay.cases import LOGS, ORACLE_FIXTURES

ACTIONS = read_module(ORACLE_FIXTURES / "oracle-test-actions.vmod")
ESC = "\x1b"


def steps_of(log: str) -> dict[int, list]:
    return {step.index: step.events for step in Replay(read_game(LOGS / log), ACTIONS).steps()}


MIXED = steps_of("mixed.vlog")
TOOLBAR = steps_of("toolbar.vlog")


def of(events: list, kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def test_dragging_a_stack_moves_every_piece_in_it() -> None:
    moves = of(MIXED[2], PieceMoved)
    assert [(m.piece.name, m.from_location, m.to_location) for m in moves] == [
        ("Blue Armor", "0101", "0302"), ("Blue Infantry", "0101", "0302")]


def test_a_flip_is_a_layer_change_by_layer_name() -> None:
    (changed,) = of(MIXED[5], PieceChanged)
    assert changed.change("layer", "Step").old == 1 and changed.change("layer", "Step").new == 2
    assert changed.piece.layers == {"Step": 2} and changed.piece.properties["Step_Level"] == "2"


def test_a_dynamic_property_change_is_a_property_change() -> None:
    (changed,) = of(MIXED[6], PieceChanged)
    assert [(c.kind, c.name, c.old, c.new) for c in changed.changes] == [("property", "Fatigue", "0", "1")]


def test_sending_a_piece_to_another_map_is_a_move_between_maps() -> None:
    (moved,) = of(MIXED[8], PieceMoved)
    assert (moved.from_map, moved.from_location, moved.to_map, moved.to_location) == \
        ("Main Map", "0302", "Dead Pile", "offboard")


def test_a_deleted_piece_is_removed_with_its_last_position() -> None:
    (removed,) = of(MIXED[18], PieceRemoved)
    assert (removed.piece.name, removed.piece.map) == ("Red Infantry", "Main Map")


def test_a_dice_roll_gives_its_result_and_its_chat_report() -> None:
    assert of(MIXED[12], DiceRoll) == [DiceRoll("1d6", "4")]
    assert of(MIXED[12], Chat)[0].text.startswith("*** 1d6 = 4 ***")


def test_a_turn_change_gives_the_levels_by_name() -> None:
    (turn,) = of(MIXED[11], TurnChanged)
    assert (turn.tracker, turn.levels, turn.text) == ("Game Turn", {"Turn": "1", "Phase": "Combat"}, "Turn 1 - Combat")


def test_a_global_property_change_gives_old_and_new_values() -> None:
    assert of(TOOLBAR[8], PropertyChanged) == [PropertyChanged("Weather", "Clear", "Snow", "Module", True)]


def test_dice_result_properties_are_not_global_properties() -> None:
    assert {(p.name, p.global_property) for p in of(TOOLBAR[6], PropertyChanged)} == {
        ("1d6_result", False), ("1d6_total", False), ("1d6_keep", False)}


def test_an_undo_step_says_which_step_it_undoes() -> None:
    assert of(TOOLBAR[10], Undo) == [Undo(9, False)] and of(TOOLBAR[12], Undo) == [Undo(11, False)]
    assert of(MIXED[15], Undo) == [Undo(14, False)]
    assert of(TOOLBAR[11], Undo) == []


def test_undo_markers_of_newer_vassal_mark_the_step_as_an_undo() -> None:
    game = read_game(LOGS / "toolbar.vlog")
    root = game.root
    last = root.parts[-1]
    parts = last.parts if isinstance(last, Compound) else [last]
    root.parts[-1] = Compound([LogEntry(UndoMarker("true")), *parts, LogEntry(UndoMarker("false"))])
    steps = list(Replay(parse_game_text(encode_tree(root)), ACTIONS).steps())
    assert steps[-1].undo and of(steps[-1].events, Undo) == [Undo(11, True)]
    assert len(steps) == len(game.steps)


def test_a_step_is_attributed_to_the_side_of_the_mover_without_showing_the_password() -> None:
    text = ESC.join(["begin_save", "PLAYER\ts3cret\tAlice\tGermans", "end_save",
                     "LOG\t+/7/piece;;;a.png;Panzer/Main Map;25;25;1;0",
                     "LOG\tM/7/Main Map/111/75/null/Main Map/25/25/null/s3cret",
                     "LOG\tCHAT&lt;Alice&gt; - hello"])
    steps = list(Replay(parse_game_text(text), read_module(ORACLE_FIXTURES / "oracle-test.vmod")).steps())
    assert [s.side for s in steps] == [None, "Germans", "Germans"]
    assert of(steps[1].events, PieceMoved)[0].player_side == "Germans"
    assert "s3cret" not in repr(steps) + repr(steps[1].commands)


def test_commands_about_missing_maps_are_reported_and_the_replay_goes_on() -> None:
    text = ESC.join(["begin_save", "end_save", "LOG\t+/7/piece;;;a.png;A/Nowhere;25;25;1;0", "LOG\tCHATstill here"])
    replay = Replay(parse_game_text(text), read_module(ORACLE_FIXTURES / "oracle-test.vmod"))
    steps = replay.run()
    assert [(e.step, e.kind) for e in replay.errors] == [(1, "missing")]
    assert of(steps[1].events, Chat) == [Chat("still here")]


def test_the_state_answers_pieces_at_a_location_and_turn_levels() -> None:
    replay = Replay(read_game(LOGS / "mixed.vlog"), ACTIONS)
    replay.run()
    assert [p.name for p in replay.state.pieces_at("Main Map", "0302")] == ["Red Infantry"]
    assert replay.state.turn_levels() == {"Game Turn": {"Turn": "1", "Phase": "Combat"}}


def test_replaying_again_starts_again_from_the_restore(tmp_path: Path) -> None:
    replay = Replay(read_game(LOGS / "basic.vlog"), read_module(ORACLE_FIXTURES / "oracle-test.vmod"))
    first = [len(s.events) for s in replay.steps()]
    assert [len(s.events) for s in replay.steps()] == first
