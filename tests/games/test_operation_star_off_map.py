"""Operation Star 24.0 and 24.1, involuntary off-map withdrawals: the module's ``Off map <side>``
box (a zone of the dead pile window) holds a unit that retreated off the map, which the checker
then follows to its re-entry. Each log was written by the real VASSAL engine (3.6 and 3.7.26) from
the scripts in tests/data/checks/operation-star (make_logs.py there, the ``off-map-*`` scripts).

The position of every log: on Game-Turn 2 the 591/323 Inf Rgt moves from 0303 to 0202, so that
every hex next to the 5 Gd Corps (tank/mech) at 0104, on the map's edge, lies in a German zone of
control or holds a German unit; the 245/88 Inf Rgt and 57 Inf Div at 0204 attack it, 2-1, die 1:
-/1. The corps, with no hex to retreat into, retreats off the map into the Off map Soviet box."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.art.boards import render_dead_pile
from vmodgen.engine.check.report import Report
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.operation_star.off_map import possible_exits, reentry_hexes
from vmodgen.engine.rules.situation import Situation, UnitState

from tests.games.engine_logs import WRITERS, EngineLogs

GAME = Path(__file__).resolve().parents[2] / "games" / "operation-star"
LOGS = EngineLogs("operation-star")
# Logs that play past Game-Turn 1 leave the Soviet reinforcements off the map: 23.0/23.1 findings
# the logs do not try to avoid, set aside here.
REINFORCEMENT_CASES = {"Operation Star 23.0", "Operation Star 23.1"}
CORPS = "5 Gd Corps (tank/mech)"
ELIMINATED_IN_TALLY = f"  German: {CORPS} steps lost (OS 25.2): 6"


module = LOGS.module_fixture()


def check(module: Path, engine: str, name: str) -> Report:
    return LOGS.check(module, name, engine)


def findings(report: Report) -> list[tuple[str, str, str, str]]:
    return [(f.rule, f.unit_name, f.origin, f.destination) for f in report.findings
            if f.rule not in REINFORCEMENT_CASES]


def message(report: Report, rule: str) -> str:
    return next(f.message for f in report.findings if f.rule == rule)


def corps_lines(report: Report) -> list[str]:
    return [line for line in report.summary if CORPS in line]


def test_the_dead_pile_has_an_off_map_box_per_side_only_in_a_game_with_off_map_retreats() -> None:
    _, boxes = render_dead_pile(load_game(GAME))
    assert sorted(boxes) == ["Eliminated German", "Eliminated Soviet", "Off map German", "Off map Soviet"]
    _, kiev = render_dead_pile(load_game(GAME.parent / "kiev"))
    assert sorted(kiev) == ["Eliminated German", "Eliminated Soviet"]


@pytest.mark.parametrize("engine", WRITERS)
def test_a_unit_forced_off_the_map_re_enters_at_the_closest_hex_free_of_enemy_zones(module: Path, engine: str) -> None:
    # 24.0: the corps left through 0104; on Game-Turn 3 the hexes closest to it free of a German
    # zone are 0101 and 0306, three away (0101 is also the closest such edge hex: both readings of
    # "closest" allow it); it re-enters at 0101: clean, and the victory tally counts no loss for it
    report = check(module, engine, "off-map-retreat")
    assert (findings(report), report.errors) == ([], [])
    assert [(b.odds, b.attack, b.defense, b.result) for b in report.battles] == [("2-1", 6, 3, "-/1")]
    assert corps_lines(report) == []


@pytest.mark.parametrize("engine", WRITERS)
def test_a_re_entry_far_from_the_exit_hex_is_found(module: Path, engine: str) -> None:
    # 24.0: the same retreat, the corps re-entering at 0120, sixteen hexes down the edge
    report = check(module, engine, "off-map-reentry-far")
    assert findings(report) == [("Operation Star 24.0", CORPS, "Off map Soviet", "0120")]
    assert "it left from 0104 (through 0104), and the closest hexes free of an enemy zone of control are 0101 and 0306" \
        in message(report, "Operation Star 24.0")


@pytest.mark.parametrize("engine", WRITERS)
def test_a_soviet_unit_back_a_game_turn_late_is_found_and_counted_eliminated(module: Path, engine: str) -> None:
    # 24.1: off the map on Game-Turn 2, it stays off on Game-Turn 3 and re-enters at 0101 on
    # Game-Turn 4; it was eliminated, and its two steps count for the German Player (3 each)
    report = check(module, engine, "off-map-soviet-late")
    assert findings(report) == [("Operation Star 24.1", CORPS, "Off map Soviet", "0101")]
    assert "re-entered on Game-Turn 4: it must re-enter by Game-Turn 3" in message(report, "Operation Star 24.1")
    assert corps_lines(report) == [ELIMINATED_IN_TALLY]


@pytest.mark.parametrize("engine", WRITERS)
def test_a_soviet_unit_that_never_re_enters_counts_as_eliminated(module: Path, engine: str) -> None:
    # 24.1: off the map on Game-Turn 2, still off when Game-Turn 3's Soviet Movement Phases are over:
    # eliminated (no finding: the book eliminates it), counted in the German Player's points
    report = check(module, engine, "off-map-soviet-stays")
    assert (findings(report), report.errors) == ([], [])
    assert corps_lines(report) == [ELIMINATED_IN_TALLY]


@pytest.mark.parametrize("engine", WRITERS)
def test_a_retreat_off_the_map_with_a_hex_left_on_it_is_found(module: Path, engine: str) -> None:
    # 24.0, AGS 9.71: without the German move to 0202, 0103 is open to a retreat of 1 (1-1, die 1:
    # -/1); the corps was not forced off the map: the shared retreat check finds its removal (AGS
    # 9.71) and this rule the off-map retreat; the tally counts it eliminated
    report = check(module, engine, "off-map-retreat-not-forced")
    assert findings(report) == [("AGS 9.71", CORPS, "0104", ""),
                                ("Operation Star 24.0, AGS 9.71", CORPS, "0104", "Off map Soviet")]
    assert "it was not forced to retreat off it: whatever the length of its retreat (1: a retreat to 0103 was open; " \
        "2: a retreat to 0102 was open; 3: a retreat to 0101 was open)" in message(report, "Operation Star 24.0, AGS 9.71")
    assert corps_lines(report) == [ELIMINATED_IN_TALLY]


@pytest.mark.parametrize("engine", WRITERS)
def test_a_unit_back_on_the_game_turn_it_left_is_found(module: Path, engine: str) -> None:
    # 24.0: "during any subsequent Game-Turn": off the map in the German Combat Phase of Game-Turn
    # 2, back at 0101 in the Soviet Movement Phase of the same Game-Turn
    report = check(module, engine, "off-map-same-turn")
    assert findings(report) == [("Operation Star 24.0", CORPS, "Off map Soviet", "0101")]
    assert "re-entered on the same Game-Turn: it re-enters during a later Game-Turn" \
        in message(report, "Operation Star 24.0")


@pytest.mark.parametrize("engine", WRITERS)
def test_a_unit_moved_on_from_the_off_map_box_to_the_dead_pile_counts_as_eliminated(module: Path, engine: str) -> None:
    # the Soviet Player gives the corps up: moved from Off map Soviet to Eliminated Soviet in the
    # German Mechanized Movement Phase of Game-Turn 2, before its Game-Turn to re-enter; clean, and
    # counted eliminated; while it waits in the box (off-map-waiting: the log ends in that phase,
    # nothing moved) the tally leaves it open
    report = check(module, engine, "off-map-then-eliminated")
    assert (findings(report), report.errors) == ([], [])
    assert corps_lines(report) == [ELIMINATED_IN_TALLY]
    waiting = check(module, engine, "off-map-waiting")
    assert (findings(waiting), waiting.errors) == ([], [])
    assert corps_lines(waiting) == [f"  German: {CORPS} steps lost (OS 25.2): 0 to 6 (retreated off the map on Game-Turn 2: "
                                    "it re-enters by Game-Turn 3 or is eliminated (Operation Star 24.1); the log ends on "
                                    "Game-Turn 2)"]


def test_a_unit_surrounded_inland_cannot_retreat_off_the_map() -> None:
    # 24.0 with AGS 9.71: the 5 Gd Corps put at 1010 with a German unit in each hex around it:
    # no retreat of 1, 2 or 3 reaches the map edge, so it had no off-map retreat (it is eliminated)
    game = load_game(GAME)
    hexes = {game.map.name(h): h for h in game.map.layout.hexes()}
    units = {c.id: UnitState(c, c.setup, c.setup_face == "back") for c in game.counters if c.role == "setup"}
    corps = next(c for c in game.counters if c.name == CORPS)
    units[corps.id] = UnitState(corps, hexes["1010"], False)
    germans = [c for c in game.counters if c.side == "German" and c.role == "setup"]
    for german, around in zip(germans, game.map.layout.neighbours(hexes["1010"])):
        units[german.id] = UnitState(german, around, False)
    exits, why = possible_exits(Situation(game, turn=2, phase_index=1, units=units), corps.id, [1, 2, 3])
    assert exits == frozenset()
    assert why == ("whatever the length of its retreat (1: the map edge was out of reach; 2: the map edge was out of "
                   "reach; 3: the map edge was out of reach)")


def test_the_re_entry_hex_is_the_closest_free_hex_under_either_reading_of_closest() -> None:
    # 24.0 "the hex closest to the hex it was exited through that is free from an Enemy Zone of
    # Control": the position of off-map-retreat on Game-Turn 3 (corps off the map, the 591/323 Inf
    # Rgt at 0202) with the 340 Inf Div moved to 0201: 0101 is German-controlled now. Of all hexes,
    # 0306 is closest to 0104 (three away); of the map-edge hexes, 0401 (four away): both accepted
    game = load_game(GAME)
    hexes = {game.map.name(h): h for h in game.map.layout.hexes()}
    units = {c.id: UnitState(c, c.setup, c.setup_face == "back") for c in game.counters
             if c.role == "setup" and c.name != CORPS}
    for name, where in (("591/323 Inf Rgt", "0202"), ("340 Inf Div", "0201")):
        counter = next(c for c in game.counters if c.name == name)
        units[counter.id] = UnitState(counter, hexes[where], False)
    found = reentry_hexes(Situation(game, turn=3, phase_index=4, units=units), "Soviet", [hexes["0104"]])
    assert sorted(game.map.name(h) for h in found) == ["0306", "0401"]
