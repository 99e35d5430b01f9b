"""PGG 12.3's 0-1-6 committed to an attack, on logs the real VASSAL engine wrote, 3.6 and 3.7
(tests/data/checks/panzergruppe-guderian/committed-0-1-6-*.vlog, from scenarios.py's
``_committed_0_1_6`` by make_logs.py): on Game-Turn 3 the untried #87 (0-1-6) and #86 (1-2-6)
step next to the 6th Infantry Division and attack it; both are revealed at the die (1-3, die 1:
A1, #86 takes the step). #87 may never attack: committed untried, it must retreat as a Leader
does (PGG 10.23). The logs carry the first Soviet Movement Phases' findings (see
test_pgg_checks.py): only the phases after them are asserted here."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.check.report import Report

from tests.games.engine_logs import WRITERS, EngineLogs

LOGS = EngineLogs("panzergruppe-guderian")
module = LOGS.module_fixture()
check = LOGS.check


def combat(report: Report) -> list[tuple[str | None, str, int, str]]:
    """(unit, case, step, hex) of the findings outside the Soviet Movement Phases."""
    return [(f.unit, f.rule, f.step, f.origin) for f in report.findings if f.phase != "Soviet Movement"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_committed_0_1_6_that_retreats_checks_clean(module: Path, writer: str) -> None:
    # #87 goes back to the hex it entered the 6th's zone from: no finding; the attackers' A1 is
    # reported not checked (whether #87 counts toward it as a Leader's step is not said).
    report = check(module, "committed-0-1-6-retreats", writer)
    assert combat(report) == []
    assert any(n.rule == "PGG 12.3" and "0-1-6 committed to the attack" in n.reason for n in report.not_checked)


@pytest.mark.parametrize("writer", WRITERS)
def test_a_committed_0_1_6_that_stays_is_found(module: Path, writer: str) -> None:
    # #87 stays in 0309, where it attacked from: PGG 12.3, at the battle's die (log step 42).
    report = check(module, "committed-0-1-6-stays", writer)
    assert combat(report) == [("sov-rifle-87", "PGG 12.3", 42, "0309")]
    message = next(f.message for f in report.findings if f.rule == "PGG 12.3")
    assert "committed to battle 1 from 0309 untried and revealed as a 0-1-6" in message
