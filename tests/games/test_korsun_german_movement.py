"""Korsun's German movement rules (issue 10): the restrictions of the first Game-Turns (Korsun 21.11-
21.15, 21.2) and delay and disengagement (22.1-22.24, 21.16), on logs the real VASSAL engine wrote
(tests/data/checks/korsun/german-movement/, scenarios.py says what each plays and why): each legal
log checks clean, each illegal one is flagged with its case and nothing else, with the same verdicts
whether VASSAL 3.6 or 3.7 wrote the log (3.7's copies in 3.7/)."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.korsun.movement_limits import restriction

from tests.games.engine_logs import WRITERS, EngineLogs

REPO = Path(__file__).resolve().parents[2]
KORSUN = REPO / "games" / "korsun"
LOGS = REPO / "tests" / "data" / "checks" / "korsun" / "german-movement"
KORSUN_LOGS = EngineLogs("korsun", "german-movement")


module = KORSUN_LOGS.module_fixture()


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(KORSUN)


LEGAL = [
    "area-a-within-four",             # 21.11 (the example's 1214) and 22.1 (a covered delay)
    "hex-unit-within-four",           # 21.12
    "area-c-within-two",              # 21.13
    "group-2306-turn-two-within",     # 21.2
    "disengages-turn-three",          # 22.2
    "delay-into-zone-stops",          # 22.12
    "delay-before-a-unit-moves-in",   # 22.11
]

ILLEGAL = {
    "area-a-five-away": [("Korsun 21.11", "ger-iii-39-17")],
    "hex-unit-five-away": [("Korsun 21.12", "ger-iii-235")],
    "area-c-three-away": [("Korsun 21.13", "ger-xx-88")],
    "group-2306-turn-two-four-away": [("Korsun 21.2", "ger-x-wallonien")],
    # 21.15: moved away while outside; its legal side below (outside-moves-closer)
    "outside-moves-away": [("Korsun 21.11", "ger-iii-39-17"), ("Korsun 21.15", "ger-iii-39-17")],
    "alone-leaves-turn-one": [("Korsun 21.16", "ger-iii-4-6")],
    "alone-leaves-turn-two": [("Korsun 22.24", "ger-iii-4-6")],
    "disengages-into-zone": [("Korsun 22.21", "ger-iii-4-6")],
    "disengages-too-far": [("Korsun 22.23", "ger-iii-4-6")],
    "delay-too-far": [("Korsun 22.13", "ger-iii-39-17")],
    "whole-stack-leaves": [("Korsun 21.16", "ger-iii-63-17")],
    "delay-into-zone-moves-on": [("Korsun 22.12", "ger-iii-39-17")],
    "delay-after-a-unit-moved-in": [("Korsun 22.11", "ger-iii-80-34")],
}


def _exclusive(report) -> list:      # noqa: ANN001 - a runner Report
    """What the report says of Korsun 21.x and 22.x, and of a zone left unchecked."""
    return [n for n in report.not_checked if re.match(r"Korsun 2[12]\.", n.rule) or n.rule == "AGS 5.24"]


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", LEGAL)
def test_a_legal_german_move_checks_clean(module: Path, name: str, writer: str) -> None:
    report = KORSUN_LOGS.check(module, name, writer)
    assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
    assert report.errors == []
    assert _exclusive(report) == []


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_a_broken_german_movement_rule_is_found_with_its_case(module: Path, name: str, writer: str) -> None:
    report = KORSUN_LOGS.check(module, name, writer)
    assert [(f.rule, f.unit) for f in report.findings] == ILLEGAL[name]
    assert report.errors == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_unit_outside_its_area_may_move_closer(module: Path, writer: str) -> None:
    # 21.15: six hexes from the start line after the German Movement Phase (21.11), five after the
    # Mechanized Movement Phase: only the first phase is a finding
    report = KORSUN_LOGS.check(module, "outside-moves-closer", writer)
    assert [(f.rule, f.unit, f.phase) for f in report.findings] == [("Korsun 21.11", "ger-iii-39-17", "German Movement")]
    assert "6 hexes from the start line of set-up area A" in report.findings[0].message


def test_each_set_up_unit_is_assigned_as_its_counter_prints(game: Game) -> None:
    # rules.korsun_german_assignments against the letter or hex printed on each counter (units.csv)
    assignments = game.rules["korsun_german_assignments"].value
    with (KORSUN / "units.csv").open() as rows:
        printed = {r["id"]: re.search(r"\(printed ([^)]*)\)", r["placement_source"]).group(1)
                   for r in csv.DictReader(line for line in rows if not line.startswith("#"))
                   if r["side"] == "German" and r["role"] == "setup"}
    listed = {key: group for group, keys in assignments.items() if group != "side" for key in keys}
    assert listed == {key: mark for key, mark in printed.items() if not mark.isdigit() or mark == "2306"}
    assert len(printed) == 58                                          # Korsun 18.26


def test_each_restriction_is_measured_as_the_case_says(game: Game) -> None:
    layout = game.map.layout
    area_a = restriction(game, "ger-iii-39-17", 1, None)
    assert area_a is not None and (area_a.radius, area_a.case) == (4, "Korsun 21.11")
    assert min(layout.distance(layout.parse("1214"), h) for h in area_a.readings[0]) == 4   # the 21.11 example
    assert restriction(game, "ger-iii-39-17", 2, None) is None                             # 21.2: A is free
    hex_unit = restriction(game, "ger-iii-235", 1, None)
    assert hex_unit is not None and (hex_unit.radius, hex_unit.case, hex_unit.readings) == (
        4, "Korsun 21.12", (frozenset({layout.parse("0616")}),))
    assert restriction(game, "ger-iii-235", 2, None) is None
    # 21.12, 18.21: a 2306 unit's starting hex is where it stood as the game began, or 2306: both tried
    wallonien = restriction(game, "ger-x-wallonien", 3, {"ger-x-wallonien": layout.parse("2405")})
    assert wallonien is not None and (wallonien.radius, wallonien.case) == (3, "Korsun 21.2")
    assert wallonien.readings == (frozenset({layout.parse("2405")}), frozenset({layout.parse("2306")}))
    assert restriction(game, "ger-x-wallonien", 4, None) is None
    assert restriction(game, "sov-xx-6", 1, None) is None
