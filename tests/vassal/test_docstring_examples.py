"""The examples in the docstrings of the reader, the grids and the replay run as written."""

from __future__ import annotations

import doctest
import importlib
import os

import pytest

from tests.replay.cases import REPO

MODULES = ["vmodgen.engine.vassal.obfuscation", "vmodgen.engine.vassal.commands", "vmodgen.engine.vassal.tree", "vmodgen.engine.vassal.savefile",
           "vmodgen.engine.vassal.pieces", "vmodgen.engine.vassal.turns", "vmodgen.engine.vassal.module", "vmodgen.engine.grids.formatted",
           "vmodgen.engine.grids.square", "vmodgen.engine.grids.region", "vmodgen.engine.grids.zoned", "vmodgen.engine.grids.board",
           "vmodgen.engine.replay.replay", "vmodgen.engine.replay.state",
           "vmodgen.engine.files", "vmodgen.engine.vassal.limits", "vmodgen.engine.grids.spacing",
           "vmodgen.engine.vassal.passwords"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # the examples name files relative to the repository root
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and (result.attempted > 0 or name == "vmodgen.engine.vassal.writer")
    assert os.getcwd() == str(REPO)
