"""A unit in two overruns of one Movement Phase [PGG 6.51, 6.54, 6.56] on logs the real VASSAL
engine wrote, 3.6 and 3.7 (tests/data/checks/panzergruppe-guderian/overrun-twice-*.vlog, from
scenarios.py's ``_overrun_twice`` by make_logs.py). On Game-Turn 3 the 6th Infantry Division
(Movement Allowance 7) overruns #87 (0-1-6) in 0309, enters the emptied hex and overruns #86
(1-2-6) in 0308 from there. Before round 8 such a unit's moves were reported not checked. The logs
carry the Soviet Movement Phases' findings (see test_pgg_checks.py): only the others are asserted
here."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report

from tests.games.pgg_logs import WRITERS, check, german, module  # noqa: F401 (module: the fixture)


def overrun_notes(report: Report) -> list[str]:
    """The cases of the entries that leave either overrun, or the unit's moves, not checked."""
    return [n.rule for n in report.not_checked
            if any(words in n.reason for words in ("overrun 1", "overrun 2", "took part in"))]


@pytest.mark.parametrize("writer", WRITERS)
def test_two_overruns_within_the_movement_allowance_check_clean(module: Path, writer: str) -> None:
    # 1 MP next to #87, 3 for the overrun, none into 0309, 3 for the overrun of 0308: 7 of 7.
    report = check(module, "overrun-twice-legal", writer)
    assert german(report) == []
    assert overrun_notes(report) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_two_overruns_after_a_detour_are_found(module: Path, writer: str) -> None:
    # The detour makes it 6 MP up to the second overrun (the first's 3 included) and 9 with it: PGG
    # 6.51 at the second overrun's die (log step 51).
    report = check(module, "overrun-twice-too-far", writer)
    assert german(report) == [("ger-xx-6-inf", "PGG 6.51", 51, "0509", "0308")]
    message = next(f.message for f in report.findings if f.rule == "PGG 6.51")
    assert "6 MP to reach 0309 (its earlier overruns included) and 3 MP for overrun 2 on 0308: 9 MP; it has 7" \
        in message
