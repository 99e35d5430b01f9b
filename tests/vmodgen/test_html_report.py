"""The HTML report: pictures cut from the module's own map for the findings of engine-written
logs (the move, the reachable hexes, enemy zones of control), every log string escaped, and the
page as headless Chromium renders it (skipped, saying so, when Chromium is not installed)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageChops, ImageStat

from vmodgen.engine.check.integrity import DiceStats, IntegrityFlag, audit
from vmodgen.engine.check.report import Finding, Report
from vmodgen.engine.check.runner import check_logs
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.replay import Replay
from vmodgen.engine.vassal import read_game, read_module
from vmodgen.html.picture import REACH_EDGE, ZOC
from vmodgen.html_report import write_html_report
from tests.check.test_integrity import with_roster

REPO = Path(__file__).resolve().parents[2]
KIEV = REPO / "tests" / "data" / "checks" / "kiev"
INTEGRITY = REPO / "tests" / "data" / "integrity"
HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>'


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(REPO / "games" / "kiev")


@pytest.fixture(scope="module")
def reports(module: Path) -> list[Report]:
    return [check_logs([KIEV / "illegal-turn1.vlog"], module, REPO / "games"),
            check_logs([INTEGRITY / "reroll.vlog"], module, REPO / "games")]


@pytest.fixture(scope="module")
def page(reports: list[Report], module: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_html_report(reports, module, tmp_path_factory.mktemp("html"), REPO / "games")


def pixels_of(picture: Path, colour: tuple[int, int, int, int]) -> int:
    """How many pixels have exactly this (opaque) colour: the outlines the picture draws."""
    with Image.open(picture) as image:
        return int(np.all(np.asarray(image.convert("RGB")) == colour[:3], axis=-1).sum())


def test_each_movement_finding_has_its_picture(page: Path, reports: list[Report]) -> None:
    html = page.read_text()
    pictures = re.findall(r'<img src="(game\d+-finding\d+\.png)"', html)
    placed = [i for i, f in enumerate(reports[0].findings, 1) if f.origin or f.destination or f.unit]
    assert [f"game1-finding{i}.png" for i in placed] == [p for p in pictures if p.startswith("game1-")]
    assert len(placed) == 5                               # the others are reinforcement schedule findings
    moved = [i for i, f in enumerate(reports[0].findings, 1) if f.origin and f.destination]
    assert "game2-finding1.png" in pictures              # AGS 9.14: the defender, where it stood
    for name in pictures:
        with Image.open(page.parent / name) as image:
            assert image.width > 200 and image.height > 200
    # 219 Mot Div (AGS 5.11) could have moved: its reach is shaded; 58 Rifle Div started in an
    # enemy zone of control (AGS 5.24) and could go nowhere: no shading, but the zone is marked.
    first, second = (page.parent / f"game1-finding{i}.png" for i in moved[:2])
    assert reports[0].findings[moved[0] - 1].rule == "AGS 5.11"
    assert reports[0].findings[moved[1] - 1].rule == "AGS 5.24"
    assert pixels_of(first, REACH_EDGE) > 2000
    assert pixels_of(second, REACH_EDGE) == 0
    assert pixels_of(second, ZOC) > 1000


def test_the_page_shows_integrity_and_dice(page: Path) -> None:
    html = page.read_text()
    assert "reroll" in html and "rolled 1 at step 45, undone, and rolled again at step 47: 5" in html
    assert "<h3>Dice</h3>" in html and "tester" in html


def test_pictures_are_deterministic(reports: list[Report], module: Path, page: Path, tmp_path: Path) -> None:
    again = write_html_report(reports, module, tmp_path, REPO / "games")
    for picture in sorted(page.parent.glob("*.png")):
        assert (tmp_path / picture.name).read_bytes() == picture.read_bytes()
    assert again.read_text() == page.read_text()


def test_strings_from_logs_are_escaped(module: Path, tmp_path: Path) -> None:
    report = Report(HOSTILE, [HOSTILE + ".vlog"], steps=1, turns=(1, 1))
    report.findings.append(Finding(HOSTILE, 1, 1, HOSTILE, HOSTILE, "", HOSTILE, HOSTILE, HOSTILE, HOSTILE, HOSTILE))
    report.integrity.append(IntegrityFlag(HOSTILE, 2, "player-changed", HOSTILE, HOSTILE, HOSTILE))
    report.dice.append(DiceStats(HOSTILE, HOSTILE, HOSTILE, 1, {1: 1}, None, None))
    html = write_html_report([report], module, tmp_path).read_text()
    assert "<script>" not in html and "<img src=x" not in html
    assert html.count("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;") >= 8


def test_names_from_a_log_are_escaped_on_the_page(module: Path, tmp_path: Path) -> None:
    first = with_roster(INTEGRITY / "restart-1.vlog", tmp_path / "a.vlog", ("pw-1", HOSTILE, "German"))
    second = with_roster(INTEGRITY / "restart-2.vlog", tmp_path / "b.vlog", ("pw-1", HOSTILE, "Soviet"))
    report = check_logs([first], module, REPO / "games")
    # the two files are not one game (check_logs refuses them): their audit is the report's here
    logs = [(path.name, Replay(read_game(path), read_module(module))) for path in (first, second)]
    report.integrity = audit(logs, [p.name for p in load_game(REPO / "games" / "kiev").phases]).flags
    assert any(f.kind == "side-changed" and f.player == HOSTILE for f in report.integrity)
    html = write_html_report([report], module, tmp_path / "page", REPO / "games").read_text()
    assert "<script>" not in html and "<img src=x" not in html and "pw-1" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html


@dataclass(frozen=True)
class Battle:
    """The fields of the combat checker's battle entries (Report.battles) the page shows."""

    number: int
    turn: int
    phase: str
    attacker_hexes: list[str]
    defender_hex: str
    odds: str
    die: int | None
    result: str
    verdict: str


def test_battles_are_tabled_with_odds_die_and_result(module: Path, tmp_path: Path) -> None:
    report = Report("Kiev", ["a.vlog"], steps=1, turns=(1, 1))
    report.battles = [Battle(1, 1, "German Combat", ["0707", "0808"], "0708", "2-1", 5, "-/1", "applied"),
                      Battle(2, 1, "German Combat", ["0909"], "0708", "1-1", None, "", HOSTILE)]
    html = write_html_report([report], module, tmp_path).read_text()
    assert "<h3>Battles (2)</h3>" in html
    assert "<td>1</td><td>1</td><td>German Combat</td><td>0707, 0808</td><td>0708</td><td>2-1</td><td>5</td>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html


PROBE = """<script>window.addEventListener("load", () => {
  const rects = [...document.images].map(i => {const r = i.getBoundingClientRect();
    return {src: i.getAttribute("src"), x: r.x, y: r.y, w: r.width, h: r.height, natural: i.naturalWidth};});
  const out = document.createElement("pre"); out.id = "probe"; out.textContent = JSON.stringify(rects);
  document.body.appendChild(out);});</script>"""


def chromium(*args: str) -> subprocess.CompletedProcess[str]:
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    assert binary is not None
    return subprocess.run([binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--force-device-scale-factor=1", "--window-size=1200,2400", *args],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(not (shutil.which("chromium") or shutil.which("chromium-browser")),
                    reason="Chromium is not installed (Debian: apt-get install chromium); the page was not "
                           "rendered in a browser")
def test_chromium_renders_the_pictures(page: Path, tmp_path: Path) -> None:
    # where the browser lays the pictures out, and whether it decoded them (naturalWidth)
    probe = page.parent / "probe.html"
    probe.write_text(page.read_text().replace("</body>", PROBE + "</body>"))
    dom = chromium("--virtual-time-budget=10000", "--dump-dom", probe.as_uri()).stdout
    probe.unlink()
    rects = json.loads(re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S).group(1).replace("&quot;", '"'))
    assert rects and all(r["natural"] > 0 for r in rects)
    shot = tmp_path / "page.png"
    chromium(f"--screenshot={shot}", "--virtual-time-budget=10000", page.as_uri())
    screen = Image.open(shot).convert("RGB")
    seen = [r for r in rects if r["y"] + r["h"] <= screen.height]
    assert len(seen) >= 2
    for r in seen:
        box = (round(r["x"]), round(r["y"]), round(r["x"] + r["w"]), round(r["y"] + r["h"]))
        shown = screen.crop(box)
        assert max(ImageStat.Stat(shown).stddev) > 20, f"{r['src']} is blank on screen"
        with Image.open(page.parent / r["src"]) as source:
            expected = source.convert("RGB").resize(shown.size)
        difference = sum(ImageStat.Stat(ImageChops.difference(shown, expected)).mean) / 3
        assert difference < 25, f"{r['src']} on screen differs from the picture drawn ({difference:.0f})"
