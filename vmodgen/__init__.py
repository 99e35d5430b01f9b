"""vmodgen: VASSAL modules built from game data, and a checker of VASSAL logs against the rules.

The Python API, in one place (the README's "Python API" section shows it at work; paths may be
``str`` or ``os.PathLike``):

- :func:`build_module`: write ``<out>/<id>.vmod`` from a game data folder; the module it writes carries
  the game's data, so it is all the checker needs.
- :func:`replay`: a log or save replayed step by step, with the final position.
- :func:`check`: one game's files checked against its rules, as a :class:`Report`.
- :func:`check_tournament`: files and folders sorted into games, each game checked.

The heavy modules are imported when these functions are first called, so that importing
``vmodgen`` (and starting the command line) stays cheap.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vmodgen.engine.check.report import Report
    from vmodgen.engine.check.runner import Notice
    from vmodgen.engine.check.tournament import ProgressFactory, Tournament
    from vmodgen.engine.replay import GameState, Step
    from vmodgen.engine.vassal.errors import Problem

PathArg = str | os.PathLike[str]

__all__ = ["Replayed", "build_module", "check", "check_tournament", "replay"]


@dataclass(frozen=True)
class Replayed:
    """A replayed log or save: its steps (what each did), the final position, and the damage
    the reader skipped."""

    steps: list[Step]
    state: GameState
    errors: list[Problem]


def build_module(game_dir: PathArg, out_dir: PathArg) -> Path:
    """Build the module of one game data folder; the path of the ``.vmod`` written."""
    from vmodgen.build import build_game

    return build_game(Path(os.fspath(game_dir)), Path(os.fspath(out_dir))).path


def replay(log: PathArg, module: PathArg | None = None) -> Replayed:
    """Replay a ``.vlog``/``.vsav``; with its module, locations are named by the module's grids."""
    from vmodgen.engine.replay import Replay
    from vmodgen.engine.vassal.module import read_module
    from vmodgen.engine.vassal.savefile import read_game

    replayer = Replay(read_game(log), read_module(module) if module is not None else None)
    steps = replayer.run()
    return Replayed(steps, replayer.state, replayer.errors)


def check(logs: PathArg | Sequence[PathArg], module: PathArg, games_dir: PathArg | None = None,
          notice: Notice | None = None) -> Report:
    """Check one game (one file, or its files in playing order) against its rules."""
    from vmodgen.engine.check.runner import check_logs

    files = [logs] if isinstance(logs, (str, os.PathLike)) else list(logs)
    return check_logs(files, module, games_dir, notice)


def check_tournament(inputs: PathArg | Sequence[PathArg], module: PathArg, games_dir: PathArg | None = None,
                     jobs: int | None = None, progress: ProgressFactory | None = None,
                     scheduler: str | None = None) -> Tournament:
    """Sort files and folders into games of ``module`` and check every game (in parallel: ``jobs``
    processes, or the workers of the Dask scheduler at the address ``scheduler``)."""
    from vmodgen.engine.check.tournament import check_tournament as run

    items = [inputs] if isinstance(inputs, (str, os.PathLike)) else list(inputs)
    return run(items, module, games_dir, jobs, progress, scheduler)
