"""A battle's COMBAT TABLE column: the one its attacker declared, and the ones its SPs allow
[WB95 1.5, 1.6, 1.7, 5.2.1 c-d].

The module's Column markers (``CombatColumn``, property ``Column``) declare it: the attacker puts
``Column 3:1`` on the Defend marker's hex before the Combat 2K6 roll. The latest one put on a
defender hex of the battle before its roll is the declaration.

Where every unit's SPs are known (an owner's values), the column is also worked out, as a span,
since the log does not show the player's choices: the initial ratio (1.5, rounded 1.7) of the
attackers' offensive SPs (halved when disorganized, 5.6.4) to the defenders' defensive SPs (a lone
towed gun 1 SP, 6.6.3), with or without the support of every artillery unit of each side within
range of the battle's hexes (6.3.2, 6.3.3) and of the side's air missions on the map (8.2.2; half for
the defender, 8.2.4, and never Soviet, 8.2.5); shifted right by up to the attacker's tactical
concentration (13.1.2) and left by up to the defender's terrain (the hex and any river or stream
between, 5.5), fortifications (7.1.10, 7.2), tactical concentration, Resilience Groups (15.2.3) and
Fortification Units (15.4.1); shifted by up to each side's stars (15.1.3: a CM each, the player's
choice) and by an HQ's elimination bonus (9.1.6: 5 CMs for the opponent of a side that lost an HQ,
in the next two Combat Phases, 9.1.7: within 8 hexes of where it fell; see
:mod:`~vmodgen.engine.rules.wb95.headquarters`); the table's ends never exceeded (1.6). Stars are
printed on the counters, not in the book: where an owner has not entered a unit's stars the column
is not bounded (``unbounded``), never a finding.

>>> initial_column(("1:4", "1:2", "1:1", "2:1", "3:1"), 17, 8), initial_column(("1:2", "1:1", "2:1"), 3, 7)
(3, 0)
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.record import Battle, PhaseRecord
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.verdict import optional_param, param
from vmodgen.engine.rules.wb95 import vocabulary
from vmodgen.engine.rules.wb95.battle import Side
from vmodgen.engine.rules.wb95.headquarters import Elimination, elimination_bonus

COLUMN = "Column"
SP = "SP"
TOWED = "towed_artillery"
HQ = "hq"
ARTILLERY = "artillery"
MODE = "mode"                        # 6.2.2: the reverse is the transport setup
FORTIFIED = (vocabulary.FIELD_FORTIFICATION, vocabulary.IMPROVED_FORTIFICATION)   # 7.1.10, 7.2.1
RG_TYPE, FU_TYPE = "resilience_group", "fortification"                             # 15.2.3, 15.4.1


def declared(record: PhaseRecord, battle: Battle) -> str | None:
    """The column the latest Column marker on a defender hex of the battle declares at its roll."""
    if battle.die_step is None:
        return None
    on_map = record.markers_at(battle.die_step - 1)
    latest: dict[str, int] = {}
    for placed in record.marker_moves:
        if placed.step < battle.die_step and placed.piece in on_map:
            latest[placed.piece] = placed.step
    marks = [m for m in on_map.values() if m.kind == vocabulary.COMBAT_COLUMN and m.hex in battle.defender_hexes]
    if not marks:
        return None
    return max(marks, key=lambda m: latest.get(m.piece, 0)).get(COLUMN) or None


def initial_column(columns: Sequence[str], attack: int, defense: int) -> int:
    """The index of the column of ``attack`` to ``defense`` SPs, rounded (1.7: below .5 down, .5 and
    above up) and kept on the table (1.6)."""
    def half_up(value: Fraction) -> int:
        return int(value + Fraction(1, 2))
    if attack >= defense:
        name = f"{min(half_up(Fraction(attack, max(defense, 1))), 10**6)}:1"
    else:
        name = f"1:{half_up(Fraction(defense, max(attack, 1)))}"
    if name in columns:
        return columns.index(name)
    first, last = columns[0], columns[-1]
    odds = Fraction(attack, max(defense, 1))
    return 0 if odds < _odds(first) else len(columns) - 1 if odds > _odds(last) else columns.index(last)


def _odds(column: str) -> Fraction:
    left, _, right = column.partition(":")
    return Fraction(int(left), int(right))


@dataclass(frozen=True)
class Span:
    """The columns a battle's SPs allow (indices into the table's columns) and how they were found."""

    low: int
    high: int
    why: str


def unbounded(before: Situation, attackers: Side, defenders: Side) -> str:
    """Why the column cannot be bounded even where the SPs are known ('' when it can): a unit whose
    stars no source records may shift it either way (15.1.3)."""
    names = sorted(before.units[k].counter.name for k in (*attackers.keys, *defenders.keys)
                   if before.units[k].counter.stars is None)
    if not names:
        return ""
    more = f" and {len(names) - 2} more" if len(names) > 2 else ""
    return (f"the stars (15.1) of {', '.join(names[:2])}{more} are not recorded (owner-values.csv, column "
            "stars), so the column is not bounded")


def computed(before: Situation, markers: dict, attackers: Side, defenders: Side,
             fallen: Sequence[Elimination] | None = None, anywhere: bool = False) -> Span | None:
    """The span of columns the known SPs and stars allow; None when a unit's SPs are unknown (a
    unit's stars unknown: see ``unbounded``). ``fallen``: the HQs the log shows eliminated (None:
    every HQ off the map that set up or was due counts as fallen before the log began);
    ``anywhere``: each fallen HQ's bonus counted whenever and wherever it fell (9.1.6, 9.1.7 not
    followed)."""
    game = before.game
    columns = game.crt.columns
    attack = _sps(before, markers, attackers.keys, attacking=True)
    defense = _sps(before, markers, defenders.keys, attacking=False)
    reach = optional_param(game, "artillery_range", 3)
    att_support = _support(before, markers, attackers, reach, attacking=True)
    def_support = _support(before, markers, defenders, reach, attacking=False)
    if None in (attack, defense, att_support, def_support):
        return None
    assert attack is not None and defense is not None and att_support is not None and def_support is not None
    cms = param(game, "combat_modifiers", "WB95 1.5")
    att_air = _air(markers, attackers.name, True, cms)
    def_air = _air(markers, defenders.name, False, cms)
    low_ratio = initial_column(columns, attack, defense + def_support + def_air)
    high_ratio = initial_column(columns, attack + att_support + att_air, defense)
    if fallen is None:
        fallen = _lost_hqs(before)
    hexes = sorted(attackers.hexes | defenders.hexes)
    att_bonus = _stars(before, attackers.keys) + elimination_bonus(before, attackers.name, hexes, fallen,
                                                                   cms["hq_elimination"], anywhere)
    def_bonus = _stars(before, defenders.keys) + elimination_bonus(before, defenders.name, hexes, fallen,
                                                                   cms["hq_elimination"], anywhere)
    att_cm = _concentration(before, attackers.keys) + att_bonus
    def_cm = _defender_cms(before, markers, attackers, defenders, cms) + def_bonus
    last = len(columns) - 1
    low = max(min(low_ratio, last) - def_cm, 0)
    high = min(high_ratio + att_cm, last)
    why = (f"{attack}-{attack + att_support + att_air} attacking SPs (with the artillery in range and air support), "
           f"{defense}-{defense + def_support + def_air} defending, up to {att_cm} attacker's and {def_cm} defender's "
           "CMs (tactical concentration, terrain, fortifications, stars, an HQ's elimination bonus)")
    return Span(low, high, why)


def _value(unit: UnitState, attacking: bool) -> int | None:
    """The SPs the face showing prints; 0 where it prints none ("-": a gun in transport setup, 6.2.2),
    None where the data does not know them."""
    face = unit.face
    value = (face.attack if attacking else face.defense) if face is not None else None
    if value is None:
        return None
    return value if isinstance(value, int) else 0


def _sps(before: Situation, markers: dict, keys: Sequence[str], attacking: bool) -> int | None:
    """The side's SPs (5.6.4: halved, rounded up, under a Disorganized marker; 6.6.3: a hex of towed
    guns alone defends with 1 SP)."""
    game = before.game
    by_hex: dict[Hex | None, list[str]] = {}
    for key in keys:
        by_hex.setdefault(before.units[key].hex, []).append(key)
    total = 0
    for hex_, here in by_hex.items():
        if not attacking and all(game.unit_types[before.units[k].counter.type].unit_class == TOWED for k in here):
            total += 1
            continue
        halve = any(m.kind == vocabulary.DISORGANIZED and m.hex == hex_ for m in markers.values())
        for key in here:
            value = _value(before.units[key], attacking)
            if value is None:
                return None
            total += -(-value // 2) if halve else value
    return total


def _support(before: Situation, markers: dict, side: Side, reach: int, attacking: bool) -> int | None:
    """The SPs every artillery unit of the side within range of the side's hexes may add (6.3)."""
    game = before.game
    layout = game.map.layout
    total = 0
    for key, unit in before.on_map(side.name):
        unit_type = game.unit_types[unit.counter.type]
        if key in side.keys or unit.hex is None or not (unit_type.unit_class == TOWED or unit_type.symbol == ARTILLERY):
            continue
        if unit.showing_back and unit.counter.back_kind == MODE:
            continue            # 6.3.1: only in combat setup
        if not any(layout.distance(unit.hex, h) <= reach for h in side.hexes):
            continue
        value = _value(unit, attacking)
        if value is None:
            return None
        total += value
    return total


def _air(markers: dict, side: str, attacking: bool, cms: dict) -> int:
    """Air SPs of the side's missions on the map (8.2.2; half for a defense, 8.2.4; none Soviet, 8.2.5)."""
    sps = sum(int(m.get(SP)) for m in markers.values() if m.kind == vocabulary.AIR_MISSION and m.side == side
              and m.get(SP).isdigit())
    if attacking:
        return sps
    return 0 if side in cms["no_defensive_air"] else -(-sps // 2)


def _stars(before: Situation, keys: Sequence[str]) -> int:
    """15.1.3: a CM for each star of the side's units (unknown stars counted as none: see ``unbounded``)."""
    return sum(before.units[k].counter.stars or 0 for k in keys)


def _lost_hqs(before: Situation) -> list[Elimination]:
    """9.1.6 without the log's history: every HQ off the map that set up or was due by this turn, as
    fallen at a place and time unknown (a late reinforcement counts as lost, which only widens the
    span)."""
    game = before.game
    return [Elimination(key, unit.side, None, 0, 0) for key, unit in sorted(before.units.items())
            if unit.hex is None and game.unit_types[unit.counter.type].unit_class == HQ
            and (unit.counter.setup is not None
                 or (unit.counter.entry_turn is not None and unit.counter.entry_turn <= before.turn))]


def _concentration(before: Situation, keys: Sequence[str]) -> int:
    """13.1.2, 13.1.4: a CM for each 3 units of one division or corps in the combat."""
    tally = Tally(before.units[k].counter.formation for k in keys if before.units[k].counter.formation)
    return sum(n // 3 for n in tally.values())


def _defender_cms(before: Situation, markers: dict, attackers: Side, defenders: Side, cms: dict) -> int:
    """The most CMs the defender may have: the best hex's terrain and fortifications, any river or
    stream between it and an attacker (5.5.4), tactical concentration, Resilience Groups and
    Fortification Units."""
    game = before.game
    layout = game.map.layout
    terrain = game.terrain.types
    best = 0
    for hex_ in defenders.hexes:
        own = terrain.get(game.map.terrain(hex_))
        cm = own.get("defense_cm", 0) if own is not None else 0
        sides = [f for a in attackers.hexes if layout.distance(a, hex_) == 1 for f in game.map.features(a, hex_)]
        cm += max((terrain[f].get("defense_cm", 0) for f in sides if f in terrain), default=0)
        cm += max((cms[m.kind] for m in markers.values() if m.hex == hex_ and m.kind in FORTIFIED), default=0)
        best = max(best, cm)
    types = {before.units[k].counter.type for k in defenders.keys}
    return (best + _concentration(before, defenders.keys) + sum(cms[t] for t in (RG_TYPE, FU_TYPE) if t in types))
