"""Movement in the Kiev checker on logs written by the real VASSAL engine
(tests/data/checks/kiev/movement_scenarios.py made the scripts, make_logs.py the logs): overruns
declared with Overrun markers are checked (AGS 6.0-6.2; Kiev 19.4), and no move is excused as an
overrun unless the log declares one; off-map and enemy moves in a Movement Phase are findings;
reinforcements entering by rail are priced by rail from their entry hex (AGS 15.0; Kiev 19.3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report
from tests.check.conftest import check_kiev_log

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "checks" / "kiev"


check = check_kiev_log


@pytest.mark.parametrize("log", ["overrun-success", "mech-free-move", "rail-entry-legal"])
def test_legal_movement_has_no_finding(module: Path, log: str) -> None:
    """A declared overrun that succeeds, advances and moves on (AGS 6.24); a mechanized unit
    moving freely; a rifle division entering by a railroad edge hex and riding 15 rail hexes."""
    report = check(module, log)
    assert report.findings == []
    assert not any("overrun" in n.reason and n.rule.startswith("AGS 6") for n in report.not_checked)


@pytest.mark.parametrize("log, findings", [
    # a Soviet unit that took no part in the overrun moved in the German phase
    ("enemy-moved-in-overrun-phase", [("sov-xx-42-rifle", "AGS 5.21")]),
    # the hex held (-/1 taken as a step), and a regiment moved on
    ("overrun-held-moved-on", [("ger-iii-6-3", "AGS 6.22")]),
    # an infantry division overran
    ("overrun-by-infantry", [("ger-xx-112", "Kiev 19.41")]),
    # the overrun emptied the hex, and neither regiment advanced into it
    ("overrun-no-advance", [("ger-iii-15-29m", "AGS 6.24"), ("ger-iii-71-29m", "AGS 6.24")]),
    # into a German zone and on, with no overrun declared
    ("zoc-move-on", [("sov-xx-28-cav", "AGS 5.23")]),
    # sent to the dead pile in its own Movement Phase
    ("off-map-move", [("ger-xx-112", "AGS 5.26")]),
])
def test_illegal_movement_is_found_with_its_case(module: Path, log: str, findings: list[tuple[str, str]]) -> None:
    report = check(module, log)
    assert [(f.unit, f.rule) for f in report.findings] == findings


def test_a_reinforcement_riding_beyond_25_rail_hexes_cites_the_rail_limit(module: Path) -> None:
    """Kiev 19.3, not 23.0: it entered where it may; the ride from its entry hex is too long."""
    report = check(module, "rail-entry-too-far")
    assert [(f.unit_name, f.rule) for f in report.findings] == [("untried Soviet infantry", "Kiev 19.3")]
    assert "uses 26 rail hexes; the limit is 25" in report.findings[0].message
    assert "147" not in report.to_json()


def test_an_undeclared_zoc_move_is_not_excused_as_an_overrun(module: Path) -> None:
    report = check(module, "zoc-move-on")
    assert "no overrun was declared" in report.findings[0].message
    assert not any(n.rule == "AGS 6.0" for n in report.not_checked)


def test_an_overrun_finding_shows_the_overrunning_stack_hex(module: Path) -> None:
    report = check(module, "overrun-by-infantry")
    assert report.findings[0].origin == "1206"


def test_a_finding_names_the_player_of_its_side_where_the_log_has_a_roster(module: Path) -> None:
    """VASSAL's PLAYER entries give each seat a name and a side (the password is never read)."""
    from vmodgen.engine.check.runner import player_names
    from vmodgen.engine.replay import Replay
    from vmodgen.engine.vassal.commands import AddPlayer
    from vmodgen.engine.vassal.module import read_module
    from vmodgen.engine.vassal.savefile import read_game

    saved = read_game(LOGS / "off-map-move.vlog")
    saved.restore.append(AddPlayer("secret", "Alice", "German"))
    names = player_names([Replay(saved, read_module(module))])
    assert names == {"German": "Alice"}


def test_the_text_report_shows_side_and_player() -> None:
    from vmodgen.engine.check.report import Finding
    report = Report("Kiev", ["a.vlog"], findings=[Finding("a.vlog", 3, 1, "German Movement", "German", "ger-xx-112",
                                                          "112 Inf Div", "1206", "", "AGS 5.26", "taken off",
                                                          "Alice")])
    assert "German (Alice)  112 Inf Div" in report.to_text()
    assert '"player": "Alice"' in report.to_json()
