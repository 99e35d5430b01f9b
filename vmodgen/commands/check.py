"""``vmodgen check``: replay a game's logs and report every move that breaks the rules."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from vmodgen.engine.check.report import Report
from vmodgen.engine.check.runner import UnknownGame, check_logs
from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.vassal.errors import ReadError
from vmodgen.html_report import write_html_report


@click.command()
@click.argument("logs", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--module", "module_path", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The module (.vmod) the game was played with.")
@click.option("--games-dir", type=click.Path(file_okay=False, path_type=Path), default=Path("games"),
              show_default=True, help="Where the game data folders are (the rules read them).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for programs instead of the report.")
@click.option("--html", "html_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Also write an HTML report (index.html and its pictures) into this folder.")
def check(logs: tuple[Path, ...], module_path: Path, games_dir: Path, as_json: bool, html_dir: Path | None) -> None:
    """Check VASSAL logs (.vlog/.vsav) of one game against its rules.

    \b
    Example:
      vmodgen check turn1.vlog turn2.vlog --module build/kiev.vmod
      vmodgen check game.vlog --module build/kiev.vmod --json
      vmodgen check game.vlog --module build/kiev.vmod --html report/

    Several logs are checked as one continuous game, in the order given. Each finding gives the
    log step, side, unit, hexes, rule case and a plain sentence; what could not be checked is
    listed with the reason. A log records where units were dropped, not the path they took:
    a move is reported only when no legal path explains it.

    Exit status: 0 no violation, 1 violations found, 2 unreadable input.
    """
    try:
        report = check_logs(list(logs), module_path, games_dir)
    except (ReadError, UnknownGame) as error:
        _fail(str(error))
    except GameDataError as error:
        _fail(f"the game data has {len(error.errors)} error(s), first: {error.errors[0]}")
    except (RecursionError, MemoryError) as error:
        _fail(f"cannot check ({type(error).__name__})")
    if html_dir is not None:
        _write_html(report, module_path, html_dir, games_dir)
    click.echo(report.to_json() if as_json else report.to_text(), nl=not as_json)
    sys.exit(1 if report.findings else 0)


def _write_html(report: Report, module_path: Path, html_dir: Path, games_dir: Path) -> None:
    try:
        index = write_html_report([report], module_path, html_dir, games_dir)
    except OSError as error:
        _fail(f"cannot write the HTML report in {html_dir}: {error.strerror or error}")
    click.echo(f"HTML report: {index}", err=True)


def _fail(message: str) -> None:
    click.echo(f"vmodgen check: {message}", err=True)
    sys.exit(2)
