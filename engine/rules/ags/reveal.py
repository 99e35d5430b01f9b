"""When an untried unit may be revealed (AGS 13.2): "at the instant of combat; i.e., neither
Player may see what the actual strengths of the units are until it is time to throw the die for
that particular combat".

A log records a reveal as the unit's flip from its untried back to its front. The reveal is at
the instant of combat when the unit stands in a hex marked for a declared battle (Combat Phase)
or overrun (Movement Phase, AGS 6.0), after the markers were put down and no later than the
moment that combat is over, i.e. before the next die is rolled for another combat. Anything else
(a reveal with no combat declared, of a unit not in the combat, or after its combat was settled)
shows the strength before the rules allow, and is reported.

>>> found = check_reveals(record)         # doctest: +SKIP
>>> [j.verdict.case for j in found]        # doctest: +SKIP
['AGS 13.2']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import Flip, PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name

CASE = "AGS 13.2"


def check_reveals(record: PhaseRecord) -> list[Judgement]:
    """A judgement for every untried unit of the phase revealed outside the instant of a
    declared battle or overrun that it takes part in (AGS 13.2)."""
    game = record.start.game
    found = []
    for flip in record.flips:
        counter = game.counter(flip.key)
        if counter.back_kind != "untried" or not flip.was_back or flip.now_back:
            continue
        where = _hex_at(record, flip)
        if where is not None and any(first <= flip.step <= last and where in hexes
                                     for first, last, hexes in _combat_windows(record)):
            continue
        place = hex_name(game, where) if where is not None else "off the map"
        message = (f"{game.untried_name(counter)} in {place} was revealed in the {record.phase.name} phase "
                   "outside the instant of a combat it takes part in (declare the battle or overrun with its "
                   "markers first; its strength shows only when the die is about to be thrown)")
        found.append(Judgement(flip.step, flip.key, place, "", Verdict.illegal(cite(game, CASE), message),
                               record.turn, record.phase.name, counter.side))
    return found


def _hex_at(record: PhaseRecord, flip: Flip) -> Hex | None:
    """The hex the unit stood in when it was flipped: its last drop up to that step in this phase,
    else where the phase found it."""
    track = record.tracks.get(flip.key)
    if track is not None:
        earlier = [d for d in track.drops if d.step <= flip.step]
        if earlier:
            return earlier[-1].hex
        return track.start
    unit = record.start.units.get(flip.key)
    return unit.hex if unit is not None else None


def _combat_windows(record: PhaseRecord) -> Iterable[tuple[int, int, set[Hex]]]:
    """(first step, last step, hexes) of each declared combat of the phase: from the step its
    markers were put down to the step before the next die thrown after its own (or the end of
    the phase), when its results are applied."""
    dice = sorted(step for step, _ in record.dice)
    combats: Sequence[tuple[int, int | None, set[Hex]]] = (
        [(b.declared_step, b.die_step, b.attacker_hexes | b.defender_hexes) for b in record.battles]
        + [(o.declared_step, o.die_step, set(o.hexes)) for o in record.overruns])
    for declared, die_step, hexes in combats:
        if die_step is None:
            last = record.last_step
        else:
            last = next((step - 1 for step in dice if step > die_step), record.last_step)
        yield declared, last, hexes

