"""The Python API as the README documents it: its example runs, as written, from the repository
root (build a module, check a log, replay a log, sort files into games)."""

from __future__ import annotations

import doctest

import pytest

from tests.check.conftest import REPO


def test_the_readme_python_api_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    result = doctest.testfile(str(REPO / "README.md"), module_relative=False, report=True,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8
    assert result.failed == 0
