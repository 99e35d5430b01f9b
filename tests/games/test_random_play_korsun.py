"""Random legal play on Korsun (issue 10): the engine-written multi-turn legal game and the
generated games check clean, planted violations are flagged with their case (the tests are
tests/games/random_play_checks.py's; the logs and the script that made them are in
tests/data/checks/korsun/)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tests.games.random_play_checks import CHECKS, REPO, random_play_tests
from vmodgen.engine.check.runner import check_logs

#: Checker or data bugs seen on these logs, with who is fixing them: none open.
KNOWN: dict[str, str] = {}

(module, test_the_multi_turn_legal_game_checks_clean, test_a_generated_legal_game_checks_clean,
 test_a_planted_violation_is_flagged_with_its_case, test_the_committed_script_is_what_its_seed_plays) = \
    random_play_tests("korsun", KNOWN)


def test_an_entry_the_data_cannot_judge_still_counts_for_the_schedule(tmp_path: Path, module: Path) -> None:
    """Regression (found by random play): without Korsun's reinforcement_entry_hexes the entries
    of Game-Turn 3 could not be judged (not checked, Korsun 26.0), and the schedule then called
    the same units missing (a false "Korsun 26.1: 0 of 2 ... entered")."""
    games = tmp_path / "games"
    shutil.copytree(REPO / "games" / "korsun", games / "korsun")
    toml = games / "korsun" / "game.toml"
    text, removed = re.subn(r"\[rules\.reinforcement_entry_hexes\]\n[^\[]*", "", toml.read_text())
    assert removed == 1
    toml.write_text(text)
    report = check_logs([CHECKS / "korsun" / "random-play" / "quiet-1.vlog"], module, games)
    assert [f.rule for f in report.findings] == []
    assert {n.rule for n in report.not_checked} == {"Korsun 26.0"}
