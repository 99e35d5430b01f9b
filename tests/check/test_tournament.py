"""A tournament in one call: files sorted into games by where each starts and ends, every game
checked, files of another module set aside, the exit status the worst game's."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.check.conftest import KIEV_LOGS, OTHER_MODULE_LOG, SAVES
from vmodgen.engine.check import summary
from vmodgen.engine.check.seams import Position
from vmodgen.engine.check.tournament import Surveyed, Tournament, check_tournament, expand, group


def at(turn: int, *units: tuple[str, str]) -> Position:
    return Position(str(turn), "Movement", tuple(sorted(((name, f"Map:{hex_}"), 1) for name, hex_ in units)))


OPENING = at(1, ("17 Pz", "0101"), ("5 Rifle", "0909"))


def played(name: str, start: Position, end: Position) -> Surveyed:
    return Surveyed(name, "kiev", start, end, 10 if start != end else 0, ())


def names(plans: list) -> list[list[str]]:
    return [[f.file for f in plan.files] for plan in plans]


def test_games_beginning_at_the_same_opening_stay_apart() -> None:
    a1 = played("a1.vlog", OPENING, at(2, ("17 Pz", "0202"), ("5 Rifle", "0909")))
    b1 = played("b1.vlog", OPENING, at(2, ("17 Pz", "0303"), ("5 Rifle", "0909")))
    a2 = played("a2.vlog", a1.end, at(3, ("17 Pz", "0204"), ("5 Rifle", "0909")))
    plans, unplaced = group([a2, b1, a1])
    assert names(plans) == [["a1.vlog", "a2.vlog"], ["b1.vlog"]]
    assert unplaced == [] and all(not p.error for p in plans)


def test_a_save_joins_the_game_passing_through_its_position() -> None:
    a1 = played("a1.vlog", OPENING, at(2, ("17 Pz", "0202")))
    save = played("a-mid.vsav", a1.end, a1.end)
    a2 = played("a2.vlog", a1.end, at(3, ("17 Pz", "0204")))
    b1 = played("b1.vlog", OPENING, at(2, ("17 Pz", "0303")))
    plans, _ = group([a2, save, b1, a1])
    assert names(plans) == [["a1.vlog", "a-mid.vsav", "a2.vlog"], ["b1.vlog"]]


def test_a_save_of_the_opening_shared_by_several_games_is_not_placed() -> None:
    a1 = played("a1.vlog", OPENING, at(2, ("17 Pz", "0202")))
    b1 = played("b1.vlog", OPENING, at(2, ("17 Pz", "0303")))
    plans, unplaced = group([a1, b1, played("new.vsav", OPENING, OPENING)])
    assert names(plans) == [["a1.vlog"], ["b1.vlog"]]
    assert [u.file for u in unplaced] == ["new.vsav"]
    assert "where several games begin (a1.vlog, b1.vlog)" in unplaced[0].reason


def test_two_files_continuing_one_file_make_a_game_that_names_the_restart() -> None:
    a1 = played("a1.vlog", OPENING, at(2, ("17 Pz", "0202")))
    again = [played(n, a1.end, at(3, ("17 Pz", h))) for n, h in (("a2.vlog", "0204"), ("a2-replayed.vlog", "0205"))]
    plans, _ = group([a1, *again])
    assert len(plans) == 1
    assert plans[0].error == ("a2-replayed.vlog and a2.vlog both start where a1.vlog ends (Game-Turn 2, Movement "
                              "phase): one of them restarts the game")


def test_files_of_two_games_of_a_module_are_kept_apart() -> None:
    kiev = played("k.vlog", OPENING, at(2, ("17 Pz", "0202")))
    rostov = Surveyed("r.vlog", "rostov", kiev.start, kiev.end, 3, ())
    assert names(group([kiev, rostov])[0]) == [["k.vlog"], ["r.vlog"]]


def test_folders_are_expanded_to_their_logs_and_saves(tmp_path: Path) -> None:
    (tmp_path / "round1").mkdir()
    for name in ("round1/a.vlog", "round1/b.VSAV", "round1/notes.txt", "c.vlog"):
        (tmp_path / name).write_bytes(b"")
    assert [Path(f).relative_to(tmp_path).as_posix() for f in expand([tmp_path / "round1", tmp_path / "c.vlog"])] == [
        "round1/a.vlog", "round1/b.VSAV", "c.vlog"]


@pytest.fixture(scope="module")
def pile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three Kiev games (one with a save of its end), and a log of another module."""
    folder = tmp_path_factory.mktemp("pile")
    for path in (KIEV_LOGS / "legal-game.vlog", KIEV_LOGS / "illegal-turn1.vlog", KIEV_LOGS / "rail-move.vlog",
                 SAVES / "legal-game-end.vsav", OTHER_MODULE_LOG):
        shutil.copy(path, folder / path.name)
    return folder


@pytest.fixture(scope="module")
def checked(pile: Path, kiev_module: Path) -> Tournament:
    return check_tournament([pile], kiev_module, jobs=2)


def test_a_pile_of_files_is_sorted_into_games_and_checked(checked: Tournament) -> None:
    tournament = checked
    games = {tuple(Path(f).name for f in g.files): g for g in tournament.games}
    assert list(games) == [("illegal-turn1.vlog",), ("legal-game.vlog", "legal-game-end.vsav"), ("rail-move.vlog",)]
    assert [g.status for g in games.values()] == [1, 0, 0]
    assert games[("illegal-turn1.vlog",)].report.findings[0].rule == "AGS 5.11"
    assert games[("legal-game.vlog", "legal-game-end.vsav")].report.turns == (1, 5)
    assert [(Path(u.file).name, u.reason) for u in tournament.unplaced] == [
        ("basic.vlog", "played with the module 'Oracle Test', not with 'Kiev: The Battle of Encirclement, 1941'")]
    assert tournament.status == 1


def test_the_tournament_json_holds_each_games_report_with_its_files(checked: Tournament) -> None:
    document = json.loads(summary.to_json(checked))
    assert set(document) == {"games", "unplaced"}
    first = document["games"][0]
    assert set(first) >= {"game", "logs", "steps", "findings", "not_checked", "errors",
                          "files", "players", "turns", "status", "integrity"}
    assert first["game"] == "Kiev: The Battle of Encirclement, 1941" and first["status"] == 1
    assert [Path(f).name for f in document["games"][1]["files"]] == ["legal-game.vlog", "legal-game-end.vsav"]
    assert document["games"][1]["integrity"] == []
    assert [Path(u["file"]).name for u in document["unplaced"]] == ["basic.vlog"]


def test_the_csv_has_a_row_per_game_then_per_unplaced_file(checked: Tournament) -> None:
    rows = list(csv.DictReader(io.StringIO(summary.to_csv(checked))))
    assert [(r["game"], r["turns"], r["findings"], r["status"]) for r in rows] == [
        ("1", "1", "14", "violations"), ("2", "1-5", "0", "clean"), ("3", "1", "0", "clean"), ("", "", "", "unplaced")]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vmodgen.cli", "check", *args], capture_output=True, text=True,
                          timeout=600)


def test_cli_prints_the_summary_table_first_and_exits_with_the_worst_game(pile: Path, kiev_module: Path) -> None:
    done = run_cli(str(pile), "--module", str(kiev_module))
    assert done.returncode == 1 and done.stderr == ""      # no progress bar in a pipe
    lines = done.stdout.splitlines()
    assert lines[0] == "3 games, 1 file(s) not placed"
    assert lines[2].split() == ["game", "files", "players", "(sides)", "turns", "findings", "not", "checked",
                                "integrity", "verdict"]
    assert lines[4].split() == ["2", "legal-game.vlog,", "legal-game-end.vsav", "-", "1-5", "0", "0", "0", "clean"]


def test_cli_exit_status_is_0_when_every_game_is_clean(kiev_module: Path, tmp_path: Path) -> None:
    shutil.copy(KIEV_LOGS / "legal-game.vlog", tmp_path)
    shutil.copy(OTHER_MODULE_LOG, tmp_path)
    assert run_cli(str(tmp_path), "--module", str(kiev_module), "--csv").returncode == 0


def test_cli_exit_status_is_2_when_no_file_is_a_game_of_the_module(kiev_module: Path, tmp_path: Path) -> None:
    shutil.copy(OTHER_MODULE_LOG, tmp_path)
    done = run_cli(str(tmp_path), "--module", str(kiev_module), "--json")
    assert done.returncode == 2
    assert json.loads(done.stdout)["games"] == []


def test_cli_group_sorts_files_given_one_by_one(kiev_module: Path) -> None:
    done = run_cli(str(KIEV_LOGS / "rail-move.vlog"), str(KIEV_LOGS / "legal-game.vlog"), "--group",
                   "--module", str(kiev_module), "--json")
    assert done.returncode == 0
    assert [len(g["files"]) for g in json.loads(done.stdout)["games"]] == [1, 1]


def test_a_progress_bar_shows_on_a_terminal_only(kiev_module: Path, tmp_path: Path) -> None:
    """STYLE.md: long work shows progress on a terminal and stays quiet in a pipe (the pipe case:
    the CLI tests above find stderr empty)."""
    shutil.copy(KIEV_LOGS / "rail-move.vlog", tmp_path)
    shutil.copy(OTHER_MODULE_LOG, tmp_path)
    leader, follower = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "vmodgen.cli", "check", str(tmp_path), "--module",
                                str(kiev_module), "--json"], stdout=subprocess.PIPE, stderr=follower)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:          # the terminal closed with the process
            break
        if not chunk:
            break
        shown += chunk
    stdout = process.communicate(timeout=600)[0]
    os.close(leader)
    assert b"Checking" in shown     # each file is read and checked in one pass (a game of one file)
    assert json.loads(stdout)["unplaced"][0]["file"].endswith("basic.vlog")
