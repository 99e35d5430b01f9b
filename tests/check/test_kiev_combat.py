"""The Kiev combat checker on logs written by the real VASSAL engine
(tests/data/checks/kiev/combat_scenarios.py made them): a battle is judged as a whole —
declared, rolled, losses, retreat paths, advances — and listed in the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.check.conftest import check_kiev_log

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "checks" / "kiev"


check = check_kiev_log


@pytest.mark.parametrize("log", ["advance-before-markers", "advance-after-markers", "retreat-full-length"])
def test_a_retreat_and_the_advance_that_follows_it_are_legal(module: Path, log: str) -> None:
    """-/1 and -/2 taken as retreats along open hexes, the attackers advancing along the path of
    retreat, before or after the battle markers are removed (AGS 9.73, 9.81, 9.85)."""
    report = check(module, log)
    assert report.findings == []
    assert [b.verdict for b in report.battles] == ["legal"]
    assert "advanced" in report.battles[0].applied and "along the path of retreat" in report.battles[0].applied


def test_a_stack_with_every_retreat_shut_is_rightly_eliminated(module: Path) -> None:
    """-/1 against two units whose every retreat hex is enemy-held, across the Dnieper or full
    (AGS 9.71, 9.74, Kiev 19.52): both are eliminated, and that is legal."""
    report = check(module, "retreat-blocked-eliminated")
    assert report.findings == []
    assert report.battles[-1].verdict == "legal" and "no legal retreat of 1" in report.battles[-1].applied


@pytest.mark.parametrize("log, unit, rule", [
    ("advance-too-far", "ger-xx-134", "AGS 9.85"),        # two hexes after a retreat of one
    ("retreat-into-zoc", "sov-xx-6-rifle", "AGS 9.71"),    # retreated next to another German unit
    ("loss-skipped", "ger-xx-98", "AGS 9.66"),            # 1/- with nothing done about it
    ("one-unit-two-battles", "ger-xx-17", "AGS 9.14"),    # a stack of one marked for two battles
    ("eliminated-not-retreated", "sov-xx-10-tank", "Kiev 19.7"),  # -/1: two units removed, a retreat open
    ("advance-late", "ger-xx-134", "AGS 9.83"),           # advanced after the next battle's die
    ("advance-by-bystander", "ger-xx-134", "AGS 9.81"),   # a unit that did not fight moved in
])
def test_a_combat_misplayed_is_found_with_its_case(module: Path, log: str, unit: str, rule: str) -> None:
    report = check(module, log)
    assert [(f.unit, f.rule) for f in report.findings] == [(unit, rule)]
    assert not [n for n in report.not_checked if "which of its units" in n.reason]
    assert any(b.verdict == f"illegal: {rule}" for b in report.battles)


def test_every_battle_is_listed_with_its_sequence(module: Path) -> None:
    report = check(module, "one-unit-two-battles")
    first, second = report.battles
    assert (first.number, second.number) == (1, 2)
    assert first.attacker_hexes == second.attacker_hexes == ["0707"]
    assert first.attackers == ["17 Inf Div"] and first.defender_hex == "0708"
    assert (first.odds, first.die, first.result, first.shifts) == ("1-1", 1, "-/1", [])
    assert first.verdict == "legal" and second.verdict == "illegal: AGS 9.14"


def test_the_json_report_lists_battles(module: Path) -> None:
    document = json.loads(check(module, "retreat-full-length").to_json())
    battle = document["battles"][0]
    assert set(battle) >= {"log", "step", "turn", "attacker_hexes", "attackers", "defender_hex", "defenders",
                           "odds", "shifts", "die", "result", "applied", "verdict"}
    assert (battle["result"], battle["verdict"]) == ("-/2", "legal")


def test_a_finding_about_an_attacker_shows_the_attackers_hexes(module: Path) -> None:
    """Issue 7: the director sees where the offending unit stood and where it went, not the
    defender's hex."""
    [too_far] = check(module, "advance-too-far").findings
    assert (too_far.unit_name, too_far.origin, too_far.destination) == ("134 Inf Div", "0808", "0609")
    [twice] = check(module, "one-unit-two-battles").findings
    assert (twice.unit_name, twice.origin, twice.destination) == ("17 Inf Div", "0707", "")
