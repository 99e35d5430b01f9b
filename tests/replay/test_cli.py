"""``vmodgen replay``: the timeline, the JSON document, and hostile files refused in one line.

Each hostile file must give exit status 2, one line on stderr naming the file and the problem,
no traceback, no hang, and nothing written anywhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from vmodgen.engine.vassal.obfuscation import obfuscate
from tests.replay.cases import LOGS, ORACLE_FIXTURES, TOUR_LOG

ESC = "\x1b"
ACTIONS = ORACLE_FIXTURES / "oracle-test-actions.vmod"
VALID = ESC.join(["begin_save", "end_save", "LOG\tCHAThello"])


def vmodgen(*args: str | os.PathLike[str], cwd: Path | None = None, timeout: int = 60) -> subprocess.CompletedProcess:
    code = "import sys; from vmodgen.cli import main; sys.argv[0] = 'vmodgen'; main()"
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd, env=dict(os.environ, PYTHONPATH=str(Path(__file__).parents[2])))


def zipped(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return path


def test_the_timeline_names_steps_moves_flips_dice_turns_and_undos() -> None:
    done = vmodgen("replay", LOGS / "mixed.vlog", "--module", ACTIONS)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for line in ("step 2", "  Blue Armor moves 0101 -> 0302", "  Blue Armor: flips Step 1 -> 2",
                 "  Blue Armor moves Main Map 0302 -> Dead Pile offboard", "  dice 1d6 = 4",
                 "  turn Game Turn: Turn 1, Phase Combat", "  undo of step 14",
                 "  Red Infantry deleted from Main Map offboard"):
        assert line in out.splitlines()


def test_the_json_document_has_steps_moves_final_pieces_and_errors() -> None:
    done = vmodgen("replay", LOGS / "basic.vlog", "--module", ORACLE_FIXTURES / "oracle-test.vmod", "--json")
    document = json.loads(done.stdout)
    assert list(document) == ["steps", "moves", "final", "errors"]
    assert [{k: m[k] for k in ("step", "name", "from", "to")} for m in document["moves"]] == [
        {"step": 2, "name": "Blue Infantry", "from": "0101", "to": "0302"},
        {"step": 4, "name": "Red Infantry", "from": "0302", "to": "0101"}]
    assert all(set(m) == {"step", "id", "name", "from", "to"} for m in document["moves"])
    assert {(p["name"], p["location"]) for p in document["final"]} == {
        ("Red Infantry", "0101"), ("Blue Infantry", "0302"), ("Red Infantry", "0202")}
    assert all(set(p) == {"id", "name", "map", "x", "y", "location"} for p in document["final"])
    assert document["errors"] == []


def test_the_tour_replays_on_its_legacy_module() -> None:
    done = vmodgen("replay", TOUR_LOG.log, "--module", TOUR_LOG.module)
    assert done.returncode == 0 and "  1ME moves G7 -> H6" in done.stdout.splitlines()


def test_a_password_in_the_log_is_never_printed(tmp_path: Path) -> None:
    text = ESC.join(["begin_save", "PLAYER\thunter2\tAlice\tBlue", "end_save",
                     "LOG\t+/7/piece;;;a.png;A/Main Map;25;25;1;0", "LOG\tM/7/Main Map/111/75/null/Main Map/25/25/null/hunter2"])
    log = zipped(tmp_path / "p.vlog", {"savedGame": obfuscate(text.encode(), 9)})
    for extra in ((), ("--json",)):
        done = vmodgen("replay", log, "--module", ACTIONS, *extra)
        assert done.returncode == 0 and "hunter2" not in done.stdout + done.stderr
        assert "(Blue)" in done.stdout or '"side": "Blue"' in done.stdout


def test_damage_inside_a_log_is_listed_and_the_replay_goes_on(tmp_path: Path) -> None:
    text = VALID + ESC + "LOG\tFROB\tzz" + ESC + "LOG\tCHATlater"
    done = vmodgen("replay", zipped(tmp_path / "d.vlog", {"savedGame": text.encode()}), "--module", ACTIONS)
    assert done.returncode == 0
    assert "  error: unknown command 'FROB\\tzz' (no VASSAL decoder reads it; skipped)" in done.stdout.splitlines()
    assert "  chat: later" in done.stdout.splitlines()


def bomb(path: Path) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        with archive.open("savedGame", "w", force_zip64=True) as stream:
            zeros = b"0" * (1 << 20)
            for _ in range(300):
                stream.write(zeros)
    return path


def written(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def deep_escapes(levels: int) -> str:
    text = "CHATx"
    for _ in range(levels):
        text = "LOG\t" + ESC + text.replace(ESC, "\\" + ESC)
    return text


HOSTILE_LOGS = {
    "truncated obfuscation": (lambda p: zipped(p, {"savedGame": obfuscate(VALID.encode(), 5)[:-3]}), "truncated"),
    "garbled obfuscation": (lambda p: zipped(p, {"savedGame": b"!VCSK1f" + b"zz" * 50}), "non-hex"),
    "zip bomb": (bomb, "zip bomb"),
    "entry leaving the archive": (lambda p: zipped(p, {"../../etc/x": b"x", "savedGame": VALID.encode()}),
                                  "leaves the archive"),
    "10 MB single line": (lambda p: zipped(p, {"savedGame": b"A" * 10_000_000}), "no command in it decodes"),
    "10,000-deep quote nesting": (lambda p: zipped(p, {"savedGame": ("'" * 10_000 + "x" + "'" * 10_000).encode()}),
                                  "nested more than"),
    "300-deep escape nesting": (lambda p: zipped(p, {"savedGame": deep_escapes(300).encode()}), "nested more than"),
    "non-UTF-8 bytes": (lambda p: zipped(p, {"savedGame": VALID.encode() + b"\xc3\x28"}), "not UTF-8"),
    "not a zip nor a save": (lambda p: written(p, b"\x00\x01garbage" * 10), "no command in it decodes"),
    "empty file": (lambda p: written(p, b""), "no command in it decodes"),
    "a module given as log": (lambda p: written(p, ACTIONS.read_bytes()), "a module, not a save"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_LOGS))
def test_a_hostile_log_is_refused_in_one_line_with_exit_status_2(tmp_path: Path, case: str) -> None:
    make, problem = HOSTILE_LOGS[case]
    log = make(tmp_path / "hostile.vlog")
    work = tmp_path / "cwd"
    work.mkdir()
    done = vmodgen("replay", log, "--module", ACTIONS, cwd=work, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and str(log) in lines[0] and problem in lines[0], done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert list(work.iterdir()) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["cwd", "hostile.vlog"]


def test_a_10_mb_chat_line_in_a_valid_log_replays(tmp_path: Path) -> None:
    text = VALID + ESC + "LOG\tCHAT" + "x" * 10_000_000
    done = vmodgen("replay", zipped(tmp_path / "long.vlog", {"savedGame": obfuscate(text.encode(), 3)}),
                   "--module", ACTIONS, timeout=60)
    assert done.returncode == 0 and done.stdout.count("\n") < 20


@pytest.mark.parametrize(("content", "problem"), [
    (b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><VASSAL.build.GameModule name="&b;"/>',
     "DTD"),
    (b"<VASSAL.build.GameModule", "not well-formed"),
])
def test_a_hostile_module_is_refused_in_one_line_with_exit_status_2(tmp_path: Path, content: bytes, problem: str) -> None:
    module = zipped(tmp_path / "m.vmod", {"buildFile.xml": content})
    done = vmodgen("replay", LOGS / "basic.vlog", "--module", module)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert str(module) in done.stderr and problem in done.stderr and "Traceback" not in done.stderr


def test_a_missing_log_is_a_one_line_error(tmp_path: Path) -> None:
    done = vmodgen("replay", tmp_path / "none.vlog", "--module", ACTIONS)
    assert done.returncode == 2 and "cannot read" in done.stderr and len(done.stderr.splitlines()) == 1


def test_a_step_nested_too_deeply_deep_in_a_log_stops_the_replay_in_one_line(tmp_path: Path) -> None:
    steps = [f"LOG\tCHATline {n}" for n in range(5000)] + ["LOG\t" * 300 + "CHATx"]
    log = zipped(tmp_path / "deep.vlog", {"savedGame": ESC.join([VALID, *steps]).encode()})
    done = vmodgen("replay", log, "--module", ORACLE_FIXTURES / "oracle-test-actions.vmod", "--json")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and str(log) in lines[0] and "nested more than" in lines[0]
