"""Predefined setups, one per scenario (File > New game): a saved game per scenario inside the module,
made from the data as the module's own at-start stacks are, so a new game starts with every counter
where the scenario sets it up, its reinforcements in their Turn Track boxes and its starting markers.

A set-up line of the book names a formation and several hexes and lets the player "put its counters on
those hexes as you like" (Korsun 1944, Setup Aid). The data names one of them for each counter (the
counters of a line go to its hexes in turn); :func:`choose_hexes` keeps that choice unless a hex would
hold more CELs than the stacking limit (``[rules.stacking_cels]``, WB95 3.2.1), counting only counters
whose CELs are known: such a counter goes to the first other hex of its line with room. Deterministic:
the same data gives the same setup.

Each setup is the text VASSAL writes for a saved game (``begin_save``, an AddPiece per piece, one per
stack, the maps' boards, ``SETUP_STACK`` so the at-start stacks are not placed again, ``end_save``)
with fixed piece ids, so the same data gives the same bytes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from vmodgen.engine.grids.layout import board_geometry
from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.scenarios import first_phase, scenario_game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.vassal.commands import ESC
from vmodgen.engine.vassal.sequence import encode
from vmodgen.engine.vassal.writer import game_bytes
from vmodgen.artwork import Artwork, game_marker_image
from vmodgen.gpids import gpid_for
from vmodgen.module import DEAD_PILE, TURN_TRACK, ModuleLayoutError, boxed_counters
from vmodgen.toolbar import setup_file
from vmodgen.traits import PieceDefinition, nest
from vmodgen.unit_pieces import counter_piece, game_marker_piece

#: piece ids of the setups: far below the time-based ids VASSAL gives pieces made in play
FIRST_ID = 900_000_001
SETUP_STACK = "SETUP_STACK\t"
#: how TURN commands name the module's one turn tracker (VASSAL: TurnTracker<n> in module order)
TURN_TRACKER_ID = "TurnTracker0"


def cels_known(counter: Counter) -> bool:
    """Whether a counter's CELs are known: the owner's values, or a class the rules give them
    (towed artillery 6.2.1, HQs 9.1.4), say what its reverse is."""
    return counter.back_kind != "unknown"


def choose_hexes(game: Game) -> dict[str, Hex]:
    """The hex each counter of ``game`` that sets up on the map starts on (see the module docstring)."""
    limit = game.rules.get("stacking_cels")
    most = limit.value if limit is not None and isinstance(limit.value, int) else None
    lines: dict[str, list[Counter]] = defaultdict(list)
    for counter in game.counters:
        if counter.role == "setup" and counter.setup is not None:
            source = counter.sources.placement
            lines[str(source) if source is not None else counter.id].append(counter)
    load: dict[Hex, int] = defaultdict(int)
    chosen: dict[str, Hex] = {}
    # lines with one hex first: they leave no choice, and the others must make room around them
    for counters in sorted(lines.values(), key=lambda cs: len({c.setup for c in cs}) > 1):
        hexes = list(dict.fromkeys(c.setup for c in counters if c.setup is not None))
        for counter in counters:
            assert counter.setup is not None
            cels = counter.steps if cels_known(counter) else 0
            options = [counter.setup] + [h for h in hexes if h != counter.setup]
            fits = [h for h in options if most is None or load[h] + cels <= most]
            hex_ = fits[0] if fits else min(hexes, key=lambda h: (load[h], hexes.index(h)))
            chosen[counter.id] = hex_
            load[hex_] += cels
    return chosen


def setup_entries(game: Game, artwork: Artwork) -> dict[str, bytes]:
    """Each scenario's saved game, by its name in the module archive (none for a game of one set-up)."""
    return {setup_file(s.name): game_bytes(setup_text(game, s.name, artwork), module_name=game.title,
                                           module_version=game.version, description=s.title)
            for s in game.scenarios}


Placed = tuple[str, int, int, str, PieceDefinition]      # map, x, y, gpid, piece


def setup_text(game: Game, name: str, artwork: Artwork) -> str:
    """The saved game of scenario ``name``, as VASSAL's restore command text."""
    played = scenario_game(game, name)
    markers = next(s.markers for s in game.scenarios if s.name == name)
    placed = list(_on_map(played, markers)) + list(_on_turn_track(played, artwork))
    commands, stacks = [], defaultdict(list)
    for number, (map_name, x, y, gpid, piece) in enumerate(placed, start=FIRST_ID):
        state = nest([t.state_string() for t in piece.traits] + [encode([map_name, str(x), str(y), gpid, "0"], ";")])
        commands.append(encode(["+", str(number), piece.type_string(), state], "/"))
        stacks[(map_name, x, y)].append(str(number))
    for number, ((map_name, x, y), ids) in enumerate(stacks.items(), start=FIRST_ID + len(placed)):
        commands.append(encode(["+", str(number), "stack", encode([map_name, str(x), str(y), *ids], ";")], "/"))
    boards = [f"{board}BoardPicker\t{board}\t0\t0" for board in (game.map.board, TURN_TRACK, DEAD_PILE)]
    return ESC.join(["begin_save", *commands, *boards, *_turn_state(game, played), SETUP_STACK, "end_save"])


def _turn_state(game: Game, played: Game) -> list[str]:
    """The turn tracker's state when the scenario opens on another phase than the list's first
    (``[rules.first_phase]``, the ListTurnLevel's ``first``: each Turn then begins there): Turn 1 at
    that phase. None otherwise, so the tracker starts as the module defines it."""
    try:
        first = first_phase(game, played)
    except ValueError as error:
        raise ModuleLayoutError(f"games/{game.id}/scenarios: {error}") from None
    if first == 0:
        return []
    phases = encode([str(first), "0", str(first), ",".join("true" for _ in game.phases)], ";")
    return ["TURN" + TURN_TRACKER_ID + "\t" + encode(["0", encode(["1", "0", "false", "-1", phases], ";")], "|")]


def _on_map(game: Game, markers: Mapping[str, Iterable[Hex]]) -> Iterable[Placed]:
    """The scenario's markers on their hexes (Field Fortifications), under the units set up there."""
    art = game.map.art
    geometry = board_geometry(game.map.layout, art.hex_height, art.margin, art.key_width)
    by_hex: dict[Hex, list[tuple[str, PieceDefinition]]] = defaultdict(list)
    for kind, hexes in markers.items():
        marker = next((m for m in game.markers if m.kind == kind), None)
        if marker is None:
            raise ModuleLayoutError(f"the scenario starts with {kind} markers, but game.toml has no [[markers]] "
                                    f"piece of that kind")
        piece = marker.pieces()[0]
        gpid = gpid_for(game.id, "marker", piece.name)
        definition = game_marker_piece(game, kind, piece.name, piece.properties, game_marker_image(piece.name), gpid)
        for hex_ in hexes:
            by_hex[hex_].append((gpid, definition))
    for counter_id, hex_ in choose_hexes(game).items():
        counter = game.counter(counter_id)
        gpid = gpid_for(game.id, "palette", counter.id)
        by_hex[hex_].append((gpid, counter_piece(game, counter, gpid, counter.setup_face == "back")))
    for hex_, pieces in by_hex.items():
        x, y = geometry.pixel(hex_)
        for gpid, piece in pieces:
            yield game.map.board, x, y, gpid, piece


def _on_turn_track(game: Game, artwork: Artwork) -> Iterable[Placed]:
    """Reinforcements in the box of the turn they enter, as the module's at-start stacks put them."""
    for box, counter in boxed_counters(game, artwork, turn_marker=False):
        x, y, w, h = artwork.turn_track_boxes[box]
        gpid = gpid_for(game.id, "palette", counter.id)
        yield TURN_TRACK, x + w // 2, y + h // 2, gpid, counter_piece(game, counter, gpid, counter.setup_face == "back")
