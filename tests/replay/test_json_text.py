"""``vmodgen replay --json`` writes steps, chat lines and moves as text, not through the encoder
(issue 9: speed); the text must be what ``json.dumps`` gives for the document as dicts, byte for
byte, on every log and on the strings that need escaping."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.replay.cases import ALL_LOGS, LogCase
from vmodgen.commands.replay import document_chunks, event_json
from vmodgen.engine.replay import PieceMoved, Replay
from vmodgen.engine.vassal.module import read_module
from vmodgen.engine.vassal.savefile import parse_game_text, read_game

ESC = "\x1b"


def as_document(replayer: Replay) -> dict[str, Any]:
    """The ``--json`` document as dicts, built the plain way (as the command's docstring says)."""
    steps, moves = [], []
    for step in replayer.steps():
        steps.append({"step": step.index, "side": step.side, "undoes": step.undoes,
                      "events": [event_json(e) for e in step.events]})
        moves += [{"step": step.index, "id": e.piece.id, "name": e.piece.name, "from": e.from_location,
                   "to": e.to_location} for e in step.events if isinstance(e, PieceMoved)]
    final = [{"id": p.id, "name": p.name, "map": p.map, "x": p.x, "y": p.y, "location": p.location}
             for p in replayer.state.pieces()]
    errors = [{"step": e.step, "kind": e.kind, "problem": e.problem} for e in replayer.errors]
    return {"steps": steps, "moves": moves, "final": final, "errors": errors}


def written(replayer: Replay) -> str:
    return "".join(document_chunks(replayer))


@pytest.mark.parametrize("case", ALL_LOGS, ids=lambda case: case.id)
def test_the_written_document_is_the_encoders_on_every_log(case: LogCase) -> None:
    case.require()
    game, module = read_game(case.log), read_module(case.module)
    for with_module in (module, None):      # without a module every location is null
        expected = json.dumps(as_document(Replay(game, with_module)), ensure_ascii=False)
        assert written(Replay(game, with_module)) == expected


def test_strings_that_need_escaping_are_written_as_the_encoder_writes_them() -> None:
    lines = ['a "quoted" word', "a back\\slash", "tab\there", "bell\x07", "Kyiv \u041a\u0438\u0457\u0432 \u2192",
             "&lt;Ivan&gt; &amp; &quot;x&quot;", "surrogate \ud800 alone", "\u2028 line separator", ""]
    text = ESC.join(["begin_save", "end_save", *(f"LOG\tCHAT{line}" for line in lines),
                     "LOG\tM/7/Main Map/10/20/null/Main Map/1/2/null"])
    game = parse_game_text(text, "escapes.vlog")
    document = written(Replay(game, None))
    assert document == json.dumps(as_document(Replay(game, None)), ensure_ascii=False)
    assert [e["text"] for s in json.loads(document)["steps"] for e in s["events"] if e["type"] == "chat"][:5] == \
        lines[:5]


def test_a_log_with_no_step_is_an_empty_list_of_steps() -> None:
    game = parse_game_text(ESC.join(["begin_save", "CHAThello", "end_save"]), "save.vsav")
    assert written(Replay(game, None)) == json.dumps(as_document(Replay(game, None)), ensure_ascii=False)
