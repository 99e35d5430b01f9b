"""Counters: what each piece of the counter sheet prints and where it starts."""

from __future__ import annotations

from dataclasses import dataclass

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.provenance import Provenance
from vmodgen.engine.model.values import Number

BACK_KINDS = ("reduced", "untried", "blank", "none", "mode", "inactive", "unknown")
"""``mode``: the back is the same unit in another mode, not a weaker step (Operation Star 21.0:
an HQ's OFF front and DEF back); it prints values like a reduced back but loses no step.
``inactive``: a status side, not a step: the same values and steps as the front, turned over to
show a state the rules give the unit (Korsun 19.62, 23.1: an HQ's reverse side marked inactive).
``unknown``: the book prints no counter, so what the reverse shows (a second step, another mode,
nothing) is not known (Korsun 1944, WB-95: the owner's values file says, docs/data-format.md)."""
ROLES = ("setup", "reinforcement", "replacement", "pool", "marker")


@dataclass(frozen=True)
class Face:
    """The values printed on one face of a counter."""

    attack: Number
    defense: Number
    movement: Number


@dataclass(frozen=True)
class UnitType:
    """A kind of unit and what the rules and the art need to know about it."""

    name: str
    unit_class: str        # a class the game's rules family declares (engine.rules.family)
    movement_class: str    # which terrain-chart column it pays (the family's movement classes)
    uses_roads: bool
    symbol: str            # NATO symbol the art draws
    source: Provenance
    color: str = ""        # counter colour when not the side's (art only), e.g. SS black
    front_label: str = ""  # word printed on the front and on a mode back (art only), e.g. OFF / DEF
    back_label: str = ""
    back_symbol: str = ""  # symbol a mode back draws instead (art only), e.g. artillery in transport setup


@dataclass(frozen=True)
class UnitGroup:
    """Unit types drawn together (e.g. "infantry" = rifle, mountain and NKVD divisions, the
    pool a reinforcement schedule draws from)."""

    name: str
    types: tuple[str, ...]
    source: Provenance
    one: str = ""          # what the turn track calls one unit of the group (art only), e.g. "Gd rifle division"
    many: str = ""         # and several, e.g. "Gd rifle divisions"

    def called(self, count: int) -> str:
        """The group as the turn track names ``count`` of its units; empty when the data gives no name.

        >>> UnitGroup("gd_rifle", ("gd_rifle",), None, "Gd rifle division", "Gd rifle divisions").called(1)  # type: ignore[arg-type]
        'Gd rifle division'
        """
        return self.one if count == 1 else self.many


@dataclass(frozen=True)
class CounterSources:
    front: Provenance
    back: Provenance
    placement: Provenance
    leadership: Provenance | None = None    # the rating's own source, when not the front's
    movement: Provenance | None = None      # the movement allowance's own source, when not the front's


@dataclass(frozen=True)
class Counter:
    """One counter of the sheet: its identity, both faces, and its place in the scenario."""

    id: str
    side: str
    type: str
    size: str
    designation: str
    formation: str
    name: str
    front: Face
    leadership: Number
    back_kind: str
    back: Face | None
    steps: int
    asterisk: bool
    setup: Hex | None
    setup_face: str
    entry_turn: int | None
    entry_areas: tuple[str, ...]
    role: str
    sources: CounterSources
    notes: str = ""
    #: the stars the counter prints (WB-95 15.1: each a combat modifier its owner may use); None where
    #: no source records them (the Korsun 1944 book prints none: an owner enters them, owner-values.csv)
    stars: int | None = None

    def face(self, showing_back: bool) -> Face | None:
        """The values on the face now showing (None for a blank back; an untried back shows only
        its movement; an inactive back shows the front's values)."""
        return self.back if showing_back else self.front

    @property
    def is_complete(self) -> bool:
        """Every printed value known (for the build's completeness report)."""
        faces = [self.front] + ([self.back] if self.back_kind in ("reduced", "mode") and self.back else [])
        values = [v for f in faces for v in (f.attack, f.defense, f.movement)] + [self.leadership]
        return self.back_kind != "unknown" and all(v is not None for v in values)
