"""Disengagement [Rostov 21.0]: a unit of the side ``rules.disengagement`` names (the Soviet
Player) that starts a Movement Phase in an enemy zone of control may leave it, for one extra
Movement Point (21.13) and a die roll per stack on the Disengagement Table (21.11, 21.3) with
its modifiers (21.12), if it has spent no Movement Points and is in supply (21.21); it may not
enter an enemy-controlled hex again in the phase (21.22) nor end it nearer the west edge (21.23).

A log shows the roll as the die rolled before the stack's first unit moves: the last die of the
phase before it that no overrun took, one die per stack (a die two stacks share is the first
one's). What the log cannot show is reported as not checked, never as a finding: a stack with
no die of its own, the steps the table takes first (21.3: 0-2, which the player may take from
any unit of the stack, or with a second step, 19.6), and a unit whose supply is not known.

The parameters are ``rules.disengagement`` (side, extra MP, the table and its modifiers, the
edge that is west) and ``charts/disengagement.csv``; the cases are ``rules.game_cases``
(``disengagement``, ``disengagement_cost``, ``disengagement_supply``, ``disengagement_reentry``,
``disengagement_west``, ``disengagement_table``).

>>> modified_roll(game, situation, start, stack, die=3, condition=None)     # doctest: +SKIP
(5, ['+1: mechanized, cavalry or HQ units in the zone of no Axis mechanized unit'])
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.errors import ErrorLog
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.tables import read_csv
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.ags.exclusive import problems_reading
from vmodgen.engine.rules.ags.zoc_exit import extra_cost_check
from vmodgen.engine.rules.family import DataProblem
from vmodgen.engine.rules.board import edge_hexes
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, game_case, hex_name, optional_table
from vmodgen.engine.rules.zoc import enemy_zoc


@dataclass(frozen=True)
class TableRow:
    """One line of the Disengagement Table (21.3)."""

    die: int
    result: str
    steps_lost: int
    retreat_hexes: int


@dataclass(frozen=True)
class Attempt:
    """One stack's disengagement: where it started, its units, the die (None: the log shows no
    roll of its own) and the step it was rolled in."""

    start: Hex
    units: tuple[str, ...]
    die: int | None
    die_step: int | None


def spec(game: Game) -> dict[str, Any] | None:
    return optional_table(game, "disengagement")


def table(game: Game) -> dict[int, TableRow]:
    """``charts/disengagement.csv`` (``rules.disengagement.table``), read once per game."""
    def read() -> dict[int, TableRow]:
        log = ErrorLog()
        rows = read_csv(Path(game.folder) / (spec(game) or {})["table"],
                        ("die", "result", "steps_lost", "retreat_hexes"), log)
        log.raise_if_any()
        return {int(r.get("die")): TableRow(int(r.get("die")), r.get("result"), int(r.get("steps_lost")),
                                            int(r.get("retreat_hexes"))) for r in rows}
    return of_map(game, "rostov disengagement table", read)


def attempts(record: PhaseRecord, memory: dict[str, Any]) -> dict[str, Attempt]:
    """Every disengagement of the phase, by unit: the units of the side that started it in an
    enemy zone of control and moved, grouped by start hex and die (kept for the phase)."""
    key = f"{record.turn}:{record.phase_index}:{record.first_step}"
    if key not in memory:
        memory[key] = _attempts(record)
    return memory[key]  # type: ignore[no-any-return]


def _attempts(record: PhaseRecord) -> dict[str, Attempt]:
    game = record.start.game
    side = (spec(game) or {})["side"]
    zoc = enemy_zoc(record.start, side, "movement")
    overrun_dice = {o.die_step for o in record.overruns}
    free = [(step, value) for step, value in record.dice if step not in overrun_dice]
    movers = sorted((t.drops[0].step, k) for k, t in record.tracks.items()
                    if t.start is not None and t.start in zoc and game.counter(k).side == side
                    and (t.left_map or any(d.hex != t.start for d in t.map_drops)))
    claimed: dict[int, Hex] = {}
    rolled: dict[str, tuple[Hex, int | None, int | None]] = {}
    for first, unit in movers:
        start = record.tracks[unit].start
        assert start is not None
        earlier = [d for d in free if d[0] < first]
        die_step, die = earlier[-1] if earlier else (None, None)
        if die_step is not None and claimed.setdefault(die_step, start) != start:
            die_step, die = None, None      # 21.11: that die was another stack's roll
        rolled[unit] = (start, die, die_step)
    found = {}
    for unit, (start, die, die_step) in rolled.items():
        stack = tuple(sorted(k for k, v in rolled.items() if v == (start, die, die_step)))
        found[unit] = Attempt(start, stack, die, die_step)
    return found


def modified_roll(game: Game, situation: Situation, attempt: Attempt,
                  condition: Condition | None) -> tuple[int, list[str]]:
    """Rostov 21.12, 21.3: the die with its modifiers (cumulative), kept within the table."""
    rules = spec(game) or {}
    mods = rules["modifiers"]
    side = rules["side"]
    controllers = enemy_zoc(situation, side, "movement").get(attempt.start, [])
    mobile = any(situation.unit_type(k).unit_class in rules["mobile_classes"] for k in attempt.units)
    mech = [k for k in controllers if situation.unit_type(k).unit_class in rules["enemy_mech_classes"]
            and situation.units[k].counter.type not in rules.get("enemy_mech_excluded_types", [])]
    total = attempt.die or 0
    said = []
    if mobile and not mech:
        total += mods["mobile_not_held_by_mech"]
        said.append(f"{mods['mobile_not_held_by_mech']:+d}: mechanized, cavalry or HQ units in the zone of no "
                    "enemy mechanized unit")
    if not mobile and mech:
        total += mods["not_mobile_held_by_mech"]
        said.append(f"{mods['not_mobile_held_by_mech']:+d}: no mechanized, cavalry or HQ unit, in the zone of an "
                    "enemy mechanized unit")
    river = rules["river_feature"]
    absent = condition.absent_hexsides if condition is not None else frozenset()
    across = {situation.units[k].hex for k in controllers}
    if across and river not in absent and all(river in game.map.features(attempt.start, h) for h in across
                                              if h is not None):
        total += mods["behind_river"]
        said.append(f"{mods['behind_river']:+d}: separated from every adjacent enemy unit by {river.replace('_', ' ')} hexsides")
    rows = table(game)
    return max(min(rows), min(max(rows), total)), said


def _effect(row: TableRow) -> tuple[int, int]:
    return row.steps_lost, row.retreat_hexes


def west_distance(game: Game, hex_: Hex) -> int:
    """Hexes from the map edge that is west (``rules.disengagement.west_edge``, as printed)."""
    edge = of_map(game, "rostov west edge", lambda: edge_hexes(game.map.layout, (spec(game) or {})["west_edge"]))
    return min(game.map.layout.distance(hex_, e) for e in edge)


class Disengagement:
    """The rule as a move rule (``engine.rules.ags.exclusive``): it judges the moves of the units
    that leave an enemy zone at the start of a Movement Phase, which the standard check would
    report as AGS 5.24."""

    name = "rostov_disengagement"

    def load_data(self, game: Game) -> list[DataProblem]:
        return [] if spec(game) is None else problems_reading(game, lambda: table(game))

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        game = record.start.game
        rules = spec(game)
        if rules is None or record.phase.side != rules["side"] or track.start is None:
            return None
        if game.counter(track.key).side != rules["side"]:
            return None
        attempt = attempts(record, memory).get(track.key)
        if attempt is None:
            return None
        if not track.left_map and not movement.may_move_in_phase(before, track.key).is_legal:
            return None       # the standard check says why it may not move at all
        verdicts = _judge(record, track, before, allowance, condition, attempt)
        return [judge(record, v, track) for v in verdicts if not v.is_legal]


def _judge(record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
           condition: Condition | None, attempt: Attempt) -> list[Verdict]:
    game = record.start.game
    rules = spec(game) or {}
    name = game.counter(track.key).name
    start = attempt.start
    where = hex_name(game, start)
    if allowance.in_supply is False:
        return [Verdict.illegal(game_case(game, "disengagement_supply"), (
            f"{name} disengaged from the enemy zone of control at {where} out of supply; a unit out of supply "
            "may not attempt to disengage"), [start])]
    if attempt.die is None:
        return [Verdict.unchecked(game_case(game, "disengagement"), (
            f"{name} left the enemy zone of control at {where}; the log shows no die rolled for its stack's "
            "disengagement before it moved, so the disengagement was not checked"), [start])]
    found = []
    if allowance.in_supply is None:
        found.append(Verdict.unchecked(game_case(game, "disengagement_supply"), (
            f"{name} disengaged from {where}: whether it was in supply (a unit out of supply may not disengage) "
            "is not known")))
    modified, said = modified_roll(game, record.start, attempt, condition)
    if condition is not None and not condition.known:
        other, _ = modified_roll(game, record.start, attempt, None)
        if _effect(table(game)[other]) != _effect(table(game)[modified]):
            return found + [Verdict.unchecked(game_case(game, "disengagement"), (
                f"{name} disengaged from {where}: the weather is not known (the log does not show this Game-Turn's "
                "Weather Phase), and whether minor rivers exist in it changes the Disengagement Table's result"),
                [start])]
    row = table(game)[modified]
    roll = f"die {attempt.die}{' (' + '; '.join(said) + ')' if said else ''}, modified {modified}: {row.result}"
    if track.left_map:
        if row.steps_lost:
            found.append(Verdict.unchecked(game_case(game, "disengagement_table"), (
                f"{name} was removed from the stack disengaging from {where} ({roll}): that the steps removed are "
                f"the {row.steps_lost} the table takes was not checked")))
            return found
        return found + [Verdict.illegal(game_case(game, "disengagement_table"), (
            f"{name} was taken off the map while disengaging from {where} ({roll}): the table takes no steps"),
            [start])]
    hexes = [d.hex for d in track.map_drops if d.hex is not None]
    final = hexes[-1]
    if row.retreat_hexes:
        # 21.3: retreated by the enemy player, and moved no further in the phase
        distance = game.map.layout.distance(start, final)
        if distance != row.retreat_hexes:
            found.append(Verdict.illegal(game_case(game, "disengagement_table"), (
                f"{name} ended {distance} hexes from {where} after its disengagement roll ({roll}): the units are "
                f"retreated {row.retreat_hexes} hexes and may move no further that Movement Phase"), [start, final]))
        return found
    verdict = extra_cost_check(before, track.key, hexes, allowance, Fraction(rules["extra_mp"]),
                               game_case(game, "disengagement_cost"), f"{name} disengaged from {where} ({roll})",
                               "to disengage", "disengaging costs", condition)
    if allowance.mp is not None and not verdict.is_legal:
        found.append(verdict)
    zoc = enemy_zoc(record.start, rules["side"], "movement")
    again = next((h for h in hexes if h != start and h in zoc), None)
    if again is not None:
        found.append(Verdict.illegal(game_case(game, "disengagement_reentry"), (
            f"{name} disengaged from {where} and entered the enemy-controlled hex {hex_name(game, again)} in the "
            "same Movement Phase"), [start, again]))
    if west_distance(game, final) < west_distance(game, start):
        found.append(Verdict.illegal(game_case(game, "disengagement_west"), (
            f"{name} disengaged from {where} and ended the phase at {hex_name(game, final)}, nearer the west edge "
            "than it began"), [start, final]))
    return found


DISENGAGEMENT = Disengagement()
