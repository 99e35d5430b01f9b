"""How much of a game's data comes from the book, from geography, from reconstruction, or is
unknown: the line ``vmodgen build`` prints, so nobody mistakes a reconstruction for the book."""

from __future__ import annotations

from collections import Counter as Tally
from dataclasses import dataclass

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter

ORDER = ("rules", "owner", "geo", "reconstructed", "unknown")
#: the counter values an owner may enter (owner-values.csv), as the build's unknown line names them
FIELDS = ("attack", "defense", "movement", "back", "back_attack", "back_defense", "back_movement")


@dataclass(frozen=True)
class Completeness:
    counters: dict[str, int]
    hexes: dict[str, int]
    hexsides: dict[str, int]

    def line(self, game_id: str) -> str:
        owner = self.counters.get("owner", 0)
        return (f"{game_id}: {sum(self.counters.values())} counters ("
                f"{self.counters.get('rules', 0)} with full values from the book, "
                + (f"{owner} with values from the owner's counters, " if owner else "") +
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
    sources += [s for s in (counter.sources.leadership, counter.sources.movement) if s is not None]
    if not counter.is_complete or any(s.kind == "unknown" for s in sources):
        return "unknown"
    if any(s.kind in ("reconstructed", "geo") for s in sources):
        return "reconstructed"
    if any(s.kind == "owner" for s in sources):
        return "owner"
    return "rules"


def unknown_values(game: Game) -> dict[str, int]:
    """How many counters still lack each value (empty in units.csv and owner-values.csv): what an owner
    of the game could fill in. A back counts as unknown when what it shows is (``back = unknown``) or
    when a reduced or mode back's values are."""
    tally: Tally[str] = Tally()
    for counter in game.counters:
        for name in ("attack", "defense", "movement"):
            tally[name] += getattr(counter.front, name) is None
        if counter.back_kind == "unknown":
            tally["back"] += 1
        elif counter.back_kind in ("reduced", "mode") and counter.back is not None:
            for name in ("attack", "defense", "movement"):
                tally[f"back_{name}"] += getattr(counter.back, name) is None
    return {name: tally[name] for name in FIELDS if tally[name]}


def unknown_line(game: Game) -> str | None:
    """The build's second line for a game with unknown counter values: counts per field, and where an
    owner enters them (docs/data-format.md); None when every value is known."""
    missing = unknown_values(game)
    if not missing:
        return None
    counts = ", ".join(f"{name} {count}" for name, count in missing.items())
    return (f"{game.id}: still unknown (counters): {counts}; an owner of the game enters them in "
            f"games/{game.id}/owner-values.csv (docs/data-format.md)")


def _kinds(tally: dict[str, int]) -> str:
    """Counts by provenance label, strongest first (``12 rules, 156 geo+reconstructed``)."""
    def strength(label: str) -> tuple[int, ...]:
        return tuple(ORDER.index(k) for k in label.split("+"))
    parts = [f"{tally[label]} {label}" for label in sorted(tally, key=strength)]
    return ", ".join(parts) if parts else "none"
