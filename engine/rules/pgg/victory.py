"""The Victory Points the position at the end of a log gives [PGG 15.0-15.2, 14.23], as far as a
log lets the checker be sure. This is a tally for the report, never a finding: whatever rests on
what the log cannot show is "unknown", and an unknown part makes the total and level unknown.

- German points for each city and hex of the schedule [PGG 15.11]: a German combat unit in all
  its hexes, with a line of hexes free of Soviet units and Soviet zones (a German unit negates a
  zone) to the western edge. A Soviet unit in one of its hexes: no points. Hexes left empty:
  unknown (the book also credits "the last Player to have a unit pass through", a history the
  position does not hold). A line that depends on whether a Soviet unit is disrupted (no zone,
  PGG 6.62) or is a Leader is unknown too.
- German points for South-Western Front divisions [PGG 14.23]: the arrivals the log shows are a
  lower bound (:mod:`~vmodgen.engine.rules.pgg.south_western_front`), so the count is unknown
  unless the log begins on Game-Turn One and every arrival by the southern railroad hexes is told.
- Soviet points for entire German divisions eliminated, not the Cavalry Division [PGG 15.12 1]:
  a division counts when every counter of it was on the map in the log and none is at its end;
  some gone and others never seen is unknown.
- Soviet points for recaptured cities [PGG 15.12 2] need each German Player-Turn's holdings: not
  counted (unknown).

The city hexes are the map's (``map/places.csv``), reconstructed from geography; the report says so.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.pgg import south_western_front
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.zoc import enemies, zoc_of_hex

MARKER = "marker"
LEADER = "leader"
DIVISION = "XX"


@dataclass
class Tally:
    """Points per side: known items and the items whose points are unknown."""

    lines: list[str] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    unknown: dict[str, list[str]] = field(default_factory=dict)

    def add(self, side: str, item: str, points: int | None) -> None:
        self.points.setdefault(side, 0)
        self.unknown.setdefault(side, [])
        if points is None:
            self.unknown[side].append(item)
        else:
            self.points[side] += points
        self.lines.append(f"  {side} {item}: {'unknown' if points is None else points}")


def summary(records: Sequence[PhaseRecord]) -> list[str]:
    """The report's lines for the end of the last record (none for a game without victory data)."""
    if not records:
        return []
    last = records[-1]
    end = last.end or last.start
    game = end.game
    schedule = game.victory.get("german_vp")
    if not isinstance(schedule, dict):
        return []
    german, soviet = _sides(game)
    tally = Tally()
    for name, points in _value(schedule, "cities").items():
        tally.add(german, f"{name} (PGG 15.11)", held(end, german, _named(game, name), int(points)))
    for name, points in _value(schedule, "hexes").items():
        tally.add(german, f"hex {name} (PGG 15.11)", held(end, german, [game.map.layout.parse(name)], int(points)))
    tally.add(german, "South-Western Front divisions (PGG 14.23)", _south_western(records, game))
    for item, points in divisions_eliminated(records, german, game):
        tally.add(soviet, item, points)
    tally.add(soviet, "cities recaptured (PGG 15.12 2, needs each German Player-Turn's holdings)", None)
    return _header(records, game) + tally.lines + _result(tally, german, soviet, game)


def held(situation: Situation, side: str, hexes: list[Hex], points: int) -> int | None:
    """PGG 15.11: ``points`` if ``side`` holds all these hexes with a line to the western edge, 0
    if an enemy unit stands in one, None when the position cannot tell."""
    if not hexes:
        return None
    occupants = [[k for k in situation.at(h) if situation.unit_type(k).unit_class != MARKER] for h in hexes]
    if any(situation.units[k].side != side for keys in occupants for k in keys):
        return 0
    if not all(keys for keys in occupants):
        return None                       # empty hexes: who last passed through is history
    strict, lenient = (_traces(situation, side, hexes, every_zone) for every_zone in (True, False))
    if strict != lenient:
        return None
    return points if strict else 0


def _traces(situation: Situation, side: str, hexes: list[Hex], every_zone: bool) -> bool:
    """A line of hexes from the city to the westernmost column, free of enemy units and of enemy
    zones without a friendly unit [PGG 15.11]. ``every_zone`` False drops the zones of enemy
    Leaders and of enemy units sharing a hex with a marker (they may be disrupted, PGG 6.62)."""
    game = situation.game
    friendly = {u.hex for k, u in situation.on_map(side) if situation.unit_type(k).unit_class != MARKER}
    marked = {u.hex for k, u in situation.on_map() if situation.unit_type(k).unit_class == MARKER}
    barred: set[Hex] = set()
    for enemy in enemies(game, side):
        for key, unit in situation.on_map(enemy):
            kind = situation.unit_type(key).unit_class
            if kind == MARKER or unit.hex is None:
                continue
            barred.add(unit.hex)
            if every_zone or (kind != LEADER and unit.hex not in marked):
                barred.update(h for h in zoc_of_hex(game, unit.hex) if h not in friendly)
    west = min(_column(game, h) for h in game.map.hexes)
    seen = set(hexes)
    queue = deque(h for h in hexes if h not in barred or h in friendly)
    while queue:
        here = queue.popleft()
        if _column(game, here) == west:
            return True
        for there in game.map.layout.neighbours(here):
            if there in seen or there not in game.map.hexes or there in barred:
                continue
            seen.add(there)
            queue.append(there)
    return False


def divisions_eliminated(records: Sequence[PhaseRecord], side: str, game: Game) -> list[tuple[str, int | None]]:
    """PGG 15.12 1: each entire division of ``side`` eliminated (all counters seen on the map in
    the log, none on it at the end), the Cavalry Division excepted; regiments alone score nothing."""
    rule = game.victory.get("soviet_vp", {}).get("german_division", {})
    points = int(rule.get("value", 0))
    skip = set(rule.get("not_types", []))
    seen = {k for r in records for s in (r.start, r.end) if s is not None for k, _ in s.on_map(side)}
    end = records[-1].end or records[-1].start
    now = {k for k, _ in end.on_map(side)}
    found: list[tuple[str, int | None]] = []
    for division, keys in _divisions(game, side, skip).items():
        gone = [k for k in keys if k in seen and k not in now]
        if not gone or any(k in now for k in keys):
            continue
        name = ", ".join(game.counter(k).name for k in keys)
        whole = len(gone) == len(keys)          # otherwise some counter was never seen: gone before the log?
        found.append((f"German division {division} eliminated ({name}) (PGG 15.12 1)", points if whole else None))
    return found


def _divisions(game: Game, side: str, skip: set[str]) -> dict[str, list[str]]:
    """Division counters by their own id; regiments by their formation (a division's regiments)."""
    found: dict[str, list[str]] = {}
    for counter in game.counters:
        if counter.side != side or counter.type in skip or game.unit_types[counter.type].unit_class in (MARKER, LEADER):
            continue
        if counter.size == DIVISION:
            found[counter.name] = [counter.id]
        elif counter.formation:
            found.setdefault(counter.formation, []).append(counter.id)
    return found


def _south_western(records: Sequence[PhaseRecord], game: Game) -> int | None:
    """PGG 14.23: 0 when the log begins on Game-Turn One and no unit of the South-Western Front's
    type entered by any hex of its area (some are shared with other entrances, so any such
    arrival leaves the count unknown)."""
    rows = [r for r in game.reinforcements if r.optional]
    if records[0].turn != 1 or not rows:
        return None
    hexes = {h for a in game.map.areas if a.purpose == south_western_front.ENTRY
             and a.name in {n for r in rows for n in r.areas} for h in a.hexes}
    types = {t for r in rows for t in south_western_front.types_of(game, r.type)}
    side = rows[0].side
    came = any(t.entered_map and t.map_drops[0].hex in hexes and game.counter(t.key).type in types
               for r in records if r.phase.side == side for t in r.tracks.values())
    return None if came else 0


def _header(records: Sequence[PhaseRecord], game: Game) -> list[str]:
    last_turn = int(game.victory.get("end", {}).get("turn", {}).get("value", 0))
    turn = records[-1].turn
    when = "the end of the game" if turn >= last_turn and records[-1].complete else \
        f"Game-Turn {turn}, not the end of the game"
    return [f"Victory Points for the position at the end of the log ({when}); city hexes are the map's, "
            "reconstructed from geography:"]


def _result(tally: Tally, german: str, soviet: str, game: Game) -> list[str]:
    """PGG 15.2: German minus Soviet and its level, or unknown."""
    known = tally.points.get(german, 0) - tally.points.get(soviet, 0)
    if tally.unknown.get(german) or tally.unknown.get(soviet):
        return [f"  total (PGG 15.2): unknown (known parts: {german} {tally.points.get(german, 0)}, "
                f"{soviet} {tally.points.get(soviet, 0)}); level: unknown"]
    return [f"  total (PGG 15.2): {known}; level: {level(game, known) or 'unknown'}"]


def level(game: Game, points: int) -> str | None:
    """The Level of Victory for German points minus Soviet points [PGG 15.2]."""
    for row in game.victory.get("levels", {}).get("schedule", {}).get("value", []):
        low = row["from"] if row["from"] != "" else None
        high = row["to"] if row["to"] != "" else None
        if (low is None or points >= low) and (high is None or points <= high):
            return str(row["level"])
    return None


def _sides(game: Game) -> tuple[str, str]:
    names = [s.name for s in game.sides]
    german = next(n for n in names if n.lower().startswith("german"))
    return german, next(n for n in names if n != german)


def _value(schedule: dict, key: str) -> dict:
    entry = schedule.get(key, {})
    return entry.get("value", {}) if isinstance(entry, dict) else {}


def _named(game: Game, name: str) -> list[Hex]:
    return sorted(h for h, place in game.map.places.items() if place.name == name)


def _column(game: Game, hex_: Hex) -> int:
    return int(game.map.layout.name(hex_)[:2])
