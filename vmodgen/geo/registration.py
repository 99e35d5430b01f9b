"""From (lon, lat) to hex-centre coordinates: a conformal projection and a fitted similarity."""

from __future__ import annotations

import math
from dataclasses import dataclass

from vmodgen.geo.geography import Point2

EARTH_KM = 6371.0


class Projection:
    """Lambert conformal conic on a sphere: (lon, lat) degrees to (east, south) km.

    >>> p = Projection(lat1=49.0, lat2=52.0, lat0=50.5, lon0=32.0)
    >>> abs(p(32.0, 50.5)) < 1e-9
    True
    """

    def __init__(self, lat1: float, lat2: float, lat0: float, lon0: float) -> None:
        p1, p2 = math.radians(lat1), math.radians(lat2)
        self.n = (math.log(math.cos(p1) / math.cos(p2))
                  / math.log(math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)))
        self.f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** self.n / self.n
        self.rho0 = self._rho(lat0)
        self.lon0 = lon0

    def _rho(self, lat: float) -> float:
        return EARTH_KM * self.f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** self.n

    def __call__(self, lon: float, lat: float) -> complex:
        rho, theta = self._rho(lat), self.n * math.radians(lon - self.lon0)
        # x east, y south: the sense of hex rows
        return complex(rho * math.sin(theta), -(self.rho0 - rho * math.cos(theta)))


@dataclass(frozen=True)
class Registration:
    """Similarity from projected km to hex-centre units (HexLayout.center): z -> a*z + b.

    A similarity (scale, rotation, shift), not an affine map: a printed map is not stretched
    along one axis, and with few anchors an affine fit would leave no check.
    """

    projection: Projection
    a: complex
    b: complex

    @classmethod
    def fit(cls, projection: Projection, pairs: list[tuple[Point2, complex]],
            km_per_hex: float | None = None) -> Registration:
        """Least squares on (lon/lat, hex centre) pairs (closed form for a complex line).

        A book that states its scale (Panzergruppe Guderian 1.0: 10.5 km per hex) but names no
        town's hex can hold it fixed (``km_per_hex``): the anchors then fit only the turn and the
        shift (the best turn for a fixed scale is the free fit's).

        >>> p = Projection(lat1=54.0, lat2=56.0, lat0=55.0, lon0=32.0)
        >>> pairs = [((32.0, 55.0), 10 + 5j), ((33.0, 55.0), 16 + 5j)]
        >>> round(Registration.fit(p, pairs).km_per_hex, 2)
        10.63
        >>> fixed = Registration.fit(p, pairs, km_per_hex=10.5)
        >>> round(fixed.km_per_hex, 2), round(fixed.rotation_degrees, 2)
        (10.5, 0.41)
        """
        zs = [projection(*lonlat) for lonlat, _ in pairs]
        ws = [w for _, w in pairs]
        zm, wm = sum(zs) / len(zs), sum(ws) / len(ws)
        a = (sum((w - wm) * (z - zm).conjugate() for z, w in zip(zs, ws))
             / sum(abs(z - zm) ** 2 for z in zs))
        if km_per_hex is not None:
            a = a / abs(a) / km_per_hex
        return cls(projection, a, wm - a * zm)

    def __call__(self, lonlat: Point2) -> complex:
        return self.a * self.projection(*lonlat) + self.b

    @property
    def km_per_hex(self) -> float:
        return 1.0 / abs(self.a)

    @property
    def rotation_degrees(self) -> float:
        """How far the map's north is turned clockwise from the hex columns."""
        return math.degrees(math.atan2(self.a.imag, self.a.real))


def xy(z: complex) -> Point2:
    """A complex hex-plane point as the (x, y) pair shapely takes."""
    return (z.real, z.imag)
