"""Each command kind decodes into its fields and encodes back to the engine's text."""

from __future__ import annotations

import pytest

from vmodgen.engine.vassal.commands import (AddPlayer, BoardPlacement, ChangePiece, ChangeProperty, Chat,
                                    MalformedCommand, MovePiece, OtherCommand, RemovePiece, SetBoards,
                                    SetGlobalProperty, SetTurn, SetupStackMarker, UndoMarker, decode_leaf,
                                    java_int)
from vmodgen.engine.vassal.passwords import conceal

ENGINE_TEXTS = [
    "M/1/Dead Pile/100/75/null/Main Map/111/75/null/",
    "D/5/new\tstate/old\tstate",
    "D/5/new",
    "-/77",
    "CHAT* Blue Armor moves 0101 &rarr; 0302 *",
    "TURNTurnTracker0\t0|1;0;false;-1;1\\;0\\;0\\;true,true",
    "MutableProperty\tWeather\tClear\tSnow\tModule",
    "MutableProperty\tWeather\tClear\tSnow",
    "GlobalProperty\t;Weather;Clear;Module",
    "Main MapBoardPicker\tBoard\t0\t0\tSecond/rev\t1\t0",
    "SETUP_STACK\t",
    "UNDO\ttrue",
    "NOTES\tsome notes",
]


@pytest.mark.parametrize("text", ENGINE_TEXTS)
def test_a_command_encodes_back_to_its_text(text: str) -> None:
    assert decode_leaf(text).encode() == text


def test_move_piece_fields_follow_the_engine_order() -> None:
    move = decode_leaf("M/1/Main Map/111/75/2/Dead Pile/25/26/3/pw")
    assert move == MovePiece("1", "Main Map", 111, 75, "2", "Dead Pile", 25, 26, "3", conceal("pw"))


@pytest.mark.parametrize("text", ["M/1/Main Map/111/75/2/Main Map/25/25/null/secret", "PLAYER\tsecret\tAlice\tBlue"])
def test_a_command_with_a_password_encodes_with_its_token_instead(text: str) -> None:
    encoded = decode_leaf(text).encode()
    assert encoded == text.replace("secret", conceal("secret"))
    assert decode_leaf(encoded) == decode_leaf(text)


@pytest.mark.parametrize("text", ["M/1/Main Map/x/75/2/Main Map/25/25/null/hunter2", "PLAYER\thunter2\tAlice"])
def test_a_malformed_command_keeps_no_password_in_its_text(text: str) -> None:
    command = decode_leaf(text)
    assert isinstance(command, MalformedCommand)
    assert "hunter2" not in command.text and conceal("hunter2") in command.text


def test_the_player_password_of_a_move_is_not_in_its_repr() -> None:
    assert "hunter2" not in repr(decode_leaf("M/1/Main Map/1/2/null/Main Map/3/4/null/hunter2"))
    assert "hunter2" not in repr(decode_leaf("PLAYER\thunter2\tAlice\tBlue"))


def test_a_move_with_a_non_numeric_coordinate_is_malformed_not_fatal() -> None:
    command = decode_leaf("M/1/Main Map/1x/2/null/Main Map/3/4/null/")
    assert isinstance(command, MalformedCommand) and "integer" in command.problem


def test_java_int_rejects_what_integer_parse_int_rejects() -> None:
    assert [java_int(t) for t in ("12", "-3", "+4", " 5", "1_0", "2147483648", "")] == [12, -3, 4, None, None, None, None]


def test_kinds_of_commands() -> None:
    assert decode_leaf("-/9") == RemovePiece("9")
    assert decode_leaf("D/9/a") == ChangePiece("9", "a", None)
    assert decode_leaf("CHAT&lt;Bob&gt; - hi") == Chat("&lt;Bob&gt; - hi")
    assert decode_leaf("TURNTurnTracker1\tx") == SetTurn("TurnTracker1", "x")
    assert decode_leaf("MutableProperty\t1d6_result\t1\t6\tModule") == ChangeProperty("1d6_result", "1", "6", "Module")
    assert decode_leaf("GlobalProperty\t;VP;3;Main Map") == SetGlobalProperty("VP", "3", "Main Map")
    assert decode_leaf("PLAYER\tpw\tAlice\tBlue") == AddPlayer(conceal("pw"), "Alice", "Blue")
    assert decode_leaf("SETUP_STACK\t") == SetupStackMarker()
    assert decode_leaf("UNDO\tfalse") == UndoMarker("false")
    assert isinstance(decode_leaf("NOTES\tx"), OtherCommand)


def test_board_picker_lists_each_board_with_reversal_and_cell() -> None:
    command = decode_leaf("Main MapBoardPicker\tBoard\t0\t0\tSecond/rev\t1\t0")
    assert command == SetBoards("Main Map", [BoardPlacement("Board", False, 0, 0),
                                             BoardPlacement("Second", True, 1, 0)])
