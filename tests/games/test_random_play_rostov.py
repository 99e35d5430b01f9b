"""Random legal play on Rostov (issue 10): the engine-written multi-turn legal game and the
generated games check clean, planted violations are flagged with their case (the tests are
tests/games/random_play_checks.py's; the logs and the script that made them are in
tests/data/checks/rostov/)."""

from __future__ import annotations

from tests.games.random_play_checks import random_play_tests

#: Checker or data bugs seen on these logs, with who is fixing them.
KNOWN: dict[str, str] = {}

(module, test_the_multi_turn_legal_game_checks_clean, test_a_generated_legal_game_checks_clean,
 test_a_planted_violation_is_flagged_with_its_case, test_the_committed_script_is_what_its_seed_plays) = \
    random_play_tests("rostov", KNOWN)
