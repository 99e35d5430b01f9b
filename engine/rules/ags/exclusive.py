"""Game modules of the Army Group South family: a game's exclusive rules that are logic, not
data (Kiev's Stalin's Directive), each a small module under ``engine/rules/ags/<game>/`` that
registers its rules here. The movement phase check runs every registered movement-phase rule
after it has judged the phase's moves; the family runs every registered phase rule on every
phase (what a player may do in any phase, such as turning a counter to a status side); a rule
whose parameters a game's data lacks finds nothing there, so the shared code never asks which
game it is checking.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.overrun import Outcome
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.supply import SupplyTracer


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
