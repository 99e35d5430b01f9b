"""Strategic movement [WB95 12.1, 12.2], in the Strategic Movement Phases (5 and 11): a unit that
moves in it did not move in its side's Movement Phase of the turn (12.1.2), does not start in an
enemy zone of control (12.2.1) and enters none (12.2.2: every drop is judged; a path between two
drops is not seen). The zones are those of :mod:`vmodgen.engine.rules.wb95.zoc`. It was marked for
it (12.1.4): its hex held a Strategic Movement marker when the phase began, the marker having been
put on in the Movement Phase (2.2, Phase 3: units are selected "instead of movement" by covering
them with the marker), so a marker put down in the Strategic Movement Phase itself marks no one.
A module without the marker does not judge 12.1.4.

Not judged: its MPs less 2 (12.2.3), which the movement check would need; whether the unit fought
in the Combat Phase (12.1.2, the combat checks know the battles). Reinforcements entering in the
phase (11.1.3) are not strategic movers, nor is a unit that only leaves the map (11.2.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, hex_name
from vmodgen.engine.rules.wb95 import vocabulary
from vmodgen.engine.rules.wb95.common import is_unit
from vmodgen.engine.rules.wb95.frame import CaseCheck
from vmodgen.engine.rules.wb95.zoc import enemy_zoc

MOVED, START, ENTER, MARKED = "WB95 12.1.2", "WB95 12.2.1", "WB95 12.2.2", "WB95 12.1.4"


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    found: list[Judgement] = []
    moved: dict[tuple[int, str], set[str]] = {}      # (turn, side) -> units moved in its Movement Phase
    for record in records:
        kind, side = record.phase.kind, record.phase.side
        if kind == "movement":
            moved.setdefault((record.turn, side), set()).update(
                k for k, t in record.tracks.items() if t.start is not None and any(d.hex != t.start for d in t.map_drops))
        elif kind == "strategic_movement":
            found += check_phase(record, moved.get((record.turn, side), set()))
    return found


def check_phase(record: PhaseRecord, moved_before: set[str]) -> list[Judgement]:
    situation = record.start
    game = situation.game
    side = record.phase.side
    zones = enemy_zoc(situation, side)
    marked = ({m.hex for m in record.markers_at_start.values() if m.kind == vocabulary.STRATEGIC_MOVEMENT}
              if any(m.kind == vocabulary.STRATEGIC_MOVEMENT for m in game.markers) else None)
    found = []
    for key, track in record.tracks.items():
        counter = game.counter(key)
        if counter.side != side or track.start is None or not is_unit(situation, key):
            continue
        drops = [d for d in track.map_drops if d.hex != track.start]
        if not drops:
            continue
        where = hex_name(game, track.start)
        if key in moved_before:
            verdict = Verdict.illegal(MOVED, f"{counter.name} moved in the Movement Phase of turn {record.turn} and "
                                             f"again in the {record.phase.name} phase", [track.start])
        elif track.start in zones:
            verdict = Verdict.illegal(START, f"{counter.name} started its strategic move at {where}, in an enemy zone "
                                             "of control", [track.start])
        elif (entered := next((d for d in drops if d.hex in zones), None)) is not None:
            verdict = Verdict.illegal(ENTER, f"{counter.name} entered the enemy zone of control at {entered.location} "
                                             "in strategic movement", [entered.hex])
        elif marked is not None and track.start not in marked:
            verdict = Verdict.illegal(MARKED, f"{counter.name} moved in strategic movement from {where}, which no "
                                              "Strategic Movement marker covered when the phase began (units are "
                                              "marked for it in the Movement Phase, 2.2 Phase 3)", [track.start])
        else:
            continue
        found.append(judge(record, verdict, track, last_step=drops[0].step))
    return found


CHECK = CaseCheck((MOVED, START, ENTER, MARKED), game=check_game)
