"""Set-up positions [WB95 SCENARIOS, Setup Aid]: each set-up line names a formation and its hexes,
and the player puts its counters on those hexes as he likes; reinforcements are not on the map at
the start (11.1.1: they enter as the schedule says).

Judged on the opening position: a save of turn 1's first phase (``check_position``), or a log
that begins there, at the end of that first phase (what was moved in it is the set-up). A counter
the book sets up in a city (Korsuń's 602 INF-R, the Resilience Groups) may stand on any hex of
that city (``[rules.setup_cities]``); one whose set-up place the data gives no hex for is not checked. The scenario is the one the position fits
(:mod:`vmodgen.engine.rules.wb95.scenario`); a unit is judged only when every candidate scenario
gives the same answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, hex_list, hex_name
from vmodgen.engine.rules.wb95 import scenario
from vmodgen.engine.rules.wb95.common import is_unit, once, opening, opening_phases
from vmodgen.engine.rules.wb95.frame import CaseCheck

CASE = "WB95 scenario set-up"


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    if not records:
        return []
    start = opening(records)
    if start is None:
        return [once(records, Verdict.unchecked(CASE, "every unit on its set-up hex: the log does not begin at "
                                                      "the start of the game (turn 1, first phase)"))]
    step = records[0].last_step
    return [_at(j, step, records[0]) for j in check_set_up(start)]


def check_position(log: str, situation: Situation) -> list[Judgement]:
    if not (situation.turn == 1 and situation.phase_index in opening_phases(situation.game)):
        return [Judgement(0, None, "", "", Verdict.unchecked(
            CASE, "every unit on its set-up hex: the position is not the start of the game (turn 1, first phase)"))]
    return check_set_up(situation)


def check_set_up(start: Situation) -> list[Judgement]:
    """Every unit on the map off its set-up line's hexes, or on the map before its arrival; the
    counters the data places on no hex, as one not-checked judgement."""
    game = start.game
    played = scenario.candidates(start, opening=start)
    titles = " / ".join(p.title for p in played)
    found: list[Judgement] = []
    unplaced = sorted({start.units[k].counter.name for p in played for k in _unplaced(p.game) if k in start.units})
    for key, unit in start.on_map():
        if not is_unit(start, key):
            continue
        answers = [_answer(p.game, key, unit.hex) for p in played]
        if not answers or any(a is None for a in answers):
            continue
        if any(a == "" for a in answers) or len(set(answers)) != 1:
            continue
        where = hex_name(game, unit.hex)
        found.append(Judgement(0, key, where, where, Verdict.illegal(CASE, f"{unit.counter.name} is set up at {where}: "
                                                                          f"{answers[0]} ({titles})", [unit.hex]),
                               start.turn, start.phase.name, unit.side))
    if unplaced:
        found.append(Judgement(0, None, "", "", Verdict.unchecked(CASE, (
            f"set-up place given by no hex in the data (a town named without its hex): {', '.join(unplaced)}: "
            "not checked")), start.turn, start.phase.name))
    return found


def _unplaced(played: Game) -> list[str]:
    """The set-up counters the data places on no hex."""
    return [c.id for c in played.counters if c.role == "setup" and c.setup is None]


def _answer(played: Game, key: str, hex_: Hex | None) -> str | None:
    """"" when the unit may be there, what is wrong when not, None when the data cannot say."""
    counter = scenario.counter_in(played, key)
    if counter is None:
        return None
    if counter.role == "reinforcement":
        return f"it is a reinforcement, due on turn {counter.entry_turn} (11.1.1), not set up"
    if counter.role != "setup":
        return None
    hexes = scenario.line_hexes(played).get(key)
    if not hexes:
        return None
    if hex_ in hexes:
        return ""
    return f"its set-up line names {hex_list(played, sorted(hexes))}"


def _at(judgement: Judgement, step: int, record: PhaseRecord) -> Judgement:
    """The judgement dated at the end of the opening phase, where the set-up is complete."""
    return replace(judgement, step=step, turn=record.turn, phase=record.phase.name)


CHECK = CaseCheck((CASE,), game=check_game, position=check_position)
