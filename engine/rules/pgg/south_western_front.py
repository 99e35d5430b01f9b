"""South-Western Front reinforcements [PGG 14.21, 14.22]: from Game-Turn Two the Soviet Player may
bring on up to ``per_turn`` Rifle Divisions a Game-Turn, ``per_game`` in all
(``rules.south_western_front``), by the southern railroad hexes (the area of the optional rows of
reinforcements.csv). Which turn they may start is the entry check's (PGG 14.3).

Only a division put on the map at a hex that is no other entrance counts: the area shares hexes
with Entrance Hex Z and Provisional area 6, whose arrivals a log does not tell apart. The counts
are thus never too high; the game's count starts with its first log (Game-Turns before it are not
known).
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import Verdict, cite, hex_name, optional_table

ENTRY = "entry"


def check_counts(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """PGG 14.21: no more than ``per_turn`` a Game-Turn, ``per_game`` a game."""
    if not records:
        return []
    game = records[0].start.game
    rule = optional_table(game, "south_western_front")
    rows = [r for r in game.reinforcements if r.optional]
    if rule is None or not rows:
        return []
    hexes = _own_hexes(game, {a for r in rows for a in r.areas})
    types = {t for r in rows for t in types_of(game, r.type)}
    found: list[Judgement] = []
    total = 0
    for record in records:
        if record.phase.kind != "movement" or record.phase.side != rows[0].side:
            continue
        arrivals = sorted((t.map_drops[0].step, t.key, t.map_drops[0].hex) for t in record.tracks.values()
                          if t.entered_map and t.map_drops[0].hex in hexes and game.counter(t.key).type in types)
        for number, (step, key, hex_) in enumerate(arrivals, start=1):
            total += 1
            name = game.counter(key).name
            if number > int(rule.get("per_turn", number)):
                message = (f"{name} is South-Western Front division {number} on Game-Turn {record.turn} "
                           f"(by {hex_name(game, hex_)}); no more than {rule['per_turn']} a Game-Turn")
            elif total > int(rule.get("per_game", total)):
                message = (f"{name} is South-Western Front division {total} of the game (by {hex_name(game, hex_)}); "
                           f"no more than {rule['per_game']} in all")
            else:
                continue
            found.append(Judgement(step, key, "palette", hex_name(game, hex_), Verdict.illegal(
                cite(game, "PGG 14.21"), message, [hex_]), record.turn, record.phase.name, record.phase.side))
    return found


def _own_hexes(game: Game, names: set[str]) -> frozenset[Hex]:
    """The hexes of these entry areas that belong to no other entry area."""
    mine = {h for a in game.map.areas if a.purpose == ENTRY and a.name in names for h in a.hexes}
    others = {h for a in game.map.areas if a.purpose == ENTRY and a.name not in names for h in a.hexes}
    return frozenset(mine - others)


def types_of(game: Game, type_: str) -> set[str]:
    group = game.unit_groups.get(type_)
    return set(group.types) if group is not None else {type_}
