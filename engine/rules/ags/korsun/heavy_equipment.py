"""Korsun Heavy Equipment [Korsun 25.3]: the state of the marker a unit gets the first time it is
air supplied (25.28), followed through the game from what the log shows of the unit, not from the
marker counter: a log does not say whether a marker lies on top of a unit or under it, nor which
unit of a stack it belongs to.

- placed side 1 up when the unit is first air supplied (25.28, :mod:`.air_supply`);
- turned to side 2 the first time the unit is moved in a Movement Phase, put under the unit the
  second time (25.34; advances and retreats after combat do not count);
- taken off when the unit is eliminated, or when, at the beginning of a German Player-Turn, the
  unit is in supply (the tracer's supply, not air supply) with the marker on top (25.35). The
  book lets the marker go then; this checker takes it as gone, so that a unit is never reported
  under a marker its Player may have taken off. A unit whose supply is not known then has a
  state not known from then on;
- under the unit the marker stays for good (25.36).

Judged: a unit whose marker is under it that attacks (25.34: it may not attack), cited by
``rules.korsun_air_supply`` ``cases.heavy_equipment_under``. The states at the start of each phase
are kept for :mod:`.heavy_equipment_effects`, which the shared combat and movement checks read:
the doubled defense on top (25.31-25.33), out of supply under (25.34, 25.36). A move flips the
marker after the phase's start, so the move that puts it under is not itself at half allowance
(the book's "from then on"). :func:`heavy_equipment_at` gives the states at the end of a game (Korsun
27.1: Victory Points for markers under units at the end).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vmodgen.engine.rules.ags.korsun.air_supply import air_supply_spec, placements, supplied_units
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.supply import IN, OUT, SupplyTracer
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name

#: the states: side 1 up, side 2 up, under the unit, and not known (supply not known at a removal)
SIDE_1, SIDE_2, UNDER, NOT_KNOWN = "1", "2", "under", "not known"
MOVEMENT_KINDS = ("movement", "mech_movement")
#: the memory's states at the start of each phase, by (Game-Turn, phase index)
AT_PHASE = "at phase"


class HeavyEquipment:
    """Korsun 25.3-25.36: each air-supplied unit's marker, phase by phase (module docstring)."""

    name = "korsun_heavy_equipment"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        spec = air_supply_spec(game)
        if spec is None:
            return []
        state: dict[str, str] = memory.setdefault("state", {})
        received: set[str] = memory.setdefault("received", set())
        start = record.start
        for key in [k for k in state if k not in start.units or start.units[k].hex is None]:
            del state[key]                                   # 25.35 (2): eliminated
        phase = record.phase
        ours = phase.side == _side(record, spec)
        if ours and phase.kind == "movement" and state:
            _in_supply_again(record, state)
        if state:       # each phase's states at its start, for the combat and movement checks (.heavy_equipment_effects)
            memory.setdefault(AT_PHASE, {})[(record.turn, record.phase_index)] = dict(state)
        if not ours:
            return []
        if phase.kind in MOVEMENT_KINDS:
            for key, track in record.tracks.items():
                if key in state and any(d.hex != track.start for d in track.map_drops):
                    state[key] = {SIDE_1: SIDE_2, SIDE_2: UNDER}.get(state[key], state[key])   # 25.34
        if phase.kind == "combat":
            return _attacks(record, spec, state)
        if phase.name == spec["phase"]:
            _, towns = placements(record, spec)
            for key in sorted(supplied_units(start, towns) - received):
                state[key] = SIDE_1                          # 25.28
                received.add(key)
        return []


def _side(record: PhaseRecord, spec: dict[str, Any]) -> str:
    """The side that air supplies: the side of the Air Power Phase that spec names."""
    return next(p.side for p in record.start.game.phases if p.name == spec["phase"])


def _in_supply_again(record: PhaseRecord, state: dict[str, str]) -> None:
    """25.35 (1): at the beginning of the German Player-Turn a marker on top of a unit in supply
    goes; a unit whose supply is not known has a state not known."""
    tracer = SupplyTracer(record.start, by_lines=True)
    for key in sorted(state):
        if state[key] not in (SIDE_1, SIDE_2):
            continue
        status = tracer.state(key).status
        if status == IN:
            del state[key]
        elif status != OUT:
            state[key] = NOT_KNOWN


def _attacks(record: PhaseRecord, spec: dict[str, Any], state: dict[str, str]) -> list[Judgement]:
    """25.34: a unit with its Heavy Equipment marker under it may not attack."""
    game = record.start.game
    found = []
    for battle in record.battles:
        before = battle.before
        if before is None or battle.die is None:
            continue
        for hex_ in sorted(battle.attacker_hexes):
            for key in before.at(hex_):
                if state.get(key) != UNDER:
                    continue
                where = hex_name(game, hex_)
                found.append(Judgement(battle.die_step or battle.declared_step, key, where, "", Verdict.illegal(
                    cite(game, spec["cases"]["heavy_equipment_under"]), (
                        f"{game.counter(key).name} attacked in battle {battle.number} from {where} with its Heavy "
                        "Equipment marker under it (moved twice since it was first air supplied); such a unit may "
                        "not attack"), [hex_]), record.turn, record.phase.name, game.counter(key).side))
    return found


def heavy_equipment_at(records: Sequence[PhaseRecord]) -> dict[str, str]:
    """Each unit's Heavy Equipment marker after the last of ``records``: "1", "2", "under" or
    "not known", for units that have one (Korsun 25.3; 27.1 counts those "under" at the end)."""
    memory: dict[str, Any] = {}
    rule = HeavyEquipment()
    for record in records:
        rule.check_phase(record, memory)
    end = records[-1].end or records[-1].start if records else None
    state: dict[str, str] = memory.get("state", {})
    return {k: v for k, v in sorted(state.items()) if end is None or end.units[k].hex is not None}


HEAVY_EQUIPMENT = HeavyEquipment()
