"""``vmodgen replay``: a VASSAL log or save as a readable timeline (or JSON), with location names.

The ``--json`` document (one line, UTF-8) is::

    {"steps":  [{"step": N, "side": str|null, "undoes": N|null, "events": [EVENT, ...]}, ...],
     "moves":  [{"step": N, "id": str, "name": str, "from": LOC, "to": LOC}, ...],
     "final":  [{"id": str, "name": str, "map": str|null, "x": N, "y": N, "location": LOC}, ...],
     "errors": [{"step": N, "kind": "unknown"|"malformed"|"missing", "problem": str}, ...]}

where LOC is the engine's location name (hex, square, region or zone name; ``offboard``; a
deck's name) and EVENT one of ``{"type": "move", id, name, from_map, from, to_map, to, to_xy}``,
``{"type": "add", id, name, map, location}``, ``{"type": "remove", id, name, map, location}``,
``{"type": "change", id, name, changes: [{kind: layer|property|name|hidden|masked, name, old,
new}]}``, ``{"type": "chat", text}``, ``{"type": "dice", button, result}``, ``{"type": "turn",
tracker, levels, text}``, ``{"type": "property", name, old, new, container}``, ``{"type":
"boards", map, boards}``, ``{"type": "undo", undoes}``. Step 0 in ``errors`` is the restore part.
"""

from __future__ import annotations

import gc
import html
import json
import sys
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import click

from vmodgen.commands.failure import fail

from vmodgen.engine.replay import (BoardsChanged, Chat, DiceRoll, Event, PieceAdded, PieceChanged, PieceMoved,
                           PieceRemoved, PropertyChanged, Replay, TurnChanged, Undo)
from vmodgen.engine.vassal.errors import ReadError
from vmodgen.engine.vassal.module import read_module
from vmodgen.engine.vassal.savefile import read_game


@click.command()
@click.argument("log", type=click.Path(path_type=Path))
@click.option("--module", "module_path", required=True, type=click.Path(path_type=Path),
              help="The module (.vmod) the game was played with; its grids name the locations.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for programs instead of the timeline.")
def replay(log: Path, module_path: Path, as_json: bool) -> None:
    """Replay a VASSAL log (.vlog) or save (.vsav) and print what happened, step by step.

    \b
    Example:
      vmodgen replay game.vlog --module build/kiev.vmod
      vmodgen replay game.vlog --module build/kiev.vmod --json

    The timeline gives each step's side, moves (from -> to, as the module's grid names the
    locations), flips, eliminations, dice, chat, turn/phase changes and every problem found in
    the file. --json prints {"steps", "moves", "final", "errors"}. Passwords in the log are
    never printed. Exit status 2 when the log or module cannot be read.
    """
    try:
        module = read_module(module_path)
        game = read_game(log)
        replayer = Replay(game, module)
    except ReadError as error:
        fail(str(error))
    # A replay leaves no garbage cycles behind (the game state's links live as long as the game),
    # so the cyclic collector would only walk the live state again and again (issue 9: it made
    # the cost grow faster than the log); reference counting frees the rest.
    gc.disable()
    out = sys.stdout
    try:
        if as_json:
            for chunk in document_chunks(replayer):
                out.write(chunk)
            out.write("\n")
        else:
            for line in timeline_lines(replayer):
                out.write(line + "\n")
    except ReadError as error:      # a step nested too deeply to decode, met as the steps are read
        out.flush()
        fail(str(error))
    out.flush()


# -- JSON -------------------------------------------------------------------------------------------

def document_chunks(replayer: Replay) -> Iterator[str]:
    """The ``--json`` document (the text ``json.dumps(as_document(...))`` gives) piece by piece,
    as the steps are replayed: a log of a million steps is never held as one document. Nothing
    is given before the first batch of steps has been replayed, so a file refused early (see
    ``SavedGame``) leaves no output.

    Steps, chat lines and moves (nearly all of a long log) are written as text here rather than
    built as dicts for the encoder (issue 9: the dicts and the encoder's many small strings were
    a third of a replay); every other event goes through ``event_json`` and the encoder. The
    text is the encoder's, byte for byte (``tests/replay/test_json_text.py`` compares them).
    """
    moves: list[str] = []
    batch: list[str] = []
    moved: list[str] = []
    opening = separator = '{"steps": ['
    for step in replayer.steps():
        index = step.index
        events = step.events
        texts = [_event_text(e, index, moved) for e in events] if events else events
        batch.append(f'{{"step": {index}, "side": {_string(step.side)}, "undoes": {_number(step.undoes)}, '
                     f'"events": [{", ".join(texts)}]}}')
        if len(batch) == _BATCH:
            yield separator + ", ".join(batch)
            separator, batch = ", ", []
            if moved:
                moves.append(", ".join(moved))
                moved = []
    if batch or separator is opening:
        yield separator + ", ".join(batch)
    if moved:
        moves.append(", ".join(moved))
    yield '], "moves": [' + ", ".join(moves) + "], "
    moves.clear()
    yield '"final": ' + _dumps(_final_json(replayer)) + ", "
    yield '"errors": ' + _dumps(_errors_json(replayer)) + "}"


#: Steps encoded at a time: only a batch's text is held at once.
_BATCH = 2000
_dumps = json.JSONEncoder(ensure_ascii=False).encode
#: a string as the encoder above writes it (quoted, escaped, non-ASCII kept)
_quote = json.encoder.encode_basestring


def _string(value: object) -> str:
    if type(value) is str:
        return _quote(value)
    return "null" if value is None else _dumps(value)


def _number(value: object) -> str:
    if type(value) is int:
        return str(value)
    return "null" if value is None else _dumps(value)


#: A move's text (its event, and its entry of ``moves`` after the step number) by what it says:
#: a long log moves the same pieces between the same hexes again and again, and each string of
#: a move was encoded on its own (issue 9). Bounded: emptied when full.
_MOVES: dict[tuple, tuple[str, str]] = {}
_MOVES_HELD = 4096


def _event_text(event: Event, index: int, moved: list[str]) -> str:
    """An event's JSON text; a move's entry of ``moves`` is added to ``moved``."""
    if type(event) is Chat:    # the commonest event first
        return '{"type": "chat", "text": ' + _string(_unescape(event.text)) + "}"
    if type(event) is not PieceMoved:
        return _dumps(event_json(event))
    piece = event.piece
    key = (piece.id, piece.name, event.from_map, event.from_location, event.to_map, event.to_location, event.to_xy)
    known = _MOVES.get(key)
    if known is None:
        if len(_MOVES) >= _MOVES_HELD:
            _MOVES.clear()
        known = _MOVES[key] = _move_texts(event)
    text, entry = known
    moved.append(f'{{"step": {index}, {entry}')
    return text


def _move_texts(event: PieceMoved) -> tuple[str, str]:
    """A move's event text, and its entry of ``moves`` after ``{"step": N, ``."""
    piece = event.piece
    piece_id, name = _string(piece.id), _string(piece.name)
    source, to = _string(event.from_location), _string(event.to_location)
    x, y = event.to_xy
    return (f'{{"type": "move", "id": {piece_id}, "name": {name}, "from_map": {_string(event.from_map)}, '
            f'"from": {source}, "to_map": {_string(event.to_map)}, "to": {to}, '
            f'"to_xy": [{_number(x)}, {_number(y)}]}}',
            f'"id": {piece_id}, "name": {name}, "from": {source}, "to": {to}}}')


def _final_json(replayer: Replay) -> list[dict[str, Any]]:
    return [{"id": p.id, "name": p.name, "map": p.map, "x": p.x, "y": p.y, "location": p.location}
            for p in replayer.state.pieces()]


def _errors_json(replayer: Replay) -> list[dict[str, Any]]:
    return [{"step": e.step, "kind": e.kind, "problem": e.problem} for e in replayer.errors]


def event_json(event: Event) -> dict[str, Any]:
    if isinstance(event, Chat):    # the commonest event first
        return {"type": "chat", "text": _unescape(event.text)}
    if isinstance(event, PieceMoved):
        return {"type": "move", "id": event.piece.id, "name": event.piece.name, "from_map": event.from_map,
                "from": event.from_location, "to_map": event.to_map, "to": event.to_location,
                "to_xy": list(event.to_xy)}
    if isinstance(event, PieceAdded):
        return {"type": "add", "id": event.piece.id, "name": event.piece.name, "map": event.map,
                "location": event.location}
    if isinstance(event, PieceRemoved):
        return {"type": "remove", "id": event.piece.id, "name": event.piece.name, "map": event.piece.map,
                "location": event.piece.location}
    if isinstance(event, PieceChanged):
        return {"type": "change", "id": event.piece.id, "name": event.piece.name,
                "changes": [{"kind": c.kind, "name": c.name, "old": c.old, "new": c.new} for c in event.changes]}
    if isinstance(event, DiceRoll):
        return {"type": "dice", "button": event.button, "result": event.result}
    if isinstance(event, TurnChanged):
        return {"type": "turn", "tracker": event.tracker, "levels": event.levels, "text": event.text}
    if isinstance(event, PropertyChanged):
        return {"type": "property", "name": event.name, "old": event.old, "new": event.new,
                "container": event.container}
    if isinstance(event, BoardsChanged):
        return {"type": "boards", "map": event.map, "boards": list(event.boards)}
    if isinstance(event, Undo):
        return {"type": "undo", "undoes": event.undoes}
    return {"type": type(event).__name__}


# -- text -------------------------------------------------------------------------------------------

def timeline_lines(replayer: Replay) -> Iterator[str]:
    """The timeline (the lines ``timeline`` gives) line by line, as the steps are replayed."""
    game = replayer.game
    module = replayer.module
    yield (f"{game.path}: {game.kind}, {len(game.steps)} steps"
           + (f", module {module.name} {module.version}" if module else ""))
    read_errors: dict[int, list[str]] = {}
    for error in game.errors:
        read_errors.setdefault(error.step, []).append(error.problem)
    yield from (f"  error: {e}" for e in replayer.errors if e.step == 0)
    seen = len(replayer.problems)
    for step in replayer.steps():
        yield f"step {step.index}" + (f" ({step.side})" if step.side else "")
        for event in step.events:
            text = event_text(event)
            if text:
                yield "  " + text
        yield from (f"  error: {problem}" for problem in read_errors.get(step.index, ()))
        yield from (f"  error: {e.problem}" for e in replayer.problems[seen:] if e.step == step.index)
        seen = len(replayer.problems)
    yield f"final: {len(replayer.state.pieces())} pieces"


def _where(game_map: str | None, location: str | None, other_map: str | None) -> str:
    name = location if location is not None else "?"
    return f"{game_map} {name}" if game_map != other_map else name


def event_text(event: Event) -> str:
    if isinstance(event, PieceMoved):
        return (f"{event.piece.name} moves {_where(event.from_map, event.from_location, event.to_map)} -> "
                f"{_where(event.to_map, event.to_location, event.from_map)}")
    if isinstance(event, PieceAdded):
        return f"{event.piece.name} added at {event.map} {event.location}"
    if isinstance(event, PieceRemoved):
        return f"{event.piece.name} deleted from {event.piece.map} {event.piece.location}"
    if isinstance(event, PieceChanged):
        parts = [("flips " if c.kind == "layer" else "") + f"{c.name} {c.old} -> {c.new}" for c in event.changes]
        return f"{event.piece.name}: " + ", ".join(parts)
    if isinstance(event, Chat):
        return f"chat: {_unescape(event.text)}"
    if isinstance(event, DiceRoll):
        return f"dice {event.button} = {event.result}"
    if isinstance(event, TurnChanged):
        return f"turn {event.tracker}: " + ", ".join(f"{k} {v}" for k, v in event.levels.items())
    if isinstance(event, PropertyChanged):
        return f"property {event.name}: {event.old} -> {event.new}" if event.global_property else ""
    if isinstance(event, BoardsChanged):
        return f"boards of {event.map}: {', '.join(event.boards)}"
    if isinstance(event, Undo):
        return f"undo of step {event.undoes}" if event.undoes else "undo"
    return ""


def _unescape(text: str) -> str:
    """Chat as players read it (VASSAL sends ``&lt;name&gt;``); most lines have no other entity,
    and are unescaped without the general (and slow) ``html.unescape``."""
    if "&" not in text:
        return text
    plain = text.replace("&lt;", "<").replace("&gt;", ">")
    return plain if "&" not in plain else html.unescape(text)
