"""Operation Star 19.6: German units may retreat into or through enemy-controlled hexes, an
exception to AGS 9.71, losing one step (``rules.german_retreat_through_enemy_zoc``
``step_loss_per_hex``) for each they enter. The shared retreat check (``engine.rules.retreat``)
asks this rule for the price; it judges each retreating unit's losses against the paths that end
where the log put it down.

>>> from pathlib import Path
>>> from vmodgen.engine.model.loader import load_game
>>> game = load_game(Path("games/operation-star"))
>>> GERMAN_RETREAT_THROUGH_ZOC.price(game, "German"), GERMAN_RETREAT_THROUGH_ZOC.price(game, "Soviet")
(ZocPrice(case='Operation Star 19.6', steps_per_hex=1), None)
"""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.retreat import ZocPrice
from vmodgen.engine.rules.verdict import game_case, optional_table


class _GermanRetreatThroughZoc:
    name = "operation_star_retreat_through_zoc"

    def price(self, game: Game, side: str) -> ZocPrice | None:
        rule = optional_table(game, "german_retreat_through_enemy_zoc")
        if rule is None or rule.get("side") != side:
            return None
        return ZocPrice(game_case(game, "german_retreat_through_enemy_zoc", "AGS 9.71"), int(rule["step_loss_per_hex"]))


GERMAN_RETREAT_THROUGH_ZOC = _GermanRetreatThroughZoc()
