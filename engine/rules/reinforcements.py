"""Reinforcements [AGS 15.0; each game's own cases in ``rules.game_cases``]: when a unit may enter, by which hexes, and whether
each turn's arrivals match the schedule (counters' printed turn and area; reinforcements.csv).

A reinforcement enters in its side's Initial Movement Phase at a map-edge hex of its entry area
that holds a road (for some sides a railroad too, ``rules.reinforcement_entry_hexes``) and no
enemy unit, paying the cost of that hex [AGS 15.0, ``game_cases.reinforcement_entry``]. :func:`entry_check` gives those
hexes; :func:`engine.rules.movement.movement_check` with ``entries=`` checks the move itself.

>>> entry_check(situation, "ger-xx-79").entries               # doctest: +SKIP
frozenset({Hex(col=1, row=25)})
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game, Reinforcement
from vmodgen.engine.model.units import Counter
from vmodgen.engine.rules.board import EDGES, edge_hexes
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, game_case, hex_list, optional_param, param
from vmodgen.engine.rules.zoc import enemy_zoc, occupied_by_enemy


@dataclass(frozen=True)
class EntryVerdict(Verdict):
    """Whether the unit may enter now, with the hexes it may enter by."""

    entries: frozenset[Hex] = frozenset()


def scheduled_areas(game: Game, counter: Counter, turn: int) -> tuple[str, ...] | None:
    """The entry areas of a counter due on ``turn``, or None when it is not due: its printed
    turn and areas (``game_cases.printed_reinforcements``), or the reinforcements.csv rows naming it,
    its type or a group of its type (``game_cases.reinforcement_table``)."""
    late_ok = may_withhold(game, counter.side)
    if counter.entry_turn is not None:
        due = counter.entry_turn == turn or (late_ok and counter.entry_turn < turn)
        return counter.entry_areas if due else None
    rows = [r for r in game.reinforcements if (r.turn == turn or (late_ok and r.turn < turn))
            and r.side == counter.side and _matches(game, r, counter)]
    if not rows:
        return None
    return tuple(sorted({a for r in rows for a in r.areas}))


def may_withhold(game: Game, side: str) -> bool:
    """May ``side`` hold reinforcements back and bring them on a later Game-Turn
    (``rules.reinforcements_may_be_withheld``, true, false or by side: Operation Star 23.23 lets
    the German Player withhold; Kiev 23.0, Rostov 25.32 and Korsun 26.0 do not)? A game whose data
    does not say is not held to the turn.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(rules={"reinforcements_may_be_withheld":
    ...                               SimpleNamespace(value={"German": True, "Soviet": False})})
    >>> may_withhold(game, "German"), may_withhold(game, "Soviet")
    (True, False)
    """
    allowed = optional_param(game, "reinforcements_may_be_withheld", True)
    if isinstance(allowed, dict):
        return bool(allowed.get(side, True))
    return bool(allowed)


def _matches(game: Game, row: Reinforcement, counter: Counter) -> bool:
    if row.type == counter.id:
        return True
    if counter.role != "pool":
        return False
    group = game.unit_groups.get(row.type)
    return row.type == counter.type or (group is not None and counter.type in group.types)


def entry_hexes(situation: Situation, side: str, areas: Iterable[str]) -> frozenset[Hex]:
    """Map-edge hexes of the areas holding a line of the side's entry kinds and no enemy unit."""
    game = situation.game
    kinds = param(game, "reinforcement_entry_hexes", game_case(game, "reinforcement_entry", "AGS 15.0"))
    if side not in kinds:
        raise CannotCheck(f"rules.reinforcement_entry_hexes names no entry hexes for {side}",
                          game_case(game, "reinforcement_entry", "AGS 15.0"))
    # "any": every edge hex of the area, with or without a line (Rostov 25.1: "any hex of Entry Area A").
    any_hex = kinds[side] == "any"
    with_line = set() if any_hex else set().union(*(game.map.hexes_with_line(k) for k in kinds[side]))
    on_edge = set().union(*(edge_hexes(game.map.layout, e) for e in EDGES))
    found: set[Hex] = set()
    for name in areas:
        try:
            area = game.map.area(name, "entry")
        except KeyError:
            raise CannotCheck(f"map/areas.csv has no entry area {name}",
                              game_case(game, "reinforcement_entry", "AGS 15.0")) from None
        found.update(h for h in area.hexes if h in on_edge and (any_hex or h in with_line))
    if optional_param(game, "reinforcement_entry_blocked_by_enemy_unit", False):
        found -= occupied_by_enemy(situation, side)
    # Operation Star 23.12, 23.21: only a hex not in an enemy zone of control
    if optional_param(game, "reinforcement_entry_blocked_by_enemy_zoc", False):
        found -= set(enemy_zoc(situation, side))
    return frozenset(found)


def entry_check(situation: Situation, key: str) -> EntryVerdict:
    """May this off-map unit enter the map now? Checks the phase [AGS 15.0], the turn and areas
    [``game_cases.reinforcement_table``, ``printed_reinforcements``], the face it enters with
    [``printed_reinforcements``; AGS 13.1], and gives the entry hexes."""
    game = situation.game
    unit = situation.units[key]
    counter = unit.counter
    phase = situation.phase
    try:
        wanted = param(game, "reinforcement_phase", "AGS 15.0")
        if phase.side != unit.side or phase.kind != wanted:
            return _entry(game, False, "AGS 15.0", f"{counter.name} entered in the {phase.name} phase; reinforcements "
                                                   "enter only in their side's Initial Movement Phase")
        areas = scheduled_areas(game, counter, situation.turn)
        if areas is None:
            due = f"printed {counter.entry_turn}" if counter.entry_turn is not None else "not on the schedule"
            return _entry(game, False, schedule_case(game, counter), f"{counter.name} is not due on Game-Turn "
                                                               f"{situation.turn} ({due})")
        side = counter.side.lower()
        if (optional_param(game, f"{side}_reinforcement_face", "") == "highest" and counter.entry_turn is not None
                and unit.showing_back):
            return _entry(game, False, game_case(game, "printed_reinforcements", "AGS 15.0"), f"{counter.name} entered on its reduced side; reinforcements "
                                                    "enter at their highest strength")
        if (counter.back_kind == "untried" and optional_param(game, f"{side}_reinforcements_untried", False)
                and not unit.showing_back):
            return _entry(game, False, "AGS 13.1", f"{counter.name} entered tried; untried units enter untried side up")
        entries = entry_hexes(situation, unit.side, areas)
    except CannotCheck as unknown:
        return EntryVerdict("unchecked", cite(game, unknown.case or "AGS 15.0"), unknown.reason)
    if not entries:
        zones = " and zones of control" if optional_param(game, "reinforcement_entry_blocked_by_enemy_zoc", False) else ""
        return _entry(game, False, game_case(game, "reinforcement_entry", "AGS 15.0"), f"{counter.name} has no legal entry hex in area "
                                                f"{' '.join(areas)}: no map-edge road hex free of enemy units{zones}")
    hexes = sorted(entries)
    return EntryVerdict("legal", game_case(game, "reinforcement_entry", "AGS 15.0"), f"{counter.name} may enter by {hex_list(game, hexes)}",
                        tuple(hexes), entries)


def zoc_entry_case(situation: Situation, counter: Counter, hex_: Hex) -> str | None:
    """The case a side's reinforcement breaks by entering the map into an enemy zone of control
    (``rules.reinforcement_entry_zoc_case`` by side, e.g. Operation Star 23.12, 23.21), or None:
    not such an entry, or a game whose data names no case for it (the schedule's case then)."""
    game = situation.game
    cases = optional_param(game, "reinforcement_entry_zoc_case", {})
    if not isinstance(cases, dict) or counter.side not in cases \
            or not optional_param(game, "reinforcement_entry_blocked_by_enemy_zoc", False):
        return None
    return cite(game, str(cases[counter.side])) if hex_ in enemy_zoc(situation, counter.side) else None


def schedule_case(game: Game, counter: Counter) -> str:
    """The case of the schedule a counter's side enters by (``rules.reinforcement_schedule_case``;
    e.g. one side's units print their turn and area, the other's enter by a table)."""
    cases = optional_param(game, "reinforcement_schedule_case", {})
    return str(cases.get(counter.side, "AGS 15.0")) if isinstance(cases, dict) else "AGS 15.0"


def _entry(game: Game, legal: bool, case: str, message: str) -> EntryVerdict:
    return EntryVerdict("legal" if legal else "illegal", cite(game, case), message)


def schedule_check(game: Game, turn: int, side: str, entered: Iterable[Counter]) -> list[Verdict]:
    """Do the units of ``side`` that entered on ``turn`` match the schedule? Named and printed
    units must enter on their turn; drawn units fill each reinforcements.csv row's count; nothing
    may be withheld, unless the side may hold units back to a later turn (:func:`may_withhold`)."""
    arrived = list(entered)
    found: list[Verdict] = []
    withheld_ok = may_withhold(game, side)
    printed_due = [c for c in game.counters if c.side == side and c.entry_turn == turn and c.role == "reinforcement"]
    for counter in arrived:
        late = withheld_ok and counter.entry_turn is not None and counter.entry_turn < turn
        if counter.entry_turn is not None and counter.entry_turn != turn and not late:
            found.append(Verdict.illegal(game_case(game, "printed_reinforcements", "AGS 15.0"), f"{counter.name} entered on Game-Turn {turn}; it is "
                                                                  f"due on Game-Turn {counter.entry_turn}"))
    if not withheld_ok:
        for counter in printed_due:
            if counter not in arrived and not any(r.type == counter.id for r in game.reinforcements):
                found.append(Verdict.illegal(game_case(game, "reinforcement_entry", "AGS 15.0"), f"{counter.name} was due on Game-Turn {turn} "
                                                                      "and did not enter"))
    pending = [c for c in arrived if c.entry_turn is None or any(r.type == c.id for r in game.reinforcements)]
    rows = sorted((r for r in game.reinforcements if r.turn == turn and r.side == side),
                  key=lambda r: (r.type not in {c.id for c in game.counters}, r.type not in game.unit_types))
    for row in rows:
        matching = [c for c in pending if _matches(game, row, c)][: row.count]
        for counter in matching:
            pending.remove(counter)
        if len(matching) < row.count and not withheld_ok:
            what = game.counter(row.type).name if row.type in {c.id for c in game.counters} \
                else f"{side} {game.plain_name(row.type)}"
            found.append(Verdict.illegal(game_case(game, "reinforcement_table", "AGS 15.0"), f"{len(matching)} of {row.count} {what} "
                                                                  f"reinforcement{'s' if row.count != 1 else ''} "
                                                                  f"entered on Game-Turn {turn}: "
                                                                  f"{row.count - len(matching)} missing"))
    for counter in pending:
        if counter.entry_turn is None or counter.entry_turn == turn:
            found.append(Verdict.illegal(cite(game, schedule_case(game, counter)), f"{counter.name} entered on Game-Turn "
                                                                             f"{turn}, beyond the schedule"))
    return found
