"""Rostov 24.11-24.14, 24.21 and 23.18: where and when each Air marker is put down and taken off,
and the interdicted supply counter that may not move.

A log never says what a marker is for: its use is read from where it lies and the phase it is put
down in, and a marker is judged by every use that place and phase allow (a finding only when none
does). An Axis Air marker may be put down

- in the Axis Air Power Phase on a rail hex (24.11: rail interdiction) or on an Axis supply counter
  (24.13: counter-interdiction), both taken off in (at the latest at the end of) the Soviet Air
  Power Phase;
- on a stack with a German unit before movement: in an Initial Movement Phase before any unit on
  the map moved, or in a phase where nothing moves (Weather, Disruption Removal, Air Power,
  Game-Turn Indication), for the Player-Turn it precedes (24.12, 23.2: "at the beginning of either
  Player-Turn, before movement has begun"); one put down in a Movement Phase is taken off in the
  Air Power Phase of that Player-Turn; one put down between Player-Turns is not judged for its
  removal (which Player-Turn it supplies is the player's choice).

Never more than two for one purpose in a Game-Turn (24.14): with each marker counted for one of
the uses its place allows, a finding only when no way of counting keeps every use at two. The
Soviet Air marker may be put down in the Soviet Air Power Phase on an Axis supply counter with no
Axis Air marker and no German unit (24.21), taken off in the next Axis Air Power Phase; a counter
under it may not move (23.18). In the Soviet Combat Phase it is judged by the battle it aids
(24.22, ``air_combat.py``). A marker moved with a unit it shares a hex with (23.2: it stays on the
stack) is the same use; a marker already on the map as a log begins, or put down before Game-Turn
1 is played (a position a log starts from: the book keeps the markers aside at the set-up, 18.17,
18.22), is not judged. Not judged here: a marker taken off early, the same marker used twice in a
Game-Turn (24.0), and the Movement Point a rail marker adds for a unit moved normally (24.11; the
ten rail hexes it counts are the shared rail check's, ``rules.rail_interdiction``).

Parameters: ``rules.air_marker_uses`` (the Axis side, the limit per purpose and the case of each
use) and ``rules.axis_supply`` (the supply counters' type, the German unit types).

>>> AIR_MARKER_USES.name
'rostov_air_marker_uses'
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.piece_properties import UNIT
from vmodgen.engine.rules.ags.rostov.axis_supply import spec as supply_spec
from vmodgen.engine.rules.ags.vocabulary import AIR, COMBAT_KINDS, MOVEMENT_KINDS
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.rail import rail_links
from vmodgen.engine.rules.record import MarkerPlaced, PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name, optional_param

RAIL, COUNTER, STACK = "rail", "counter", "stack"
PURPOSES = (RAIL, COUNTER, STACK)
WORDS = {RAIL: "rail interdiction", COUNTER: "counter-interdiction", STACK: "supplying a German stack"}
INITIAL_MOVEMENT = "movement"
AIR_POWER = "air"


def spec(game: Game) -> dict[str, Any] | None:
    """``rules.air_marker_uses`` when the game states it, else None."""
    rule = optional_param(game, "air_marker_uses", None)
    return rule if isinstance(rule, dict) and "cases" in rule else None


def allowed_uses(record: PhaseRecord, placed: MarkerPlaced, rule: dict[str, Any], supply: dict[str, Any]) -> set[str]:
    """The uses an Axis Air marker put down at ``placed`` may serve in the phase of ``record``."""
    game = record.start.game
    phase = record.phase
    here = units_at(record, placed.hex, placed.step)
    uses = set()
    if phase.kind == AIR_POWER and phase.side == rule["side"]:
        if placed.hex in rail_links(game):
            uses.add(RAIL)
        if any(c.type == supply["counter_type"] for c in here):
            uses.add(COUNTER)
    if before_movement(record, placed.step) and any(c.type in supply["air_supply_types"] for c in here):
        uses.add(STACK)
    return uses


def before_movement(record: PhaseRecord, step: int) -> bool:
    """Rostov 24.12, 23.2: a phase where nothing moves, or an Initial Movement Phase before any unit
    on the map moved (a reinforcement's entry is not a move of a unit on the map)."""
    kind = record.phase.kind
    if kind in COMBAT_KINDS or (kind in MOVEMENT_KINDS and kind != INITIAL_MOVEMENT):
        return False
    return kind != INITIAL_MOVEMENT or not any(
        t.start is not None and any(d.step < step for d in t.drops) for t in record.tracks.values())


def units_at(record: PhaseRecord, where: Hex | None, step: int) -> list[Counter]:
    """The units in ``where`` just after ``step`` of the phase."""
    game = record.start.game
    found = []
    for key in set(record.start.units) | set(record.tracks):
        now = record.start.units[key].hex if key in record.start.units else None
        track = record.tracks.get(key)
        for drop in track.drops if track is not None else ():
            if drop.step <= step:
                now = drop.hex
        if now is not None and now == where:
            found.append(game.counter(key))
    return found


def over_limit(uses: list[frozenset[str]], limit: int) -> tuple[str, ...] | None:
    """The purposes that more markers must serve than ``limit`` each allows, whatever use
    each is counted for (Hall's condition), or None when some counting keeps every use at ``limit``.

    >>> over_limit([frozenset({"rail"})] * 3, 2)
    ('rail',)
    >>> over_limit([frozenset({"rail"})] * 2 + [frozenset({"rail", "stack"})], 2) is None
    True
    """
    for size in range(1, len(PURPOSES) + 1):
        for group in combinations(PURPOSES, size):
            if sum(1 for u in uses if u and u <= set(group)) > limit * size:
                return group
    return None


class AirMarkerUses:
    """Rostov 24.11-24.14, 24.21, 23.18: each Air marker's place, phase and removal."""

    name = "rostov_air_marker_uses"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        rule, supply = spec(game), supply_spec(game)
        if rule is None or supply is None:
            return []
        if memory.get("turn") != record.turn:
            memory.update(turn=record.turn, uses={}, over=False)
        memory.setdefault("due", {})
        memory.setdefault("interdicted", set())
        found = self._interdicted_moves(record, memory, rule, supply)
        set_up = record.turn == 1 and record.phase_index == 0
        for placed in record.marker_moves:
            if placed.kind != AIR:
                continue
            if placed.hex is None:
                memory["due"].pop(placed.piece, None)
                memory["interdicted"].discard(placed.piece)
                continue
            was = record.markers_at(placed.step - 1).get(placed.piece)
            if was is not None and was.hex is not None and (was.hex == placed.hex or _follows(record, was.hex, placed)):
                continue
            memory["due"].pop(placed.piece, None)
            memory["interdicted"].discard(placed.piece)
            if set_up:
                continue
            if placed.side == rule["side"]:
                found += self._axis(record, placed, memory, rule, supply)
            elif placed.side and record.phase.kind not in COMBAT_KINDS:     # 24.22: the battle's (air_combat.py)
                found += self._soviet(record, placed, memory, rule, supply)
        if record.complete:
            found += self._removals(record, memory, rule)
        return found

    def _axis(self, record: PhaseRecord, placed: MarkerPlaced, memory: dict[str, Any], rule: dict[str, Any],
              supply: dict[str, Any]) -> list[Judgement]:
        game, phase = record.start.game, record.phase
        uses = allowed_uses(record, placed, rule, supply)
        where = hex_name(game, placed.hex)
        if not uses:
            in_air_phase = phase.kind == AIR_POWER and phase.side == rule["side"]
            case = rule["cases"][RAIL if in_air_phase else STACK]
            return [_judgement(record, placed, Verdict.illegal(cite(game, case), (
                f"the Axis Air marker put on {where} in the {phase.name} Phase serves no use the book allows there: "
                f"a rail hex or a supply counter in the Axis Air Power Phase (24.11, 24.13), a stack with a German "
                f"unit before movement (24.12, 23.2)"), [placed.hex]))]
        memory["uses"].setdefault(placed.piece, frozenset(uses))
        _due(game, memory, placed, record, rule, uses)
        purposes = over_limit(list(memory["uses"].values()), int(rule["per_purpose"]))
        if purposes is None or memory["over"]:
            return []
        memory["over"] = True
        return [_judgement(record, placed, Verdict.illegal(cite(game, rule["cases"]["per_purpose"]), (
            f"the Axis Air marker put on {where} is one too many for {_words(purposes)} on Game-Turn "
            f"{record.turn}: never more than {rule['per_purpose']} Air markers for one purpose in a Game-Turn"),
            [placed.hex]))]

    def _soviet(self, record: PhaseRecord, placed: MarkerPlaced, memory: dict[str, Any], rule: dict[str, Any],
                supply: dict[str, Any]) -> list[Judgement]:
        game, phase = record.start.game, record.phase
        case = cite(game, rule["cases"]["interdiction"])
        where = hex_name(game, placed.hex)
        if phase.kind != AIR_POWER or phase.side == rule["side"]:
            problem = (f"is put down in the {phase.name} Phase: only in the Soviet Air Power Phase, on an Axis supply "
                       f"counter (24.21), or on a battle in the Soviet Combat Phase (24.22)")
        else:
            here = units_at(record, placed.hex, placed.step)
            protected = any(m.kind == AIR and m.side == rule["side"] and m.hex == placed.hex
                            for m in record.markers_at(placed.step).values())
            german = sorted(c.name for c in here if c.type in supply["air_supply_types"])
            if not any(c.type == supply["counter_type"] for c in here):
                problem = "lies on no Axis supply counter"
            elif protected:
                problem = "lies on a supply counter with an Axis Air marker on it (24.13)"
            elif german:
                problem = f"lies on a supply counter stacked with a German unit ({', '.join(german)})"
            else:
                memory["interdicted"].add(placed.piece)
                memory["due"][placed.piece] = (_next(game, record, rule["side"]), case, "the next Axis Air Power Phase")
                return []
        return [_judgement(record, placed, Verdict.illegal(case, f"the Soviet Air marker on {where} {problem}",
                                                           [placed.hex]))]

    def _removals(self, record: PhaseRecord, memory: dict[str, Any], rule: dict[str, Any]) -> list[Judgement]:
        """The markers whose last phase on the map ended with them still there."""
        game, found = record.start.game, []
        on_map = record.markers_at()
        for piece, (deadline, case, when) in list(memory["due"].items()):
            if deadline > (record.turn, record.phase_index):
                continue
            del memory["due"][piece]
            marker = on_map.get(piece)
            if marker is None or marker.hex is None:
                continue
            memory["interdicted"].discard(piece)
            found.append(judge(record, Verdict.illegal(case, (
                f"the {marker.side} Air marker on {hex_name(game, marker.hex)} is still on the map at the end of the "
                f"{record.phase.name} Phase: it is taken off in {when}"), [marker.hex]), None))
        return found

    def _interdicted_moves(self, record: PhaseRecord, memory: dict[str, Any], rule: dict[str, Any],
                           supply: dict[str, Any]) -> list[Judgement]:
        """Rostov 23.18: a supply counter that starts a move under a legally placed Soviet Air marker."""
        if not memory["interdicted"] or record.phase.side != rule["side"] or record.phase.kind not in MOVEMENT_KINDS:
            return []
        game, found = record.start.game, []
        for track in record.tracks.values():
            if track.start is None or not track.drops or game.counter(track.key).type != supply["counter_type"]:
                continue
            markers = record.markers_at(track.drops[0].step - 1)
            if any(markers[p].hex == track.start for p in memory["interdicted"] if p in markers):
                found.append(judge(record, Verdict.illegal(cite(game, rule["cases"]["interdicted_moved"]), (
                    f"{game.counter(track.key).name} moved from {hex_name(game, track.start)} under the Soviet Air "
                    f"marker: an interdicted supply counter may not be moved"), [track.start]), track))
        return found


def _follows(record: PhaseRecord, old: Hex, placed: MarkerPlaced) -> bool:
    """The marker moved to where a unit that was in its hex went in the phase, before or after it
    (23.2: it stays on the stack; a player may drag the marker first)."""
    for track in record.tracks.values():
        hexes = [track.start] + [d.hex for d in track.drops]
        if old in hexes and placed.hex in hexes[hexes.index(old) + 1:]:
            return True
    return False


def _next(game: Game, record: PhaseRecord, side: str) -> tuple[int, int]:
    """The next Air Power Phase of ``side`` from ``record`` on (this one included), as (turn, index)."""
    index = next(i for i, p in enumerate(game.phases) if p.kind == AIR_POWER and p.side == side)
    return (record.turn, index) if index >= record.phase_index else (record.turn + 1, index)


def _due(game: Game, memory: dict[str, Any], placed: MarkerPlaced, record: PhaseRecord, rule: dict[str, Any],
         uses: set[str]) -> None:
    """When an Axis marker must be off the map: after the Soviet Air Power Phase for one put down in
    the Axis Air Power Phase (24.11, 24.13, and 24.12 for the Soviet Player-Turn); after the Air
    Power Phase of the same Player-Turn for one put down in a Movement Phase (24.12)."""
    phase = record.phase
    if phase.kind == AIR_POWER and phase.side == rule["side"]:
        side = next(p.side for p in game.phases if p.kind == AIR_POWER and p.side != rule["side"])
        use = next(u for u in PURPOSES if u in uses)
    elif phase.kind == INITIAL_MOVEMENT:
        side, use = phase.side, STACK
    else:
        return
    when = f"the {side} Air Power Phase"
    memory["due"][placed.piece] = (_next(game, record, side), cite(game, rule["cases"][use]), when)


def _words(purposes: tuple[str, ...]) -> str:
    """The purposes in a message.

    >>> _words(("rail", "counter"))
    'rail interdiction or counter-interdiction'
    """
    return " or ".join(WORDS[p] for p in purposes)


def _judgement(record: PhaseRecord, placed: MarkerPlaced, verdict: Verdict) -> Judgement:
    game = record.start.game
    where = hex_name(game, placed.hex) if placed.hex else ""
    return Judgement(placed.step, dict(placed.properties).get(UNIT), "", where,
                     verdict, record.turn, record.phase.name, placed.side)


AIR_MARKER_USES = AirMarkerUses()
