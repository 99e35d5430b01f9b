"""What of an overrun [PGG 6.5] the checker judges from its two ``Overrun n`` markers, as the units
stood when its die was rolled (or when it was declared, if none was): the overrunning stack is
the marked hex holding the phasing side's units, the target the one holding the enemy's.

- the target is adjacent to the overrunning stack [PGG 6.51];
- Leaders alone do not overrun (they have no Attack Strength) [PGG 6.53];
- no Soviet overrun of German units in hexrows 0100 and 0200 on Game-Turns 1-6 [PGG 6.4];
- disrupted units do not overrun (it is an attack) [PGG 6.62].

Not judged (one "not checked" entry per overrun, as before): the three Movement Points, the
strength at half and the result [PGG 6.51, 6.55], which units took part and where they started
[PGG 6.54: the markers mark a hex, not the units], the moves before and after [PGG 6.52, 6.56,
6.57], the Leader's radius for a Soviet overrun [PGG 6.55].
"""

from __future__ import annotations

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.pgg.disruption import attack_verdicts
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.markers import position_at
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name

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
        for key, verdict in [(None, v) for v in _verdicts(record, at, source, target, attackers, closed_columns)] + \
                attack_verdicts(record, ledger, attackers, step):
            found.append(Judgement(step, key, hex_name(at.game, source), hex_name(at.game, target), verdict,
                                   record.turn, record.phase.name, record.phase.side))
    return found


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

