"""One WB-95 battle judged from its markers, its 2K6 roll and what the players then did: the
COMBAT TABLE cell the declared column and the roll give [WB95 5.2.1 f], the CELs lost [1.4, 5.3.7],
the retreat [5.3] and the pursuit [5.4].

A log shows where units were put down, which counters turned over and which left the map; it does
not show the combat modifiers (terrain, HQ, tactical concentration, stars: 1.6) nor, in Korsun
1944, any strength. So the cell is looked up at the declared column, or, with none declared, at
every column; on the roll's row, or one row off where an HQ may modify the roll [9.2.1]. What was
done is legal when some such cell allows it; a finding names what no cell allows.

What a side did against its half of a cell:

- every surviving unit that moved is retreating (a retreat result: no farther than the result's
  hexes from the hex it fought in, 5.3.2, and not into an enemy ZoC no friendly unit holds, 5.3.3,
  5.3.4) or pursuing (the enemy retreated or was eliminated: 5.4);
- the CELs lost are at least the result's loss plus a CEL for each hex of retreat not made
  (sustained retreat, 5.3.7, 5.3.8), unless the side is gone; at most that plus a CEL for each hex
  retreated (retreat through friendly-held enemy ZoC, 5.3.4) and the towed artillery and HQs the
  enemy may overrun in pursuit (6.1.7, 9.1.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, hex_name
from vmodgen.engine.rules.wb95.cels import ZERO, Range, cels, lost, owner_entered, total
from vmodgen.engine.rules.wb95.crt import Cell, SideResult, cell, hq_within_range, rows_for
from vmodgen.engine.rules.wb95.pursuit import pursuit_problem
from vmodgen.engine.rules.wb95.zoc import enemy_zoc

TOWED = "towed_artillery"
HQ = "hq"


@dataclass(frozen=True)
class Side:
    """One side of a battle: its units there when the die was rolled, and after."""

    name: str
    keys: tuple[str, ...]
    hexes: frozenset[Hex]

    def moved(self, before: Situation, after: Situation) -> dict[str, int]:
        """Surviving units put down elsewhere, with how far they are from where they fought."""
        layout = before.game.map.layout
        found = {}
        for key in self.keys:
            now = after.units.get(key)
            was = before.units[key].hex
            if now is not None and now.hex is not None and was is not None and now.hex != was:
                found[key] = layout.distance(was, now.hex)
        return found

    def survivors(self, after: Situation) -> list[str]:
        return [k for k in self.keys if after.units.get(k) is not None and after.units[k].hex is not None]


@dataclass
class Problem:
    """What one cell does not allow; ``owner`` when it rests on an owner-entered CEL value."""

    case: str
    message: str
    hexes: tuple[Hex, ...] = ()
    owner: bool = False
    unknown: bool = False   # rests on a CEL value the data does not know: not checked, never a finding


@dataclass
class Outcome:
    """A cell's verdict on a battle: no problems when it allows what was done."""

    cell: Cell | None
    problems: list[Problem] = field(default_factory=list)
    unknown: str = ""       # the cell could not be looked up


def candidate_cells(before: Situation, attackers: Side, defenders: Side, die: int,
                    column: str | None, hq_rows: bool = True) -> list[Cell | CannotCheck]:
    """Cells the battle may have been resolved on [WB95 5.2.1, 9.2.1]; an attack on an HQ alone is
    always at the rightmost column [5.1.9]. ``hq_rows``: also the rows an HQ in range may move the
    roll to (else row ``die`` only)."""
    game = before.game
    hq_alone = bool(defenders.keys) and all(game.unit_types[before.units[k].counter.type].unit_class == HQ
                                            for k in defenders.keys)
    columns = ([game.crt.columns[-1]] if hq_alone else [column] if column else list(game.crt.columns))
    rows = (rows_for(die, hq_within_range(before, attackers.name, attackers.hexes),
                     hq_within_range(before, defenders.name, defenders.hexes)) if hq_rows else (die,))
    found: list[Cell | CannotCheck] = []
    for col in columns:
        for row in rows:
            try:
                found.append(cell(game, col, row))
            except CannotCheck as off:
                found.append(off)
    return found


def judge_cell(before: Situation, after: Situation, attackers: Side, defenders: Side, one: Cell) -> Outcome:
    """Whether ``one`` allows what both sides did."""
    outcome = Outcome(one)
    for side, result, enemy in ((attackers, one.attacker, defenders), (defenders, one.defender, attackers)):
        outcome.problems += _side(before, after, side, result, enemy)
    return outcome


def _side(before: Situation, after: Situation, side: Side, result: SideResult, enemy: Side) -> list[Problem]:
    game = before.game
    moved = side.moved(before, after)
    problems: list[Problem] = []
    enemy_moved = enemy.moved(before, after)
    enemy_gone = [k for k in enemy.keys if k not in enemy.survivors(after)]
    for key, distance in sorted(moved.items()):
        name = before.units[key].counter.name
        start, end = before.units[key].hex, after.units[key].hex
        assert start is not None and end is not None
        if result.retreat:
            if distance > result.retreat:
                problems.append(Problem("WB95 5.3.2", f"{name} retreated {distance} hexes from {hex_name(game, start)} "
                                                      f"to {hex_name(game, end)}; the result allows {result.retreat}",
                                        (end,)))
            elif _ends_in_enemy_zoc(before, after, side, enemy, key, end):
                problems.append(Problem("WB95 5.3.3", f"{name} retreated into {hex_name(game, end)}, in an enemy "
                                                      "zone of control that no friendly unit holds", (end,)))
        elif enemy_moved or enemy_gone:
            found = pursuit_problem(before, after, key, enemy, enemy_moved, enemy_gone)
            if found is not None:
                problems.append(Problem(found.case, found.message, found.hexes))
        else:
            problems.append(Problem("WB95 5.3.2", f"{name} moved {distance} hex{'es' if distance > 1 else ''} from "
                                                  f"{hex_name(game, start)} to {hex_name(game, end)}; the result "
                                                  f"{result.text} gives it no retreat and the enemy neither retreated "
                                                  "nor was eliminated (no pursuit, 5.4.1)", (end,)))
    problems += _losses(before, after, side, result, moved)
    return problems


def _ends_in_enemy_zoc(before: Situation, after: Situation, side: Side, enemy: Side, key: str, end: Hex) -> bool:
    """WB95 5.3.3, 5.3.4: the hex a retreat ends in is in the ZoC of an enemy unit still there
    when the retreat was made (losses come first, pursuit after: 5.2.1 f), and no other friendly
    unit is there."""
    survivors = set(enemy.survivors(after))
    gone = [k for k in enemy.keys if k not in survivors]
    at_retreat = Situation(before.game, before.turn, before.phase_index,
                           {k: u for k, u in before.units.items() if k not in gone})
    if end not in enemy_zoc(at_retreat, side.name):
        return False
    friends = [k for k in after.at(end) if k != key and after.units[k].side == side.name
               and k not in side.moved(before, after)]
    return not friends


def _losses(before: Situation, after: Situation, side: Side, result: SideResult,
            moved: dict[str, int]) -> list[Problem]:
    """WB95 1.4, 5.2.1 f, 5.3.7, 5.3.8: the CELs the side lost against what the result asks. A
    loss the data cannot count (an eliminated counter whose CELs are unknown) is not checked unless
    every count it may be is wrong."""
    game = before.game
    survivors = side.survivors(after)
    had = {k: before.units[k] for k in side.keys}
    losses = {k: lost(had[k], after.units.get(k)) for k in side.keys}
    loss = total(losses.values())
    shortfall = result.retreat - min(moved.get(k, 0) for k in survivors) if result.retreat and survivors else 0
    need_low = result.loss + shortfall
    overrun = total(cels(had[k]) for k in side.keys if k not in survivors
                    and game.unit_types[had[k].counter.type].unit_class in (TOWED, HQ))
    # at most: every hex of retreat sustained by every unit (5.3.7, 5.3.8), a CEL for each hex
    # retreated through friendly-held enemy ZoC (5.3.4), and the units overrun in pursuit
    need_high = result.loss + result.retreat * len(side.keys) + sum(moved.values()) + overrun.high
    counts = range(loss.low, loss.high + 1)
    allowed = [v for v in counts if v <= need_high and (not survivors or v >= need_low)]
    if len(allowed) == len(counts):
        return []
    if allowed:
        unknown = ", ".join(had[k].counter.name for k, r in losses.items() if not r.known)
        return [Problem("WB95 5.2.1", f"the CELs of {unknown} are unknown (owner-values.csv): the {side.name} loss "
                                      "not checked", tuple(side.hexes), unknown=True)]
    owner = any(owner_entered(had[k].counter) for k, r in losses.items() if r != ZERO)
    short = loss.high < need_low
    ask = f"at least {need_low}" if short else f"at most {need_high}"
    sustained = f", {shortfall} of them for retreat hexes not made" if shortfall and short else ""
    return [Problem("WB95 5.3.7" if shortfall and short else "WB95 5.2.1",
                    f"the {side.name} units lost {loss} CEL{'' if loss == Range(1, 1) else 's'} "
                    f"({_losers(before, after, side)}); the result {result.text} asks {ask}{sustained}",
                    tuple(sorted(side.hexes)), owner)]


def _losers(before: Situation, after: Situation, side: Side) -> str:
    names = []
    for key in side.keys:
        now = after.units.get(key)
        name = before.units[key].counter.name
        if now is None or now.hex is None:
            names.append(f"{name} eliminated")
        elif now.showing_back != before.units[key].showing_back:
            names.append(f"{name} reduced")
    return ", ".join(names) or "none eliminated or reduced"


def summary_of(outcomes: Sequence[Outcome]) -> tuple[str, list[Problem]]:
    """``legal``, ``unchecked`` or ``illegal`` over every candidate cell, and what to report: the
    problems of the one cell when only one was possible; else, for each case every cell breaks,
    the first cell's problems of that case (none when the cells fail each for its own reason:
    the finding then says no cell allows what was done)."""
    if any(o.cell is not None and not o.problems for o in outcomes):
        return "legal", []
    unknown = [p for o in outcomes for p in o.problems if p.unknown]
    if any(o.unknown for o in outcomes) or any(all(p.unknown for p in o.problems) for o in outcomes):
        return "unchecked", unknown[:1]
    if len(outcomes) == 1:
        return "illegal", [p for p in outcomes[0].problems if not p.unknown]
    real = [[p for p in o.problems if not p.unknown] for o in outcomes]
    cases = {p.case for p in real[0]}.intersection(*({p.case for p in r} for r in real[1:]))
    found = []
    for case in sorted(cases):
        same = [p for p in real[0] if p.case == case and all((p.case, p.message) in {(q.case, q.message) for q in r}
                                                             for r in real[1:])]
        if same:
            found += same
        else:
            first = next(p for p in real[-1] if p.case == case)    # the rightmost column: the most it allows
            column = outcomes[-1].cell.column if outcomes[-1].cell else ""
            one_column = len({o.cell.column for o in outcomes if o.cell}) == 1      # a declared column's rows
            where = (f"no row the roll may be read on (9.2.1) allows it (at {column}, row {outcomes[-1].cell.row}"
                     if one_column and outcomes[-1].cell else f"no column allows it (at {column}")
            found.append(Problem(case, f"{where}: {first.message})", first.hexes,
                                 first.owner))
    return "illegal", found


def side_of(before: Situation, name: str, hexes: set[Hex], marker_class: str = "marker") -> Side:
    """The units of side ``name`` in ``hexes`` when the die was rolled (markers left out)."""
    keys = tuple(k for h in sorted(hexes) for k in before.at(h)
                 if before.units[k].side == name and before.unit_type(k).unit_class != marker_class)
    return Side(name, keys, frozenset(hexes))


def what_was_done(before: Situation, after: Situation, sides: Sequence[Side]) -> str:
    """Each side's losses and moves, as a finding names them: "German: lost 0 CELs, none moved"."""
    parts = []
    for side in sides:
        loss = total(lost(before.units[k], after.units.get(k)) for k in side.keys)
        moved = side.moved(before, after)
        moves = ", ".join(f"{before.units[k].counter.name} {d} hex{'es' if d > 1 else ''}"
                          for k, d in sorted(moved.items())) or "none moved"
        parts.append(f"{side.name}: lost {loss} CEL{'' if loss == Range(1, 1) else 's'} "
                     f"({_losers(before, after, side)}), {moves}")
    return "; ".join(parts)
