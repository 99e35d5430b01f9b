"""``vmodgen build`` on broken data: one line per problem, exit status 2, nothing written."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

MINI = Path(__file__).resolve().parent.parent / "data" / "games" / "mini"


@pytest.fixture()
def games(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    shutil.copytree(MINI, folder / "mini")
    return folder


def run_build(games: Path, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vmodgen.cli", "build", *args,
                           "--games-dir", str(games), "--out", str(out)],
                          capture_output=True, text=True, timeout=300)


def break_file(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("file, old, new, message", [
    ("units.csv", ",notes\n", "\n", "units.csv:1: notes: missing column"),
    ("units.csv", ",0203,front", ",02x3,front", "units.csv:3: setup: '02x3' is not a 4-digit hex number"),
    ("units.csv", "red-xx-1,Red,rifle", "red-xx-1,Red,rilfe", "units.csv:2: type: unknown unit type 'rilfe'"),
    ("units.csv", "red-xx-2,Red", "red-xx-1,Red", "units.csv:4: id: duplicate id 'red-xx-1' (first on line 2)"),
])
def test_broken_data_exits_2_with_file_line_field_and_no_traceback(
        games: Path, tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    break_file(games / "mini" / file, old, new)
    out = tmp_path / "out"
    done = run_build(games, out, "mini")
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert not out.exists() or not any(out.iterdir())


def test_unknown_game_exits_2(games: Path, tmp_path: Path) -> None:
    done = run_build(games, tmp_path / "out", "nosuchgame")
    assert done.returncode == 2
    assert "no game data here" in done.stderr


def test_a_game_named_by_the_path_of_its_folder_builds(games: Path, tmp_path: Path) -> None:
    # "vmodgen build games/kiev" as well as "vmodgen build kiev" (before: "games/games/kiev: no game data")
    out = tmp_path / "out"
    done = run_build(tmp_path / "elsewhere", out, str(games / "mini"))
    assert done.returncode == 0, done.stderr
    assert (out / "mini.vmod").is_file()


def test_no_game_named_is_a_usage_error(games: Path, tmp_path: Path) -> None:
    done = run_build(games, tmp_path / "out")
    assert done.returncode == 2
    assert "name a game" in done.stderr
