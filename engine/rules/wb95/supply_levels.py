"""Out-of-supply levels [WB95 10.2.1, 10.2.3-10.2.5, 10.2.7, 10.2.8] as the Out of Supply markers
show them (the module's "Out of Supply 1" .. "Out of Supply 12", each with its ``Level``).

A unit's level is the highest level of the Out of Supply markers on its hex (0: none). The log
shows it at the start and at the end of each phase, and a level changes only by what the rules
allow in that phase:

* the owner's Supply Phase: a unit newly out of supply gets level 1 (10.2.1); an out-of-supply
  unit keeps its level, or, regaining supply, loses 4 (10.2.7), its marker coming off at 0 or
  less (10.2.8);
* its Movement and Strategic Movement Phases: at most +1, for moving with its full MPs (10.2.3);
* a Combat Phase: the attacker at most +2 (attacking at full strength, 10.2.3, and a failed attack,
  10.2.4), the defender at most +1 (attacked successfully, 10.2.4), and only a unit that fought;
* no other phase changes a level: modifications are made just after the movement or combat that
  changes them (10.2.5). A level never falls outside its Supply Phase (10.2.7), a marker never
  appears on a supplied unit outside it (10.2.1), and a marker put down covers a unit (10.2.1).

Judged per unit whose hex tells its level without doubt (every unit it ends the phase with started
with the same level). Not judged, and said so: whether a level had to rise for an attack (10.2.3
needs the strength it attacked with, 10.2.4 the battle's result; a move needing the level's rise is
judged by the movement check, 10.2.2), and whether the unit could trace its line of supply (10.1).

>>> allowed("supply", own=True, before=0, after=1), allowed("supply", own=True, before=6, after=2)
(True, True)
>>> allowed("movement", own=True, before=2, after=4), allowed("air", own=False, before=2, after=3)
(False, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import MarkerPlaced, PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, hex_name
from vmodgen.engine.rules.wb95 import vocabulary
from vmodgen.engine.rules.wb95.common import is_unit, once, opens_game
from vmodgen.engine.rules.wb95.frame import CaseCheck

KIND = vocabulary.OUT_OF_SUPPLY
LEVEL = "Level"
NEW = "WB95 10.2.1"          # out of supply in the Supply Phase, at level 1; the marker covers the unit
FULL = "WB95 10.2.3"         # +1 for full MPs, +1 for full strength
COMBAT_RISE = "WB95 10.2.4"  # +1 attacked successfully, +1 a failed attack
TIMING = "WB95 10.2.5"       # changed just after the movement or combat
REGAIN = "WB95 10.2.7"       # -4 on regaining supply, in the Supply Phase
#: 10.2.7: the level an out-of-supply unit loses on regaining supply
REGAINED = 4
#: the most a level rises in a phase of each kind, for the unit's own side and for the other side
RISES = {"movement": (1, 0), "strategic_movement": (1, 0), "combat": (2, 1)}


def allowed(kind: str, *, own: bool, before: int, after: int) -> bool:
    """Whether a unit's level may go from ``before`` to ``after`` (0: no marker) in a phase of
    ``kind``; ``own``: the unit is the phasing side's."""
    if kind == "supply" and own:
        if before == 0:
            return after in (0, 1)
        return after in (before, max(before - REGAINED, 0))
    if before == 0 or after < before:
        return after == before
    rise = RISES.get(kind, (0, 0))[0 if own else 1]
    return after - before <= rise


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    if not records or not any(m.kind == KIND for m in records[0].start.game.markers):
        return []
    found: list[Judgement] = []
    for index, record in enumerate(records):
        if index == 0 and opens_game(record):
            continue
        found += _put_down(record)
        if record.end is not None:
            found += _levels(record)
    return found + [
        once(records, Verdict.unchecked(FULL, (
            "whether an out-of-supply unit's level had to rise: attacking with more than half its strength "
            "(10.2.2, 10.2.3) needs the strength it attacked with, which a log does not say; a successful attack on "
            "it (10.2.4) needs the battle's result: not checked (moving with more than half its MPs is judged under "
            "10.2.2 where its MPs are known)"))),
        once(records, Verdict.unchecked(REGAIN, (
            "whether a unit could trace its line of supply (10.1) when it was marked out of supply or regained "
            "supply: not checked; only the levels' arithmetic is"))),
    ]


def level_at(situation: Situation, markers: dict[str, MarkerPlaced], hex_: Hex | None) -> int | None:
    """The highest Out of Supply level on ``hex_`` (0: none; None: a marker's level is unreadable)."""
    found = 0
    for marker in markers.values():
        if marker.kind != KIND or marker.hex != hex_ or hex_ is None:
            continue
        level = marker.get(LEVEL)
        if not level.isdigit():
            return None
        found = max(found, int(level))
    return found


def _levels(record: PhaseRecord) -> list[Judgement]:
    """Each unit's level at the phase's start against its end, by what the phase allows."""
    start, end = record.start, record.end
    assert end is not None
    phase = record.phase
    before_markers, after_markers = record.markers_at_start, record.markers_at(None)
    found = []
    for key, unit in start.on_map():
        now = end.units.get(key)
        if not is_unit(start, key) or now is None or now.hex is None or unit.hex is None:
            continue
        before = level_at(start, before_markers, unit.hex)
        after = level_at(end, after_markers, now.hex)
        if before is None or after is None or before == after:
            continue
        if any(level_at(start, before_markers, start.units[k].hex) != before for k in end.at(now.hex)
               if k in start.units and is_unit(start, k)):
            continue                            # a hex of units of different levels: whose is the marker?
        own = unit.side == phase.side
        message = _wrong(record, key, own, before, after)
        if message is None:
            continue
        case, text = message
        found.append(Judgement(record.last_step, key, hex_name(start.game, unit.hex), hex_name(end.game, now.hex),
                               Verdict.illegal(case, f"{unit.counter.name}: {text}", [now.hex]),
                               record.turn, phase.name, unit.side))
    return found


def _wrong(record: PhaseRecord, key: str, own: bool, before: int, after: int) -> tuple[str, str] | None:
    """The case and what is wrong with a level going from ``before`` to ``after``, None when allowed."""
    phase = record.phase
    kind = phase.kind
    change = f"its out-of-supply level went from {before or 'none'} to {after or 'none'} in the {phase.name} phase"
    if kind == "combat" and after > before > 0 and not _fought(record, key):
        return COMBAT_RISE, f"{change}, but it neither attacked nor was attacked (10.2.3, 10.2.4)"
    if allowed(kind, own=own, before=before, after=after):
        return None
    if kind == "supply" and own:
        if before == 0:
            return NEW, f"{change}: a unit that cannot trace its line of supply is marked at level 1 (10.2.1)"
        return REGAIN, (f"{change}: in its Supply Phase a unit keeps its level or, regaining supply, loses "
                        f"{REGAINED} (10.2.7)")
    if before == 0:
        return NEW, f"{change}: a unit is marked out of supply only in its own Supply Phase (10.2.1)"
    if after < before:
        return REGAIN, f"{change}: a level falls only on regaining supply, in the unit's Supply Phase (10.2.7)"
    if kind in ("movement", "strategic_movement") and own:
        return FULL, f"{change}: moving with its full MPs raises it by 1 (10.2.3)"
    if kind == "combat":
        return COMBAT_RISE, (f"{change}: a battle raises it by at most {RISES['combat'][0 if own else 1]} "
                             f"for the {'attacker' if own else 'defender'} (10.2.3, 10.2.4)")
    return TIMING, f"{change}: a level changes just after the movement or combat that changes it (10.2.5)"


def _fought(record: PhaseRecord, key: str) -> bool:
    """Whether the unit stood on a hex of a declared battle when it was declared."""
    unit = record.start.units.get(key)
    hexes = {h for b in record.battles for h in b.attacker_hexes | b.defender_hexes}
    track = record.tracks.get(key)
    where = {unit.hex} if unit is not None else set()
    if track is not None:
        where |= {d.hex for d in track.drops if d.hex is not None}
    return bool(where & hexes)


def _put_down(record: PhaseRecord) -> list[Judgement]:
    """An Out of Supply marker put down where no unit stands: it covers an out-of-supply unit (10.2.1)."""
    game = record.start.game
    found = []
    for marker in record.marker_moves:
        if marker.kind != KIND or marker.hex is None:
            continue
        if any(is_unit(record.start, k) for k in _units_at(record, marker.hex, marker.step)):
            continue
        where = hex_name(game, marker.hex)
        found.append(Judgement(marker.step, None, where, where, Verdict.illegal(
            NEW, f"an Out of Supply marker (level {marker.get(LEVEL) or '?'}) was put down in {where}, where no "
                 "unit stands: it covers an out-of-supply unit (10.2.1)", [marker.hex]),
            record.turn, record.phase.name, record.phase.side))
    return found


def _units_at(record: PhaseRecord, hex_: Hex, step: int) -> list[str]:
    """The pieces on ``hex_`` at ``step``: those that started there and were not put down
    elsewhere by then, and those put down there by then."""
    here = []
    for key, unit in record.start.units.items():
        track = record.tracks.get(key)
        drops = [d for d in track.drops if d.step <= step] if track is not None else []
        where = drops[-1].hex if drops else unit.hex
        if where == hex_:
            here.append(key)
    return here


CHECK = CaseCheck(("WB95 10.2",), game=check_game)
