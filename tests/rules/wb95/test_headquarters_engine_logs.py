"""Headquarters in combat on logs the real VASSAL engine wrote for Korsun 1944, on both engines
(tests/data/checks/korsun-1944/hq-*.vlog, scripts in combat_scenarios.py): an HQ's roll modifier
only within its range [WB95 9.2.1, 9.2.2], and the 5 CMs of an HQ's elimination only in the next
two Combat Phases [9.1.6] within 8 hexes of where it fell [9.1.7]. The SPs that make the bonus
matter are the TEST owner values' (tests/data/korsun-1944-test-values, not the real counters)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.wb95.conftest import WRITERS, check
from vmodgen.engine.check.report import Report
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.wb95.combat_checks import CHECKS
from vmodgen.engine.rules.wb95.headquarters import Elimination, combat_phases_between, elimination_bonus
from tests.rules.wb95.combat_fixtures import korsun, position


def findings(report: Report) -> list[tuple[str, str]]:
    return [(f.rule, f.message) for f in report.findings]


def test_the_combat_checks_claim_the_headquarters_cases() -> None:
    claimed = {case for check in CHECKS for case in check.cases}
    assert {"WB95 9.1.6", "WB95 9.2.1"} <= claimed


@pytest.mark.parametrize("writer", WRITERS)
def test_a_roll_modified_by_an_hq_in_range_checks_clean(module: Path, with_values: Path, writer: str) -> None:
    # Roll 7 at 2:1 played as row 6 (-/D2): a Soviet HQ within 3 hexes of the attacker.
    for games in (None, with_values):
        report = check(module, "hq-in-range", writer, games)
        assert findings(report) == [] and [b.verdict for b in report.battles] == ["legal"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_roll_modified_with_no_hq_in_range_is_found(module: Path, with_values: Path, writer: str) -> None:
    # The same play 5 hexes from the nearest Soviet HQ: the finding cites 9.2.1 (not the retreat
    # row 7 does not allow), on the attacker's hex, with the book's data and with the TEST values.
    for games in (None, with_values):
        report = check(module, "hq-out-of-range", writer, games)
        assert [rule for rule, _ in findings(report)] == ["WB95 9.2.1"]
        message = findings(report)[0][1]
        assert "roll 7 less 1 for a Soviet HQ" in message and "range of 3 hexes" in message
        assert "HQ 4 Guards Army is 5 hexes away" in message and "of 5617" in message
        assert [b.verdict for b in report.battles] == ["illegal: WB95 9.2.1"]     # the notes are no verdict


@pytest.mark.parametrize("writer", WRITERS)
def test_an_elimination_bonus_used_near_where_the_hq_fell_checks_clean(module: Path, with_values: Path,
                                                                       writer: str) -> None:
    # The Soviet HQ lost for a CEL in the Soviet Attack; the German 5:1 next phase, 2 hexes away:
    # the TEST values' SPs allow 2:1 at most, 7:1 with the bonus.
    for games in (None, with_values):
        report = check(module, "hq-bonus-near", writer, games)
        assert findings(report) == [] and [b.verdict for b in report.battles] == ["legal"] * 3


@pytest.mark.parametrize("writer", WRITERS)
def test_an_elimination_bonus_used_far_from_where_the_hq_fell_is_found(module: Path, with_values: Path,
                                                                      writer: str) -> None:
    # The same 5:1, 19 hexes from where the HQ fell: a finding with the TEST values (1:1 at most
    # without the bonus), a note resting on the declaration without them.
    report = check(module, "hq-bonus-far", writer)
    assert findings(report) == []
    assert any(n.rule == "WB95 1.5" and "battle 3" in n.reason for n in report.not_checked)
    report = check(module, "hq-bonus-far", writer, with_values)
    assert [rule for rule, _ in findings(report)] == ["WB95 9.1.7"]
    message = findings(report)[0][1]
    assert "5:1" in message and "HQ 4 Guards Army (turn 1, Soviet Attack, 5719)" in message
    assert [b.verdict for b in report.battles] == ["legal", "legal", "illegal: WB95 9.1.7"]


def test_the_bonus_lasts_the_next_two_combat_phases() -> None:
    """9.1.6's example: an HQ lost in a Combat Phase gives the bonus in the next two (the other
    side's, then its own next turn), not in the third."""
    game = korsun()
    fallen = [Elimination("sov-4ga-hq", "Soviet", game.map.layout.parse("5719"), 1, 3)]   # turn 1, Soviet Attack
    hexes = [game.map.layout.parse("5620")]
    combat = [i for i, p in enumerate(game.phases) if p.kind == "combat"]

    def at(turn: int, phase: str) -> Situation:
        return Situation(game, turn, [p.name for p in game.phases].index(phase), position(game, {}).units)
    assert [elimination_bonus(at(t, p), "German", hexes, fallen, 5) for t, p in
            ((1, "German Attack"), (2, "Soviet Attack"), (2, "German Attack"))] == [5, 5, 0]
    assert elimination_bonus(at(2, "German Attack"), "Soviet", hexes, fallen, 5) == 0      # its own HQ
    assert elimination_bonus(at(2, "German Attack"), "German", hexes, fallen, 5, anywhere=True) == 5
    far = [game.map.layout.parse("4706")]
    assert elimination_bonus(at(1, "German Attack"), "German", far, fallen, 5) == 0         # 9.1.7
    assert combat_phases_between(combat, len(game.phases), (1, 3), (2, 9)) == 3
