"""Issue 7 item 5, one game at a time: files given together must continue one another, or
nothing is checked and the seam is named; a save alone is checked as a position and says that it
holds no moves. Logs and saves written by the real engine (tests/data/checks/kiev, tournament)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.check.conftest import KIEV_LOGS, REPO, SAVES
from vmodgen.engine.rules.ags.position import check_position
from vmodgen.engine.check.runner import NotOneGame, check_logs
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.situation import Situation, UnitState


def test_a_log_that_restarts_at_game_turn_1_after_a_save_names_the_seam(kiev_module: Path) -> None:
    with pytest.raises(NotOneGame) as seam:
        check_logs([SAVES / "legal-game-end.vsav", KIEV_LOGS / "rail-move.vlog"], kiev_module)
    assert str(seam.value) == ("rail-move.vlog does not continue legal-game-end.vsav: legal-game-end.vsav ends in "
                               "Game-Turn 5, Game-Turn Indication phase; rail-move.vlog starts in Game-Turn 1, "
                               "Soviet Movement phase (a restarted game)")


def test_same_phase_but_a_unit_elsewhere_names_the_unit_and_both_hexes(kiev_module: Path) -> None:
    """rail-move.vlog moves 32 Tank Div 1519 -> 0810 and ends in the Soviet Movement phase of
    Game-Turn 1, where the opening save also is."""
    with pytest.raises(NotOneGame) as seam:
        check_logs([KIEV_LOGS / "rail-move.vlog", SAVES / "opening.vsav"], kiev_module)
    assert str(seam.value) == ("opening.vsav does not continue rail-move.vlog (Game-Turn 1, Soviet Movement phase): "
                               "32 Tank Div is in 0810 at the end of rail-move.vlog but in 1519 at the start of "
                               "opening.vsav (a restarted game)")


def test_a_log_played_from_a_save_continues_it(kiev_module: Path) -> None:
    report = check_logs([SAVES / "opening.vsav", KIEV_LOGS / "illegal-turn1.vlog"], kiev_module)
    alone = check_logs([KIEV_LOGS / "illegal-turn1.vlog"], kiev_module)
    assert [(f.step, f.rule) for f in report.findings] == [(f.step, f.rule) for f in alone.findings]
    assert {f.log for f in report.findings} == {"illegal-turn1.vlog"}


def test_a_save_alone_says_it_holds_no_moves_and_checks_the_opening(kiev_module: Path) -> None:
    report = check_logs([SAVES / "opening.vsav"], kiev_module)
    assert report.steps == 0 and report.findings == []
    assert "opening.vsav holds no moves" in report.not_checked[0].reason
    # the phasing side may be mid-move in its Movement phase (AGS 7.0)
    assert [n.rule for n in report.not_checked[1:]] == ["AGS 7.0"]
    assert "Soviet stacks" in report.not_checked[1].reason


def test_a_save_at_the_end_of_a_game_is_a_position_with_no_finding(kiev_module: Path) -> None:
    report = check_logs([SAVES / "legal-game-end.vsav"], kiev_module)
    assert report.turns == (5, 5) and report.findings == []
    assert [n.reason.split(":")[0] for n in report.not_checked] == ["legal-game-end.vsav holds no moves"]


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(REPO / "games" / "kiev")


def opening(game: Game, moved: dict[str, str], phase_index: int = 0, turn: int = 1) -> Situation:
    units = {c.id: UnitState(c, c.setup, False) for c in game.counters if c.role == "setup"}
    for key, hex_name in moved.items():
        units[key] = UnitState(game.counter(key), game.map.layout.parse(hex_name), False)
    return Situation(game, turn, phase_index, units)


def german_stack(game: Game) -> dict[str, str]:
    """Four German combat units of the set-up moved into one hex (the limit is three)."""
    germans = [c for c in game.counters if c.role == "setup" and c.side == "German"
               and game.unit_types[c.type].unit_class not in ("hq", "leader", "marker")]
    target = game.map.name(germans[0].setup)
    return {c.id: target for c in germans[:4]}


def test_an_overstacked_save_is_found_for_the_side_not_moving(game: Game) -> None:
    moved = german_stack(game)
    found = [j for j in check_position("x.vsav", opening(game, moved, turn=2)) if j.verdict.is_illegal]
    assert [(j.verdict.case, j.side, j.origin) for j in found] == [("AGS 7.0", "German", next(iter(moved.values())))]


def test_the_phasing_sides_stacks_in_its_movement_phase_are_not_checked(game: Game) -> None:
    german_movement = next(i for i, p in enumerate(game.phases) if p.side == "German" and p.kind == "movement")
    judged = check_position("x.vsav", opening(game, german_stack(game), german_movement, turn=2))
    assert [j for j in judged if j.verdict.is_illegal] == []
    assert [(j.verdict.case, j.side) for j in judged if j.verdict.is_unchecked] == [("AGS 7.0", "German")]


def test_a_save_of_the_opening_is_held_to_the_set_up(game: Game) -> None:
    found = [j for j in check_position("x.vsav", opening(game, {"sov-xx-32-tank": "1520"})) if j.verdict.is_illegal]
    assert [(j.unit, j.verdict.case) for j in found] == [("sov-xx-32-tank", "Kiev 18.1")]


def test_cli_exits_2_with_one_line_naming_the_seam(kiev_module: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "vmodgen.cli", "check", str(KIEV_LOGS / "legal-game.vlog"),
                           str(KIEV_LOGS / "rail-move.vlog"), "--module", str(kiev_module)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "vmodgen: rail-move.vlog does not continue legal-game.vlog: legal-game.vlog ends in Game-Turn 5, "
        "Game-Turn Indication phase; rail-move.vlog starts in Game-Turn 1, Soviet Movement phase (a restarted game)"]
