"""Scenario logs for the WB-95 marker checks of Korsun 1944: Field Fortifications built (7.1.2-7.1.4)
and out-of-supply levels (10.2.1-10.2.7). Each scenario writes ``<name>.json``, an ``oracle write``
script played from the module's default set-up ("Korsuń 1944", turn 1, Air Phase 1, the Soviets
first); make_logs.py has the engine turn it into ``<name>.vlog``:

    python tests/data/checks/korsun-1944/marker_scenarios.py
    python tests/data/checks/korsun-1944/make_logs.py ff-legal ff-wrong oos-legal oos-wrong

tests/rules/wb95/test_marker_engine_logs.py says what the checker must find in each and why. Units
and hexes are picked on the data with the checks' own zone rule (scenarios.py's helpers).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from scenarios import BOARD, GAME, LAYOUT, Play, costed, may_move, write_scripts  # noqa: E402

from vmodgen.engine.hexes import Hex  # noqa: E402
from vmodgen.engine.rules.wb95.zoc import enemy_zoc  # noqa: E402

FF = "Field Fortification"
SCENARIOS: dict[str, Callable[[], Play]] = {}


def scenario(function: Callable[[], Play]) -> Callable[[], Play]:
    SCENARIOS[function.__name__.replace("_", "-")] = function
    return function


def add(play: Play, slot: str, hex_: Hex) -> str:
    """Put a marker from the palette on ``hex_``; its reference for later actions (``@N``)."""
    play.actions += [{"add": {"slot": slot, "map": BOARD, "location": LAYOUT.name(hex_)}}, {"step": True}]
    return f"@{len(play.actions) - 2}"


def delete(play: Play, ref: str) -> None:
    play.actions += [{"delete": {"piece": ref}}, {"step": True}]


def oos(level: int) -> str:
    return f"Out of Supply {level}"


def lone_units(play: Play, side: str, count: int) -> list[str]:
    """Units of ``side`` alone on their hex, out of every enemy zone, free to move this turn, not
    under a Field Fortification of the set-up, each with an empty neighbour out of the zones."""
    marked = {h for hexes in next(s.markers for s in GAME.scenarios if s.order == 1).values() for h in hexes}
    found = []
    for key, unit in sorted(play.now.on_map(side)):
        hex_ = unit.hex
        if play.now.unit_type(key).unit_class in ("hq", "static", "towed_artillery") or not may_move(play, key):
            continue
        if hex_ in marked or len(play.now.at(hex_)) != 1 or hex_ in enemy_zoc(play.now, side):
            continue
        try:
            play.free_step(key)
        except SystemExit:
            continue
        found.append(key)
        if len(found) == count:
            return found
    raise SystemExit(f"fewer than {count} lone {side} units")


def empty_hex(play: Play) -> Hex:
    return next(h for h in sorted(GAME.map.hexes) if not play.now.at(h))


@scenario
def ff_legal() -> Play:
    """A Soviet unit that stayed put builds a Field Fortification in its Movement Phase of turn 2; it
    did not move in the German Attack Phase of turn 1 before it (7.1.2, 7.1.4). Nothing to find."""
    play = Play()
    play.to_phase(2, "Soviet Movement")
    key = lone_units(play, "Soviet", 1)[0]
    add(play, FF, play.hex_of(key))
    play.next_phase()
    return play


@scenario
def ff_wrong() -> Play:
    """Four Field Fortifications built against 7.1.2-7.1.4, by four lone Soviet units a, b, c, d:
    one put down in the Soviet Attack Phase of turn 1 on a's hex (7.1.2: built in the Movement
    Phase); d moves to a free neighbour in the German Attack Phase of turn 1 (a retreat: the only
    move a Soviet unit makes there) and builds in turn 2 out of every German zone (7.1.2 b); in the
    Soviet Movement Phase of turn 2, b moves to a free neighbour and an FF is put down under it
    (7.1.4: building costs all the MPs it had), and an FF is put down under c, which then moves on
    (7.1.2 a)."""
    play = Play()
    a, b, c, d = lone_units(play, "Soviet", 4)
    play.to_phase(1, "Soviet Attack")
    add(play, FF, play.hex_of(a))
    play.to_phase(1, "German Attack")
    play.move(d, play.free_step(d))
    play.to_phase(2, "Soviet Movement")
    add(play, FF, play.hex_of(d))
    play.move(b, play.free_step(b))
    add(play, FF, play.hex_of(b))
    add(play, FF, play.hex_of(c))
    play.move(c, play.free_step(c))
    play.next_phase()
    return play


@scenario
def oos_legal() -> Play:
    """A Soviet unit out of supply in its Supply Phase of turn 1 at level 1 (10.2.1); it moves with
    its full MPs in turn 2, level 2 (10.2.3); it regains supply in its Supply Phase of turn 2: 2 - 4
    is 0 or less, the marker comes off (10.2.7, 10.2.8). Nothing to find."""
    play = Play()
    key = lone_units(play, "Soviet", 1)[0]
    play.to_phase(1, "Soviet Supply")
    first = add(play, oos(1), play.hex_of(key))
    play.to_phase(2, "Soviet Movement")
    delete(play, first)
    second = add(play, oos(2), play.hex_of(key))
    play.to_phase(2, "Soviet Supply")
    delete(play, second)
    play.next_phase()
    return play


@scenario
def oos_wrong() -> Play:
    """Out-of-supply levels against 10.2, by two lone Soviet units a, b and a German one: in the
    Soviet Supply Phase of turn 1, b is marked at level 2 (10.2.1: level 1), a marker is put down on
    an empty hex (10.2.1: it covers a unit) and a at level 1 (legal); the German unit is marked in
    the Air Phase 7 of turn 1 (10.2.1: only in its own Supply Phase); a goes to level 3 in the
    Soviet Movement Phase of turn 2 (10.2.3: +1 at most), is tested for surrender in its Supply
    Phase (a roll of 12: it holds) and falls to 2 there (10.2.7: -4 on regaining supply, else
    unchanged)."""
    play = Play()
    a, b = lone_units(play, "Soviet", 2)
    german = lone_units(play, "German", 1)[0]
    play.to_phase(1, "Soviet Supply")
    add(play, oos(2), play.hex_of(b))
    add(play, oos(1), empty_hex(play))
    first = add(play, oos(1), play.hex_of(a))
    play.to_phase(1, "Air (Phase 7)")
    add(play, oos(1), play.hex_of(german))
    play.to_phase(2, "Soviet Movement")
    delete(play, first)
    third = add(play, oos(3), play.hex_of(a))
    play.to_phase(2, "Soviet Supply")
    play.actions += [{"dice": {"button": "Surrender 2K6", "result": [6, 6]}}, {"step": True}]
    delete(play, third)
    add(play, oos(2), play.hex_of(a))
    play.next_phase()
    return play


def hq_out_of_supply(raised: bool) -> Play:
    """HQ 52 Army (10 MPs, the book's 9.1.2) is marked out of supply at level 1 in the Soviet Supply
    Phase of turn 1 (10.2.1); in the Soviet Movement Phase of turn 2 it moves to a hex costing 7 to
    10 MPs, more than half its MPs and a side road's extra hex (1 MP, TERRAIN INFLUENCE note 2)
    (10.2.2). ``raised``: its marker is replaced by Out of Supply 2 on its new hex (10.2.3: full MPs
    for a level); else the marker moves with it, still level 1."""
    play = Play()
    key = "sov-52-hq"
    play.to_phase(1, "Soviet Supply")
    marker = add(play, oos(1), play.hex_of(key))
    play.to_phase(2, "Soviet Movement")
    play.move(key, costed(play, key, Fraction(7), Fraction(10)))
    if raised:
        delete(play, marker)
        add(play, oos(2), play.hex_of(key))
    else:
        play.actions += [{"move": {"piece": marker, "map": BOARD, "location": LAYOUT.name(play.hex_of(key))}},
                         {"step": True}]
    play.next_phase()
    return play


@scenario
def oos_full_mps() -> Play:
    """WB95 10.2.2/10.2.3 legal: the out-of-supply HQ moves more than half its MPs and its level
    rises to 2. Nothing to find."""
    return hq_out_of_supply(True)


@scenario
def oos_half_mps() -> Play:
    """WB95 10.2.2 illegal: the same move, its level still 1: it had half its MPs (5, and 1 for a
    side road's extra hex)."""
    return hq_out_of_supply(False)


def main() -> None:
    write_scripts(SCENARIOS)


if __name__ == "__main__":
    main()
