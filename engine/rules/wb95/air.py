"""Air missions within the turn's air support [WB95 8.1.1, 8.1.5]: a scenario gives each player a
number of air SPs a turn, divided freely into missions (8.1.1 note 1; Korsun 1944's ``Air Support
(SPs)`` table, ``rules.air_support``), each used once a turn (8.1.5). A mission is an Air Mission
marker with its side and SPs; each one put on the map (or moved to another hex) in a phase of the
turn is a use of its SPs.

A log does not name its scenario: the turn's support is the most any scenario gives on that turn
(Korsuń 1944 and The Retreat count turns from 24 I, Deblockade from 3 II).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path

from vmodgen.engine.model.errors import ErrorLog, GameDataError
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.tables import read_csv
from vmodgen.engine.rules.family import DataProblem
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.record import MarkerPlaced, PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, optional_param
from vmodgen.engine.rules.wb95 import vocabulary

PARAM = "air_support"
TURN_COLUMNS = ("turn", "deblockade_turn")
SIDE, SP = "Side", "SP"


def support(game: Game) -> dict[tuple[int, str], int]:
    """(turn, side) -> the most air SPs any scenario gives that side on that turn (read once)."""
    return of_map(game, "wb95 air support", lambda: _read(game))


def _read(game: Game) -> dict[tuple[int, str], int]:
    chart = optional_param(game, PARAM, None)
    if not isinstance(chart, str):
        return {}
    log = ErrorLog()
    sides = tuple(s.name for s in game.sides)
    found: dict[tuple[int, str], int] = {}
    for row in read_csv(Path(game.folder) / chart, ("date", *TURN_COLUMNS, *sides), log):
        for column in TURN_COLUMNS:
            turn = row.get(column)
            if not turn:
                continue
            for side in sides:
                key = (int(turn), side)
                found[key] = max(found.get(key, 0), int(row.get(side)))
    log.raise_if_any()
    return found


def load_problems(game: Game) -> list[DataProblem]:
    """The air support chart read when the game loads (a module's data folder is gone later)."""
    try:
        support(game)
    except (GameDataError, ValueError) as error:
        return [DataProblem(str(optional_param(game, PARAM, "")), PARAM, str(error))]
    return []


def missions_put_down(record: PhaseRecord) -> Iterator[MarkerPlaced]:
    """The Air Mission markers put on the map, or on another hex, in the phase: a marker dropped
    back on its own hex flies no mission."""
    for placed in record.marker_moves:
        if placed.kind != vocabulary.AIR_MISSION or placed.hex is None:
            continue
        was = record.markers_at(placed.step - 1).get(placed.piece)
        if was is None or was.hex != placed.hex:
            yield placed


def check_air_support(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """Each side's air SPs used in a turn against the turn's support [WB95 8.1.1, 8.1.5]."""
    used: dict[tuple[int, str], int] = defaultdict(int)
    last: dict[tuple[int, str], PhaseRecord] = {}
    step: dict[tuple[int, str], int] = {}
    for record in records:
        moved: dict[str, tuple[str, int, int]] = {}
        for placed in missions_put_down(record):
            sps = placed.get(SP)
            moved[placed.piece] = (placed.get(SIDE), int(sps) if sps.isdigit() else 0, placed.step)
        for side, sps, at in moved.values():
            used[(record.turn, side)] += sps
            last[(record.turn, side)], step[(record.turn, side)] = record, max(at, step.get((record.turn, side), 0))
    found = []
    for (turn, side), sps in sorted(used.items()):
        record = last[(turn, side)]
        limit = support(record.start.game).get((turn, side))
        if limit is None or sps <= limit:
            continue
        found.append(Judgement(step[(turn, side)], None, "", "", Verdict.illegal(
            "WB95 8.1.1", f"the {side} player used {sps} air SPs in turn {turn}; the scenarios give at most {limit} "
                          "that turn (Air Support), each counter once (8.1.5)"), turn, record.phase.name, side))
    return found
