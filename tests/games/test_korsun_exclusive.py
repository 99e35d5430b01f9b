"""Korsun's exclusive rules judged on logs the real VASSAL engine wrote (issue 10): overruns by
side (Korsun 19.4), mandatory reinforcements in their entry areas (26.0, 26.1) and the active HQs'
attack limits from Game-Turn 5 (23.2, 23.21), German divisional integration (19.5, 19.51, 19.56) and
the Baeke regiment's free stacking (19.3). Each legal log checks clean; each illegal one is
flagged with its case and nothing else, with the same verdicts whether VASSAL 3.6 or 3.7 wrote
the log (3.7's copies in 3.7/). Why each log is legal or not, with its hexes and dice, is
in tests/data/checks/korsun/exclusive/scenarios.py, which wrote the scripts (make_logs.py the logs)."""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
import shutil
from pathlib import Path

import pytest

from vmodgen.engine.check.runner import check_logs
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.korsun import hq_operations
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.stacking import stacking_violations

from tests.games.engine_logs import WRITERS, EngineLogs, assert_clean

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "checks" / "korsun" / "exclusive"
KORSUN_LOGS = EngineLogs("korsun", "exclusive")

LEGAL = ["overrun-by-tank", "overrun-by-german-infantry", "reinforcements-on-time", "hq-operations-within",
         "infantry-division-shift", "panzer-division-attack", "baeke-stacks-free"]

#: log: (case, unit the finding names ("": the turn's schedule), Game-Turn of the finding)
ILLEGAL = {
    "overrun-by-rifle": [("Korsun 19.4", "sov-xx-6", 1)],
    "reinforcement-withheld": [("Korsun 26.1", "", 3)],
    "reinforcement-late": [("Korsun 26.1", "", 3), ("Korsun 26.1", "sov-xxx-29-tank", 4)],
    "reinforcement-wrong-area": [("Korsun 26.1", "sov-xxx-3gd-tank", 3)],
    "hq-operations-over": [("Korsun 23.2", "sov-x-20gd-tank", 5)],
    "hq-operations-overrun": [("Korsun 23.21", "sov-xx-1gd-cav", 5)],
    "infantry-division-unshifted": [("Korsun 19.56", "sov-x-25-tank", 1)],
    "panzer-division-partial": [("Korsun 19.5", "ger-iii-111-11", 1)],
    "baeke-overstacked": [("AGS 7.0", "", 6)],        # 19.3: Baeke is free, the fourth other unit is not
}


log = KORSUN_LOGS.log


module = KORSUN_LOGS.module_fixture()


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", LEGAL)
def test_a_legal_log_checks_clean(module: Path, name: str, writer: str) -> None:
    report = KORSUN_LOGS.check(module, name, writer)
    assert_clean(report)


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_an_illegal_log_is_flagged_with_its_case(module: Path, name: str, writer: str) -> None:
    report = KORSUN_LOGS.check(module, name, writer)
    assert [(f.rule, f.unit, f.turn) for f in report.findings] == ILLEGAL[name]
    assert report.errors == []


@pytest.mark.parametrize("writer", WRITERS)
def test_the_hq_limit_counts_game_turn_5_battles_and_names_the_hq(module: Path, writer: str) -> None:
    # Korsun 23.2: the 5 Gd Tank Army HQ (Leadership 6) has three operations, taken by battles 1-3
    report = KORSUN_LOGS.check(module, "hq-operations-over", writer)
    (finding,) = report.findings
    assert finding.message.startswith("battle 4 on Game-Turn 5 ")
    assert "HQ 5 Gd Tank Army: 3, wanted by battle 1, battle 2, battle 3" in finding.message


@pytest.mark.parametrize("writer", WRITERS)
def test_german_infantry_overrun_is_legal_only_by_the_per_side_classes(tmp_path: Path, module: Path, writer: str) -> None:
    # Korsun 19.4 lets every German unit overrun; with one list for both sides (Kiev 19.41's
    # mechanized only) the same overrun by the 282nd's infantry regiments is a finding
    games = tmp_path / "games"
    shutil.copytree(REPO / "games" / "korsun", games / "korsun")
    toml = games / "korsun" / "game.toml"
    text, changed = re.subn(r"(\[rules\.overrun_classes\]\nvalue = ).*", r'\1["mech"]', toml.read_text())
    assert changed == 1
    toml.write_text(text)
    report = check_logs([log("overrun-by-german-infantry", writer)], module, games)
    assert sorted((f.rule, f.unit) for f in report.findings) == [
        ("Korsun 19.4", "ger-iii-848-282"), ("Korsun 19.4", "ger-iii-849-282"), ("Korsun 19.4", "ger-iii-850-282")]


def test_operations_are_assigned_to_hqs_by_matching() -> None:
    assert doctest.testmod(hq_operations).failed == 0
    # three operations that each only one of two HQs with one operation apiece can take
    assert not hq_operations.assignable([frozenset({"a", "b"})] * 3, {"a": 1, "b": 1})
    assert hq_operations.assignable([frozenset({"a", "b"})] * 2, {"a": 1, "b": 1})


@pytest.mark.parametrize("name", sorted([*LEGAL, *ILLEGAL]))
def test_the_committed_script_is_what_scenarios_py_writes(name: str) -> None:
    spec = importlib.util.spec_from_file_location("korsun_exclusive_scenarios", LOGS / "scenarios.py")
    assert spec is not None and spec.loader is not None
    scenarios = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scenarios)
    assert json.loads((LOGS / f"{name}.json").read_text())["actions"] == scenarios.resolved(scenarios.SCENARIOS[name])


@pytest.mark.parametrize("writer", WRITERS)
def test_the_overstacked_hex_is_named_with_baeke_not_counted(module: Path, writer: str) -> None:
    # Korsun 19.3: five units in 0119 on Game-Turn 6, Baeke among them: four count against three
    (finding,) = KORSUN_LOGS.check(module, "baeke-overstacked", writer).findings
    assert finding.phase == "German Movement"
    assert finding.message.startswith("4 German combat units in 0119 (") and "Baeke Heavy Tank Rgt" in finding.message


def test_baeke_stacks_for_free_and_a_fourth_regiment_does_not() -> None:
    # Korsun 19.3: the Baeke regiment may be in the same hex with three units (rules.stacking_free_types)
    game = load_game(REPO / "games" / "korsun")
    hex_ = game.map.layout.parse("0119")
    first_pz = ["ger-iii-1-1-pz", "ger-iii-1-1-pg", "ger-iii-113-1"]

    def stacked(keys: list[str]) -> list[str]:
        units = {k: UnitState(game.counter(k), hex_, False) for k in keys}
        return [v.case for v in stacking_violations(Situation(game, 6, 5, units), "German")]

    assert stacked([*first_pz, "ger-iii-bake"]) == []
    assert stacked([*first_pz, "ger-iii-lah-lah"]) == ["AGS 7.0"]
    assert stacked([*first_pz, "ger-iii-bake", "ger-iii-lah-lah"]) == ["AGS 7.0"]
