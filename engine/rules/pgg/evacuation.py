"""Evacuating Soviet Leaders [PGG 10.4, an optional rule]: at the beginning of the Soviet Movement
Phase a Leader "completely surrounded by Enemy units and/or Enemy ZOC's (ZOC's are not considered
negated by Friendly units for this purpose)" may be taken off the map; one a Game-Turn, two a game.

A Leader taken off the map in its side's Movement Phase is judged here, as an evacuation: a
finding when some hex around it (a hex its own zone would reach: not across a lake) was free of
enemy units and zones as the phase began, when a unit on the map moved before it was taken off
("it must be done at the beginning"; another Leader taken off is no such move), or when it is the
second of its Game-Turn or the third of the logs. Taken off from a hex over the stacking limit, it
may be an over-stack eliminated instead (PGG 7.1): not checked. Its return through Entrance Hex X
is the entry check's (:mod:`~vmodgen.engine.rules.pgg.entry`). Evacuations the logs do not show (a
log that begins late in the game) are not counted: the limits are judged on what the logs show, so
an excess found is certain.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.pgg.stacking import stacking_violations
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_list, hex_name, param
from vmodgen.engine.rules.zoc import enemy_zoc, occupied_by_enemy, zoc_of_hex

LEADER = "leader"
MARKER = "marker"


def evacuated(record: PhaseRecord, track: UnitTrack) -> bool:
    """Is this track a Leader of the phasing side taken off the map in its Movement Phase, which
    :func:`check_evacuations` judges?"""
    game = record.start.game
    counter = game.counter(track.key)
    return (track.left_map and record.phase.kind == "movement" and counter.side == record.phase.side
            and game.unit_types[counter.type].unit_class == LEADER)


def check_evacuations(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """PGG 10.4 over a game's Movement Phases."""
    found: list[Judgement] = []
    per_turn: dict[int, int] = {}
    in_game = 0
    for record in records:
        for track in sorted(record.tracks.values(), key=lambda t: t.drops[-1].step if t.drops else 0):
            if not evacuated(record, track):
                continue
            verdict = _evacuation(record, track)
            if verdict is None:
                per_turn[record.turn] = per_turn.get(record.turn, 0) + 1
                in_game += 1
                verdict = _limits(record, track, per_turn[record.turn], in_game)
            if verdict is not None:
                found.append(_judged(record, track, verdict))
    return found


def _evacuation(record: PhaseRecord, track: UnitTrack) -> Verdict | None:
    """None when the Leader was surrounded at the beginning of the phase and taken off before any
    other unit on the map moved; else the verdict (a finding, or not checked for an over-stack)."""
    game = record.start.game
    side = record.phase.side
    name = game.counter(track.key).name
    start = record.start
    where = track.start
    assert where is not None
    before = track.before or start
    if any(v.hexes and where in v.hexes for v in stacking_violations(before, side)):
        return Verdict.unchecked(cite(game, "PGG 7.1"), f"{name} was taken off the map from "
                                 f"{hex_name(game, where)}, over the stacking limit: an over-stack eliminated (PGG "
                                 "7.1) or an evacuation (PGG 10.4); not judged")
    open_hexes = free_around(start, where, side)
    if open_hexes:
        return Verdict.illegal(cite(game, "PGG 10.4"), (
            f"{name} was taken off the map from {hex_name(game, where)}, which was not completely surrounded by "
            f"enemy units and zones of control as the phase began ({hex_list(game, open_hexes)} free): only such "
            "a Leader may be evacuated"), [where])
    removed = track.drops[-1].step
    earlier = sorted((t.drops[0].step, t.key) for t in record.tracks.values()
                     if t.key != track.key and t.start is not None and t.drops and t.drops[0].step < removed
                     and not evacuated(record, t)
                     and game.counter(t.key).side == side
                     and game.unit_types[game.counter(t.key).type].unit_class != MARKER)
    if earlier:
        return Verdict.illegal(cite(game, "PGG 10.4"), (
            f"{name} was evacuated from {hex_name(game, where)} after {game.counter(earlier[0][1]).name} had moved: "
            "an evacuation is done at the beginning of the Soviet Movement Phase"), [where])
    return None


def free_around(situation: Situation, where: Hex, side: str) -> list[Hex]:
    """The hexes around ``where`` (those a zone of control reaches from it: not across a lake)
    holding no enemy unit and in no enemy zone, zones not negated by friendly units."""
    game = situation.game
    zones = enemy_zoc(situation, side, "movement")
    enemy = occupied_by_enemy(situation, side)
    return sorted(h for h in zoc_of_hex(game, where) if h in game.map.hexes and h not in zones and h not in enemy)


def _limits(record: PhaseRecord, track: UnitTrack, this_turn: int, in_game: int) -> Verdict | None:
    """PGG 10.4: one evacuation a Game-Turn, two a game (``rules.leader_evacuation``)."""
    game = record.start.game
    name = game.counter(track.key).name
    try:
        limits = param(game, "leader_evacuation", "PGG 10.4")
    except CannotCheck as unknown:
        return Verdict.unchecked(cite(game, "PGG 10.4"), f"{name} was evacuated: {unknown.reason}")
    if this_turn > int(limits["per_turn"]):
        return Verdict.illegal(cite(game, "PGG 10.4"), f"{name} is evacuation {this_turn} of Game-Turn "
                                                       f"{record.turn}; {limits['per_turn']} a Game-Turn")
    if in_game > int(limits["per_game"]):
        return Verdict.illegal(cite(game, "PGG 10.4"), f"{name} is evacuation {in_game} of the game; "
                                                       f"{limits['per_game']} a game")
    return None


def _judged(record: PhaseRecord, track: UnitTrack, verdict: Verdict) -> Judgement:
    last = track.drops[-1]
    return Judgement(last.step, track.key, track.start_location, last.location, verdict, record.turn,
                     record.phase.name, record.phase.side)
