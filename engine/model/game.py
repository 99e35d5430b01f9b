"""The Game: everything one game's data folder says, loaded and checked."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vmodgen.engine.model.charts import CombatResultsTable, TerrainChart
from vmodgen.engine.model.mapdata import GameMap
from vmodgen.engine.model.provenance import Provenance
from vmodgen.engine.model.units import Counter, UnitGroup, UnitType
from vmodgen.engine.model.values import Param, Sourced

if TYPE_CHECKING:
    from vmodgen.engine.model.play_aids import DiceTest, GameMarker
    from vmodgen.engine.model.scenarios import Scenario


@dataclass(frozen=True)
class Side:
    name: str
    color: str
    source: Provenance
    #: its units print one Combat Strength for attack and defence, ``9-7`` (PGG 3.4: German units);
    #: attack and defense then hold the same number
    one_strength: bool = False


@dataclass(frozen=True)
class Phase:
    """One phase of a Game-Turn: who moves, and what kind of phase it is (a kind the game's
    rules family declares, ``engine.rules.family``)."""

    name: str
    side: str
    kind: str
    source: Provenance


@dataclass(frozen=True)
class Reinforcement:
    """A scheduled arrival that no counter prints: ``count`` units of ``type`` (or one named
    unit) for ``side`` on ``turn``, entering in any of ``areas``; or, ``areas_by`` a die, in the
    area the roll names (the n-th of ``areas`` for a roll of n: PGG 14.11's provisional
    reinforcements); ``optional``: the player may bring in up to ``count`` (PGG 14.21)."""

    turn: int
    side: str
    type: str              # a unit type, a unit group, or a counter id
    count: int
    areas: tuple[str, ...]
    source: Provenance
    areas_by: str = "choice"   # choice | die
    optional: bool = False


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    version: str
    system: str            # the rules family (engine.rules.families)
    folder: Path
    turns: Sourced[int]
    km_per_hex: Sourced[float]
    days_per_turn: Sourced[float]
    sides: tuple[Side, ...]
    phases: tuple[Phase, ...]
    unit_types: dict[str, UnitType]
    unit_groups: dict[str, UnitGroup]
    rules: dict[str, Param]
    crt_rules: dict[str, Any]
    counters: tuple[Counter, ...]
    map: GameMap
    crt: CombatResultsTable
    terrain: TerrainChart
    reinforcements: tuple[Reinforcement, ...]
    victory: dict[str, Any]
    player_notes: tuple[str, ...] = ()
    start_date: Sourced[str] | None = None        # presentation: the date of Game-Turn 1 (ISO)
    turn_marker: Sourced[str] | None = None       # presentation: the counter that marks the Game-Turn
    scenarios: tuple[Scenario, ...] = ()          # scenarios/*.toml (engine.model.scenarios)
    dice: tuple[DiceTest, ...] = ()               # [[dice]]: a labelled button per test (engine.model.play_aids)
    markers: tuple[GameMarker, ...] = ()          # [[markers]]: the rules' markers in the palette

    def counter(self, counter_id: str) -> Counter:
        found = self._counters_by_id.get(counter_id)
        if found is None:
            raise KeyError(counter_id)
        return found

    @cached_property
    def _counters_by_id(self) -> dict[str, Counter]:
        """Each counter by its id, the first of a repeated id as a search in order finds it: the
        checker asks for a counter by id about once a move."""
        index: dict[str, Counter] = {}
        for counter in self.counters:
            index.setdefault(counter.id, counter)
        return index

    def side(self, name: str) -> Side:
        for side in self.sides:
            if side.name == name:
                return side
        raise KeyError(name)

    def pool_of(self, counter: Counter) -> str:
        """The pool an untried counter is drawn from: its unit group (a schedule draws by group,
        e.g. "infantry"), or its own type when no group holds it."""
        return self.group_of(counter.type) or counter.type

    def plain_name(self, kind: str) -> str:
        """A group or type as a player reads it next to its side: "soviet_infantry" -> "infantry"."""
        for side in self.sides:
            kind = kind.removeprefix(side.name.lower() + "_")
        return kind.replace("_", " ")

    def untried_name(self, counter: Counter) -> str:
        """What an untried side tells: its side and draw pool, never which unit it is. A unit set
        up untried also names its set-up slot (its hex and its place among the untried units set
        up there): what the player placing it knows, not which unit was drawn for the slot, and
        a name no other piece shares, so that a log can name that piece (PGG 5.0, 12.1), e.g.
        "Untried Soviet rifle (4015 2)".
        """
        name = f"Untried {counter.side} {self.plain_name(self.pool_of(counter))}"
        if counter.role != "setup" or counter.setup is None or counter.setup_face != "back":
            return name
        slot = [c.id for c in self.counters if c.role == "setup" and c.setup == counter.setup
                and c.setup_face == "back" and c.back_kind == "untried"]
        return f"{name} ({self.map.layout.name(counter.setup)} {slot.index(counter.id) + 1})"

    def group_of(self, unit_type: str) -> str | None:
        """The unit group a type is drawn with (e.g. rifle -> soviet_infantry), if any."""
        for group in self.unit_groups.values():
            if unit_type in group.types:
                return group.name
        return None

    def param(self, name: str) -> Any:
        """A rule parameter's value; KeyError names the parameter the data lacks."""
        return self.rules[name].value
