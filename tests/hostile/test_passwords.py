"""No output of any command shows a password any test log holds (DESIGN.md: passwords in the
log are never printed). Passwords are read out of each log's raw text here, independently of
the reader, so the scan cannot miss what the reader fails to recognise."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.cli import main
from vmodgen.engine.check.runner import check_logs
from vmodgen.engine.vassal.obfuscation import deobfuscate
from vmodgen.engine.vassal.savefile import read_game
from tests.replay.cases import ALL_LOGS, REPO

KIEV_LOGS = sorted((REPO / "tests" / "data" / "checks" / "kiev").glob("*.vlog"))
HOSTILE = REPO / "tests" / "data" / "hostile" / "passwords.vlog"
ROSTER = re.compile(r"PLAYER\t([^\t\\\x1b]+)")
MOVER = re.compile(r"M/(?:[^/\x1b]*/){9}([^/\\\x1b]+)")


def passwords_in(path: Path) -> set[str]:
    """Every roster password and every mover's password in the log's raw text."""
    data = path.read_bytes()
    if data[:2] == b"PK":
        with zipfile.ZipFile(path) as archive:
            data = archive.read("savedGame")
    text = deobfuscate(data).decode("utf-8")
    return set(ROSTER.findall(text)) | set(MOVER.findall(text))


def outputs(*args: str) -> str:
    result = CliRunner().invoke(main, [*map(str, args)], catch_exceptions=False)
    return result.output + (result.stderr if result.stderr_bytes is not None else "")


def cases(kiev_module: Path) -> list[tuple[Path, Path, bool]]:
    """(log, module, whether the checker reads it) for every test log there is."""
    found = [(case.log, case.module, False) for case in ALL_LOGS if case.module.exists() and case.game is None]
    found += [(log, kiev_module, True) for log in [*KIEV_LOGS, HOSTILE, REPO / "tests" / "data" / "logs" /
                                                   "kiev-opening.vlog"]]
    return found


def test_the_test_logs_hold_passwords_to_look_for() -> None:
    assert passwords_in(HOSTILE) == {"hunter2-soviet", "Geheim!Pass 42"}
    assert passwords_in(REPO / "tests" / "data" / "vassal-tour" / "tour.log") == {"rkinney's password"}


def test_no_output_of_replay_or_check_shows_a_password_of_any_test_log(kiev_module: Path) -> None:
    scanned = 0
    for log, module, checked in cases(kiev_module):
        secrets = passwords_in(log)
        game = read_game(log)
        texts = [repr(game), str(game.errors)]
        texts += [outputs("replay", log, "--module", module, *extra) for extra in ((), ("--json",))]
        if checked:  # what `vmodgen check` prints, text and --json, from one run of the checker
            report = check_logs([log], module, REPO / "games")
            texts += [report.to_text(), report.to_json()]
        for secret in secrets:
            scanned += 1
            assert not any(secret in text for text in texts), f"{log.name}: a password is printed"
    assert scanned >= 3


@pytest.mark.parametrize("damaged", ["M/1/Main Map/1x/2/null/Main Map/3/4/null/hunter2",
                                     "PLAYER\thunter2\tAlice"])
def test_a_damaged_entry_holding_a_password_is_listed_without_it(tmp_path: Path, damaged: str) -> None:
    from vmodgen.engine.vassal.writer import write_game

    log = tmp_path / "damaged.vlog"
    write_game(log, "begin_save\x1bend_save\x1bLOG\t" + damaged, module_name="Oracle Test", module_version="1")
    for extra in ((), ("--json",)):
        shown = outputs("replay", log, "--module", REPO / "tests" / "data" / "modules" / "oracle-test.vmod", *extra)
        assert "malformed" in shown.lower() or "MovePiece" in shown or "PLAYER" in shown
        assert "hunter2" not in shown
