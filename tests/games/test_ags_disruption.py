"""AGS 6.31-6.33 (disruption after an overrun) on engine-written logs (3.6 and 3.7).

Rostov (tests/data/checks/rostov/disruption_scripts.py): the 16th Panzer Division overruns the
255th Rifle Division in 1510 in the Axis Movement Phase of Game-Turn 1, die 1: the 255th retreats
to 1511 and is disrupted; moving it in the Soviet Movement Phase (disruption-moves) breaks AGS
6.32, keeping it still (disruption-stays) is legal.

Korsun: the engine-written logs of
tests/data/checks/korsun/exclusive/ (disruption_scenarios.py there): the 282nd Infantry Division
overruns the 63rd Cavalry Division in 2716 in the German Movement Phase of Game-Turn 1, die 1 at
1-1: -/1, the cavalry loses a step and is disrupted until the Soviet Disruption Removal Phase of
Game-Turn 2. Moving it (disrupted-moves) or attacking with it (disrupted-attacks) in the Soviet
Player-Turn of Game-Turn 2 breaks AGS 6.32; the same attack on Game-Turn 3 (disrupted-waits) is
legal. Kiev has no disruption (Kiev 19.22, 19.42: ``rules.disruption = false``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules import overrun
from vmodgen.engine.rules.verdict import CannotCheck

from tests.games.engine_logs import REPO, WRITERS, EngineLogs

KORSUN_LOGS = EngineLogs("korsun", "exclusive")
ROSTOV_LOGS = EngineLogs("rostov")

module = KORSUN_LOGS.module_fixture()
rostov_module = ROSTOV_LOGS.module_fixture()


@pytest.mark.parametrize("writer", WRITERS)
def test_a_disrupted_rostov_unit_moved_in_the_soviet_movement_phase_is_flagged(rostov_module: Path,
                                                                               writer: str) -> None:
    (finding,) = ROSTOV_LOGS.check(rostov_module, "disruption-moves", writer).findings
    assert (finding.rule, finding.step, finding.turn, finding.phase) == ("AGS 6.32", 24, 1, "Soviet Movement")
    assert (finding.unit_name, finding.origin, finding.destination) == ("255 Rifle Div", "1511", "1512")
    assert "overrun 1 in 1510" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_disrupted_rostov_unit_that_stays_is_legal(rostov_module: Path, writer: str) -> None:
    report = ROSTOV_LOGS.check(rostov_module, "disruption-stays", writer)
    assert report.findings == []
    assert not [n for n in report.not_checked if "6.3" in n.rule]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_disrupted_unit_moved_in_its_next_movement_phase_is_flagged(module: Path, writer: str) -> None:
    findings = KORSUN_LOGS.check(module, "disrupted-moves", writer).findings
    (finding,) = [f for f in findings if f.rule == "AGS 6.32"]
    assert (finding.step, finding.turn, finding.phase, finding.side) == (24, 2, "Soviet Movement", "Soviet")
    assert (finding.unit_name, finding.origin, finding.destination) == ("63 Cavalry Div", "2716", "2816")
    assert "overrun 1 in 2716" in finding.message
    # the move also leaves the German zone of control, and nothing else is wrong with the log
    assert sorted(f.rule for f in findings) == ["AGS 5.24", "AGS 6.32"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_disrupted_unit_attacking_is_flagged(module: Path, writer: str) -> None:
    report = KORSUN_LOGS.check(module, "disrupted-attacks", writer)
    (finding,) = report.findings
    assert (finding.rule, finding.step, finding.turn, finding.phase) == ("AGS 6.32", 27, 2, "Soviet Combat")
    assert finding.origin == "2716" and "battle 1" in finding.message and "63 Cavalry Div" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_the_attack_after_the_disruption_removal_phase_is_legal(module: Path, writer: str) -> None:
    report = KORSUN_LOGS.check(module, "disrupted-waits", writer)
    assert report.findings == []
    assert not [n for n in report.not_checked if "6.3" in n.rule]


def test_kiev_has_no_disruption() -> None:
    assert load_game(REPO / "games" / "kiev").rules["disruption"].value is False
    for game in ("rostov", "operation-star", "korsun"):
        assert load_game(REPO / "games" / game).rules["disruption"].value is True


def test_a_defender_of_an_overrun_whose_result_is_not_known_moves_not_checked(
        module: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """AGS 6.31: with the overrun's CRT cell unreadable, whether the cavalry lost a step to the
    result is not known; its move on Game-Turn 2 is then not checked for disruption, never a finding."""
    def unreadable(game: object, column: str, die: int) -> object:
        raise CannotCheck("the CRT cell is not readable", "AGS 9.5")

    monkeypatch.setattr(overrun, "crt_result", unreadable)
    report = KORSUN_LOGS.check(module, "disrupted-moves", "3.6")
    assert [f.rule for f in report.findings] == ["AGS 5.24"]
    (unknown,) = [n for n in report.not_checked if n.rule == "AGS 6.32"]
    assert unknown.step == 24 and "63 Cavalry Div" in unknown.reason and "may be disrupted" in unknown.reason
