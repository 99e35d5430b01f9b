"""Movement allowance and terrain costs [WB95 3.1.4-3.1.13, 4.2.6, 12.2.3], where a unit's MPs are
known: the cheapest way from where the unit started through every hex it was dropped in, in order,
with the TERRAIN INFLUENCE table (``charts/terrain.toml``), must cost no more than its MPs.

- The cost of entering a hex (3.1.11, 3.1.12): its terrain's cost for the unit's column (the
  motorized column's trucked or mechanized cost, or non-motorized), plus ``extra_cost`` (forest,
  rivers, streams crossed); a town or city hex costs its own value when that is cheaper; along a
  road or railroad crossing the hexside the line's rate, when cheaper. A hexside the table forbids
  (the Dnieper) is crossed only by a line crossing it (a bridge, 14.0), at the line's rate; a hex
  impassable for trucked units costs an HQ 5 MPs (9.1.3).
- 3.1.13: a unit can always enter an adjacent hex, whatever it costs.
- 4.2.1, 3.1.8: the way stops at no hex in an enemy zone before the drop and enters no enemy hex
  (zones: :mod:`~vmodgen.engine.rules.wb95.zoc`); leaving an enemy zone at the start costs 1 MP (4.2.6).
- Strategic movement: MPs less 2 (12.2.3).
- A reinforcement pays nothing for its entry hex here (11.1.5 and 11.2.1 would add): the benefit of
  the doubt.

The allowance is the face's MPs (an HQ: ``rules.hq_movement``, 9.1.2). Out of supply it is half
(10.2.2) unless the unit's level rises in the phase (10.2.3: +1 for its full MPs): a unit under an
Out of Supply marker at the end of its side's last Supply Phase in the log, on a hex under one
when the phase began (its level: the highest such marker, as
:mod:`~vmodgen.engine.rules.wb95.supply_levels` reads it) whose hex at the phase's end shows no
higher level moves with half, after the MPs to leave a zone and strategic movement's 2 are taken
off (the order the book leaves open; this one allows more), and no rounding. A move over half but
within the full allowance is then a finding under 10.2.2. Enemy air blocking adds costs (8.2.11),
not read from the log: the benefit of the doubt. Side roads and railroads give one more hex (TERRAIN INFLUENCE note
2): a move is over its MPs only by more than the dearest such line's rate. Towed artillery (6.2.3,
6.2.4: a setup change costs MPs) is not judged. A unit whose MPs are unknown (the book prints no
counter) is not checked, reported once per game; a finding resting on MPs an owner entered says
so. The map's terrain is reconstructed (map-notes.md): a finding names the route it costed.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from fractions import Fraction

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.values import NotApplicable
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.record import MarkerPlaced, PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import PROHIBITED
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, hex_list, mp, optional_param
from vmodgen.engine.rules.wb95 import vocabulary
from vmodgen.engine.rules.wb95.common import is_unit, once, opens_game, owner_note
from vmodgen.engine.rules.wb95.frame import CaseCheck
from vmodgen.engine.rules.wb95.phases import MOVING
from vmodgen.engine.rules.wb95.zoc import enemy_hexes, enemy_zoc

CASE = "WB95 3.1.13"
#: why a move is not checked when the unit's MPs are unknown
NO_MPS = "the book prints no MPs for it"
#: MPs an HQ pays to enter a hex impassable for trucked units [WB95 9.1.3]
HQ_INACCESSIBLE = Fraction(5)
#: MPs to leave an enemy zone of control [WB95 4.2.6]
LEAVE_ZOC = Fraction(1)
#: MPs a unit in strategic movement has fewer [WB95 12.2.3]
STRATEGIC_LESS = Fraction(2)
LEVEL = "Level"
#: out of supply, a unit moves with half its MPs unless its level rises [WB95 10.2.2, 10.2.3]
HALVED = "WB95 10.2.2"
SUPPLY = "supply"


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    found: list[Judgement] = []
    open_moves: dict[bool, list[str]] = {True: [], False: []}     # MPs unknown / another reason
    out_of_supply: dict[str, set[str]] = {}     # side -> units marked at the end of its last Supply Phase
    for index, record in enumerate(records):
        if record.phase.kind == SUPPLY:
            out_of_supply[record.phase.side] = marked_out_of_supply(record)
        if (index == 0 and opens_game(record)) or record.phase.kind not in MOVING:
            continue
        side = record.phase.side
        zones, enemy = enemy_zoc(record.start, side), enemy_hexes(record.start, side)
        for key, track in record.tracks.items():
            counter = record.start.game.counter(key)
            if counter.side != side or not track.map_drops or not is_unit(record.start, key):
                continue
            verdict = check_move(record, track, zones, enemy, key in out_of_supply.get(side, set()))
            if verdict is None:
                continue
            if verdict.is_unchecked:
                open_moves[verdict.message == NO_MPS].append(
                    f"{counter.name} (turn {record.turn}, {record.phase.name}): {verdict.message}")
            elif verdict.is_illegal:
                found.append(judge(record, verdict, track))
    for unknown, moves in open_moves.items():
        if moves:
            what = "movement allowance unknown" if unknown else "movement"
            found.append(once(records, Verdict.unchecked(CASE, (
                f"{what}: not checked for {len(moves)} move(s), first {'; '.join(moves[:3])}"))))
    return found


def allowance(situation: Situation, key: str) -> tuple[Fraction | None, str, str | None]:
    """The unit's MPs, how they were found, and the owner's source when an owner entered them."""
    unit = situation.units[key]
    counter = unit.counter
    unit_class = situation.unit_type(key).unit_class
    face = unit.face
    value = face.movement if face is not None else None
    source = counter.sources.back if unit.showing_back else counter.sources.front
    owner = source.detail if source.kind == "owner" else None
    if isinstance(value, int) and not isinstance(value, NotApplicable):
        return Fraction(value), f"{value} MPs on the counter", owner
    if unit_class == "hq":
        book = optional_param(situation.game, "hq_movement", None)
        if isinstance(book, int):
            return Fraction(book), f"{book} MPs (9.1.2)", None
    return None, NO_MPS, None


def check_move(record: PhaseRecord, track: UnitTrack, zones: dict[Hex, list[str]],
               enemy: dict[Hex, list[str]], was_out_of_supply: bool = False) -> Verdict | None:
    """The verdict on one unit's move, None when nothing here is to judge (no move, or a move
    another case judges: a drop in an enemy zone with more after it, 4.2.1; an enemy hex, 3.1.8).
    ``was_out_of_supply``: the unit stood under an Out of Supply marker at the end of its side's
    last Supply Phase in the log (10.2.2 is judged only then: a supplied unit that joined a marked
    stack since is not out of supply)."""
    situation = record.start
    game = situation.game
    name = game.counter(track.key).name
    drops = [d.hex for d in track.map_drops if d.hex is not None]
    start = track.start if track.start is not None else drops[0]
    waypoints = [h for i, h in enumerate(drops) if h != start and (i == 0 or h != drops[i - 1])]
    if not waypoints:
        return None
    if any(h in zones and h != waypoints[-1] for h in waypoints[:-1]) or any(h in enemy for h in waypoints):
        return None
    if situation.unit_type(track.key).unit_class == "towed_artillery":
        return Verdict.unchecked(CASE, "towed artillery: its setup changes (6.2.4) are not judged")
    mps, how, owner = allowance(situation, track.key)
    if mps is None:
        return Verdict.unchecked(CASE, how)
    parts = [how]
    if track.start is not None and track.start in zones:
        mps -= LEAVE_ZOC
        parts.append(f"less {mp(LEAVE_ZOC)} to leave the enemy zone (4.2.6)")
    if record.phase.kind == "strategic_movement":
        mps -= STRATEGIC_LESS
        parts.append(f"less {mp(STRATEGIC_LESS)} in strategic movement (12.2.3)")
    if len(waypoints) == 1 and waypoints[0] in game.map.layout.neighbours(start):
        return Verdict.legal(CASE, f"{name} entered an adjacent hex (3.1.13)")
    unit_type = situation.unit_type(track.key)
    try:
        cost, path = cheapest_way(game, unit_type.movement_class, unit_type.unit_class, start, waypoints, zones, enemy)
    except CannotCheck as unknown:
        return Verdict.unchecked(CASE, unknown.reason)
    if path is None:
        return Verdict.unchecked(CASE, f"{name}: no way the checker can cost to {game.map.name(waypoints[-1])}")
    slack = _bonus(game, unit_type.movement_class)
    levels = supply_levels(record, track, start) if was_out_of_supply else None
    if cost <= mps + slack and levels is not None and levels[1] <= levels[0] and cost > mps / 2 + slack:
        return Verdict.illegal(HALVED, (
            f"{name} needs at least {mp(cost)} MPs from {game.map.name(start)} to {game.map.name(waypoints[-1])}; "
            f"under an Out of Supply {levels[0]} marker it has half of {mp(mps)} ({', '.join(parts)}), {mp(mps / 2)}, "
            f"and its level did not rise for its full MPs (10.2.3){owner_note([owner] if owner else [])}"),
            [start, waypoints[-1]])
    if cost <= mps + slack:
        return Verdict.legal(CASE, f"{name} moved for {mp(cost)} MPs of {mp(mps)}")
    through = f" through {hex_list(game, path[1:-1])}" if len(path) > 2 else ""
    return Verdict.illegal(CASE, (
        f"{name} needs at least {mp(cost)} MPs from {game.map.name(start)} to {game.map.name(waypoints[-1])}"
        f"{through}; it has {mp(mps)} ({', '.join(parts)}){owner_note([owner] if owner else [])}"),
        [start, waypoints[-1]])


def marked_out_of_supply(record: PhaseRecord) -> set[str]:
    """The phasing side's units on a hex under an Out of Supply marker when its Supply Phase ended."""
    end = record.end or record.start
    marked = {m.hex for m in record.markers_at().values() if m.kind == vocabulary.OUT_OF_SUPPLY}
    return {k for k, u in end.on_map(record.phase.side) if u.hex in marked}


def supply_levels(record: PhaseRecord, track: UnitTrack, start: Hex) -> tuple[int, int] | None:
    """The unit's out-of-supply level when the phase began (the highest Out of Supply marker on its
    hex) and at its end (on the hex of its last drop); None when it began supplied or ended off the map."""
    end = track.drops[-1].hex if track.drops else None
    if end is None:
        return None
    before = _level(record.markers_at_start.values(), start)
    if before == 0:
        return None
    return before, _level(record.markers_at().values(), end)


def _level(markers: Iterable[MarkerPlaced], hex_: Hex) -> int:
    return max((int(m.get(LEVEL)) for m in markers if m.kind == vocabulary.OUT_OF_SUPPLY and m.hex == hex_
                and m.get(LEVEL).isdigit()), default=0)


def cheapest_way(game: Game, column: str, unit_class: str, start: Hex, waypoints: list[Hex],
                 zones: dict[Hex, list[str]], enemy: dict[Hex, list[str]]) -> tuple[Fraction, list[Hex] | None]:
    """The cheapest way's cost and hexes from ``start`` through every waypoint in order (None: none)."""
    total, path = Fraction(0), [start]
    for target in waypoints:
        leg = _leg(game, column, unit_class, path[-1], target, zones, enemy)
        if leg is None:
            return total, None
        total += leg[0]
        path += leg[1][1:]
    return total, path


def _leg(game: Game, column: str, unit_class: str, source: Hex, target: Hex, zones: dict[Hex, list[str]],
         enemy: dict[Hex, list[str]]) -> tuple[Fraction, list[Hex]] | None:
    """Dijkstra from ``source`` to ``target``: no enemy hex, no stop in an enemy zone on the way."""
    best = {source: Fraction(0)}
    came: dict[Hex, Hex] = {}
    queue: list[tuple[Fraction, Hex]] = [(Fraction(0), source)]
    while queue:
        cost, here = heapq.heappop(queue)
        if here == target:
            path = [here]
            while path[-1] in came:
                path.append(came[path[-1]])
            return cost, path[::-1]
        if cost > best.get(here, cost) or (here != source and here in zones):
            continue
        for there in game.map.layout.neighbours(here):
            if there not in game.map.hexes or there in enemy:
                continue
            step = entry_cost(game, column, unit_class, here, there)
            if step is None:
                continue
            if cost + step < best.get(there, cost + step + 1):
                best[there] = cost + step
                came[there] = here
                heapq.heappush(queue, (cost + step, there))
    return None


def entry_cost(game: Game, column: str, unit_class: str, source: Hex, target: Hex) -> Fraction | None:
    """MPs to enter ``target`` from ``source`` (the module docstring), None when impassable."""
    terrain = game.terrain.types[game.map.terrain(target)]
    cost = _value(terrain, "cost", column)
    if cost is None and unit_class == "hq":
        cost = HQ_INACCESSIBLE                                        # 9.1.3
    if cost is None:
        return None
    cost += _value(terrain, "extra_cost", column) or 0               # 3.1.12: forest
    place = game.map.places.get(target)
    if place is not None and place.kind in game.terrain.types:
        own = _value(game.terrain.types[place.kind], "cost", column)
        if own is not None and own < cost:
            cost = own
    line = _line_rate(game, column, source, target)
    for feature in game.map.features(source, target):
        ftype = game.terrain.types[feature]
        extra = _value(ftype, "extra_cost", column)
        if extra is None and ftype.get("extra_cost") is not None:    # the Dnieper: a bridge only
            return line
        cost += extra or 0                                            # 3.1.12: rivers, streams
    return line if line is not None and line < cost else cost


def _line_rate(game: Game, column: str, source: Hex, target: Hex) -> Fraction | None:
    rates = [_value(t, "cost", column) for name, t in game.terrain.of_kind("line").items()
             if game.map.line_crosses(name, source, target)]
    known = [r for r in rates if r is not None]
    return min(known) if known else None


def _bonus(game: Game, column: str) -> Fraction:
    """The dearest rate of a line that gives one more hex (TERRAIN INFLUENCE note 2)."""
    rates = [_value(t, "cost", column) for t in game.terrain.of_kind("line").values() if t.get("bonus_hex")]
    return max((r for r in rates if r is not None), default=Fraction(0))


def _value(terrain: object, key: str, column: str) -> Fraction | None:
    value = terrain.get(key)                                          # type: ignore[attr-defined]
    if isinstance(value, dict):
        value = value.get(column)
    if value is None or value == PROHIBITED:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CannotCheck(f"terrain.{terrain.name}.{key} is {value!r}, not a number or 'P'")  # type: ignore[attr-defined]
    return Fraction(value)


CHECK = CaseCheck((CASE, "WB95 4.2.6", "WB95 12.2.3", HALVED), game=check_game)
