"""The pgglike game (the Panzergruppe Guderian rules on the small made-up kievlike map,
tests/data/games/pgglike) for the PGG rules tests, and helpers to build phase records by hand."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.record import Battle, Drop, PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from tests.rules.conftest import h, position

PGGLIKE = Path(__file__).resolve().parents[2] / "data" / "games" / "pgglike"


@pytest.fixture(scope="session")
def pgg() -> Game:
    return load_game(PGGLIKE)


def at(game: Game, placement: Mapping[str, str | None], phase: str, *, turn: int = 3,
       tried: Iterable[str] = ()) -> Situation:
    """A position in ``phase``; Soviet combat units show their untried back unless ``tried``."""
    shown = set(tried)
    back = [k for k in placement if game.counter(k).back_kind == "untried" and k not in shown]
    return position(game, placement, turn=turn, phase=phase, back=back)


def index(game: Game, phase: str) -> int:
    return next(i for i, p in enumerate(game.phases) if p.name == phase)


def moved(game: Game, start: Situation, moves: Mapping[str, list[str | None]], *, end: Situation | None = None,
          complete: bool = True) -> PhaseRecord:
    """A phase record of ``start``'s phase in which each unit was dropped in the hexes given, one
    after the other (None: off the map); the end position is where the drops leave them."""
    record = PhaseRecord("test.vlog", start.turn, start.phase_index, 1, start, last_step=99, complete=complete)
    step = 10
    now = start
    for key, drops in moves.items():
        unit = start.units[key]
        track = UnitTrack(key, unit.hex, start.game.map.name(unit.hex) if unit.hex else "pool", before=now)
        for name in drops:
            step += 1
            track.drops.append(Drop(step, name or "dead pile", h(name) if name else None))
            now = now.moved(key, h(name) if name else None)
        record.tracks[key] = track
    record.end = end or now
    return record


def battle(number: int, attackers: list[str], defender: str, die: int, before: Situation,
           after: Situation) -> Battle:
    return Battle(number, number * 10, {h(a) for a in attackers}, {h(defender)}, die, number * 10 + 1, before, after)


def combat(game: Game, start: Situation, battles: list[Battle], end: Situation | None = None) -> PhaseRecord:
    return PhaseRecord("test.vlog", start.turn, start.phase_index, 1, start, end or battles[-1].after, last_step=99,
                       battles=battles, complete=True)


def cases(found: list) -> list[tuple[str, str]]:
    """(status, case) of every judgement but the battle summaries."""
    return [(j.verdict.status, j.verdict.case) for j in found if j.battle is None]
