"""Disruption [PGG 6.6], read from the Disrupted markers the timeline records.

A unit is taken as disrupted only when both say so: it defended against an overrun since its
side's last Disruption Removal Phase (the ledger, PGG 6.61, 6.63) and it stands under a Disrupted
marker. Such a unit may not move nor attack [PGG 6.62]. A unit that defended against an overrun
but stands under no marker may or may not be disrupted (the result that would tell is not judged
yet): its move is not checked and its zone of control is ignored for the enemy's moves, as before.

Placement [PGG 6.61]: only defenders against an overrun become disrupted, so a Disrupted marker put
where no such unit stands is a finding. A marker that moves with its stack (a retreat, a stack
dragged) is the same test: it must stay on such a unit.
"""

from __future__ import annotations

from vmodgen.engine.piece_properties import DISRUPTED
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.markers import PhaseMarkers, hexes_of, position_at
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name

MARKER = "marker"


def move_verdict(record: PhaseRecord, track: UnitTrack, marks: PhaseMarkers) -> Verdict:
    """PGG 6.62 for a unit that defended against an overrun since its side's last Disruption
    Removal Phase and moved in this phase."""
    game = record.start.game
    name = game.counter(track.key).name
    if track.start is not None and track.start in marks.disrupted:
        return Verdict.illegal(cite(game, "PGG 6.62"), f"{name} was disrupted (it defended against an overrun and "
                                                       f"stood under a Disrupted marker in {hex_name(game, track.start)} "
                                                       f"when the {record.phase.name} phase began) and moved; "
                                                       "disrupted units may not move", [track.start])
    return Verdict.unchecked(cite(game, "PGG 6.62"), f"{name} defended against an overrun and may be disrupted, in "
                                                     "which case it may not move; no Disrupted marker stands on it, "
                                                     "and the overrun's result is not judged")


def attack_verdicts(record: PhaseRecord, ledger: Ledger, attackers: set[str], step: int) -> list[tuple[str, Verdict]]:
    """PGG 6.62: disrupted units may not attack (in a battle or an overrun declared by ``step``)."""
    game = record.start.game
    under = hexes_of(record.markers_at(step), DISRUPTED)
    now = position_at(record, step)
    found = []
    for key in sorted(attackers & ledger.maybe_disrupted):
        hex_ = now.units[key].hex if key in now.units else None
        if hex_ is not None and hex_ in under:
            found.append((key, Verdict.illegal(cite(game, "PGG 6.62"), f"{game.counter(key).name} attacked from "
                                                                      f"{hex_name(game, hex_)} while disrupted (it "
                                                                      "defended against an overrun and stands under a "
                                                                      "Disrupted marker); disrupted units may not attack",
                                                  [hex_])))
    return found


def check_combat_attacks(record: PhaseRecord, ledger: Ledger) -> list[Judgement]:
    """PGG 6.62 in a Combat Phase: every battle's attackers, as they stood when its die was rolled."""
    found = []
    for battle in record.battles:
        if battle.die_step is None:
            continue
        at = battle.before or record.start
        attackers = {k for h in battle.attacker_hexes for k in at.at(h)
                     if at.units[k].side == record.phase.side and at.unit_type(k).unit_class != MARKER}
        for key, verdict in attack_verdicts(record, ledger, attackers, battle.die_step):
            found.append(Judgement(battle.die_step, key, "", hex_name(record.start.game, verdict.hexes[0]), verdict,
                                   record.turn, record.phase.name, record.phase.side))
    return found


def check_markers(record: PhaseRecord, ledger: Ledger) -> list[Judgement]:
    """PGG 6.61: a Disrupted marker put down or moved onto a hex stands on a unit that defended
    against an overrun since its side's last Disruption Removal Phase."""
    game = record.start.game
    found = []
    for marker in record.marker_moves:
        if marker.kind != DISRUPTED or marker.hex is None:
            continue
        now = position_at(record, marker.step)
        end = record.end or now
        here = set(now.at(marker.hex)) | set(end.at(marker.hex))
        if here & ledger.maybe_disrupted:
            continue
        found.append(Judgement(marker.step, None, "", hex_name(game, marker.hex), Verdict.illegal(
            cite(game, "PGG 6.61"), f"a Disrupted marker was put in {hex_name(game, marker.hex)}, where no unit "
                                    "defended against an overrun since its side's Disruption Removal Phase; only "
                                    "overrun defenders become disrupted", [marker.hex]),
            record.turn, record.phase.name, record.phase.side))
    return found
