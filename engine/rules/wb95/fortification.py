"""Field Fortifications built [WB95 7.1.2-7.1.4]: a Field Fortification marker put down on a hex
(7.1.1: the marker goes under the unit) is an FF built there. It is built in the Movement Phase
(7.1.2) by a regular unit of the phasing player that is not moved (7.1.2 a): building costs all the
MPs the unit had at the start of the phase (7.1.4), so a unit that moved in the phase before the
marker was put down did not build it, and one that moves on afterwards was moved. The builder did
not retreat in the last Combat Phase (7.1.2 b), unless it is unable to leave the enemy ZoC (7.1.3).

What the log shows decides: when the marker was put down, on which hex, which units of the phasing
side stood there from the phase's start without moving, and whether they moved in the previous
Combat Phase of the log (in the enemy's Combat Phase a unit that moves is retreating). Not judged:
7.1.3's "unable to leave" (it asks where the unit could go, not where it went), a builder whose
last Combat Phase is not in the log, and FF markers of the set-up (the opening phase).

>>> KIND
'FieldFortification'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import MarkerPlaced, PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, hex_name
from vmodgen.engine.rules.wb95 import vocabulary
from vmodgen.engine.rules.wb95.common import is_unit, opens_game
from vmodgen.engine.rules.wb95.frame import CaseCheck
from vmodgen.engine.rules.wb95.zoc import enemy_zoc

KIND = vocabulary.FIELD_FORTIFICATION
WHEN = "WB95 7.1.2"          # in the Movement Phase, by a regular unit not moved, that did not retreat
ZOC = "WB95 7.1.3"           # a retreated unit unable to leave the enemy ZoC may build
COST = "WB95 7.1.4"          # all the MPs the unit had at the start of the Movement Phase
MOVEMENT = "movement"
COMBAT = "combat"
#: unit classes that are no regular unit: an HQ (9.1.5 sets it apart from regular units)
NOT_REGULAR = ("hq", "marker")


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    found: list[Judgement] = []
    for index, record in enumerate(records):
        if index == 0 and opens_game(record):
            continue                        # the set-up's (FF) markers
        for marker in built(record):
            found.append(_judge(records, index, record, marker))
    return found


def built(record: PhaseRecord) -> list[MarkerPlaced]:
    """The Field Fortification markers put down on a hex in the phase: new on the map, or moved to
    another hex (an FF never moves with a unit: 7.1.5, 7.1.6)."""
    where = {piece: m.hex for piece, m in record.markers_at_start.items() if m.kind == KIND}
    found = []
    for marker in record.marker_moves:
        if marker.kind != KIND:
            continue
        if marker.hex is not None and where.get(marker.piece) != marker.hex:
            found.append(marker)
        where[marker.piece] = marker.hex
    return found


def _judge(records: Sequence[PhaseRecord], index: int, record: PhaseRecord, marker: MarkerPlaced) -> Judgement:
    game = record.start.game
    hex_ = marker.hex
    assert hex_ is not None
    where = hex_name(game, hex_)
    phase = record.phase

    def verdict(v: Verdict) -> Judgement:
        return Judgement(marker.step, None, where, where, v, record.turn, phase.name, phase.side)

    if phase.kind != MOVEMENT:
        return verdict(Verdict.illegal(WHEN, f"a Field Fortification was put down in {where} in the {phase.name} "
                                             "phase: FF are built in the Movement Phase (7.1.2)", [hex_]))
    ours = [k for k in record.start.at(hex_) if _regular(record, k) and record.start.units[k].side == phase.side]
    stayed = [k for k in ours if not _moved(record, k, before=marker.step)]
    if not stayed:
        came = _arrived(record, hex_, marker.step)
        if came:
            return verdict(Verdict.illegal(COST, f"a Field Fortification was put down in {where} after "
                                                 f"{_names(record, came)} moved there in the {phase.name} phase: "
                                                 "building costs all the MPs a unit had at the start of the phase "
                                                 "(7.1.4)", [hex_]))
        return verdict(Verdict.illegal(WHEN, f"a Field Fortification was put down in {where}, where no regular unit "
                                             f"of the {phase.side} player stood to build it (7.1.2)", [hex_]))
    builders = [k for k in stayed if not _moved(record, k)]
    if not builders:
        return verdict(Verdict.illegal(WHEN, f"a Field Fortification was put down in {where}, but "
                                             f"{_names(record, stayed)} moved on afterwards: the unit that builds "
                                             "it is not moved (7.1.2 a)", [hex_]))
    return _retreat(records, index, record, marker, builders, verdict)


def _retreat(records: Sequence[PhaseRecord], index: int, record: PhaseRecord, marker: MarkerPlaced,
             builders: list[str], verdict: Callable[[Verdict], Judgement]) -> Judgement:
    """7.1.2 b and 7.1.3: a builder that did not retreat in the last Combat Phase, or one unable to
    leave the enemy ZoC; legal when one of the builders qualifies."""
    hex_ = marker.hex
    assert hex_ is not None
    where = hex_name(record.start.game, hex_)
    last = next((r for r in reversed(records[:index]) if r.phase.kind == COMBAT), None)
    if last is None:
        return verdict(Verdict.unchecked(WHEN, f"the Field Fortification in {where}: whether "
                                               f"{_names(record, builders)} retreated in the last Combat Phase "
                                               "(7.1.2 b): that phase is not in the log"))
    retreated = [k for k in builders if _moved(last, k)]
    if len(retreated) < len(builders):
        return verdict(Verdict.legal(WHEN, f"Field Fortification built in {where}"))
    zones = enemy_zoc(record.start, record.phase.side)
    if hex_ in zones:
        return verdict(Verdict.unchecked(ZOC, f"the Field Fortification in {where}: {_names(record, builders)} "
                                              f"retreated in the {last.phase.name} phase and {'is' if len(builders) == 1 else 'are'} in an "
                                              "enemy ZoC; "
                                              "whether they could leave it (7.1.3) is not judged"))
    return verdict(Verdict.illegal(WHEN, f"a Field Fortification was put down in {where}, but "
                                         f"{_names(record, builders)} retreated in the {last.phase.name} phase "
                                         f"(turn {last.turn}) and {'is' if len(builders) == 1 else 'are'} in no "
                                         "enemy ZoC (7.1.2 b, 7.1.3)",
                                   [hex_]))


def _regular(record: PhaseRecord, key: str) -> bool:
    return is_unit(record.start, key) and record.start.unit_type(key).unit_class not in NOT_REGULAR


def _moved(record: PhaseRecord, key: str, *, before: int | None = None) -> bool:
    """Whether the unit was put down on another hex than its start in the phase (before ``before``)."""
    track = record.tracks.get(key)
    if track is None or track.start is None:
        return False
    return any(d.hex != track.start for d in track.drops if before is None or d.step < before)


def _arrived(record: PhaseRecord, hex_: Hex, step: int) -> list[str]:
    """The phasing side's regular units put down on ``hex_`` in the phase before ``step``."""
    side = record.phase.side
    return sorted(k for k, t in record.tracks.items()
                  if any(d.hex == hex_ and d.step < step for d in t.drops)
                  and k in record.start.units and record.start.units[k].side == side and _regular(record, k))


def _names(record: PhaseRecord, keys: list[str]) -> str:
    return ", ".join(record.start.units[k].counter.name for k in keys)


CHECK = CaseCheck(("WB95 7.1",), game=check_game)
