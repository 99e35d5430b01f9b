"""Scenarios: a game with several set-ups (Korsun 1944: "Korsuń 1944", "The Retreat", "Deblockade").

``units.csv`` is the counter sheet, placed for the game's first scenario; each
``scenarios/<name>.toml`` says what a scenario changes: its length, first date and first player, where
its counters set up or enter (``units.csv``'s own columns, or ``scenarios/<name>.csv``), the markers it
starts with, the losses its formations start with and the formations that may not move before a
turn. :func:`scenario_game` is the game as one
scenario plays it, so that the builder can make one predefined setup per scenario.

>>> from vmodgen.engine.model.game import Phase
>>> from vmodgen.engine.model.provenance import Provenance
>>> swap_sides((Phase("Soviet Movement", "Soviet", "movement", Provenance("rules", "2.2")),
...             Phase("Air", "", "air", Provenance("rules", "2.2"))), ("Soviet", "German"))[0].side
'German'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game, Phase
from vmodgen.engine.model.provenance import Provenance
from vmodgen.engine.model.values import Param, Sourced


@dataclass(frozen=True)
class Placement:
    """Where one counter starts in a scenario: the placement columns of ``units.csv``."""

    counter: str
    setup: Hex | None
    setup_face: str
    entry_turn: int | None
    entry_areas: tuple[str, ...]
    role: str
    source: Provenance
    notes: str = ""


@dataclass(frozen=True)
class Loss:
    """CELs (steps) a formation has lost when the scenario starts; the book does not say which of its
    counters lost them, so the players choose (Korsun 1944 Deblockade: "198 INF (-3 CELs)")."""

    counters: tuple[str, ...]
    steps: int
    source: Provenance


@dataclass(frozen=True)
class MovementRestriction:
    """Formations of a side that may not move before a turn (Korsun 1944, Korsuń 1944 Scenario Notes:
    "1st Ukraine Front can move from Turn 3"): ``formations`` are ``units.csv`` formation names."""

    name: str                              # as the book names the group ("1st Ukraine Front")
    side: str
    formations: tuple[str, ...]
    from_turn: int
    source: Provenance


@dataclass(frozen=True)
class Scenario:
    name: str                              # the file name: scenarios/<name>.toml
    title: str
    turns: Sourced[int]
    start_date: Sourced[str] | None
    first_side: Sourced[str]
    placements: tuple[Placement, ...] | None   # None: units.csv's own set-up and reinforcements
    markers: dict[str, tuple[Hex, ...]] = field(default_factory=dict)   # marker kind -> start hexes
    losses: tuple[Loss, ...] = ()
    movement_restrictions: tuple[MovementRestriction, ...] = ()
    rules: dict[str, Param] = field(default_factory=dict)   # [rules.<name>] of the scenario
    notes: tuple[str, ...] = ()
    source: Provenance = Provenance("unknown")
    order: int = 1000                      # where the book prints it: the first is the module's default


def swap_sides(phases: tuple[Phase, ...], sides: tuple[str, str]) -> tuple[Phase, ...]:
    """The sequence of play with the two sides' phases exchanged (the other side has the initiative)."""
    other = {sides[0]: sides[1], sides[1]: sides[0]}

    def swapped(phase: Phase) -> Phase:
        if not phase.side:
            return phase
        name = phase.name.replace(phase.side, other[phase.side], 1)
        return dataclasses.replace(phase, name=name, side=other[phase.side])
    return tuple(swapped(p) for p in phases)


def scenario_game(game: Game, name: str) -> Game:
    """The game as scenario ``name`` plays it: its counters placed as the scenario says (those it does
    not list left out), its turns, first date and, when the other side moves first, the sequence of
    play with the sides' phases exchanged. KeyError names a scenario the game does not have."""
    scenario = next((s for s in game.scenarios if s.name == name), None)
    if scenario is None:
        raise KeyError(f"{game.id} has no scenario {name!r} (known: {', '.join(s.name for s in game.scenarios)})")
    counters = game.counters
    if scenario.placements is not None:
        by_id = {c.id: c for c in game.counters}
        counters = tuple(
            dataclasses.replace(by_id[p.counter], setup=p.setup, setup_face=p.setup_face, entry_turn=p.entry_turn,
                                entry_areas=p.entry_areas, role=p.role, notes=p.notes,
                                sources=dataclasses.replace(by_id[p.counter].sources, placement=p.source))
            for p in scenario.placements)
    phases = game.phases
    first = next((p.side for p in phases if p.side), "")
    if first and scenario.first_side.value != first and len(game.sides) == 2:
        phases = swap_sides(phases, (game.sides[0].name, game.sides[1].name))
    return dataclasses.replace(game, counters=counters, turns=scenario.turns, phases=phases,
                               start_date=scenario.start_date or game.start_date,
                               rules={**game.rules, **scenario.rules})


def first_phase(game: Game, played: Game) -> int:
    """Where scenario ``played``'s turns begin in ``game``'s phase list, the module turn tracker's
    list: its ``[rules.first_phase]`` (Korsun 1944 Deblockade, where the other side moves first,
    opens each turn with the air phase before the German phases), else the first phase. ValueError
    names a first phase the sequence of play lacks."""
    param = played.rules.get("first_phase")
    if param is None:
        return 0
    names = [p.name for p in game.phases]
    if param.value not in names:
        raise ValueError(f"[rules.first_phase] {param.value!r} is not a phase of the game ({', '.join(names)})")
    return names.index(param.value)
