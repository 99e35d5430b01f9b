"""Piece definitions for a game's counters and markers.

Every unit piece carries its identity and the values on the face now showing as properties
(DESIGN.md, "What a piece says about itself"): Marker traits ``Unit``, ``Game``, ``Side``,
``Formation``, ``Type``, ``Size`` (and ``Leadership``), and Dynamic Properties ``Attack``,
``Defense``, ``Movement`` and ``Step`` that the flip commands change together with the Layer
``Face``. A log alone then says which unit moved and what it could do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter, Face
from vmodgen.engine.model.values import show
from vmodgen.engine.piece_properties import (FACE_LAYER, battle_marker_properties, disrupted_marker_properties,
                                            game_marker_properties, marker_counter_properties, overrun_marker_properties,
                                            strength_level_marker_properties, unit_properties)
from vmodgen import keys
from vmodgen.art.colors import rgb
from vmodgen.traits import (AreaOfEffect, BasicPiece, Delete, DynamicProperty, Layer, Marker, MovedMarker,
                            MovementTrail, PieceDefinition, ReportAction, SendToLocation,
                            SetValue, Trait, UsePrototype)

MARKER_PROTOTYPE = "Marker"
# Chat lines a player reads in the log (VASSAL fills in $...$ after the key acted, so the values
# are those of the face now showing and the location is where the piece now is).
STEP_LOSS_REPORT = "$oldPieceName$ in $location$ loses a step: now $newPieceName$, $Attack$-$Defense$-$Movement$"
STEP_BACK_REPORT = "$oldPieceName$ in $location$ regains its step: now $Attack$-$Defense$-$Movement$"
REVEAL_REPORT = "$oldPieceName$ in $location$ is revealed: $newPieceName$, $Attack$-$Defense$-$Movement$"
HIDE_REPORT = "$oldPieceName$ in $location$ is turned back to its untried side"
ELIMINATE_REPORT = "$PieceName$ eliminated in $OldLocationName$ (to the {side} dead pile)"
STRENGTH = "Strength"
GROUP = "Group"
RADIUS = "Radius"
#: the highest radius a player may set on a leader whose rating the data does not know
MAX_SET_RADIUS = 8
TURN_ZONE = "Turn $Turn$"
"""The turn-track box of the current Game-Turn: the tracker's ``Turn`` property names it."""


def side_prototype(side: str) -> str:
    return f"{side} unit"


def front_image(counter: Counter) -> str:
    return f"{counter.id}.png"


def back_image(counter: Counter) -> str:
    return f"{counter.id}-back.png"


def has_two_faces(counter: Counter) -> bool:
    return counter.back_kind in ("reduced", "untried", "mode", "inactive")


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
        ReportAction((keys.ELIMINATE,), ELIMINATE_REPORT.format(side=side), "Report eliminations"),
        MovedMarker(MOVED_FLAG, corner - counter_size // 4, -corner - 2, "Mark Moved", keys.MARK_MOVED),
        MovementTrail(keys.TRAIL),
        SendToLocation("Eliminate", keys.ELIMINATE, dead_pile.map_name, dead_pile.board,
                       dead_pile.x, dead_pile.y, f"Eliminate to the {side} dead pile"),
        Delete("Delete", keys.DELETE),
    ]
    return PieceDefinition(traits, BasicPiece())


def marker_prototype() -> PieceDefinition:
    return PieceDefinition([Delete("Delete", keys.DELETE)], BasicPiece())


def counter_piece(game: Game, counter: Counter, gpid: str, showing_back: bool,
                  extra: Sequence[Trait] = ()) -> PieceDefinition:
    """The piece for one counter, with the given face up; ``extra`` traits go above its
    prototype (the Game-Turn marker's move to the current turn)."""
    traits: list[Trait] = []
    two_faces = has_two_faces(counter)
    if two_faces:
        traits += _flip_reports(counter)
    traits += _identity(game, counter)
    traits += _values(game, counter, showing_back)
    if two_faces:
        traits.append(_face_layer(game, counter, showing_back))
    traits += _command_radius(game, counter)
    traits += extra
    prototype = MARKER_PROTOTYPE if counter.role == "marker" else side_prototype(counter.side)
    traits.append(UsePrototype(prototype))
    return PieceDefinition(traits, BasicPiece(counter.name, front_image(counter), gpid))


def follow_turn(map_name: str, board: str) -> SendToLocation:
    """The Game-Turn marker's move to the box of the current Game-Turn, on the key the turn
    tracker's phase change sends it (AGS 4.2 C: the marker advances each Game-Turn)."""
    return SendToLocation("", keys.FOLLOW_TURN, map_name, board, 0, 0, "Follow the turn tracker", zone=TURN_ZONE)


def _flip_reports(counter: Counter) -> list[Trait]:
    """One chat line per flip key, worded for what the flip means for this counter."""
    to_back, to_front = _flip_keys(counter)
    if counter.back_kind == "untried":
        return [ReportAction((to_front,), REVEAL_REPORT, "Report the reveal (AGS 13.2)"),
                ReportAction((to_back,), HIDE_REPORT, "Report turning back to untried")]
    return [ReportAction((to_back,), STEP_LOSS_REPORT, "Report step losses"),
            ReportAction((to_front,), STEP_BACK_REPORT, "Report restored steps")]


def battle_marker_piece(game: Game, role: str, number: int, image: str, gpid: str) -> PieceDefinition:
    """A numbered combat marker: players put ``Attack N`` on each attacking stack and
    ``Defend N`` on the defender before rolling, so a log says who fought whom."""
    traits: list[Trait] = [*_markers(battle_marker_properties(game.id, number, role)), UsePrototype(MARKER_PROTOTYPE)]
    return PieceDefinition(traits, BasicPiece(f"{role.title()} {number}", image, gpid))


def overrun_marker_piece(game: Game, number: int, image: str, gpid: str) -> PieceDefinition:
    """A numbered overrun marker (AGS 6.0): players put ``Overrun N`` on the overrunning stack
    and another ``Overrun N`` on the hex it overruns before rolling, so a log says that an overrun,
    not a battle or a stray move, displaced the units."""
    traits: list[Trait] = [*_markers(overrun_marker_properties(game.id, number)), UsePrototype(MARKER_PROTOTYPE)]
    return PieceDefinition(traits, BasicPiece(f"Overrun {number}", image, gpid))


def strength_level_marker_piece(game: Game, level: str, steps: int, name: str, image: str,
                                gpid: str) -> PieceDefinition:
    """A Strength Level Marker (PGG 9.61), put on a unit that has lost steps: it says the level
    the unit is now at and the steps it has left."""
    traits: list[Trait] = [*_markers(strength_level_marker_properties(game.id, level, steps)),
                           UsePrototype(MARKER_PROTOTYPE)]
    return PieceDefinition(traits, BasicPiece(name, image, gpid))


def disrupted_marker_piece(game: Game, image: str, gpid: str) -> PieceDefinition:
    """A Disrupted marker (PGG 6.61), put on overrun defenders that lost a step or retreated."""
    traits: list[Trait] = [*_markers(disrupted_marker_properties(game.id)), UsePrototype(MARKER_PROTOTYPE)]
    return PieceDefinition(traits, BasicPiece("Disrupted", image, gpid))


def game_marker_piece(game: Game, kind: str, name: str, own: Sequence[tuple[str, str]], image: str,
                      gpid: str) -> PieceDefinition:
    """A marker the game's data declares (``[[markers]]``: WB-95's Out of Supply levels, Disorganized,
    fortifications, bridges, air missions), carrying its kind and its own properties."""
    traits: list[Trait] = [*_markers(game_marker_properties(game.id, kind, list(own))), UsePrototype(MARKER_PROTOTYPE)]
    return PieceDefinition(traits, BasicPiece(name, image, gpid))


def has_command_radius(game: Game) -> bool:
    """Whether the game's leaders' rating is a radius in hexes (``[rules.leadership_radius]``)."""
    param = game.rules.get("leadership_radius")
    return param is not None and param.value is True


def _command_radius(game: Game, counter: Counter) -> list[Trait]:
    """A leader's command radius (PGG 10.1 a): ``Radius`` holds its rating, and Ctrl+R shades the
    hexes within it. Where the data does not know the rating, the radius starts at 0 and the
    player sets it from the printed counter (Ctrl+Alt+1 ... 8)."""
    if counter.role == "marker" or game.unit_types[counter.type].unit_class != "leader" \
            or not has_command_radius(game):
        return []
    known = counter.leadership is not None and not isinstance(counter.leadership, str)
    setters = () if known else tuple(SetValue(keys.set_radius(n), str(n), f"Radius {n}")
                                     for n in range(1, MAX_SET_RADIUS + 1))
    radius = DynamicProperty(RADIUS, show(counter.leadership) if known else "0", setters,
                             "Command radius (10.1)")
    return [AreaOfEffect(rgb(game.side(counter.side).color), RADIUS, "Show command radius", keys.SHOW_RADIUS),
            radius]


def _identity(game: Game, counter: Counter) -> list[Trait]:
    if counter.role == "marker":
        side = counter.side if counter.side in {s.name for s in game.sides} else ""
        return _markers(marker_counter_properties(game.id, counter.type, counter.id, side))
    rated = game.unit_types[counter.type].unit_class in ("hq", "leader")
    return _markers(unit_properties(game.id, counter.id, counter.side, counter.formation, counter.type, counter.size,
                                    show(counter.leadership) if rated else None)) \
        + [Marker(GROUP, inventory_group(game, counter))]


def _markers(properties: list[tuple[str, str]]) -> list[Trait]:
    """Fixed properties as Marker traits (engine.piece_properties says which a piece carries)."""
    return [Marker(name, value) for name, value in properties]


def _face_values(counter: Counter, showing_back: bool) -> dict[str, str]:
    face: Face | None = counter.back if showing_back else counter.front
    if face is None:
        return {"Attack": "?", "Defense": "?", "Movement": "?", "Step": "0"}
    if showing_back and counter.back_kind == "untried":
        # The untried side hides the strength from the opponent: only the movement shows.
        values = {"Attack": "?", "Defense": "?", "Movement": show(face.movement)}
        return values | {"Step": str(counter.steps)}
    steps = counter.steps - 1 if showing_back and counter.back_kind == "reduced" else counter.steps
    return {"Attack": show(face.attack), "Defense": show(face.defense),
            "Movement": show(face.movement), "Step": str(steps)}


def _with_strength(values: dict[str, str], one_strength: bool = False) -> dict[str, str]:
    """Adds ``Strength``, the face's values as the counter prints them ("5-7-7", "?-?-6" untried,
    "9-7" for a side printing one Combat Strength, PGG 3.4), which the stack viewer and the
    inventory show next to the name."""
    shown = (values["Attack"], values["Movement"]) if one_strength else (values["Attack"], values["Defense"],
                                                                          values["Movement"])
    return values | {STRENGTH: "-".join(shown)}


def inventory_group(game: Game, counter: Counter) -> str:
    """The inventory folder of a unit: its formation, else what its untried side tells (its draw
    pool, never its own type: AGS 13.1), else its type."""
    if counter.back_kind == "untried":
        return game.plain_name(game.pool_of(counter)).capitalize()
    return counter.formation or game.plain_name(counter.type).capitalize()


def _values(game: Game, counter: Counter, showing_back: bool) -> list[Trait]:
    if counter.role == "marker":
        return []
    one = game.side(counter.side).one_strength if counter.side in {s.name for s in game.sides} else False
    now = _with_strength(_face_values(counter, showing_back), one)
    if not has_two_faces(counter):
        return [DynamicProperty(name, value) for name, value in now.items()]
    front, back = _with_strength(_face_values(counter, False), one), _with_strength(_face_values(counter, True), one)
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
    if counter.back_kind == "mode":
        # another mode of the same unit, no step lost (Operation Star 21.0: an HQ's OFF and DEF sides)
        unit_type = game.unit_types[counter.type]
        front, back = unit_type.front_label or "front", unit_type.back_label or "back"
        return Layer(FACE_LAYER, (front_image(counter), back_image(counter)), ("", f"+ ({back})"),
                     level=2 if showing_back else 1,
                     up=(f"Turn to {back}", to_back), down=(f"Turn to {front}", to_front),
                     description=f"{front} / {back}")
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
