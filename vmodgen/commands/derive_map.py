"""``vmodgen derive-map GAME_DIR``: rewrite a game's map files from its reconstruction data.

A maintainer's command (players never need it): it reads ``GAME_DIR/sources/reconstruction.toml``
and the geography of the optional ``geo`` extra, writes ``GAME_DIR/map/*`` and prints the
registration report. See docs/map-derivation.md.
"""

from __future__ import annotations

from pathlib import Path

import click

from vmodgen.commands.failure import fail


@click.command("derive-map")
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
def derive_map_command(game_dir: Path) -> None:
    """Derive a game's map (GAME_DIR/map/*) from real geography and its reconstruction.toml.

    \b
    Example:
      vmodgen derive-map games/kiev     # needs: pip install -e '.[geo]'
    """
    from vmodgen.geo import MapError
    from vmodgen.geo.derive import derive_map

    try:
        report = derive_map(game_dir)
    except MapError as error:
        fail(str(error))
    except OSError as error:
        fail(f"{game_dir}: cannot write the map files ({error.strerror or error})")
    click.echo("\n".join(report))
