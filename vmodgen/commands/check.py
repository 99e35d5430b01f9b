"""``vmodgen check``: replay a game's logs and report every move that breaks the rules."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from vmodgen.commands.failure import fail

from vmodgen.engine.check.runner import UnknownGame, check_logs
from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.vassal.errors import ReadError


@click.command()
@click.argument("logs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--module", "module_path", required=True, type=click.Path(path_type=Path),
              help="The module (.vmod) the game was played with.")
@click.option("--games-dir", type=click.Path(file_okay=False, path_type=Path), default=Path("games"),
              show_default=True, help="Where the game data folders are (the rules read them).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for programs instead of the report.")
def check(logs: tuple[Path, ...], module_path: Path, games_dir: Path, as_json: bool) -> None:
    """Check VASSAL logs (.vlog/.vsav) of one game against its rules.

    \b
    Example:
      vmodgen check turn1.vlog turn2.vlog --module build/kiev.vmod
      vmodgen check game.vlog --module build/kiev.vmod --json

    Several logs are checked as one continuous game, in the order given. Each finding gives the
    log step, side, unit, hexes, rule case and a plain sentence; what could not be checked is
    listed with the reason. A log records where units were dropped, not the path they took:
    a move is reported only when no legal path explains it.

    Exit status: 0 no violation, 1 violations found, 2 unreadable input.
    """
    try:
        report = check_logs(list(logs), module_path, games_dir)
    except (ReadError, UnknownGame) as error:
        fail(str(error))
    except GameDataError as error:
        more = f" (and {len(error.errors) - 1} more data error(s))" if len(error.errors) > 1 else ""
        fail(f"{error.errors[0]}{more}")
    click.echo(report.to_json() if as_json else report.to_text(), nl=not as_json)
    sys.exit(1 if report.findings else 0)
