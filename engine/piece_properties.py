"""What a piece of a vmodgen module says about itself (DESIGN.md, "What a piece says about
itself"): the one contract the builder writes pieces with and the checker reads logs with.

A unit piece carries fixed properties naming its counter and game (``Unit``, ``Game``, ``Side``,
...), and shows its back when its ``Face`` layer is at level 2. A marker piece carries ``Marker``
(its kind) and its own properties: a battle marker its number and role, an overrun marker its
number. The turn tracker has a ``Turn`` level holding a ``Phase`` level. Identity never depends
on piece ids, which change when VASSAL re-creates pieces, nor on names, which change with the
face. Which marker kinds a game has is its rules family's business (``engine.rules.family``);
how a marker says what it is, is this module's.

>>> battle_marker_properties("kiev", 3, "attack")
[('Marker', 'Battle'), ('Game', 'kiev'), ('Battle', '3'), ('Role', 'attack')]
>>> from types import SimpleNamespace
>>> battle_marker(SimpleNamespace(properties=dict(battle_marker_properties("kiev", 3, "attack"))))
BattleMarker(number=3, role='attack')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

UNIT = "Unit"
GAME = "Game"
SIDE = "Side"
FORMATION = "Formation"
TYPE = "Type"
SIZE = "Size"
LEADERSHIP = "Leadership"
MARKER = "Marker"
FACE_LAYER = "Face"

#: marker kinds (the value of ``Marker``) and their own properties
BATTLE = "Battle"
ROLE = "Role"
OVERRUN = "Overrun"
#: a Strength Level Marker standing for a stepped-down unit (PGG 9.61): its printed level and the
#: steps it leaves the unit
STRENGTH_LEVEL = "StrengthLevel"
LEVEL = "Level"
STEPS = "Steps"
#: a Disrupted marker on a unit (PGG 6.6)
DISRUPTED = "Disrupted"
#: markers printed on the counter sheet carry their unit type as kind (``marker_counter_properties``):
#: an interdiction marker, with the side that places it in ``Side`` (PGG 13.1, 13.4), and a Rail
#: Cut marker (PGG 6.37)
INTERDICTION = "interdiction"
RAIL_CUT = "rail_cut"

#: the turn tracker's levels: the Game-Turn number, and the phase within it
TURN_LEVEL = "Turn"
PHASE_LEVEL = "Phase"

Properties = list[tuple[str, str]]


class Piece(Protocol):
    """What the readers need of a replayed piece (``engine.replay.PieceView`` is one)."""

    @property
    def properties(self) -> Mapping[str, str]: ...

    @property
    def layers(self) -> Mapping[str, int]: ...


@dataclass(frozen=True)
class BattleMarker:
    number: int
    role: str          # attack | defend


# -- writing (the builder) ------------------------------------------------------------------------

def unit_properties(game_id: str, unit: str, side: str, formation: str, unit_type: str, size: str,
                    leadership: str | None = None) -> Properties:
    """A unit piece's fixed properties, in the order the piece lists them; ``leadership`` only for
    units that have a rating."""
    found = [(UNIT, unit), (GAME, game_id), (SIDE, side), (FORMATION, formation), (TYPE, unit_type), (SIZE, size)]
    return found + ([(LEADERSHIP, leadership)] if leadership is not None else [])


def marker_counter_properties(game_id: str, kind: str, unit: str, side: str = "") -> Properties:
    """A marker printed on the counter sheet (a counter whose role is ``marker``): its kind is its
    unit type; ``side`` only for a side's own marker (PGG 13.1: the German Air Interdiction Markers)."""
    return [(MARKER, kind), (UNIT, unit), (GAME, game_id)] + ([(SIDE, side)] if side else [])


def battle_marker_properties(game_id: str, number: int, role: str) -> Properties:
    """``Attack N`` / ``Defend N``: who fought whom in battle N."""
    return [(MARKER, BATTLE), (GAME, game_id), (BATTLE, str(number)), (ROLE, role)]


def overrun_marker_properties(game_id: str, number: int) -> Properties:
    """``Overrun N``, on the overrunning stack and on the hex it overruns."""
    return [(MARKER, OVERRUN), (GAME, game_id), (OVERRUN, str(number))]


def strength_level_marker_properties(game_id: str, level: str, steps: int) -> Properties:
    """A Strength Level Marker: the values it prints (``4-7``) and the steps the unit has left
    when it stands for it."""
    return [(MARKER, STRENGTH_LEVEL), (GAME, game_id), (LEVEL, level), (STEPS, str(steps))]


def game_marker_properties(game_id: str, kind: str, own: Properties) -> Properties:
    """A marker the game's data declares (``game.toml`` ``[[markers]]``): its kind, then its own
    properties (WB-95: an Out of Supply marker's ``Level``, an air mission's ``Side`` and ``SP``).

    >>> game_marker_properties("korsun-1944", "OutOfSupply", [("Level", "3")])
    [('Marker', 'OutOfSupply'), ('Game', 'korsun-1944'), ('Level', '3')]
    """
    return [(MARKER, kind), (GAME, game_id), *own]


def disrupted_marker_properties(game_id: str) -> Properties:
    return [(MARKER, DISRUPTED), (GAME, game_id)]


def entry_die_button(side: str, what: str) -> str:
    """The dice button that rolls where a die-decided arrival enters (PGG 14.11), apart from the
    battle die: the builder names the button with it, the checker tells its rolls from a battle's.

    >>> entry_die_button("Soviet", "rifle")
    'Soviet rifle entry'
    """
    return f"{side} {what}".capitalize() + " entry"


# -- reading (the checker) ------------------------------------------------------------------------

def game_of(piece: Piece) -> str | None:
    return piece.properties.get(GAME)


def unit_of(piece: Piece, game_id: str) -> str | None:
    """The counter id a unit piece of this game names; None for markers and other games' pieces."""
    props = piece.properties
    unit = props.get(UNIT)
    if not unit or props.get(MARKER) or props.get(GAME, game_id) != game_id:
        return None
    return unit


def showing_back(piece: Piece) -> bool:
    return abs(piece.layers.get(FACE_LAYER, 1)) == 2


def battle_marker(piece: Piece) -> BattleMarker | None:
    props = piece.properties
    if props.get(MARKER) != BATTLE:
        return None
    try:
        return BattleMarker(int(props.get(BATTLE, "")), props.get(ROLE, ""))
    except ValueError:
        return None


def overrun_marker(piece: Piece) -> int | None:
    """The number of an ``Overrun N`` marker, or None for any other piece."""
    props = piece.properties
    if props.get(MARKER) != OVERRUN:
        return None
    number = props.get(OVERRUN, "")
    return int(number) if number.isdigit() else None


@dataclass(frozen=True)
class StrengthLevel:
    level: str         # as printed: "4-7"
    steps: int         # steps the unit has left at this level


def strength_level(piece: Piece) -> StrengthLevel | None:
    """The level a Strength Level Marker stands for, or None for any other piece.

    >>> from types import SimpleNamespace
    >>> strength_level(SimpleNamespace(properties=dict(strength_level_marker_properties("pgg", "2-7", 2))))
    StrengthLevel(level='2-7', steps=2)
    """
    props = piece.properties
    steps = props.get(STEPS, "")
    if props.get(MARKER) != STRENGTH_LEVEL or not steps.isdigit():
        return None
    return StrengthLevel(props.get(LEVEL, ""), int(steps))


def is_disrupted_marker(piece: Piece) -> bool:
    return piece.properties.get(MARKER) == DISRUPTED


def interdiction_marker(piece: Piece) -> str | None:
    """The side whose interdiction marker this is, or None for any other piece.

    >>> from types import SimpleNamespace
    >>> interdiction_marker(SimpleNamespace(properties=dict(marker_counter_properties("pgg", INTERDICTION, "m", "German"))))
    'German'
    """
    props = piece.properties
    return props.get(SIDE, "") if props.get(MARKER) == INTERDICTION else None


def is_rail_cut_marker(piece: Piece) -> bool:
    return piece.properties.get(MARKER) == RAIL_CUT
