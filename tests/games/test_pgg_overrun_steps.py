"""A German infantry division's steps lost in an overrun [PGG 6.52, 9.61, 9.67], read from its
Strength Level Markers as the Combat Phase reads them, on logs the real VASSAL engine wrote, 3.6
and 3.7 (tests/data/checks/panzergruppe-guderian/overrun-infantry-*.vlog, from scenarios.py's
``_overrun_at_0300`` by make_logs.py). On Game-Turn 2 the 6th Infantry Division (9-7) overruns the
revealed 0-1-6 #87 and 0-0-6 #83 at 4-1 and the die gives Eng: #87 is eliminated and the 6th must
lose a step and stay where it overran from. The logs carry the first Soviet Movement Phase's
findings (see test_pgg_checks.py): only the phases after it are asserted here."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report

from tests.games.pgg_logs import WRITERS, check, german, module  # noqa: F401 (module: the fixture)


def overrun_notes(report: Report) -> list[str]:
    """The cases of the entries that leave overrun 1 (or a step in it) not checked."""
    return [n.rule for n in report.not_checked if "overrun 1" in n.reason or "steps lost" in n.reason]


@pytest.mark.parametrize("writer", WRITERS)
def test_an_overrunning_division_that_steps_down_to_its_next_marker_checks_clean(module: Path, writer: str) -> None:
    # Eng: the 6th's 9-7 is replaced by its 4-7 Strength Level Marker in 0308 (one step of four
    # lost, PGG 9.61, 9.63) and it stays there (PGG 6.52): judged, and clean.
    report = check(module, "overrun-infantry-steps-down", writer)
    assert german(report) == []
    assert overrun_notes(report) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_an_overrunning_division_that_keeps_its_level_is_found(module: Path, writer: str) -> None:
    # Eng: the 6th stays in 0308 but no marker replaces its 9-7: the step it must lose is not taken
    # (PGG 9.67), found at the overrun's die (log step 30, as overrun-no-advance's).
    report = check(module, "overrun-infantry-step-not-taken", writer)
    assert german(report) == [("ger-xx-6-inf", "PGG 9.67", 30, "0308", "0309")]
    message = next(f.message for f in report.findings if f.rule == "PGG 9.67")
    assert message.startswith("overrunning units of overrun 1 on 0309 at 4-1")
    assert overrun_notes(report) == []
