"""The command tree: nesting by escaping, LOG entries, and decode -> encode giving the same text."""

from __future__ import annotations

import re
import zipfile

import pytest

from vmodgen.engine.vassal.commands import (AddPiece, Chat, LogEntry, MovePiece, NullCommand, SetupCommand,
                                    UnknownCommand)
from vmodgen.engine.vassal.archive import looks_like_zip
from vmodgen.engine.vassal.obfuscation import deobfuscate
from vmodgen.engine.vassal.passwords import conceal
from vmodgen.engine.vassal.savefile import read_game
from vmodgen.engine.vassal.tree import MAX_DEPTH, Compound, NestingTooDeep, decode_tree, encode_tree, leaves
from tests.replay.cases import ALL_LOGS

ESC = "\x1b"


@pytest.mark.parametrize("case", ALL_LOGS, ids=lambda c: c.id)
def test_decoding_then_encoding_a_log_gives_back_its_text(case) -> None:
    game = read_game(case.require().log)
    assert encode_tree(game.root) == conceal_passwords(raw_text(case.log))


def raw_text(path) -> str:
    """The savedGame text as the file holds it (zipped and obfuscated, or plain)."""
    data = path.read_bytes()
    if looks_like_zip(data[:4]):
        with zipfile.ZipFile(path) as archive:
            data = archive.read("savedGame")
    return deobfuscate(data).decode("utf-8")


def conceal_passwords(text: str) -> str:
    """The text with each roster password and mover's password replaced as the reader replaces them."""
    text = re.sub(r"(PLAYER\t)([^\t\\\x1b]+)", lambda m: m.group(1) + conceal(m.group(2)), text)
    return re.sub(r"(M/(?:[^/\x1b]*/){9})([^/\\\x1b]+)", lambda m: m.group(1) + conceal(m.group(2)), text)


def test_a_command_with_sub_commands_nests_them_one_escape_deeper() -> None:
    text = "LOG\t" + ESC + "LOG\tCHAT* moved *" + "\\" + ESC + "LOG\tnull"
    tree = decode_tree(text)
    assert isinstance(tree, Compound)
    assert [type(p) for p in tree.parts] == [LogEntry, Compound]
    assert encode_tree(tree) == text


def test_splitting_on_every_esc_would_lose_a_step_the_tree_keeps() -> None:
    step = "LOG\tM/1/Main Map/1/2/null/Main Map/3/4/null/" + "\\" + ESC + "LOG\tCHAT x"
    tree = decode_tree("begin_save" + ESC + "end_save" + ESC + step)
    assert len(tree.parts) == 3
    assert [type(c) for c in leaves(tree.parts[2])] == [MovePiece, Chat]


def test_log_null_entries_are_kept_in_the_tree_and_skipped_by_leaves() -> None:
    tree = decode_tree("LOG\t" + ESC + "LOG\tnull" + ESC + "LOG\tCHAT hi")
    assert [type(c) for c in leaves(tree)] == [Chat]
    assert isinstance(tree.parts[1], LogEntry) and tree.parts[1].is_null


def test_the_empty_command_is_the_null_command() -> None:
    assert isinstance(decode_tree(""), NullCommand)


def test_an_unknown_leaf_is_kept_with_its_text() -> None:
    tree = decode_tree("begin_save" + ESC + "FROB\tx")
    assert isinstance(tree.parts[1], UnknownCommand)
    assert encode_tree(tree) == "begin_save" + ESC + "FROB\tx"


def test_quoting_nests_like_escaping_and_deep_nesting_is_refused() -> None:
    assert isinstance(decode_tree("'begin_save'"), Compound)
    with pytest.raises(NestingTooDeep):
        decode_tree("'" * (MAX_DEPTH + 5) + "x" + "'" * (MAX_DEPTH + 5))


def test_add_piece_fields_are_id_type_and_state() -> None:
    tree = decode_tree("+/12/mark;Kind\tpiece;;;a.png;A/x\tnull;0;0;1;0")
    assert tree == AddPiece("12", "mark;Kind\tpiece;;;a.png;A", "x\tnull;0;0;1;0")


def test_setup_brackets_decode_as_setup_commands() -> None:
    tree = decode_tree("begin_save" + ESC + "end_save")
    assert tree.parts == [SetupCommand(False), SetupCommand(True)]
