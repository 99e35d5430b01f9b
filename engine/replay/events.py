"""What happened in a step, in terms a rules checker reads: pieces added, moved, changed, removed,
chat lines, dice rolls, turn and property changes, undos.

Piece events compare each piece a step touched before and after the step, so a stack dragged
as one command gives one ``PieceMoved`` per piece in it, and a piece moved twice in a step gives
one move from where it started to where it ended. A piece sent to another map (a dead pile) is
a ``PieceMoved`` whose maps differ; a deleted piece is ``PieceRemoved``.
"""

from __future__ import annotations

from dataclasses import dataclass

from vmodgen.engine.replay.state import PieceView


@dataclass(frozen=True)
class Change:
    """One thing about a piece that changed: a layer's level (``kind`` "layer"), a property
    ("property"), its name ("name"), its Invisible or Mask status ("hidden", "masked")."""

    kind: str
    name: str
    old: object
    new: object


@dataclass(frozen=True)
class PieceAdded:
    piece: PieceView
    map: str | None
    x: int
    y: int
    location: str | None


@dataclass(frozen=True)
class PieceMoved:
    """A piece that ended the step elsewhere; ``piece`` is its view after the step."""

    piece: PieceView
    from_map: str | None
    from_xy: tuple[int, int]
    from_location: str | None
    to_map: str | None
    to_xy: tuple[int, int]
    to_location: str | None
    player_side: str | None = None

    def __init__(self, piece: PieceView, from_map: str | None, from_xy: tuple[int, int], from_location: str | None,
                 to_map: str | None, to_xy: tuple[int, int], to_location: str | None,
                 player_side: str | None = None) -> None:
        # Set at once, as PieceView's fields are (the commonest event of a long log).
        object.__setattr__(self, "__dict__", {
            "piece": piece, "from_map": from_map, "from_xy": from_xy, "from_location": from_location,
            "to_map": to_map, "to_xy": to_xy, "to_location": to_location, "player_side": player_side})


@dataclass(frozen=True)
class PieceChanged:
    piece: PieceView
    changes: tuple[Change, ...]

    def change(self, kind: str, name: str) -> Change | None:
        return next((c for c in self.changes if c.kind == kind and c.name == name), None)


@dataclass(frozen=True)
class PieceRemoved:
    """A piece deleted from the game; ``piece`` is its last view."""

    piece: PieceView


@dataclass(frozen=True)
class Chat:
    text: str


@dataclass(frozen=True)
class DiceRoll:
    """A dice button's result property (``<button>_result``) set by a roll."""

    button: str
    result: str


@dataclass(frozen=True)
class TurnChanged:
    tracker: str
    levels: dict[str, str]
    text: str


@dataclass(frozen=True)
class PropertyChanged:
    """A property set by ``MutableProperty``/``GlobalProperty``; ``container`` is ``Module``, a map
    or ``map:zone``; ``global_property`` is False for properties the module does not declare
    (dice results: ``_result``, ``_total``, ``_keep``, and from VASSAL 3.7 ``_summary``), which
    VASSAL before 3.7.23 itself cannot replay."""

    name: str
    old: str | None
    new: str | None
    container: str | None
    global_property: bool = True


@dataclass(frozen=True)
class BoardsChanged:
    map: str
    boards: tuple[str, ...]


@dataclass(frozen=True)
class Undo:
    """This step undoes an earlier one (``undoes``: its index, when it could be told); ``marked``:
    the log itself says so with ``UNDO`` markers (VASSAL 3.6.7 and later, e.g. 3.7.26), where
    older logs hold only the inverse commands, recognised by their signature."""

    undoes: int | None
    marked: bool


Event = (PieceAdded | PieceMoved | PieceChanged | PieceRemoved | Chat | DiceRoll | TurnChanged
         | PropertyChanged | BoardsChanged | Undo)
