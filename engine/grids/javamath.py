"""Java arithmetic that VASSAL's grid code relies on, where Python's differs.

Java's ``(int)`` cast truncates toward zero and ``Math.round`` is ``floor(x + 0.5)``; Python's
``int()`` agrees with the first, but ``round()`` rounds half to even. Grid names must match the
engine pixel for pixel, so the port uses these helpers and never ``round()``.
"""

from __future__ import annotations

import math


def java_round(value: float) -> int:
    """``Math.round(double)``: the closest integer, ties toward positive infinity."""
    return math.floor(value + 0.5)


def java_int(value: float) -> int:
    """``(int) value``: truncation toward zero."""
    return int(value)

