"""The tournament director's HTML report: one page (``index.html``) for a tournament, one section
per game: what was checked, every finding with a picture cut from the module's own map, battles,
what was not checked, log integrity flags and each player's dice.

Everything a log says (player names, chat, piece names, file names) is hostile input and goes
through :func:`html.escape`. The page works offline: pictures are PNG files written beside it
with deterministic names (``game<N>-finding<M>.png``), and the style sheet is inline.

>>> from vmodgen.engine.check.report import Report
>>> print(_game_header(Report("Kiev <b>", ["a.vlog"], steps=3, turns=(1, 2)), 1).splitlines()[0])
<section class="game" id="game1"><h2>Game 1: Kiev &lt;b&gt;</h2>
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from html import escape
from pathlib import Path

from vmodgen.engine.check.report import Report
from vmodgen.engine.vassal.module import ModuleInfo, read_module
from vmodgen.html.picture import MapArt, legend_colours, render
from vmodgen.html.scenes import Replayed

#: the battle columns shown, in order, when the report has battles (Report.battles)
BATTLE_COLUMNS = ("number", "turn", "phase", "attacker_hexes", "defender_hex", "odds", "die", "result", "verdict")

STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #222; max-width: 1200px; }
h1 { font-size: 1.6em; } h2 { border-bottom: 2px solid #456; padding-bottom: .2em; }
table { border-collapse: collapse; margin: .5em 0 1em; }
th, td { border: 1px solid #bbb; padding: .2em .5em; text-align: left; vertical-align: top; }
th { background: #eef; }
.finding { display: flex; gap: 1em; align-items: flex-start; margin: 1em 0; padding: .5em;
           border: 1px solid #ccd; background: #fafaff; }
.finding img { border: 1px solid #888; max-width: 520px; }
.rule { font-weight: bold; color: #a00; }
.flag { color: #a00; }
.legend span { display: inline-block; width: 1em; height: 1em; vertical-align: middle; margin: 0 .3em 0 1em; }
.ok { color: #070; }
"""


def write_html_report(reports: Sequence[Report], module: Path, out_dir: Path,
                      games_dir: Path | None = None) -> Path:
    """Write ``out_dir/index.html`` and its pictures for the reports of a tournament's games;
    the page's path. ``module`` is the .vmod the games were played with (its map and counter
    images); each report's logs are read again from ``Report.files`` for the pictures."""
    out_dir.mkdir(parents=True, exist_ok=True)
    module_info = read_module(module)
    sections = []
    for number, report in enumerate(reports, 1):
        sections.append(_game(report, number, module, module_info, games_dir, out_dir))
    page = "\n".join([
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Tournament report: {escape(module.name)}</title>", f"<style>{STYLE}</style></head><body>",
        f"<h1>Tournament report</h1><p>{len(reports)} game(s) played with {escape(module.name)}.</p>",
        _summary(reports), *sections, "</body></html>", ""])
    index = out_dir / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


def _summary(reports: Sequence[Report]) -> str:
    rows = [f'<tr><td><a href="#game{n}">{n}: {escape(r.game)}</a></td><td>{escape(", ".join(r.logs))}</td>'
            f"<td>{escape(_players(r))}</td><td>{r.turns[0]}–{r.turns[1]}</td><td>{len(r.findings)}</td>"
            f"<td>{len(r.not_checked)}</td><td>{len(r.integrity)}</td></tr>" for n, r in enumerate(reports, 1)]
    return ("<table><tr><th>Game</th><th>Files</th><th>Players (who rolled)</th><th>Game-Turns</th><th>Findings</th>"
            "<th>Not checked</th><th>Integrity flags</th></tr>" + "".join(rows) + "</table>")


def _players(report: Report) -> str:
    return ", ".join(sorted({d.player + (f" ({d.side})" if d.side else "") for d in report.dice}))


def _game(report: Report, number: int, module: Path, module_info: ModuleInfo, games_dir: Path | None,
          out_dir: Path) -> str:
    parts = [_game_header(report, number), _findings(report, number, module, module_info, games_dir, out_dir)]
    parts += [_battles(report), _integrity(report), _dice(report), _not_checked(report), _errors(report), "</section>"]
    return "\n".join(p for p in parts if p)


def _game_header(report: Report, number: int) -> str:
    return (f'<section class="game" id="game{number}"><h2>Game {number}: {escape(report.game)}</h2>\n'
            f"<p>{escape(', '.join(report.logs))}: {report.steps} steps, Game-Turns {report.turns[0]} to "
            f"{report.turns[1]}.</p>")


def _findings(report: Report, number: int, module: Path, module_info: ModuleInfo, games_dir: Path | None,
              out_dir: Path) -> str:
    if not report.findings:
        return '<h3>Findings</h3><p class="ok">No rule violations found.</p>'
    replayed = Replayed(report, module_info, module, games_dir) if report.files else None
    art = None
    if replayed is not None:
        try:
            art = MapArt(module, module_info, replayed.game)
        except ValueError:
            art = None          # a module without the map's image: findings are listed without pictures
    pictured, elsewhere = [], []
    try:
        for index, finding in enumerate(report.findings, 1):
            scene = replayed.scene(finding) if replayed is not None else None
            if art is None or scene is None:
                elsewhere.append(finding)
                continue
            name = f"game{number}-finding{index}.png"
            (out_dir / name).write_bytes(render(art, scene))
            alt = f"{finding.unit_name or finding.side} {finding.origin} to {finding.destination}"
            where = " → ".join(escape(h) for h in (finding.origin, finding.destination) if h)
            pictured.append(
                f'<div class="finding"><img src="{name}" alt="{escape(alt)}"><div><p><span class="rule">'
                f"{escape(finding.rule)}</span> {escape(finding.log)} step {finding.step}, Game-Turn {finding.turn}, "
                f"{escape(finding.phase)}</p><p>{escape(finding.side)} {escape(finding.unit_name)} {where}</p>"
                f"<p>{escape(finding.message)}</p></div></div>")
    finally:
        if art is not None:
            art.close()
    legend = "".join(f'<span style="background: rgba{colour}"></span>{escape(label)}' for label, colour in legend_colours())
    parts = [f"<h3>Findings ({len(report.findings)})</h3>"]
    if pictured:
        parts.append(f'<p class="legend">{legend}; the start hex is a white dot (a unit entering the map: a blue ring where it was put down), the unit framed in blue.</p>')
        parts += pictured
    if elsewhere:
        rows = "".join(f"<tr><td>{escape(f.log)}</td><td>{f.step}</td><td>{f.turn}</td><td>{escape(f.phase)}</td>"
                       f"<td>{escape(f.side)}</td><td class=\"rule\">{escape(f.rule)}</td><td>{escape(f.message)}</td></tr>"
                       for f in elsewhere)
        parts.append(f"<p>Not on the map:</p><table><tr><th>Log</th><th>Step</th><th>Turn</th><th>Phase</th>"
                     f"<th>Side</th><th>Rule</th><th>What</th></tr>{rows}</table>")
    return "".join(parts)


def _battles(report: Report) -> str:
    battles = getattr(report, "battles", [])      # Report.battles: added by the combat checker
    if not battles:
        return ""
    rows = []
    for battle in battles:
        values = dataclasses.asdict(battle)
        rows.append("<tr>" + "".join(f"<td>{escape(_cell(values.get(c)))}</td>" for c in BATTLE_COLUMNS) + "</tr>")
    head = "".join(f"<th>{escape(c.replace('_', ' '))}</th>" for c in BATTLE_COLUMNS)
    return f"<h3>Battles ({len(battles)})</h3><table><tr>{head}</tr>{''.join(rows)}</table>"


def _cell(value: object) -> str:
    if value is None:
        return "–"
    if isinstance(value, (list, tuple, set)):
        return ", ".join(str(v) for v in value)
    return str(value)


def _integrity(report: Report) -> str:
    if not report.integrity:
        return '<h3>Log integrity</h3><p class="ok">Nothing to flag.</p>'
    rows = "".join(f'<tr><td>{escape(f.log)}</td><td>{f.step}</td><td class="flag">{escape(f.kind)}</td>'
                   f"<td>{escape(f.player)}</td><td>{escape(f.side)}</td><td>{escape(f.message)}</td></tr>"
                   for f in report.integrity)
    return (f"<h3>Log integrity ({len(report.integrity)})</h3><table><tr><th>Log</th><th>Step</th><th>Kind</th>"
            f"<th>Player</th><th>Side</th><th>What</th></tr>{rows}</table>")


def _dice(report: Report) -> str:
    if not report.dice:
        return ""
    faces = sorted({face for d in report.dice for face in d.counts})
    head = "".join(f"<th>{face}</th>" for face in faces)
    rows = []
    for d in report.dice:
        fair = f"χ² {d.chi_square:.2f}, p = {d.p_value:.3f}" if d.p_value is not None else "too few rolls to test"
        counts = "".join(f"<td>{d.counts.get(face, 0)}</td>" for face in faces)
        rows.append(f"<tr><td>{escape(d.player)}</td><td>{escape(d.side)}</td><td>{escape(d.button)}</td>"
                    f"<td>{d.rolls}</td>{counts}<td>{fair}</td></tr>")
    return (f"<h3>Dice</h3><table><tr><th>Player</th><th>Side</th><th>Button</th><th>Rolls</th>{head}"
            f"<th>Fair die?</th></tr>{''.join(rows)}</table>")


def _not_checked(report: Report) -> str:
    if not report.not_checked:
        return ""
    rows = "".join(f"<tr><td>{escape(n.log)}</td><td>{n.step}</td><td>{n.turn}</td><td>{escape(n.phase)}</td>"
                   f"<td>{escape(n.rule)}</td><td>{escape(n.reason)}</td></tr>" for n in report.not_checked)
    return (f"<details><summary>Not checked ({len(report.not_checked)})</summary><table><tr><th>Log</th>"
            f"<th>Step</th><th>Turn</th><th>Phase</th><th>Rule</th><th>Why</th></tr>{rows}</table></details>")


def _errors(report: Report) -> str:
    if not report.errors:
        return ""
    rows = "".join(f"<li>{escape(e.log)} step {e.step}: {escape(e.problem)}</li>" for e in report.errors)
    return f"<h3>Damaged log entries ({len(report.errors)})</h3><ul>{rows}</ul>"
