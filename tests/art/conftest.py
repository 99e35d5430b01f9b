"""Fixtures for the art tests: the mini game, loaded once."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game


@pytest.fixture(scope="session")
def mini(repo_root: Path) -> Game:
    return load_game(repo_root / "tests" / "data" / "games" / "mini")
