"""When a counter's status side may be turned: Operation Star's HQ modes (OFF/DEF, Operation Star
21.0) and Korsun's active and inactive HQs (Korsun 23.12) may be changed only at the beginning
of a Player-Turn's first Movement Phase. What "the beginning" is, read from a log: that phase,
up to the first move of a unit of the side that began the phase on the map (reinforcements
placed first do not close it). The per-game modules say which counters and which case; this
module only finds the window and the sides showing at its end.

>>> window_end(record, "Soviet")          # doctest: +SKIP
57
"""

from __future__ import annotations

from collections.abc import Iterable

from vmodgen.engine.rules.record import Flip, PhaseRecord


def is_change_phase(record: PhaseRecord, phase_name: str) -> bool:
    """Whether this phase is the one in whose beginning the status may change."""
    return record.phase.name == phase_name


def window_end(record: PhaseRecord, side: str) -> int | None:
    """The step of the first move of a ``side`` unit that began the phase on the map (the end of
    "the beginning" of the phase), or None when none moved in the phase."""
    game = record.start.game
    steps = [track.map_drops[0].step for key, track in record.tracks.items()
             if track.start is not None and track.map_drops and game.counter(key).side == side]
    return min(steps) if steps else None


def showing_back_at(record: PhaseRecord, keys: Iterable[str], step: int | None) -> dict[str, bool]:
    """Whether each counter shows its back just before ``step`` (None: at the end of the phase),
    from the phase's start and its flips."""
    showing = {key: record.start.units[key].showing_back for key in keys if key in record.start.units}
    for flip in sorted(record.flips, key=lambda f: f.step):
        if flip.key in showing and (step is None or flip.step < step):
            showing[flip.key] = flip.now_back
    return showing


def late_flips(record: PhaseRecord, keys: Iterable[str], in_change_phase: bool, side: str) -> list[Flip]:
    """The flips of these counters outside the window: every flip in another phase, and in the
    change phase those at or after the first move."""
    wanted = set(keys)
    end = window_end(record, side) if in_change_phase else None
    return [f for f in record.flips if f.key in wanted
            and (not in_change_phase or (end is not None and f.step >= end))]
