"""Piece definitions for a game's counters and markers.

Every unit piece carries its identity and the values on the face now showing as properties
(DESIGN.md, "What a piece says about itself"): Marker traits ``Unit``, ``Game``, ``Side``,
``Formation``, ``Type``, ``Size`` (and ``Leadership``), and Dynamic Properties ``Attack``,
``Defense``, ``Movement`` and ``Step`` that the flip commands change together with the Layer
``Face``. A log alone then says which unit moved and what it could do.
"""

from __future__ import annotations

from dataclasses import dataclass

from vmodgen.engine.check.identity import FACE_LAYER
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter, Face
from vmodgen.engine.model.values import show
from vmodgen import keys
from vmodgen.traits import (BasicPiece, Delete, DynamicProperty, Layer, Marker, MovedMarker,
                            MovementTrail, PieceDefinition, ReportAction, SendToLocation,
                            SetValue, Trait, UsePrototype)

MARKER_PROTOTYPE = "Marker"
FLIP_REPORT = "$oldPieceName$ turned to $newPieceName$ ($Attack$-$Defense$-$Movement$) in $location$"


def side_prototype(side: str) -> str:
    return f"{side} unit"


def front_image(counter: Counter) -> str:
    return f"{counter.id}.png"


def back_image(counter: Counter) -> str:
    return f"{counter.id}-back.png"


def has_two_faces(counter: Counter) -> bool:
    return counter.back_kind in ("reduced", "untried", "inactive")


@dataclass(frozen=True)
class DeadPile:
    """Where a side's Eliminate command sends its units."""

    map_name: str
    board: str
    x: int
    y: int


MOVED_FLAG = "moved.png"


def unit_prototype(side: str, dead_pile: DeadPile, counter_size: int) -> PieceDefinition:
    """Traits every unit of a side shares: moved flag, trail, eliminate, delete."""
    corner = counter_size // 2
    traits: list[Trait] = [
        MovedMarker(MOVED_FLAG, corner - counter_size // 4, -corner - 2, "Mark Moved", keys.MARK_MOVED),
        MovementTrail(keys.TRAIL),
        SendToLocation("Eliminate", keys.ELIMINATE, dead_pile.map_name, dead_pile.board,
                       dead_pile.x, dead_pile.y, f"Eliminate to the {side} dead pile"),
        Delete("Delete", keys.DELETE),
    ]
    return PieceDefinition(traits, BasicPiece())


def marker_prototype() -> PieceDefinition:
    return PieceDefinition([Delete("Delete", keys.DELETE)], BasicPiece())


def counter_piece(game: Game, counter: Counter, gpid: str, showing_back: bool) -> PieceDefinition:
    """The piece for one counter, with the given face up."""
    traits: list[Trait] = []
    two_faces = has_two_faces(counter)
    if two_faces:
        traits.append(ReportAction((keys.FLIP, keys.FLIP_BACK), FLIP_REPORT, "Report flips"))
    traits += _identity(game, counter)
    traits += _values(game, counter, showing_back)
    if two_faces:
        traits.append(_face_layer(game, counter, showing_back))
    prototype = MARKER_PROTOTYPE if counter.role == "marker" else side_prototype(counter.side)
    traits.append(UsePrototype(prototype))
    return PieceDefinition(traits, BasicPiece(counter.name, front_image(counter), gpid))


def battle_marker_piece(game: Game, role: str, number: int, image: str, gpid: str) -> PieceDefinition:
    """A numbered combat marker: players put ``Attack N`` on each attacking stack and
    ``Defend N`` on the defender before rolling, so a log says who fought whom."""
    traits: list[Trait] = [
        Marker("Marker", "Battle"), Marker("Game", game.id),
        Marker("Battle", str(number)), Marker("Role", role),
        UsePrototype(MARKER_PROTOTYPE),
    ]
    return PieceDefinition(traits, BasicPiece(f"{role.title()} {number}", image, gpid))


def overrun_marker_piece(game: Game, number: int, image: str, gpid: str) -> PieceDefinition:
    """A numbered overrun marker (AGS 6.0): players put ``Overrun N`` on the overrunning stack
    and another ``Overrun N`` on the hex it overruns before rolling, so a log says that an overrun,
    not a battle or a stray move, displaced the units."""
    traits: list[Trait] = [
        Marker("Marker", "Overrun"), Marker("Game", game.id), Marker("Overrun", str(number)),
        UsePrototype(MARKER_PROTOTYPE),
    ]
    return PieceDefinition(traits, BasicPiece(f"Overrun {number}", image, gpid))


def _identity(game: Game, counter: Counter) -> list[Trait]:
    if counter.role == "marker":
        return [Marker("Marker", counter.type), Marker("Unit", counter.id), Marker("Game", game.id)]
    traits: list[Trait] = [
        Marker("Unit", counter.id), Marker("Game", game.id), Marker("Side", counter.side),
        Marker("Formation", counter.formation), Marker("Type", counter.type),
        Marker("Size", counter.size),
    ]
    if game.unit_types[counter.type].unit_class in ("hq", "leader"):
        traits.append(Marker("Leadership", show(counter.leadership)))
    return traits


def _face_values(counter: Counter, showing_back: bool) -> dict[str, str]:
    face: Face | None = counter.back if showing_back else counter.front
    if face is None:
        return {"Attack": "?", "Defense": "?", "Movement": "?", "Step": "0"}
    if showing_back and counter.back_kind == "untried":
        # The untried side hides the strength from the opponent: only the movement shows.
        values = {"Attack": "?", "Defense": "?", "Movement": show(face.movement)}
        return values | {"Step": str(counter.steps)}
    steps = counter.steps - 1 if showing_back and counter.back_kind != "inactive" else counter.steps
    return {"Attack": show(face.attack), "Defense": show(face.defense),
            "Movement": show(face.movement), "Step": str(steps)}


def _values(game: Game, counter: Counter, showing_back: bool) -> list[Trait]:
    if counter.role == "marker":
        return []
    now = _face_values(counter, showing_back)
    if not has_two_faces(counter):
        return [DynamicProperty(name, value) for name, value in now.items()]
    front, back = _face_values(counter, False), _face_values(counter, True)
    to_back, to_front = _flip_keys(counter)
    return [DynamicProperty(name, now[name],
                            (SetValue(to_back, back[name]), SetValue(to_front, front[name])))
            for name in now]


def _flip_keys(counter: Counter) -> tuple[str, str]:
    """(key that shows the back, key that shows the front). Ctrl+F always turns the counter
    to its other side from the way it starts: an untried unit starts on its back."""
    if counter.back_kind == "untried":
        return keys.FLIP_BACK, keys.FLIP
    return keys.FLIP, keys.FLIP_BACK


def _face_layer(game: Game, counter: Counter, showing_back: bool) -> Layer:
    to_back, to_front = _flip_keys(counter)
    if counter.back_kind == "untried":
        # Named by the pool it is drawn from, not its own type, so the name tells no more than the
        # untried side shows.
        return Layer(FACE_LAYER, (front_image(counter), back_image(counter)), ("", game.untried_name(counter)),
                     level=2 if showing_back else 1,
                     up=("Hide (untried side)", to_back), down=("Reveal", to_front),
                     description="Front / untried back")
    if counter.back_kind == "inactive":
        # A status side, not a step (Korsun 23.1: the HQ flips between active and inactive).
        return Layer(FACE_LAYER, (front_image(counter), back_image(counter)), ("", "+ (inactive)"),
                     level=2 if showing_back else 1,
                     up=("Make inactive", to_back), down=("Make active", to_front),
                     description="Active / inactive")
    return Layer(FACE_LAYER, (front_image(counter), back_image(counter)), ("", "+ (reduced)"),
                 level=2 if showing_back else 1,
                 up=("Lose step", to_back), down=("Restore step", to_front),
                 description="Full strength / reduced")
