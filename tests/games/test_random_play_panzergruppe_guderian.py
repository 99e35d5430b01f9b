"""Random legal play on Panzergruppe Guderian (issue 12: "a multi-turn legal game checks clean;
random legal play on this game too"): the engine-written multi-turn legal game and the generated
games check clean, planted violations are flagged with PGG's own case (the tests are
tests/games/random_play_checks.py's; the logs and the script that made them are in
tests/data/checks/panzergruppe-guderian/, the legal game also written by VASSAL 3.7 in ``3.7/``).

The generator declares no battle here: it fights only where the result is evident, and the book
gives the strength of no untried Soviet unit the set-up or the schedule brings on (PGG 12.1); the
German attack on two revealed divisions is tests/games/test_pgg_checks.py's."""

from __future__ import annotations

import json
from pathlib import Path

from tests.games.random_play_checks import CHECKS, REPO, random_play_tests
from vmodgen.engine.check.runner import check_logs

#: Checker or data bugs seen on these logs, with who is fixing them.
KNOWN: dict[str, str] = {}

(module, test_the_multi_turn_legal_game_checks_clean, test_a_generated_legal_game_checks_clean,
 test_a_planted_violation_is_flagged_with_its_case, test_the_committed_script_is_what_its_seed_plays) = \
    random_play_tests("panzergruppe-guderian", KNOWN)

FOLDER = CHECKS / "panzergruppe-guderian"


def test_the_legal_game_written_by_vassal_3_7_checks_clean(module: Path) -> None:
    report = check_logs([FOLDER / "3.7" / "legal-game.vlog"], module, REPO / "games")
    assert report.turns == (1, 4)
    assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
    assert report.errors == []


def test_the_legal_game_plays_the_first_turn_rules_and_reinforcements() -> None:
    # PGG 5.23: all 13th and 20th Army units move (33 set-up units there: no finding means each
    # moved and ended east of hexrow 0200); 5.0: the three over-stacked set-up hexes are undone;
    # 14.11: the provisional entry die is rolled every Soviet Movement Phase; reinforcements of
    # both sides arrive (added from the palette or moved from the turn track).
    script = json.loads((FOLDER / "legal-game.json").read_text())
    actions = script["actions"]
    rolls = [a["dice"]["button"] for a in actions if "dice" in a]
    assert rolls.count("Soviet rifle entry") == 4 and rolls.count("1d6") == 2
    assert sum(1 for a in actions if "add" in a) >= 20                     # Soviet arrivals from the pool
    moved = {a["move"]["piece"] for a in actions if "move" in a}
    assert any(name.startswith("Untried Soviet") for name in moved)      # set-up units named by their slot
    assert any("Inf Div" in name for name in moved)                      # German arrivals from the turn track


def test_the_legal_game_reports_the_victory_points_its_end_position_settles(module: Path) -> None:
    """PGG 15.11-15.2 on the engine-written legal game (Game-Turns 1-4): Soviet units stand in
    Smolensk and in hex 5907, so the German scores nothing there; the cities nobody holds at the end
    are unknown (who last passed through is history), so the total and the level are unknown; the
    tally is in the text and the JSON report, and no finding comes of it."""
    report = check_logs([FOLDER / "3.7" / "legal-game.vlog"], module, REPO / "games")
    lines = report.summary
    assert lines[0].startswith("Victory Points for the position at the end of the log (Game-Turn 4, not the end")
    assert "  German Smolensk (PGG 15.11): 0" in lines
    assert "  German hex 5907 (PGG 15.11): 0" in lines
    assert "  German Kaluga (PGG 15.11): unknown" in lines
    assert "  Soviet cities recaptured (PGG 15.12 2, needs each German Player-Turn's holdings): unknown" in lines
    assert lines[-1] == "  total (PGG 15.2): unknown (known parts: German 0, Soviet 0); level: unknown"
    assert "  German Smolensk (PGG 15.11): 0" in report.to_text()
    assert json.loads(report.to_json())["summary"] == lines
    assert report.findings == []
