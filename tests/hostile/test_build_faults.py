"""``vmodgen build`` on hostile or careless data and output folders: one line per problem
(``file:line: field: problem``), exit status 2, nothing written outside ``--out``, no traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.cli import main

MINI = Path(__file__).resolve().parents[1] / "data" / "games" / "mini"


@pytest.fixture()
def games(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    shutil.copytree(MINI, folder / "mini")
    return folder


def build(games: Path, out: Path, *names: str):
    return CliRunner().invoke(main, ["build", *(names or ("mini",)), "--games-dir", str(games), "--out", str(out)])


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def assert_refused(result, *expected: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.splitlines()
    assert lines and all(line.startswith("vmodgen: ") for line in lines), result.output
    for text in expected:
        assert text in result.output, result.output


@pytest.mark.parametrize("game_id", ["../escaped", "{tmp}/absolute", "Mini", "a/b", ""])
def test_a_game_id_that_is_not_a_slug_is_a_data_error_and_nothing_is_written(
        games: Path, tmp_path: Path, game_id: str) -> None:
    game_id = game_id.format(tmp=tmp_path)
    edit(games / "mini" / "game.toml", 'id = "mini"', f'id = "{game_id}"')
    result = build(games, tmp_path / "out")
    if game_id:
        assert_refused(result, "game.toml:2: id:")
    else:
        assert_refused(result, "game.toml:2: id: missing")
    assert not (tmp_path / "escaped.vmod").exists() and not (tmp_path / "absolute.vmod").exists()
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


@pytest.mark.parametrize("old, new, where", [
    ('[[sides]]\nname = "Red"', 'sides = "Red"\n[[nothing]]\nname = "Red"', "game.toml"),
    ('turns = { value = 3', 'turns = { value = "three"', "game.toml:5: turns"),
    ('title = "Mini: a test fixture"', "title = 12", "game.toml:3: title"),
    ('id = "mini"', 'id = ["mini"]', "game.toml:2: id"),
])
def test_toml_values_of_the_wrong_type_are_data_errors(games: Path, tmp_path: Path, old: str, new: str,
                                                        where: str) -> None:
    edit(games / "mini" / "game.toml", old, new)
    assert_refused(build(games, tmp_path / "out"), where)


@pytest.mark.parametrize("old, new, where", [
    ("hex_height = 80", "hex_height = true", "grid.toml:12: art"),
    ("hex_height = 80", "hex_height = 4000000", "grid.toml:12: art"),
    ("margin = 40", "margin = 99999999", "grid.toml:12: art"),
    ("last_col = 6", "last_col = 2147483647", "grid.toml:5: last_col"),
    ("col_digits = 2", "col_digits = 5000", "grid.toml:8: col_digits"),
    ("[art]", "art = 5\n[other]", "grid.toml"),
])
def test_map_values_that_would_size_a_huge_loop_or_image_are_data_errors(
        games: Path, tmp_path: Path, old: str, new: str, where: str) -> None:
    edit(games / "mini" / "map" / "grid.toml", old, new)
    assert_refused(build(games, tmp_path / "out"), where)


def test_control_characters_in_a_name_are_refused_at_load_with_file_line_field(games: Path, tmp_path: Path) -> None:
    edit(games / "mini" / "units.csv", "1 Rifle Div", "1 Rifle\x07Div")
    edit(games / "mini" / "game.toml", 'name = "Red"', 'name = "R\\u0001ed"')
    result = build(games, tmp_path / "out")
    assert_refused(result, "units.csv:2: name: holds control characters (\\x07)",
                   "game.toml:10: sides.name: holds control characters (\\x01)")


def test_a_csv_field_over_the_csv_modules_limit_is_a_data_error(games: Path, tmp_path: Path) -> None:
    edit(games / "mini" / "units.csv", "1 Rifle Div", "x" * 200_000)
    assert_refused(build(games, tmp_path / "out"), "units.csv:2: the line is longer than")


def test_a_data_file_that_is_a_fifo_is_refused_without_waiting(games: Path, tmp_path: Path, alarm) -> None:
    victory = games / "mini" / "victory.toml"
    victory.unlink()
    import os
    os.mkfifo(victory)
    assert_refused(build(games, tmp_path / "out"), "victory.toml: not a regular file (a pipe (FIFO))")


@pytest.mark.parametrize("kind", ["file", "under-a-file", "device"])
def test_an_output_folder_that_cannot_take_the_module_is_refused_before_building(
        games: Path, tmp_path: Path, kind: str) -> None:
    plain = tmp_path / "plain"
    plain.write_text("x")
    out = {"file": plain, "under-a-file": plain / "sub", "device": Path("/dev/null")}[kind]
    result = build(games, out)
    assert_refused(result, "not a directory", "no module written")
    assert len(result.output.splitlines()) == 1


def test_a_killed_builds_part_file_is_removed_by_the_next_build(games: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    stale = out / ".mini.vmod.k1ll3d.part"
    stale.write_bytes(b"half a module")
    other = out / ".other.vmod.abc.part"
    other.write_bytes(b"another module's")
    result = build(games, out)
    assert result.exit_code == 0, result.output
    assert not stale.exists() and other.exists() and (out / "mini.vmod").is_file()
    assert sorted(p.name for p in out.iterdir()) == [".other.vmod.abc.part", "mini.vmod"]
