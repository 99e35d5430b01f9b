"""Game modules of the Army Group South family: a game's exclusive rules that are logic, not
data (Kiev's Stalin's Directive, Rostov's weather and disengagement), each a small module under
``engine/rules/ags/<game>/`` that registers its rules here. Four kinds of hook:

- a :class:`MovementPhaseRule` judges a whole movement phase after its moves were judged;
- a :class:`PhaseObserver` sees every phase first (e.g. the Weather Phase's die);
- a :class:`MoveConditionRule` says the weather in force for one unit's move;
- a :class:`MoveRule` judges one unit's move in place of the standard movement check when the
  game's own rule governs it (a move out of an enemy zone by disengagement), else returns None.

A rule whose parameters a game's data lacks finds nothing there (and returns None), so the
shared code never asks which game it is checking. Each rule's ``memory`` is its own, kept across
the phases of one game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.overrun import Outcome
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition


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


class PhaseObserver(Protocol):
    """A game's own look at every phase before it is checked."""

    name: str

    def observe_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        """Judgements on the phase (usually none); what later phases need goes in ``memory``."""


class MoveConditionRule(Protocol):
    """The weather in force for one unit's move."""

    name: str

    def move_condition(self, record: PhaseRecord, start: Hex | None, memory: dict[str, Any]) -> Condition | None:
        """The condition for a move that starts in ``start`` (None: from off the map), or None
        when the game's rule changes nothing."""


class MoveRule(Protocol):
    """A game's own judgement of one unit's move."""

    name: str

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        """The judgements on the move when the game's rule governs it, else None (the standard
        movement check judges it). ``allowance`` is the unit's allowance this phase."""


_PHASE_OBSERVERS: dict[str, PhaseObserver] = {}
_MOVE_CONDITION_RULES: dict[str, MoveConditionRule] = {}
_MOVE_RULES: dict[str, MoveRule] = {}


def register_phase_observer(rule: PhaseObserver) -> PhaseObserver:
    _PHASE_OBSERVERS[rule.name] = rule
    return rule


def register_move_condition_rule(rule: MoveConditionRule) -> MoveConditionRule:
    _MOVE_CONDITION_RULES[rule.name] = rule
    return rule


def register_move_rule(rule: MoveRule) -> MoveRule:
    _MOVE_RULES[rule.name] = rule
    return rule


def phase_observers() -> list[PhaseObserver]:
    return list(_PHASE_OBSERVERS.values())


def move_condition_rules() -> list[MoveConditionRule]:
    return list(_MOVE_CONDITION_RULES.values())


def move_rules() -> list[MoveRule]:
    return list(_MOVE_RULES.values())
