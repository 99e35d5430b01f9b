"""Rostov's Axis supply [Rostov 23.0-23.18, 19.4, 23.2]: lines of six hexes to the west edge, to the
south edge west of 0108, or to an Axis supply counter of a valid chain.

The supply counters are pieces of the module (``unit_types.axis_supply``), read from the position
as every unit is. The weather is the log's, section by section (23.17: three hexes in a severe
section, :mod:`.supply_weather`). What the log cannot show is bounded, never guessed: the weather
of a Game-Turn whose Weather Phase it does not show, whether a counter was expended (23.15), an
Air marker supplying a German stack (23.2), a Soviet Air marker interdicting a counter (23.18) and
cities of unknown control (19.4). A unit is **in** supply when a line reaches a source under the
strictest reading, **out** only when none does under the most generous one, and **not known** in
between: never a finding. Roads count half a hex when the line runs along them and carry the line across major
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
from vmodgen.engine.rules.ags.rostov.supply_weather import LineLengths, line_lengths, section
from vmodgen.engine.rules.ags.rostov.weather import spec as weather_spec
from vmodgen.engine.rules.ags.vocabulary import AIR
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
    """The hexes a line reaches from a direct source under the strict and the generous reading,
    each with the line length (in hexes) that lets it through, and the lengths of the turn."""

    strict: dict[Hex, int]
    generous: dict[Hex, int]
    lengths: LineLengths
    air_possible: bool
    interdicted: frozenset[Hex] = frozenset()
    uninterdicted: dict[Hex, int] | None = None     # the strict reach with no counter interdicted

    def only_interdicted(self, hex_: Hex) -> bool:
        """Rostov 23.18: a line within the strict length reaches a source only by an interdicted
        counter supplying directly."""
        return self.uninterdicted is not None and hex_ in self.uninterdicted


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
    if unit.hex in reach.strict:
        return SupplyState(IN, cite(game, CASE), f"{name} in {where} traces a line of supply within "
                                                 f"{reach.strict[unit.hex]} hexes to a map edge or a supply counter "
                                                 "of a valid chain")
    if reach.only_interdicted(unit.hex):
        return SupplyState(UNKNOWN, cite(game, "Rostov 23.18"), (
            f"{name} in {where}: its line of supply reaches only a supply counter under the Soviet Air marker "
            f"({', '.join(hex_name(game, h) for h in sorted(reach.interdicted))}), which supplies no unit directly "
            "in the Axis Player-Turn if the marker was put down as 24.21 allows (not known here)"))
    if unit.hex not in reach.generous:
        if unit.counter.type in rule.get("air_supply_types", ()) and any(
                m.kind == AIR and m.hex == unit.hex and m.side == rule["side"] for m in tracer.markers.values()):
            return SupplyState(UNKNOWN, cite(game, "Rostov 23.2"), f"{name} in {where}: no line of supply, but an "
                                                                   "Axis Air marker on its hex supplies it for the "
                                                                   "Player-Turn if placed legally (24.1, not judged)")
        if reach.air_possible:
            return SupplyState(UNKNOWN, cite(game, "Rostov 23.2"), f"{name} in {where}: no line of supply, but an "
                                                                   "Axis Air marker on the map may supply it")
        case, why = _out_case(tracer, rule, reach, unit.hex)
        weather = _weather_said(game, tracer.situation.turn, reach.lengths)
        return SupplyState(OUT, cite(game, case), (
            f"{name} in {where} traces no line of supply within {_longest(game, reach.lengths, unit.hex)} hexes "
            f"(roads at half a hex{weather}) to a map edge or an Axis supply counter{why}"))
    return SupplyState(UNKNOWN, cite(game, CASE), f"{name} in {where}: its line of supply depends on what the log "
                                                  "does not show (the weather, an expended or interdicted supply "
                                                  "counter, or who controls a city)")


def _reach(tracer: SupplyTracer, rule: dict[str, Any]) -> _Reach:
    situation = tracer.situation
    game = tracer.game
    side = rule["side"]
    counters = tuple(sorted((k, u.hex, u.showing_back) for k, u in situation.on_map(side)
                            if u.counter.type == rule["counter_type"]))
    lengths = line_lengths(game, situation.turn, rule)
    # Rostov 23.18, 24.21: a Soviet Air marker on the map (a marker, not a unit: the tracer's
    # markers, as a battle or an overrun passes them) interdicts only in the Axis Player-Turn
    marked = frozenset(m.hex for m in tracer.markers.values() if m.kind == AIR and m.side and m.side != side
                       and m.hex is not None) if situation.phase.side == side else frozenset()
    key = ("rostov axis supply", situation.turn, situation.phase.side, lengths.key,
           tuple(rule["crosses_blocked_at"]), rule["severe_line_length"],
           situation.signatures([s.name for s in game.sides]), counters, frozenset(situation.control.items()), marked)
    return remembered(game, key, lambda: _work(tracer, rule, counters, lengths, marked))


def _work(tracer: SupplyTracer, rule: dict[str, Any], counters: tuple[tuple[str, Hex, bool], ...],
          lengths: LineLengths, marked: frozenset[Hex] = frozenset()) -> _Reach:
    situation = tracer.situation
    game = tracer.game
    side = rule["side"]
    edges = _edge_sources(game, rule)
    air = rule.get("air_type")
    interdicted = {u.hex for _, u in situation.on_map() if u.side != side and u.counter.type == air} | marked
    own_turn = situation.phase.side == side
    # Rostov 23.15: a flipped counter is expended, a valid source for its own Player-Turn.
    expended = {h for _, h, back in counters if back and own_turn}
    chained_strict = _chain(tracer, rule, edges, counters, lengths, strict=True)
    chained_generous = _chain(tracer, rule, edges, counters, lengths, strict=False)
    # Rostov 23.18: an interdicted counter supplies no unit directly (strict reading only).
    strict_sources = edges | ((chained_strict | expended) - interdicted)
    # Rostov 23.15: in the Axis Player-Turn any counter might have been expended at its start.
    generous_sources = edges | chained_generous | ({h for _, h, _ in counters} if own_turn else expended)
    cut = (chained_strict | expended) & interdicted
    uninterdicted = _reached(tracer, rule, edges | chained_strict | expended, lengths, strict=True) if cut else None
    return _Reach(strict=_reached(tracer, rule, strict_sources, lengths, strict=True),
                  generous=_reached(tracer, rule, generous_sources, lengths, strict=False),
                  lengths=lengths, air_possible=any(u.counter.type == air for _, u in situation.on_map(side)),
                  interdicted=frozenset(cut), uninterdicted=uninterdicted)


def _reached(tracer: SupplyTracer, rule: dict[str, Any], sources: set[Hex], lengths: LineLengths, *,
             strict: bool) -> dict[Hex, int]:
    """Rostov 23.17: the hexes a line from ``sources`` reaches under one reading, each with the
    length (hexes) of the line that reaches it (see :mod:`.supply_weather`)."""
    game = tracer.game
    found: dict[Hex, int] = {}
    if strict:
        base = lengths.strict_base()
        found.update(dict.fromkeys(_costs(tracer, rule, sources, base, assume_friendly=False), base))
        for within in lengths.strict_within():
            inside = {h for h in sources if section(game, h) == within}
            found.update(dict.fromkeys(_costs(tracer, rule, inside, lengths.length, assume_friendly=False,
                                              within=within), lengths.length))
        return found
    pairs = {lengths.generous(a, b) for a in lengths.possible for b in lengths.possible}
    if len(pairs) == 1:
        length = pairs.pop()
        return dict.fromkeys(_costs(tracer, rule, sources, length, assume_friendly=True), length)
    for source_section in sorted(lengths.possible):
        group = {h for h in sources if section(game, h) == source_section}
        for hex_, cost in _costs(tracer, rule, group, lengths.length, assume_friendly=True).items():
            length = lengths.generous(section(game, hex_), source_section)
            if cost <= 2 * length:
                found[hex_] = max(found.get(hex_, 0), length)
    return found


def _out_case(tracer: SupplyTracer, rule: dict[str, Any], reach: _Reach, hex_: Hex) -> tuple[str, str]:
    """The case that puts a unit out of supply, with what it adds to the reason: Rostov 19.4 when
    a line along a railroad across a major river would reach it, 23.17 when a six-hex line would
    (severe weather), else 23.0."""
    if "railroad" not in rule["crosses_blocked_at"]:
        by_rail = {**rule, "crosses_blocked_at": [*rule["crosses_blocked_at"], "railroad"]}
        if hex_ in _reach(tracer, by_rail).generous:
            return "Rostov 19.4", ": a line along the railroad would reach it, but an Axis line never crosses a " \
                                  "major river along a railroad alone"
    if rule["severe_line_length"] != rule["line_length"] and reach.lengths.strict_base() != rule["line_length"]:
        if hex_ in _reach(tracer, {**rule, "severe_line_length": rule["line_length"]}).generous:
            return "Rostov 23.17", f": a line of {rule['line_length']} hexes would reach it, but severe weather " \
                                   f"allows {rule['severe_line_length']}"
    return CASE, ""


def _longest(game: Game, lengths: LineLengths, hex_: Hex) -> int:
    """The longest line the generous reading allows from ``hex_`` to any source."""
    return max(lengths.generous(section(game, hex_), other) for other in lengths.possible)


def _weather_said(game: Game, turn: int, lengths: LineLengths) -> str:
    """The weather the lengths were read with, when the log shows it on a turn with a Weather
    Phase roll (20.33: none on Game-Turn 1, always clear), for the reason of a finding."""
    if turn in (weather_spec(game) or {}).get("clear_turns", []):
        return ""
    shown = [f"{name} {next(iter(states))}" for name, states in sorted(lengths.possible.items())
             if len(states) == 1 and name]
    return f"; weather {', '.join(shown)}, 20.2, 23.17" if len(shown) == len(lengths.possible) else ""


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
           counters: Iterable[tuple[str, Hex, bool]], lengths: LineLengths, *, strict: bool) -> set[Hex]:
    """Rostov 23.1: the hexes of counters in a valid chain, each within a line's length (23.17)
    of the edge or of a counter already in the chain."""
    waiting = {h for _, h, _ in counters}
    chained: set[Hex] = set()
    sources = set(edges)
    while True:
        reached = _reached(tracer, rule, sources, lengths, strict=strict)
        new = {h for h in waiting if h in reached}
        if not new:
            return chained
        chained |= new
        waiting -= new
        sources = new


def _costs(tracer: SupplyTracer, rule: dict[str, Any], sources: set[Hex], length: int, *,
           assume_friendly: bool, within: str | None = None) -> dict[Hex, int]:
    """Half-hex costs of the cheapest line from any source, up to ``length`` hexes: two a hex, one
    along a road (Rostov 23.16); not through Soviet units or zones (AGS 12.1); only through the
    hexes of weather section ``within`` when given (23.17)."""
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
            if within is not None and section(game, other) != within:
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
        if "railroad" in allowed and game.map.line_crosses("railroad", a, b):
            continue        # only when asked whether a railroad would have carried the line (_out_case)
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
