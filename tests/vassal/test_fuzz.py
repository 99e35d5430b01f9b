"""Fuzzing the decoder and the replay: any text either decodes (damage reported) or is refused
with a ReadError; nothing else escapes, and decoded trees re-encode stably."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vmodgen.engine.replay import Replay
from vmodgen.engine.vassal.errors import ReadError
from vmodgen.engine.vassal.module import read_module
from vmodgen.engine.vassal.obfuscation import ObfuscationError, deobfuscate
from vmodgen.engine.vassal.savefile import SavedGame, parse_game_text
from vmodgen.engine.vassal.tree import decode_tree, encode_tree
from tests.replay.cases import ORACLE_FIXTURES

ESC = "\x1b"
PIECES = ["LOG\t", "begin_save", "end_save", "+/", "-/", "D/", "M/", "CHAT", "TURNTurnTracker0\t", "UNDO\t",
          "MutableProperty\t", "GlobalProperty\t;", "PLAYER\t", "Main MapBoardPicker\t", "SETUP_STACK\t",
          "stack/", "piece;;;a.png;A/", "emb2;", "mark;", "null", "Main Map", "Dead Pile", "1", "2", "25", "-3",
          "/", ";", "\t", ",", "\\", "'", ESC, "@@1", "x", "é", "\x00"]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=60).map("".join)
# Without raw backslashes no value can end in one, the SequenceEncoder case that cannot round-trip.
PLAIN_TEXTS = st.lists(st.sampled_from([p for p in PIECES if p != "\\"]), max_size=60).map("".join)
MODULE = read_module(ORACLE_FIXTURES / "oracle-test-actions.vmod")
SETTINGS = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(TEXTS)
def test_any_text_decodes_or_is_refused_with_a_read_error(text: str) -> None:
    try:
        game = parse_game_text(text)
        steps = list(game.steps)    # steps are decoded as they are read: so is their damage
    except ReadError:
        return
    assert isinstance(game, SavedGame) and len(steps) == len(game.steps)


@SETTINGS
@given(PLAIN_TEXTS)
def test_a_decoded_tree_encodes_to_a_text_that_decodes_to_the_same_tree(text: str) -> None:
    once = encode_tree(decode_tree(text))
    assert decode_tree(once) == decode_tree(encode_tree(decode_tree(once)))
    assert encode_tree(decode_tree(once)) == once


@SETTINGS
@given(st.binary(max_size=80))
def test_random_bytes_after_the_header_deobfuscate_or_fail_cleanly(body: bytes) -> None:
    try:
        deobfuscate(b"!VCSK" + body)
    except ObfuscationError:
        pass


def _command(draw) -> str:
    ids = st.sampled_from(["1", "2", "3", "s1", "s2", "nope"])
    maps = st.sampled_from(["Main Map", "Dead Pile", "Nowhere", "null"])
    coordinate = st.integers(-50, 400).map(str)
    kind = draw(st.sampled_from(["add", "stack", "move", "change", "remove", "boards", "turn"]))
    if kind == "add":
        return f"+/{draw(ids)}/piece;;;a.png;A/{draw(maps)};{draw(coordinate)};{draw(coordinate)};1;0"
    if kind == "stack":
        return f"+/{draw(ids)}/stack/{draw(maps)};{draw(coordinate)};{draw(coordinate)};{draw(ids)};{draw(ids)};@@1"
    if kind == "move":
        return (f"M/{draw(ids)}/{draw(maps)}/{draw(coordinate)}/{draw(coordinate)}/{draw(ids)}/"
                f"{draw(maps)}/{draw(coordinate)}/{draw(coordinate)}/{draw(ids)}/")
    if kind == "change":
        return f"D/{draw(ids)}/{draw(maps)};{draw(coordinate)};{draw(coordinate)};1;0"
    if kind == "remove":
        return f"-/{draw(ids)}"
    if kind == "boards":
        return f"Main MapBoardPicker\tBoard\t{draw(st.integers(0, 2))}\t0"
    return "TURNTurnTracker0\t" + draw(st.sampled_from(["0|1;0;false;-1;1\\;0\\;0\\;true,true", "", "x|y"]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_piece_commands_replay_without_crashing(data) -> None:
    commands = [data.draw(st.composite(lambda draw: _command(draw))()) for _ in range(data.draw(st.integers(1, 25)))]
    text = ESC.join(["begin_save", "end_save"] + ["LOG\t" + command for command in commands])
    replay = Replay(parse_game_text(text), MODULE)
    steps = replay.run()
    assert len(steps) == len(commands)
    for piece in replay.state.pieces():
        assert piece.location is None or isinstance(piece.location, str)

