"""The first Game-Turn begins later in the sequence of play [Operation Star 19.12: with the
German Mechanized Movement Phase]: the phases before ``rules.first_turn_first_phase`` are not
played on Game-Turn 1, so a unit moved or a battle declared in one of them is reported, citing
``rules.game_cases.first_turn_first_phase``. A game without the parameter starts with its first
phase.
"""

from __future__ import annotations

from typing import Any

from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, game_case, optional_param


class FirstTurnFirstPhase:
    name = "first_turn_first_phase"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        first = optional_param(game, "first_turn_first_phase", None)
        names = [p.name for p in game.phases]
        if record.turn != 1 or first not in names or record.phase_index >= names.index(first):
            return []
        case = game_case(game, "first_turn_first_phase")
        found = []
        for key, track in sorted(record.tracks.items()):
            if track.start is None or not any(d.hex != track.start for d in track.drops):
                continue
            found.append(judge(record, Verdict.illegal(case, (
                f"{game.counter(key).name} moved in the {record.phase.name} phase of Game-Turn 1, which is not "
                f"played: Game-Turn 1 begins with the {first} Phase"), [track.start]), track))
        for battle in record.battles:
            found.append(judge(record, Verdict.illegal(case, (
                f"battle {battle.number} was declared in the {record.phase.name} phase of Game-Turn 1, which is not "
                f"played: Game-Turn 1 begins with the {first} Phase"), sorted(battle.defender_hexes)), None,
                last_step=battle.declared_step))
        return found


FIRST_TURN_FIRST_PHASE = FirstTurnFirstPhase()
