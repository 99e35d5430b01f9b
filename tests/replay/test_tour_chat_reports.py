"""VASSAL's 2005 tour (a legacy plain-text log on a legacy module with square, zoned/region and hex
grids, and board changes in the middle): the location names the replay computes from the move
coordinates are the names the log's own chat reports give."""

from __future__ import annotations

import re

from vmodgen.engine.replay import PieceAdded, PieceMoved, PieceRemoved, Replay
from vmodgen.engine.vassal.module import read_module
from vmodgen.engine.vassal.savefile import read_game
from tests.replay.cases import TOUR_LOG

MOVED = re.compile(r"\* (?P<name>.*) moves (?P<src>.*) (?:->|&rarr;) (?P<dst>.*) \*$")
CREATED = re.compile(r"\* (?P<name>.*) created in (?P<at>.*)$")
DELETED = re.compile(r"\* (?P<name>.*) deleted from (?P<at>.*) \* ?$")


def reports_and_events() -> list[tuple[str, tuple[str, ...], list]]:
    replay = Replay(read_game(TOUR_LOG.log), read_module(TOUR_LOG.module))
    found = []
    for step in replay.steps():
        for event in step.events:
            text = getattr(event, "text", None)
            if text is None:
                continue
            for kind, pattern in (("moved", MOVED), ("created", CREATED), ("deleted", DELETED)):
                match = pattern.match(text)
                if match:
                    found.append((kind, match.groups()[1:], step.events))
    return found


REPORTS = reports_and_events()


def test_the_tour_reports_moves_creations_and_deletions_on_every_kind_of_grid() -> None:
    kinds = [kind for kind, _, _ in REPORTS]
    assert (kinds.count("moved"), kinds.count("created"), kinds.count("deleted")) == (20, 5, 4)
    names = {name for _, names, _ in REPORTS for name in names}
    assert {"1,-1", "Japan", "Turn 7 Returns", "G7", "M5", "dungeon"} <= names


def test_every_reported_move_is_a_move_between_the_reported_locations() -> None:
    for kind, names, events in REPORTS:
        if kind == "moved":
            moves = [(e.from_location, e.to_location) for e in events if isinstance(e, PieceMoved)]
            assert moves == [names], names


def test_every_reported_creation_is_a_piece_added_at_the_reported_location() -> None:
    for kind, names, events in REPORTS:
        if kind == "created":
            assert [e.location for e in events if isinstance(e, PieceAdded)] == list(names)


def test_every_reported_deletion_removes_a_piece_from_the_reported_location() -> None:
    for kind, names, events in REPORTS:
        if kind == "deleted":
            assert [e.piece.location for e in events if isinstance(e, PieceRemoved)] == list(names)
