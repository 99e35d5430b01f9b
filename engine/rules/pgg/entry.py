"""Reinforcements entering the map [PGG 14.0]: in their side's Movement Phase (the German Initial
Movement Phase), Soviet units untried [PGG 12.1, 14.0, 14.14], by the hexes or areas of their
schedule on their turn or later, as the Players may delay them [PGG 14.3, 16.0]; the schedule's
rows (reinforcements.csv, read by the shared :func:`~vmodgen.engine.rules.reinforcements.scheduled_areas`)
include the Provisional Reinforcements [PGG 14.11] and the South-Western Front's [PGG 14.21, 14.22].

Which Provisional area the die gave [PGG 14.11] and how many arrive by each way in a Game-Turn
are judged by :mod:`~vmodgen.engine.rules.pgg.provisional`: here a unit that may be a provisional
division may also enter by the nearest free hexes toward the east of a Provisional area that German
units or their zones block [PGG 14.12].
"""

from __future__ import annotations

from collections.abc import Iterable

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules import reinforcements
from vmodgen.engine.rules.pgg import provisional
from vmodgen.engine.rules.reinforcements import EntryVerdict
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, cite, hex_list, optional_param
from vmodgen.engine.rules.zoc import occupied_by_enemy

DIE = "die"
LEADER = "leader"


def area_hexes(situation: Situation, areas: Iterable[str]) -> frozenset[Hex]:
    """Every hex of the named entry areas: PGG 14.3 names them hex by hex ("area B: 0101, ...,
    0112"), on the map edge or not."""
    game = situation.game
    found: set[Hex] = set()
    for name in areas:
        try:
            found.update(game.map.area(name, "entry").hexes)
        except KeyError:
            raise CannotCheck(f"map/areas.csv has no entry area {name}", "PGG 14.3") from None
    return frozenset(found)


def entry_check(situation: Situation, key: str, phase_kind: str, showing_back: bool) -> EntryVerdict:
    """May this off-map unit enter now, showing the face it entered with (``showing_back``)?"""
    game = situation.game
    unit = situation.units[key]
    counter = unit.counter
    if phase_kind != "movement":
        return EntryVerdict("illegal", cite(game, "PGG 4.2"), f"{counter.name} entered in the {situation.phase.name} "
                                                              "phase; reinforcements enter in their side's (Initial) "
                                                              "Movement Phase")
    if counter.back_kind == "untried" and not showing_back:
        return EntryVerdict("illegal", cite(game, "PGG 12.1"), f"{counter.name} entered tried; every Soviet unit "
                                                               "enters in its Untried state, a recycled one too "
                                                               "(PGG 12.1, 14.14)")
    areas = reinforcements.scheduled_areas(game, counter, situation.turn) or _evacuated_leader(situation, key)
    if not areas:
        due = f"due on Game-Turn {counter.entry_turn}" if counter.entry_turn is not None else "on no schedule yet"
        return EntryVerdict("illegal", cite(game, "PGG 14.3"), f"{counter.name} entered on Game-Turn "
                                                               f"{situation.turn}, {due}")
    try:
        entries = area_hexes(situation, areas) - occupied_by_enemy(situation, counter.side)
        by_die = [r for r in game.reinforcements if r.areas_by == DIE and r.side == counter.side
                  and r.turn <= situation.turn and counter.role == "pool"
                  and r.type in (counter.type, game.group_of(counter.type))]
        for area in by_die[0].areas if by_die else ():
            hexes = area_hexes(situation, [area])
            if provisional.blocked(situation, hexes, counter.side):
                entries |= provisional.eastward(situation, hexes, counter.side) - \
                    occupied_by_enemy(situation, counter.side)
    except CannotCheck as unknown:
        return EntryVerdict("unchecked", cite(game, unknown.case or "PGG 14.0"), unknown.reason)
    if not entries:
        return EntryVerdict("unchecked", cite(game, "PGG 14.12"), f"{counter.name} has no free entry hex in "
                                                                  f"{', '.join(areas)}")
    return EntryVerdict("legal", cite(game, "PGG 14.3"), f"{counter.name} may enter by "
                                                         f"{hex_list(game, sorted(entries))}", tuple(sorted(entries)),
                        entries)


def _evacuated_leader(situation: Situation, key: str) -> tuple[str, ...] | None:
    """PGG 10.4: a Leader with no schedule (one the set-up brought on) entering from off the map
    returns from an evacuation, through the entrance ``rules.leader_evacuation`` names ("the
    following Turn, or later, through Entrance Hex X"); whether it was evacuated, and how long
    ago, is not judged here."""
    game = situation.game
    counter = game.counter(key)
    rule = optional_param(game, "leader_evacuation", None)
    if counter.entry_turn is not None or game.unit_types[counter.type].unit_class != LEADER or \
            not isinstance(rule, dict) or "returns_at" not in rule:
        return None
    return (str(rule["returns_at"]),)
