"""Game modules of the Army Group South family: a game's exclusive rules that are logic, not
data (Kiev's Stalin's Directive), each a small module under ``engine/rules/ags/<game>/`` that
registers its rules here. The movement phase check runs every registered movement-phase rule
after it has judged the phase's moves; the family runs every registered phase rule on every
phase (what a player may do in any phase, such as turning a counter to a status side); a rule
whose parameters a game's data lacks finds nothing there, so the shared code never asks which
game it is checking.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.overrun import Outcome
from vmodgen.engine.rules.record import PhaseRecord


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


class PhaseRule(Protocol):
    """A game's own check of any phase (e.g. when an HQ may be turned to another mode)."""

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
