"""``vmodgen build``: write build/<game>.vmod from games/<game>/."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from vmodgen.engine.model.errors import GameDataError
from vmodgen.build import OutputError, build_game, check_out_dir, games_with_data
from vmodgen.completeness import unknown_line
from vmodgen.commands.failure import fail, one_line
from vmodgen.gpids import GpidCollision
from vmodgen.module import ModuleLayoutError


@click.command()
@click.argument("games", nargs=-1)
@click.option("--all", "build_all", is_flag=True, help="Build every game under the games directory.")
@click.option("--games-dir", type=click.Path(file_okay=False, path_type=Path), default=Path("games"),
              show_default=True, help="Where the game data folders are.")
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("build"),
              show_default=True, help="Where to write the modules.")
def build(games: tuple[str, ...], build_all: bool, games_dir: Path, out_dir: Path) -> None:
    """Build VASSAL modules from game data.

    \b
    Example:
      vmodgen build kiev          # writes build/kiev.vmod
      vmodgen build games/kiev    # the same, the game's folder named as a path
      vmodgen build --all         # every game with data
    """
    if build_all:
        folders = games_with_data(games_dir) if games_dir.is_dir() else []
    else:
        folders = [_folder(games_dir, name) for name in games]
    if not folders:
        raise click.UsageError("name a game (e.g. 'vmodgen build kiev') or use --all")
    try:
        check_out_dir(out_dir)
    except OutputError as error:
        fail(f"{error}; no module written")
    failed = False
    for folder in folders:
        if not (folder / "game.toml").is_file():
            click.echo(f"vmodgen: {folder}: no game data here (no game.toml)", err=True)
            failed = True
            continue
        try:
            result = build_game(folder, out_dir)
        except GameDataError as error:
            for problem in error.errors:
                click.echo(f"vmodgen: {problem}", err=True)
            click.echo(f"vmodgen: {folder}: {len(error.errors)} data error(s); no module written", err=True)
            failed = True
            continue
        except (GpidCollision, ModuleLayoutError, OutputError) as error:
            click.echo(f"vmodgen: {folder}: {one_line(str(error))}; no module written", err=True)
            failed = True
            continue
        except OSError as error:
            where = error.filename or out_dir
            click.echo(f"vmodgen: {where}: cannot write ({error.strerror or error}); no module written", err=True)
            failed = True
            continue
        click.echo(f"wrote {result.path} ({result.size:,} bytes)")
        click.echo(result.completeness.line(result.game.id))
        unknown = unknown_line(result.game)
        if unknown is not None:
            click.echo(unknown)
    if failed:
        sys.exit(2)


def _folder(games_dir: Path, name: str) -> Path:
    """A game named by its id (``kiev``: ``<games-dir>/kiev``) or by the path of its folder
    (``games/kiev``, ``~/my-game``), as a user types either."""
    by_id = games_dir / name
    by_path = Path(name)
    return by_path if not (by_id / "game.toml").is_file() and (by_path / "game.toml").is_file() else by_id
