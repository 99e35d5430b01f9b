"""Random legal play with battles on Panzergruppe Guderian (issue 12: "random play declares
battles ... so the combat checks get exercised"). The logs, written by the real engine from
tests/data/checks/panzergruppe-guderian/random_battles.py with the module built from the game's own
data, are games the generator played knowing the TEST owner values
(tests/data/panzergruppe-guderian-test-values: made up, not the real counters):

* on the game's own data (no counter manifest: German mechanized and Soviet strengths unknown)
  every battle is reported not checked and nothing is a finding;
* with the test values every battle is judged and a legal game has no finding, while a planted
  change to a battle (a result not applied, a retreat of the wrong length, an advance too far) is
  flagged with PGG's own case."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.games.random_play_checks import CHECKS, REPO
from vmodgen.engine.check.report import Report
from vmodgen.engine.check.runner import check_logs

GAME = "panzergruppe-guderian"
FOLDER = CHECKS / GAME / "random-battles"
MANIFEST = json.loads((FOLDER / "manifest.json").read_text())
LEGAL = [name for name, meta in MANIFEST.items() if not meta["kind"]]
PLANTED = [name for name, meta in MANIFEST.items() if meta["kind"]]


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(REPO / "games" / GAME)


@pytest.fixture(scope="module")
def with_values(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games folder whose Panzergruppe Guderian has the TEST owner values."""
    sys.path.insert(0, str(CHECKS / GAME))
    import random_battles
    return random_battles.games_with_test_values(tmp_path_factory.mktemp("games"))


def battles_in(name: str) -> int:
    script = json.loads((FOLDER / f"{name}.json").read_text())
    return sum(1 for a in script["actions"] if "add" in a and a["add"]["slot"].startswith("Defend "))


def unchecked_battles(report: Report) -> list[str]:
    return [n.reason for n in report.not_checked if n.reason.startswith("battle ")]


@pytest.mark.parametrize("name", LEGAL)
def test_on_the_games_own_data_every_battle_is_not_checked_and_nothing_is_a_finding(module: Path, name: str) -> None:
    report = check_logs([FOLDER / f"{name}.vlog"], module, REPO / "games")
    assert report.turns == (1, MANIFEST[name]["turns"])
    assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
    assert report.errors == []
    assert battles_in(name) >= 1
    assert len(unchecked_battles(report)) == battles_in(name)


@pytest.mark.parametrize("name", LEGAL)
def test_with_the_test_values_a_legal_game_with_battles_checks_clean(module: Path, with_values: Path,
                                                                     name: str) -> None:
    report = check_logs([FOLDER / f"{name}.vlog"], module, with_values)
    assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
    assert report.errors == []
    assert unchecked_battles(report) == []
    judged = [b for b in report.battles if b.result]
    assert len(judged) == battles_in(name)


@pytest.mark.parametrize("name", PLANTED)
def test_with_the_test_values_a_planted_battle_change_is_flagged_with_its_case(module: Path, with_values: Path,
                                                                               name: str) -> None:
    meta = MANIFEST[name]
    report = check_logs([FOLDER / f"{name}.vlog"], module, with_values)
    later = [(f.rule, f.unit) for f in report.findings if f.step >= meta["first_step"]]
    assert (meta["case"], meta["unit"]) in later, f"{meta['what']}: the checker said {later}"


@pytest.mark.parametrize("name", PLANTED)
def test_on_the_games_own_data_a_planted_battle_change_is_not_checked_never_a_false_finding(module: Path,
                                                                                             name: str) -> None:
    report = check_logs([FOLDER / f"{name}.vlog"], module, REPO / "games")
    assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
    assert unchecked_battles(report)


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_the_committed_script_is_what_its_seed_plays(with_values: Path, name: str) -> None:
    import random_battles
    script, meta = random_battles.entry(name, with_values)
    assert json.loads((FOLDER / f"{name}.json").read_text()) == script
    assert meta == MANIFEST[name]


@pytest.mark.parametrize("name", sorted(p.stem for p in (FOLDER / "3.7").glob("*.vlog")))
def test_the_logs_vassal_3_7_wrote_get_the_same_verdicts(module: Path, with_values: Path, name: str) -> None:
    def verdicts(folder: Path, games: Path) -> tuple[list, list]:
        report = check_logs([folder / f"{name}.vlog"], module, games)
        return [(f.step, f.rule, f.unit) for f in report.findings], [(n.step, n.rule) for n in report.not_checked]
    assert verdicts(FOLDER / "3.7", with_values) == verdicts(FOLDER, with_values)
    assert verdicts(FOLDER / "3.7", REPO / "games") == verdicts(FOLDER, REPO / "games")
