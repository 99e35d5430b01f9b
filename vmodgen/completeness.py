"""How much of a game's data comes from the book, from geography, from reconstruction, or is
unknown: the line ``vmodgen build`` prints, so nobody mistakes a reconstruction for the book."""

from __future__ import annotations

from collections import Counter as Tally
from dataclasses import dataclass

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter

ORDER = ("rules", "geo", "reconstructed", "unknown")


@dataclass(frozen=True)
class Completeness:
    counters: dict[str, int]
    hexes: dict[str, int]
    hexsides: dict[str, int]

    def line(self, game_id: str) -> str:
        return (f"{game_id}: {sum(self.counters.values())} counters ("
                f"{self.counters.get('rules', 0)} with full values from the book, "
                f"{self.counters.get('reconstructed', 0)} partly reconstructed, "
                f"{self.counters.get('unknown', 0)} with unknown values); "
                f"{sum(self.hexes.values())} hexes ({_kinds(self.hexes)}); "
                f"{sum(self.hexsides.values())} hexside features ({_kinds(self.hexsides)})")


def completeness(game: Game) -> Completeness:
    counters = Tally(counter_kind(c) for c in game.counters)
    hexes = Tally(t.source.label for t in game.map.hexes.values())
    hexsides = Tally(f.source.label for features in game.map.hexsides.values() for f in features)
    return Completeness(dict(counters), dict(hexes), dict(hexsides))


def counter_kind(counter: Counter) -> str:
    """The weakest provenance among a counter's values: unknown < reconstructed/geo < rules."""
    sources = [counter.sources.front]
    if counter.back_kind in ("reduced", "untried", "mode"):
        sources.append(counter.sources.back)
    if counter.sources.leadership is not None:
        sources.append(counter.sources.leadership)
    if not counter.is_complete or any(s.kind == "unknown" for s in sources):
        return "unknown"
    if any(s.kind in ("reconstructed", "geo") for s in sources):
        return "reconstructed"
    return "rules"


def _kinds(tally: dict[str, int]) -> str:
    """Counts by provenance label, strongest first (``12 rules, 156 geo+reconstructed``)."""
    def strength(label: str) -> tuple[int, ...]:
        return tuple(ORDER.index(k) for k in label.split("+"))
    parts = [f"{tally[label]} {label}" for label in sorted(tally, key=strength)]
    return ", ".join(parts) if parts else "none"
