"""Korsun's special Soviet HQ restrictions [Korsun 23.0]: active and inactive HQs.

An HQ is inactive when its "inactive" side is up (back kind ``inactive``). What the checker can
tell from a log, and judges:

- the Soviet Player turns HQs only at the beginning of his Player-Turn (23.12): the beginning of
  his first Movement Phase, before a unit that began it on the map moves;
- after that, no more HQs are active than the schedule allows for the Game-Turn (23.11), and on
  Game-Turn 1 the two HQs 23.12 names are active;
- an inactive HQ does not move in the Mechanized Movement Phase (23.13), nor does a unit whose
  lines of communications reach only inactive HQs, and such a unit does not overrun (23.14).

- such a unit does not attack (23.14, at the instant of each battle).

Not judged here: an inactive HQ's Leadership bonus to an attack (23.13) and the attack limits of
23.2.
Parameters (``games/korsun/game.toml``): ``rules.korsun_hq_activation`` (side, the phase of the
change), ``rules.korsun_hq_active_schedule``, ``rules.korsun_hq_active_turn_one``; the cases are
``rules.game_cases`` ``hq_activation_schedule``, ``hq_activation``, ``inactive_hq``,
``inactive_hq_units``. A game without ``rules.korsun_hq_activation`` has no such rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.ags import status_sides
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.overrun import Outcome
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, game_case, hex_name, optional_param, optional_table


def activation_spec(game: Game) -> dict[str, Any] | None:
    return optional_table(game, "korsun_hq_activation")


def status_hqs(game: Game, side: str) -> list[str]:
    """The side's HQs with an inactive side."""
    return [c.id for c in game.counters if c.side == side and c.back_kind == "inactive"]


class HqActivation:
    """23.11, 23.12: when HQs may be turned, and how many may be active."""

    name = "korsun_hq_activation"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        spec = activation_spec(game)
        if spec is None:
            return []
        side = spec["side"]
        hqs = status_hqs(game, side)
        in_change = status_sides.is_change_phase(record, spec["change_phase"])
        found = []
        for flip in status_sides.late_flips(record, hqs, in_change, side):
            when = f"the {record.phase.name} phase" + (" after units had moved" if in_change else "")
            state = "inactive" if flip.now_back else "active"
            found.append(_about(record, flip.key, flip.step, Verdict.illegal(game_case(game, "hq_activation"), (
                f"{game.counter(flip.key).name} was made {state} in {when}; HQs change status only at the "
                f"beginning of the {side} Player-Turn ({spec['change_phase']} Phase)"))))
        if in_change:
            found += _count(record, spec, hqs)
        return found


def _count(record: PhaseRecord, spec: dict[str, Any], hqs: list[str]) -> list[Judgement]:
    """At the end of the beginning of the Player-Turn: no more active HQs than the schedule,
    and the HQs named for Game-Turn 1 active. Not judged when the log ends before it is over."""
    game = record.start.game
    side = spec["side"]
    end = status_sides.window_end(record, side)
    if end is None and not record.complete:
        return []
    showing_back = status_sides.showing_back_at(record, hqs, end)
    active = sorted(k for k, back in showing_back.items() if not back and record.start.units[k].hex is not None)
    step = end if end is not None else record.last_step
    found = []
    schedule = optional_param(game, "korsun_hq_active_schedule", {})
    limit = schedule.get(str(record.turn))
    if limit is not None and len(active) > int(limit):
        names = ", ".join(game.counter(k).name for k in active)
        found.append(Judgement(step, None, "", "", Verdict.illegal(game_case(game, "hq_activation_schedule"), (
            f"{len(active)} {side} HQs are active on Game-Turn {record.turn} ({names}); the schedule allows "
            f"{limit}: turn the others to their inactive side at the beginning of the Player-Turn")),
            record.turn, record.phase.name, side))
    if record.turn == 1:
        for key in optional_param(game, "korsun_hq_active_turn_one", []):
            if key in showing_back and showing_back[key] and record.start.units[key].hex is not None:
                found.append(_about(record, key, step, Verdict.illegal(game_case(game, "hq_activation"), (
                    f"{game.counter(key).name} is inactive on Game-Turn 1; it must be active then"))))
    return found


def _about(record: PhaseRecord, key: str, step: int, verdict: Verdict) -> Judgement:
    game = record.start.game
    unit = record.start.units.get(key)
    where = hex_name(game, unit.hex) if unit is not None and unit.hex is not None else ""
    return Judgement(step, key, where, "", verdict, record.turn, record.phase.name, game.counter(key).side)


class InactiveHqRestrictions:
    """23.13, 23.14 in the Soviet Movement Phases: no Mechanized Movement for inactive HQs and
    for units that can reach only inactive HQs, no overrun for the latter."""

    name = "korsun_inactive_hqs"

    def check_movement_phase(self, record: PhaseRecord, memory: dict[str, Any], outcomes: list[Outcome],
                             ends: Mapping[str, Hex]) -> list[Judgement]:
        game = record.start.game
        spec = activation_spec(game)
        if spec is None or record.phase.side != spec["side"]:
            return []
        side = spec["side"]
        start = record.start
        hqs = status_hqs(game, side)
        inactive = status_sides.showing_back_at(record, hqs, status_sides.window_end(record, side))
        tracer = SupplyTracer(start)
        mech = record.phase.kind == "mech_movement"
        found: list[Judgement] = []
        for key, track in sorted(record.tracks.items()):
            unit = start.units[key]
            if unit.side != side or track.start is None or not track.map_drops:
                continue
            moved = any(d.hex != track.start for d in track.map_drops)
            overruns = [o for o in outcomes if o.takes_part(key)]
            name = unit.counter.name
            if key in inactive:
                if mech and moved and inactive[key]:
                    found.append(judge(record, Verdict.illegal(game_case(game, "inactive_hq"), (
                        f"{name} moved in the {record.phase.name} phase while inactive; an inactive HQ may not "
                        "move in the Mechanized Movement Phase"), [track.start]), track))
                continue
            if not ((mech and moved) or overruns):
                continue
            reach = _hqs_reached(tracer, key, inactive)
            if reach is None:
                continue
            what = "move in the Mechanized Movement Phase" if mech and moved else "overrun"
            found.append(judge(record, Verdict.illegal(game_case(game, "inactive_hq_units"), (
                f"{name} in {hex_name(game, track.start)} can trace a line of communications only to inactive HQs "
                f"({reach}); such a unit may not {what}"), [track.start]), track))
        return found


def _hqs_reached(tracer: SupplyTracer, key: str, inactive: Mapping[str, bool]) -> str | None:
    """The names of the HQs the unit is in communication with when every one is inactive, else
    None (an active one among them, none at all, or not known)."""
    try:
        hqs = tracer.hqs_in_communication(key)
    except CannotCheck:
        return None
    if not hqs or any(not inactive.get(k, False) for k in hqs):
        return None
    return ", ".join(tracer.situation.units[k].counter.name for k in hqs)


class InactiveHqAttacks:
    """23.14 in the Soviet Combat Phase: a unit whose lines of communications reach only inactive
    HQs, at the instant of the battle, may not attack."""

    name = "korsun_inactive_hq_attacks"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        spec = activation_spec(game)
        if spec is None or record.phase.side != spec["side"] or record.phase.kind != "combat":
            return []
        hqs = status_hqs(game, spec["side"])
        found = []
        for battle in record.battles:
            before = battle.before
            if before is None or battle.die is None:
                continue
            tracer = SupplyTracer(before)
            inactive = {k: before.units[k].showing_back for k in hqs if k in before.units}
            attackers = [k for h in sorted(battle.attacker_hexes) for k in before.at(h)
                         if before.units[k].side == spec["side"] and before.unit_type(k).unit_class != "hq"]
            for key in attackers:
                reach = _hqs_reached(tracer, key, inactive)
                if reach is None:
                    continue
                unit = before.units[key]
                found.append(Judgement(battle.die_step or battle.declared_step, key, hex_name(game, unit.hex), "",
                                       Verdict.illegal(game_case(game, "inactive_hq_units"), (
                                           f"{unit.counter.name} attacked in battle {battle.number} though it can "
                                           f"trace a line of communications only to inactive HQs ({reach}); such a "
                                           "unit may not attack"), [unit.hex]),
                                       record.turn, record.phase.name, unit.side))
        return found


HQ_ACTIVATION = HqActivation()
INACTIVE_HQ_ATTACKS = InactiveHqAttacks()
INACTIVE_HQ_RESTRICTIONS = InactiveHqRestrictions()
