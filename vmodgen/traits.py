"""Typed VASSAL piece traits, each giving the exact type and state strings the engine reads.

Field orders are those of the engine's ``myGetType``/``myGetState`` (VASSAL 3.6), written with
the real SequenceEncoder so that a ``;`` or ``/`` inside a name can never corrupt a piece (the
flaw peers.md shows in pywargame). A piece is its traits, outermost first, then a BasicPiece.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from vmodgen.engine.vassal.sequence import encode


def _flag(value: bool) -> str:
    return "true" if value else "false"


class Trait(Protocol):
    """A decorator trait: ``type_string()`` and ``state_string()``."""

    def type_string(self) -> str: ...

    def state_string(self) -> str: ...


class _Stateless:
    """Traits whose state is always empty."""

    def state_string(self) -> str:
        return ""


@dataclass(frozen=True)
class BasicPiece:
    """The innermost part of every piece: its name, image and palette id (gpid).

    A prototype's definition ends in an empty BasicPiece (no name, image or gpid)."""

    name: str = ""
    image: str = ""
    gpid: str = ""

    def type_string(self) -> str:
        return "piece;" + encode(["", "", self.image, self.name], ";")

    def state_string(self) -> str:
        # map;x;y;gpid;number of persistent properties (none in a definition)
        return encode(["null", "0", "0", self.gpid, "0"], ";")


@dataclass(frozen=True)
class UsePrototype(_Stateless):
    name: str

    def type_string(self) -> str:
        return "prototype;" + self.name


@dataclass(frozen=True)
class Marker:
    """A fixed property (``mark;``): one key, one value."""

    key: str
    value: str

    def type_string(self) -> str:
        return "mark;" + encode([self.key], ",")

    def state_string(self) -> str:
        return encode([self.value], ",")


@dataclass(frozen=True)
class SetValue:
    """A Dynamic Property key command that sets a constant value, with no menu entry when
    ``menu`` is empty (it reacts to the key stroke another trait offers)."""

    key: str
    value: str
    menu: str = ""

    def encoded(self) -> str:
        return encode([self.menu, self.key, encode(["P", self.value], ",")], ":")


@dataclass(frozen=True)
class DynamicProperty:
    name: str
    value: str
    commands: tuple[SetValue, ...] = ()
    description: str = ""

    def type_string(self) -> str:
        constraints = encode(["false", "0", "100", "false"], ",")  # not numeric, no wrap
        commands = encode([c.encoded() for c in self.commands], ",")
        return "PROP;" + encode([self.name, constraints, commands, self.description], ";")

    def state_string(self) -> str:
        return self.value


@dataclass(frozen=True)
class Layer:
    """An always-active Layer (``emb2;``) with one image per level.

    ``up`` moves to the next level (for example the reduced back), ``down`` to the previous;
    each is (menu text, key stroke) or None. ``level_names`` rename the piece per level:
    ``"+ (reduced)"`` appends, a plain name replaces (so an untried back hides the unit).
    """

    name: str
    images: tuple[str, ...]
    level_names: tuple[str, ...]
    level: int = 1
    up: tuple[str, str] | None = None
    down: tuple[str, str] | None = None
    loop: bool = False
    description: str = ""

    def type_string(self) -> str:
        up_menu, up_key = self.up or ("", "")
        down_menu, down_key = self.down or ("", "")
        fields = [
            "", "130", "",              # activate command, modifiers, key (unused: always active)
            up_menu, "130", "",         # legacy up modifiers/key; the key stroke comes below
            down_menu, "130", "",
            "", "", "1",                # reset command, key, level
            "false", "0", "0",          # draw underneath when selected, x and y offset
            encode(self.images, ","), encode(self.level_names, ","),
            _flag(self.loop), self.name,
            "", "",                     # random key and text
            "false", "", "1",           # follow property, property name, first level value
            "1", "true",                # version, always active
            "", up_key, down_key,       # activate, increase, decrease key strokes
            self.description or self.name, "1.0",
        ]
        return "emb2;" + encode(fields, ";")

    def state_string(self) -> str:
        return str(self.level)


@dataclass(frozen=True)
class MovedMarker:
    """Mark-when-moved (``markmoved;``): ``image`` drawn at (x, y) from the piece's centre."""

    image: str
    x: int
    y: int
    command: str = "Mark Moved"
    key: str = ""

    def type_string(self) -> str:
        return "markmoved;" + encode([self.image, str(self.x), str(self.y), self.command, self.key, ""], ";")

    def state_string(self) -> str:
        return "false"


@dataclass(frozen=True)
class MovementTrail:
    """Movement trail (``footprint;``): dots at each drop point, toggled by a key."""

    key: str
    menu: str = "Movement Trail"

    def type_string(self) -> str:
        fields = [self.key, self.menu, "false", "false", "10", "255,255,255", "0,0,0",
                  "100", "50", "20", "30", "1.0", "", "", "", ""]
        return "footprint;" + encode(fields, ";")

    def state_string(self) -> str:
        return encode(["false", "", "0"], ";")


@dataclass(frozen=True)
class SendToLocation:
    """Send To Location (``sendto;``) to fixed board coordinates (destination ``L``), or to the
    zone ``zone`` names (destination ``Z``; ``$property$`` in it is read when the key is pressed)."""

    name: str
    key: str
    map_name: str
    board: str
    x: int
    y: int
    description: str = ""
    zone: str = ""

    def type_string(self) -> str:
        fields = [self.name, self.key, self.map_name, self.board, str(self.x), str(self.y),
                  "", "", "0", "0", "1", "1", self.description or self.name, "Z" if self.zone else "L",
                  self.zone, "", "", ""]
        return "sendto;" + encode(fields, ";")

    def state_string(self) -> str:
        return encode(["", "", ""], ";")


@dataclass(frozen=True)
class Delete(_Stateless):
    name: str
    key: str

    def type_string(self) -> str:
        return "delete;" + encode([self.name, self.key, ""], ";")


@dataclass(frozen=True)
class ReportAction:
    """Report Action (``report;``): a chat line when one of ``keys`` is pressed, written after
    the inner traits acted (so ``$newPieceName$`` and properties show the new face)."""

    keys: tuple[str, ...]
    message: str
    description: str = ""

    def type_string(self) -> str:
        return "report;" + encode([encode(self.keys, ","), self.message, "", "", self.description, "false"], ";")

    def state_string(self) -> str:
        return "-1"


@dataclass(frozen=True)
class AreaOfEffect:
    """Area of Effect (``AreaOfEffect;``): the hexes within a radius of the piece, shaded in
    ``color`` while toggled on by ``key``; the radius is read from the piece's property
    ``radius_property`` (a leader's command radius, PGG 10.1)."""

    color: tuple[int, int, int]
    radius_property: str
    menu: str
    key: str
    opacity: int = 25
    description: str = ""

    def type_string(self) -> str:
        fields = [",".join(str(v) for v in self.color), str(self.opacity), "1", "false", self.menu, self.key,
                  "", "false", self.radius_property, self.description or self.menu]
        return "AreaOfEffect;" + encode(fields, ";")

    def state_string(self) -> str:
        return "false"


@dataclass(frozen=True)
class PieceDefinition:
    """A whole piece: traits outermost first, then the BasicPiece."""

    traits: Sequence[Trait]
    basic: BasicPiece

    def type_string(self) -> str:
        return nest([t.type_string() for t in self.traits] + [self.basic.type_string()])

    def state_string(self) -> str:
        return nest([t.state_string() for t in self.traits] + [self.basic.state_string()])

    def add_command(self) -> str:
        """The ``+/null/TYPE/STATE`` text a PieceSlot or PrototypeDefinition holds."""
        return encode(["+", "null", self.type_string(), self.state_string()], "/")


def nest(parts: Sequence[str]) -> str:
    """Decorator nesting: each part, a TAB, then the (escaped) rest of the piece."""
    nested = parts[-1]
    for part in reversed(parts[:-1]):
        nested = encode([part, nested], "\t")
    return nested
