"""A WB-95 Combat Phase (phases 4 and 10): the battles the attacking player declared with numbered
markers, each judged on its roll (:mod:`~vmodgen.engine.rules.wb95.battle`); each unit fighting
once [WB95 5.1.1]; no unit moving but by retreat or pursuit [3.1.1]; and, once the phase is over,
the mandatory attacks: every unit in an enemy ZoC attacked, unless fortified [5.1.3], and every
enemy unit with attacking units in its ZoC attacked [5.1.4].

Markers mark hexes, not units: every unit in a defending hex defends, but a stack with the markers
of two attacks may have split between them, so a unit there is said to have fought twice only when
it stood alone [5.1.1, 5.1.5].
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import BattleSummary, Judgement
from vmodgen.engine.rules.record import Battle, PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, hex_name
from vmodgen.engine.rules.wb95 import vocabulary
from vmodgen.engine.rules.wb95.battle import (Outcome, Problem, Side, candidate_cells, judge_cell, side_of,
                                              summary_of, what_was_done)
from vmodgen.engine.rules.wb95.cels import owner_entered
from vmodgen.engine.rules.wb95.columns import computed, unbounded
from vmodgen.engine.rules.wb95.common import owner_note, taken_part_twice
from vmodgen.engine.rules.wb95.disorganization import check_disorganization
from vmodgen.engine.rules.wb95.headquarters import (BONUS_PHASES, BONUS_REACH, Elimination, describe, eliminations,
                                                    out_of_range_message)
from vmodgen.engine.rules.wb95.zoc import NO_ZOC, enemy_zoc

MARKER = "marker"
#: counter symbols of guns that may be towed, which cannot attack directly [WB95 5.1.10] though their
#: type moves as trucked (1.3: the counter's wheel or track decides, and the book prints none)
MAYBE_TOWED = ("anti_tank", "anti_aircraft")
#: whether a hex holds a Field or Improved Fortification of the side (None: the log cannot tell)
Fortified = Callable[[Situation, Hex, str], "bool | None"]


def check_combat_phase(record: PhaseRecord, column_of: Callable[[Battle], str | None] = lambda b: None,
                       fortified: Fortified | None = None,
                       fallen: Sequence[Elimination] | None = None) -> list[Judgement]:
    """Every finding and unchecked note of one Combat Phase. ``column_of`` gives a battle's declared
    column, ``fortified`` whether a hex is fortified (by default: read from the fortification
    markers where the game has them; without them 5.1.3 is not checked), ``fallen`` the HQs the log
    shows eliminated (9.1.6; by default those of this phase and any off the map when it began)."""
    found: list[Judgement] = []
    if fortified is None:
        fortified = fortifications(record)
    if fallen is None:
        fallen = eliminations([record])
    rolled = sorted((b for b in record.battles if b.die is not None and b.before is not None),
                    key=lambda b: b.die_step or 0)
    fought: dict[str, list[tuple[int, bool]]] = {}   # key -> (battle, certain) for each battle fought
    in_battle: set[str] = set()
    for index, battle in enumerate(rolled):
        following = rolled[index + 1] if index + 1 < len(rolled) else None
        after = following.before if following is not None else (record.end or battle.after)
        last = (following.die_step or 0) - 1 if following is not None else record.last_step
        if after is None:
            continue
        attackers, defenders, judged = _battle(record, battle, after, last, column_of(battle), fallen)
        found += judged
        for key in attackers.keys:
            alone = len([k for k in battle.before.at(battle.before.units[key].hex)  # type: ignore[union-attr, arg-type]
                         if battle.before.unit_type(k).unit_class != MARKER]) == 1  # type: ignore[union-attr]
            fought.setdefault(key, []).append((battle.number, alone))
        for key in defenders.keys:
            fought.setdefault(key, []).append((battle.number, True))
        in_battle.update(attackers.keys + defenders.keys)
    for battle in record.battles:
        if battle.die is None:
            found.append(_note(record, battle.declared_step, "WB95 5.2.1",
                               f"battle {battle.number} was declared but no combat roll was made for it"))
    for step in record.stray_dice:
        found.append(_note(record, step, "WB95 5.2.1", "a roll in the Combat Phase with no battle declared by its "
                                                       "markers: not checked"))
    found += _once_each(record, fought)
    found += _moved_outside_battles(record, in_battle)
    if record.complete:
        found += _mandatory(record, {h for b in record.battles for h in b.attacker_hexes},
                            {h for b in record.battles for h in b.defender_hexes}, in_battle, fortified)
    return found


def fortifications(record: PhaseRecord) -> Fortified | None:
    """Whether a hex held a Field or Improved Fortification marker when the phase began [WB95 7.1.1,
    7.2]; None for a hex whose units may still be in the fortifications their scenario gives them
    (a set-up unit on its set-up hex: Setup Aid "(FF)", the German Player's Improved Fortifications)
    and for a game whose module has no fortification markers."""
    kinds = (vocabulary.FIELD_FORTIFICATION, vocabulary.IMPROVED_FORTIFICATION)
    if not any(m.kind in kinds for m in record.start.game.markers):
        return None
    marked = {m.hex for m in record.markers_at_start.values() if m.kind in kinds}

    def fortified(situation: Situation, hex_: Hex, side: str) -> bool | None:
        if hex_ in marked:
            return True
        if any(situation.units[k].counter.setup == hex_ for k in situation.at(hex_) if situation.units[k].side == side):
            return None
        return False
    return fortified


def _battle(record: PhaseRecord, battle: Battle, after: Situation, last: int, column: str | None,
            fallen: Sequence[Elimination]) -> tuple[Side, Side, list[Judgement]]:
    game = record.start.game
    before = battle.before
    assert before is not None and battle.die is not None
    phasing = record.phase.side
    enemy = next((s.name for s in game.sides if s.name != phasing), "")
    attackers = side_of(before, phasing, battle.attacker_hexes)
    defenders = side_of(before, enemy, battle.defender_hexes)
    step = battle.die_step or battle.declared_step
    summary = BattleSummary(battle.number, tuple(sorted(attackers.hexes)), attackers.keys,
                            next(iter(defenders.hexes)) if len(defenders.hexes) == 1 else None, defenders.keys,
                            odds=column or "", die=battle.die)
    if not attackers.keys or not defenders.keys:
        note = _note(record, step, "WB95 5.2.1", f"battle {battle.number}: no {phasing} unit under its Attack markers "
                                                 f"or no {enemy} unit under its Defend markers; not checked")
        return attackers, defenders, [note, _closed(record, step, summary, "not checked")]
    if len(attackers.hexes) > 1 and len(defenders.hexes) > 1:
        found = [_judgement(record, step, Verdict.illegal(
            "WB95 5.1.5", f"battle {battle.number}: attackers on {len(attackers.hexes)} hexes fought defenders on "
                          f"{len(defenders.hexes)} hexes; either side of a combat must be on one hex",
            sorted(defenders.hexes)))]
        return attackers, defenders, found + [_closed(record, step, summary, "illegal: WB95 5.1.5")]
    declared = _declared_column(record, battle, before, (attackers, defenders), column, step, fallen)
    outcomes = []
    for one in candidate_cells(before, attackers, defenders, battle.die, column):
        outcomes.append(Outcome(None, unknown=one.reason) if isinstance(one, CannotCheck)
                        else judge_cell(before, after, attackers, defenders, one))
    status, problems = summary_of(outcomes)
    if status == "illegal":
        problems = _hq_out_of_range(before, after, (attackers, defenders), battle.die, column) or problems
    cells = [o.cell for o in outcomes if o.cell is not None]
    allowed = [o.cell for o in outcomes if o.cell is not None and not o.problems]
    disorganization = check_disorganization(record, step, last, after, (attackers, defenders), allowed)
    where = f"at {column}" if column else "at any column (none declared)"
    context = f"battle {battle.number} {where}, roll {battle.die}"
    summary = replace(summary, result=cells[0].text if len(cells) == 1 else "")
    found = list(declared)
    if status == "illegal":
        if not problems:
            done = what_was_done(before, after, (attackers, defenders))
            found.append(_judgement(record, step, Verdict.illegal(
                "WB95 5.2.1", f"{context}: no cell of the COMBAT TABLE this roll may be read on allows what was "
                              f"done ({done})", sorted(defenders.hexes))))
        for problem in problems:
            owner = " (rests on CELs an owner entered in owner-values.csv)" if problem.owner else ""
            found.append(_judgement(record, step, Verdict.illegal(problem.case, f"{context}: {problem.message}{owner}",
                                                                  problem.hexes)))
    found += [_judgement(record, step, replace(v, message=f"{context}: {v.message}")) for v in disorganization]
    broken = sorted({j.verdict.case for j in found if j.verdict.is_illegal})  # findings, not the notes
    if broken:
        verdict = "illegal: " + ", ".join(broken)
    elif status == "unchecked":
        reason = problems[0].message if problems else next(o.unknown for o in outcomes if o.unknown)
        found.append(_note(record, step, "WB95 5.2.1", f"{context}: {reason}"))
        verdict = "not checked: " + reason
    else:
        verdict = "legal"
    return attackers, defenders, found + [_closed(record, step, summary, verdict)]


def _hq_out_of_range(before: Situation, after: Situation, sides: tuple[Side, Side], die: int,
                     column: str | None) -> list[Problem]:
    """WB95 9.2.1: when no row the roll may be read on allows what was done, but the row an HQ's
    modifier would give does (the attacker's roll less 1, the defender's plus 1), the player used an
    HQ out of its range: that is the finding. [] when no such row allows it either."""
    attackers, defenders = sides
    for side, row in ((attackers, die - 1), (defenders, die + 1)):
        for one in candidate_cells(before, attackers, defenders, row, column, hq_rows=False):
            if isinstance(one, CannotCheck) or judge_cell(before, after, attackers, defenders, one).problems:
                continue
            why = out_of_range_message(before, side.name, sorted(side.hexes), row, die, one.text)
            if why is not None:
                return [Problem("WB95 9.2.1", why, tuple(sorted(side.hexes)))]
    return []


def _declared_column(record: PhaseRecord, battle: Battle, before: Situation, sides: tuple[Side, Side],
                     column: str | None, step: int, fallen: Sequence[Elimination]) -> list[Judgement]:
    """WB95 1.5, 1.6: the declared column against the span the SPs allow where they are known; where
    they are not, a note that the column (and so the result read on it) rests on the declaration."""
    if not column:
        return []
    game = record.start.game
    try:
        span = computed(before, record.markers_at(step - 1), *sides, fallen)
    except CannotCheck as unknown:
        return [_note(record, step, unknown.case or "WB95 1.5", f"battle {battle.number}: the column {column} rests "
                                                                 f"on the player's declaration: {unknown.reason}")]
    if span is None:
        return [_note(record, step, "WB95 1.5", f"battle {battle.number}: the column {column} rests on the player's "
                                                "declaration (its Column marker): the SPs are unknown "
                                                "(owner-values.csv), so the ratio is not checked")]
    columns = game.crt.columns
    if column not in columns or span.low <= columns.index(column) <= span.high:
        return []
    why_not = unbounded(before, *sides)
    if why_not:
        return [_note(record, step, "WB95 1.5", f"battle {battle.number}: the column {column} rests on the player's "
                                                f"declaration: {why_not}")]
    late = _bonus_not_usable(record, battle, before, sides, column, step, fallen)
    if late:
        return late
    keys = sides[0].keys + sides[1].keys
    owner = owner_note([before.units[k].counter.sources.front.detail for k in keys
                        if owner_entered(before.units[k].counter)])
    allowed = columns[span.low] if span.low == span.high else f"{columns[span.low]} to {columns[span.high]}"
    return [_judgement(record, step, Verdict.illegal(
        "WB95 1.5", f"battle {battle.number}: the declared column {column} is not one the SPs allow ({allowed}: "
                    f"{span.why}){owner}", sorted(sides[1].hexes)))]


def _bonus_not_usable(record: PhaseRecord, battle: Battle, before: Situation, sides: tuple[Side, Side],
                      column: str, step: int, fallen: Sequence[Elimination]) -> list[Judgement]:
    """WB95 9.1.6, 9.1.7: a declared column the SPs allow only with an HQ's elimination bonus used
    after its two Combat Phases or more than 8 hexes from where the HQ fell; [] otherwise."""
    game = record.start.game
    span = computed(before, record.markers_at(step - 1), *sides, fallen, anywhere=True)
    if span is None or not span.low <= game.crt.columns.index(column) <= span.high:
        return []
    layout = game.map.layout
    hexes = sides[0].hexes | sides[1].hexes
    far = [f for f in fallen if f.hex is not None and all(layout.distance(f.hex, h) > BONUS_REACH for h in hexes)]
    case = "WB95 9.1.7" if far and len(far) == len([f for f in fallen if f.hex is not None]) else "WB95 9.1.6"
    reason = (f"more than {BONUS_REACH} hexes from where it fell" if case == "WB95 9.1.7" else
              f"after the {BONUS_PHASES} Combat Phases it lasts, or more than {BONUS_REACH} hexes from where it fell")
    fallen_names = " and ".join(describe(fallen, before, s.name) for s in sides if describe(fallen, before, s.name))
    return [_judgement(record, step, Verdict.illegal(
        case, f"battle {battle.number}: the declared column {column} needs the combat modifiers of an HQ's "
              f"elimination ({fallen_names}), used {reason}", sorted(sides[1].hexes)))]


def _once_each(record: PhaseRecord, fought: dict[str, list[tuple[int, bool]]]) -> list[Judgement]:
    """WB95 5.1.1: a unit fights once a Combat Phase. Certain for a defender and for an attacker
    alone on its hex; a stack attacking in two battles may have split between them."""
    game = record.start.game
    found = []
    for key, numbers, certain in taken_part_twice(fought):
        name = game.counter(key).name
        if certain:
            found.append(Judgement(record.last_step, key, "", "", Verdict.illegal(
                "WB95 5.1.1", f"{name} fought in battles {numbers} of the same Combat Phase"), record.turn,
                record.phase.name, game.counter(key).side))
        else:
            found.append(_note(record, record.last_step, "WB95 5.1.1",
                               f"{name}'s stack carried the markers of battles {numbers}; which of its units fought "
                               "in each the markers do not tell"))
    return found


def _moved_outside_battles(record: PhaseRecord, in_battle: set[str]) -> list[Judgement]:
    """WB95 3.1.1: in a Combat Phase units move only by retreat and pursuit."""
    game = record.start.game
    found = []
    for key, track in sorted(record.tracks.items()):
        if key in in_battle or track.start is None or not track.drops:
            continue
        last = track.drops[-1]
        counter = game.counter(key)
        if game.unit_types[counter.type].unit_class == MARKER or last.hex is None or last.hex == track.start:
            continue
        found.append(Judgement(last.step, key, track.start_location, last.location, Verdict.illegal(
            "WB95 3.1.1", f"{counter.name} moved from {track.start_location} to {last.location} in the "
                          f"{record.phase.name} phase without fighting: units move in a Combat Phase only by "
                          "retreat and pursuit", [last.hex]), record.turn, record.phase.name, counter.side))
    return found


def _mandatory(record: PhaseRecord, attacking: set[Hex], defending: set[Hex], in_battle: set[str],
               fortified: Fortified | None) -> list[Judgement]:
    """WB95 5.1.3, 5.1.4, 5.1.7: at the end of the phase, every attacking unit that stood in an enemy
    ZoC has attacked (unless fortified, 7.1.11, 7.2.5), and every enemy unit whose ZoC covered an
    attacking unit has been attacked. Units that fought in no battle stood where they began."""
    start = record.start
    game = start.game
    phasing = record.phase.side
    found: list[Judgement] = []
    must_attack: dict[str, list[str]] = {}
    must_be_attacked: dict[str, list[str]] = {}
    zones = enemy_zoc(start, phasing)
    for key, unit in start.on_map(phasing):
        if game.unit_types[unit.counter.type].unit_class in NO_ZOC or unit.hex is None:
            continue     # only regular units attack: 5.1.10, 6.3 (artillery supports), 9.1 (HQs)
        for enemy in zones.get(unit.hex, ()):
            must_attack.setdefault(key, []).append(enemy)
            must_be_attacked.setdefault(enemy, []).append(key)
    for key, enemies in sorted(must_attack.items()):
        unit = start.units[key]
        hex_ = unit.hex
        if key in in_battle or hex_ is None or hex_ in attacking:
            continue
        shelter = fortified(start, hex_, phasing) if fortified is not None else None
        names = ", ".join(sorted(start.units[e].counter.name for e in enemies))
        where = f"{unit.counter.name} in {hex_name(game, hex_)}"
        if game.unit_types[unit.counter.type].symbol in MAYBE_TOWED:
            found.append(_note(record, record.last_step, "WB95 5.1.3",
                               f"{where} (in the ZoC of {names}) did not attack; a gun that may be towed cannot "
                               "attack directly (5.1.10)"))
        elif shelter is None:
            found.append(_note(record, record.last_step, "WB95 5.1.3",
                               f"{where} (in the ZoC of {names}) did not attack; whether it is in fortifications "
                               "(7.1.11, 7.2.5) the log does not tell"))
        elif not shelter:
            found.append(_unit_finding(record, key, Verdict.illegal(
                "WB95 5.1.3", f"{where} stood in the ZoC of {names} and did not attack in the {record.phase.name} "
                              "phase", [hex_])))
    for key, attackers in sorted(must_be_attacked.items()):
        unit = start.units[key]
        hex_ = unit.hex
        if key in in_battle or hex_ is None or hex_ in defending:
            continue
        names = ", ".join(sorted(start.units[a].counter.name for a in attackers))
        found.append(_unit_finding(record, key, Verdict.illegal(
            "WB95 5.1.4", f"{unit.counter.name} in {hex_name(game, hex_)} had {names} in its ZoC and was not "
                          f"attacked in the {record.phase.name} phase", [hex_])))
    return found


def _unit_finding(record: PhaseRecord, key: str, verdict: Verdict) -> Judgement:
    game = record.start.game
    where = hex_name(game, verdict.hexes[0]) if verdict.hexes else ""
    return Judgement(record.last_step, key, where, "", verdict, record.turn, record.phase.name, record.phase.side)


def _note(record: PhaseRecord, step: int, case: str, message: str) -> Judgement:
    return Judgement(step, None, "", "", Verdict.unchecked(case, message), record.turn, record.phase.name,
                     record.phase.side)


def _judgement(record: PhaseRecord, step: int, verdict: Verdict) -> Judgement:
    game = record.start.game
    where = hex_name(game, verdict.hexes[0]) if verdict.hexes else ""
    return Judgement(step, None, where, "", verdict, record.turn, record.phase.name, record.phase.side)


def _closed(record: PhaseRecord, step: int, summary: BattleSummary, verdict: str) -> Judgement:
    """The battle's summary for the report's list of battles."""
    game = record.start.game
    where = hex_name(game, summary.defender_hex) if summary.defender_hex else ""
    return Judgement(step, None, where, "", Verdict.legal("WB95 5.2.1", f"battle {summary.number}: {verdict}"),
                     record.turn, record.phase.name, record.phase.side, replace(summary, verdict=verdict))

