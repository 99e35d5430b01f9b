"""Stacking [WB95 3.2.1, 3.2.2]: after the end of any phase no hex holds more than 8 CELs
(``rules.stacking_cels``); an HQ counts 1 CEL.

A counter's CELs (1.2, 1.4): 2 for a two-sided unit showing its full side, 1 on its reduced side;
1 for an HQ (9.1.4), towed artillery (6.1.6) and any counter printed on one side. The book prints
no counter, so a unit whose reverse is unknown has 1 or 2 CELs: a hex is over the limit when even
1 CEL for each such unit is too many, within it when even 2 each are not, and otherwise not
checked (reported once per game, with the hexes). A finding that counts CELs an owner entered says
so. Judged at the end of every phase the log plays to its end.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, hex_name, param
from vmodgen.engine.rules.wb95.common import is_unit, once, owner_note
from vmodgen.engine.rules.wb95.frame import CaseCheck

CASE = "WB95 3.2.1"
#: CELs of a counter printed on both sides, full side up [WB95 1.2]
TWO_SIDED = 2


def cels(unit: UnitState) -> tuple[int, int, str | None]:
    """(fewest, most) CELs the counter may have as it shows, and the owner's source when the
    count rests on values an owner entered."""
    counter = unit.counter
    owner = counter.sources.back.detail if counter.sources.back.kind == "owner" else None
    if counter.back_kind == "reduced":
        count = 1 if unit.showing_back else counter.steps
        return count, count, owner
    if counter.back_kind in ("none", "mode"):
        return counter.steps, counter.steps, owner
    return 1, TWO_SIDED, None          # unknown reverse: 1 or 2 CELs


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    found: list[Judgement] = []
    open_hexes: list[str] = []
    for record in records:
        if not record.complete or record.end is None:
            continue
        judgements, unknown = check_position(record.end, record.last_step, record)
        found += judgements
        open_hexes += [f"{hex_} (turn {record.turn}, {record.phase.name})" for hex_ in unknown]
    if open_hexes:
        found.append(once(records, Verdict.unchecked(CASE, (
            f"8 CELs a hex: CELs unknown (the book prints no counter values), not checked in "
            f"{len(open_hexes)} hex(es) at a phase's end, first {', '.join(open_hexes[:3])}"))))
    return found


def check_position(situation: Situation, step: int = 0,
                   record: PhaseRecord | None = None) -> tuple[list[Judgement], list[str]]:
    """Findings for the hexes over the limit, and the hexes the unknown CELs leave open."""
    game = situation.game
    try:
        limit = int(param(game, "stacking_cels", CASE))
    except CannotCheck as unknown:
        return [Judgement(step, None, "", "", Verdict.unchecked(CASE, unknown.reason))], []
    hexes = {unit.hex for key, unit in situation.on_map() if is_unit(situation, key)}
    found, unknown = [], []
    for hex_ in sorted(hexes):                                   # type: ignore[type-var]
        keys = [k for k in situation.at(hex_) if is_unit(situation, k)]
        counts = [cels(situation.units[k]) for k in keys]
        fewest, most = sum(c[0] for c in counts), sum(c[1] for c in counts)
        if most <= limit:
            continue
        where = hex_name(game, hex_)
        if fewest <= limit:
            unknown.append(where)
            continue
        owners = [c[2] for c in counts if c[2] is not None]
        names = ", ".join(situation.units[k].counter.name for k in keys)
        count = f"{fewest} CELs" if fewest == most else f"at least {fewest} CELs"
        verdict = Verdict.illegal(CASE, f"{where} holds {count} ({names}) at the end of the phase; the limit is "
                                        f"{limit}{owner_note(owners)}", [hex_])
        turn, phase, side = (record.turn, record.phase.name, record.phase.side) if record else \
            (situation.turn, situation.phase.name, "")
        found.append(Judgement(step, None, where, "", verdict, turn, phase, side))
    return found, unknown


def check_saved(log: str, situation: Situation) -> list[Judgement]:
    """A position alone (a save): the same count."""
    found, unknown = check_position(situation)
    if unknown:
        found.append(Judgement(0, None, "", "", Verdict.unchecked(CASE, (
            f"8 CELs a hex: CELs unknown (the book prints no counter values), not checked in {', '.join(unknown)}"))))
    return found


CHECK = CaseCheck((CASE,), game=check_game, position=check_saved)
