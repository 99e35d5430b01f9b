"""Reinforcements [WB95 11.1, 11.2]: a reinforcement enters on its turn or later (11.1.1: the
scenario's schedule), in the Movement and Strategic Movement Phases of its side (11.1.3), in its
entry zone (11.1.2). It may enter in an adjacent zone the same phase at half its MPs (11.2.1), or
delay and 'move' up to 3 zones a turn (11.2.2): a unit entering ``d`` turns after its date may
enter up to ``3 d + 1`` zones from its own, counted along the map edge among its side's zones.

Not judged: enemy control of the zone (11.1.4: hex control is not followed), the MPs of later
stacks (11.1.5) and of a changed zone (11.2.1), which the movement check would need; a unit that
left through a zone and comes back (11.2.3); zones on another map edge than the unit's own (the
book counts zones along one edge only).
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.mapdata import Area
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.verdict import Verdict
from vmodgen.engine.rules.wb95 import scenario
from vmodgen.engine.rules.wb95.common import is_unit, opening, opens_game
from vmodgen.engine.rules.wb95.frame import CaseCheck
from vmodgen.engine.rules.wb95.phases import MOVING

DATE, ZONE, PHASE = "WB95 11.1.1", "WB95 11.1.2", "WB95 11.1.3"
#: zones a delayed unit may 'move' per turn of delay [WB95 11.2.2]
ZONES_PER_TURN = 3


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    if not records:
        return []
    played = scenario.candidates(records[0].start, opening=opening(records))
    found: list[Judgement] = []
    for index, record in enumerate(records):
        if index == 0 and opens_game(record):
            continue                    # the set-up (its reinforcements on the map: the set-up check)
        for key, track in record.tracks.items():
            if track.entered_map and is_unit(record.start, key):
                found += check_entry(record, track, played)
    return found


def check_entry(record: PhaseRecord, track: UnitTrack, played: Sequence[scenario.Played]) -> list[Judgement]:
    """The phase, the date and the zone of one unit coming onto the map."""
    game = record.start.game
    counter = game.counter(track.key)
    phase = record.phase
    first = track.map_drops[0]
    if phase.kind not in MOVING or phase.side != counter.side:
        return [judge(record, Verdict.illegal(PHASE, f"{counter.name} came onto the map at {first.location} in the "
                                                     f"{phase.name} phase: reinforcements enter in their side's "
                                                     "Movement and Strategic Movement Phases", [first.hex]),
                      track, last_step=first.step)]
    answers = {_answer(p.game, track.key, record.turn, first.hex) for p in played}
    if len(answers) != 1:
        reason = ("its arrival differs between the scenarios the log may be playing" if played else
                  "no scenario of the game holds every counter of the log")
        return [judge(record, Verdict.unchecked(ZONE, f"{counter.name}'s entry at {first.location}: {reason}"),
                      track, last_step=first.step)]
    answer = answers.pop()
    if answer is None:
        return []
    case, message = answer
    titles = " / ".join(p.title for p in played)
    verdict = Verdict.illegal(case, f"{counter.name} entered at {first.location} on turn {record.turn}: {message} "
                                    f"({titles})", [first.hex])
    return [judge(record, verdict, track, last_step=first.step)]


def _answer(played: Game, key: str, turn: int, hex_: Hex | None) -> tuple[str, str] | None:
    """(case, what is wrong), None when the entry is legal or not the schedule's to judge."""
    counter = scenario.counter_in(played, key)
    if counter is None or counter.role != "reinforcement" or counter.entry_turn is None or not counter.entry_areas:
        return None                     # 11.2.3 (a unit back through its zone), or no schedule to go by
    due = counter.entry_turn
    if turn < due:
        return DATE, f"it is due on turn {due}"
    zones = [z for z in counter.entry_areas if _has_area(played, z)]
    if not zones or any(hex_ in played.map.area(z).hexes for z in zones):
        return None
    reach = ZONES_PER_TURN * (turn - due) + 1
    entered = next((a for a in _side_areas(played, counter.side) if hex_ in a.hexes), None)
    if entered is None:
        return ZONE, f"{played.map.name(hex_)} is in none of the {counter.side} entry zones (its own: {', '.join(zones)})"
    order = _edge_order(played, counter.side)
    if entered.name not in order or any(z not in order or order[z][0] != order[entered.name][0] for z in zones):
        return None                     # another map edge: the book counts zones along one edge
    distance = min(abs(order[z][1] - order[entered.name][1]) for z in zones)
    if distance <= reach:
        return None
    return ZONE, (f"zone {entered.name} is {distance} zones from its zone {', '.join(zones)}; "
                  f"{turn - due} turn(s) after its date it may enter at most {reach} zone(s) away (11.2.1, 11.2.2)")


def _has_area(game: Game, name: str) -> bool:
    return any(a.name == name and a.purpose == "entry" for a in game.map.areas)


def _side_areas(game: Game, side: str) -> list[Area]:
    return [a for a in game.map.areas if a.purpose == "entry" and a.side == side]


def _edge_order(game: Game, side: str) -> dict[str, tuple[str, int]]:
    """Each of the side's entry zones lying along one map edge: (edge, its place along the edge)."""
    def work() -> dict[str, tuple[str, int]]:
        cols = [h.col for h in game.map.hexes]
        rows = [h.row for h in game.map.hexes]
        edges = {"west": lambda h: h.col == min(cols), "east": lambda h: h.col == max(cols),
                 "north": lambda h: h.row == min(rows), "south": lambda h: h.row == max(rows)}
        placed: dict[str, list[tuple[int, str]]] = {}
        for area in _side_areas(game, side):
            edge = next((e for e, on in edges.items() if all(on(h) for h in area.hexes)), None)
            if edge is not None:
                along = min(h.row if edge in ("west", "east") else h.col for h in area.hexes)
                placed.setdefault(edge, []).append((along, area.name))
        return {name: (edge, index) for edge, zones in placed.items()
                for index, (_, name) in enumerate(sorted(zones))}
    return of_map(game, ("wb95 entry zones", side), work)


CHECK = CaseCheck((DATE, ZONE, PHASE), game=check_game)
