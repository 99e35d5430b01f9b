"""Rostov 19.3: roads give no movement benefit; a unit entering a road hex pays the other terrain.

The data says so already (``charts/terrain.toml``: the road costs ``terrain``, no unit type uses
roads), so the standard movement check judges every move at the right cost. What this adds is
the case a finding cites: a move over its allowance that the Standard rules' road rate (10.23,
``rules.roads_no_benefit.standard_cost``) would have let through is illegal because of Rostov
19.3, as a move over its allowance only because of the weather cites the weather's case.

>>> ROADS.name
'rostov_roads'
"""

from __future__ import annotations

import dataclasses
from typing import Any

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.positions import remembered
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, cite, optional_param


def spec(game: Game) -> dict[str, Any] | None:
    """``rules.roads_no_benefit`` when the game states it, else None."""
    rule = optional_param(game, "roads_no_benefit", None)
    return rule if isinstance(rule, dict) and "standard_cost" in rule else None


def _standard_roads(game: Game, rule: dict[str, Any]) -> Game:
    """The game as the Standard rules would have it: the road at its 10.23 rate for the movement
    classes ``standard_cost`` names, and the unit types of those classes using it."""
    def build() -> Game:
        road = rule.get("line", "road")
        terrain = dict(game.terrain.types)
        effects = dict(terrain[road].effects)
        effects["cost"] = {**effects.get("cost", {}), **rule["standard_cost"]}
        terrain[road] = dataclasses.replace(terrain[road], effects=effects)
        numeric = {k for k, v in rule["standard_cost"].items() if not isinstance(v, str)}
        types = {name: dataclasses.replace(t, uses_roads=True) if t.movement_class in numeric else t
                 for name, t in game.unit_types.items()}
        return dataclasses.replace(game, terrain=dataclasses.replace(game.terrain, types=terrain), unit_types=types)
    return remembered(game, ("rostov standard roads",), build)


class RostovRoads:
    """Rostov 19.3 as the case of a move over its allowance that roads would have let through."""

    name = "rostov_roads"

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        game = record.start.game
        rule = spec(game)
        if rule is None or track.start is None or track.entered_map or track.left_map:
            return None
        side = before.units[track.key].side
        if record.phase.kind == "movement" and side in optional_param(game, "rail_sides", ()):
            return None       # a move too long on foot may be a rail move: the standard check says which
        if not movement.may_move_in_phase(before, track.key).is_legal:
            return None
        hexes = [d.hex for d in track.drops if d.hex is not None]
        verdict = movement.movement_check(before, track.key, hexes, allowance, condition=condition)
        if not verdict.is_illegal or verdict.case != cite(game, "AGS 5.11"):
            return None
        standard = _standard_roads(game, rule)
        with_roads = Situation(standard, before.turn, before.phase_index, before.units, before.control)
        if not movement.movement_check(with_roads, track.key, hexes, allowance, condition=condition).is_legal:
            return None     # over its allowance whatever the roads: the standard check says so
        return [judge(record, Verdict.illegal(cite(game, str(rule.get("case", "Rostov 19.3"))), (
            f"{verdict.message}: roads give no movement benefit in this game (at the road rate of the Standard "
            "rules, 10.23, the move would be within its allowance)"), verdict.hexes), track)]


ROADS = RostovRoads()
