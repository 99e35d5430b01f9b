"""Reading saves and logs: steps as the engine counts them, metadata, damage reported, hostile files refused."""

from __future__ import annotations

import tracemalloc
import zipfile
from pathlib import Path

import pytest

from vmodgen.engine.vassal.commands import Chat, MovePiece
from vmodgen.engine.vassal.errors import ReadError
from vmodgen.engine.vassal.obfuscation import obfuscate
from vmodgen.engine.vassal.savefile import parse_game_text, read_game
from tests.replay.cases import ENGINE_LOGS, LOGS, TOUR_LOG

ESC = "\x1b"
MINIMAL = "begin_save" + ESC + "end_save" + ESC + "LOG\tCHAT hello"


def write_zip(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return path


@pytest.mark.parametrize("case", ENGINE_LOGS + [TOUR_LOG], ids=lambda c: c.id)
def test_step_count_and_kind_are_the_engines(case) -> None:
    game = read_game(case.require().log)
    engine = case.engine()
    assert (game.kind, len(game.steps)) == (engine["kind"], engine["steps"])


def test_tour_log_is_a_plain_text_log_in_a_zip() -> None:
    game = read_game(TOUR_LOG.log)
    assert (game.zipped, game.obfuscated, game.kind, len(game.steps)) == (True, False, "log", 114)


def test_engine_logs_are_obfuscated_and_carry_module_metadata() -> None:
    game = read_game(LOGS / "basic.vlog")
    assert game.obfuscated
    assert (game.metadata.module_name, game.metadata.module_version) == ("Oracle Test", "1.0")


def test_a_step_lists_its_commands_in_execution_order() -> None:
    game = read_game(LOGS / "basic.vlog")
    assert [type(c) for c in game.steps[1].commands] == [MovePiece, Chat]


def test_a_pre_zip_plain_save_is_read_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "old.sav"
    path.write_bytes(obfuscate(MINIMAL.encode()))
    game = read_game(path)
    assert (game.zipped, len(game.steps)) == (False, 1)


def test_an_unknown_command_is_reported_with_its_step_and_reading_goes_on(tmp_path: Path) -> None:
    text = MINIMAL + ESC + "LOG\tFROB\tzz" + "\\" + ESC + "LOG\tCHAT after"
    game = read_game(write_zip(tmp_path / "g.vlog", {"savedGame": obfuscate(text.encode())}))
    assert len(game.steps) == 2
    assert [(e.step, e.kind) for e in game.errors] == [(2, "unknown")]


def test_a_malformed_move_is_reported_as_malformed(tmp_path: Path) -> None:
    text = MINIMAL + ESC + "LOG\tM/1/Main Map/x/2/null/Main Map/3/4/null/"
    game = read_game(write_zip(tmp_path / "g.vlog", {"savedGame": text.encode()}))
    assert [e.kind for e in game.errors] == ["malformed"]


@pytest.mark.parametrize(("entries", "problem"), [
    ({"savedGame": obfuscate(MINIMAL.encode())[:-1]}, "truncated"),
    ({"savedGame": b"!VCSK00zz"}, "non-hex"),
    ({"savedGame": b"begin_save\x1b\xff\xfe"}, "not UTF-8"),
    ({"../evil": b"x", "savedGame": MINIMAL.encode()}, "leaves the archive"),
    ({"buildFile.xml": b"<x/>"}, "a module, not a save"),
    ({"savedGame": b"x" * 1000}, "no command in it decodes"),
    ({"savedGame": ("'" * 5000 + "x" + "'" * 5000).encode()}, "nested"),
])
def test_a_hostile_or_broken_file_is_a_one_line_read_error(tmp_path: Path, entries, problem: str) -> None:
    path = write_zip(tmp_path / "bad.vlog", entries)
    with pytest.raises(ReadError, match=problem) as caught:
        read_game(path)
    assert str(caught.value).startswith(str(path)) and "\n" not in str(caught.value)


def test_a_zip_bomb_stops_at_the_byte_budget(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("vmodgen.engine.vassal.savefile.MAX_SAVED_GAME", 1000)
    path = write_zip(tmp_path / "bomb.vlog", {"savedGame": b"0" * 100_000})
    with pytest.raises(ReadError, match="zip bomb"):
        read_game(path)


def test_a_file_that_is_not_there_is_a_read_error(tmp_path: Path) -> None:
    with pytest.raises(ReadError, match="cannot read"):
        read_game(tmp_path / "missing.vlog")


# -- steps decoded as they are read (issue 8: memory per step bounded) ------------------------------

def chat_log(count: int) -> str:
    return ESC.join(["begin_save", "end_save", *(f"LOG\tCHAT<Ivan> - line {n} about the weather" for n in range(count))])


def test_a_long_log_is_replayed_without_holding_its_decoded_steps() -> None:
    game = parse_game_text(chat_log(20_000))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        count = sum(1 for _ in game.steps)
        streamed = tracemalloc.get_traced_memory()[1] - before
        tracemalloc.reset_peak()
        held = list(game.steps)
        whole = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    # a machine integer a step (where its entry is) against the hundreds of bytes of a decoded step
    assert count == len(held) == 20_000
    assert streamed < 12 * count and whole > 200 * count


def test_a_steps_damage_is_known_before_the_step_before_it_is_handed_out() -> None:
    text = ESC.join(["begin_save", "end_save", "LOG\tCHAT one", "LOG\tFROB\tx", "LOG\tCHAT two", "LOG\tFROB\ty"])
    game = parse_game_text(text)
    seen = []
    for step in game.steps:
        seen.append((step.index, [e.step for e in game.damage]))
    assert seen == [(1, [1]), (2, [1, 2])]
    assert [e.kind for e in game.errors] == ["unknown", "unknown"]


def test_the_steps_read_again_are_the_same_and_their_damage_is_listed_once() -> None:
    game = parse_game_text(ESC.join(["begin_save", "end_save", "LOG\tCHAT one", "LOG\tFROB\tx", "LOG\tCHAT two"]))
    first, second = list(game.steps), list(game.steps)
    assert first == second and game.steps[1] == first[1] and len(game.steps) == 2
    assert len(game.errors) == 1


def test_a_step_nested_too_deeply_is_refused_when_it_is_reached(tmp_path: Path) -> None:
    deep = "LOG\t" * 300 + "CHAT x"
    path = write_zip(tmp_path / "deep.vlog", {"savedGame": (MINIMAL + ESC + deep).encode()})
    game = read_game(path)
    with pytest.raises(ReadError, match="nested more than") as caught:
        list(game.steps)
    assert str(caught.value).startswith(str(path))
