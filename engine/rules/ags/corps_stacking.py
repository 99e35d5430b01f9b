"""Corps that stand alone (Operation Star 19.8: a Soviet corps is never stacked with another
corps or a division; Korsun 24.12: a corps counts as three units, so with the limit of three only
an HQ may join it). Both are ``rules.corps_stacking_exclusive``: the side, the counter sizes that
stand alone and the sizes they may never share a hex with; the case is ``rules.game_cases``
``corps_stacking``. Judged where stacking binds at the end of the side's movement phases
(AGS 7.0), on the hexes that hold a unit moved in that phase (a stack is reported
in the phase that made it); a game without the parameter has no such rule.

>>> [j.verdict.case for j in CORPS_STACKING.check_movement_phase(record, {}, [], {})]   # doctest: +SKIP
['Operation Star 19.8']
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules import stacking
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.overrun import Outcome
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, game_case, hex_name, optional_param


def corps_violations(situation: Situation, spec: Mapping[str, Any], moved: Collection[str] | None = None) -> list[Verdict]:
    """One verdict per hex where a standing-alone counter shares the hex with a size it may not;
    with ``moved``, only hexes one of those units is in (a stack the phase made, reported once)."""
    game = situation.game
    alone, never = set(spec["sizes"]), set(spec["never_with_sizes"])
    stacks: dict[Hex, list[str]] = defaultdict(list)
    for key, unit in situation.on_map(spec["side"]):
        stacks[unit.hex].append(key)  # type: ignore[index]
    found = []
    for hex_, keys in sorted(stacks.items()):
        corps = sorted(k for k in keys if situation.units[k].counter.size in alone)
        mates = [k for k in keys if corps and k != corps[0] and situation.units[k].counter.size in never]
        if mates and (moved is None or any(k in moved for k in keys)):
            names = ", ".join(situation.units[k].counter.name for k in sorted([corps[0], *mates]))
            found.append(Verdict.illegal(game_case(game, "corps_stacking"), (
                f"{spec['side']} corps stacked with other corps or divisions in {hex_name(game, hex_)} ({names}); "
                "a corps may share its hex only with an HQ"
                + (" or brigades" if "X" not in never else "")), [hex_]))
    return found


class CorpsStacking:
    name = "corps_stacking"

    def check_movement_phase(self, record: PhaseRecord, memory: dict[str, Any], outcomes: list[Outcome],
                             ends: Mapping[str, Hex]) -> list[Judgement]:
        spec = optional_param(record.start.game, "corps_stacking_exclusive", None)
        end = record.end
        if (not isinstance(spec, dict) or record.phase.side != spec["side"] or not record.complete or end is None
                or not stacking.stacking_applies(end, record.phase, at_end=True)):
            return []
        return [judge(record, verdict, None, last_step=record.last_step) for verdict in corps_violations(end, spec, record.tracks)]


CORPS_STACKING = CorpsStacking()
