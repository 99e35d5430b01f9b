"""Rostov's Axis supply [Rostov 23.0-23.18, 19.4, 23.2]: lines of six hexes to the west edge, to the
south edge west of 0108, or to an Axis supply counter of a valid chain.

The supply counters are pieces of the module (``unit_types.axis_supply``), read from the position
as every unit is. What the log cannot show is bounded, never guessed: the weather of a Game-Turn
(23.17: three hexes when severe), whether a counter was expended (23.15), an Air marker supplying a
German stack (23.2), a Soviet Air marker interdicting a counter (23.18) and cities of unknown
control (19.4). A unit is **in** supply when a line reaches a source under the strictest reading,
**out** only when none does under the most generous one, and **not known** in between: never a
finding. Roads count half a hex when the line runs along them and carry the line across major
rivers (23.16); railroads do not (19.4). Parameters: ``rules.axis_supply`` in ``game.toml``.

>>> register_side_supply_rule(axis_supply_state)       # doctest: +SKIP
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.piece_properties import UNIT
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.ags.rostov.weather import spec as weather_spec
from vmodgen.engine.rules.ags.vocabulary import AIR
from vmodgen.engine.rules.ags.rostov.weather import weather_of
from vmodgen.engine.rules.board import edge_hexes
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.positions import remembered
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.supply import IN, OUT, UNKNOWN, SupplyState, SupplyTracer
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name, optional_param

CASE = "Rostov 23.0"


@dataclass(frozen=True)
class _Reach:
    """Half-hex costs from the nearest direct source under the strict and the generous reading,
    with the line lengths (in hexes) each allows."""

    strict: dict[Hex, int]
    generous: dict[Hex, int]
    strict_length: int
    generous_length: int
    air_possible: bool
    interdicted: frozenset[Hex] = frozenset()
    uninterdicted: dict[Hex, int] | None = None     # the strict costs with no counter interdicted

    def only_interdicted(self, hex_: Hex) -> bool:
        """Rostov 23.18: a line within the strict length reaches a source only by an interdicted
        counter supplying directly."""
        return self.uninterdicted is not None and self.uninterdicted.get(hex_, 10 ** 6) <= 2 * self.strict_length


def spec(game: Game) -> dict[str, Any] | None:
    """``rules.axis_supply`` when the game states Axis supply by counters, else None."""
    rule = optional_param(game, "axis_supply", None)
    return rule if isinstance(rule, dict) and "counter_type" in rule else None


def axis_supply_state(tracer: SupplyTracer, key: str) -> SupplyState | None:
    """The supply of one Axis unit by Rostov 23.0, or None for a unit the rule does not cover."""
    game = tracer.game
    rule = spec(game)
    if rule is None:
        return None
    unit = tracer.situation.units[key]
    if unit.side != rule["side"] or unit.hex is None:
        return None
    name, where = unit.counter.name, hex_name(game, unit.hex)
    if unit.counter.type == rule["counter_type"]:
        return SupplyState(IN, cite(game, "Rostov 23.14"), f"{name}: supply counters are never out of supply")
    reach = _reach(tracer, rule)
    if reach.strict.get(unit.hex, 10 ** 6) <= 2 * reach.strict_length:
        return SupplyState(IN, cite(game, CASE), f"{name} in {where} traces a line of supply within "
                                                 f"{reach.strict_length} hexes to a map edge or a supply counter "
                                                 "of a valid chain")
    if reach.only_interdicted(unit.hex):
        return SupplyState(UNKNOWN, cite(game, "Rostov 23.18"), (
            f"{name} in {where}: its line of supply reaches only a supply counter under the Soviet Air marker "
            f"({', '.join(hex_name(game, h) for h in sorted(reach.interdicted))}), which supplies no unit directly "
            "in the Axis Player-Turn if the marker was put down as 24.21 allows (not known here)"))
    if reach.generous.get(unit.hex, 10 ** 6) > 2 * reach.generous_length:
        if unit.counter.type in rule.get("air_supply_types", ()) and any(
                m.kind == AIR and m.hex == unit.hex and m.side == rule["side"] for m in tracer.markers.values()):
            return SupplyState(UNKNOWN, cite(game, "Rostov 23.2"), f"{name} in {where}: no line of supply, but an "
                                                                   "Axis Air marker on its hex supplies it for the "
                                                                   "Player-Turn if placed legally (24.1, not judged)")
        if reach.air_possible:
            return SupplyState(UNKNOWN, cite(game, "Rostov 23.2"), f"{name} in {where}: no line of supply, but an "
                                                                   "Axis Air marker on the map may supply it")
        return SupplyState(OUT, cite(game, CASE), f"{name} in {where} traces no line of supply within "
                                                  f"{reach.generous_length} hexes (roads at half a hex) to a map "
                                                  "edge or an Axis supply counter")
    return SupplyState(UNKNOWN, cite(game, CASE), f"{name} in {where}: its line of supply depends on what the log "
                                                  "does not show (the weather, an expended or interdicted supply "
                                                  "counter, or who controls a city)")


def _reach(tracer: SupplyTracer, rule: dict[str, Any]) -> _Reach:
    situation = tracer.situation
    game = tracer.game
    side = rule["side"]
    counters = tuple(sorted((k, u.hex, u.showing_back) for k, u in situation.on_map(side)
                            if u.counter.type == rule["counter_type"]))
    # Rostov 23.18, 24.21: a Soviet Air marker on the map (a marker, not a unit: the tracer's
    # markers, as a battle or an overrun passes them) interdicts only in the Axis Player-Turn
    marked = frozenset(m.hex for m in tracer.markers.values() if m.kind == AIR and m.side and m.side != side
                       and m.hex is not None) if situation.phase.side == side else frozenset()
    key = ("rostov axis supply", situation.turn, situation.phase.side,
           situation.signatures([s.name for s in game.sides]), counters, frozenset(situation.control.items()), marked)
    return remembered(game, key, lambda: _work(tracer, rule, counters, marked))


def _work(tracer: SupplyTracer, rule: dict[str, Any], counters: tuple[tuple[str, Hex, bool], ...],
          marked: frozenset[Hex] = frozenset()) -> _Reach:
    situation = tracer.situation
    game = tracer.game
    side = rule["side"]
    strict_length, generous_length = _lengths(game, situation.turn, rule)
    edges = _edge_sources(game, rule)
    air = rule.get("air_type")
    interdicted = {u.hex for _, u in situation.on_map() if u.side != side and u.counter.type == air} | marked
    own_turn = situation.phase.side == side
    # Rostov 23.15: a flipped counter is expended, a valid source for its own Player-Turn.
    expended = {h for _, h, back in counters if back and own_turn}
    chained_strict = _chain(tracer, rule, edges, counters, strict_length, assume_friendly=False)
    chained_generous = _chain(tracer, rule, edges, counters, generous_length, assume_friendly=True)
    # Rostov 23.18: an interdicted counter supplies no unit directly (strict reading only).
    strict_sources = edges | ((chained_strict | expended) - interdicted)
    # Rostov 23.15: in the Axis Player-Turn any counter might have been expended at its start.
    generous_sources = edges | chained_generous | ({h for _, h, _ in counters} if own_turn else expended)
    cut = (chained_strict | expended) & interdicted
    uninterdicted = _costs(tracer, rule, edges | chained_strict | expended, strict_length, assume_friendly=False) \
        if cut else None
    return _Reach(strict=_costs(tracer, rule, strict_sources, strict_length, assume_friendly=False),
                  generous=_costs(tracer, rule, generous_sources, generous_length, assume_friendly=True),
                  strict_length=strict_length, generous_length=generous_length,
                  air_possible=any(u.counter.type == air for _, u in situation.on_map(side)),
                  interdicted=frozenset(cut), uninterdicted=uninterdicted)


def _lengths(game: Game, turn: int, rule: dict[str, Any]) -> tuple[int, int]:
    """Rostov 23.17: the strict and the generous line length on this Game-Turn, over every weather
    either section may have (the Record Track, or any roll of the 20.3 table)."""
    possible = set()
    sections = (weather_spec(game) or {}).get("sections", {})
    for section in sections:
        possible.add(weather_of(game, turn, section, die=None, rolled=False))
        possible.update(weather_of(game, turn, section, die=d, rolled=True) for d in range(1, 7))
    severe = rule["severe_weather"]
    strict = rule["severe_line_length"] if severe in possible or not possible else rule["line_length"]
    generous = rule["line_length"] if possible - {severe} or not possible else rule["severe_line_length"]
    return int(strict), int(generous)


def _edge_sources(game: Game, rule: dict[str, Any]) -> set[Hex]:
    """Rostov 23.0: hexes bordering the west edge, and the south edge west of 0108 (the map is
    printed turned: ``rules.axis_supply.edges`` names the edges as the checker does)."""
    layout = game.map.layout
    found: set[Hex] = set()
    for edge in rule["edges"]:
        found |= edge_hexes(layout, edge)
    part = rule.get("edge_part")
    if part:
        limit = layout.parse(part["west_of"])
        found |= {h for h in edge_hexes(layout, part["edge"]) if h.row < limit.row}
    return found


def _chain(tracer: SupplyTracer, rule: dict[str, Any], edges: set[Hex],
           counters: Iterable[tuple[str, Hex, bool]], length: int, *, assume_friendly: bool) -> set[Hex]:
    """Rostov 23.1: the hexes of counters in a valid chain, each within ``length`` hexes of the
    edge or of a counter already in the chain."""
    waiting = {h for _, h, _ in counters}
    chained: set[Hex] = set()
    sources = set(edges)
    while True:
        costs = _costs(tracer, rule, sources, length, assume_friendly=assume_friendly)
        new = {h for h in waiting if costs.get(h, 10 ** 6) <= 2 * length}
        if not new:
            return chained
        chained |= new
        waiting -= new
        sources = new


def _costs(tracer: SupplyTracer, rule: dict[str, Any], sources: set[Hex], length: int, *,
           assume_friendly: bool) -> dict[Hex, int]:
    """Half-hex costs of the cheapest line from any source, up to ``length`` hexes: two a hex, one
    along a road (Rostov 23.16); not through Soviet units or zones (AGS 12.1)."""
    game = tracer.game
    side = rule["side"]
    barred = tracer.barred(side)
    half = int(rule["road_hex_counts"] * 2)
    limit = 2 * length
    best: dict[Hex, int] = {}
    queue: list[tuple[int, Hex]] = []
    for source in sorted(sources):
        if source not in barred and tracer.enterable(source):
            best[source] = 0
            queue.append((0, source))
    heapq.heapify(queue)
    while queue:
        cost, hex_ = heapq.heappop(queue)
        if cost > best.get(hex_, cost):
            continue
        if cost > 0 and tracer.into_not_through(hex_):
            continue
        for other in game.map.layout.neighbours(hex_):
            if other in barred or not tracer.enterable(other):
                continue
            if not _crosses(tracer, rule, hex_, other, assume_friendly):
                continue
            step = half if game.map.line_crosses("road", hex_, other) else 2
            total = cost + step
            if total <= limit and total < best.get(other, limit + 1):
                best[other] = total
                heapq.heappush(queue, (total, other))
    return best


def _crosses(tracer: SupplyTracer, rule: dict[str, Any], a: Hex, b: Hex, assume_friendly: bool) -> bool:
    """Rostov 19.4: an Axis line crosses a major river only along a road (23.16) or at a city,
    never along a railroad alone."""
    game = tracer.game
    for feature in game.map.features(a, b):
        if game.terrain.types[feature].get("supply") != "blocked":
            continue
        allowed = rule["crosses_blocked_at"]
        if "road" in allowed and game.map.line_crosses("road", a, b):
            continue
        if "friendly_city" in allowed and any(tracer.friendly_city(rule["side"], h, assume_friendly) for h in (a, b)):
            continue
        return False
    return True


class AxisSupplyMove:
    """Rostov 23.0 with AGS 5.25: an Axis unit out of supply at the start of the phase that moves
    beyond half its allowance (but within the whole) is reported as out of supply, citing the
    case that put it there. Any other move is left to the standard movement check."""

    name = "rostov_axis_supply"

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        game = record.start.game
        rule = spec(game)
        if (rule is None or track.start is None or track.entered_map or track.left_map
                or before.units[track.key].side != rule["side"]):
            return None
        interdicted = _with_enemy_air(record, track, before, rule) if allowance.in_supply is True else None
        if allowance.in_supply is True and interdicted is None:
            return None
        if not movement.may_move_in_phase(before, track.key).is_legal:
            return None       # the standard check says why it may not move at all
        hexes = [d.hex for d in track.drops if d.hex is not None]
        whole = movement.movement_allowance(before, track.key, None)
        out = movement.movement_allowance(before, track.key, False)
        halved = movement.movement_check(before, track.key, hexes, out, condition=condition)
        if not halved.is_illegal:
            return None
        if not movement.movement_check(before, track.key, hexes, whole, condition=condition).is_legal:
            return None     # illegal whatever its supply: the standard check says why
        if interdicted is not None:
            state = SupplyTracer(interdicted).state(track.key)
            if state.status != UNKNOWN:
                return None
            why = state.reason if state.case == cite(game, "Rostov 23.18") else (
                f"{state.reason}: a supply counter it may trace to has the Soviet Air marker on it, which supplies "
                f"no unit directly in the Axis Player-Turn if placed legally (24.21, not judged)")
            return [judge(record, Verdict.unchecked(cite(game, "Rostov 23.18"), (
                f"{why}; its move over half its Movement Allowance was not checked ({halved.message})")), track)]
        state = SupplyTracer(before).state(track.key)
        if allowance.in_supply is False and _air_supplied(record, track, rule):
            return [judge(record, Verdict.unchecked(cite(game, "Rostov 23.2"), (
                f"{state.reason}, but an Axis Air marker stands on it, which supplies a German stack for the "
                f"Player-Turn (its placement, 24.1, is not judged): its move over half its Movement Allowance "
                f"was not checked ({halved.message})")), track)]
        if allowance.in_supply is None:
            # Over half its allowance and within the whole: legal only in supply, which the log
            # does not settle (23.15, 23.17, 23.18, 23.2, 19.4): said, never a finding.
            return [judge(record, Verdict.unchecked(state.case, f"{state.reason}: its move needs more than half its "
                                                                f"Movement Allowance (AGS 5.25), so whether it was "
                                                                f"legal was not checked ({halved.message})"), track)]
        return [judge(record, Verdict.illegal(state.case, f"{state.reason}, so it moves with half its Movement "
                                                          f"Allowance (AGS 5.25): {halved.message}", halved.hexes),
                      track)]


def _air_supplied(record: PhaseRecord, track: UnitTrack, rule: dict[str, Any]) -> bool:
    """Rostov 23.2: an Axis Air marker in the hex a German unit starts its move from. Air markers
    are markers, not units, so the supply tracer does not see them: the phase record does."""
    game = record.start.game
    if game.counter(track.key).type not in rule.get("air_supply_types", ()):
        return False
    side = rule["side"]
    first = track.drops[0].step if track.drops else record.last_step
    return any(m.kind == AIR and m.hex == track.start and m.side == side
               for m in record.markers_at(first).values())


def _with_enemy_air(record: PhaseRecord, track: UnitTrack, before: Situation, rule: dict[str, Any]) -> Situation | None:
    """Rostov 23.18: the position with the enemy's Air markers on the map (where the phase record
    has them as the unit starts its move) as pieces the supply rule reads, or None when there are
    none. Air markers are markers, not units: the supply tracer sees only what this adds."""
    game = record.start.game
    first = track.drops[0].step if track.drops else record.last_step
    units = dict(before.units)
    for marker in record.markers_at(first).values():
        key = dict(marker.properties).get(UNIT)
        if marker.kind != AIR or marker.hex is None or marker.side == rule["side"] or key is None:
            continue
        try:
            units[key] = UnitState(game.counter(key), marker.hex, False)
        except KeyError:
            continue        # a piece the game data does not know: nothing to read
    if units == before.units:
        return None
    return Situation(game, before.turn, before.phase_index, units, before.control)


AXIS_SUPPLY_MOVE = AxisSupplyMove()
