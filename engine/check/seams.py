"""Where a log or save starts and ends, and whether one file continues another.

A log holds the position the game was in when logging began (its restore) and the steps played
after; a save holds a position only. Files of one game continue one another: each starts in the
turn and phase, with every unit on the hex, where the one before it ended (issue 7: one game at a
time). VASSAL's own metadata (``savedata``) names the module and the save date but nothing that
tells two games apart, so the positions are the evidence.

A position is read from the pieces alone (their ``Unit`` property, DESIGN.md "What a piece says
about itself") and the turn tracker, so files can be compared without loading any game data.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from vmodgen.engine.piece_properties import MARKER, PHASE_LEVEL, TURN_LEVEL, UNIT
from vmodgen.engine.replay import GameState

OFF_MAP = "off the map"


@dataclass(frozen=True)
class Position:
    """Turn, phase and which unit shows on which place, as a hashable key.

    Units are told by the name their face shows (``17 Pz Div``, ``Untried Soviet armor``), with
    how many show it there, not by their ``Unit`` id: what is hidden from the players (which
    untried unit a pool handed out) is no evidence that two files are two games, and a message
    naming a seam never reveals it.
    """

    turn: str
    phase: str
    units: tuple[tuple[tuple[str, str], int], ...]     # ((shown name, map:location), count)

    @property
    def key(self) -> tuple[str, str, tuple[tuple[tuple[str, str], int], ...]]:
        return (self.turn, self.phase, self.units)

    def when(self) -> str:
        if not self.turn and not self.phase:
            return "no turn set on the turn tracker"
        return ", ".join(p for p in (f"Game-Turn {self.turn}" if self.turn else "",
                                     f"{self.phase} phase" if self.phase else "") if p)


def position_of(state: GameState) -> Position:
    """The position a replayed game is in now."""
    levels: dict[str, str] = next(iter(state.turn_levels().values()), {})
    shown: Counter[tuple[str, str]] = Counter()
    for piece in state.pieces():
        if not piece.properties.get(UNIT) or piece.properties.get(MARKER):
            continue
        place = f"{piece.map}:{piece.location or f'{piece.x},{piece.y}'}" if piece.map else OFF_MAP
        shown[(piece.name, place)] += 1
    return Position(levels.get(TURN_LEVEL, ""), levels.get(PHASE_LEVEL, ""), tuple(sorted(shown.items())))


def seam_problem(before: str, end: Position, after: str, start: Position) -> str | None:
    """Why ``after`` (starting at ``start``) does not continue ``before`` (ending at ``end``),
    in one line; None when it does."""
    if (end.turn, end.phase) != (start.turn, start.phase):
        return (f"{after} does not continue {before}: {before} ends in {end.when()}; "
                f"{after} starts in {start.when()}")
    ended, started = Counter(dict(end.units)), Counter(dict(start.units))
    gone, came = sorted((ended - started).elements()), sorted((started - ended).elements())
    if not gone and not came:
        return None
    differ = len(set(n for n, _ in gone) | set(n for n, _ in came))
    name = (gone or came)[0][0]
    was = next((p for n, p in gone if n == name), None)
    now = next((p for n, p in came if n == name), None)
    more = f" (and {differ - 1} other unit{'s' if differ > 2 else ''})" if differ > 1 else ""
    return (f"{after} does not continue {before} ({end.when()}): {name} is {_where(was)} at the end of "
            f"{before} but {_where(now)} at the start of {after}{more}")


def _where(place: str | None) -> str:
    if place is None:
        return "not there"
    if place == OFF_MAP:
        return OFF_MAP
    _, _, location = place.partition(":")
    return f"in {location}"
