"""Game modules of the Army Group South family: a game's exclusive rules that are logic, not
data (Kiev's Stalin's Directive, Rostov's weather and disengagement, Operation Star's modes,
Korsun's HQ status), each a small module under ``engine/rules/ags/<game>/`` that registers its
rules here. The kinds of hook:

- a :class:`MovementPhaseRule` judges a whole movement phase after its moves were judged;
- a :class:`PhaseRule` sees every phase before it is checked (the Weather Phase's die; when a
  counter may be turned to a status side);
- a :class:`MoveConditionRule` says the weather in force for one unit's move;
- a :class:`MoveRule` judges one unit's move in place of the standard movement check when the
  game's own rule governs it (a move out of an enemy zone by disengagement), else returns None;
- an :class:`AttackRule` says which attackers are halved in a battle;
- a :class:`ColumnBonusRule` offers an attacker's optional column shift (Rostov 22.3), taken when
  the result applied is the one at the shifted column;
- a :class:`DataRule` reads the rule's own charts when the game loads;
- :func:`memory_of` gives a phase rule's memory of the game being checked to a game's hook that
  the shared checks call without it (a supply override, a defense modifier: Korsun 25.3's Heavy
  Equipment, followed phase by phase by a phase rule, read in the combat and movement checks).

A rule whose parameters a game's data lacks finds nothing there (and returns None), so the
shared code never asks which game it is checking. Each rule's ``memory`` is its own, kept across
the phases of one game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.family import DataProblem
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.overrun import Outcome
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict


class MovementPhaseRule(Protocol):
    """A game's own check of a whole movement phase."""

    name: str

    def check_movement_phase(self, record: PhaseRecord, memory: dict[str, Any], outcomes: list[Outcome],
                             ends: Mapping[str, Hex]) -> list[Judgement]:
        """Judgements on the phase, given the overruns resolved in it and where each unit that moved
        ended; ``memory`` is the rule's own, kept across the phases of one game."""


_MOVEMENT_PHASE_RULES: dict[str, MovementPhaseRule] = {}


def register_movement_phase_rule(rule: MovementPhaseRule) -> MovementPhaseRule:
    _MOVEMENT_PHASE_RULES[rule.name] = rule
    return rule


def movement_phase_rules() -> list[MovementPhaseRule]:
    """Every registered rule, in the order registered."""
    return list(_MOVEMENT_PHASE_RULES.values())


class MoveConditionRule(Protocol):
    """The weather in force for one unit's move."""

    name: str

    def move_condition(self, record: PhaseRecord, start: Hex | None, memory: dict[str, Any]) -> Condition | None:
        """The condition for a move that starts in ``start`` (None: from off the map), or None
        when the game's rule changes nothing."""


class MoveRule(Protocol):
    """A game's own judgement of one unit's move. A unit entering the map from off it is shown
    only to a rule with ``judges_entries = True`` (an HQ returning after its evacuation, Rostov
    22.1); every other entry is the reinforcement check's."""

    name: str

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        """The judgements on the move when the game's rule governs it, else None (the standard
        movement check judges it). ``allowance`` is the unit's allowance this phase."""


_MOVE_CONDITION_RULES: dict[str, MoveConditionRule] = {}
_MOVE_RULES: dict[str, MoveRule] = {}


def register_move_condition_rule(rule: MoveConditionRule) -> MoveConditionRule:
    _MOVE_CONDITION_RULES[rule.name] = rule
    return rule


def register_move_rule(rule: MoveRule) -> MoveRule:
    _MOVE_RULES[rule.name] = rule
    return rule


def move_condition_rules() -> list[MoveConditionRule]:
    return list(_MOVE_CONDITION_RULES.values())


def move_rules() -> list[MoveRule]:
    return list(_MOVE_RULES.values())


class DataRule(Protocol):
    """A game's own charts (beyond the loader's), read once when the game loads: a module's
    embedded data is loaded from a temporary folder that is gone by the time the game is checked,
    and a chart the data names but cannot be read is a data error, not a finding."""

    name: str

    def load_data(self, game: Game) -> list[DataProblem]:
        """Read (and keep, with ``positions.of_map``) what the rule needs from the game's folder;
        the problems found, or none (also when the game's data lacks the rule's parameters)."""


_DATA_RULES: dict[str, DataRule] = {}


def register_data_rule(rule: DataRule) -> DataRule:
    _DATA_RULES[rule.name] = rule
    return rule


def data_rules() -> list[DataRule]:
    return list(_DATA_RULES.values())


def problems_reading(game: Game, read: Any) -> list[DataProblem]:
    """``read()``'s data errors as the family's DataProblems, named by file within the game folder."""
    try:
        read()
    except GameDataError as error:
        return [DataProblem(_within(Path(e.path), Path(game.folder)), e.field,
                            f"line {e.line}: {e.problem}" if e.line else e.problem) for e in error.errors]
    return []


def _within(path: Path, folder: Path) -> str:
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return path.name


class PhaseRule(Protocol):
    """A game's own look at every phase, before the phase is checked (the Weather Phase's die, read
    for the moves of later phases; when an HQ may be turned to another mode). A rule that reads a
    Game-Turn's weather from the log also has ``weathers(record, memory) -> TurnWeathers | None``,
    which the combat check asks for the Air Points of the turn (Korsun 28.0)."""

    name: str

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        """Judgements on the phase; ``memory`` is the rule's own, kept across the phases of one game."""


_PHASE_RULES: dict[str, PhaseRule] = {}


def register_phase_rule(rule: PhaseRule) -> PhaseRule:
    _PHASE_RULES[rule.name] = rule
    return rule


def phase_rules() -> list[PhaseRule]:
    """Every registered phase rule, in the order registered."""
    return list(_PHASE_RULES.values())


# The rules' memories of the game being checked now (``checking``), for a rule asked without a
# record at hand: a game's supply rule is asked about a position (Rostov 23.17 reads the weather
# the log showed). A game object serves many checks, so this is scoped, never kept on the game.
_MEMORIES: ContextVar[Mapping[str, dict[str, Any]] | None] = ContextVar("ags_rule_memories", default=None)


@contextmanager
def checking(memories: Mapping[str, dict[str, Any]]) -> Iterator[None]:
    """Within the block, :func:`memory_of` answers from ``memories`` (one game's check)."""
    token = _MEMORIES.set(memories)
    try:
        yield
    finally:
        _MEMORIES.reset(token)


def memory_of(name: str) -> dict[str, Any] | None:
    """The memory of the rule ``name`` in the game being checked now; None outside a check (a
    position built by hand: the rule must not know what no log showed it).

    >>> memory_of("rostov_weather") is None
    True
    >>> with checking({"korsun_heavy_equipment": {"state": {}}}):
    ...     memory_of("korsun_heavy_equipment")
    {'state': {}}
    """
    memories = _MEMORIES.get()
    return None if memories is None else memories.get(name)


class AttackRule(Protocol):
    """A game's own rule on the attack strength of units in a battle: which attackers are
    halved as if out of supply (the halving is never cumulative, e.g. Operation Star 21.23)."""

    name: str

    def halved_attackers(self, situation: Situation, tracer: SupplyTracer, attackers: Sequence[str]) -> dict[str, bool | None]:
        """For attackers the rule touches: True when halved, None when the log cannot tell."""


_ATTACK_RULES: dict[str, AttackRule] = {}


def register_attack_rule(rule: AttackRule) -> AttackRule:
    _ATTACK_RULES[rule.name] = rule
    return rule


def attack_supply(situation: Situation, tracer: SupplyTracer, attackers: Sequence[str],
                  supply: dict[str, bool | None]) -> dict[str, bool | None]:
    """The supply the attack strength is computed with (AGS 12.23), after every registered
    attack rule: an attacker a rule halves counts as out of supply, one it cannot tell as not known."""
    adjusted = dict(supply)
    for rule in _ATTACK_RULES.values():
        for key, halved in rule.halved_attackers(situation, tracer, attackers).items():
            if halved is None:
                adjusted[key] = None
            elif halved and adjusted.get(key) is not None:
                adjusted[key] = False
    return adjusted


@dataclass(frozen=True)
class ColumnBonus:
    """An optional shift of ``shift`` columns in the attacker's favour, and whether this battle may
    take it: ``verdict`` legal (it may), illegal (it may not, and why: the case of the game's limit),
    or not checked (the log does not say)."""

    shift: int
    verdict: Verdict


class ColumnBonusRule(Protocol):
    """A game's own optional column shift for an attack (Rostov 22.3: the SW Front HQ stacked with
    the attackers). The player may take it or not, so the combat check asks only when the result
    applied is wrong at the odds; ``used`` is the rule's own record of the phase's battles that
    took it (battle numbers), for a limit per Game-Turn."""

    name: str

    def column_bonus(self, situation: Situation, tracer: SupplyTracer, attackers: Sequence[str],
                     used: list[int]) -> ColumnBonus | None:
        """The shift these attackers may take, or None when the rule offers none."""


_COLUMN_BONUS_RULES: dict[str, ColumnBonusRule] = {}


def register_column_bonus_rule(rule: ColumnBonusRule) -> ColumnBonusRule:
    _COLUMN_BONUS_RULES[rule.name] = rule
    return rule


def column_bonus_rules() -> list[ColumnBonusRule]:
    return list(_COLUMN_BONUS_RULES.values())
