"""Rostov 25.2: the Axis Player withdraws six units (two of them German) off the south edge from
area C by the end of Game-Turn 5, each paying one Movement Point to leave the map.

Without this rule a unit taken off the map in a Movement Phase is an AGS 5.26 finding (no unit
leaves the map with no combat): a withdrawal off area C was a false alarm. Here it is a move like
any other (its path to the edge hex judged by the standard movement check) with one Movement
Point more, and it is counted. When the log goes past Game-Turn 5, the count is judged: short of
six, or of two German units, is a finding citing Rostov 25.2, unless Axis units left the map in
the Soviet Player-Turn or the end of Game-Turn 5 (the Soviet Player removes the closest units for
the Axis Player, 25.2): which units those should be is not judged, a not-checked note.

A withdrawal is recorded in the log by taking the unit off the map (deleting it, or dropping it in
any box off the map) from a hex of area C in an Axis Movement Phase. Parameters: ``rules.withdrawal``
(``area``, ``units``, ``german``, ``german_types``, ``by_turn``, ``exit_mp``, ``side``, ``case``).

>>> WITHDRAWAL.name
'rostov_withdrawal'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, cite, hex_list, optional_param

WITHDRAWN = "withdrawn"
REMOVED = "removed"


def spec(game: Game) -> dict[str, Any] | None:
    """``rules.withdrawal`` when the game states it, else None."""
    rule = optional_param(game, "withdrawal", None)
    return rule if isinstance(rule, dict) and "area" in rule else None


def withdrawn_units(memory: dict[str, Any]) -> list[str]:
    """The units the rule counted as withdrawn so far (counter ids, in the order they left), from
    the rule's own memory: they left the game, they were not eliminated (Rostov 25.2)."""
    return list(memory.get(WITHDRAWN, []))


class RostovWithdrawal:
    """Rostov 25.2: the withdrawal move off area C, and the count at the end of Game-Turn 5."""

    name = "rostov_withdrawal"

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        game = record.start.game
        rule = spec(game)
        if rule is None or not track.left_map or track.start is None or record.turn > int(rule["by_turn"]):
            return None
        unit = before.units.get(track.key)
        if unit is None or unit.side != rule["side"] or record.phase.side != rule["side"]:
            return None
        hexes = [d.hex for d in track.drops if d.hex is not None]
        edge = hexes[-1] if hexes else track.start
        area = game.map.area(str(rule["area"]), "exit")
        if edge not in area.hexes:
            return None       # off the map elsewhere: the standard check's AGS 5.26
        allowed = movement.may_move_in_phase(before, track.key)
        if not allowed.is_legal:
            return [judge(record, allowed, track)]
        case = cite(game, str(rule["case"]))
        exit_mp = Fraction(rule["exit_mp"])
        if allowance.mp is None:
            verdict = Verdict.unchecked(case, f"{unit.counter.name} left the map from {hex_list(game, [edge])}: "
                                              f"{allowance.explanation}")
            return [judge(record, verdict, track)]
        left = Allowance(allowance.mp - exit_mp, f"{allowance.explanation}, less {exit_mp} MP to move off the map "
                                                 f"({rule['case']})", allowance.in_supply)
        if left.mp is not None and left.mp < 0:
            return [judge(record, Verdict.illegal(case, (
                f"{unit.counter.name} moved off the map from {hex_list(game, [edge])}, which costs {exit_mp} MP; "
                f"its allowance is {allowance.explanation}"), [edge]), track)]
        verdict = movement.movement_check(before, track.key, hexes, left, condition=condition)
        if verdict.is_illegal and verdict.case == cite(game, "AGS 5.11"):
            verdict = Verdict.illegal(case, f"{verdict.message}, and moving off the map costs {exit_mp} MP more",
                                      verdict.hexes)
        if not verdict.is_illegal:
            memory.setdefault(WITHDRAWN, []).append(track.key)
        return [] if verdict.is_legal else [judge(record, verdict, track)]

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        rule = spec(game)
        if rule is None:
            return []
        memory.setdefault("first_turn", record.turn)
        by_turn = int(rule["by_turn"])
        on_map = _axis_on_map(record, rule)
        pending = memory.pop("pending", None)
        if pending is not None:     # Axis units gone from the map during the phase before this one
            memory.setdefault(REMOVED, {}).update({k: h for k, h in pending.items() if k not in on_map})
        last_axis = max(i for i, phase in enumerate(game.phases) if phase.side == rule["side"])
        if record.turn == by_turn and record.phase_index > last_axis:
            # the Soviet Player's removal for a short withdrawal (25.2): Axis units leaving the map after
            # the last Axis phase of Game-Turn 5 (an elimination in battle too: see _judge_removal)
            memory["pending"] = on_map
        if record.turn <= by_turn or memory.get("judged"):
            return []
        memory["judged"] = True
        return _judge_count(record, rule, memory)


def _axis_on_map(record: PhaseRecord, rule: dict[str, Any]) -> dict[str, Hex]:
    """The side's combat units on the map as the phase begins, with their hexes."""
    game = record.start.game
    return {k: u.hex for k, u in record.start.units.items()
            if u.side == rule["side"] and u.hex is not None and _is_combat(game, k)}


def _judge_count(record: PhaseRecord, rule: dict[str, Any], memory: dict[str, Any]) -> list[Judgement]:
    """The count at the end of Game-Turn ``by_turn``, judged at the first phase after it."""
    game = record.start.game
    case = cite(game, str(rule["case"]))
    by_turn = int(rule["by_turn"])
    if memory.get("first_turn", 1) > 1:
        return [judge(record, Verdict.unchecked(case, (
            f"the log starts on Game-Turn {memory['first_turn']}: the withdrawals before it are not known")), None,
            last_step=record.first_step)]
    combat = [k for k in withdrawn_units(memory) if _is_combat(game, k)]
    german = [k for k in combat if game.counter(k).type in rule["german_types"]]
    short = max(int(rule["units"]) - len(combat), int(rule["german"]) - len(german), 0)
    if not short:
        return []
    names = ", ".join(game.counter(k).name for k in combat) or "none"
    told = (f"by the end of Game-Turn {by_turn}, {len(combat)} Axis units were withdrawn off area {rule['area']} "
            f"({len(german)} German: {names}); {rule['units']} must be, at least {rule['german']} German")
    removed = memory.get(REMOVED, {})
    if len(removed) < short:
        return [judge(record, Verdict.illegal(case, (
            f"{told}: the Soviet Player removes the {short} closest Axis unit(s) to the exit hexes, and "
            f"{len(removed) or 'none'} left the map after the last Axis phase of Game-Turn {by_turn}")),
            None, last_step=record.first_step)]
    verdicts = _judge_removal(record, rule, told, short, removed, len(german) < int(rule["german"]))
    return [judge(record, v, None, last_step=record.first_step) for v in verdicts]


def _judge_removal(record: PhaseRecord, rule: dict[str, Any], told: str, short: int, removed: dict[str, Hex],
                   german_short: bool) -> list[Verdict]:
    """Rostov 25.2: the units the Soviet Player removed for the shortfall are the closest in hexes to
    the exit hexes (equidistant: his choice). Every Axis unit gone after the last Axis phase of
    Game-Turn 5 is a candidate (one eliminated in a Soviet battle too): the ``short`` nearest of them
    are judged, so an extra candidate never makes a finding. Whether German units had to be among
    them (the book does not say) is not judged."""
    game = record.start.game
    case = cite(game, str(rule["case"]))
    exits = game.map.area(str(rule["area"]), "exit").hexes
    layout = game.map.layout

    def distance(hex_: Hex) -> int:
        return min(layout.distance(hex_, e) for e in exits)

    taken = sorted(removed, key=lambda k: (distance(removed[k]), k))[:short]
    farthest = max(taken, key=lambda k: distance(removed[k]))
    staying = _axis_on_map(record, rule)
    nearer = sorted((k for k, h in staying.items() if distance(h) < distance(removed[farthest])),
                    key=lambda k: (distance(staying[k]), k))
    if nearer:
        return [Verdict.illegal(case, (
            f"{told}: the Soviet Player removed {game.counter(farthest).name} ({hex_list(game, [removed[farthest]])}, "
            f"{_hexes(distance(removed[farthest]))} from area {rule['area']}), but {game.counter(nearer[0]).name} "
            f"({hex_list(game, [staying[nearer[0]]])}, {_hexes(distance(staying[nearer[0]]))}) is closer: the closest "
            "units are removed"), [removed[farthest], staying[nearer[0]]])]
    if not german_short or all(game.counter(k).type in rule["german_types"] for k in taken):
        return []
    names = ", ".join(game.counter(k).name for k in taken)
    return [Verdict.unchecked(case, (
        f"{told}; the Soviet Player removed the closest Axis units ({names}): whether German units had to be among "
        "them is not checked"))]


def _hexes(count: int) -> str:
    """A distance in words.

    >>> _hexes(1), _hexes(4)
    ('1 hex', '4 hexes')
    """
    return f"{count} hex" if count == 1 else f"{count} hexes"


def _is_combat(game: Game, key: str) -> bool:
    """A unit that counts for 25.2: not a marker-like piece (a supply counter has no combat capacity, 23.13)."""
    unit_type = game.unit_types.get(game.counter(key).type)
    return unit_type is not None and unit_type.unit_class != "marker"


WITHDRAWAL = RostovWithdrawal()
