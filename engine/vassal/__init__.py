"""VASSAL's file formats: saves and logs (command trees, pieces), modules, the codec under them.

The entry points are ``read_game`` (a ``.vsav``/``.vlog`` into a ``SavedGame``), ``read_module``
(a ``.vmod`` into a ``ModuleInfo``) and ``write_game``; ``ReadError`` is raised for a file that
cannot be read at all, while damage inside a readable file is listed in ``errors``.
"""

from __future__ import annotations

from vmodgen.engine.vassal.errors import Problem, ReadError
from vmodgen.engine.vassal.module import ModuleInfo, read_module
from vmodgen.engine.vassal.savefile import GameMetadata, LoggedStep, SavedGame, parse_game_text, read_game
from vmodgen.engine.vassal.writer import write_game

__all__ = ["GameMetadata", "LoggedStep", "ModuleInfo", "Problem", "ReadError", "SavedGame", "parse_game_text",
           "read_game", "read_module", "write_game"]
