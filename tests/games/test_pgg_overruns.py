"""Overruns in Panzergruppe Guderian [PGG 6.51, 6.52, 6.55] on logs the real VASSAL engine wrote,
3.6 and 3.7 (tests/data/checks/panzergruppe-guderian/overrun-*.vlog, from scenarios.py's
``_overrun_at_0300`` by make_logs.py). On Game-Turn 2 the 6th Infantry Division (9-7) enters at B
and overruns the revealed 0-1-6 Rifle Div #87 and 0-0-6 #83 in the German Initial Movement Phase:
9 halved to 4 against 1 (the 0-0-6 adds nothing, PGG 12.3), 4-1, judged on the game's own data.
The logs carry the first Soviet Movement Phase's findings (see test_pgg_checks.py): only the
phases after it are asserted here."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report

from tests.games.pgg_logs import WRITERS, check, german, module  # noqa: F401 (module: the fixture)


def overrun_notes(report: Report) -> list[str]:
    return [n.rule for n in report.not_checked if "overrun 1" in n.reason]


@pytest.mark.parametrize("writer", WRITERS)
def test_an_overrun_by_the_rules_checks_clean(module: Path, writer: str) -> None:
    # 4-1, die D2: #87 eliminated, #83 removed at revelation; the 6th moves into the hex (PGG 6.51)
    # having spent at most 4 of its 7 Movement Points before the overrun's 3.
    report = check(module, "overrun-legal", writer)
    assert german(report) == []
    assert overrun_notes(report) == []          # resolved and judged, not "not checked"


@pytest.mark.parametrize("writer", WRITERS)
def test_more_movement_points_than_the_overrun_leaves_are_found(module: Path, writer: str) -> None:
    # By way of another hex the 6th spends 6 MP to reach 0308, then 3 for the overrun: 9 of 7. The
    # finding is at the overrun's die (log step 31: one drop more than overrun-no-advance's 30).
    report = check(module, "overrun-too-far", writer)
    assert german(report) == [("ger-xx-6-inf", "PGG 6.51", 31, "palette", "0309")]
    finding = next(f for f in report.findings if f.rule == "PGG 6.51")
    assert "spent 6 MP to reach 0308 and 3 MP for overrun 1 on 0309: 9 MP; it has 7" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_overrunners_that_do_not_enter_the_vacated_hex_are_found(module: Path, writer: str) -> None:
    # D2: #87 eliminated, #83 removed; the 6th stays in 0308 (the finding at the die, log step 30).
    report = check(module, "overrun-no-advance", writer)
    assert german(report) == [("ger-xx-6-inf", "PGG 6.51", 30, "palette", "0308")]
    assert "stayed in 0308 after overrun 1 on 0309 emptied 0309" in report.findings[-1].message


@pytest.mark.parametrize("writer", WRITERS)
def test_overrunners_that_move_on_after_an_engaged_result_are_found(module: Path, writer: str) -> None:
    # Eng: #87 eliminated, the 6th steps down to its 4-7 marker, then moves into 0309 (PGG 6.52,
    # 9.67), the finding at that move (log step 34).
    report = check(module, "overrun-engaged-moves-on", writer)
    assert german(report) == [("ger-xx-6-inf", "PGG 6.52", 34, "palette", "0309")]
    assert "which was engaged" in next(f.message for f in report.findings if f.rule == "PGG 6.52")
