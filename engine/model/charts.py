"""Charts as data: the combat results table and the terrain effects chart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vmodgen.engine.model.provenance import Provenance

TERRAIN_KINDS = ("hex", "hexside", "line", "place")


@dataclass(frozen=True)
class CombatResultsTable:
    """Results by die roll and column, as printed (``1/-``, ``-/E``, ``eng``)."""

    columns: tuple[str, ...]
    rows: dict[int, tuple[str, ...]]
    sources: dict[int, Provenance]

    def result(self, die: int, column: str) -> str:
        return self.rows[die][self.columns.index(column)]


@dataclass(frozen=True)
class TerrainType:
    """One line of the terrain effects chart. ``effects`` keeps every chart entry (cost,
    extra_cost, defense, blocks_zoc, supply, ...) for the rules family to read."""

    name: str
    kind: str
    effects: dict[str, Any]
    color: str
    source: Provenance

    def get(self, key: str, default: Any = None) -> Any:
        return self.effects.get(key, default)


@dataclass(frozen=True)
class TerrainChart:
    types: dict[str, TerrainType]

    def of_kind(self, kind: str) -> dict[str, TerrainType]:
        return {n: t for n, t in self.types.items() if t.kind == kind}
