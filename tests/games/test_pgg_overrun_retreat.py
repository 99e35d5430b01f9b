"""An overrunner's retreat [PGG 6.52, 9.65, 9.71] on logs the real VASSAL engine wrote, 3.6 and 3.7
(tests/data/checks/panzergruppe-guderian/overrun-retreat-*.vlog, from scenarios.py's
``_overrun_repulsed`` by make_logs.py). On Game-Turn 2 the 6th Infantry Division (9-7) overruns
#85, #86 and #87 (6-8-6, 1-2-6, 0-1-6) at 4 against 11, 1-3 (1-2 if they are out of supply, which
is not known: die 3 gives A1 on both). It retreats one hex. Before round 8 only the retreat's
length was checked. The logs carry the first Soviet Movement Phase's findings (see
test_pgg_checks.py): only the phases after it are asserted here."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.pgg_logs import WRITERS, check, german, module  # noqa: F401 (module: the fixture)


@pytest.mark.parametrize("writer", WRITERS)
def test_an_overrunners_retreat_out_of_enemy_zones_checks_clean(module: Path, writer: str) -> None:
    report = check(module, "overrun-retreat-legal", writer)
    assert german(report) == []
    assert [n.rule for n in report.not_checked if "overrun 1" in n.reason] == []     # judged


@pytest.mark.parametrize("writer", WRITERS)
def test_an_overrunners_retreat_into_an_enemy_zone_is_found(module: Path, writer: str) -> None:
    # From 0308 into 0208, next to the three divisions in 0309 (PGG 9.71), at the die (log step 34).
    report = check(module, "overrun-retreat-into-zone", writer)
    assert german(report) == [("ger-xx-6-inf", "PGG 9.71", 34, "0308", "0309")]
    message = next(f.message for f in report.findings if f.rule == "PGG 9.71")
    assert "die 3: 1/-: 6 Inf Div retreated from 0308 to 0208, into an enemy-occupied or enemy-controlled hex" \
        in message
