"""Disruption after an overrun [AGS 6.31-6.33], for a game whose data says ``rules.disruption = true``.

Disruption is derived from the overrun outcomes the movement check resolves, never from the
Disrupted markers (a player may or may not put them down; they are not judged here). A defender is
*disrupted* when the overrun's result for the defenders was a loss or a retreat (not an engaged
result, AGS 6.31) and the unit itself lost a step or left its hex. A defender under such a result
that neither lost nor moved, or any defender of an overrun whose result the checker could not
work out, *may be* disrupted (the book's "units that ... suffer any loss or retreat" may or may not
take in a stack-mate that kept its steps): its later move or attack is "not checked", never a
finding. A disrupted unit may not be moved and may not attack (AGS 6.32) until its side's
Disruption Removal Phase (AGS 6.33). That a disrupted HQ supplies no one (6.32) is not judged.

The rule sees every phase before it is checked (its moves and battles, and the removal) and every
movement phase after it (its overruns): one object, one memory.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules import overrun
from vmodgen.engine.rules.ags.vocabulary import COMBAT_KINDS, MOVEMENT_KINDS
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.results import ELIMINATED, NUMBER, steps_left
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, game_case, hex_name, optional_param
from vmodgen.engine.rules.zoc import NON_COMBAT_CLASSES


@dataclass(frozen=True)
class Disruption:
    """Why a unit is (``certain``) or may be disrupted: the overrun and the hex it defended."""

    side: str
    certain: bool
    number: int
    hex: Hex


class DisruptionRule:
    """AGS 6.31-6.33 with memory ``{"units": {key: Disruption}}`` kept across the phases of one game."""

    name = "ags_disruption"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        units: dict[str, Disruption] = memory.setdefault("units", {})
        if not optional_param(game, "disruption", False) or not units:
            return []
        phase = record.phase
        if phase.kind == "disruption_removal":
            for key in [k for k, d in units.items() if d.side == phase.side]:
                del units[key]                          # AGS 6.33
            return []
        own = {k: d for k, d in units.items() if d.side == phase.side}
        if phase.kind in MOVEMENT_KINDS:
            return self._moves(record, own) + self._overruns(record, own)
        if phase.kind in COMBAT_KINDS:
            return self._battles(record, own)
        return []

    def check_movement_phase(self, record: PhaseRecord, memory: dict[str, Any], outcomes: list[overrun.Outcome],
                             ends: Mapping[str, Hex]) -> list[Judgement]:
        """Who the phase's overruns disrupted (AGS 6.31)."""
        if not optional_param(record.start.game, "disruption", False):
            return []
        units: dict[str, Disruption] = memory.setdefault("units", {})
        for outcome in outcomes:
            for key, disruption in _disrupted(outcome).items():
                if key not in units or not units[key].certain:
                    units[key] = disruption             # AGS 6.32: a second disruption changes nothing
        return []

    def _moves(self, record: PhaseRecord, own: Mapping[str, Disruption]) -> list[Judgement]:
        game = record.start.game
        found = []
        for key, disruption in sorted(own.items()):
            track = record.tracks.get(key)
            if track is None or track.start is None or track.drops[-1].hex in (None, track.start):
                continue        # not moved (or taken off the map: a withdrawal is not judged here)
            name = game.counter(key).name
            why = (f"{name} defended against overrun {disruption.number} in {hex_name(game, disruption.hex)} and "
                   "suffered a loss or retreat there")
            if disruption.certain:
                verdict = Verdict.illegal(game_case(game, "disruption", "AGS 6.32"),
                                          f"{why}, so it is disrupted until its side's Disruption Removal Phase "
                                          f"(AGS 6.33); it was moved from {track.start_location}, and disrupted "
                                          "units may not be moved", [track.start])
            else:
                verdict = Verdict.unchecked(game_case(game, "disruption", "AGS 6.32"),
                                            f"{name} defended against overrun {disruption.number} in "
                                            f"{hex_name(game, disruption.hex)}, whose result for it is not known: "
                                            "it may be disrupted, in which case it may not be moved; its move "
                                            "was not checked for disruption")
            found.append(judge(record, verdict, track))
        return found

    def _overruns(self, record: PhaseRecord, own: Mapping[str, Disruption]) -> list[Judgement]:
        found = []
        for declared in record.overruns:
            if declared.before is None:
                continue
            found += _attack(record, own, declared.before, declared.hexes, f"overrun {declared.number}",
                             declared.die_step or declared.declared_step)
        return found

    def _battles(self, record: PhaseRecord, own: Mapping[str, Disruption]) -> list[Judgement]:
        found = []
        for battle in record.battles:
            found += _attack(record, own, battle.before or record.start, battle.attacker_hexes,
                             f"battle {battle.number}", battle.die_step or battle.declared_step)
        return found


def _attack(record: PhaseRecord, own: Mapping[str, Disruption], before: Situation, hexes: set[Hex],
            label: str, step: int) -> list[Judgement]:
    """AGS 6.32: a stack whose combat units are all disrupted attacked. A disrupted unit stacked
    with others that may attack is not judged (the log does not say which units of a stack attack)."""
    game = record.start.game
    found = []
    for hex_ in sorted(hexes):
        fighters = [k for k in before.at(hex_) if before.units[k].side == record.phase.side
                    and before.unit_type(k).unit_class not in NON_COMBAT_CLASSES]
        if not fighters or not all(k in own and own[k].certain for k in fighters):
            continue
        why = "; ".join(f"{game.counter(k).name} defended against overrun {own[k].number} in "
                        f"{hex_name(game, own[k].hex)} and suffered a loss or retreat" for k in fighters)
        verdict = Verdict.illegal(game_case(game, "disruption", "AGS 6.32"),
                                  f"{label} was made from {hex_name(game, hex_)} by disrupted units only ({why}; "
                                  "not yet back to normal in their side's Disruption Removal Phase, AGS 6.33): "
                                  "disrupted units may not attack", [hex_])
        found.append(judge(record, verdict, None, last_step=step))
    return found


def _disrupted(outcome: overrun.Outcome) -> dict[str, Disruption]:
    """The defenders an overrun disrupted or may have disrupted (AGS 6.31)."""
    parties, result = outcome.parties, outcome.defender_result
    declared = outcome.overrun
    if parties is None or declared.before is None:
        return {}
    before, after = declared.before, declared.after
    found = {}
    for key in parties.defenders:
        if before.unit_type(key).unit_class == "marker":
            continue
        side = before.units[key].side
        now = after.units.get(key) if after is not None else None
        if now is not None and now.hex is None:
            now = None
        if result is None or after is None:
            found[key] = Disruption(side, False, declared.number, parties.target)
        elif result.kind in (NUMBER, ELIMINATED) and now is not None:
            hit = now.hex != parties.target or steps_left(now) < steps_left(before.units[key])
            found[key] = Disruption(side, hit, declared.number, parties.target)
    return found


DISRUPTION = DisruptionRule()
