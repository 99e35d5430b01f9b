"""Fixtures of the hostile-input tests: the Kiev module, built once; a guard against hangs."""

from __future__ import annotations

import signal
from collections.abc import Callable
from pathlib import Path

import pytest


REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def kiev_module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(REPO / "games" / "kiev")


@pytest.fixture()
def alarm():
    """Fail a test that would hang instead of waiting for ever."""
    def expired(*_: object) -> None:
        raise TimeoutError("hung")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)
