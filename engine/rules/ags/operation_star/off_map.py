"""Involuntary off-map withdrawals [Operation Star 24.0, 24.1]: a unit forced by combat to retreat
off the map is not eliminated (the exception to AGS 9.71); it waits off the map and re-enters on a
later Game-Turn in the hex closest to the hex it left through that is free of enemy zones of
control. A Soviet unit must re-enter on the following Game-Turn; one that does not is eliminated
and counts for the German Player's victory (24.1).

The module gives each side an ``Off map <side>`` box in the dead pile window
(``art.boards.render_dead_pile``); a unit put there in a Combat Phase has retreated off the map.
What a log shows and what it does not:

- The retreat: a log does not show the combat result's length to this rule, so the retreat is
  judged against every retreat length the Combat Results Table has (``retreat_lengths``): it is
  a finding only when, whatever the length, a retreat ending on the map was open (AGS 9.71: the
  unit was not forced off) or the map edge was out of its reach along hexes open to a retreat.
- The exit hex: a log shows where the unit stood, not the path it left by; every map-edge hex a
  retreat of an allowed length could have left through is a possible exit hex.
- The re-entry hex: "the hex closest to the hex it was exited through that is free from an Enemy
  Zone of Control" is read as closest among all map hexes and as closest among the map-edge
  hexes; a re-entry by a hex either reading allows, from any possible exit hex, is accepted. The
  book does not say whether the unit moves on after re-entering: the move beyond is judged as a
  reinforcement's (AGS 15.0: the entry hex's cost, then within its Movement Allowance), the more
  generous reading; a unit dropped only on its entry hex meets both.
- 24.1: a Soviet unit back on a later Game-Turn than the following one is a finding; one that
  never comes back is no finding (the book eliminates it) and the victory tally counts it
  eliminated (``settle_losses``).

Parameters: ``rules.off_map_retreat`` (``case``, ``return_case``, ``return_within`` per side in
Game-Turns, ``retreat_lengths``). A game without it has no off-map box and nothing here applies.

>>> OFF_MAP_RETREAT.name, OFF_MAP_RETREAT.judges_entries
('off_map_retreat', True)
>>> box("Soviet")
'Off map Soviet'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.ags import vocabulary
from vmodgen.engine.rules.ags.victory_ledger import DEAD_PILE, Losses
from vmodgen.engine.rules.board import EDGES, edge_hexes
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.retreat import RetreatGround
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, cite, hex_list, optional_param
from vmodgen.engine.rules.zoc import enemy_zoc, occupied_by_enemy

OFF_MAP = "Off map"      # the module's box of a side's units retreated off the map (art.boards.OFF_MAP)
AWAY = "away"            # unit -> Exit, while it is off the map
LATE = "late"            # Soviet unit -> Exit, once its Game-Turn to come back has passed (24.1)
RETREATED = "retreated off the map"   # how the victory tally's reason for a unit waiting off the map begins


def box(side: str) -> str:
    """The name of ``side``'s off-map box (a zone of the dead pile window)."""
    return f"{OFF_MAP} {side}"


@dataclass(frozen=True)
class Exit:
    """A unit's retreat off the map: the Game-Turn, the hex it stood in, the map-edge hexes it may
    have left through."""

    turn: int
    hex: Hex
    exits: frozenset[Hex]


def spec(game: Game) -> dict[str, Any] | None:
    """``rules.off_map_retreat``, or None for a game whose units retreated off the map are eliminated."""
    rule = optional_param(game, "off_map_retreat", None)
    return rule if isinstance(rule, dict) else None


def map_edge(game: Game) -> frozenset[Hex]:
    layout = game.map.layout
    return frozenset(h for edge in EDGES for h in edge_hexes(layout, edge))


def possible_exits(before: Situation, key: str, lengths: Iterable[int]) -> tuple[frozenset[Hex], str]:
    """The map-edge hexes a retreat off the map may have left through, and, when there is none,
    why (for each length, the retreat could end on the map, or never reach its edge). ``before``: the position just
    before the unit was taken off. A retreat of L leaves the map through an edge hex it reaches in
    fewer than L hexes along hexes open to a retreat (AGS 9.71, 9.73), and only when no retreat
    of L ends on the map (it is forced off, 24.0)."""
    game = before.game
    unit = before.units[key]
    start = unit.hex
    if start is None:
        return frozenset(), "it was not on the map"
    ground = RetreatGround.of(before, unit.side, [before], [key])
    edge = map_edge(game)
    exits: set[Hex] = set()
    reasons: list[str] = []
    for length in sorted(lengths):
        end = ground.open_end(key, length)
        if end is not None:
            reasons.append(f"{length}: a retreat to {hex_list(game, [end])} was open")
            continue
        reach = {start} | {h for d in range(1, length) for h in ground.ends(start, d)}
        if not reach & edge:
            reasons.append(f"{length}: the map edge was out of reach")
        exits |= reach & edge
    if exits:
        return frozenset(exits), ""
    return frozenset(), f"whatever the length of its retreat ({'; '.join(reasons)})"


def reentry_hexes(before: Situation, side: str, exits: Iterable[Hex]) -> frozenset[Hex]:
    """24.0: for each possible exit hex, the hexes closest to it free of enemy zones of control
    (and of enemy units), read among all map hexes and among the map-edge hexes."""
    game = before.game
    layout = game.map.layout
    closed = set(enemy_zoc(before, side, "movement")) | occupied_by_enemy(before, side)
    free = [h for h in layout.hexes() if h not in closed]
    edge = map_edge(game)
    found: set[Hex] = set()
    for exit_hex in exits:
        for pool in (free, [h for h in free if h in edge]):
            if pool:
                nearest = min(layout.distance(exit_hex, h) for h in pool)
                found |= {h for h in pool if layout.distance(exit_hex, h) == nearest}
    return frozenset(found)


def _last_map_hex(track: UnitTrack) -> Hex | None:
    hexes = [d.hex for d in track.drops if d.hex is not None]
    return hexes[-1] if hexes else track.start


class OffMapRetreat:
    """24.0, 24.1 as a phase rule (units put in an off-map box, Soviet units whose Game-Turn to
    come back has passed) and a move rule (their re-entry)."""

    name = "off_map_retreat"
    judges_entries = True

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        rule = spec(game)
        if rule is None:
            return []
        away: dict[str, Exit] = memory.setdefault(AWAY, {})
        late: dict[str, Exit] = memory.setdefault(LATE, {})
        for key, exit_ in list(away.items()):
            within = rule["return_within"].get(game.counter(key).side)
            if within is not None and record.turn > exit_.turn + int(within):
                late[key] = away.pop(key)
        found = []
        for key, track in sorted(record.tracks.items()):
            counter = game.counter(key)
            if track.drops and track.start_location == box(counter.side) and track.drops[-1].hex is None \
                    and track.drops[-1].location != box(counter.side):
                away.pop(key, None)               # moved on from the box (to the dead pile): no re-entry to judge
                late.pop(key, None)
            if not track.drops or track.drops[-1].location != box(counter.side):
                continue
            was = _last_map_hex(track)
            if was is None:
                continue                          # moved between boxes off the map
            if record.phase.kind not in vocabulary.COMBAT_KINDS:
                continue                          # off the map outside combat: the movement checks' (AGS 5.26)
            before = track.before or record.start
            exits, why = possible_exits(before, key, rule["retreat_lengths"])
            if not exits:
                found.append(judge(record, Verdict.illegal(cite(game, f"{rule['case']}, AGS 9.71"), (
                    f"{counter.name} was put off the map ({box(counter.side)}) from {hex_list(game, [was])}, but it "
                    f"was not forced to retreat off it: {why}; a unit that retreats off the map when it need not "
                    "is eliminated"), [was]), track))
                continue
            away[key] = Exit(record.turn, was, exits)
        return found

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        game = record.start.game
        rule = spec(game)
        counter = game.counter(track.key)
        if rule is None or not track.entered_map or track.start_location != box(counter.side):
            return None
        case = cite(game, str(rule["case"]))
        exit_ = memory.get(AWAY, {}).pop(track.key, None)
        late = memory.get(LATE, {}).pop(track.key, None)
        if exit_ is None and late is None:
            return [judge(record, Verdict.unchecked(case, (
                f"{counter.name} re-entered the map from {box(counter.side)}; the log does not show its retreat off "
                "the map, so its re-entry hex was not checked")), track)]
        found = []
        if late is not None:
            exit_ = late
            within = int(rule["return_within"][counter.side])
            found.append(judge(record, Verdict.illegal(cite(game, str(rule["return_case"])), (
                f"{counter.name}, retreated off the map on Game-Turn {late.turn}, re-entered on Game-Turn "
                f"{record.turn}: it must re-enter by Game-Turn {late.turn + within}, or it is eliminated"), []), track))
        assert exit_ is not None
        if record.turn <= exit_.turn:
            return found + [judge(record, Verdict.illegal(case, (
                f"{counter.name} retreated off the map on Game-Turn {exit_.turn} and re-entered on the same "
                "Game-Turn: it re-enters during a later Game-Turn")), track)]
        entries = reentry_hexes(before, counter.side, exit_.exits)
        hexes = [d.hex for d in track.drops if d.hex is not None]
        verdict = movement.movement_check(before, track.key, hexes, allowance, entries=entries, condition=condition)
        if verdict.is_legal:
            return found
        if hexes[0] in entries:
            return found + [judge(record, verdict, track)]   # it entered where it may; the move beyond broke a rule
        return found + [judge(record, Verdict.illegal(case, (
            f"{counter.name} re-entered the map at {hex_list(game, hexes[:1])}; it left from "
            f"{hex_list(game, [exit_.hex])} (through {hex_list(game, sorted(exit_.exits))}), and the closest hexes "
            f"free of an enemy zone of control are {hex_list(game, sorted(entries))}: {verdict.message}"),
            hexes[:1]), track)]


def exits_in(records: Sequence[PhaseRecord], lengths: Iterable[int]) -> dict[str, tuple[int, bool]]:
    """The units whose last move in the log was into their side's off-map box in a Combat Phase,
    with the Game-Turn and whether they are eliminated already: their retreat was not forced off
    the map (AGS 9.71), or a player moved them on from the box to the side's dead pile."""
    found: dict[str, tuple[int, bool]] = {}
    for record in records:
        game = record.start.game
        for key, track in record.tracks.items():
            if not track.drops:
                continue
            side, last = game.counter(key).side, track.drops[-1]
            if last.location == box(side) and _last_map_hex(track) is not None \
                    and record.phase.kind in vocabulary.COMBAT_KINDS:
                exits, _ = possible_exits(track.before or record.start, key, lengths)
                found[key] = (record.turn, not exits)
            elif last.hex is not None:
                found.pop(key, None)
            elif key in found and last.location == f"{DEAD_PILE} {side}":
                found[key] = (found[key][0], True)
    return found


def settle_losses(records: Sequence[PhaseRecord], lost: Losses) -> Losses:
    """The victory tally's losses with 24.0/24.1 applied: a unit waiting off the map is no unit
    lost and no exit (25.1), unless it is Soviet and its Game-Turn to re-enter is over in the log
    (24.1: eliminated), its retreat was not forced off the map (AGS 9.71: eliminated), or a player
    moved it on to the dead pile. A Soviet
    unit back after its Game-Turn stays eliminated (24.1; the re-entry is a finding)."""
    game = records[0].start.game
    rule = spec(game)
    if rule is None:
        return lost
    last_turn = records[-1].turn
    late = _late_returns(records, rule)
    for key, (turn, eliminated) in exits_in(records, rule["retreat_lengths"]).items():
        lost.removed.pop(key, None)
        lost.removed_from.pop(key, None)
        within = rule["return_within"].get(game.counter(key).side)
        if eliminated or within is not None and _over(records, game.counter(key).side, turn + int(within)):
            lost.eliminated[key] = records[-1].last_step
            _reduced(records, key, lost)
        elif within is not None:
            lost.removed[key] = (f"{RETREATED} on Game-Turn {turn}: it re-enters by Game-Turn "
                                 f"{turn + int(within)} or is eliminated ({rule['return_case']}); the log ends on "
                                 f"Game-Turn {last_turn}")
    for key, step in late.items():
        lost.eliminated[key] = step
        _reduced(records, key, lost)
    return lost


def _over(records: Sequence[PhaseRecord], side: str, turn: int) -> bool:
    """Is every Movement Phase of ``side`` on Game-Turn ``turn`` played in the log?"""
    game = records[0].start.game
    kinds = [i for i, p in enumerate(game.phases) if p.side == side and p.kind in vocabulary.MOVEMENT_KINDS]
    last = max(kinds) if kinds else -1
    return any(r.turn > turn or (r.turn == turn and r.phase_index > last) or
               (r.turn == turn and r.phase_index == last and r.complete) for r in records)


def _late_returns(records: Sequence[PhaseRecord], rule: dict[str, Any]) -> dict[str, int]:
    """Soviet units (sides with ``return_within``) back on the map after their Game-Turn to re-enter."""
    found: dict[str, int] = {}
    away: dict[str, int] = {}
    for record in records:
        game = record.start.game
        for key, track in sorted(record.tracks.items(), key=lambda kv: kv[1].drops[0].step if kv[1].drops else 0):
            side = game.counter(key).side
            if not track.drops:
                continue
            last = track.drops[-1]
            if last.location == box(side) and record.phase.kind in vocabulary.COMBAT_KINDS:
                away[key] = record.turn
            elif track.entered_map and track.start_location == box(side) and key in away:
                within = rule["return_within"].get(side)
                if within is not None and record.turn > away[key] + int(within):
                    found[key] = track.map_drops[0].step
                away.pop(key)
    return found


def _reduced(records: Sequence[PhaseRecord], key: str, lost: Losses) -> None:
    end = records[-1].end or records[-1].start
    unit = end.units.get(key)
    if unit is not None and unit.showing_back:
        lost.eliminated_reduced.add(key)


OFF_MAP_RETREAT = OffMapRetreat()
