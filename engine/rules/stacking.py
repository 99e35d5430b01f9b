"""Stacking [AGS 7.0, 11.22]: never more than three friendly combat units in a hex, four units
of any kind when one is an HQ, never two HQs; informational markers never count. The limit
binds at the end of each friendly Movement Phase and throughout the Combat Phase.

>>> [v.message for v in stacking_violations(situation)]            # doctest: +SKIP
['4 Soviet combat units in 1519; the limit is 3']
"""

from __future__ import annotations

from collections import defaultdict

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Phase
from vmodgen.engine.rules.ags.vocabulary import COMBAT_KINDS, MOVEMENT_KINDS
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_name, optional_param, param

MOMENTS = {"end_of_movement_phase": MOVEMENT_KINDS, "combat_phase": COMBAT_KINDS}


def stacking_applies(situation: Situation, phase: Phase, at_end: bool) -> bool:
    """Whether the stacking limit binds the phasing side now: at the end of its movement
    phases, and at any time in its combat phases (``rules.stacking_checked``) [AGS 7.0]."""
    moments = param(situation.game, "stacking_checked", "AGS 7.0")
    for moment in moments:
        kinds = MOMENTS.get(moment)
        if kinds is None:
            raise CannotCheck(f"rules.stacking_checked names {moment!r}, which this checker does not know")
        if phase.kind in kinds and (moment != "end_of_movement_phase" or at_end):
            return True
    return False


def stacking_violations(situation: Situation, side: str | None = None) -> list[Verdict]:
    """One illegal verdict per over-stacked hex of ``side`` (of every side when None); an
    unchecked verdict when the game data lacks a limit."""
    game = situation.game
    try:
        combat_limit = int(param(game, "stacking_limit", "AGS 7.0"))
        with_hq_limit = int(param(game, "stacking_limit_with_hq", "AGS 7.0"))
        hq_limit = int(param(game, "hqs_per_hex", "AGS 11.22"))
    except CannotCheck as unknown:
        return [Verdict.unchecked(cite(game, unknown.case), unknown.reason)]
    command_classes = {"hq"}
    if optional_param(game, "leaders_count_as_hq_for_stacking", False):
        command_classes.add("leader")     # leaders follow the Section 11.0 HQ rules
    free = set(optional_param(game, "stacking_free_types", []))
    stacks: dict[tuple[str, Hex], list[str]] = defaultdict(list)
    for key, unit in situation.on_map(side):
        stacks[(unit.side, unit.hex)].append(key)  # type: ignore[index]
    found = []
    for (owner, hex_), keys in sorted(stacks.items(), key=lambda item: (item[0][0], item[0][1])):
        classes = [situation.unit_type(k).unit_class for k in keys]
        commanders = sum(1 for c in classes if c in command_classes)
        # rules.stacking_free_types: units stacked "for free" (Korsun 19.3, the Baeke regiment)
        combat = sum(1 for k, c in zip(keys, classes) if c not in command_classes and c != "marker"
                     and situation.units[k].counter.type not in free)
        over_with_hq = bool(commanders) and combat + commanders > with_hq_limit
        if commanders <= hq_limit and combat <= combat_limit and not over_with_hq:
            continue    # within every limit (most hexes): no sentence to write
        where = hex_name(game, hex_)
        names = ", ".join(situation.units[k].counter.name for k in sorted(keys))
        if commanders > hq_limit:
            found.append(Verdict.illegal(cite(game, "AGS 11.22"),
                                         f"{commanders} {owner} HQs in {where} ({names}); no more than {hq_limit} "
                                         "may share a hex",
                                         [hex_]))
        if combat > combat_limit:
            found.append(Verdict.illegal(cite(game, "AGS 7.0"),
                                         f"{combat} {owner} combat units in {where} ({names}); the limit is "
                                         f"{combat_limit}",
                                         [hex_]))
        elif over_with_hq:
            # AGS 11.22: an HQ may join up to three combat units: the limit with an HQ is its rule
            found.append(Verdict.illegal(cite(game, "AGS 11.22"),
                                         f"{combat + commanders} {owner} units in {where} ({names}); the limit with "
                                         f"an HQ is {with_hq_limit}", [hex_]))
    return found
