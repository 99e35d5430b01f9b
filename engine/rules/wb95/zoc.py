"""Zones of control [WB95 4.1, 4.2] and enemy hexes [3.1.8] as the Movement Phases meet them.

A regular unit's zone covers its six neighbours (4.1.1, 4.1.2), not across a big river (4.1.3:
the hexsides whose terrain ``blocks_zoc``) nor onto terrain impassable for its type (4.1.4: a
``P`` cost for its movement class). HQs (9.1.1), towed artillery (6.1.5) and Resilience Groups
(15.2.2, class ``static``) have none.

A log records drops, not paths: a unit dropped in an enemy zone and then dropped elsewhere in the
same phase entered the zone and moved on (4.2.1: it must stop), unless the hex is the one it
started in (4.2.4: it may leave). A unit dropped on a hex with enemy units entered it (3.1.8),
unless they are all towed artillery or HQs, which a regular unit eliminates by entering (6.1.7,
9.1.5; not judged here). A unit starting in the zone of one enemy unit and dropped first on an
adjacent hex in that unit's zone alone moved within it (4.2.3). A path through a zone between two
drops is not seen.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.positions import of_map, remembered
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import PROHIBITED, hex_terrain
from vmodgen.engine.rules.verdict import Verdict
from vmodgen.engine.rules.wb95.common import opens_game
from vmodgen.engine.rules.wb95.frame import CaseCheck
from vmodgen.engine.rules.wb95.phases import MOVING

STOP, ENEMY_HEX, WITHIN = "WB95 4.2.1", "WB95 3.1.8", "WB95 4.2.3"
#: unit classes without a zone of control [WB95 6.1.5, 9.1.1, 15.2.2]; markers are no units
NO_ZOC = ("hq", "towed_artillery", "static", "marker")
#: unit classes a regular unit eliminates by entering their hex [WB95 6.1.7, 9.1.5]
ENTERED_AND_ELIMINATED = ("hq", "towed_artillery")


def zone_of(game: Game, hex_: Hex, movement_class: str) -> frozenset[Hex]:
    """The hexes a regular unit of ``movement_class`` in ``hex_`` holds in its zone [4.1.1-4.1.4]."""
    def work() -> frozenset[Hex]:
        found = set()
        for other in game.map.layout.neighbours(hex_):
            if other not in game.map.hexes:
                continue
            if any(game.terrain.types[f].get("blocks_zoc", False) for f in game.map.features(hex_, other)):
                continue                                      # 4.1.3
            cost = hex_terrain(game, other).get("cost")
            if isinstance(cost, dict) and cost.get(movement_class) == PROHIBITED:
                continue                                      # 4.1.4
            found.add(other)
        return frozenset(found)
    return of_map(game, ("wb95 zoc", hex_, movement_class), work)


def enemy_zoc(situation: Situation, side: str) -> dict[Hex, list[str]]:
    """Each hex in the zone of an enemy regular unit, with those units."""
    def work() -> dict[Hex, list[str]]:
        found: dict[Hex, list[str]] = {}
        for key, unit in situation.on_map():
            unit_type = situation.unit_type(key)
            if unit.side == side or unit_type.unit_class in NO_ZOC or unit.hex is None:
                continue
            for hex_ in zone_of(situation.game, unit.hex, unit_type.movement_class):
                found.setdefault(hex_, []).append(key)
        return found
    enemies = tuple(s.name for s in situation.game.sides if s.name != side)
    return remembered(situation.game, ("wb95 enemy zoc", side, situation.signatures(enemies)), work)


def enemy_hexes(situation: Situation, side: str) -> dict[Hex, list[str]]:
    found: dict[Hex, list[str]] = {}
    for key, unit in situation.on_map():
        if unit.side != side and unit.hex is not None and situation.unit_type(key).unit_class != "marker":
            found.setdefault(unit.hex, []).append(key)
    return found


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    found: list[Judgement] = []
    for index, record in enumerate(records):
        if (index == 0 and opens_game(record)) or record.phase.kind not in MOVING:
            continue
        side = record.phase.side
        # 12.2.2: in strategic movement entering a zone at all is the finding (strategic.py)
        zones = enemy_zoc(record.start, side) if record.phase.kind == "movement" else {}
        enemy = enemy_hexes(record.start, side)
        for key, track in record.tracks.items():
            counter = record.start.game.counter(key)
            if counter.side != side or not track.map_drops:
                continue
            found += check_track(record, track, zones, enemy)
    return found


def check_track(record: PhaseRecord, track: UnitTrack, zones: dict[Hex, list[str]],
                enemy: dict[Hex, list[str]]) -> list[Judgement]:
    """3.1.8 and 4.2.1 for one unit's drops in a Movement or Strategic Movement Phase."""
    situation = record.start
    game = situation.game
    name = game.counter(track.key).name
    drops = track.map_drops
    for drop in drops:
        held = enemy.get(drop.hex, [])                              # type: ignore[arg-type]
        if held and any(situation.unit_type(k).unit_class not in ENTERED_AND_ELIMINATED for k in held):
            names = ", ".join(situation.units[k].counter.name for k in held)
            return [judge(record, Verdict.illegal(ENEMY_HEX, f"{name} entered {drop.location}, which holds enemy "
                                                             f"units ({names})", [drop.hex]), track,
                          last_step=drop.step)]
    for index, drop in enumerate(drops[:-1]):
        if drop.hex == track.start or drop.hex not in zones:
            continue
        later = next((d for d in drops[index + 1:] if d.hex != drop.hex), None)
        if later is None:
            continue
        holders = ", ".join(situation.units[k].counter.name for k in zones[drop.hex])  # type: ignore[index]
        verdict = Verdict.illegal(STOP, f"{name} entered the zone of control of {holders} at {drop.location} and had "
                                        f"to stop there, but moved on to {later.location}", [drop.hex, later.hex])
        return [judge(record, verdict, track, last_step=later.step)]
    return _within_one_zone(record, track, zones)


def _within_one_zone(record: PhaseRecord, track: UnitTrack, zones: dict[Hex, list[str]]) -> list[Judgement]:
    """4.2.3: no moving from hex to hex in the zone of one enemy unit (pursuit aside). Judged only
    where the log shows it: a unit starting in the zone of a single enemy unit dropped first on
    an adjacent hex in that unit's zone alone (a farther drop may have left the zone between)."""
    start, drops = track.start, [d for d in track.map_drops if d.hex != track.start]
    if start is None or not drops or len(zones.get(start, [])) != 1:
        return []
    first = drops[0]
    game = record.start.game
    if first.hex not in game.map.layout.neighbours(start) or zones.get(first.hex) != zones[start]:
        return []
    holder = record.start.units[zones[start][0]].counter.name
    name = game.counter(track.key).name
    verdict = Verdict.illegal(WITHIN, f"{name} moved from {game.map.name(start)} to {first.location}, both in the zone "
                                      f"of control of {holder} alone (only a pursuit may)", [start, first.hex])
    return [judge(record, verdict, track, last_step=first.step)]


CHECK = CaseCheck((STOP, ENEMY_HEX, WITHIN), game=check_game)
