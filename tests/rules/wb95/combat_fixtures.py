"""Hand-made Korsun 1944 positions and Combat Phase records for the WB-95 combat tests: counters on
an open stretch of the map (hexes 1207-1212, clear, no river), with CELs unknown as the book leaves
them or entered as an owner would (``owner-values.csv``'s provenance)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping
from pathlib import Path

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.model.provenance import Provenance
from vmodgen.engine.rules.record import Battle, PhaseRecord
from vmodgen.engine.rules.situation import Situation, UnitState

KORSUN = Path(__file__).resolve().parents[3] / "games" / "korsun-1944"
OWNER = Provenance("owner", "owner's counters (test values, not the real counters)", ("owner",))

GER_INF, GER_INF2, GER_ART, GER_HQ = "ger-75a", "ger-75-1", "ger-art-vii", "ger-hq-vii"
SOV_INF, SOV_INF2, SOV_ARM = "sov-40-232", "sov-40-38", "sov-v-g-arm-1"


@functools.cache
def _loaded() -> Game:
    return load_game(KORSUN)


def korsun(two_cels: Iterable[str] = ()) -> Game:
    """Korsun 1944, with the counters of ``two_cels`` given 2 CELs by an owner."""
    game = _loaded()
    owned = set(two_cels)
    counters = tuple(dataclasses.replace(c, back_kind="reduced", steps=2,
                                         sources=dataclasses.replace(c.sources, back=OWNER))
                     if c.id in owned else c for c in game.counters)
    return dataclasses.replace(game, counters=counters)


def h(game: Game, name: str) -> Hex:
    return game.map.layout.parse(name)


def position(game: Game, placement: Mapping[str, str | None], back: Iterable[str] = (),
             phase: str = "German Attack") -> Situation:
    flipped = set(back)
    units = {k: UnitState(game.counter(k), h(game, v) if v else None, k in flipped) for k, v in placement.items()}
    index = next(i for i, p in enumerate(game.phases) if p.name == phase)
    return Situation(game, 1, index, units)


def combat(start: Situation, battles: Iterable[tuple[str, str, int, Situation, Situation]] = (),
           end: Situation | None = None, complete: bool = True) -> PhaseRecord:
    """A Combat Phase record: each battle (attacker hexes "1208,1108", defender hex, roll, the
    position at the roll and after it); ``end`` the position at the phase's end."""
    game = start.game
    record = PhaseRecord("test.vlog", 1, start.phase_index, 1, start, end or start, 100, complete=complete)
    for number, (attack, defend, die, before, after) in enumerate(battles, start=1):
        record.battles.append(Battle(number, number * 10, {h(game, a) for a in attack.split(",")},
                                     {h(game, d) for d in defend.split(",")}, die, number * 10 + 1, before, after))
    return record
