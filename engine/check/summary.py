"""A tournament's results for people (a summary table, then each game's report), for programs
(JSON) and for spreadsheets (CSV).

JSON: ``{"games": [...], "unplaced": [{"file", "reason"}, ...]}``; each game is its report as
:meth:`Report.to_json` gives it for a single game, plus ``files`` (in playing order), ``players``
(``[{"name", "side"}]``), ``turns`` (``[first, last]``), ``status`` (0 clean, 1 violations, 2 not
checked) and ``integrity``; a game that could not be checked has ``game`` null, ``files``,
``players``, ``status`` 2, ``integrity`` and ``error``.
CSV: one row per game, then one per unplaced file (``status`` ``unplaced``, the reason in
``error``).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, is_dataclass
from pathlib import Path
from typing import Any

from vmodgen.engine.check.report import Report
from vmodgen.engine.check.tournament import GameResult, Tournament

CSV_COLUMNS = ("game", "files", "players", "turns", "findings", "not_checked", "integrity", "status", "error")
STATUS_WORDS = {0: "clean", 1: "violations", 2: "not checked"}


def game_document(result: GameResult) -> dict[str, Any]:
    """One game of the tournament JSON: its report as for a single game, and more."""
    document: dict[str, Any] = {"game": None}
    if result.report is not None:
        document.update(json.loads(result.report.to_json()))
        document["turns"] = list(result.report.turns)
    document["files"] = result.files
    document["players"] = [{"name": name, "side": side} for name, side in result.players]
    document["status"] = result.status
    document["integrity"] = [_plain(flag) for flag in result.integrity]
    if result.error:
        document["error"] = result.error
    return document


def to_json(tournament: Tournament) -> str:
    return json.dumps({"games": [game_document(g) for g in tournament.games],
                       "unplaced": [{"file": u.file, "reason": u.reason} for u in tournament.unplaced]},
                      indent=1, ensure_ascii=False)


def to_csv(tournament: Tournament) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for number, game in enumerate(tournament.games, 1):
        writer.writerow(_row(number, game))
    for lost in tournament.unplaced:
        writer.writerow(["", lost.file, "", "", "", "", "", "unplaced", lost.reason])
    return out.getvalue()


def to_text(tournament: Tournament) -> str:
    """The summary table, the files no game took, then every game's own report."""
    games = tournament.games
    lines = [f"{len(games)} game{'s' if len(games) != 1 else ''}"
             f"{f', {len(tournament.unplaced)} file(s) not placed' if tournament.unplaced else ''}", ""]
    header = ("game", "files", "players (sides)", "turns", "findings", "not checked", "integrity", "verdict")
    rows = [header] + [_text_row(n, g) for n, g in enumerate(games, 1)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for row in rows:
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    if tournament.unplaced:
        lines += ["", "Not placed in any game:"]
        lines += [f"  {u.file}: {u.reason}" for u in tournament.unplaced]
    for number, game in enumerate(games, 1):
        lines += ["", f"== Game {number}: {', '.join(Path(f).name for f in game.files)}"]
        lines.append(game.report.to_text().rstrip("\n") if game.report is not None else f"Not checked: {game.error}")
    return "\n".join(lines) + "\n"


def _row(number: int, game: GameResult) -> list[str]:
    report = game.report
    return [str(number), " ".join(game.files), _players(game), _turns(report),
            str(len(report.findings)) if report else "", str(len(report.not_checked)) if report else "",
            str(len(game.integrity)), STATUS_WORDS[game.status], game.error]


def _text_row(number: int, game: GameResult) -> tuple[str, ...]:
    report = game.report
    return (str(number), ", ".join(Path(f).name for f in game.files), _players(game) or "-", _turns(report) or "-",
            str(len(report.findings)) if report else "-", str(len(report.not_checked)) if report else "-",
            str(len(game.integrity)), STATUS_WORDS[game.status])


def _players(game: GameResult) -> str:
    return "; ".join(f"{name} ({side})" if side else name for name, side in game.players)


def _turns(report: Report | None) -> str:
    if report is None:
        return ""
    first, last = report.turns
    return str(first) if first == last else f"{first}-{last}"


def _plain(flag: Any) -> Any:
    """An integrity flag as JSON: dataclasses as objects, anything else as its text."""
    if is_dataclass(flag) and not isinstance(flag, type):
        return asdict(flag)
    return flag if isinstance(flag, (str, int, float, dict, list)) else str(flag)
