"""``vmodgen replay`` / ``check`` and the reader on hostile files: special files, directories,
out-of-range numbers, a path in a log's Game property, an internal error. Each ends in one
line on stderr and exit status 2, or in damage listed, never in a hang or a traceback."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from vmodgen.cli import main
from vmodgen.engine.check.runner import UnknownGame, game_data, game_id_of
from vmodgen.engine.grids.board import Board, MapBoards, PlacedBoard
from vmodgen.engine.grids.hexgrid import HexGrid
from vmodgen.engine.grids.square import SquareGrid
from vmodgen.engine.vassal.commands import MalformedCommand, decode_leaf, java_int
from vmodgen.engine.vassal.savefile import parse_game_text
from tests.replay.cases import ORACLE_FIXTURES, REPO

MODULE = ORACLE_FIXTURES / "oracle-test.vmod"
LOG = REPO / "tests" / "data" / "logs" / "basic.vlog"


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def assert_one_line(result, *expected: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("vmodgen: "), result.output
    for text in expected:
        assert text in lines[0], lines[0]


@pytest.mark.parametrize("command", ["replay", "check"])
def test_a_fifo_given_as_a_log_is_refused_without_waiting(tmp_path: Path, command: str, alarm) -> None:
    fifo = tmp_path / "game.vlog"
    os.mkfifo(fifo)
    assert_one_line(run(command, fifo, "--module", MODULE), str(fifo), "not a regular file (a pipe (FIFO))")


def test_dev_zero_given_as_a_log_is_refused_without_reading_it(alarm) -> None:
    assert_one_line(run("replay", "/dev/zero", "--module", MODULE), "/dev/zero: not a regular file")


def test_a_fifo_given_as_a_module_is_refused_without_waiting(tmp_path: Path, alarm) -> None:
    fifo = tmp_path / "m.vmod"
    os.mkfifo(fifo)
    assert_one_line(run("replay", LOG, "--module", fifo), str(fifo), "not a regular file")


@pytest.mark.parametrize("command", ["replay", "check"])
@pytest.mark.parametrize("which", ["log", "module"])
def test_a_directory_given_as_a_log_or_module_is_one_line_not_a_usage_block(
        tmp_path: Path, command: str, which: str) -> None:
    log, module = (tmp_path, MODULE) if which == "log" else (LOG, tmp_path)
    # check takes a folder of logs (a tournament): an empty one is one line too
    problem = "holds no .vlog or .vsav file" if (command, which) == ("check", "log") else "not a regular file (a directory)"
    assert_one_line(run(command, log, "--module", module), str(tmp_path), problem)


def test_an_unexpected_exception_is_reported_as_an_internal_error_with_a_bug_hint(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import vmodgen.commands.replay as replay_command

    def broken(*_: object) -> None:
        raise KeyError("boom")
    monkeypatch.setattr(replay_command, "read_game", broken)
    result = run("replay", LOG, "--module", MODULE)
    assert_one_line(result, "internal error (KeyError: 'boom')", "bug")


def test_a_usage_mistake_is_one_line_too() -> None:
    assert_one_line(run("replay", LOG), "Missing option '--module'")


def test_digit_runs_beyond_pythons_int_limit_are_not_java_ints() -> None:
    assert java_int("9" * 5000) is None and java_int("-" + "1" * 5000) is None
    assert java_int("0" * 5000 + "42") == 42


def test_a_move_with_a_5000_digit_coordinate_is_damage_not_a_traceback() -> None:
    game = parse_game_text("begin_save\x1bend_save\x1bLOG\tM/1/Main Map/" + "9" * 5000 + "/2/null/Main Map/3/4/null/")
    assert [e.kind for e in game.errors] == ["malformed"]


def test_a_board_at_column_2_to_the_31_is_damage_and_laying_it_out_does_not_hang(alarm) -> None:
    assert isinstance(decode_leaf("Main MapBoardPicker\tBoard\t2147483647\t0"), MalformedCommand)
    far = MapBoards([PlacedBoard(Board("A", 100, 100), 0, 0), PlacedBoard(Board("B", 100, 100), 2 ** 31 - 1, 0)])
    assert [(b.x, b.y) for b in far.boards] == [(0, 0), (100, 0)]


@pytest.mark.parametrize("spacing", ["0", "nan", "inf", "-43", "1e-300", "1e308"])
@pytest.mark.parametrize("grid", [HexGrid, SquareGrid])
def test_a_grid_spacing_of_zero_nan_or_infinity_is_refused(grid: type, spacing: str) -> None:
    with pytest.raises(ValueError, match="not a spacing"):
        grid.from_attributes({"dx": spacing}, None, (100, 100))


def test_a_log_whose_game_property_is_a_path_reads_nothing_outside_games_dir(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copytree(REPO / "games" / "kiev", tmp_path / "kiev")   # beside games-dir, not in it
    for name in ("../kiev", str(tmp_path / "kiev")):
        piece = SimpleNamespace(properties={"Game": name})
        replay = SimpleNamespace(state=SimpleNamespace(pieces=lambda piece=piece: [piece]))
        with pytest.raises(UnknownGame, match="not a game id"):
            game_id_of([replay])
    # a game id given directly never leaves --games-dir either
    with pytest.raises(UnknownGame, match="no game data"):
        game_data("kiev", MODULE, games)
