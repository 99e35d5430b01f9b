"""PieceView and PieceMoved set their fields in one hand-written ``__init__`` (issue 9: speed);
it must take exactly the dataclass's fields, in order, with their defaults, and stay frozen."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from vmodgen.engine.replay.events import PieceMoved
from vmodgen.engine.replay.state import PieceView


@pytest.mark.parametrize("cls", [PieceView, PieceMoved])
def test_the_constructor_takes_the_dataclass_fields_with_their_defaults(cls: type) -> None:
    parameters = list(inspect.signature(cls).parameters.values())
    fields = dataclasses.fields(cls)
    assert [p.name for p in parameters] == [f.name for f in fields]
    assert [p.default for p in parameters] == [inspect.Parameter.empty if f.default is dataclasses.MISSING
                                               else f.default for f in fields]


def test_a_view_holds_what_it_was_given_and_cannot_be_changed() -> None:
    values = ("7", "Blue Infantry", "12", {"BasicName": "Blue Infantry"}, {"Step": 1}, "Main Map", 10, 20,
              "0101", ("s1", 0), True, False)
    view = PieceView(*values)
    assert dataclasses.astuple(view) == values and view == PieceView(*values)
    assert dataclasses.replace(view, x=11).x == 11
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.x = 11     # type: ignore[misc]
    moved = PieceMoved(view, "Main Map", (1, 2), "0102", "Main Map", (10, 20), "0101")
    assert moved.player_side is None and moved.piece is view and moved.to_xy == (10, 20)
