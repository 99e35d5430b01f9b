"""The examples in the docstrings of the reader, the grids and the replay run as written."""

from __future__ import annotations

import doctest
import importlib
import os

import pytest

from tests.replay.cases import REPO

MODULES = ["engine.vassal.obfuscation", "engine.vassal.commands", "engine.vassal.tree", "engine.vassal.savefile",
           "engine.vassal.pieces", "engine.vassal.turns", "engine.vassal.module", "engine.grids.formatted",
           "engine.grids.square", "engine.grids.region", "engine.grids.zoned", "engine.grids.board",
           "engine.replay.replay", "engine.replay.state"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # the examples name files relative to the repository root
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and (result.attempted > 0 or name == "engine.vassal.writer")
    assert os.getcwd() == str(REPO)
