"""Reinforcements entering the map [PGG 14.0]: in their side's Movement Phase (the German Initial
Movement Phase), Soviet units untried [PGG 12.1, 14.0, 14.14], by the hexes or areas of their
schedule on their turn or later, as the Players may delay them [PGG 14.3, 16.0]; a Soviet rifle
division also by the Provisional Reinforcement areas [PGG 14.11] and, from Game-Turn 2, by the
South-Western Front's railroad hexes [PGG 14.21, 14.22].

Which area a provisional division takes is the die's (PGG 14.11), and it may be pushed east of a
blocked area [PGG 14.12]; how many arrive by each way in a Game-Turn is counted by neither rule
here: both are listed as not checked in docs/rules-coverage-panzergruppe-guderian.md.
"""

from __future__ import annotations

from vmodgen.engine.rules import reinforcements
from vmodgen.engine.rules.reinforcements import EntryVerdict
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, cite, hex_list, optional_param
from vmodgen.engine.rules.zoc import enemy_zoc, occupied_by_enemy


def _drawn(situation: Situation, rule: object, type_: str) -> bool:
    """Whether a unit of ``type_`` may come by a rule ``{ types = [...], from_turn = n }``."""
    if not isinstance(rule, dict):
        return False
    game = situation.game
    group = game.group_of(type_)
    return (type_ in rule.get("types", ()) or (group is not None and group in rule.get("types", ()))) and \
        situation.turn >= int(rule.get("from_turn", 1))


def entry_check(situation: Situation, key: str, phase_kind: str) -> EntryVerdict:
    game = situation.game
    unit = situation.units[key]
    counter = unit.counter
    if phase_kind != "movement":
        return EntryVerdict("illegal", cite(game, "PGG 4.2"), f"{counter.name} entered in the {situation.phase.name} "
                                                              "phase; reinforcements enter in their side's (Initial) "
                                                              "Movement Phase")
    if counter.back_kind == "untried" and not unit.showing_back:
        return EntryVerdict("illegal", cite(game, "PGG 12.1"), f"{counter.name} entered tried; every Soviet unit "
                                                               "enters in its Untried state, a recycled one too "
                                                               "(PGG 12.1, 14.14)")
    areas: set[str] = set()
    scheduled = reinforcements.scheduled_areas(game, counter, situation.turn)
    if scheduled:
        areas.update(scheduled)
    provisional = optional_param(game, "provisional_entry", None)
    south_west = optional_param(game, "south_western_front_entry", None)
    extra = [rule for rule in (provisional, south_west) if counter.role == "pool" and _drawn(situation, rule, counter.type)]
    for rule in extra:
        areas.update(str(a) for a in rule.get("areas", ()))
    if not areas:
        due = f"due on Game-Turn {counter.entry_turn}" if counter.entry_turn is not None else "on no schedule"
        return EntryVerdict("illegal", cite(game, "PGG 14.3"), f"{counter.name} entered on Game-Turn "
                                                               f"{situation.turn}, {due}")
    try:
        entries = reinforcements.entry_hexes(situation, counter.side, sorted(areas))
        if provisional in extra:
            blocked = occupied_by_enemy(situation, counter.side) | set(enemy_zoc(situation, counter.side))
            if reinforcements.entry_hexes(situation, counter.side, [str(a) for a in provisional["areas"]]) & blocked:
                raise CannotCheck(f"a Provisional Reinforcement area is blocked by enemy units or zones: "
                                  f"{counter.name} may enter at the nearest free hex east of it", "PGG 14.12")
    except CannotCheck as unknown:
        return EntryVerdict("unchecked", cite(game, unknown.case or "PGG 14.0"), unknown.reason)
    if not entries:
        return EntryVerdict("unchecked", cite(game, "PGG 14.12"), f"{counter.name} has no free entry hex in "
                                                                  f"{', '.join(sorted(areas))}")
    return EntryVerdict("legal", cite(game, "PGG 14.3"), f"{counter.name} may enter by "
                                                         f"{hex_list(game, sorted(entries))}", tuple(sorted(entries)),
                        entries)
