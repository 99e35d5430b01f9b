"""Rostov (Army Group South Counter Section Nr. 3): the data says what the book says, the map
puts the book's places where the book puts them, the opening position is one the checker's own
rules accept, and the real VASSAL engine loads the module and starts every unit on its hex.

Engine tests skip without ``VASSAL_ORACLE`` (tests/oracle.py says so)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.oracle import ENGINES, load_errors, run_oracle
from vmodgen.build import build_game
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.model.provenance import Provenance
from vmodgen.engine.model.values import Param
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.stacking import stacking_violations
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.terrain import hex_terrain

ROSTOV = Path(__file__).resolve().parents[2] / "games" / "rostov"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(ROSTOV)


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(ROSTOV)


def _hex(game: Game, name: str):
    return game.map.layout.parse(name)


def _opening(game: Game) -> Situation:
    """Every unit the book sets up on a known hex, on that hex, showing its set-up face."""
    units = {c.id: UnitState(c, c.setup, c.setup_face == "back")
             for c in game.counters if c.role == "setup" and c.setup is not None}
    return Situation(game, turn=1, phase_index=1, units=units)


# ------------------------------------------------------------------------------ the book's numbers

def test_the_set_up_and_the_sheet_add_up_as_the_book_says(game: Game) -> None:
    axis_setup = [c for c in game.counters if c.side == "Axis" and c.role == "setup" and c.type != "axis_supply"]
    assert len(axis_setup) == 47                                     # Rostov 18.23
    assert Counter(c.type in ("rumanian", "hungarian", "italian", "slovak") for c in axis_setup)[True] == 11
    three_b = [c for c in game.counters if c.entry_turn == 3 and c.entry_areas == ("B",)]
    assert sorted(c.designation for c in three_b) == sorted(["44", "62", "79", "111", "132", "168", "294", "298"])
    supply = [c for c in game.counters if c.type == "axis_supply"]
    # 23.12, 18.21: four placed by the player at set-up, on hexes the book leaves to him
    assert len(supply) == 7 and sum(c.role == "setup" and c.setup is None for c in supply) == 4
    assert sorted(c.entry_turn for c in supply if c.role == "reinforcement") == [1, 2, 3]   # 25.1
    soviet = [c for c in game.counters if c.side == "Soviet"]
    drawn = [c for c in soviet if c.role == "pool"]
    placed = [c for c in soviet if c.role == "setup"]
    # 18.15: 45 Soviet units set up = the 18.11 four, the 18.14 motorized division, six HQs (18.13)
    # and units drawn from the pool onto the map's symbols (the remainder, 34).
    assert len(placed) == 11 and sum(c.type == "hq" for c in placed) == 6
    assert len(drawn) == 74 and sum(c.type == "rifle_brigade" for c in drawn) == 3         # 18.16
    assert len(game.counters) == 194


def test_the_addenda_set_up_hexes_are_applied(game: Game) -> None:
    where = {c.name: game.map.name(c.setup) for c in game.counters if c.setup is not None and c.side == "Soviet"}
    # Addenda October 1979 [18.11]: 1225, 1125, 1525, 1726 read 1809, 1910, 1510, 1309; [18.14]: 2727 reads 0308.
    assert where == {"28 Cav Div": "1809", "13 Tank Bde": "1910", "255 Rifle Div": "1510",
                     "253 Rifle Div": "1309", "219 Mot Rifle Div": "0308"}
    hqs = [c for c in game.counters if c.type == "hq" and c.role == "setup"]
    assert all(c.setup is None and not c.sources.placement.is_known for c in hqs)   # 18.13: on the map's symbols


def test_the_soviet_schedule_is_25_3(game: Game) -> None:
    per_turn = Counter()
    for row in game.reinforcements:
        if row.type == "soviet_pool":
            per_turn[row.turn] += row.count
    assert per_turn == {1: 4, 2: 4, 3: 3, 4: 3, 5: 5, 6: 3, 7: 10, 8: 3, 9: 3, 10: 3, 11: 3, 12: 3, 13: 3}


# ------------------------------------------------------------------------------------- the map

def test_the_victory_cities_are_on_their_hexes(game: Game) -> None:
    places = {game.map.name(h): p.name for h, p in game.map.places.items() if p.vp}
    assert places == {"2612": "Kharkov", "2613": "Kharkov", "1218": "Stalino", "0724": "Taganrog",
                      "0727": "Rostov", "1625": "Voroshilovgrad"}           # Rostov 26.11


def test_the_weather_line_and_the_sea(game: Game) -> None:
    # 20.1: the weather line runs between hexrows 14xx and 15xx, so the board has both.
    cols = {h.col for h in game.map.layout.hexes()}
    assert 14 in cols and 15 in cols
    # Every hex the book names is land.
    named = {c.setup for c in game.counters if c.setup is not None} | {_hex(game, n) for n in ("0108", "0724", "0727")}
    assert [game.map.name(h) for h in named if hex_terrain(game, h) == "all_sea"] == []


def test_the_bridgehead_and_the_molochnaya_front(game: Game) -> None:
    def between(a: str, b: str) -> tuple[str, ...]:
        return game.map.features(_hex(game, a), _hex(game, b))
    # The 14th Panzer at 1508 is across the Dnieper from 1407 and 1507: the Dnepropetrovsk bridgehead.
    assert between("1407", "1508") == ("major_river",) and between("1507", "1508") == ("major_river",)
    # The Rumanians at 0307 and the Soviet 219th at 0308 face each other across the Molochnaya.
    assert between("0307", "0308") == ("minor_river",)


# ------------------------------------------------------------------------- the opening position

def test_no_stack_over_the_limit_at_the_start(game: Game) -> None:
    situation = _opening(game)
    assert [v.message for side in game.sides for v in stacking_violations(situation, side.name)] == []


def _with_rule(game: Game, name: str, value: object) -> Game:
    """The game with one rule parameter changed: a question the real rule cannot ask yet."""
    rules = dict(game.rules)
    rules[name] = Param(name, value, Provenance.parse("reconstructed: a test's question"))
    return dataclasses.replace(game, rules=rules)


def test_every_soviet_set_up_unit_has_a_line_to_the_east_edge(game: Game) -> None:
    # Rostov 19.7: an HQ traces a line of any length to the east edge. The six HQs stand on map
    # symbols the text does not give, so the test asks the checker the HQ's question for every
    # Soviet unit the book places: could an HQ in its hex trace that line?
    direct = _with_rule(game, "soviet_supply_via_hq", False)
    situation = _opening(direct)
    tracer = SupplyTracer(situation)
    states = {k: tracer.state(k) for k, u in situation.on_map("Soviet")}
    assert {k: s.status for k, s in states.items()} == {k: "in" for k in states}
    assert len(states) == 5


def _placed(game: Game, situation: Situation, where: dict[str, str], *, expended: bool = False) -> Situation:
    """The situation with supply counters on the named hexes (``expended``: flipped, 23.15)."""
    units = dict(situation.units)
    by_id = {c.id: c for c in game.counters}
    for key, name in where.items():
        units[key] = UnitState(by_id[key], _hex(game, name), expended)
    return Situation(game, situation.turn, situation.phase_index, units)


THIRTEENTH_PANZER = {"ger-iii-4-13", "ger-iii-66-13", "ger-iii-93-13"}     # at 1909, 18.2


def test_axis_units_trace_to_the_west_edge_or_a_supply_counter(game: Game) -> None:
    # Rostov 23.0: six hexes to the west edge; the 13th Panzer at 1909 is eight away, so without
    # the 18.21 counters it is out of supply, and with a counter at 1407 (a chain of one, six
    # hexes from the edge, 23.1) in supply.
    bare = _opening(game)
    tracer = SupplyTracer(bare)
    states = {k: tracer.state(k) for k, u in bare.on_map("Axis")}
    assert {k for k, s in states.items() if s.status == "out"} == THIRTEENTH_PANZER
    assert {s.case for k, s in states.items() if k in THIRTEENTH_PANZER} == {"Rostov 23.0"}
    assert {k for k, s in states.items() if s.status != "in"} == THIRTEENTH_PANZER
    placed = _placed(game, bare, {"axis-supply-1": "1407"})
    tracer = SupplyTracer(placed)
    assert {tracer.state(k).status for k, u in placed.on_map("Axis")} == {"in"}
    assert tracer.state("axis-supply-1").case == "Rostov 23.14"


def test_a_counter_outside_any_chain_supplies_only_when_expended(game: Game) -> None:
    # Rostov 23.1, 23.15: a counter at 1909 is eight hexes from the edge, so in no valid chain. In
    # the Soviet Player-Turn it supplies nobody; in the Axis Player-Turn it may have been expended
    # (not known, unless the log shows it flipped: then in supply).
    soviet_phase = next(i for i, p in enumerate(game.phases) if p.side == "Soviet")
    at_1909 = {"axis-supply-1": "1909"}
    soviet = _placed(game, dataclasses.replace(_opening(game), phase_index=soviet_phase), at_1909)
    assert SupplyTracer(soviet).state("ger-iii-4-13").status == "out"
    axis = _placed(game, _opening(game), at_1909)
    assert SupplyTracer(axis).state("ger-iii-4-13").status == "unknown"
    flipped = _placed(game, _opening(game), at_1909, expended=True)
    assert SupplyTracer(flipped).state("ger-iii-4-13").status == "in"


def test_an_axis_air_marker_on_its_hex_leaves_a_cut_off_german_unit_not_known(game: Game) -> None:
    # Rostov 23.2: an Axis Air marker supplies the German stack under it. The tracer of a battle
    # reads the markers on the map: out of supply without one, not known with one (its placement,
    # 24.1, is not judged), so the battle's odds are never worked out at half strength.
    from vmodgen.engine.rules.ags.vocabulary import AIR
    from vmodgen.engine.rules.record import MarkerPlaced

    soviet_phase = next(i for i, p in enumerate(game.phases) if p.side == "Soviet")
    cut_off = _placed(game, dataclasses.replace(_opening(game), phase_index=soviet_phase), {"axis-supply-1": "1909"})
    hex_ = cut_off.units["ger-iii-4-13"].hex
    air = {"air": MarkerPlaced(1, "air", AIR, (("Side", "Axis"),), hex_)}
    soviet_air = {"air": MarkerPlaced(1, "air", AIR, (("Side", "Soviet"),), hex_)}
    assert SupplyTracer(cut_off, soviet_air).state("ger-iii-4-13").status == "out"
    state = SupplyTracer(cut_off, air).state("ger-iii-4-13")
    assert (state.status, state.case) == ("unknown", "Rostov 23.2")


def test_severe_weather_and_roads_set_the_line_length(game: Game) -> None:
    from vmodgen.engine.rules.ags.rostov import axis_supply
    rule = axis_supply.spec(game)
    # 23.17: Game-Turn 1 is clear (20.33); from Game-Turn 2, outside a log that shows the Weather
    # Phase, a roll may make either section severe, so a line is in supply within three hexes and
    # out only beyond six (tests/games/test_rostov_rail_river.py: the weather a log shows).
    from vmodgen.engine.rules.ags.rostov.supply_weather import line_lengths
    first, second = line_lengths(game, 1, rule), line_lengths(game, 2, rule)
    assert (first.strict_base(), first.generous("north", "south")) == (6, 6)
    assert (second.strict_base(), second.generous("north", "south")) == (3, 6)
    # 23.16: along a road a hex counts one half (costs are in half hexes); 19.4: the road carries
    # the line across the major river at 0627/0727, a railroad alone does not (1430/1431).
    tracer = SupplyTracer(_opening(game))
    costs = axis_supply._costs(tracer, rule, {_hex(game, "0627")}, 1, assume_friendly=False)
    assert costs[_hex(game, "0727")] == 1
    assert axis_supply._crosses(tracer, rule, _hex(game, "1430"), _hex(game, "1431"), False) is False


# --------------------------------------------------------------------------------- the module

def test_the_module_is_the_same_bytes_every_build(tmp_path: Path, module: Path) -> None:
    again = build_game(ROSTOV, tmp_path).path
    assert hashlib.sha256(again.read_bytes()).hexdigest() == hashlib.sha256(module.read_bytes()).hexdigest()


@pytest.mark.parametrize("engine", ENGINES)
def test_engine_loads_rostov_without_errors(module: Path, game: Game, engine: str) -> None:
    report, errors = load_errors(module, engine)
    assert errors == []
    assert [p["name"] for p in report["pieces"] if p["missing_images"]] == []
    # Markers wait in the palette; the six HQs whose map symbols the text lacks too (18.13).
    waiting = [c for c in game.counters if c.role == "marker" or (c.role == "setup" and c.setup is None)]
    assert report["at_start_pieces"] == len(game.counters) - len(waiting) == 167


@pytest.mark.parametrize("engine", ENGINES)
def test_every_set_up_unit_starts_on_its_rulebook_hex(module: Path, game: Game, tmp_path: Path, engine: str) -> None:
    script = tmp_path / "nothing.json"
    script.write_text(json.dumps({"actions": [{"chat": "opening position"}]}))
    report = run_oracle("write", module, script, tmp_path / "start.vlog", env={"ORACLE_PROPS": "Unit"},
                        engine=engine)
    where = {p["properties"].get("Unit"): (p["map"], p["location"]) for p in report["final_pieces"]}
    expected = {c.id: (game.map.board, game.map.name(c.setup))
                for c in game.counters if c.role == "setup" and c.setup is not None}
    assert {unit: where.get(unit) for unit in expected} == expected
    assert len(expected) == 52  # Rostov 18.2 (47 Axis) + 18.11, 18.14 (5 Soviet)
    for counter in game.counters:
        if counter.role == "reinforcement" and counter.side == "Axis":
            assert where[counter.id] == ("Turn Track", f"Turn {counter.entry_turn}")


# ------------------------------------------------------------- the checker on engine-written logs
# tests/data/checks/rostov/<name>.vlog, written by make_logs.py from <name>.json on this module.

LOGS = Path(__file__).resolve().parents[1] / "data" / "checks" / "rostov"
WRITERS = ["3.6", "3.7"]     # the engine that wrote the log: 3.6 in LOGS, 3.7 in LOGS / "3.7"


def _check(module: Path, name: str, writer: str = "3.6"):
    from vmodgen.engine.check.runner import check_logs
    folder = LOGS if writer == "3.6" else LOGS / writer
    return check_logs([folder / f"{name}.vlog"], module, ROSTOV.parent)


@pytest.mark.parametrize("writer", WRITERS)
def test_a_legal_axis_turn_checks_clean(module: Path, writer: str) -> None:
    # GT1: the Weather Phase, then the supply counter of 25.1 enters in area A (any hex, 1201),
    # 36/14 Pz steps next to the Soviet 255th, 94 Inf and 1LAH move, 1LAH again in the
    # Mechanized Movement Phase.
    report = _check(module, "axis-turn1-legal", writer)
    assert report.findings == [] and report.not_checked == []


@pytest.mark.parametrize("writer", WRITERS)
def test_an_infantry_overmarch_is_found(module: Path, writer: str) -> None:
    report = _check(module, "axis-overmarch", writer)
    assert [(f.unit, f.rule) for f in report.findings] == [("ger-xx-94", "AGS 5.11")]
    assert "needs 11 MP" in report.findings[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_supply_counter_left_off_the_map_is_found(module: Path, writer: str) -> None:
    # Rostov 25.1: one supply marker on Game-Turn 1; the finding cites Rostov's case, not Kiev's.
    report = _check(module, "axis-supply-not-entered", writer)
    assert [f.rule for f in report.findings] == ["Rostov 25.0"]
    assert "Axis Supply 5" in report.findings[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_axis_supply_counters_supply_the_units_near_them(module: Path, writer: str) -> None:
    # Rostov 18.21, 23.0, 23.1: the four counters placed at set-up (a not-checked note, 18.1: the
    # book leaves their hexes to the player); 1LAH at 0512 is within six hexes of the counter at
    # 0406, itself six from the west edge, and moves its whole allowance in the Mechanized phase.
    report = _check(module, "axis-supply-legal", writer)
    assert report.findings == []
    assert {n.rule for n in report.not_checked} == {"Rostov 18.1"}


@pytest.mark.parametrize("writer", WRITERS)
def test_an_axis_unit_out_of_supply_moving_its_whole_allowance_is_found(module: Path, writer: str) -> None:
    # Rostov 23.0 with AGS 5.25: no counter within six hexes of 0512: half the allowance (5), 8 spent.
    report = _check(module, "axis-supply-out", writer)
    assert [(f.unit, f.rule) for f in report.findings] == [("ger-iii-1-lah", "Rostov 23.0")]
    assert "needs 8 MP" in report.findings[0].message and "it has 5" in report.findings[0].message


def test_the_module_carries_the_rostov_tables(module: Path) -> None:
    # Rostov 21.3 and 20.34 (charts/*.csv besides the CRT) become chart windows of their own.
    import zipfile
    with zipfile.ZipFile(module) as archive:
        names = set(archive.namelist())
        build_file = archive.read("buildFile.xml").decode("utf-8")
    for stem in ("disengagement", "disengagement-modifiers", "weather", "weather-modifiers", "weather-track"):
        assert f"images/chart-{stem}.png" in names
    assert "[21.3] Disengagement Table" in build_file and "[20.34] Optional Weather Table" in build_file


# ------------------------------------------- Rostov's own rules: weather (20.0) and disengagement (21.0)
# engine/rules/ags/rostov/, with rules.weather and rules.disengagement of games/rostov/game.toml.

SET_UP_NOTE = "Rostov 18.1"      # the two HQs the scripts place on hexes the book text does not give


def _found(report) -> list[tuple[str | None, str]]:
    return [(f.unit, f.rule) for f in report.findings]


def _not_checked(report) -> list[str]:
    return [n.rule for n in report.not_checked if n.rule != SET_UP_NOTE]


def test_the_weather_table_reads_the_book_example(game: Game) -> None:
    from vmodgen.engine.rules.ags.rostov.weather import weather_of
    # 20.31 example: Game-Turn 4, a one is rolled: north 1 (severe), south 1+2 = 3 (moderate).
    assert weather_of(game, 4, "north", die=1, rolled=True) == "severe"
    assert weather_of(game, 4, "south", die=1, rolled=True) == "moderate"
    # 20.32: modified rolls outside 1-6 are 1 or 6; 20.33: Game-Turn 1 is clear, no roll.
    assert weather_of(game, 10, "north", die=2, rolled=True) == "severe"
    assert weather_of(game, 3, "south", die=6, rolled=True) == "clear"
    assert weather_of(game, 1, "north", die=1, rolled=True) == "clear"
    # 20.0: without the roll, the Game-Turn Record Track.
    assert [weather_of(game, t, "north", die=None, rolled=False) for t in (1, 2, 8)] == ["clear", "moderate", "severe"]


def test_the_weather_sections_split_between_hexrows_14_and_15(game: Game) -> None:
    from vmodgen.engine.rules.ags.rostov.weather import section_of
    assert section_of(game, _hex(game, "1410")) == "south" and section_of(game, _hex(game, "1510")) == "north"


def test_severe_weather_removes_the_minor_river_from_the_disengagement_roll(game: Game) -> None:
    # 21.3: +1 behind minor rivers; 20.23: in severe weather minor rivers do not exist.
    from vmodgen.engine.rules.ags.rostov.disengagement import Attempt, modified_roll
    from vmodgen.engine.rules.ags.rostov.weather import condition
    situation = _opening(game)
    attempt = Attempt(_hex(game, "0308"), ("sov-xx-219-mot",), 2, 1)
    assert modified_roll(game, situation, attempt, None)[0] == 4              # +1 mechanized, +1 river
    assert modified_roll(game, situation, attempt, condition(game, "moderate"))[0] == 4
    assert modified_roll(game, situation, attempt, condition(game, "severe"))[0] == 3


@pytest.mark.parametrize("writer", WRITERS)
def test_legal_disengagements_check_clean(module: Path, writer: str) -> None:
    # 219 Mot rolls 2 (+2): disengages to 0310; 255 Rifle rolls 4 (-1): 3, retreated two hexes.
    # Before Rostov 21.0 was judged, both moves were reported (AGS 5.24, or not checked).
    report = _check(module, "sov-disengage-legal", writer)
    assert report.findings == [] and _not_checked(report) == []


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name, unit, case, words", [
    ("sov-disengage-cost", "sov-xx-219-mot", "Rostov 21.13", "disengaging costs 1 MP more"),
    ("sov-disengage-reentry", "sov-xx-255-rifle", "Rostov 21.22", "entered the enemy-controlled hex 1610"),
    ("sov-disengage-west", "sov-xx-255-rifle", "Rostov 21.23", "nearer the west edge"),
    ("sov-disengage-retreat-short", "sov-xx-255-rifle", "Rostov 21.3", "modified 3"),
    ("sov-disengage-unsupplied", "sov-xx-219-mot", "Rostov 21.21", "out of supply"),
])
def test_an_illegal_disengagement_is_found(module: Path, writer: str, name: str, unit: str, case: str,
                                           words: str) -> None:
    report = _check(module, name, writer)
    assert _found(report) == [(unit, case)] and _not_checked(report) == []
    assert words in report.findings[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_a_disengagement_without_a_roll_is_not_checked_never_a_finding(module: Path, writer: str) -> None:
    report = _check(module, "sov-disengage-no-roll", writer)
    assert report.findings == [] and _not_checked(report) == ["Rostov 21.11"]


@pytest.mark.parametrize("writer", WRITERS)
def test_moderate_weather_of_the_record_track_checks_clean(module: Path, writer: str) -> None:
    # Game-Turn 2, no weather roll: the Record Track's north moderate; moves within the doubled costs.
    # 76 Inf Div (2108) spends more than half its allowance: its line of five hexes is in supply in
    # moderate weather (23.17 shortens lines only where the weather the log shows is severe).
    report = _check(module, "weather-track-moderate-legal", writer)
    assert report.findings == []
    assert report.not_checked == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_move_over_the_doubled_costs_is_found(module: Path, writer: str) -> None:
    report = _check(module, "weather-moderate-overmarch", writer)
    assert _found(report) == [("ger-xx-76", "Rostov 20.22")]
    assert "needs 10 MP" in report.findings[0].message and "moderate weather" in report.findings[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_the_weather_roll_freezes_rivers_and_stops_mechanized_movement(module: Path, writer: str) -> None:
    # Roll 1 on Game-Turn 2: north severe. 76 Inf crosses the frozen minor river for 8 of 8 MP
    # (within its costs; 10 MP in moderate weather); 92/60 Mot Inf moves in the Mechanized Movement
    # Phase. 76 Inf's line of five hexes from 2108 (north) is longer than the three severe weather
    # allows there (23.17), so its 8 MP are over the half allowance of a unit out of supply.
    report = _check(module, "weather-severe-roll", writer)
    assert _found(report) == [("ger-xx-76", "Rostov 23.17"), ("ger-iii-92-60", "Rostov 20.23")]
    assert "north severe" in report.findings[0].message


def test_tank_brigades_count_two_by_rail_and_hqs_nothing(game: Game) -> None:
    # Rostov 19.22: eight units a Game-Turn; a tank brigade, cavalry or motorized division counts two.
    from vmodgen.engine.rules.rail import rail_capacity_check
    tanks = [c.id for c in game.counters if c.type == "tank_brigade"][:4]
    rifle = next(c.id for c in game.counters if c.type == "rifle")
    keys = [*tanks, rifle, "sov-hq-9"]
    situation = Situation(game, 3, 7, {k: UnitState(game.counter(k), None) for k in keys})
    eight = rail_capacity_check(situation, [*tanks, "sov-hq-9"])
    assert eight.is_legal and eight.message.startswith("4 (counting as 8) of 8 units")
    nine = rail_capacity_check(situation, [*tanks, rifle])
    assert nine.is_illegal and nine.case == "Rostov 19.22"


def test_a_frozen_minor_river_doubles_no_defender(game: Game) -> None:
    # 10.4: a minor river doubles a defender attacked only across it; 20.23: not in severe weather.
    from vmodgen.engine.rules.ags.rostov.weather import condition
    from vmodgen.engine.rules.terrain import defense_multiplier
    rumanians, soviets = _hex(game, "0307"), _hex(game, "0308")
    assert defense_multiplier(game, rumanians, [soviets]).multiplier == 2
    assert defense_multiplier(game, rumanians, [soviets], condition=condition(game, "moderate")).multiplier == 2
    assert defense_multiplier(game, rumanians, [soviets], condition=condition(game, "severe")).multiplier == 1


def test_a_battle_whose_river_depends_on_unknown_weather_is_not_judged(game: Game) -> None:
    from vmodgen.engine.rules.ags.combat_phase import _battle_condition
    from vmodgen.engine.rules.ags.rostov.weather import UNKNOWN, condition
    rumanians, soviets, inland = _hex(game, "0307"), _hex(game, "0308"), _hex(game, "0309")
    severe = condition(game, "severe")
    assert _battle_condition(game, lambda h: severe, rumanians, {soviets}) == (severe, None)
    unknown = condition(game, UNKNOWN)
    assert _battle_condition(game, lambda h: unknown, rumanians, {soviets})[1] == unknown
    # no river between them: the weather does not matter to the odds
    assert _battle_condition(game, lambda h: unknown, soviets, {inland})[1] is None


def test_only_a_whole_division_is_doubled(game: Game) -> None:
    # Rostov 19.5: all the units of a division in the hex; 19.53: German mechanized units only.
    from vmodgen.engine.rules.combat import integrity
    hex_ = _hex(game, "1909")
    def doubled(keys: list[str]) -> dict[str, int]:
        situation = Situation(game, 1, 1, {k: UnitState(game.counter(k), hex_) for k in keys})
        return integrity(situation, keys, lambda k: 1)
    whole = ["ger-iii-4-13", "ger-iii-66-13", "ger-iii-93-13"]
    assert doubled(whole) == {k: 2 for k in whole}
    assert doubled(whole[:2]) == {k: 1 for k in whole[:2]}                  # the shared 9.9 would double these
    # 19.51: a two-regiment division with a third unit in the hex is doubled; the third is not
    assert doubled(["ger-iii-92-60", "ger-iii-120-60", "ger-iii-1-lah"]) == {
        "ger-iii-92-60": 2, "ger-iii-120-60": 2, "ger-iii-1-lah": 1}


def test_the_weather_comes_from_the_log(game: Game) -> None:
    # The Weather Phase's die (20.31), the Record Track when it has none (20.0), not known when
    # the log does not show the turn's Weather Phase: then the cheapest weather, said to be unknown.
    from vmodgen.engine.rules.ags.rostov.weather import ROSTOV_WEATHER, UNKNOWN
    from vmodgen.engine.rules.record import PhaseRecord
    record = PhaseRecord("a.vlog", 3, 1, 1, Situation(game, 3, 1, {}))
    north = _hex(game, "2108")
    assert ROSTOV_WEATHER.weather(record, north, {"3": 6}) == "clear"          # 6 + 0
    assert ROSTOV_WEATHER.weather(record, north, {"3": None}) == "moderate"    # the track, Game-Turn 3
    assert ROSTOV_WEATHER.weather(record, north, {}) == UNKNOWN
    unknown = ROSTOV_WEATHER.move_condition(record, north, {})
    assert unknown is not None and not unknown.known and unknown.hex_cost_multiplier == 1
    assert "minor_river" in unknown.absent_hexsides


def test_the_module_alone_carries_the_weather_and_disengagement_charts(
        module: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A director has the module and the log, no games folder: the game rules' own charts
    # (charts/weather*.csv, charts/disengagement.csv) are read when the module's data loads,
    # not later from a temporary folder that is gone by the time the log is checked.
    from vmodgen.engine.check.runner import check_logs
    monkeypatch.chdir(tmp_path)
    weather = check_logs([LOGS / "weather-moderate-overmarch.vlog"], module)
    assert _found(weather) == [("ger-xx-76", "Rostov 20.22")]
    disengagement = check_logs([LOGS / "sov-disengage-cost.vlog"], module)
    assert [f.rule for f in disengagement.findings] == [f.rule for f in _check(module, "sov-disengage-cost").findings]
    assert disengagement.findings


# ------------------------------------------------------------------------- 19.6 second steps

def test_eliminating_a_second_step_unit_meets_a_two_step_loss(game: Game) -> None:
    # Rostov 19.65: a Soviet unit of Defense 6+ eliminated meets a "2" result, so a stack of it and
    # a one-step unit that loses only it has met the result; 19.63: for a "1" result its
    # elimination is legal only with no replacement available, which the log does not show.
    from vmodgen.engine.rules.results import NUMBER, SideResult, loss_check
    soviet = [c for c in game.counters if c.side == "Soviet" and c.type == "rifle" and c.steps == 1]
    big = next(c for c in soviet if c.front.defense >= 6)
    small = next(c for c in soviet if c.front.defense <= 3)
    where = _hex(game, "1512")
    before = {big.id: UnitState(big, where, False), small.id: UnitState(small, where, False)}
    after = {big.id: None, small.id: before[small.id]}
    two = loss_check(game, SideResult(NUMBER, 2), before, after)
    assert two.is_legal and two.case == "Rostov 19.65"
    one = loss_check(game, SideResult(NUMBER, 1), before, after)
    assert not one.is_legal and not one.is_illegal and one.case == "Rostov 19.63"
    # The small unit alone eliminated for a "2" is still one step short (AGS 9.66).
    short = loss_check(game, SideResult(NUMBER, 2), before, {big.id: before[big.id], small.id: None})
    assert short.is_illegal
