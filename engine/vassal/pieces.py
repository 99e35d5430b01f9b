"""A game piece's type and state, decoded into its chain of traits.

VASSAL builds a piece from its type string: the outermost trait's own type, a TAB, then the
inner piece's whole type escaped one level deeper, down to the BasicPiece (``piece;...``). The
state string nests the same way, one own-state per trait, BasicPiece last. The traits a reader
needs to know which unit a piece is and which side/step it shows are decoded:

* BasicPiece (``piece;``): image and name; state map, x, y, gpid and persistent properties
* Layer (``emb2;``, legacy ``emb;``): level images and names; state the signed level
* Marker (``mark;``): property names; state their values
* Dynamic Property (``PROP;``): property name; state its value
* Mask (``obs;``) and Invisible (``hide;``): state who masked/hid it (a password: never print)
* Text Label (``label;``): state the label text
* Does Not Stack (``immob;``): whether the piece stacks

Every other trait is kept opaque with its VASSAL class name.

>>> kind = PieceType.parse("mark;Side,Unit\\tpiece;;;a.png;1st Panzer")
>>> kind.basic.name, [t.kind for t in kind.traits]
('1st Panzer', ['Marker'])
>>> kind.properties(kind.split_state("German,p1\\tnull;0;0;12;0"))["Side"]
'German'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from vmodgen.engine.vassal.commands import java_int
from vmodgen.engine.vassal.passwords import conceal
from vmodgen.engine.vassal.sequence import decode as split

TRAIT_CLASSES = {
    "immob;": "Immobilized", "emb2;": "Embellishment", "emb;": "Embellishment", "hide;": "Hideable",
    "obs;": "Obscurable", "label;": "Labeler", "table;": "TableInfo", "propertysheet;": "PropertySheet",
    "rotate;": "FreeRotator", "pivot;": "Pivot", "nonRect2;": "NonRectangular", "nonRect;": "NonRectangular",
    "mark;": "Marker", "locmsg;": "TranslatableMessage", "restrict;": "Restricted", "placemark;": "PlaceMarker",
    "replace;": "Replace", "report;": "ReportState", "markmoved;": "MovementMarkable",
    "footprint;": "Footprint", "return;": "ReturnToDeck", "sendto;": "SendToLocation",
    "prototype;": "UsePrototype", "clone;": "Clone", "delete;": "Delete", "submenu;": "SubMenu",
    "menuSeparator;": "MenuSeparator", "translate;": "Translate", "AreaOfEffect;": "AreaOfEffect",
    "globalkey;": "CounterGlobalKeyCommand", "macro;": "TriggerAction", "PROP;": "DynamicProperty",
    "calcProp;": "CalculatedProperty", "setprop;": "SetGlobalProperty", "hideCmd;": "RestrictCommands",
    "playSound;": "PlaySound", "button;": "ActionButton", "globalhotkey;": "GlobalHotKey",
    "deselect;": "Deselect", "mat;": "Mat", "matPiece;": "MatCargo", "basicName;": "BasicName",
}


_UNESCAPED_TAB = re.compile(r"(?<!\\)\t")


def type_prefix(own_type: str) -> str:
    """The part of a trait type that selects its class: up to and including the first ``;``."""
    index = own_type.find(";")
    return own_type if index < 0 else own_type[:index + 1]


def nest_split(text: str) -> tuple[str, str | None]:
    """A nested type or state: the outer part and the inner remainder (None at the innermost).

    The first two tokens of ``split(text, "\\t")``, without splitting the rest: the remainder
    is split again for every trait inside it, and a piece has a dozen traits.

    >>> nest_split("mark;Side\\tpiece;;;a.png;A/x\\\\\\tnull;0;0;1;0")
    ('mark;Side', 'piece;;;a.png;A/x\\tnull;0;0;1;0')
    """
    if "\\\t" not in text:
        tokens = text.split("\t", 2)
    elif text.count("\t") - text.count("\\\t") > 1:
        tokens = _UNESCAPED_TAB.split(text, 2)
    else:
        # At most one tab without a backslash before it (a well-formed nesting has one): find it
        # with str.find rather than the regular expression, which would scan the whole rest.
        index = text.find("\t")
        while index > 0 and text[index - 1] == "\\":
            index = text.find("\t", index + 1)
        tokens = [text] if index < 0 else [text[:index], text[index + 1:]]
    outer = _token(tokens[0])
    return outer, (_token(tokens[1]) if len(tokens) > 1 else None)


def _token(raw: str) -> str:
    """A raw token of a tab-separated sequence as the decoder gives it (escapes and quotes undone)."""
    if "\\\t" in raw:
        raw = raw.replace("\\\t", "\t")
    if len(raw) > 1 and raw[0] == "'" and raw[-1] == "'":
        return raw[1:-1]
    return raw


@dataclass(frozen=True, slots=True)
class Trait:
    """A trait of a piece type: its VASSAL class name and its own type text."""

    kind: str
    own_type: str

    def properties(self, own_state: str) -> dict[str, str]:
        """The piece properties this trait answers with this state (outer traits shadow inner)."""
        return {}


@dataclass(frozen=True, slots=True)
class Layer(Trait):
    """A Layer (Embellishment): ``state`` is VASSAL's signed 1-based level (< 0: not active)."""

    name: str = ""
    images: tuple[str, ...] = ()
    level_names: tuple[str, ...] = ()
    always_active: bool = True

    def level(self, own_state: str) -> int:
        value = java_int(split(own_state, ";")[0]) if own_state else None
        value = -1 if value is None else value
        count = max(len(self.images), 1)
        return min(max(-count, value), count)

    def level_name(self, level: int) -> str:
        if level <= 0 or level > len(self.level_names):
            return ""
        name = self.level_names[level - 1] or ""
        return name[1:] if name.startswith("+") else name[:-1] if name.endswith("+") else name

    def decorate_name(self, level: int, inner_name: str) -> str:
        """The piece name as this layer shows it: a level name, or one with a ``+`` prefix/suffix."""
        name = self.level_names[level - 1] if 0 < level <= len(self.level_names) else None
        if not name:
            return inner_name
        parts = split(name, "+")
        if len(parts) > 1:
            return inner_name + parts[1] if parts[0] == "" else parts[0] + inner_name
        return parts[0]

    def properties(self, own_state: str) -> dict[str, str]:
        level = self.level(own_state)
        image = self.images[level - 1] if 0 < level <= len(self.images) else ""
        return {f"{self.name}_Level": str(level), f"{self.name}_Name": self.level_name(level),
                f"{self.name}_Active": "true" if level > 0 else "false", f"{self.name}_Image": image or ""}


@dataclass(frozen=True, slots=True)
class Marker(Trait):
    keys: tuple[str, ...] = ()

    def values(self, own_state: str) -> list[str]:
        values = split(own_state, ",") if own_state else []
        return (values + [""] * len(self.keys))[:len(self.keys)]

    def properties(self, own_state: str) -> dict[str, str]:
        return dict(zip(self.keys, self.values(own_state)))


@dataclass(frozen=True, slots=True)
class DynamicProperty(Trait):
    name: str = ""
    numeric: bool = False

    def properties(self, own_state: str) -> dict[str, str]:
        return {self.name: own_state}


@dataclass(frozen=True, slots=True)
class Mask(Trait):
    """Obscurable: state ``obscuredBy;options`` (``null`` when not masked)."""

    mask_name: str = "?"

    @staticmethod
    def masked_by(own_state: str) -> str | None:
        """Who masked it, as a token: VASSAL keeps the masking player's password here."""
        token = split(own_state, ";")[0] if own_state else "null"
        return None if token == "null" else conceal(token)


@dataclass(frozen=True, slots=True)
class Invisible(Trait):
    """Hideable: state the id of the player who hid it, or ``null``."""

    @staticmethod
    def hidden_by(own_state: str) -> str | None:
        """Who hid it, as a token: VASSAL keeps the hiding player's password here."""
        return None if own_state in ("null", "") else conceal(own_state)


@dataclass(frozen=True, slots=True)
class Label(Trait):
    name_format: str = "$pieceName$ ($label$)"
    property_name: str = "TextLabel"

    def properties(self, own_state: str) -> dict[str, str]:
        return {self.property_name: own_state.strip()}

    def decorate_name(self, label: str, inner_name: str) -> str:
        label = label.strip()
        if not label:
            return inner_name
        fmt = self.name_format.replace("$PieceName$", "$pieceName$")
        return fmt.replace("$pieceName$", inner_name).replace("$label$", label)


@dataclass(frozen=True, slots=True)
class Immobilized(Trait):
    can_stack: bool = False


@dataclass(frozen=True, slots=True)
class BasicPiece:
    """The innermost part of every piece: its image and (basic) name."""

    image: str
    name: str
    own_type: str


@dataclass(frozen=True, slots=True)
class BasicState:
    """BasicPiece's state: the map id it names (``None`` for ``null``), position, gpid, properties."""

    map_id: str | None
    x: int
    y: int
    gpid: str
    properties: tuple[tuple[str, str], ...]

    @staticmethod
    def parse(text: str) -> BasicState:
        tokens = split(text, ";")
        map_id = tokens[0] if tokens else "null"
        x = java_int(tokens[1]) if len(tokens) > 1 else None
        y = java_int(tokens[2]) if len(tokens) > 2 else None
        gpid = tokens[3] if len(tokens) > 3 else ""
        claimed = (java_int(tokens[4]) if len(tokens) > 4 else None) or 0
        # A count is a claim: only the pairs the text holds are read (a state claiming 2^31
        # properties must not make 2^31 of them). limits.md
        count = min(claimed, (len(tokens) - 4) // 2)
        props = []
        for index in range(count):
            key_at = 5 + 2 * index
            props.append((tokens[key_at] if key_at < len(tokens) else "",
                          tokens[key_at + 1] if key_at + 1 < len(tokens) else ""))
        return BasicState(None if map_id == "null" else map_id, x or 0, y or 0, gpid, tuple(props))


@dataclass(frozen=True)
class PieceType:
    """A decoded piece type: traits outer to inner, then the BasicPiece."""

    text: str
    traits: tuple[Trait, ...]
    basic: BasicPiece
    _described: dict[tuple[str, ...], tuple] = field(default_factory=dict, compare=False, repr=False)

    @staticmethod
    def parse(text: str) -> PieceType:
        return _parse_type(text)

    def split_state(self, state: str) -> list[str]:
        """One own-state per trait (outer to inner), then BasicPiece's state.

        A well-formed state whose own-states hold no tab, backslash or quote is cut in one pass:
        nesting level ``d``'s separator is then the tab preceded by exactly ``d`` backslashes (the
        escaping adds one per level), so each own-state is the text between two separators less
        the backslashes. Any other state is undone level by level (:meth:`split_nested`), which
        gives the same parts, only slower: a log holds thousands of states a dozen traits deep.

        >>> kind = PieceType.parse("mark;Side\\tPROP;Step\\\\\\tpiece;;;a.png;A")
        >>> kind.split_state("German\\t2\\\\\\tnull;0;0;1;0")
        ['German', '2', 'null;0;0;1;0']
        """
        count = len(self.traits)
        if (state.count("\t") != count or "'" in state
                or state.count("\\") != count * (count - 1) // 2):
            return self.split_nested(state)
        parts: list[str] = []
        start = 0
        for level in range(count):
            tab = state.find("\t", start)
            if state[tab - level:tab] != "\\" * level:
                return self.split_nested(state)
            parts.append(state[start:tab - level])
            start = tab + 1
        parts.append(state[start:])
        return parts

    def split_nested(self, state: str) -> list[str]:
        """:meth:`split_state` of any state, one nesting level at a time as the engine decodes it."""
        parts: list[str] = []
        rest: str | None = state
        for _ in self.traits:
            own, rest = nest_split(rest or "")
            parts.append(own)
        parts.append(rest or "")
        return parts

    def properties(self, states: list[str]) -> dict[str, str]:
        """The properties the traits answer (Marker, Dynamic Property, Layer, Label), outer first."""
        result: dict[str, str] = {"BasicName": self.basic.name}
        for trait, own in zip(reversed(self.traits), reversed(states[:-1])):
            result.update(trait.properties(own))
        return result

    def name(self, states: list[str]) -> str:
        """The piece name the engine shows (level names and labels applied), masks ignored."""
        name = self.basic.name
        for trait, own in zip(reversed(self.traits), reversed(states[:-1])):
            if isinstance(trait, Layer):
                name = trait.decorate_name(trait.level(own), name)
            elif isinstance(trait, Label):
                name = trait.decorate_name(own, name)
        return name

    def layers(self, states: list[str]) -> dict[str, int]:
        return {t.name: t.level(s) for t, s in zip(self.traits, states) if isinstance(t, Layer)}

    def describe(self, states: list[str]) -> tuple[str, dict[str, str], dict[str, int], bool, bool]:
        """(name, properties, layers, hidden, masked) for these trait states; remembered per type,
        because a log shows the same few states of a piece over and over."""
        key = tuple(states)
        found = self._described.get(key)
        if found is None:
            if len(self._described) > 512:
                self._described.clear()
            if len(states) == len(self.traits) + 1:
                found = self._described[key] = self._described_by_plan(states)
            else:
                found = self._described[key] = (self.name(states), self.properties(states), self.layers(states),
                                                self.hidden(states), self.masked(states))
        name, properties, layers, hidden, masked = found
        return name, dict(properties), dict(layers), hidden, masked

    @cached_property
    def _plan(self) -> tuple[tuple, tuple, tuple, tuple, tuple]:
        """The traits each part of :meth:`describe` reads, with their places: those that name the
        piece (Layer, Label) and those that answer properties, inner first; the Layers, the
        Invisibles and the Masks, outer first. Most traits of a unit play no part in any."""
        numbered = list(enumerate(self.traits))
        return (tuple((i, t, isinstance(t, Layer)) for i, t in reversed(numbered) if isinstance(t, (Layer, Label))),
                tuple((i, t) for i, t in reversed(numbered) if type(t).properties is not Trait.properties),
                tuple((i, t) for i, t in numbered if isinstance(t, Layer)),
                tuple((i, t) for i, t in numbered if isinstance(t, Invisible)),
                tuple((i, t) for i, t in numbered if isinstance(t, Mask)))

    def _described_by_plan(self, states: list[str]) -> tuple[str, dict[str, str], dict[str, int], bool, bool]:
        """(:meth:`name`, :meth:`properties`, :meth:`layers`, :meth:`hidden`, :meth:`masked`) of
        states with one own-state per trait and BasicPiece's, read through :attr:`_plan`."""
        naming, answering, layered, invisible, masking = self._plan
        name = self.basic.name
        for i, trait, is_layer in naming:
            name = trait.decorate_name(trait.level(states[i]) if is_layer else states[i], name)  # type: ignore[arg-type]
        properties: dict[str, str] = {"BasicName": self.basic.name}
        for i, trait in answering:
            properties.update(trait.properties(states[i]))
        return (name, properties, {t.name: t.level(states[i]) for i, t in layered},
                any(t.hidden_by(states[i]) is not None for i, t in invisible),
                any(t.masked_by(states[i]) is not None for i, t in masking))

    def hidden(self, states: list[str]) -> bool:
        """Whether an Invisible trait has the piece hidden (from everyone but whoever hid it)."""
        return any(isinstance(t, Invisible) and t.hidden_by(s) is not None for t, s in zip(self.traits, states))

    def masked(self, states: list[str]) -> bool:
        """Whether a Mask trait has the piece masked (its face known only to whoever masked it)."""
        return any(isinstance(t, Mask) and t.masked_by(s) is not None for t, s in zip(self.traits, states))

    @cached_property
    def stacks(self) -> bool:
        """False when a Does Not Stack trait keeps the piece out of stacks (NO_STACK)."""
        return all(t.can_stack for t in self.traits if isinstance(t, Immobilized))


@lru_cache(maxsize=4096)
def _parse_type(text: str) -> PieceType:
    traits: list[Trait] = []
    rest: str | None = text
    while rest is not None:
        own, inner = nest_split(rest)
        if inner is None:
            basic = _basic(own)
            break
        traits.append(_trait(own))
        rest = inner
    return PieceType(text, tuple(traits), basic)


def _basic(own: str) -> BasicPiece:
    tokens = split(own, ";")
    return BasicPiece(tokens[3] if len(tokens) > 3 else "", tokens[4] if len(tokens) > 4 else "", own)


def _trait(own: str) -> Trait:
    prefix = type_prefix(own)
    kind = TRAIT_CLASSES.get(prefix, "Marker")
    body = own[len(prefix):]
    if prefix == "emb2;":
        return _layer(own, body)
    if prefix == "emb;":
        return _legacy_layer(own, body)
    if prefix == "mark;":
        return Marker(kind, own, tuple(split(body, ",")) if body else ())
    if prefix == "PROP;":
        tokens = split(body, ";")
        constraints = split(tokens[1], ",") if len(tokens) > 1 and tokens[1] else []
        return DynamicProperty(kind, own, tokens[0] if tokens else "name",
                               bool(constraints) and constraints[0] == "true")
    if prefix == "obs;":
        tokens = split(body, ";")
        return Mask(kind, own, tokens[4] if len(tokens) > 4 else "?")
    if prefix == "hide;":
        return Invisible(kind, own)
    if prefix == "label;":
        tokens = split(body, ";")
        return Label(kind, own, tokens[11] if len(tokens) > 11 else "$pieceName$ ($label$)",
                     tokens[15] if len(tokens) > 15 else "TextLabel")
    if prefix == "immob;":
        tokens = split(body, ";")
        stacking = tokens[2] if len(tokens) > 2 and tokens[2] else "R"
        return Immobilized(kind, own, stacking[0] == "L")
    return Trait(kind if prefix in TRAIT_CLASSES else f"Unknown({prefix})", own)


def _string_array(token: str, minimum: int) -> tuple[str, ...]:
    values = split(token, ",") if token else []
    return tuple(values + [""] * (minimum - len(values)))


def _layer(own: str, body: str) -> Layer:
    tokens = split(body, ";")

    def at(index: int, default: str) -> str:
        return tokens[index] if index < len(tokens) else default

    images = _string_array(at(15, ""), 1)
    names = _string_array(at(16, ""), len(images))
    activate_key = at(2, "A")
    version = java_int(at(24, "0")) or 0
    always_active = at(25, "true") == "true" if len(tokens) > 25 else True
    if version == 0:
        always_active = body == "Activate" or activate_key == ""
    return Layer("Embellishment", own, at(18, ""), images, names, always_active)


def _legacy_layer(own: str, body: str) -> Layer:
    """``emb;``: ``activateKey;...;cmd;upKey;upCmd;downKey;downCmd;xOff;yOff;image,name;...``."""
    tokens = split(body, ";")
    levels = tokens[8:]
    images = tuple(split(level, ",")[0] for level in levels) or ("",)
    names = tuple((split(level, ",") + [""])[1] for level in levels) or ("",)
    activate = split(tokens[0], ";")[0] if tokens else ""
    return Layer("Embellishment", own, "", images, names, activate == "")
