"""Terrain that changes with the Game-Turn [Operation Star 19.31-19.34: minor river hexsides
cost nothing and give no defense through Game-Turn 7, one Movement Point and a doubled
defender from Game-Turn 8]: the chart's ``by_turn`` entries (``charts/terrain.toml``), applied
through the weather :class:`~vmodgen.engine.rules.terrain.Condition` a move and a battle are
judged under. Each entry names its case (``case``); a game without ``by_turn`` entries, or a
Game-Turn none covers, is judged by the chart as printed."""

from __future__ import annotations

from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.terrain import Condition, turn_effects


class TerrainByTurn:
    """A :class:`~vmodgen.engine.rules.ags.exclusive.MoveConditionRule`: the Game-Turn's terrain."""

    name = "terrain_by_turn"

    def move_condition(self, record: PhaseRecord, start: Hex | None, memory: dict[str, Any]) -> Condition | None:
        game = record.start.game
        cases = sorted({str(effects.get("case", "")) for ttype in game.terrain.types.values()
                        if (effects := turn_effects(ttype, record.turn)) is not None})
        if not cases:
            return None
        case = ", ".join(c for c in cases if c)
        return Condition(f"Game-Turn {record.turn} terrain ({case})", case=case, terrain_turn=record.turn)


TERRAIN_BY_TURN = TerrainByTurn()
