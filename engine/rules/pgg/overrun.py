"""What of an overrun [PGG 6.5] the checker judges from its two ``Overrun n`` markers, as the units
stood when its die was rolled (or when it was declared, if none was): the overrunning stack is
the marked hex holding the phasing side's units, the target the one holding the enemy's.

- the target is adjacent to the overrunning stack [PGG 6.51];
- Leaders alone do not overrun (they have no Attack Strength) [PGG 6.53];
- no Soviet overrun of German units in hexrows 0100 and 0200 on Game-Turns 1-6 [PGG 6.4];
- disrupted units do not overrun (it is an attack) [PGG 6.62];
- Soviet units that began the Movement Phase beyond every Leader's radius do not overrun [PGG 6.55].

The markers mark a hex, not the units that overran from it [PGG 6.54]: the last two are findings
only when every combat unit in the overrunning hex is disrupted, or beyond a radius.

The result, the three Movement Points and the moves around the die [PGG 6.51, 6.52, 6.54-6.56]:
:mod:`~vmodgen.engine.rules.pgg.overrun_result`.
"""

from __future__ import annotations

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.pgg.disruption import attack_verdicts
from vmodgen.engine.rules.pgg.leaders import Lines, attacks_need_leaders
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.markers import position_at
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_name

MARKER = "marker"
LEADER = "leader"


def check_overruns(record: PhaseRecord, ledger: Ledger, closed_columns: set[int]) -> list[Judgement]:
    """PGG 6.4, 6.51, 6.53, 6.62 for every overrun of a Movement Phase; ``closed_columns``: the
    hexrows the phasing side may not overrun into this Game-Turn (PGG 6.4)."""
    found: list[Judgement] = []
    for overrun in record.overruns:
        step = overrun.die_step or overrun.declared_step
        at = overrun.before or position_at(record, step)
        sides = _sides(at, overrun.hexes, record.phase.side)
        if sides is None:
            continue
        source, target, attackers = sides
        combat = {k for k in attackers if at.unit_type(k).unit_class != LEADER}
        disrupted = attack_verdicts(record, ledger, combat, step)
        for key, verdict in [(None, v) for v in _verdicts(record, at, source, target, attackers, closed_columns)] + \
                (disrupted if combat and len(disrupted) == len(combat) else []) + _radius(record, ledger, combat):
            found.append(Judgement(step, key, hex_name(at.game, source), hex_name(at.game, target), verdict,
                                   record.turn, record.phase.name, record.phase.side))
    return found


def _radius(record: PhaseRecord, ledger: Ledger, combat: set[str]) -> list[tuple[str | None, Verdict]]:
    """PGG 6.55, 10.35: a Soviet overrun by units that all began the phase beyond a Leader's radius
    (a Leader of unknown rating is tried both ways, :class:`Lines`)."""
    start = record.start
    side = record.phase.side
    if not combat or not attacks_need_leaders(start, side):
        return []
    lines = Lines(start, side, ledger.maybe_disrupted)
    beyond = []
    for key in sorted(combat):
        if key not in start.units or start.units[key].hex is None:
            return []       # entered this phase: where it began is no hex of the map
        try:
            if lines.in_command(key) is not False:
                return []
        except CannotCheck:
            return []
        beyond.append(start.units[key].counter.name)
    game = start.game
    return [(None, Verdict.illegal(cite(game, "PGG 6.55"), f"{', '.join(beyond)} overran though beyond every Leader's "
                                                           "radius when the Movement Phase began"))]


def _sides(at: Situation, hexes: set[Hex], side: str) -> tuple[Hex, Hex, set[str]] | None:
    """(overrunning hex, target hex, overrunning units) when the markers tell them apart."""
    def units(hex_: Hex, ours: bool) -> set[str]:
        return {k for k in at.at(hex_) if (at.units[k].side == side) == ours and at.unit_type(k).unit_class != MARKER}
    sources = [h for h in sorted(hexes) if units(h, True) and not units(h, False)]
    targets = [h for h in sorted(hexes) if units(h, False)]
    if len(sources) != 1 or len(targets) != 1:
        return None
    return sources[0], targets[0], units(sources[0], True)


def _verdicts(record: PhaseRecord, at: Situation, source: Hex, target: Hex, attackers: set[str],
              closed_columns: set[int]) -> list[Verdict]:
    game = at.game
    layout = game.map.layout
    found = []
    if layout.distance(source, target) != 1:
        found.append(Verdict.illegal(cite(game, "PGG 6.51"), f"an overrun from {hex_name(game, source)} against "
                                                             f"{hex_name(game, target)}, which is not adjacent",
                                     [source, target]))
    if all(at.unit_type(k).unit_class == LEADER for k in attackers):
        found.append(Verdict.illegal(cite(game, "PGG 6.53"), f"Leaders alone overran {hex_name(game, target)} from "
                                                             f"{hex_name(game, source)}; Leaders have no Attack Strength",
                                     [source]))
    if int(layout.name(target)[:2]) in closed_columns:
        found.append(Verdict.illegal(cite(game, "PGG 6.4"), f"a Soviet overrun of {hex_name(game, target)} on Game-Turn "
                                                            f"{record.turn}: no Soviet overrun into hexrows "
                                                            f"{', '.join(f'{c:02d}00' for c in sorted(closed_columns))} "
                                                            "before Game-Turn 7", [target]))
    return found

