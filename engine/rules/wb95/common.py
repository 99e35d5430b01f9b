"""What several WB-95 checks share: which pieces are units, the set-up that opens a log, and a
judgement about a whole game (once, at the first record)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.scenarios import first_phase
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.verdict import Verdict
from vmodgen.engine.rules.wb95.scenario import scenario_games


def is_unit(situation: Situation, key: str) -> bool:
    """A counter the rules move (markers are not units)."""
    return situation.unit_type(key).unit_class != "marker"


def opens_game(record: PhaseRecord) -> bool:
    """The record is the game's first phase (turn 1, phase 1): a log that begins there begins with
    the set-up, and what is moved before the tracker first advances is the set-up (Setup Aid: the
    player puts a line's counters on its hexes as he likes), judged by the set-up check. A scenario
    whose other side moves first opens on its own first phase (``[rules.first_phase]``, Deblockade:
    the air phase before the German phases), which its predefined setup sets the tracker to."""
    return record.turn == 1 and record.phase_index in opening_phases(record.start.game)


def opening_phases(game: Game) -> frozenset[int]:
    """The phases (indices in the game's sequence) a scenario of the game opens on."""
    def work() -> frozenset[int]:
        found = {0}
        for played in scenario_games(game):
            try:
                found.add(first_phase(game, played.game))
            except ValueError:
                continue            # a first phase the sequence lacks: the build reports it
        return frozenset(found)
    return of_map(game, "wb95 opening phases", work)


def opening(records: Sequence[PhaseRecord]) -> Situation | None:
    """The set-up position when the log begins at the start of the game: the first phase's end."""
    if not records or not opens_game(records[0]):
        return None
    return records[0].end or records[0].start


def once(records: Sequence[PhaseRecord], verdict: Verdict) -> Judgement:
    """A judgement about the whole game, at its first record."""
    step, turn, phase = (records[0].first_step, records[0].turn, records[0].phase.name) if records else (0, 0, "")
    return Judgement(step, None, "", "", verdict, turn, phase)


def owner_note(sources: Sequence[str]) -> str:
    """`` (rests on owner-entered values: ...)`` when a finding uses values an owner entered."""
    return f" (rests on owner-entered values: {', '.join(sorted(set(sources)))})" if sources else ""


def unit_at(record: PhaseRecord, key: str, step: int) -> UnitState | None:
    """A unit as it stood after ``step`` of the phase: its hex from its drops (None off the map),
    its face from its flips; None for a unit not in the game when the phase began."""
    unit = record.start.units.get(key)
    if unit is None:
        return None
    track = record.tracks.get(key)
    hex_ = unit.hex
    for drop in track.drops if track is not None else ():
        if drop.step <= step:
            hex_ = drop.hex
    back = unit.showing_back
    for flip in record.flips:
        if flip.key == key and flip.step <= step:
            back = flip.now_back
    return UnitState(unit.counter, hex_, back)


def window_end(record: PhaseRecord, step: int) -> int:
    """The last step whose doings answer the roll of ``step``: the step before the phase's next
    roll, or the phase's last step."""
    return next((r.step - 1 for r in record.rolls if r.step > step), record.last_step)


def taken_part_twice(taken: Mapping[str, Sequence[tuple[int, bool]]]) -> Iterator[tuple[str, str, bool]]:
    """The units in more than one of a phase's battles or fires (WB95 5.1.1, 6.1.4), by key: the
    numbers they took part in, joined, and whether that is certain (two where the unit was the
    only one its markers can mean; a stack's markers may mean different units of it).

    >>> list(taken_part_twice({"a": [(1, True), (2, True)], "b": [(1, False), (3, True)], "c": [(2, True)]}))
    [('a', '1 and 2', True), ('b', '1 and 3', False)]
    """
    for key, parts in sorted(taken.items()):
        if len(parts) >= 2:
            yield key, " and ".join(str(n) for n, _ in parts), sum(1 for _, sure in parts if sure) >= 2
