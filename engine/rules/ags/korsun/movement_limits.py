"""German movement restrictions [Korsun 21.11-21.15, 21.2]: on the first Game-Turns a German set-up
unit ends each German Movement Phase within a number of hexes of what it was assigned to.

- A unit of a lettered set-up area is measured from the nearest hex bordering its start-line
  segment (21.11, 21.13: the area's hexes in ``map/areas.csv``, purpose ``setup``; the 21.11
  example fixes that a hex next to one of them is one hex away).
- A unit with a printed hex is measured from it (21.12); the four 2306 units from their starting
  hex (set up within three hexes of 2306, 18.21): the hex they stood in as the game began, or 2306
  itself. The two readings of "starting hex" are both tried: a move only one of them forbids is
  reported as not checked, never as a finding.
- The radius is a pure hex count, whatever units stand between (21.14), judged only at the end
  of the phase (21.15; advances and retreats after combat are not judged: a unit whose overrun
  cost it a retreat is left alone). A unit outside its radius as the phase began may be moved only
  closer (21.15).

Parameters (``games/korsun/game.toml``): ``rules.korsun_german_movement_limits`` (per Game-Turn,
the radius of each area letter, of ``hex`` units and of each hex group such as ``2306``),
``rules.korsun_german_assignments`` (the units of each letter and hex group; every other set-up
unit of the side is assigned to its printed hex), ``rules.korsun_german_movement_limit_cases``
(the case each radius comes from, per Game-Turn) and ``rules.game_cases.german_movement_closer``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.overrun import Outcome
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.results import NONE
from vmodgen.engine.rules.verdict import Verdict, cite, game_case, hex_name, optional_table


@dataclass(frozen=True)
class Restriction:
    """What one unit is held to on one Game-Turn: the radius, the case, and each reading of what it
    is measured from (a set of hexes: the nearest counts)."""

    radius: int
    case: str
    what: str
    readings: tuple[frozenset[Hex], ...]


def restriction(game: Game, key: str, turn: int, first_hexes: Mapping[str, Hex | None] | None) -> Restriction | None:
    """The unit's restriction on ``turn``, or None when it has none. ``first_hexes``: where the
    units stood as the game began (None: the log does not start there)."""
    limits = (optional_table(game, "korsun_german_movement_limits") or {}).get(str(turn))
    assignments = optional_table(game, "korsun_german_assignments")
    counter = game.counter(key)
    if not limits or assignments is None or counter.side != assignments["side"] or counter.role != "setup":
        return None
    cases = (optional_table(game, "korsun_german_movement_limit_cases") or {}).get(str(turn), {})
    group = next((g for g, keys in assignments.items() if g != "side" and key in keys), None)
    layout = game.map.layout
    if group is not None and group in limits and any(a.name == group and a.purpose == "setup"
                                                      for a in game.map.areas):
        hexes = frozenset(h for a in game.map.areas if a.name == group and a.purpose == "setup" for h in a.hexes)
        return Restriction(int(limits[group]), cite(game, cases[group]), f"the start line of set-up area {group}",
                           (hexes,))
    if group is not None and group in limits:
        printed = layout.parse(group)
        first = (first_hexes or {}).get(key)
        readings = (frozenset({printed}),) if first is None else (frozenset({first}), frozenset({printed}))
        return Restriction(int(limits[group]), cite(game, cases[group]), f"its starting hex (assigned to {group})",
                           readings)
    if group is None and "hex" in limits and counter.setup is not None:
        return Restriction(int(limits["hex"]), cite(game, cases["hex"]),
                           f"its set-up hex {hex_name(game, counter.setup)}", (frozenset({counter.setup}),))
    return None


class GermanMovementLimits:
    """21.1, 21.2 at the end of each German Movement Phase (a phase rule too: it keeps where the
    units stood as the game began, for the 2306 units' starting hex)."""

    name = "korsun_german_movement_limits"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        if "first" not in memory:
            at_start = record.turn == 1 and record.phase_index == 0
            memory["first"] = {k: u.hex for k, u in record.start.units.items()} if at_start else None
        return []

    def check_movement_phase(self, record: PhaseRecord, memory: dict[str, Any], outcomes: list[Outcome],
                             ends: Mapping[str, Hex]) -> list[Judgement]:
        game = record.start.game
        assignments = optional_table(game, "korsun_german_assignments")
        if assignments is None or record.phase.side != assignments["side"] or not record.complete:
            return []       # 21.15: judged at the end of the phase
        layout = game.map.layout
        found = []
        for key, end in sorted(ends.items()):
            start = record.start.units[key].hex
            if start is None or end == start or _retreated(key, outcomes):
                continue
            rule = restriction(game, key, record.turn, memory.get("first"))
            if rule is None:
                continue
            broken = []
            for hexes in rule.readings:
                before = min(layout.distance(start, h) for h in hexes)
                after = min(layout.distance(end, h) for h in hexes)
                if after > rule.radius and (before <= rule.radius or after >= before):
                    broken.append((before, after))
            if not broken:
                continue
            before, after = broken[0]
            name = game.counter(key).name
            if before > rule.radius:
                case = game_case(game, "german_movement_closer")
                message = (f"{name} began the {record.phase.name} phase {before} hexes from {rule.what}, outside its "
                           f"{rule.radius}, and ended it {after} hexes away at {hex_name(game, end)}; a unit outside "
                           "its restricted area may be moved only closer")
            else:
                case = rule.case
                message = (f"{name} ended the {record.phase.name} phase at {hex_name(game, end)}, {after} hexes from "
                           f"{rule.what}; on Game-Turn {record.turn} it may be moved no further than {rule.radius}")
            verdict = Verdict.illegal(case, message, [end]) if len(broken) == len(rule.readings) else \
                Verdict.unchecked(case, f"{message}, by one reading of its starting hex (the hex it stood in as "
                                        "the game began, or the hex it was assigned to) and not by the other")
            track = record.tracks[key]
            last = track.drops[-1]
            found.append(Judgement(last.step, key, track.start_location, last.location, verdict, record.turn,
                                   record.phase.name, game.counter(key).side))
        return found


def _retreated(key: str, outcomes: list[Outcome]) -> bool:
    """21.15: a unit whose overrun cost it a result (a retreat) is not held to the radius."""
    return any(o.takes_part(key) and o.attacker_result is not None and o.attacker_result.kind != NONE
               for o in outcomes)


GERMAN_MOVEMENT_LIMITS = GermanMovementLimits()
