"""Plant exactly one illegal change into a game random_play.py generated, and say which case of
the rulebook it breaks (AGS = Army Group South Standard Rules; a game's exclusive cases are those
its data's ``game_cases`` names: Kiev 23.2, Rostov 25.1, ...). The game is random_play.use()'s.

The game is cut after the phase the change is planted in (the tracker then moves on, so the
end-of-phase rules apply), so nothing after it can depend on what was changed: the planted
change is the only violation. Like the generator, the mutator reads the book, not the checker:
each change is illegal beyond doubt (a move longer than any road could make it, a unit of the
wrong class in the phase, ...). Seeded: the same game, kind and seed give the same mutant.

    python tests/data/checks/random_mutate.py [--game kiev] --seed 7 --kind too_far > mutant.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace

import random_play as rp
from random_play import (Event, Hex, PhaseRecord, Player, Unit, at, case, enemy_of, entry_cost,
                         near_enemy, on_map, opt, passable, rail_distances, reachable, script, serialize, stack_ok,
                         use)


#: The unit classes that move in a Mechanized Movement Phase where the data names none (PGG 4.2 B3:
#: the units of class "mech").
MECH = ("mech",)


@dataclass
class Mutant:
    kind: str
    case: str                    # the case the checker should cite
    unit: str                    # the unit the planted change concerns
    what: str                    # a sentence for the failure table
    phases: list[PhaseRecord]    # the game up to and including the changed phase
    first_step: int = 0          # the log step of the planted change (filled by plant())


def state_after(phases: list[PhaseRecord], player: Player, index: int) -> dict[str, Unit]:
    return dict(phases[index + 1].start) if index + 1 < len(phases) else dict(player.units)


def moved_in(record: PhaseRecord) -> set[str]:
    """Units that moved, entered or fought in the phase."""
    found = set()
    for event in record.events:
        found.update(event.info.get("attackers", []) + event.info.get("defenders", []))
        if "unit" in event.info:
            found.add(event.info["unit"])
    return found


def move(unit: str, hex_: Hex) -> dict:
    return {"move": {"unit": unit, "location": rp.LAYOUT.name(hex_)}}


def calm_empty(units: dict[str, Unit], side: str) -> Callable[[Hex], bool]:
    zone = near_enemy(units, side)
    return lambda h: passable(h) and not at(units, h) and h not in zone


def step_open(a: Hex, b: Hex) -> bool:
    return not rp.MAP.features(a, b) and passable(b)


def mech_like(unit: Unit) -> bool:
    """Pays 1/2 MP along roads (AGS 10.23, 11.21): could go twice its allowance."""
    return rp.GAME.unit_types[unit.counter.type].uses_roads


# -- the changes --------------------------------------------------------------------------------
# Each takes (rng, units after the phase, the phase record, the turn) and returns
# (case, unit, sentence, events to append) or None when the phase offers no occasion.

Plant = tuple[str, str, str, list[Event]]


def too_far(rng: random.Random, units: dict[str, Unit], record: PhaseRecord) -> Plant | None:
    """A unit moves farther than its whole allowance could take it on any path (AGS 5.11)."""
    side = record.phase.side
    if record.phase.kind != "movement":
        return None
    ok = calm_empty(units, side)
    zone = near_enemy(units, side)
    candidates = [u for u in on_map(units, side) if u.id not in moved_in(record) and u.hex not in zone
                  and u.known and not u.is_marker and not (u.side in opt("rail_sides", ()) and u.hex in rp.RAILS)]
    rng.shuffle(candidates)
    for unit in candidates:
        allowance = int(unit.face().movement)
        least = 2 * allowance + 1 if mech_like(unit) else allowance + 1
        targets = [h for h in rp.LAYOUT.within(unit.hex, least + 2) if rp.LAYOUT.distance(unit.hex, h) >= least and ok(h)
                   and stack_ok(units, h, [unit]) and h not in rp.RAILS]
        if targets:
            target = rng.choice(sorted(targets))
            return ("AGS 5.11", unit.id, f"{unit.counter.name} {rp.LAYOUT.name(unit.hex)} -> {rp.LAYOUT.name(target)}: "
                    f"{rp.LAYOUT.distance(unit.hex, target)} hexes, MA {allowance}",
                    [Event("planted", [move(unit.id, target)])])
    return None


def one_clear_step(rng: random.Random, units: dict[str, Unit], candidates: list[Unit],
                   ok: Callable[[Hex], bool]) -> tuple[Unit, Hex] | None:
    """The first of ``candidates`` (in their order) with a neighbour it enters for 1 MP across no
    river, and one such neighbour drawn at random: a step whose only fault is who or when."""
    for unit in candidates:
        targets = [h for h in rp.LAYOUT.neighbours(unit.hex) if ok(h) and step_open(unit.hex, h)
                   and entry_cost(unit, unit.hex, h) == 1 and stack_ok(units, h, [unit])]
        if targets:
            return unit, rng.choice(sorted(targets))
    return None


def infantry_in_mech_phase(rng: random.Random, units: dict[str, Unit], record: PhaseRecord) -> Plant | None:
    """A non-mechanized unit moves one hex in the Mechanized Movement Phase (AGS 4.2 A3)."""
    if record.phase.kind != "mech_movement":
        return None
    side = record.phase.side
    ok = calm_empty(units, side)
    candidates = [u for u in on_map(units, side) if u.unit_class not in opt("mech_phase_classes", MECH)
                  and not u.is_marker and u.hex not in near_enemy(units, side)]
    rng.shuffle(candidates)
    found = one_clear_step(rng, units, candidates, ok)
    if found is None:
        return None
    unit, target = found
    return ("AGS 4.2", unit.id, f"{unit.counter.name} ({unit.counter.type}) moves one hex in the "
            f"{record.phase.name} Phase", [Event("planted", [move(unit.id, target)])])


def enemy_phase(rng: random.Random, units: dict[str, Unit], record: PhaseRecord) -> Plant | None:
    """A unit of the non-phasing player moves one hex in a Movement Phase (AGS 5.21)."""
    if record.phase.kind not in ("movement", "mech_movement"):
        return None
    side = enemy_of(record.phase.side)
    ok = calm_empty(units, side)
    candidates = [u for u in on_map(units, side) if u.hex not in near_enemy(units, side) and not u.is_marker]
    rng.shuffle(candidates)
    found = one_clear_step(rng, units, candidates, ok)
    if found is None:
        return None
    unit, target = found
    return ("AGS 5.21", unit.id, f"{side} {unit.counter.name} moves in the {record.phase.name} Phase",
            [Event("planted", [move(unit.id, target)])])


def overstack(rng: random.Random, units: dict[str, Unit], record: PhaseRecord) -> Plant | None:
    """Four combat units in one hex at the end of a Movement Phase (AGS 7.0)."""
    if record.phase.kind != "movement":
        return None
    side = record.phase.side
    turn = record.turn
    free = [u for u in on_map(units, side) if u.id not in moved_in(record) and u.is_combat
            and isinstance(u.face().movement, int)]
    hexes = sorted({u.hex for u in on_map(units, side)})
    rng.shuffle(hexes)
    for hex_ in hexes:
        # Units counted one each (AGS 7.0): a corps that counts three (Korsun 24.12) would make
        # the breach a case of the game's own, which overstack does not plant.
        present = sum(1 for u in at(units, hex_) if u.is_combat)
        movers = [u for u in free if u.hex != hex_ and hex_ in reachable(units, u, turn)]
        need = rp.GAME.param("stacking_limit") + 1 - present
        if present and len(movers) >= need:
            chosen = rng.sample(movers, need)
            names = ", ".join(u.counter.name for u in chosen)
            return ("AGS 7.0", chosen[-1].id, f"{names} join {present} in {rp.LAYOUT.name(hex_)}: "
                    f"{present + need} combat units", [Event("planted", [move(u.id, hex_) for u in chosen])])
    return None


def early_reinforcement(rng: random.Random, units: dict[str, Unit], record: PhaseRecord) -> Plant | None:
    """A non-Soviet reinforcement enters before the Game-Turn printed on it (Kiev 23.2), or a
    Soviet one before its turn in the schedule (Kiev 23.1): the game's cases for them."""
    if record.phase.kind != "movement":
        return None
    side = record.phase.side
    waiting = [c for c in rp.GAME.counters if c.side == side and c.role == "reinforcement"
               and c.entry_turn is not None and c.entry_turn > record.turn]
    rng.shuffle(waiting)
    player = Player(0)
    for counter in waiting:
        unit = Unit(counter.id, None, False)
        areas = counter.entry_areas or next(r.areas for r in rp.GAME.reinforcements if r.type == counter.id)
        ok = calm_empty(units, side)
        targets = [h for h in player.entry_hexes(counter, areas) if ok(h) and stack_ok(units, h, [unit])]
        if targets:
            target = rng.choice(sorted(targets))
            cited = case("printed_reinforcements" if side != "Soviet" else "reinforcement_table")
            return (cited, counter.id, f"{counter.name} (Game-Turn {counter.entry_turn}) enters on Game-Turn "
                    f"{record.turn} at {rp.LAYOUT.name(target)}", [Event("planted", [move(counter.id, target)])])
    return None


def withheld_reinforcement(rng: random.Random, units: dict[str, Unit], record: PhaseRecord) -> Plant | None:
    """A non-Soviet reinforcement due this Game-Turn is not brought on where the data says
    reinforcements may not be withheld (Kiev 23.0, Rostov 25.32, Korsun 26.0). Planted by
    taking its entry out of the phase. (A Soviet one is drawn at random from a pool, 13.1:
    which one was due is not in the log.)"""
    withheld = opt("reinforcements_may_be_withheld", False)
    if isinstance(withheld, dict):
        withheld = withheld.get(record.phase.side, False)
    if record.phase.kind != "movement" or record.phase.side == "Soviet" or withheld:
        return None
    entries = [e for e in record.events if e.kind == "reinforcement"]
    if not entries:
        return None
    dropped = rng.choice(entries)
    record.events.remove(dropped)
    counter = rp.COUNTERS[dropped.info["unit"]]
    # Moves after it may have stacked with it; they stay legal without it (fewer units).
    return (case("reinforcement_entry"), counter.id, f"{counter.name} (due Game-Turn {record.turn}) never enters", [])


def wrong_area(rng: random.Random, units: dict[str, Unit], record: PhaseRecord) -> Plant | None:
    """A non-Soviet reinforcement enters on time but in another entry area than the one printed
    on it: the case of the side's schedule, which names the area (Kiev 23.2, Operation Star
    23.2; the more specific one is cited)."""
    side = record.phase.side
    if record.phase.kind != "movement" or side == "Soviet":
        return None
    entries = [e for e in record.events if e.kind == "reinforcement" and "via" not in e.info]
    rng.shuffle(entries)
    player = Player(0)
    for entry in entries:
        counter = rp.COUNTERS[entry.info["unit"]]
        others = tuple(a.name for a in rp.GAME.map.areas if a.side == side and a.purpose == "entry"
                       and a.name not in counter.entry_areas)
        before = {k: u for k, u in units.items() if k != counter.id}
        ok = calm_empty(before, side)
        unit = Unit(counter.id, None, False)
        if not isinstance(unit.face().movement, int):
            continue      # no allowance in the data: how far it could go from its own area is not known
        # Evidently illegal only beyond any move from its own area: from an entry hex a unit may go
        # on moving (Kiev 23.0), at best 1/2 MP a hex along roads (AGS 10.23), so twice its allowance.
        own = [h for a in rp.GAME.map.areas if a.purpose == "entry" and a.name in counter.entry_areas for h in a.hexes]
        reach = 2 * int(unit.face().movement)
        targets = [h for h in player.entry_hexes(counter, others) if ok(h) and stack_ok(before, h, [unit])
                   and all(rp.LAYOUT.distance(h, o) > reach for o in own)]
        if targets:
            target = rng.choice(sorted(targets))
            entry.actions = [move(counter.id, target)]
            cited = opt("reinforcement_schedule_case", {}).get(side) or case("printed_reinforcements")
            return (cited, counter.id, f"{counter.name} (area {''.join(counter.entry_areas)}) enters at "
                    f"{rp.LAYOUT.name(target)}", [])
    return None


def zoc_exit_case(side: str) -> str:
    """AGS 5.24, or the game's disengagement case where the side may leave a zone by its
    procedure (Rostov 21.0, Operation Star 22.0, Korsun 22.0): a unit that just walks out
    breaks that procedure."""
    exempt = opt("zoc_exit_unchecked")
    return exempt["case"] if exempt and side in exempt["sides"] else "AGS 5.24"


def in_modes(side: str) -> bool:
    """Whether the side's units have modes (Operation Star 21.0): a planted move then uses only
    units evidently offensive when the phase began (in supply through an HQ line, every HQ OFF:
    the generator never turns one, 21.0-21.2) and westward steps (21.14), so that it breaks one rule only."""
    modes = opt("soviet_modes")
    return bool(modes) and modes["side"] == side


def leave_zoc(unit_class: str) -> Callable[[random.Random, dict[str, Unit], PhaseRecord], Plant | None]:
    """A unit in an enemy zone of control walks out of it (AGS 5.24); for a mechanized unit
    nothing in the log is an overrun (no declaration, no die, no enemy displaced)."""
    return lambda rng, units, record: _leave_zoc(rng, units, record, unit_class)


def _leave_zoc(rng: random.Random, units: dict[str, Unit], record: PhaseRecord, unit_class: str) -> Plant | None:
    if record.phase.kind != "movement":
        return None
    side = record.phase.side
    modes = in_modes(side)
    if side in (opt("zoc_disengagement") or {}).get("sides", ()) and not modes:
        return None     # Operation Star 22.0: the side disengages by walking out (2 MP): no violation
    ok = calm_empty(units, side)
    enemies = [u for u in on_map(units, enemy_of(side)) if u.is_combat]
    candidates = [u for u in on_map(units, side) if u.unit_class == unit_class and u.id not in moved_in(record)
                  and any(rp.LAYOUT.adjacent(u.hex, e.hex) and not rp.MAP.features(u.hex, e.hex) for e in enemies)]
    if modes:
        candidates = [u for u in candidates if rp.supplied(record.start, record.start[u.id], record.turn)]
    rng.shuffle(candidates)
    for unit in candidates:
        targets = [h for h in rp.LAYOUT.neighbours(unit.hex) if ok(h) and step_open(unit.hex, h)
                   and entry_cost(unit, unit.hex, h) == 1 and stack_ok(units, h, [unit])
                   and (not modes or rp.westward(unit.hex, h))]
        if targets:
            target = rng.choice(sorted(targets))
            # Operation Star 21.13: an offensive unit may not disengage at all
            return (case("offensive_mode_disengagement") if modes else zoc_exit_case(side), unit.id, f"{unit.counter.name} leaves the enemy zone at {rp.LAYOUT.name(unit.hex)} "
                    f"for {rp.LAYOUT.name(target)}", [Event("planted", [move(unit.id, target)])])
    return None


def zoc_continue(unit_class: str) -> Callable[[random.Random, dict[str, Unit], PhaseRecord], Plant | None]:
    """A unit enters an enemy zone of control and moves on out of it (AGS 5.23), dropped on
    each hex on the way (two moves in the log); for a mechanized unit nothing is an overrun."""
    return lambda rng, units, record: _zoc_continue(rng, units, record, unit_class)


def _zoc_continue(rng: random.Random, units: dict[str, Unit], record: PhaseRecord, unit_class: str) -> Plant | None:
    if record.phase.kind not in ("movement", "mech_movement") or \
            (record.phase.kind == "mech_movement" and unit_class not in opt("mech_phase_classes", MECH)):
        return None
    side = record.phase.side
    zone = near_enemy(units, side)
    ok = calm_empty(units, side)
    enemies = [u for u in on_map(units, enemy_of(side)) if u.is_combat]
    candidates = [u for u in on_map(units, side) if u.unit_class == unit_class and u.id not in moved_in(record)
                  and u.hex not in zone]
    modes = in_modes(side)
    if modes:
        candidates = [u for u in candidates if rp.supplied(record.start, record.start[u.id], record.turn)]
    rng.shuffle(candidates)
    for unit in candidates:
        for first in rp.LAYOUT.neighbours(unit.hex):
            if at(units, first) or not step_open(unit.hex, first) or entry_cost(unit, unit.hex, first) != 1 \
                    or first in rp.RAILS and unit.side in opt("rail_sides", ()) \
                    or modes and not rp.westward(unit.hex, first):
                continue
            if not any(rp.LAYOUT.adjacent(first, e.hex) and not rp.MAP.features(first, e.hex) for e in enemies):
                continue
            for second in rp.LAYOUT.neighbours(first):
                if second != unit.hex and ok(second) and step_open(first, second) \
                        and entry_cost(unit, first, second) == 1 and stack_ok(units, second, [unit]) \
                        and (not modes or rp.westward(first, second)):
                    return ("AGS 5.23", unit.id, f"{unit.counter.name} {rp.LAYOUT.name(unit.hex)} -> "
                            f"{rp.LAYOUT.name(first)} (enemy zone) -> {rp.LAYOUT.name(second)}",
                            [Event("planted", [move(unit.id, first), move(unit.id, second)])])
    return None


def rail_too_far(rng: random.Random, units: dict[str, Unit], record: PhaseRecord) -> Plant | None:
    """A unit rides more rail hexes than one Initial Movement Phase allows (Kiev 19.3, Operation Star 19.21),
    to a hex no foot or road move could reach."""
    if record.phase.kind != "movement" or record.phase.side not in opt("rail_sides", ()):
        return None
    side = record.phase.side
    ok = calm_empty(units, side)
    limit = rp.GAME.param("rail_hexes_per_phase")
    candidates = [u for u in on_map(units, side) if u.hex in rp.RAILS and u.id not in moved_in(record)
                  and u.hex not in near_enemy(units, side) and u.is_combat]
    rng.shuffle(candidates)
    for unit in candidates:
        far = 2 * int(unit.face().movement) + 1
        targets = [h for h, d in rail_distances(units, unit).items() if d > limit and ok(h)
                   and rp.LAYOUT.distance(unit.hex, h) > far and stack_ok(units, h, [unit])]
        if targets:
            target = rng.choice(sorted(targets))
            hexes = rail_distances(units, unit)[target]
            cited = opt("game_cases", {}).get("rail_distance") or case("rail")     # Operation Star 19.21
            return (cited, unit.id, f"{unit.counter.name} rails {hexes} hexes {rp.LAYOUT.name(unit.hex)} -> "
                    f"{rp.LAYOUT.name(target)}", [Event("planted", [move(unit.id, target)])])
    return None


def battle_change(kind: str) -> Callable[[random.Random, dict[str, Unit], PhaseRecord], Plant | None]:
    """Changes to a battle the attacking player fought: the game is cut after that battle."""
    def plant(rng: random.Random, units: dict[str, Unit], record: PhaseRecord) -> Plant | None:
        battles = [e for e in record.events if e.kind == "battle"]
        rng.shuffle(battles)
        for event in battles:
            planted = BATTLE_CHANGES[kind](rng, units, event)
            if planted is not None:
                record.events[:] = record.events[:record.events.index(event) + 1]
                return planted
        return None
    return plant


def parts(event: Event) -> tuple[list[dict], list[dict], list[dict], list[dict], list[dict]]:
    """A battle's actions: declaration and die, defender's result, attacker's result, advance,
    marker removal."""
    actions = event.actions
    d, a, h = event.info["defender_actions"], event.info["attacker_actions"], event.info.get("head", 3)
    head, rest = actions[:h], actions[h:-2]
    return head, rest[:d], rest[d:d + a], rest[d + a:], actions[-2:]


def result_case(result: str, part: str) -> str:
    """The case whose sentence a skipped result breaks: E (AGS 9.65), ENG (9.69), a number (9.66)."""
    if result == "eng":
        return "AGS 9.69"
    return "AGS 9.65" if part == "E" else "AGS 9.66"


def defender_result_ignored(rng: random.Random, units: dict[str, Unit], event: Event) -> Plant | None:
    """The defender's result is not applied at all (nor, then, any advance)."""
    head, defender, attacker, _, tail = parts(event)
    if not defender:
        return None
    event.actions = head + attacker + tail
    return (result_case(event.info["result"], event.info["defender"]), event.info["defenders"][0],
            f"battle {event.info['number']}: {event.info['result']} rolled, defender result not applied", [])


def attacker_result_ignored(rng: random.Random, units: dict[str, Unit], event: Event) -> Plant | None:
    """The attacker's step losses are not taken (the advance of the survivors stays)."""
    head, defender, attacker, advance, tail = parts(event)
    if not attacker:
        return None
    event.actions = head + defender + advance + tail
    return (result_case(event.info["result"], event.info["attacker"]), event.info["attackers"][0],
            f"battle {event.info['number']}: {event.info['result']} rolled, attacker losses not taken", [])


def retreat_wrong_length(rng: random.Random, units: dict[str, Unit], event: Event) -> Plant | None:
    """The defenders retreat one hex more, or one hex fewer, than the result says (AGS 9.73)."""
    path = event.info.get("retreat")
    if not path:
        return None
    head, defender, attacker, _, tail = parts(event)
    start, steps = path[0], len(path) - 1
    choices = []
    if steps >= 2:
        choices.append(path[-2])
    side = rp.COUNTERS[event.info["defenders"][0]].side
    blocked = {u.hex for u in on_map(units, enemy_of(side))} | set(path)
    zone = near_enemy(units, side)
    longer = [h for h in rp.LAYOUT.neighbours(path[-1]) if rp.LAYOUT.distance(start, h) == steps + 1
              and h not in blocked and h not in zone and not at(units, h) and step_open(path[-1], h)]
    choices += sorted(longer)[:1]
    if not choices:
        return None
    end = rng.choice(choices)
    event.actions = head + [move(a["move"]["unit"], end) for a in defender] + attacker + tail
    return ("AGS 9.73", event.info["defenders"][0], f"battle {event.info['number']}: {event.info['result']}, "
            f"retreat of {rp.LAYOUT.distance(start, end)} hexes to {rp.LAYOUT.name(end)}", [])


def advance_too_far(rng: random.Random, units: dict[str, Unit], event: Event) -> Plant | None:
    """After the defenders are all eliminated, the attackers advance three hexes (AGS 9.84:
    at most two, the first the vacated hex)."""
    head, defender, attacker, advance, tail = parts(event)
    if event.info.get("retreat") or not advance:
        return None
    frm, target = event.info["frm"], event.info["to"]
    movers = [a["move"]["unit"] for a in advance]
    for second in rp.LAYOUT.neighbours(target):
        if rp.LAYOUT.distance(frm, second) != 2 or at(units, second) or not step_open(target, second):
            continue
        for third in rp.LAYOUT.neighbours(second):
            if rp.LAYOUT.distance(frm, third) == 3 and rp.LAYOUT.distance(target, third) == 2 \
                    and not at(units, third) and step_open(second, third):
                event.actions = head + defender + attacker + [move(u, third) for u in movers] + tail
                return ("AGS 9.84", movers[0], f"battle {event.info['number']}: {event.info['result']}, advance "
                        f"{rp.LAYOUT.name(frm)} -> {rp.LAYOUT.name(third)}, three hexes", [])
    return None


BATTLE_CHANGES: dict[str, Callable[[random.Random, dict[str, Unit], Event], Plant | None]] = {
    "defender_result_ignored": defender_result_ignored,
    "attacker_result_ignored": attacker_result_ignored,
    "retreat_wrong_length": retreat_wrong_length,
    "advance_too_far": advance_too_far,
}

CHANGES: dict[str, Callable[[random.Random, dict[str, Unit], PhaseRecord], Plant | None]] = {
    "too_far": too_far,
    "infantry_in_mech_phase": infantry_in_mech_phase,
    "enemy_phase": enemy_phase,
    "overstack": overstack,
    "early_reinforcement": early_reinforcement,
    "withheld_reinforcement": withheld_reinforcement,
    "wrong_area": wrong_area,
    "leave_zoc": leave_zoc("non_mech"),
    "leave_zoc_mech": leave_zoc("mech"),
    "zoc_continue": zoc_continue("non_mech"),
    "zoc_continue_mech": zoc_continue("mech"),
    "rail_too_far": rail_too_far,
    **{kind: battle_change(kind) for kind in BATTLE_CHANGES},
}


def first_difference(original: list[PhaseRecord], changed: list[PhaseRecord]) -> int:
    """The log step of the first action the change made differ (each action is one step), or,
    inside a battle, of the battle's declaration: a battle is judged as one sequence."""
    a, b = serialize(original, end_with_next=True), serialize(changed, end_with_next=True)
    same = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    for index in range(same - 1, -1, -1):
        action = b[index]
        if "turn" in action or str(action.get("delete", {}).get("piece", "")).startswith("Attack"):
            break
        if str(action.get("add", {}).get("slot", "")).startswith("Attack"):
            same = index
            break
    return same // 2 + 1


def plant(player: Player, phases: list[PhaseRecord], kind: str, seed: int) -> Mutant | None:
    """Plant one change of this kind in a phase chosen at random, never one the game does not
    play (Operation Star 19.12: a move there would be a second violation); None if no phase
    allows it."""
    rng = random.Random(f"{seed}:{kind}")
    order = list(range(len(phases)))
    rng.shuffle(order)
    for index in order:
        record = phases[index]
        if not rp.played(record.turn, record.index):
            continue
        copy = PhaseRecord(record.turn, record.index, [replace(e, actions=list(e.actions)) for e in record.events],
                           record.start)
        units = state_after(phases, player, index)
        planted = CHANGES[kind](rng, units, copy)
        if planted is None:
            continue
        case, unit, what, events = planted
        case = opt("case_numbers", {}).get(case, case)      # the game's own number (PGG's data)
        copy.events += events
        mutant = Mutant(kind, case, unit, f"T{record.turn} {record.phase.name}: {what}", phases[:index] + [copy])
        mutant.first_step = first_difference(phases[:index + 1], mutant.phases)
        return mutant
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kiev", help="the game's folder name under games/")
    parser.add_argument("--seed", type=int, default=1, help="the generated game's seed")
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--no-battles", action="store_true")
    parser.add_argument("--kind", choices=sorted(CHANGES), required=True)
    args = parser.parse_args()
    use(args.game)
    player = Player(args.seed, battles=0 if args.no_battles else 3)
    phases = player.play(args.turns)
    mutant = plant(player, phases, args.kind, args.seed)
    if mutant is None:
        sys.exit(f"seed {args.seed}: nowhere to plant {args.kind}")
    print(f"{mutant.case}: {mutant.what}", file=sys.stderr)
    json.dump(script(serialize(mutant.phases, end_with_next=True)), sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
