"""What a rules family declares, so that the checker's core and the game loader can use it
without naming it (the way python-chess's ``chess.variant`` declares a variant as a ``Board``
subclass): its name, its vocabulary (phase kinds, unit classes, movement classes, counter faces,
marker kinds), how it validates a game's data, and how it checks a game.

A family is registered with :func:`vmodgen.engine.rules.families.register` and found by the
``system`` a game's ``game.toml`` names (:func:`~vmodgen.engine.rules.families.find_family`).
``docs/rules-families.md`` says how to add one.

>>> from vmodgen.engine.rules.families import find_family
>>> ags = find_family("ags")
>>> ags.moves_in("mech_movement"), ags.battles_in("combat"), ags.moves_in("combat")
(True, True, False)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation


@dataclass(frozen=True)
class PhaseKind:
    """A ``[[phases]] kind`` the family knows. ``moves``: units move in it (a die rolled there
    belongs to an overrun, the timeline reads overrun markers); ``battles``: battles are declared
    with battle markers and fought in it (a die rolled there belongs to a battle);
    ``both_sides``: the side not phasing acts in it too (WB-95's Air Phases, where each player
    assigns missions, and its Combat Phases, where the defender's artillery and air support);
    a ``[[phases]]`` entry of such a kind names its owner in ``side``, or ``""`` when it has none."""

    name: str
    moves: bool = False
    battles: bool = False
    both_sides: bool = False


@dataclass(frozen=True)
class UnitClass:
    """A ``[unit_types.*] class`` the family knows; ``moves``: a unit of it needs a
    ``movement_class`` (a terrain-chart column)."""

    name: str
    moves: bool = True


@dataclass(frozen=True)
class DataProblem:
    """A game's data that the family cannot play: ``file`` (relative to the game folder),
    ``table`` and ``key`` (where in a TOML file; empty for a CSV), ``field`` and the problem."""

    file: str
    field: str
    problem: str
    table: str = ""
    key: str | None = None


class RulesFamily(ABC):
    """A rules family: its vocabulary as class attributes, its judgements as methods.

    The checker's core asks it which phase kinds move units or fight battles and which marker
    kinds its modules carry (the timeline), checks a game's phase records with
    :meth:`check_game` and a position without moves with :meth:`check_position`. The loader
    checks a game's vocabulary against it and calls :meth:`validate`.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    phase_kinds: ClassVar[tuple[PhaseKind, ...]]
    unit_classes: ClassVar[tuple[UnitClass, ...]]
    movement_classes: ClassVar[tuple[str, ...]]
    #: the back faces its counters may have (a subset of engine.model.units.BACK_KINDS)
    faces: ClassVar[tuple[str, ...]]
    #: marker kinds its modules' pieces carry (engine.piece_properties: BATTLE, OVERRUN, ...)
    markers: ClassVar[tuple[str, ...]]

    # -- vocabulary ---------------------------------------------------------------------------------

    def phase_kind(self, kind: str) -> PhaseKind | None:
        return next((k for k in self.phase_kinds if k.name == kind), None)

    def moves_in(self, kind: str) -> bool:
        """Whether units move in phases of this kind."""
        found = self.phase_kind(kind)
        return found is not None and found.moves

    def battles_in(self, kind: str) -> bool:
        """Whether battles are declared and fought in phases of this kind."""
        found = self.phase_kind(kind)
        return found is not None and found.battles

    def battle_roll(self, game: Game, button: str) -> bool:
        """Whether a roll of this dice button resolves a battle or an overrun (the timeline gives it
        to the oldest one waiting). Every roll does, unless a family labels its dice per test."""
        return True

    def unit_class(self, name: str) -> UnitClass | None:
        return next((c for c in self.unit_classes if c.name == name), None)

    # -- data -------------------------------------------------------------------------------------

    def validate(self, game: Game) -> list[DataProblem]:
        """What in a loaded game this family cannot play, beyond its vocabulary (which the loader
        checks line by line): by default, counter faces it does not know."""
        return [DataProblem("units.csv", "back", f"{counter.id}: back {counter.back_kind!r} is not a face the "
                                                 f"{self.name} rules know ({', '.join(self.faces)})")
                for counter in game.counters if counter.back_kind not in self.faces]

    # -- judgements -------------------------------------------------------------------------------

    @abstractmethod
    def check_game(self, records: Sequence[PhaseRecord]) -> list[Judgement]:
        """Every illegal or unchecked judgement over a game's phases, in step order."""

    @abstractmethod
    def check_position(self, log: str, situation: Situation) -> list[Judgement]:
        """Judgements on a position alone (a save with no moves; step 0)."""

    def summary(self, records: Sequence[PhaseRecord]) -> list[str]:
        """Lines the report shows about the game as a whole (a victory point tally, say); none by
        default."""
        return []
