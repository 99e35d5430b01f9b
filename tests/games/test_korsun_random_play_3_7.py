"""Random legal play on Korsun as VASSAL 3.7 wrote it (issue 10 acceptance: both engines the oracle
runs): the committed scripts of tests/data/checks/korsun/ (``legal-game.json``, ``random-play/``)
written again by VASSAL 3.7.26 into ``3.7/`` beside them (tests/data/checks/random_logs.py korsun
--engine 3.7). The multi-turn legal game and each generated game check clean, each planted
violation is flagged with its case, and every log gives the verdicts its 3.6 copy gives
(test_random_play_korsun.py judges those)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.games.random_play_checks import CHECKS, REPO
from vmodgen.engine.check.runner import check_logs

FOLDER = CHECKS / "korsun"
MANIFEST = json.loads((FOLDER / "random-play" / "manifest.json").read_text())


def copies(name: str) -> tuple[Path, Path]:
    """The 3.6 log of a case and its 3.7 copy."""
    where = FOLDER if name == "legal-game" else FOLDER / "random-play"
    return where / f"{name}.vlog", where / "3.7" / f"{name}.vlog"


def verdicts(report) -> list[tuple]:      # type: ignore[no-untyped-def]
    return [(f.turn, f.phase, f.rule, f.unit, f.message) for f in report.findings] + \
        [(n.turn, n.phase, n.rule, n.reason) for n in report.not_checked]


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(REPO / "games" / "korsun")


def test_every_case_has_its_3_7_copy() -> None:
    for name in ["legal-game", *MANIFEST]:
        assert copies(name)[1].is_file(), name


def test_the_multi_turn_legal_game_written_by_vassal_3_7_checks_clean(module: Path) -> None:
    report = check_logs([copies("legal-game")[1]], module, REPO / "games")
    assert report.turns == (1, 4)
    assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
    assert report.errors == []


@pytest.mark.parametrize("name", [n for n, meta in MANIFEST.items() if not meta["kind"]])
def test_a_generated_legal_game_written_by_vassal_3_7_checks_clean(module: Path, name: str) -> None:
    report = check_logs([copies(name)[1]], module, REPO / "games")
    assert report.turns == (1, MANIFEST[name]["turns"])
    assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
    assert report.errors == []


@pytest.mark.parametrize("name", [n for n, meta in MANIFEST.items() if meta["kind"]])
def test_a_planted_violation_written_by_vassal_3_7_is_flagged_with_its_case(module: Path, name: str) -> None:
    meta = MANIFEST[name]
    report = check_logs([copies(name)[1]], module, REPO / "games")
    later = [(f.rule, f.unit) for f in report.findings if f.step >= meta["first_step"]]
    assert meta["case"] in [rule for rule, _ in later], f"{meta['what']}: the checker said {later}"


@pytest.mark.parametrize("name", ["legal-game", *MANIFEST])
def test_both_engines_logs_get_the_same_verdicts(module: Path, name: str) -> None:
    old, new = (check_logs([log], module, REPO / "games") for log in copies(name))
    assert verdicts(new) == verdicts(old)
