"""Rostov's Axis Victory Points [Rostov 26.0-26.3] from ``games/rostov/victory.toml``; there are no
Soviet points (26.0). Added (26.1): each VP hex the Axis Player occupies at the end (a unit in it,
or the last to pass through: ``victory_ledger.control``) with a line free of Soviet zones of
control to the west edge (friendly units negate them); Axis units across the Donets (26.12), which
need a reading of the area and a supply line in moderate weather that the checker does not make:
unknown unless no Axis unit stands south of the hexrow. Subtracted (26.2): each German unit
eliminated, not steps, not Axis-allied units (26.21); 2 each time the Soviet Player recaptures an
Axis-occupied VP hex (26.22, counted for each hex 26.11 lists). Levels: 26.3.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.ags.victory_ledger import Change, Control, control, is_marker, line_to_edge, losses
from vmodgen.engine.rules.ags.victory_tally import Points, Tally, at_end, from_start, header, settled, show, value
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation

AXIS, SOVIET = "Axis", "Soviet"


def summary(records: Sequence[PhaseRecord]) -> list[str]:
    game = records[0].start.game
    last_turn = int(value(game, "end", "turn"))
    end = records[-1].end or records[-1].start
    entries = game.victory.get("vp_hexes", [])
    hexes = {game.map.layout.parse(name) for entry in entries for name in entry["hexes"]}
    start_side = str(value(game, "occupation", "at_start"))
    now, changes = control(records, hexes, {h: start_side for h in hexes})
    edge = str(value(game, "occupation", "west_edge_printed"))
    tally = Tally()
    for entry in entries:
        mine = [game.map.layout.parse(name) for name in entry["hexes"]]
        tally.add(AXIS, f"{entry['name']} ({', '.join(entry['hexes'])}) occupied (Rostov 26.11)",
                  *_held(now, mine, int(entry["value"]), line_to_edge(end, AXIS, mine, edge)))
    tally.add(AXIS, "units across the Donets (Rostov 26.12)", *_across_donets(game, end))
    if not from_start(records):
        tally.add(AXIS, "German units eliminated and VP hexes recaptured before the log began (Rostov 26.2)",
                  (None, 0), "the log does not begin with the game")
    _eliminated(tally, records, game)
    _recaptured(tally, game, changes)
    return header(records, game, last_turn, "Rostov 26.0") + tally.lines + _result(records, game, tally, last_turn)


def _held(now: dict[Hex, Control], hexes: list[Hex], points: int, line: bool) -> tuple[Points, str]:
    """Rostov 26.1: every hex of the place occupied by the Axis Player, and a line to the west edge."""
    owners = [now[h] for h in hexes]
    if any(c.known == SOVIET for c in owners):
        return 0, "held by the Soviet Player: no Axis unit was the last in it"
    if not line:
        return 0, "no line free of Soviet zones of control to the west edge"
    if all(c.known == AXIS for c in owners):
        return points, ""
    return (0, points), "which side's unit was the last to pass through is not in the log"


def _across_donets(game: Game, end: Situation) -> tuple[Points, str]:
    """Rostov 26.12: 0 when no Axis unit stands south of and including the hexrow; otherwise the
    side of the river and the moderate-weather supply line are not judged."""
    last = int(value(game, "across_donets", "south_of_and_including_column"))
    there = [k for k, u in end.on_map(AXIS) if u.hex is not None and u.hex.col <= last and not is_marker(game, k)]
    if not there:
        return 0, ""
    return (0, len(there) * int(value(game, "across_donets"))), \
        f"{len(there)} Axis units south of the hexrow: the side of the Donets and their supply are not judged"


def _eliminated(tally: Tally, records: Sequence[PhaseRecord], game: Game) -> None:
    """Rostov 26.21: each German unit eliminated, whole units only (not steps, not allies)."""
    rule = game.victory["german_unit_eliminated"]
    types, each = set(rule["types"]), int(rule["value"])
    lost = losses(records)
    sure = [game.counter(k).name for k in lost.eliminated if game.counter(k).type in types]
    doubt = [f"{game.counter(k).name} {why}" for k, why in lost.removed.items() if game.counter(k).type in types]
    if sure or doubt:
        tally.add(AXIS, "German units eliminated (Rostov 26.21)", (each * (len(sure) + len(doubt)), each * len(sure)),
                  "; ".join(filter(None, [f"eliminated: {', '.join(sure)}" if sure else "", *doubt,
                                          "a unit taken off the map outside combat may have been withdrawn (25.2)"
                                          if doubt else ""])))


def _recaptured(tally: Tally, game: Game, changes: list[Change]) -> None:
    """Rostov 26.22: an Axis-occupied VP hex recaptured by the Soviet Player, each time."""
    each = int(value(game, "vp_hex_recaptured"))
    for change in changes:
        if AXIS not in change.before.sides or SOVIET not in change.after.sides:
            continue                      # not held by the Axis Player, or not taken by the Soviet Player
        name = game.map.name(change.hex)
        sure = change.before.known == AXIS and change.after.known == SOVIET
        tally.add(AXIS, f"VP hex {name} recaptured on Game-Turn {change.turn} (Rostov 26.22)",
                  each if sure else (each, 0), "" if sure else "who last passed through is not in the log")


def _result(records: Sequence[PhaseRecord], game: Game, tally: Tally, last_turn: int) -> list[str]:
    """Rostov 26.3: the level of the Axis total."""
    total = tally.total(AXIS)
    lines = [f"  total (Rostov 26.0): Axis {show(total)}"]
    if not at_end(records, game, last_turn):
        return lines + ["  level: none yet (the log ends before the end of the game)"]
    return lines + [f"  level (Rostov 26.3): {settled(total, lambda points: level(game, points)) or 'unknown'}"]


def level(game: Game, points: int) -> str | None:
    """The level of victory for an Axis total [Rostov 26.3]."""
    for row in game.victory.get("levels", []):
        low, high = row["axis_vp"]
        if low <= points <= high:
            return str(row["result"])
    return None
