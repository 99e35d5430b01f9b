"""The spacing of a hex or square grid as a module states it, checked before any arithmetic.

Grid spacings come from a module's ``buildFile.xml``, i.e. from whoever made the file. A spacing
of 0 divides by zero, NaN or infinity turns every location into nonsense, and a spacing of a
millionth of a pixel turns a click into a column number with hundreds of digits. So a spacing
must be a finite number of pixels within the limits below (docs/limits.md); VASSAL modules use
a few dozen pixels.

>>> grid_spacing("43.30127", "dx"), grid_spacing(None, "dy", 64.0)
(43.30127, 64.0)
>>> grid_spacing("nan", "dx")
Traceback (most recent call last):
...
ValueError: dx 'nan' is not a spacing of 1.0 to 1000000.0 pixels
"""

from __future__ import annotations

import math

#: Grid spacing in pixels: finite, at least this ...
MIN_GRID_SPACING = 1.0
#: ... and at most this (no board is a million pixels wide).
MAX_GRID_SPACING = 1_000_000.0


def grid_spacing(text: str | None, name: str, default: float = 0.0) -> float:
    """The spacing ``text`` states (``default`` when it states none); ValueError outside the limits."""
    if not text:
        return default
    value = float(text)
    if not (math.isfinite(value) and MIN_GRID_SPACING <= value <= MAX_GRID_SPACING):
        raise ValueError(f"{name} {text!r} is not a spacing of {MIN_GRID_SPACING} to {MAX_GRID_SPACING} pixels")
    return value
