"""A module built by vmodgen carries its game's data, so checking needs the module alone;
``--games-dir`` overrides it and says so when the two differ."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.check.conftest import KIEV_LOGS, REPO
from vmodgen.engine.check.game_data import FOLDER, data_files, load_embedded, manifest
from vmodgen.engine.check.runner import UnknownGame, check_logs


def test_the_module_carries_every_data_file_and_their_manifest(kiev_module: Path) -> None:
    files = data_files(REPO / "games" / "kiev")
    with zipfile.ZipFile(kiev_module) as archive:
        for name, data in files.items():
            assert archive.read(f"{FOLDER}/kiev/{name}") == data
        assert archive.read(f"{FOLDER}/kiev.sha256").decode() == manifest(files)
        assert not any(n.startswith(f"{FOLDER}/kiev/sources/") for n in archive.namelist())
    line = manifest(files).splitlines()[0]
    digest, name = line.split("  ")
    assert digest == hashlib.sha256(files[name]).hexdigest()


def test_the_game_loaded_from_the_module_is_the_folders_game(kiev_module: Path) -> None:
    embedded = load_embedded(kiev_module, "kiev")
    assert embedded is not None
    assert embedded.game.id == "kiev" and len(embedded.game.counters) == 200
    assert load_embedded(kiev_module, "rostov") is None


def test_a_check_needs_no_games_folder(kiev_module: Path) -> None:
    report = check_logs([str(KIEV_LOGS / "german-rail.vlog")], str(kiev_module))
    assert [(f.unit, f.rule) for f in report.findings] == [("ger-xx-125", "AGS 5.11")]


def test_games_dir_overrides_and_says_which_files_differ(kiev_module: Path, tmp_path: Path) -> None:
    games = tmp_path / "games"
    shutil.copytree(REPO / "games" / "kiev", games / "kiev")
    heard: list[str] = []
    check_logs([KIEV_LOGS / "rail-move.vlog"], kiev_module, games, notice=heard.append)
    assert heard == []
    victory = games / "kiev" / "victory.toml"
    victory.write_text(victory.read_text() + "\n# a maintainer's local edit\n")
    check_logs([KIEV_LOGS / "rail-move.vlog"], kiev_module, games, notice=heard.append)
    assert heard == [f"{games / 'kiev'} differs from the game data inside kiev.vmod (victory.toml); "
                     f"checking with {games / 'kiev'}"]


def test_a_module_without_game_data_asks_for_a_games_folder(tmp_path: Path, kiev_module: Path) -> None:
    stripped = tmp_path / "old.vmod"
    with zipfile.ZipFile(kiev_module) as source, zipfile.ZipFile(stripped, "w") as target:
        for info in source.infolist():
            if not info.filename.startswith(FOLDER):
                target.writestr(info, source.read(info))
    with pytest.raises(UnknownGame, match="carries no data for the game 'kiev'.*give --games-dir"):
        check_logs([KIEV_LOGS / "rail-move.vlog"], stripped)
    assert check_logs([KIEV_LOGS / "rail-move.vlog"], stripped, REPO / "games").findings == []


def test_cli_checks_from_another_directory_and_notes_an_override_on_stderr(kiev_module: Path, tmp_path: Path) -> None:
    games = tmp_path / "games"
    shutil.copytree(REPO / "games" / "kiev", games / "kiev")
    (games / "kiev" / "victory.toml").write_text((games / "kiev" / "victory.toml").read_text() + "\n#\n")
    log = str(KIEV_LOGS / "german-rail.vlog")
    plain = subprocess.run([sys.executable, "-m", "vmodgen.cli", "check", log, "--module", str(kiev_module)],
                           cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert plain.returncode == 1 and plain.stderr == "" and "AGS 5.11" in plain.stdout
    override = subprocess.run([sys.executable, "-m", "vmodgen.cli", "check", log, "--module", str(kiev_module),
                               "--games-dir", "games"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert override.returncode == 1
    assert override.stderr.splitlines() == [
        "vmodgen: games/kiev differs from the game data inside kiev.vmod (victory.toml); checking with games/kiev"]
