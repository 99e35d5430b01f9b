"""The random-play tests of one game (issue 10), on the logs the real engine wrote from
tests/data/checks/random_logs.py (``tests/data/checks/<id>/legal-game.vlog`` and
``random-play/``): the multi-turn legal game and every generated game must check clean; a game
with one planted violation must be flagged with the case the rulebook says; the committed
scripts are what their seeds play. Each ``test_random_play_<id>.py`` takes its tests from
:func:`random_play_tests`.

Where the checker is known to be wrong the case is marked xfail(strict=True) with the reason:
when the fix lands the xfail turns into a failure, and the mark goes."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from vmodgen.engine.check.runner import check_logs

REPO = Path(__file__).resolve().parents[2]
CHECKS = REPO / "tests" / "data" / "checks"


def random_play_tests(game: str, known: dict[str, str]) -> tuple[Callable[..., None], ...]:
    """The module fixture and the four tests of ``game``; ``known`` maps a case to the checker
    or data bug that makes it fail today."""
    folder = CHECKS / game / "random-play"
    manifest = json.loads((folder / "manifest.json").read_text())

    @pytest.fixture(scope="module")
    def module(game_module: Callable[[Path], Path]) -> Path:
        return game_module(REPO / "games" / game)

    def cases(planted: bool) -> list:
        return [pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=known[name])) if name in known
                else name for name, meta in manifest.items() if bool(meta["kind"]) == planted]

    def test_the_multi_turn_legal_game_checks_clean(module: Path) -> None:
        script = json.loads((CHECKS / game / "legal-game.json").read_text())
        report = check_logs([CHECKS / game / "legal-game.vlog"], module, REPO / "games")
        assert report.turns[1] >= 4
        assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
        assert report.errors == []
        moved = {a["move"]["piece"] for a in script["actions"] if "move" in a}
        assert len(moved) > 20       # both sides moved, not a log of tracker steps

    @pytest.mark.parametrize("name", cases(planted=False))
    def test_a_generated_legal_game_checks_clean(module: Path, name: str) -> None:
        report = check_logs([folder / f"{name}.vlog"], module, REPO / "games")
        assert report.turns == (1, manifest[name]["turns"])
        assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
        assert report.errors == []

    @pytest.mark.parametrize("name", cases(planted=True))
    def test_a_planted_violation_is_flagged_with_its_case(module: Path, name: str) -> None:
        meta = manifest[name]
        report = check_logs([folder / f"{name}.vlog"], module, REPO / "games")
        later = [(f.rule, f.unit) for f in report.findings if f.step >= meta["first_step"]]
        assert any(_within(rule, meta["case"]) for rule, _ in later), f"{meta['what']}: the checker said {later}"

    @pytest.mark.parametrize("name", ["legal-game", *sorted(manifest)])
    def test_the_committed_script_is_what_its_seed_plays(name: str) -> None:
        sys.path.insert(0, str(CHECKS))
        import random_logs
        script, meta = random_logs.entry(game, name)
        assert json.loads((random_logs.folder(game, name) / f"{name}.json").read_text()) == script
        if name != "legal-game":
            assert meta == manifest[name]

    return (module, test_the_multi_turn_legal_game_checks_clean, test_a_generated_legal_game_checks_clean,
            test_a_planted_violation_is_flagged_with_its_case, test_the_committed_script_is_what_its_seed_plays)


def _within(found: str, planted: str) -> bool:
    """The planted case, or a case of its section when the plant names a whole section ("Rostov
    21.0", disengagement: a unit out of supply that walks out breaks 21.21 first).

    >>> _within("Rostov 21.21", "Rostov 21.0"), _within("AGS 5.24", "AGS 5.24"), _within("AGS 5.11", "AGS 5.24")
    (True, True, False)
    """
    return found == planted or (planted.endswith(".0") and found.startswith(planted[:-1]))
