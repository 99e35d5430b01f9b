"""Artillery ranged fire [WB95 6.1, 6.4]: in a Combat Phase the player puts ``Fire N`` on each
firing artillery stack and ``Target N`` on the target hex (the module's RangedFire markers, 6.4.2 a),
then rolls the labelled Artillery fire 2K6 button; the roll belongs to the lowest-numbered fire
declared since its number last rolled.

Judged: only artillery fires at range (6.4.1), in combat setup (6.1.3: a towed gun showing its
transport side cannot), within 3 hexes (6.1.2, ``rules.artillery_range``) but not adjacent (6.4.3),
once a Combat Phase (6.1.4: certain for a gun alone on its hex among artillery), a target not also
attacked directly in the phase (6.4.5), and the result of the ARTILLERY FIRE table (6.4.2 d) on the
row of the SPs used: the guns' offensive SPs (halved when disorganized, 5.6.4) less twice the target
hex's terrain modifier (6.4.2 b), plus any air support on the target (8.2.3). The book prints no SPs:
without an owner's values the roll is read on every row, and the row is reported as not checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import MarkerPlaced, PhaseRecord, Roll
from vmodgen.engine.rules.verdict import Verdict, hex_name, optional_param
from vmodgen.engine.rules.wb95 import dice, fire_result, vocabulary
from vmodgen.engine.rules.wb95.common import taken_part_twice, unit_at
from vmodgen.engine.rules.wb95.fire_tables import ARTILLERY_FIRE, bands_for

ARTILLERY_FIRE_TEST = "artillery_fire"
COMBAT = "combat"
FIRE, TARGET = "Fire", "Target"
TOWED = "towed_artillery"
ARTILLERY_SYMBOL = "artillery"


@dataclass
class Fire:
    """One ranged attack: its number, its roll, the firing hexes and the target hex at the roll."""

    number: int
    roll: Roll
    fire_hexes: set[Hex] = field(default_factory=set)
    target: Hex | None = None


def is_artillery(record: PhaseRecord, key: str) -> bool:
    """Towed artillery, or self-propelled artillery (a mechanized unit with the artillery symbol)."""
    unit_type = record.start.unit_type(key)
    return unit_type.unit_class == TOWED or unit_type.symbol == ARTILLERY_SYMBOL


def check_ranged_fire(records: Sequence[PhaseRecord]) -> list[Judgement]:
    found: list[Judgement] = []
    for record in records:
        if record.phase.kind != COMBAT:
            continue
        fired: dict[str, list[tuple[int, bool]]] = {}
        for roll, fire in zip(dice.rolls_for(record, ARTILLERY_FIRE_TEST), fires(record)):
            if fire is not None:
                found += _fire(record, fire, fired)
            else:
                found.append(_judgement(record, roll.step, Verdict.unchecked(
                    "WB95 6.4.2", f"an Artillery fire roll ({roll.value}) with no ranged attack declared by Fire and "
                                  "Target markers: not checked")))
        found += _once(record, fired)
    return found


def fires(record: PhaseRecord) -> list[Fire | None]:
    """Each artillery fire roll of the phase with the fire it resolves (None: none declared)."""
    rolled: dict[int, int] = {}       # number -> step of its last roll
    found: list[Fire | None] = []
    for roll in dice.rolls_for(record, ARTILLERY_FIRE_TEST):
        markers = [m for m in record.markers_at(roll.step - 1).values() if m.kind == vocabulary.RANGED_FIRE]
        numbers = sorted({_number(m) for m in markers if _number(m) is not None and m.get(TARGET)})
        waiting = [n for n in numbers if _moved_since(record, n, rolled.get(n, -1), roll.step)]
        if not waiting:
            found.append(None)
            continue
        number = waiting[0]
        rolled[number] = roll.step
        fire = Fire(number, roll)
        for marker in markers:
            if _number(marker) == number and marker.hex is not None:
                if marker.get(TARGET):
                    fire.target = marker.hex
                else:
                    fire.fire_hexes.add(marker.hex)
        found.append(fire if fire.fire_hexes else None)
    return found


def _number(marker: MarkerPlaced) -> int | None:
    value = marker.get(FIRE) or marker.get(TARGET)
    return int(value) if value.isdigit() else None


def _moved_since(record: PhaseRecord, number: int, since: int, before: int) -> bool:
    """Whether a marker of fire ``number`` was put down after its last roll (or at the phase's start
    for a number never rolled in it)."""
    if since < 0:
        return True
    return any(m.kind == vocabulary.RANGED_FIRE and _number(m) == number and since < m.step < before
               for m in record.marker_moves)


def _fire(record: PhaseRecord, fire: Fire, fired: dict[str, list[tuple[int, bool]]]) -> list[Judgement]:
    game = record.start.game
    step = fire.roll.step
    context = f"ranged fire {fire.number}, roll {fire.roll.value}"
    guns: dict[Hex, list[str]] = {}
    found: list[Judgement] = []
    for hex_ in sorted(fire.fire_hexes):
        here = [k for k in record.start.units if (u := unit_at(record, k, step - 1)) is not None and u.hex == hex_]
        guns[hex_] = [k for k in here if is_artillery(record, k)]
        if not guns[hex_]:
            found.append(_judgement(record, step, Verdict.illegal(
                "WB95 6.4.1", f"{context}: a Fire marker on {hex_name(game, hex_)}, where no artillery unit stands; "
                              "only artillery fires at enemy units on remote hexes", [hex_])))
    every = [k for keys in guns.values() for k in keys]
    if fire.target is None or not every:
        return found
    side = record.start.units[every[0]].side
    enemy = next((s.name for s in game.sides if s.name != side), "")
    reach = optional_param(game, "artillery_range", None)
    for hex_, keys in sorted(guns.items()):
        distance = game.map.layout.distance(hex_, fire.target)
        for key in keys:
            fired.setdefault(key, []).append((fire.number, len(keys) == 1))
        if distance == 1:
            found.append(_judgement(record, step, Verdict.illegal(
                "WB95 6.4.3", f"{context}: artillery on {hex_name(game, hex_)} fired at the adjacent "
                              f"{hex_name(game, fire.target)}; a ranged attack cannot be made on adjacent hexes",
                [fire.target])))
        elif isinstance(reach, int) and distance > reach:
            found.append(_judgement(record, step, Verdict.illegal(
                "WB95 6.1.2", f"{context}: artillery on {hex_name(game, hex_)} fired at {hex_name(game, fire.target)}, "
                              f"{distance} hexes away; artillery range is {reach} hexes (6.4.2 a)", [fire.target])))
        for key in keys:
            unit = unit_at(record, key, step - 1)
            if unit is not None and unit.showing_back and unit.counter.back_kind == "mode":
                found.append(_judgement(record, step, Verdict.illegal(
                    "WB95 6.1.3", f"{context}: {unit.counter.name} fired in transport setup; artillery uses ranged "
                                  "fire only in combat setup", [hex_])))
    found += _attacked_directly(record, fire, enemy, context)
    return found + _result(record, fire, guns, enemy, context)


def _attacked_directly(record: PhaseRecord, fire: Fire, enemy: str, context: str) -> list[Judgement]:
    """WB95 6.4.5: the units a ranged attack targets are not attacked directly in the same phase."""
    game = record.start.game
    keys = set(fire_result.targets(record, fire.target, enemy, fire.roll.step)) if fire.target else set()
    for battle in record.battles:
        if battle.before is None or not keys:
            continue
        defending = {k for h in battle.defender_hexes for k in battle.before.at(h)}
        if keys & defending:
            names = ", ".join(sorted(game.counter(k).name for k in keys & defending))
            return [_judgement(record, fire.roll.step, Verdict.illegal(
                "WB95 6.4.5", f"{context}: {names}, its target, was attacked directly in battle {battle.number} of the "
                              f"same {record.phase.name} phase", [fire.target] if fire.target else []))]
    return []


def _result(record: PhaseRecord, fire: Fire, guns: dict[Hex, list[str]], enemy: str,
            context: str) -> list[Judgement]:
    game = record.start.game
    assert fire.target is not None
    keys = fire_result.targets(record, fire.target, enemy, fire.roll.step)
    if not keys:
        return [_judgement(record, fire.roll.step, Verdict.illegal(
            "WB95 6.4.2", f"{context}: the target {hex_name(game, fire.target)} holds no {enemy} unit (6.4.2 a: "
                          "the target is one hex of enemy units)", [fire.target]))]
    low, high, unknown = _sps(record, fire, guns)
    bands = bands_for(game, ARTILLERY_FIRE, low, high)
    what = fire_result.done(record, fire.target, keys, fire.roll.step)
    status, reason = fire_result.judge(bands, fire.roll.value, what)
    found = []
    if unknown:
        found.append(_judgement(record, fire.roll.step, Verdict.unchecked(
            "WB95 6.4.2", f"{context}: the SPs of {', '.join(unknown)} are unknown (owner-values.csv): the row of the "
                          "ARTILLERY FIRE table is not checked, the roll read on every row")))
    if status == "illegal":
        found.append(_judgement(record, fire.roll.step, Verdict.illegal(
            "WB95 6.4.2", f"{context} at {hex_name(game, fire.target)}: {reason}; done: {what.text()}",
            [fire.target])))
    elif status == "unchecked":
        found.append(_judgement(record, fire.roll.step, Verdict.unchecked("WB95 6.4.2", f"{context}: {reason}")))
    return found


def _sps(record: PhaseRecord, fire: Fire, guns: dict[Hex, list[str]]) -> tuple[int | None, int | None, list[str]]:
    """The SPs the fire may have used (6.4.2 b, 8.2.3): at least one gun of each Fire hex, at most all
    of them plus the side's air missions on the target; None when a gun's SPs are unknown."""
    game = record.start.game
    step = fire.roll.step - 1
    markers = record.markers_at(step).values()
    unknown, low, high = [], 0, 0
    side = ""
    for hex_, keys in guns.items():
        halve = any(m.kind == vocabulary.DISORGANIZED and m.hex == hex_ for m in markers)
        values = []
        for key in keys:
            unit = unit_at(record, key, step)
            face = unit.face if unit is not None else None
            side = unit.side if unit is not None else side
            if face is None or face.attack is None:
                unknown.append(game.counter(key).name)
                continue
            attack = face.attack if isinstance(face.attack, int) else 0     # "-": a gun in transport setup
            values.append(-(-attack // 2) if halve else attack)             # 1.7: halves round up
        if values:
            low, high = low + min(values), high + sum(values)
    if unknown:
        return None, None, unknown
    assert fire.target is not None
    terrain = game.terrain.types.get(game.map.terrain(fire.target))
    cm = terrain.get("defense_cm", 0) if terrain is not None else 0
    air = sum(int(m.get("SP")) for m in markers if m.kind == vocabulary.AIR_MISSION and m.hex == fire.target
              and m.side == side and m.get("SP").isdigit())
    return low - 2 * cm, high - 2 * cm + air, []


def _once(record: PhaseRecord, fired: dict[str, list[tuple[int, bool]]]) -> list[Judgement]:
    """WB95 6.1.4: artillery fires once in each Combat Phase."""
    game = record.start.game
    found = []
    for key, numbers, certain in taken_part_twice(fired):
        name = game.counter(key).name
        if certain:
            found.append(_judgement(record, record.last_step, Verdict.illegal(
                "WB95 6.1.4", f"{name} fired in ranged fires {numbers} of the same Combat Phase; artillery fires once "
                              "in each Combat Phase")))
        else:
            found.append(_judgement(record, record.last_step, Verdict.unchecked(
                "WB95 6.1.4", f"{name}'s stack carried the Fire markers of fires {numbers}; which of its guns fired "
                              "in each the markers do not tell")))
    return found


def _judgement(record: PhaseRecord, step: int, verdict: Verdict) -> Judgement:
    game = record.start.game
    where = hex_name(game, verdict.hexes[0]) if verdict.hexes else ""
    return Judgement(step, None, where, "", verdict, record.turn, record.phase.name, record.phase.side)
