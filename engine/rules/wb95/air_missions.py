"""Air missions [WB95 8.1.2, 8.2.6, 8.2.7]: air counters carry their missions from the Air Phases, so an
Air Mission marker is put on the map (or moved to another hex) only in an Air Phase (8.1.2, 2.2 Phases
1 and 7); and an air attack, a roll of the labelled Air attack 2K6 button, is read on the AIR ATTACK
table (``rules.air_attack``) at the row of the SPs on the target hex: the attacking side's Air Mission
markers on the hex of its last marker put down before the roll, less twice the hex's terrain
modifier (8.2.7). The markers print their SPs, so the row is known; only a loss in CELs the book does
not print is left not checked.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, hex_name
from vmodgen.engine.rules.wb95 import dice, fire_result, vocabulary
from vmodgen.engine.rules.wb95.air import missions_put_down
from vmodgen.engine.rules.wb95.fire_tables import AIR_ATTACK, bands_for

AIR = "air"
AIR_ATTACK_TEST = "air_attack"
SP = "SP"


def check_air_missions(records: Sequence[PhaseRecord]) -> list[Judgement]:
    found: list[Judgement] = []
    for record in records:
        if record.phase.kind != AIR:
            found += _outside_air_phase(record)
        for roll in dice.rolls_for(record, AIR_ATTACK_TEST):
            found += _air_attack(record, roll.step, roll.value)
    return found


def _outside_air_phase(record: PhaseRecord) -> list[Judgement]:
    """WB95 8.1.2: an Air Mission marker put on the map, or on another hex, outside the Air Phases."""
    found = []
    for placed in missions_put_down(record):
        found.append(_judgement(record, placed.step, Verdict.illegal(
            "WB95 8.1.2", f"a {placed.side} air mission of {placed.get(SP)} SPs put on "
                          f"{hex_name(record.start.game, placed.hex)} in the {record.phase.name} phase; air "
                          "missions are carried out from the Air Phases (2.2 Phases 1 and 7)", [placed.hex])))
    return found


def _air_attack(record: PhaseRecord, step: int, roll: int) -> list[Judgement]:
    game = record.start.game
    markers = record.markers_at(step - 1)
    placed = [m for m in record.marker_moves if m.step < step and m.kind == vocabulary.AIR_MISSION
              and m.hex is not None and m.piece in markers]
    context = f"air attack, roll {roll}"
    if not placed:
        return [_judgement(record, step, Verdict.unchecked(
            "WB95 8.2.6", f"{context}: no Air Mission marker was put down in the phase before it: not checked"))]
    last = placed[-1]
    hex_, side = last.hex, last.side
    assert hex_ is not None
    enemy = next((s.name for s in game.sides if s.name != side), "")
    sps = sum(int(m.get(SP)) for m in markers.values() if m.kind == vocabulary.AIR_MISSION and m.hex == hex_
              and m.side == side and m.get(SP).isdigit())
    terrain = game.terrain.types.get(game.map.terrain(hex_))
    used = sps - 2 * (terrain.get("defense_cm", 0) if terrain is not None else 0)     # 8.2.7
    where = hex_name(game, hex_)
    keys = fire_result.targets(record, hex_, enemy, step)
    if not keys:
        return [_judgement(record, step, Verdict.illegal(
            "WB95 8.2.6", f"{context}: the {side} air missions on {where} attacked a hex with no {enemy} unit; air "
                          "units attack enemy ground units", [hex_]))]
    what = fire_result.done(record, hex_, keys, step)
    status, reason = fire_result.judge(bands_for(game, AIR_ATTACK, used, used), roll, what)
    context = f"{context} by {sps} {side} air SPs on {where} ({used} after the terrain, 8.2.7)"
    if status == "illegal":
        return [_judgement(record, step, Verdict.illegal("WB95 8.2.6", f"{context}: {reason}; done: {what.text()}",
                                                         [hex_]))]
    if status == "unchecked":
        return [_judgement(record, step, Verdict.unchecked("WB95 8.2.6", f"{context}: {reason}"))]
    return []


def _judgement(record: PhaseRecord, step: int, verdict: Verdict) -> Judgement:
    game = record.start.game
    where = hex_name(game, verdict.hexes[0]) if verdict.hexes else ""
    return Judgement(step, None, where, "", verdict, record.turn, record.phase.name, record.phase.side)
