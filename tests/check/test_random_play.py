"""Random legal play against the Kiev checker (issue 7, item 8), on committed logs the real
engine wrote (tests/data/checks/kiev/random: the scripts, manifest.json and the script that
made them). A generated game must check clean; a game with one planted violation must be
flagged with the case the rulebook says. The full measurement is bench/bench_random_play.py.

Where the checker is known to be wrong the case is marked xfail(strict=True) with the checker
bug: when the fix lands, the test passes, the xfail turns into a failure, and the mark goes."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from vmodgen.build import build_game
from vmodgen.engine.check.runner import check_logs

REPO = Path(__file__).resolve().parents[2]
KIEV = REPO / "tests" / "data" / "checks" / "kiev"
RANDOM = KIEV / "random"
MANIFEST = json.loads((RANDOM / "manifest.json").read_text())

#: Checker bugs seen on these logs (see the report of issue 7).
RAIL_ENTRY = ("checker bug: a Soviet reinforcement entering by rail (AGS 15.0, Kiev 19.3) is priced as foot "
              "movement from the map edge (false Kiev 23.0)")
KNOWN = {
    "quiet-1": RAIL_ENTRY,
    "quiet-2": RAIL_ENTRY,
    "battles-1": RAIL_ENTRY + "; and an attacker that lost its step and advanced (1/1, AGS 9.68, 9.81) is read as "
                 "'1 step lost or all retreated, never a mix' (false AGS 9.66)",
    "planted-early-reinforcement": "checker bug: a German reinforcement entering early cites Kiev 23.1 (the Soviet "
                                   "schedule) instead of Kiev 23.2",
    "planted-leave-zoc-mech": "checker bug: a panzer regiment leaving an enemy zone of control is 'not checked: "
                              "overrun' (AGS 6.0) although the log shows no overrun (AGS 5.24)",
    "planted-advance-too-far": "checker bug: a three-hex advance after the defender was eliminated cites AGS 9.73 "
                               "(retreats) instead of AGS 9.84",
    "planted-attacker-result-ignored": "checker bug: 1/1, the attacker takes no loss and advances into the hex the "
                                       "defender vacated; read as the attacker's 1-hex retreat (AGS 9.77 forbids "
                                       "it), so the skipped loss (AGS 9.66) passes silently",
    "planted-zoc-continue-mech": "checker bug: an SS motorized regiment that enters an enemy zone of control and "
                                 "moves on is 'not checked: overrun' (AGS 6.0) although the log shows no overrun "
                                 "(AGS 5.23)",
    "planted-wrong-area-leader": "checker bug: the leader Guderian (printed 1A) entering in area B draws no finding "
                                 "(Kiev 23.0: placed in the entry area printed on the counter)",
}


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_game(REPO / "games" / "kiev", tmp_path_factory.mktemp("kiev")).path


def cases(planted: bool) -> list:
    return [pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=KNOWN[name])) if name in KNOWN
            else name for name, meta in MANIFEST.items() if bool(meta["kind"]) == planted]


@pytest.mark.parametrize("name", cases(planted=False))
def test_a_generated_legal_game_checks_clean(module: Path, name: str) -> None:
    report = check_logs([RANDOM / f"{name}.vlog"], module, REPO / "games")
    assert report.turns == (1, MANIFEST[name]["turns"])
    assert [(f.step, f.rule, f.unit, f.message) for f in report.findings] == []
    assert report.errors == []


@pytest.mark.parametrize("name", cases(planted=True))
def test_a_planted_violation_is_flagged_with_its_case(module: Path, name: str) -> None:
    meta = MANIFEST[name]
    report = check_logs([RANDOM / f"{name}.vlog"], module, REPO / "games")
    later = [(f.rule, f.unit) for f in report.findings if f.step >= meta["first_step"]]
    assert meta["case"] in [rule for rule, _ in later], f"{meta['what']}: the checker said {later}"


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_the_committed_script_is_what_its_seed_plays(name: str) -> None:
    """Seeded: regenerating a case gives the committed script, byte for byte."""
    sys.path.insert(0, str(RANDOM))
    sys.path.insert(0, str(KIEV))
    import make_random_logs
    script, meta = make_random_logs.entry(name)
    assert json.loads((RANDOM / f"{name}.json").read_text()) == script
    assert meta == MANIFEST[name]


@pytest.mark.parametrize("source", ["random_play.py", "random_mutate.py"])
def test_the_generator_judges_legality_without_the_checker(source: str) -> None:
    """Its legality judgement must not share code with the checker's (engine/rules, engine/check)."""
    tree = ast.parse((KIEV / source).read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not {m for m in imported if ".rules" in m or ".check" in m or m.startswith(("rules", "check"))}
    assert {m for m in imported if m.startswith("vmodgen.engine")} <= {
        "vmodgen.engine.hexes", "vmodgen.engine.model.loader", "vmodgen.engine.model.units"}
