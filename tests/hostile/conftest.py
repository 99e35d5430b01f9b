"""Fixtures of the hostile-input tests: the Kiev module, built once."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.build import build_game

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def kiev_module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_game(REPO / "games" / "kiev", tmp_path_factory.mktemp("kiev")).path
