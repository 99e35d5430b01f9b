"""A director checks a log with a module an older vmodgen built: its victory data may lack a key
this checker's tally reads (Rostov's `west_edge_printed` came with the tally). The findings must
stand and the report say why the tally is missing, never stop with an internal error."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from vmodgen.build import build_game
from vmodgen.engine.check.runner import check_logs

REPO = Path(__file__).resolve().parents[2]
LOG = REPO / "tests" / "data" / "checks" / "rostov" / "air-attack-no-marker.vlog"


def test_victory_data_without_a_key_the_tally_reads_leaves_the_findings_and_says_so(tmp_path: Path) -> None:
    games = tmp_path / "games"
    shutil.copytree(REPO / "games" / "rostov", games / "rostov")
    victory = games / "rostov" / "victory.toml"
    victory.write_text(re.sub(r"(?m)^west_edge_printed = .*\n", "", victory.read_text()))
    module = build_game(games / "rostov", tmp_path / "build").path
    older = check_logs([LOG], module)
    current = check_logs([LOG], build_game(REPO / "games" / "rostov", tmp_path / "current").path)
    assert [(f.rule, f.unit, f.step) for f in older.findings] == [(f.rule, f.unit, f.step) for f in current.findings]
    assert [f.rule for f in older.findings] == ["AGS 9.66"]
    assert len(older.summary) == 1 and older.summary[0].startswith("Victory Points: not worked out")
    assert any(line.startswith("Victory Points for the log") for line in current.summary)
