"""Play aids a game declares as data in ``game.toml``: labelled dice buttons, one per test its rules
roll for (``[[dice]]``), and the game markers its rules use (``[[markers]]``).

A game whose rules roll dice for several tests (Korsun 1944, WB-95: combat 2K6, disorganization,
surrender, artillery fire, ...) gives each test its own button, so a log's roll names the test it
was for (``engine.replay.events.DiceRoll.button``) and the checker learns which test that is from
the data, never from button names written in Python. A game without ``[[dice]]`` keeps the module's
one ``1d6`` button.

>>> [p.name for p in GameMarker("OutOfSupply", "Out of Supply {value}", "Level", ("1", "2"), (),
...                             Provenance("rules", "10.2.1")).pieces()]
['Out of Supply 1', 'Out of Supply 2']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from vmodgen.engine.model.provenance import Provenance

#: what a ``[[dice]]`` button may roll: dice of up to this many sides, up to this many at once
MAX_SIDES = 100
MAX_DICE = 10


@dataclass(frozen=True)
class DiceTest:
    """A dice button for one test the rules roll for. ``test`` is the key a rules family reads
    (``combat``, ``disorganization``, ...); ``case`` the rule that makes the roll. The button
    reports the dice's sum as its ``<name>_result``."""

    name: str
    dice: int
    sides: int
    test: str
    case: str
    source: Provenance


@dataclass(frozen=True)
class MarkerPiece:
    """One palette piece of a game marker: its name and its properties after ``Marker``/``Game``."""

    name: str
    properties: tuple[tuple[str, str], ...]
    label: str              # what the marker's art prints (art only)


@dataclass(frozen=True)
class GameMarker:
    """A marker kind the rules use, as palette pieces: one piece, or one per value of ``property``
    (Out of Supply levels, an air mission's SPs), and per side where ``sides`` names them (the
    piece then carries ``Side``). ``name`` is a template: ``{value}`` and ``{side}`` are filled in;
    ``label``, a template too, is what the art prints where the name is too long for a counter."""

    kind: str
    name: str
    property: str
    values: tuple[str, ...]
    sides: tuple[str, ...]
    source: Provenance
    label: str = ""

    def pieces(self) -> list[MarkerPiece]:
        found = []
        for side in self.sides or ("",):
            for value in self.values or ("",):
                properties = ((("Side", side),) if side else ()) + (((self.property, value),) if self.property else ())
                found.append(MarkerPiece(self.name.format(side=side, value=value), properties,
                                         (self.label or self.name).format(side=side, value=value)))
        return found


class TomlTables(Protocol):
    """What the loaders need of the game.toml reader (``engine.model.loader._TomlReader``)."""

    def error(self, table: str, key: str | None, field: str, problem: str, index: int = 0) -> None: ...

    def source(self, value: Any, table: str, key: str, field: str, index: int = 0) -> Provenance: ...

    def tables(self, key: str) -> list[tuple[int, dict[str, Any]]]: ...


def load_dice(toml: TomlTables) -> tuple[DiceTest, ...]:
    """``[[dice]]``: name, dice, sides, test, case, source; names and tests unique."""
    found: list[DiceTest] = []
    for index, entry in toml.tables("dice"):
        name, test, case = (entry.get(k) for k in ("name", "test", "case"))
        dice, sides = entry.get("dice", 1), entry.get("sides", 6)
        problems = []
        for key, value in (("name", name), ("test", test), ("case", case)):
            if not isinstance(value, str) or not value.strip():
                problems.append((key, "missing: a non-empty string"))
        for key, value, limit in (("dice", dice, MAX_DICE), ("sides", sides, MAX_SIDES)):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= limit:
                problems.append((key, f"{value!r} should be a whole number from 1 to {limit}"))
        if any(d.name == name for d in found):
            problems.append(("name", f"{name!r} names another [[dice]] button too"))
        if any(d.test == test for d in found):
            problems.append(("test", f"{test!r} is another [[dice]] button's test too"))
        for key, problem in problems:
            toml.error("dice", key, f"dice.{key}", problem, index)
        source = toml.source(entry.get("source"), "dice", "source", "dice.source", index)
        if not problems:
            found.append(DiceTest(name, dice, sides, test, case, source))
    return tuple(found)


def load_markers(toml: TomlTables, known_kinds: tuple[str, ...], side_names: list[str]) -> tuple[GameMarker, ...]:
    """``[[markers]]``: kind (a marker kind of the rules family), name, optional property with
    values, optional sides; every piece name unique."""
    found: list[GameMarker] = []
    names: set[str] = set()
    for index, entry in toml.tables("markers"):
        kind, name, prop = entry.get("kind"), entry.get("name"), entry.get("property", "")
        label = entry.get("label", "")
        values, sides = entry.get("values", []), entry.get("sides", [])
        problems = []
        if kind not in known_kinds:
            problems.append(("kind", f"{kind!r} is not a marker kind of the rules ({', '.join(known_kinds) or 'none'})"))
        if not isinstance(name, str) or not name.strip():
            problems.append(("name", "missing: the piece name ({value} and {side} are filled in)"))
        if not isinstance(label, str):
            problems.append(("label", "should be a string (what the marker prints)"))
        if not isinstance(prop, str) or (bool(prop) != bool(values)):
            problems.append(("property", "give a property together with its values, or neither"))
        if not isinstance(values, list) or not all(isinstance(v, (str, int)) and not isinstance(v, bool)
                                                   for v in values):
            problems.append(("values", "should be a list of numbers or strings"))
            values = []
        if not isinstance(sides, list) or any(s not in side_names for s in sides):
            problems.append(("sides", f"should list sides of the game ({', '.join(side_names)})"))
            sides = []
        marker = None
        if not problems:
            try:
                marker = GameMarker(kind, name, prop, tuple(str(v) for v in values), tuple(sides),
                                    Provenance("unknown"), label)
                pieces = marker.pieces()
            except (KeyError, IndexError, ValueError):
                problems.append(("name", f"{name!r} / {label!r}: only {{value}} and {{side}} may be filled in"))
                pieces = []
            for piece in pieces:
                if piece.name in names:
                    problems.append(("name", f"the piece name {piece.name!r} is taken by another marker"))
                names.add(piece.name)
        for key, problem in problems:
            toml.error("markers", key, f"markers.{key}", problem, index)
        source = toml.source(entry.get("source"), "markers", "source", "markers.source", index)
        if marker is not None and not problems:
            found.append(GameMarker(marker.kind, marker.name, marker.property, marker.values, marker.sides, source,
                                    label))
    return tuple(found)
