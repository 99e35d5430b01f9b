"""Shared test fixtures."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def game_module(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Path], Path]:
    """The module of a game folder as ``vmodgen build`` makes it, built once for the whole test
    session: dozens of test files check logs against the same few modules, and a build takes
    seconds. Tests only read the file; a test that changes a game's data builds its own copy."""
    from vmodgen.build import build_game

    built: dict[Path, Path] = {}

    def module(folder: Path) -> Path:
        if folder not in built:
            built[folder] = build_game(folder, tmp_path_factory.mktemp(folder.name)).path
        return built[folder]

    return module
