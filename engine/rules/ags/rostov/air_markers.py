"""Rostov 24.1, 24.2: how many Air markers a side may use in a Game-Turn. Each marker is one Air
Point and is used once a Game-Turn (24.0); the Axis Player may use all three on Game-Turns 1-8 and
only one on Game-Turns 9-13 (24.1), the Soviet Player his one (24.2). The Air Points of each side
are ``rules.air_points`` (read by ``engine/rules/ags/air.py``).

A log shows the markers: every Air marker of a side put on a map hex in the phases of one Game-Turn
(moved with the stack it supplies, 23.2, it is still the one marker) is one used. A marker beyond
the Game-Turn's Air Points is one finding citing the side's case (``rules.air_markers``), at the
step it is put down. Not judged here: where and in which phase each kind of use is placed (24.11
rail hexes, 24.12 before the Initial Movement Phase, 24.13 supply counters, 24.21 a counter with no
Axis Air marker or German unit), the 24.14 limit of two for one purpose, and the removals.

>>> AIR_MARKERS.name
'rostov_air_markers'
"""

from __future__ import annotations

from typing import Any

from vmodgen.engine.piece_properties import UNIT
from vmodgen.engine.rules.ags.air import air_points
from vmodgen.engine.rules.ags.vocabulary import AIR
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name, optional_param


def spec(game: Any) -> dict[str, Any] | None:
    """``rules.air_markers`` (the case of each side's limit) when the game states it, else None."""
    rule = optional_param(game, "air_markers", None)
    return rule if isinstance(rule, dict) and "cases" in rule else None


class AirMarkers:
    """Rostov 24.1, 24.2: the Air markers a side puts on the map in a Game-Turn, against its Air Points."""

    name = "rostov_air_markers"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        rule = spec(game)
        if rule is None:
            return []
        if memory.get("turn") != record.turn:
            memory.update(turn=record.turn, used={})
        used: dict[str, list[str]] = memory["used"]
        found = []
        for placed in record.marker_moves:
            side = placed.side
            if placed.kind != AIR or placed.hex is None or side not in rule["cases"]:
                continue
            pieces = used.setdefault(side, [])
            if placed.piece in pieces:
                continue
            pieces.append(placed.piece)
            points = air_points(game, record.turn, side)
            if points is None or len(pieces) <= points:
                continue
            verdict = Verdict.illegal(cite(game, str(rule["cases"][side])), (
                f"the {side} Air marker put on {hex_name(game, placed.hex)} is the {_nth(len(pieces))} the {side} "
                f"Player uses on Game-Turn {record.turn}, where he has {points} Air "
                f"Point{'s' if points != 1 else ''}"), [placed.hex])
            found.append(Judgement(placed.step, dict(placed.properties).get(UNIT), "", hex_name(game, placed.hex),
                                   verdict, record.turn, record.phase.name, side))
        return found


def _nth(count: int) -> str:
    """The ordinal of a marker's count in a message.

    >>> _nth(2), _nth(3), _nth(4)
    ('second', 'third', '4th')
    """
    return {2: "second", 3: "third"}.get(count, f"{count}th")


AIR_MARKERS = AirMarkers()
