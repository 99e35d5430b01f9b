"""The game map as data: terrain per hex, features per hexside, roads and railroads as hex
paths, named places and named hex groups (entry areas, supply edges)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from vmodgen.engine.hexes import Hex, HexLayout, Hexside
from vmodgen.engine.model.provenance import Provenance


@dataclass(frozen=True)
class MapArt:
    """Picture scale: pixels, not game data."""

    hex_height: int
    margin: int
    key_width: int = 0
    #: where true north points on the sheet, in degrees clockwise from up (the key's north arrow):
    #: Korsun 1944's map is turned 41 degrees, its north edge is real north-east, so -41
    north: float = 0.0


@dataclass(frozen=True)
class HexTerrain:
    terrain: str
    source: Provenance


@dataclass(frozen=True)
class HexsideFeature:
    feature: str
    name: str
    source: Provenance


@dataclass(frozen=True)
class Line:
    """A road or railroad: the hexes it runs through, in order."""

    kind: str
    name: str
    hexes: tuple[Hex, ...]
    source: Provenance

    def hexsides(self) -> Iterable[Hexside]:
        for a, b in zip(self.hexes, self.hexes[1:]):
            yield Hexside.between(a, b)


@dataclass(frozen=True)
class Place:
    hex: Hex
    name: str
    kind: str
    vp: int | None
    source: Provenance


@dataclass(frozen=True)
class Area:
    name: str
    side: str
    purpose: str
    hexes: tuple[Hex, ...]
    source: Provenance


@dataclass(frozen=True)
class GameMap:
    board: str
    layout: HexLayout
    layout_source: Provenance
    art: MapArt
    hexes: dict[Hex, HexTerrain]
    hexsides: dict[Hexside, tuple[HexsideFeature, ...]]
    lines: tuple[Line, ...]
    places: dict[Hex, Place]
    areas: tuple[Area, ...]
    _line_sides: dict[str, frozenset[Hexside]] = field(default_factory=dict, compare=False, repr=False)
    _features: dict[tuple[Hex, Hex], tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for side, features in self.hexsides.items():
            names = tuple(f.feature for f in features)
            self._features[(side.a, side.b)] = self._features[(side.b, side.a)] = names
        by_kind: dict[str, set[Hexside]] = {}
        for line in self.lines:
            by_kind.setdefault(line.kind, set()).update(line.hexsides())
        self._line_sides.update({k: frozenset(v) for k, v in by_kind.items()})

    def name(self, hex_: Hex) -> str:
        return self.layout.name(hex_)

    def terrain(self, hex_: Hex) -> str:
        return self.hexes[hex_].terrain

    def features(self, a: Hex, b: Hex) -> tuple[str, ...]:
        """Hexside features (rivers, ...) between two adjacent hexes."""
        return self._features.get((a, b), ())

    def line_crosses(self, kind: str, a: Hex, b: Hex) -> bool:
        """True when a road/railroad of this kind runs from a to b."""
        return Hexside.between(a, b) in self._line_sides.get(kind, frozenset())

    def area(self, name: str, purpose: str = "entry") -> Area:
        for area in self.areas:
            if area.name == name and area.purpose == purpose:
                return area
        raise KeyError(f"{name} ({purpose})")

    def hexes_with_line(self, kind: str) -> frozenset[Hex]:
        return frozenset(h for line in self.lines if line.kind == kind for h in line.hexes)
