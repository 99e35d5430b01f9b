"""The AGS victory tally on logs the real VASSAL engine wrote (tests/data/checks/), as the report
shows it (``Report.summary``): a Kiev game played to the end of Game-Turn 13 states its winner
(Kiev 24.0) on both engines; the legal multi-turn games of the four AGS games, which end early,
state their tally and no winner."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report
from vmodgen.engine.check.runner import check_logs

REPO = Path(__file__).resolve().parents[3]
CHECKS = REPO / "tests" / "data" / "checks"
ENGINES = ("", "3.7")       # the folder of each engine's copy (3.6 beside the script)


@pytest.fixture(scope="module")
def modules(game_module: Callable[[Path], Path]) -> Callable[[str], Path]:
    """The module of a game, by its id."""
    return lambda game: game_module(REPO / "games" / game)


def check(modules: Callable[[str], Path], game: str, log: Path) -> Report:
    return check_logs([log], modules(game), REPO / "games")


@pytest.mark.parametrize("engine", ENGINES)
def test_kiev_played_to_the_end_states_the_winner(modules, engine: str) -> None:  # type: ignore[no-untyped-def]
    """Kiev 24.0, 24.1, 24.3: only the 99th Light Division moved (0221 to Brovary, 0519); Brovary is
    German, Borispol (0620) within its reach may be either side's, every other place keeps its
    controller from the start; the Soviet units the tracer finds out of supply count as eliminated.
    German 60 to 65 against Soviet 160 to 165: whatever Borispol is, a Soviet victory."""
    report = check(modules, "kiev", CHECKS / "victory" / "kiev" / engine / "end-of-game.vlog")
    lines = report.summary
    assert lines[0].startswith("Victory Points for the log up to its end (the end of the game)")
    assert "  German: town Brovary (0519) (Kiev 24.1): 5" in lines
    assert "  German: city Gomel (0602) (Kiev 24.1): 10" in lines
    assert "  German: city Cherkassy (1329) (Kiev 24.1): 10" in lines
    assert "  Soviet: city Kiev (0319) (Kiev 24.1): 25" in lines
    assert any(line.startswith("  German or Soviet: town Borispol (0620) (Kiev 24.1): 5") for line in lines)
    assert [line for line in lines if line.startswith("  German or Soviet")] == \
        [line for line in lines if "Borispol" in line]
    assert any(line.startswith("  total (Kiev 24.0): German 60 to 65, Soviet 160 to 165;") for line in lines)
    assert lines[-1] == "  winner (Kiev 24.0): Soviet"
    # the log plays no reinforcement (Kiev 23.0, 23.1): nothing else is found
    assert {f.rule for f in report.findings} <= {"Kiev 23.0", "Kiev 23.1"}


@pytest.mark.parametrize("engine", ENGINES)
def test_kiev_legal_game_counts_the_dead_pile_and_names_no_winner(modules, engine: str) -> None:  # type: ignore[no-untyped-def]
    """Kiev 24.3: the eleven Soviet divisions the legal game's German battles eliminate (each sent to
    the dead pile by its Eliminate command) score 1 each; the game ends on Game-Turn 5."""
    report = check(modules, "kiev", CHECKS / "kiev" / engine / "legal-game.vlog")
    assert report.findings == []
    eliminated = next(line for line in report.summary if "Soviet units eliminated (Kiev 24.3)" in line)
    assert eliminated.startswith("  German: Soviet units eliminated (Kiev 24.3): 11 (eliminated: ")
    assert report.summary[-1] == "  winner: none yet (the log ends before the end of the game)"


def test_rostov_legal_game(modules) -> None:  # type: ignore[no-untyped-def]
    """Rostov 26.1: no Axis unit reached Stalino, Taganrog, Rostov or Voroshilovgrad; 26.21: no
    German unit eliminated; 26.3: no level before the end."""
    report = check(modules, "rostov", CHECKS / "rostov" / "legal-game.vlog")
    lines = report.summary
    for place in ("Stalino (1218)", "Taganrog (0724)", "Rostov (0727)", "Voroshilovgrad (1625)"):
        assert f"  Axis: {place} occupied (Rostov 26.11): 0 (held by the Soviet Player: no Axis unit was the last " \
               "in it)" in lines
    assert not any("Rostov 26.21" in line for line in lines)
    assert lines[-1] == "  level: none yet (the log ends before the end of the game)"


def test_operation_star_legal_game(modules) -> None:  # type: ignore[no-untyped-def]
    """OS 25.1: no Soviet unit left the map by area L; 25.2: the 83rd Cavalry Division (3) and two
    tank brigades (1 each) eliminated; 25.3: German steps lost, places of unknown value."""
    report = check(modules, "operation-star", CHECKS / "operation-star" / "legal-game.vlog")
    lines = report.summary
    assert lines[1].startswith("  Automatic Soviet Decisive Victory (OS 25.1): not achieved")
    assert "  German: 83 Cav Div eliminated (OS 25.2): 3" in lines
    assert "  German: 176 Tank Bde eliminated (OS 25.2): 1" in lines
    assert "  German: 201 Tank Bde eliminated (OS 25.2): 1" in lines
    assert "  Soviet: 1/GD GD Rgt steps lost (OS 25.3): 8" in lines
    assert any(line.startswith("  total (OS 25.4): Soviet at least 18, German 5;") for line in lines)


def test_korsun_legal_game(modules) -> None:  # type: ignore[no-untyped-def]
    """Korsun 27.1, 25.12: the 110/11 Panzergrenadier Regiment, destroyed while in supply, scores 6."""
    report = check(modules, "korsun", CHECKS / "korsun" / "legal-game.vlog")
    assert "  Soviet: 110/11 PzGren Rgt destroyed (Korsun 27.1): 6 (not isolated)" in report.summary
    assert report.summary[-2] == "  total (Korsun 27.3): Soviet 6, German 0; Soviet minus German 6"


@pytest.mark.parametrize("engine", ENGINES)
def test_operation_star_played_to_the_end_names_no_winner_it_cannot_know(modules, engine: str) -> None:  # type: ignore[no-untyped-def]
    """OS 25.0-25.4, 23.13: ten Game-Turns with nothing played. No unit left the map (25.1 not
    achieved); every Soviet reinforcement missing scores as eliminated (the findings say each was
    held back, OS 23.0, 23.1); a Soviet unit stands in Kupyansk, whose value is printed on the map
    only: the Soviet total is open, so no winner is named."""
    report = check(modules, "operation-star", CHECKS / "victory" / "operation-star" / engine / "end-of-game.vlog")
    lines = report.summary
    assert lines[0].startswith("Victory Points for the log up to its end (the end of the game)")
    assert lines[1].startswith("  Automatic Soviet Decisive Victory (OS 25.1): not achieved")
    assert any(line.startswith("  German: 48 Gd Gd Rifle Div, not entered on Game-Turn 2 (OS 23.13): 6 ") for line in lines)
    assert any(line.startswith("  German: HQ 60, not entered on Game-Turn 4 (OS 23.13): 6 ") for line in lines)
    assert any(line.startswith("  German: 3 of 3 untried soviet_rifle_division not entered on Game-Turn 3 (OS 23.13): 9 ")
               for line in lines)
    assert any("held by the Soviet Player: Kupyansk;" in line for line in lines)
    assert "  total (OS 25.4): Soviet at least 0, German 130 to 143; Soviet minus German at least -143" in lines
    assert lines[-1] == "  winner (OS 25.4): unknown"
    assert {f.rule for f in report.findings} == {"Operation Star 23.0", "Operation Star 23.1"}
