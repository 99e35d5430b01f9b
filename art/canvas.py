"""A supersampled drawing surface: shapes drawn at ``factor`` times the size and reduced.

Pillow draws polygons and lines without antialiasing; drawing at 2-4x and box-reducing gives
smooth edges with no randomness, so the output stays byte-for-byte reproducible. Coordinates
are given in final-image pixels; pillow's integer coordinates are pixel centres, so a point p
lands at ``factor * p + (factor - 1) / 2`` on the large surface, the centre of the block that
reduces to pixel p.

Text is not drawn here: hinted text drawn at 1x on the reduced image is crisper than reduced text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from vmodgen.art.colors import Color

Point = tuple[float, float]


class Canvas:
    """An RGB image of ``size`` final pixels, drawn ``factor`` times larger."""

    def __init__(self, size: tuple[int, int], background: Color, factor: int = 2) -> None:
        self.size = size
        self.factor = factor
        self.image = Image.new("RGB", (size[0] * factor, size[1] * factor), background)
        self.draw = ImageDraw.Draw(self.image)

    # -- coordinates ---------------------------------------------------------------------------

    def p(self, point: Point) -> Point:
        f = self.factor
        return f * point[0] + (f - 1) / 2.0, f * point[1] + (f - 1) / 2.0

    def ps(self, points: Iterable[Point]) -> list[Point]:
        return [self.p(point) for point in points]

    def w(self, width: float) -> int:
        """A line width in final pixels, on the large surface."""
        return max(1, int(round(width * self.factor)))

    # -- shapes -----------------------------------------------------------------------------------

    def polygon(self, points: Sequence[Point], fill: Color | None = None,
                outline: Color | None = None, width: float = 1.0) -> None:
        self.draw.polygon(self.ps(points), fill=fill, outline=outline,
                          width=self.w(width) if outline is not None else 0)

    def line(self, points: Sequence[Point], fill: Color, width: float, round_ends: bool = False) -> None:
        pts = self.ps(points)
        self.draw.line(pts, fill=fill, width=self.w(width), joint="curve")
        if round_ends:
            for point in (pts[0], pts[-1]):
                self.dot_raw(point, self.w(width) / 2.0, fill)

    def ellipse(self, box: tuple[float, float, float, float], fill: Color | None = None,
                outline: Color | None = None, width: float = 1.0) -> None:
        x0, y0 = self.p((box[0], box[1]))
        x1, y1 = self.p((box[2], box[3]))
        self.draw.ellipse((x0, y0, x1, y1), fill=fill, outline=outline,
                          width=self.w(width) if outline is not None else 0)

    def rectangle(self, box: tuple[float, float, float, float], fill: Color | None = None,
                  outline: Color | None = None, width: float = 1.0) -> None:
        x0, y0 = self.p((box[0], box[1]))
        x1, y1 = self.p((box[2], box[3]))
        self.draw.rectangle((x0, y0, x1, y1), fill=fill, outline=outline,
                            width=self.w(width) if outline is not None else 0)

    def dot_raw(self, centre: Point, radius: float, fill: Color) -> None:
        x, y = centre
        self.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)

    def geometry(self, geom: BaseGeometry, fill: Color) -> None:
        """Fill a shapely polygon or multipolygon, holes included."""
        for poly in _polygons(geom):
            if not poly.interiors:
                self.draw.polygon(self.ps(poly.exterior.coords), fill=fill)
                continue
            self._polygon_with_holes(poly, fill)

    def stroke(self, geom: BaseGeometry, fill: Color, width: float) -> None:
        """A line (or lines) of ``width`` with round joins and ends, drawn as a buffered polygon
        so that a river or road keeps one width through every bend."""
        if not geom.is_empty:
            self.geometry(geom.buffer(width / 2.0, quad_segs=8), fill)

    def _polygon_with_holes(self, poly: Polygon, fill: Color) -> None:
        minx, miny, maxx, maxy = (int(v) for v in poly.bounds)
        ox, oy = self.p((minx - 1, miny - 1))
        ex, ey = self.p((maxx + 2, maxy + 2))
        ox, oy = int(ox), int(oy)
        mask = Image.new("L", (int(ex) - ox + 1, int(ey) - oy + 1), 0)
        mdraw = ImageDraw.Draw(mask)
        shift = lambda pts: [(x - ox, y - oy) for x, y in self.ps(pts)]  # noqa: E731
        mdraw.polygon(shift(poly.exterior.coords), fill=255)
        for ring in poly.interiors:
            mdraw.polygon(shift(ring.coords), fill=0)
        self.image.paste(fill, (ox, oy, ox + mask.width, oy + mask.height), mask)

    # -- result ------------------------------------------------------------------------------------

    def result(self) -> Image.Image:
        """The picture at its final size."""
        if self.factor == 1:
            return self.image.copy()
        return self.image.reduce(self.factor)


def _polygons(geom: BaseGeometry) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return [g for part in getattr(geom, "geoms", []) for g in _polygons(part)]
