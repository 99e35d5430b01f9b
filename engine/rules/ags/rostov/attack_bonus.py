"""Rostov 22.3: the SW Front HQ (Timoshenko) stacked with attacking Soviet units may shift the odds
one column to the right, in supply (22.31), in one attack a Game-Turn (22.31), never in defense or
an overrun (22.31: the combat check asks only for attacks in a Combat Phase).

The player may take the shift or not, and a log does not say which: the combat check asks for it
only when the result applied is wrong at the odds and right at the shifted column
(``exclusive.ColumnBonusRule``). Before, such a battle was a false finding. Not judged: 22.32
(after the HQ was evacuated or eliminated and returned it has no bonus: its return is not followed)
and 22.33 (not with the Soviet Air Point, ``air_combat``: either gives the one column, so a result
two columns off stays a finding of the results table, not cited as 22.33).
Parameters: ``rules.attack_bonus_hq`` (``unit``, ``column_shift``, ``per_turn``, ``case``,
``limits_case``).

>>> ATTACK_BONUS.name
'rostov_attack_bonus'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.ags.exclusive import ColumnBonus
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name, optional_param


def spec(game: Game) -> dict[str, Any] | None:
    """``rules.attack_bonus_hq`` when the game states it, else None."""
    rule = optional_param(game, "attack_bonus_hq", None)
    return rule if isinstance(rule, dict) and "unit" in rule and "case" in rule else None


class SwFrontAttackBonus:
    """Rostov 22.3, 22.31: the SW Front HQ's one-column shift for the attackers it is stacked with."""

    name = "rostov_attack_bonus"

    def column_bonus(self, situation: Situation, tracer: SupplyTracer, attackers: Sequence[str],
                     used: list[int]) -> ColumnBonus | None:
        game = situation.game
        rule = spec(game)
        if rule is None:
            return None
        hq = str(rule["unit"])
        unit = situation.units.get(hq)
        if unit is None or unit.hex is None or hq not in attackers \
                or not any(k != hq and situation.units[k].hex == unit.hex for k in attackers):
            return None     # 22.3: stacked with a Soviet combat unit that is attacking
        shift = int(rule["column_shift"])
        name, where = unit.counter.name, hex_name(game, unit.hex)
        limits = cite(game, str(rule["limits_case"]))
        if len(used) >= int(rule["per_turn"]):
            return ColumnBonus(shift, Verdict.illegal(limits, (
                f"{name} already gave its bonus in battle {used[0]} of this Game-Turn; only one attack a Game-Turn "
                "may have it"), [unit.hex]))
        supply = tracer.state(hq).in_supply
        if supply is False:
            return ColumnBonus(shift, Verdict.illegal(limits, f"{name} ({where}) is out of supply and may not give "
                                                              "its attack bonus", [unit.hex]))
        if supply is None:
            return ColumnBonus(shift, Verdict.unchecked(limits, f"whether {name} ({where}) is in supply, which its "
                                                                "bonus needs, is not known", [unit.hex]))
        return ColumnBonus(shift, Verdict.legal(cite(game, str(rule["case"])), (
            f"{name} is stacked with the attackers in {where}: one column to the right"), [unit.hex]))


ATTACK_BONUS = SwFrontAttackBonus()
