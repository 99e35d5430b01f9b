"""A few seconds of each fuzz target (``bench/fuzz.py`` runs them for minutes)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile.fuzz_targets import TARGETS

QUICK = settings(max_examples=40, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_fuzz_target_finds_nothing_in_a_short_run(name: str) -> None:
    QUICK(given(st.data())(TARGETS[name]))()
