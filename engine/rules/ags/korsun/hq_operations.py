"""Korsun's active HQ attack limits [Korsun 23.2]: from a Game-Turn on, each active Soviet HQ
coordinates at most half its Leadership Rating in offensive operations per Game-Turn (23.2),
an offensive operation being an attack or an overrun (23.21); an operation for which no eligible
active HQ is left does not take place (23.23).

A log does not say which HQ coordinated which operation, so the checker asks whether the
Player *could* have charged each operation of the Game-Turn to an active HQ in communication
with one of its units (AGS 11.31, at the instant of the battle or overrun; for an overrun also
at the start of its Movement Phase, AGS 6.12) without any HQ coordinating more than its share.
The first operation, in step order, that no such assignment can carry is reported; it is then
taken as not having happened (23.23), so one excess is one finding. An operation whose units
reach no active HQ at all is not counted here: that is Korsun 23.14 or AGS 11.33, judged
elsewhere. 23.22 (no limit on the units of one operation) and 23.24 (movement and defense are
not limited) are why only battles and overruns are counted.

Parameters (``games/korsun/game.toml``): ``rules.korsun_hq_operations_from_turn`` (``turn``, the
first Game-Turn of the limit; ``leadership_divisor``), the side and HQs of
``rules.korsun_hq_activation`` (:mod:`.hq`); cases ``rules.game_cases`` ``hq_operations`` (23.2)
and ``hq_operations_overrun`` (23.21: cited when the limit is exceeded only because overruns
count). A game without these parameters has no such rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vmodgen.engine.rules import overrun as overruns
from vmodgen.engine.rules.ags.korsun.hq import activation_spec, status_hqs
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, game_case, hex_name, optional_table

#: the phases whose battles (combat) or overruns (movement) are offensive operations (23.21)
OPERATION_KINDS = ("movement", "mech_movement", "combat")


@dataclass(frozen=True)
class Operation:
    """One attack or overrun: what it was, when, and the active HQs that could coordinate it."""

    label: str                 # "battle 2", "overrun 1"
    overrun: bool
    step: int
    unit: str                  # its first attacking unit, for the report
    where: str
    hqs: frozenset[str]


def assignable(operations: Sequence[frozenset[str]], capacity: Mapping[str, int]) -> bool:
    """Can every operation be charged to one of its HQs with no HQ over its capacity? (A
    bipartite matching with capacities, by augmenting paths.)

    >>> assignable([frozenset("a"), frozenset("ab"), frozenset("b")], {"a": 1, "b": 2})
    True
    >>> assignable([frozenset("a"), frozenset("a"), frozenset("ab")], {"a": 1, "b": 1})
    False
    """
    charged: dict[str, list[int]] = {hq: [] for hq in capacity}

    def place(index: int, seen: set[str]) -> bool:
        for hq in sorted(operations[index]):
            if hq not in charged or hq in seen:
                continue
            seen.add(hq)
            if len(charged[hq]) < capacity[hq]:
                charged[hq].append(index)
                return True
            for other in list(charged[hq]):
                if place(other, seen):
                    charged[hq].remove(other)
                    charged[hq].append(index)
                    return True
        return False

    return all(place(i, set()) for i in range(len(operations)))


class HqOperations:
    """23.2, 23.21, 23.23 over the Soviet phases of one Game-Turn."""

    name = "korsun_hq_operations"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        limit = optional_table(game, "korsun_hq_operations_from_turn")
        spec = activation_spec(game)
        if limit is None or spec is None:
            return []
        side = spec["side"]
        if record.phase.side != side or record.phase.kind not in OPERATION_KINDS or record.turn < int(limit["turn"]):
            return []
        if memory.get("turn") != record.turn:
            memory.clear()
            memory.update(turn=record.turn, operations=[])
        taken: list[Operation] = memory["operations"]
        hqs = status_hqs(game, side)
        divisor = int(limit["leadership_divisor"])
        capacity = {k: int(game.counter(k).leadership or 0) // divisor for k in hqs}
        found = []
        for operation in _operations(record, side, hqs):
            if not operation.hqs:
                continue
            if assignable([o.hqs for o in (*taken, operation)], capacity):
                taken.append(operation)
                continue
            found.append(_finding(record, operation, taken, capacity))
        return found


def _operations(record: PhaseRecord, side: str, hqs: Sequence[str]) -> list[Operation]:
    """The phase's rolled battles or overruns, in step order, with the active HQs in reach."""
    found = []
    if record.phase.kind == "combat":
        for battle in record.battles:
            before = battle.before
            if before is None or battle.die is None:
                continue
            attackers = [k for h in sorted(battle.attacker_hexes) for k in before.at(h)
                         if before.units[k].side == side and before.unit_type(k).unit_class != "hq"]
            if attackers:
                found.append(_operation(f"battle {battle.number}", False, battle.die_step or battle.declared_step,
                                        attackers, (before,), hqs))
        return found
    for rolled in record.overruns:
        before = rolled.before
        if before is None or rolled.die is None:
            continue
        who = overruns.parties(rolled, side)
        if isinstance(who, Verdict):
            continue
        attackers = [k for k in who.attackers if before.unit_type(k).unit_class != "hq"]
        if attackers:
            found.append(_operation(f"overrun {rolled.number}", True, rolled.die_step or rolled.declared_step,
                                    attackers, (before, record.start), hqs))
    return sorted(found, key=lambda o: o.step)


def _operation(label: str, overrun: bool, step: int, attackers: Sequence[str], instants: Sequence[Situation],
               hqs: Sequence[str]) -> Operation:
    """The operation with the HQs active at its instant (the first of ``instants``) that one of
    its units can trace a line of communications to at any of ``instants``."""
    now = instants[0]
    active = {k for k in hqs if k in now.units and now.units[k].hex is not None and not now.units[k].showing_back}
    reached: set[str] = set()
    for situation in instants:
        tracer = SupplyTracer(situation)
        for key in attackers:
            if key not in situation.units or situation.units[key].hex is None:
                continue
            try:
                reached.update(tracer.hqs_in_communication(key))
            except CannotCheck:
                continue
    unit = now.units[attackers[0]]
    where = hex_name(now.game, unit.hex) if unit.hex is not None else ""
    return Operation(label, overrun, step, attackers[0], where, frozenset(reached & active))


def _finding(record: PhaseRecord, operation: Operation, taken: Sequence[Operation],
             capacity: Mapping[str, int]) -> Judgement:
    game = record.start.game
    overran = operation.overrun or any(o.overrun and o.hqs & operation.hqs for o in taken)
    case = game_case(game, "hq_operations_overrun") if overran else game_case(game, "hq_operations")
    shares = "; ".join(
        f"{game.counter(k).name}: {capacity[k]}, wanted by {', '.join(o.label for o in taken if k in o.hqs) or 'none'}"
        for k in sorted(operation.hqs))
    verdict = Verdict.illegal(case, (
        f"{operation.label} on Game-Turn {record.turn} was carried out though no active HQ in communication with its "
        f"units had an offensive operation left (each coordinates half its Leadership Rating in attacks and overruns "
        f"per Game-Turn; {shares}); such an operation does not take place"))
    return Judgement(operation.step, operation.unit, operation.where, "", verdict, record.turn, record.phase.name,
                     record.phase.side)


HQ_OPERATIONS = HqOperations()
