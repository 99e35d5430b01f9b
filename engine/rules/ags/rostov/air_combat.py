"""Rostov 19.8, 24.22 and AGS 14.1 in Rostov: an Air marker in combat. The Soviet Air marker may aid
a Soviet attack from Game-Turn 9 (24.22: one column to the right, AGS 14.14), once a Game-Turn
(24.0: one marker, used once); the Axis Player may never use his Air Points to aid combat (19.8).

In Rostov the Air Points are markers the player puts on the map, so a log shows them: the marker of
the attackers' side on the battle's hexes (an attacking stack's hex, or the hex of the enemy
adjacent to every attacking stack, where a player drops it on the target) is the Air Point spent.
The combat check asks only when the result applied is wrong at the odds
(``exclusive.ColumnBonusRule``): right one column to the right with such a marker there is legal
when this battle may have the Air Point, else one finding of the case that forbids it; with no
marker there, the result stays judged at the odds (a finding). Not judged here: the Soviet marker
on defense (24.22: never; the result at the odds is what the check asks for, so a defender's shift
is a finding of the Combat Results Table, not of 24.22), and 22.33 (never two shifts: a result two
columns off stays a finding). Parameters: ``rules.air_combat`` (``column_shift``, ``sides``:
``{side: {from_turn, case}}``, ``forbidden_case``, ``case``, ``limits_case``) and the Air Points
of each side (``rules.air_points``, read by ``engine/rules/ags/air.py``).

>>> AIR_COMBAT.name
'rostov_air_combat'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.ags.air import air_points
from vmodgen.engine.rules.ags.exclusive import ColumnBonus
from vmodgen.engine.rules.ags.vocabulary import AIR
from vmodgen.engine.rules.record import MarkerPlaced
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name, optional_param


def spec(game: Game) -> dict[str, Any] | None:
    """``rules.air_combat`` when the game states it, else None."""
    rule = optional_param(game, "air_combat", None)
    return rule if isinstance(rule, dict) and "sides" in rule and "forbidden_case" in rule else None


def battle_hexes(situation: Situation, attackers: Sequence[str]) -> set[Hex]:
    """The attackers' hexes and every hex of an enemy unit adjacent to all of them (the defender's
    hex is one of these: AGS 9.1, a defender is adjacent to every unit attacking it)."""
    layout = situation.game.map.layout
    mine = {situation.units[k].hex for k in attackers if situation.units[k].hex is not None}
    if not mine:
        return set()
    side = situation.units[attackers[0]].side
    around = set.intersection(*(set(layout.neighbours(h)) for h in mine))
    return mine | {h for h in around if any(situation.units[k].side != side for k in situation.at(h))}


def _air_marker(situation: Situation, tracer: SupplyTracer, attackers: Sequence[str]) -> MarkerPlaced | None:
    """The attackers' side's Air marker on the battle's hexes, if one is there."""
    side = situation.units[attackers[0]].side
    hexes = battle_hexes(situation, attackers)
    return next((m for m in tracer.markers.values() if m.kind == AIR and m.side == side and m.hex in hexes), None)


class AirCombat:
    """Rostov 24.22, 19.8: the attackers' Air marker on the battle as a one-column shift."""

    name = "rostov_air_combat"

    def column_bonus(self, situation: Situation, tracer: SupplyTracer, attackers: Sequence[str],
                     used: list[int]) -> ColumnBonus | None:
        game = situation.game
        rule = spec(game)
        if rule is None or not attackers:
            return None
        marker = _air_marker(situation, tracer, attackers)
        if marker is None or marker.hex is None:
            return None
        shift, side, turn = int(rule["column_shift"]), situation.units[attackers[0]].side, situation.turn
        where = f"the {side} Air marker on {hex_name(game, marker.hex)}"
        allowed = rule["sides"].get(side)
        if allowed is None:     # Rostov 19.8
            return ColumnBonus(shift, Verdict.illegal(cite(game, str(rule["forbidden_case"])), (
                f"{where} may not aid the attack: the {side} Player may not use his Air Points to aid combat"),
                [marker.hex]))
        if turn < int(allowed["from_turn"]):     # Rostov 24.22
            return ColumnBonus(shift, Verdict.illegal(cite(game, str(allowed["case"])), (
                f"{where} may aid an attack only from Game-Turn {allowed['from_turn']}, not on Game-Turn {turn}"),
                [marker.hex]))
        points = air_points(game, turn, side)
        if points is not None and len(used) >= points:     # Rostov 24.0: each marker once a Game-Turn
            return ColumnBonus(shift, Verdict.illegal(cite(game, str(rule["limits_case"])), (
                f"{where}: the {side} Air Points of Game-Turn {turn} ({points}) were already spent on battle "
                f"{', '.join(str(n) for n in used)}"), [marker.hex]))
        return ColumnBonus(shift, Verdict.legal(cite(game, str(allowed["case"])), (
            f"{where}: one Air Point, one column to the right (AGS 14.14)"), [marker.hex]))


AIR_COMBAT = AirCombat()
