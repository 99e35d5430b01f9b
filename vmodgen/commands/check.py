"""``vmodgen check``: replay a game's logs and report every move that breaks the rules; given
folders (or ``--group``), sort a tournament's files into games and check them all."""

from __future__ import annotations

import atexit
import gc
import sys
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from vmodgen.engine.check.runner import NotOneGame, UnknownGame, check_logs, cyclic_gc_paused
from vmodgen.engine.check.report import Report
from vmodgen.commands.failure import fail
from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.vassal.errors import ReadError

# The tournament (process pools), its summary and the HTML report (pillow) are imported where
# they are used: the check of one game, the common case, starts a fifth quicker without them.
if TYPE_CHECKING:
    from vmodgen.engine.check.tournament import Progress


@click.command()
@click.argument("logs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--module", "module_path", required=True, type=click.Path(path_type=Path),
              help="The module (.vmod) the games were played with; it carries the game's data.")
@click.option("--games-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Check with the game data in this folder instead of the module's own (says so when "
                   "they differ).")
@click.option("--group", is_flag=True,
              help="Sort the files into games (the default when a folder is given).")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Processes for a tournament (default: one per core).")
@click.option("--scheduler", metavar="ADDRESS", default=None,
              help="Check a tournament on the workers of this Dask scheduler (tcp://host:8786; needs "
                   "vmodgen[dask], and the files at the same paths on every worker).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for programs instead of the report.")
@click.option("--csv", "as_csv", is_flag=True, help="Print CSV, one row per game.")
@click.option("--html", "html_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Also write an HTML report (index.html and its pictures) into this folder.")
def check(logs: tuple[Path, ...], module_path: Path, games_dir: Path | None, group: bool, jobs: int | None,
          scheduler: str | None, as_json: bool, as_csv: bool,
          html_dir: Path | None) -> None:
    """Check VASSAL logs (.vlog/.vsav) against the game's rules.

    \b
    Example:
      vmodgen check turn1.vlog turn2.vlog --module kiev.vmod
      vmodgen check game.vlog --module kiev.vmod --json
      vmodgen check tournament/ --module kiev.vmod --csv
      vmodgen check tournament/ --module kiev.vmod --html report/

    Files given alone are one game: each must continue the one before it (same turn, phase and
    positions), else nothing is checked and the seam is named. A save alone is checked as a
    position. Given folders (or --group), the files are sorted into games by where each starts
    and ends; every game is checked (in parallel) and a summary table comes first; files of
    another module are listed as not placed.

    Each finding gives the log step, side, unit, hexes, rule case and a plain sentence; what
    could not be checked is listed with the reason. A log records where units were dropped, not
    the path they took: a move is reported only when no legal path explains it.

    Exit status: 0 no violation, 1 violations found, 2 unreadable input or files that are not one
    game (for a tournament: the worst game's status, 2 when no game could be checked).
    """
    if as_json and as_csv:
        raise click.UsageError("--json and --csv cannot be used together")
    _no_collection_at_exit()
    if group or scheduler or any(path.is_dir() for path in logs):
        _tournament(logs, module_path, games_dir, jobs, scheduler, as_json, as_csv, html_dir)
    # The collector stays off until the report is written: turned back on after the check, its
    # first pass went over everything the check kept, for nothing (issue 9).
    with cyclic_gc_paused():
        try:
            report = check_logs(list(logs), module_path, games_dir, notice=_notice)
        except (ReadError, UnknownGame, NotOneGame) as error:
            fail(str(error))
        except GameDataError as error:
            more = f" (and {len(error.errors) - 1} more data error(s))" if len(error.errors) > 1 else ""
            fail(f"{error.errors[0]}{more}")
        if html_dir is not None:
            _write_html([report], module_path, html_dir, games_dir)
        if as_csv:
            from vmodgen.engine.check import summary
            from vmodgen.engine.check.tournament import GameResult, Tournament
            click.echo(summary.to_csv(Tournament([GameResult([str(p) for p in logs], report)], [])), nl=False)
        else:
            click.echo(report.to_json() if as_json else report.to_text(), nl=not as_json)
    sys.exit(1 if report.findings else 0)


def _tournament(inputs: tuple[Path, ...], module: Path, games_dir: Path | None, jobs: int | None,
                scheduler: str | None, as_json: bool, as_csv: bool, html_dir: Path | None) -> None:
    from vmodgen.engine.check import summary
    from vmodgen.engine.check.tournament import NoScheduler, check_tournament
    try:
        tournament = check_tournament(list(inputs), module, games_dir, jobs,
                                      _progress_bar if sys.stderr.isatty() else None, scheduler)
    except (ReadError, NoScheduler) as error:
        fail(str(error))
    for line in tournament.notices:
        _notice(line)
    if html_dir is not None:
        reports = [g.report for g in tournament.games if g.report is not None]
        _write_html(reports, module, html_dir, games_dir)
    if as_json:
        click.echo(summary.to_json(tournament))
    elif as_csv:
        click.echo(summary.to_csv(tournament), nl=False)
    else:
        click.echo(summary.to_text(tournament), nl=False)
    sys.exit(tournament.status)


def _write_html(reports: list[Report], module_path: Path, html_dir: Path, games_dir: Path | None) -> None:
    from vmodgen.html_report import write_html_report
    try:
        index = write_html_report(reports, module_path, html_dir, games_dir)
    except OSError as error:
        fail(f"cannot write the HTML report in {html_dir}: {error.strerror or error}")
    _notice(f"HTML report: {index}")


def _progress_bar(label: str, total: int) -> AbstractContextManager[Progress]:
    """Shown on a terminal only (STYLE.md: quiet in a pipe)."""
    return click.progressbar(length=total, label=label, file=sys.stderr)


def _notice(message: str) -> None:
    click.echo(f"vmodgen: {message}", err=True)


def _no_collection_at_exit() -> None:
    """Freeze the cyclic collector's objects when the process ends: its last pass at exit goes
    over every object still alive (the game data, the replay, the phase records of the check)
    and frees nothing a process that is ending needs freed; it cost about a tenth of the CPU of
    a 13-turn Kiev check (issue 9). Registered once, however many checks a process runs."""
    global _freeze_registered
    if not _freeze_registered:
        _freeze_registered = True
        atexit.register(gc.freeze)


_freeze_registered = False
