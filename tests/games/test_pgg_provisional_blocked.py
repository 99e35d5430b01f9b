"""PGG 14.12 on logs the real VASSAL engine wrote (3.6 in tests/data/checks/panzergruppe-guderian/,
3.7 in its ``3.7/``; scripts from scenarios.py's ``_provisional_blocked``): a panzer regiment
enters area C on Game-Turn 1 and drives onto Provisional Entrance Hex 1 (1901); on Game-Turn 2 the
Soviet entry die names 1. The first Soviet Movement Phase is not played to its end (PGG 5.23, 7.1
findings on Game-Turn 1, asserted in test_pgg_checks.py), and the panzer's allowance is unknown
(its move is reported not checked): the tests judge Game-Turn 2's Soviet Movement Phase."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.build import build_game
from vmodgen.engine.check.report import Report
from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.model.loader import load_game

PGG = Path(__file__).resolve().parents[2] / "games" / "panzergruppe-guderian"
LOGS = Path(__file__).resolve().parents[1] / "data" / "checks" / "panzergruppe-guderian"
WRITERS = ["3.6", "3.7"]


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    try:
        load_game(PGG)
    except GameDataError as error:
        pytest.skip(f"the Panzergruppe Guderian data does not load yet: {error.errors[0]}")
    return build_game(PGG, tmp_path_factory.mktemp("pgg")).path


def check(module: Path, name: str, writer: str) -> Report:
    from vmodgen.engine.check.runner import check_logs
    folder = LOGS if writer == "3.6" else LOGS / writer
    return check_logs([folder / f"{name}.vlog"], module, PGG.parent)


def after_turn_one(report: Report) -> list[tuple[str | None, str, int, str]]:
    """(unit, case, turn, destination) of the findings after Game-Turn 1, but stacking (the set-up
    over-stacks of PGG 7.1 stay, as the other logs show)."""
    return [(f.unit, f.rule, f.turn, f.destination) for f in report.findings if f.turn > 1 and f.rule != "PGG 7.1"]


@pytest.mark.parametrize("writer", WRITERS)
def test_the_division_at_the_nearest_free_hex_east_of_a_blocked_area_checks_clean(module: Path,
                                                                                  writer: str) -> None:
    # 1901 holds the panzer regiment; the division enters at 1903, the nearest hex toward the east
    # that no unit holds and no German zone covers. Nothing after Game-Turn 1 is a finding, and
    # neither the entry nor the provisional die is left unjudged.
    report = check(module, "provisional-blocked-east", writer)
    assert after_turn_one(report) == []
    assert not [n for n in report.not_checked if n.rule.startswith("PGG 14.1")]


@pytest.mark.parametrize("writer", WRITERS)
def test_the_division_put_further_east_than_the_nearest_free_hex_is_found(module: Path, writer: str) -> None:
    # The division is put down at 2401, five hexes from 1901: PGG 14.12 names the nearest hexes.
    report = check(module, "provisional-blocked-too-far", writer)
    assert after_turn_one(report) == [("", "PGG 14.12", 2, "2401")]
    finding = next(f for f in report.findings if f.rule == "PGG 14.12")
    assert finding.phase == "Soviet Movement"
    assert "Provisional area 1" in finding.message and "1903" in finding.message
