"""What happened in one phase, as the rules families read it: where each unit started, where
it was dropped (a log records drops, not paths), battles declared with markers and the die
rolled for them. The checker builds these from a replayed log; tests can build them by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Phase
from vmodgen.engine.piece_properties import SIDE
from vmodgen.engine.rules.situation import Situation, UnitState


@dataclass(frozen=True)
class Drop:
    """A unit put down at ``location`` (a hex name, a box name, ...) in log step ``step``;
    ``hex`` is set when that location is a hex of the game map."""

    step: int
    location: str
    hex: Hex | None


@dataclass
class UnitTrack:
    """Every drop of one unit in one phase, and where it was when the phase began."""

    key: str
    start: Hex | None
    start_location: str
    drops: list[Drop] = field(default_factory=list)
    before: Situation | None = None   # the position just before its first drop

    @property
    def map_drops(self) -> list[Drop]:
        return [d for d in self.drops if d.hex is not None]

    @property
    def entered_map(self) -> bool:
        """Came onto the map from off it (a reinforcement, a unit returned from a box)."""
        return self.start is None and bool(self.map_drops)

    @property
    def left_map(self) -> bool:
        return self.start is not None and bool(self.drops) and self.drops[-1].hex is None


@dataclass(frozen=True)
class Flip:
    step: int
    key: str
    was_back: bool
    now_back: bool


@dataclass
class Battle:
    """A battle declared by numbered markers: ``Attack n`` on each attacking stack, ``Defend n``
    on the defender, then a die roll. ``before`` is the position when the die was rolled,
    ``after`` the position when the next die was rolled or the phase ended."""

    number: int
    declared_step: int
    attacker_hexes: set[Hex] = field(default_factory=set)
    defender_hexes: set[Hex] = field(default_factory=set)
    die: int | None = None
    die_step: int | None = None
    before: Situation | None = None
    after: Situation | None = None


@dataclass
class Overrun:
    """An overrun declared by two ``Overrun n`` markers, one on the overrunning stack and one on
    the hex it overruns (AGS 6.0), then a die roll in the same Movement Phase. ``hexes`` are the
    marked hexes (which is which is told by whose units are there); ``before`` is the position when
    the die was rolled, ``after`` when the next die was rolled or the phase ended."""

    number: int
    declared_step: int
    hexes: set[Hex] = field(default_factory=set)
    die: int | None = None
    die_step: int | None = None
    before: Situation | None = None
    after: Situation | None = None
    closed: bool = False       # its markers were taken off after the roll: the number is free again


@dataclass(frozen=True)
class Roll:
    """A dice button's roll; the button tells the test it was for where the game labels its dice
    (``game.toml`` ``[[dice]]``, or an entry die)."""

    step: int
    button: str
    value: int


@dataclass(frozen=True)
class MarkerPlaced:
    """A marker of one of the family's own kinds (an interdiction, rail cut or disruption marker,
    a WB-95 Disorganized or Out of Supply marker; not a battle or overrun marker, which make
    :class:`Battle` and :class:`Overrun`) put down in ``hex`` in step ``step``, or taken off the
    map (None); ``piece`` its piece id, ``properties`` what it carries besides its kind (a
    ``Side``, a ``Level``, an ``SP``).

    >>> MarkerPlaced(3, "p", "OutOfSupply", (("Level", "2"), ("Side", "German")), None).side
    'German'
    """

    step: int
    piece: str
    kind: str
    properties: tuple[tuple[str, str], ...]
    hex: Hex | None

    def get(self, name: str, default: str = "") -> str:
        return dict(self.properties).get(name, default)

    @property
    def side(self) -> str:
        """The side the marker names (empty for none)."""
        return self.get(SIDE)


@dataclass
class PhaseRecord:
    """One phase of play from a log: turn, phase, positions at its start and end, and what moved."""

    log: str
    turn: int
    phase_index: int
    first_step: int
    start: Situation
    end: Situation | None = None
    last_step: int = 0
    tracks: dict[str, UnitTrack] = field(default_factory=dict)
    flips: list[Flip] = field(default_factory=list)
    dice: list[tuple[int, int]] = field(default_factory=list)
    battles: list[Battle] = field(default_factory=list)
    overruns: list[Overrun] = field(default_factory=list)
    stray_dice: list[int] = field(default_factory=list)
    notes: list[tuple[int, str]] = field(default_factory=list)
    complete: bool = False        # the log went on to the next phase (end-of-phase checks apply)
    rolls: list[Roll] = field(default_factory=list)            # every roll with its button
    markers_at_start: dict[str, MarkerPlaced] = field(default_factory=dict)   # on the map as it began
    marker_moves: list[MarkerPlaced] = field(default_factory=list)     # placed, changed or taken off

    def markers_at(self, step: int | None = None) -> dict[str, MarkerPlaced]:
        """The family's markers on the map after ``step`` (the phase's end when None), by piece id."""
        found = dict(self.markers_at_start)
        for placed in self.marker_moves:
            if step is not None and placed.step > step:
                break
            if placed.hex is None:
                found.pop(placed.piece, None)
            else:
                found[placed.piece] = placed
        return found

    @property
    def phase(self) -> Phase:
        return self.start.game.phases[self.phase_index]


def position_before(record: PhaseRecord, track: UnitTrack) -> Situation:
    """The position just before the unit's first drop of the phase, with the unit where it then
    was (off the map when it was not yet in the position: a reinforcement or a pool unit)."""
    situation = track.before or record.start
    if track.key not in situation.units:
        game = situation.game
        units = dict(situation.units)
        units[track.key] = UnitState(game.counter(track.key), None, False)
        situation = Situation(game, situation.turn, situation.phase_index, units)
    return situation
