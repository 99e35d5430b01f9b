"""Every Army Group South game's ``[rules.game_cases]`` table (docs/rules-families.md, "A game's
own rules within a family") names only mechanisms the shared checker asks about, and cites the
game's own exclusive rules or the standard rules: a misspelt key would be silently ignored (the
finding would fall back to the standard case), and a value naming another game would send the
player to the wrong rulebook."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GAMES = REPO / "games"
RULES_CODE = REPO / "engine" / "rules"

# game_case(game, "rail", ...) and game_case(situation.game, 'mud') alike.
GAME_CASE_CALL = re.compile(r"""game_case\(\s*[\w.]+\s*,\s*["']([a-z_]+)["']""")


def _read_keys() -> frozenset[str]:
    """The keys the AGS rules code reads, taken from the code itself, not from the docs."""
    return frozenset(k for path in RULES_CODE.rglob("*.py") for k in GAME_CASE_CALL.findall(path.read_text()))


def _ags_games() -> list[tuple[str, dict]]:
    found = []
    for path in sorted(GAMES.glob("*/game.toml")):
        data = tomllib.loads(path.read_text())
        if data.get("system") == "ags":
            found.append((path.parent.name, data))
    return found


READ_KEYS = _read_keys()
AGS_GAMES = _ags_games()


def test_the_code_reads_the_keys_the_docs_list() -> None:
    """The scan finds the keys (a broken pattern would make the test below pass on anything)."""
    docs = (REPO / "docs" / "rules-families.md").read_text()
    listed = set(re.findall(r"`([a-z_]+)`", docs.split("The keys\n  the AGS code reads:")[1].split(";")[0]))
    assert {"rail", "mud", "reinforcement_entry", "stalin_directive_overrun"} <= READ_KEYS
    assert listed == READ_KEYS


def test_all_four_quad_games_are_ags() -> None:
    assert {g for g, _ in AGS_GAMES} >= {"kiev", "rostov", "operation-star", "korsun"}


@pytest.mark.parametrize("game_id, data", AGS_GAMES, ids=[g for g, _ in AGS_GAMES])
def test_game_cases_name_read_keys_and_own_or_standard_cases(game_id: str, data: dict) -> None:
    table = data.get("rules", {}).get("game_cases")
    if table is None:
        pytest.skip(f"{game_id} has no [rules.game_cases]")
    assert table.get("source", "").startswith("rules:"), f"{game_id}: game_cases has no rules source"
    short = data["title"].split(":")[0]
    cases = table["value"]
    assert cases, f"{game_id}: empty game_cases"
    unknown = sorted(set(cases) - READ_KEYS)
    assert not unknown, f"{game_id}: game_cases keys no AGS rule reads: {unknown}"
    case_number = r"\d+\.\d+"
    wrong = {k: v for k, v in cases.items()
             if not re.fullmatch(rf"({re.escape(short)}|AGS) {case_number}", str(v))}
    assert not wrong, f"{game_id}: game_cases values citing neither '{short} ' nor 'AGS ': {wrong}"
