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
from collections.abc import Callable
from pathlib import Path

import pytest

from vmodgen.engine.check.runner import check_logs

REPO = Path(__file__).resolve().parents[2]
KIEV = REPO / "tests" / "data" / "checks" / "kiev"
RANDOM = KIEV / "random"
MANIFEST = json.loads((RANDOM / "manifest.json").read_text())

#: Checker bugs seen on these logs (see the report of issue 7): none left.
KNOWN: dict[str, str] = {}


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(REPO / "games" / "kiev")


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
    import make_random_logs
    script, meta = make_random_logs.entry(name)
    assert json.loads((RANDOM / f"{name}.json").read_text()) == script
    assert meta == MANIFEST[name]


@pytest.mark.parametrize("source", ["random_play.py", "random_mutate.py"])
def test_the_generator_judges_legality_without_the_checker(source: str) -> None:
    """Its legality judgement must not share code with the checker's (engine/rules, engine/check)."""
    tree = ast.parse((KIEV.parent / source).read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not {m for m in imported if ".rules" in m or ".check" in m or m.startswith(("rules", "check"))}
    assert {m for m in imported if m.startswith("vmodgen.engine")} <= {
        "vmodgen.engine.hexes", "vmodgen.engine.model.loader", "vmodgen.engine.model.units"}
