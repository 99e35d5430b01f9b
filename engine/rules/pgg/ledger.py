"""What the PGG checker remembers from phase to phase of one game: facts a single phase record
does not show but later rules depend on.

- units that entered the map, and when: in supply for their first Player-Turn [PGG 11.33];
- the steps each German infantry division was last read at from its Strength Level Marker, so
  that one parted from its marker is not taken for full strength, and whose each marker is, so
  that a marker left by an eliminated division is no other's [PGG 9.61] (engine/rules/pgg/levels.py);
- units that defended against an overrun since their side's last Disruption Removal Phase: they
  may be disrupted [PGG 6.61-6.63] (the checker does not read Disrupted markers either);
- the units that retreated in the last Combat Phase, with the Game-Turn and the hex they ended
  in: attacked there later in the Game-Turn, PGG 9.75 may still hold for them [PGG 9.75];
- the first Game-Turn's armies, as set up [PGG 5.1]: the 13th and 20th (PGG 5.23) and the 16th
  and 19th (PGG 5.21);
- units moved by rail each Game-Turn [PGG 6.31];
- hexes no supply line of a side may pass this phase: the Soviet Interdiction Marker's for the
  German [PGG 13.44], set by the checker from the markers in force.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import optional_param


@dataclass
class Ledger:
    entered: dict[str, tuple[int, str]] = field(default_factory=dict)         # key -> (turn, side)
    levels: dict[str, int] = field(default_factory=dict)                       # key -> steps (PGG 9.61)
    level_markers: dict[str, str] = field(default_factory=dict)                # marker piece -> key (PGG 9.61)
    retreated: dict[str, tuple[int, Hex | None]] = field(default_factory=dict)  # PGG 9.75: last Combat Phase
    maybe_disrupted: set[str] = field(default_factory=set)
    full_move_army: set[str] = field(default_factory=set)                     # PGG 5.23
    die_roll_army: set[str] = field(default_factory=set)                      # PGG 5.21
    armies_known: bool = False
    rail: dict[tuple[int, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    rail_step: dict[tuple[int, str], int] = field(default_factory=dict)
    rail_situation: dict[tuple[int, str], Situation] = field(default_factory=dict)
    supply_barred: dict[str, frozenset[Hex]] = field(default_factory=dict)    # PGG 13.44, by side, this phase

    def begin(self, record: PhaseRecord) -> None:
        """At the start of a phase: the first-turn armies (once, from the first Soviet position of
        Game-Turn 1) and the end of disruption for the side whose removal phase this is."""
        start = record.start
        game = start.game
        if not self.armies_known and record.turn == 1:
            self.armies_known = True
            self.full_move_army = _units_in(start, optional_param(game, "first_turn_full_move_hexes", []))
            self.die_roll_army = _units_in(start, optional_param(game, "first_turn_die_roll_hexes", []))
        if record.phase.kind == "disruption_removal":
            # PGG 6.63: disrupted units return to normal in their side's Disruption Removal Phase
            self.maybe_disrupted = {k for k in self.maybe_disrupted
                                    if k not in start.units or start.units[k].side != record.phase.side}

    def entered_this_player_turn(self, key: str, turn: int, side: str) -> bool:
        """PGG 11.33: in supply during the first Player-Turn of its entrance."""
        return self.entered.get(key) == (turn, side)


def _units_in(situation: Situation, names: list[str]) -> set[str]:
    layout = situation.game.map.layout
    hexes: set[Hex] = set()
    for name in names:
        hexes.add(layout.parse(str(name)))
    return {k for k, u in situation.units.items() if u.hex in hexes}
