"""A log written by VASSAL 3.7.26 (what players run today) replays as the VASSAL 3.6 log of the
same script does: step for step the same pieces added, moved, changed and removed, the same
chat, dice, turns and properties, the same undo targets. What 3.7 adds is read, not lost: its
``UNDO`` markers mark every undo, and a dice button also sets ``<button>_summary``."""

from __future__ import annotations

from dataclasses import fields

import pytest

from vmodgen.engine.replay import DiceRoll, PropertyChanged, Replay, Undo
from vmodgen.engine.replay.state import PieceView
from vmodgen.engine.vassal.module import read_module
from vmodgen.engine.vassal.savefile import read_game
from tests.replay.cases import ENGINE_LOGS, LogCase

PAIRS = [(case, next(c for c in ENGINE_LOGS if c.engine_version == "3.7" and c.log.name == case.log.name))
         for case in ENGINE_LOGS if case.engine_version == "3.6"]


def _view(piece: PieceView) -> tuple:
    """A piece as the step left it, without the engine's clock-made ids (piece and stack)."""
    return (piece.name, piece.gpid, sorted(piece.properties.items()), sorted(piece.layers.items()), piece.map,
            piece.x, piece.y, piece.location, piece.stack[1] if piece.stack else None, piece.hidden, piece.masked)


def _event(event: object) -> tuple:
    """An event's fields, pieces without their ids; an undo without whether it was marked."""
    values = [(f.name, getattr(event, f.name)) for f in fields(event)
              if not (isinstance(event, Undo) and f.name == "marked")]
    return (type(event).__name__, *[(name, _view(v) if isinstance(v, PieceView) else v) for name, v in values])


def _steps(case: LogCase) -> list:
    case.require()
    return Replay(read_game(case.log), read_module(case.module)).run()


@pytest.mark.parametrize(("on_36", "on_37"), PAIRS, ids=[c.id for c, _ in PAIRS])
def test_the_37_log_replays_step_for_step_as_the_36_log(on_36: LogCase, on_37: LogCase) -> None:
    steps_36, steps_37 = _steps(on_36), _steps(on_37)
    assert len(steps_37) == len(steps_36)
    summaries = []
    for old, new in zip(steps_36, steps_37):
        assert (new.index, new.side, new.undo, new.undoes) == (old.index, old.side, old.undo, old.undoes)
        summaries += [e for e in new.events if isinstance(e, PropertyChanged) and e.name.endswith("_summary")]
        events = [_event(e) for e in new.events if not (isinstance(e, PropertyChanged) and e.name.endswith("_summary"))]
        assert events == [_event(e) for e in old.events], f"step {new.index}"
    dice = [e for s in steps_37 for e in s.events if isinstance(e, DiceRoll)]
    assert len(summaries) == len(dice)        # 3.7: one NAME_summary per roll (e.g. '6 x1'), beside NAME_result
    assert all(not e.global_property for e in summaries)


@pytest.mark.parametrize("case", [c for _, c in PAIRS], ids=lambda c: c.id)
def test_every_undo_of_a_37_log_is_marked(case: LogCase) -> None:
    for step in _steps(case):
        undo = [e for e in step.events if isinstance(e, Undo)]
        assert [e.marked for e in undo] == ([True] if step.undo else [])
        assert step.undo == any(isinstance(e, Undo) for e in step.events)


def test_the_37_logs_have_undos_and_dice_to_check() -> None:
    undone = {c.id for _, c in PAIRS if any(s.undo for s in _steps(c))}
    assert {"3.7/toolbar.vlog", "3.7/random-1.vlog", "3.7/kiev-opening.vlog"} <= undone
