"""Building a game's module: load the data, draw the art, assemble and pack the .vmod."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from vmodgen.engine.check.game_data import module_entries as game_data_entries
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.artwork import render_artwork
from vmodgen.completeness import Completeness, completeness
from vmodgen.help_page import HELP_FILE, help_page
from vmodgen.module import VASSAL_VERSION, build_file
from vmodgen.package import moduledata, zip_bytes_to
from vmodgen.scenario_setups import setup_entries


@dataclass(frozen=True)
class BuildResult:
    game: Game
    path: Path
    size: int
    completeness: Completeness


def module_entries(game: Game, data: Completeness) -> dict[str, bytes]:
    """Every file of the module archive, by archive name."""
    artwork = render_artwork(game)
    entries = {f"images/{name}": data for name, data in artwork.images.items()}
    entries["buildFile.xml"] = build_file(game, artwork, game.version)
    entries[HELP_FILE] = help_page(game, data)
    entries["moduledata"] = moduledata(game.title, game.version, VASSAL_VERSION,
                                       f"{game.title} (generated from games/{game.id})")
    entries.update(game_data_entries(game.id, game.folder))    # the checker needs nothing else
    entries.update(setup_entries(game, artwork))                # one saved game per scenario
    return entries


class OutputError(ValueError):
    """The output folder cannot take the module; ``str()`` names the folder and the problem."""


def check_out_dir(out_dir: Path) -> None:
    """Refuse an output folder the module could not be written to, before any work is done."""
    for folder in (out_dir, *out_dir.parents):
        if folder.exists():
            break
    if not folder.is_dir():
        raise OutputError(f"{folder}: not a directory (cannot write modules under it)")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{folder}: not writable (permission denied)")


def module_path(out_dir: Path, game_id: str) -> Path:
    """Where a game's module goes: ``<out>/<id>.vmod``, never outside ``out_dir``."""
    path = out_dir / f"{game_id}.vmod"
    if path.resolve().parent != out_dir.resolve():
        raise OutputError(f"{out_dir}: the module name {game_id!r}.vmod would leave the output folder")
    return path


def build_game(game_dir: Path, out_dir: Path) -> BuildResult:
    game = load_game(game_dir)
    path = module_path(out_dir, game.id)
    data = completeness(game)
    zip_bytes_to(path, module_entries(game, data))
    return BuildResult(game, path, path.stat().st_size, data)


def games_with_data(games_dir: Path) -> list[Path]:
    """Every game folder that has data (a game.toml)."""
    return sorted(p for p in games_dir.iterdir() if (p / "game.toml").is_file())
