"""VASSAL's file formats: saves and logs (command trees, pieces), modules, the codec under them.

The entry points are ``read_game`` (a ``.vsav``/``.vlog`` into a ``SavedGame``), ``read_module``
(a ``.vmod`` into a ``ModuleInfo``) and ``write_game``; ``ReadError`` is raised for a file that
cannot be read at all, while damage inside a readable file is listed in ``errors``.

The names are loaded on first use, so that importing a leaf such as ``engine.vassal.sequence``
(the grids do) does not pull in the module reader, which itself uses the grids.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "Problem": "errors", "ReadError": "errors", "ModuleInfo": "module", "read_module": "module",
    "GameMetadata": "savefile", "LoggedStep": "savefile", "SavedGame": "savefile",
    "parse_game_text": "savefile", "read_game": "savefile", "write_game": "writer",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'vmodgen.engine.vassal' has no attribute {name!r}")
    return getattr(import_module(f"vmodgen.engine.vassal.{_WHERE[name]}"), name)
