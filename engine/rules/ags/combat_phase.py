"""A combat phase: battles read from their markers and die rolls, the odds recomputed, the CRT
result looked up, and what happened to both sides compared with it. What cannot be tied to a
declared battle is reported as not checked, never passed silently."""

from __future__ import annotations

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules import stacking
from vmodgen.engine.rules.ags.judgement import Judgement
from vmodgen.engine.rules.combat import combat_odds, may_attack
from vmodgen.engine.rules.record import Battle, PhaseRecord
from vmodgen.engine.rules.results import crt_result, loss_check
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_name


def check_combat_phase(record: PhaseRecord) -> list[Judgement]:
    game = record.start.game
    found: list[Judgement] = []
    attacked: dict[str, int] = {}
    defended: dict[str, int] = {}
    in_battle: set[str] = set()
    shared = _shared_hexes(record.battles)
    for battle in sorted(record.battles, key=lambda b: (b.die_step or 10**9, b.number)):
        if battle.attacker_hexes & shared:
            found += _split_stack(record, battle, shared, in_battle)
            continue
        found += _battle(record, battle, attacked, defended, in_battle)
    for step in record.stray_dice:
        found.append(_note(record, step, "AGS 9.0", f"a die was rolled in the {record.phase.name} phase with no "
                           "battle declared (put Attack and Defend markers of one number on the attackers and the "
                           "defender before rolling): that combat was not checked"))
    for key, track in sorted(record.tracks.items()):
        if key in in_battle or not track.map_drops and track.start is None:
            continue
        last = track.drops[-1]
        if track.start is not None and last.hex != track.start:
            found.append(Judgement(last.step, key, track.start_location, last.location, Verdict.illegal(
                cite(game, "AGS 4.2"), f"{game.counter(key).name} moved in the {record.phase.name} phase without "
                                        "taking part in a declared battle; units move in combat only to retreat or "
                                        "advance"), record.turn, record.phase.name, game.counter(key).side))
    if record.end is not None and stacking.stacking_applies(record.end, record.phase, at_end=True):
        # an over-stack carried over from the Movement Phase was reported there
        carried = {v.hexes for v in stacking.stacking_violations(record.start, record.phase.side)}
        for verdict in stacking.stacking_violations(record.end, record.phase.side):
            if verdict.hexes in carried:
                continue
            found.append(Judgement(record.last_step, None, _first_hex(game, verdict), "", verdict, record.turn,
                                   record.phase.name, record.phase.side))
    return found


def _battle(record: PhaseRecord, battle: Battle, attacked: dict[str, int], defended: dict[str, int],
            in_battle: set[str]) -> list[Judgement]:
    game = record.start.game
    step = battle.die_step or battle.declared_step
    if battle.die is None or battle.before is None or battle.after is None:
        return [_note(record, step, "AGS 9.0", f"battle {battle.number} was declared but no die was rolled for it")]
    before = battle.before
    side = record.phase.side
    if len(battle.defender_hexes) != 1:
        where = ", ".join(hex_name(game, h) for h in sorted(battle.defender_hexes))
        return [_note(record, step, "AGS 9.23", f"battle {battle.number} has Defend markers on {where}; one "
                      "defended hex per battle can be checked")]
    defender_hex = next(iter(battle.defender_hexes))
    attackers = [k for h in sorted(battle.attacker_hexes) for k in before.at(h) if before.units[k].side == side]
    defenders = [k for k in before.at(defender_hex) if before.units[k].side != side]
    if not attackers or not defenders:
        return [_note(record, step, "AGS 9.1", f"battle {battle.number}: no {side} unit under its Attack markers "
                      f"or no enemy unit under its Defend marker in {hex_name(game, defender_hex)}")]
    in_battle.update(attackers + defenders)
    found = _once_each(record, battle, step, attackers, defenders, attacked, defended)
    tracer = SupplyTracer(before)
    found += _illegal_only(record, step, may_attack(before, attackers, tracer))
    supply = {k: tracer.state(k).in_supply for k in attackers + defenders}
    odds = combat_odds(before, attackers, defender_hex, supply)
    if not odds.verdict.is_legal:
        return found + [Judgement(step, None, hex_name(game, defender_hex), "", odds.verdict, record.turn,
                                  record.phase.name, record.phase.side)]
    if not odds.column:
        return found + [_note(record, step, odds.verdict.case, f"battle {battle.number}: {odds.verdict.message}; "
                              "what was then done to the units was not checked")]
    try:
        result = crt_result(game, odds.column, battle.die)
    except CannotCheck as unknown:
        return found + [_note(record, step, unknown.case or "AGS 9.5", unknown.reason)]
    after = battle.after
    context = (f"battle {battle.number} at {odds.column}, die {battle.die}: {result.text} "
               f"({odds.verdict.message})")
    for role, keys, side_result in (("defender", defenders, result.defender), ("attacker", attackers, result.attacker)):
        verdict = loss_check(game, side_result, _units(before, keys), _survivors(after, keys))
        if not verdict.is_legal:
            found.append(Judgement(step, keys[0], hex_name(game, defender_hex), "",
                                   Verdict(verdict.status, verdict.case, f"{role}s of {context}: {verdict.message}",
                                           verdict.hexes), record.turn, record.phase.name,
                                   game.counter(keys[0]).side))
    return found


def _shared_hexes(battles: list[Battle]) -> set[Hex]:
    """Hexes under Attack markers of more than one battle in the phase."""
    seen: dict[Hex, int] = {}
    for battle in battles:
        for hex_ in battle.attacker_hexes:
            seen[hex_] = seen.get(hex_, 0) + 1
    return {h for h, count in seen.items() if count > 1}


def _split_stack(record: PhaseRecord, battle: Battle, shared: set[Hex], in_battle: set[str]) -> list[Judgement]:
    """AGS 9.22 lets a stack's units attack different hexes, but a marker sits on the whole
    stack: the log does not say which unit attacked where, so that battle is not judged."""
    game = record.start.game
    before = battle.before or record.start
    in_battle.update(k for h in battle.attacker_hexes | battle.defender_hexes for k in before.at(h))
    hexes = ", ".join(hex_name(game, h) for h in sorted(battle.attacker_hexes & shared))
    return [_note(record, battle.die_step or battle.declared_step, "AGS 9.22",
                  f"battle {battle.number}: the stack in {hexes} is marked for more than one battle this phase, "
                  "and the log does not say which of its units attacked where; the battle was not checked")]


def _once_each(record: PhaseRecord, battle: Battle, step: int, attackers: list[str], defenders: list[str],
               attacked: dict[str, int], defended: dict[str, int]) -> list[Judgement]:
    """AGS 9.14: no unit attacks twice, and no unit is attacked twice, in one Combat Phase."""
    game = record.start.game
    found = []
    for keys, seen, verb in ((attackers, attacked, "attacked"), (defenders, defended, "was attacked")):
        for key in keys:
            if key in seen:
                found.append(Judgement(step, key, "", "", Verdict.illegal(
                    cite(game, "AGS 9.14"), f"{game.counter(key).name} {verb} in battle {seen[key]} and again in "
                                            f"battle {battle.number} of the same Combat Phase"),
                    record.turn, record.phase.name, record.phase.side))
            seen.setdefault(key, battle.number)
    return found


def _units(situation: Situation, keys: list[str]) -> dict[str, UnitState]:
    return {k: situation.units[k] for k in keys}


def _survivors(situation: Situation, keys: list[str]) -> dict[str, UnitState | None]:
    """The units after the result: None for those no longer on the map (eliminated)."""
    result: dict[str, UnitState | None] = {}
    for key in keys:
        unit = situation.units.get(key)
        result[key] = unit if unit is not None and unit.hex is not None else None
    return result


def _illegal_only(record: PhaseRecord, step: int, verdict: Verdict) -> list[Judgement]:
    if verdict.is_legal:
        return []
    game = record.start.game
    return [Judgement(step, None, _first_hex(game, verdict), "", verdict, record.turn, record.phase.name, record.phase.side)]


def _note(record: PhaseRecord, step: int, case: str, reason: str) -> Judgement:
    game = record.start.game
    return Judgement(step, None, "", "", Verdict.unchecked(cite(game, case), reason), record.turn, record.phase.name, record.phase.side)


def _first_hex(game: Game, verdict: Verdict) -> str:
    hexes: tuple[Hex, ...] = verdict.hexes
    return hex_name(game, hexes[0]) if hexes else ""
