"""The opening position: every set-up unit on the hex its counter prints (Kiev: 18.1, 18.2; the
case per side is the ``setup_cases`` rule parameter), checked when a log starts from a new game
(Game-Turn 1, first phase, nothing played yet)."""

from __future__ import annotations

from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name, optional_param


def check_setup(first: PhaseRecord) -> list[Judgement]:
    start = first.start
    game = start.game
    if first.turn != 1 or first.phase_index != 0 or first.first_step > 1:
        return []
    cases = optional_param(game, "setup_cases", {})
    found = []
    for counter in game.counters:
        if counter.role != "setup" or counter.setup is None:
            continue
        unit = start.units.get(counter.id)
        where = unit.hex if unit is not None else None
        if where == counter.setup:
            continue
        case = cite(game, cases.get(counter.side, "set-up"))
        placed = hex_name(game, where) if where is not None else "off the map"
        found.append(Judgement(0, counter.id, placed, hex_name(game, counter.setup), Verdict.illegal(
            case, f"{counter.name} starts {('in ' + placed) if where else placed}; its set-up hex is "
                  f"{hex_name(game, counter.setup)}", [h for h in (where, counter.setup) if h is not None]),
            1, first.phase.name, counter.side))
    return found
