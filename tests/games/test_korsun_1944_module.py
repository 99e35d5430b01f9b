"""Korsun 1944's module (issue 13 item 4): a labelled dice button per test the WB-95 rules roll for,
declared as data (``[[dice]]``), the WB-95 markers in the palette (``[[markers]]``) beside the numbered
battle markers, and a module the real engine loads with no error on both engines."""

from __future__ import annotations

import re
import zipfile
from collections import Counter as Tally
from pathlib import Path

import pytest
from lxml import etree

from tests.games.test_korsun_1944 import copy_game, load_errors
from tests.oracle import ENGINES, load_errors as oracle_load_errors, run_oracle
from vmodgen.build import build_game
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.model.scenarios import scenario_game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.rules.wb95.vocabulary import MARKERS
from vmodgen.engine.vassal.pieces import PieceType
from vmodgen.scenario_setups import choose_hexes

DICE = "VASSAL.build.module.DiceButton"
SETUP = "VASSAL.build.module.PredefinedSetup"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    root = tmp_path_factory.mktemp("k1944-module")
    result = build_game(copy_game(root / "games"), root / "build")
    return result.game, result.path


def build_xml(module: Path) -> etree._Element:
    with zipfile.ZipFile(module) as archive:
        return etree.fromstring(archive.read("buildFile.xml"))


def palette_pieces(module: Path) -> dict[str, dict[str, str]]:
    """Every palette piece by name: its fixed and dynamic properties as the engine reads them."""
    found = {}
    for slot in build_xml(module).iter("VASSAL.build.widget.PieceSlot"):
        _, _, kind, state = slot.text.split("/", 3)
        piece = PieceType.parse(kind)
        found[slot.get("entryName")] = piece.properties(piece.split_state(state))
    return found


def test_every_test_the_rules_roll_for_has_its_own_button(built: tuple[Game, Path]) -> None:
    game, module = built
    tests = {d.test: (d.name, d.dice, d.case) for d in game.dice}
    # WB-95 1.8 (1K6, 2K6); each roll the rules make, by its case
    assert tests == {
        "combat": ("Combat 2K6", 2, "5.2.1"), "disorganization": ("Disorganization test 2K6", 2, "5.6.2"),
        "surrender": ("Surrender 2K6", 2, "10.2.6"), "artillery_fire": ("Artillery fire 2K6", 2, "6.4.2"),
        "objects": ("Attack on objects 2K6", 2, "6.4.7"), "air_attack": ("Air attack 2K6", 2, "8.2.6"),
        "air_combat": ("Air combat 1K6", 1, "8.1.8"),
        "movement_disorganization": ("Movement disorganization 2K6", 2, "8.2.14"),
        "river_crossing": ("River crossing 1K6", 1, "8.2.20")}
    buttons = {b.get("name"): b for b in build_xml(module).iter(DICE)}
    assert sorted(buttons) == sorted(d.name for d in game.dice)          # no 1d6 beside them
    for test in game.dice:
        button = buttons[test.name]
        assert (button.get("nDice"), button.get("nSides")) == (str(test.dice), "6")
        # the log's <name>_result is the sum the tables are read with
        assert button.get("reportTotal") == ("true" if test.dice > 1 else "false")


def test_the_palette_holds_every_wb95_marker_and_the_battle_markers(built: tuple[Game, Path]) -> None:
    _, module = built
    pieces = palette_pieces(module)
    kinds = {props.get("Marker") for props in pieces.values()}
    assert set(MARKERS) <= kinds
    assert (pieces["Attack 3"]["Role"], pieces["Defend 3"]["Battle"]) == ("attack", "3")
    assert [pieces[f"Out of Supply {n}"]["Level"] for n in (1, 12)] == ["1", "12"]       # WB95 10.2.1
    assert pieces["German air 7 SP"] == {"BasicName": "German air 7 SP", "Marker": "AirMission", "Game": "korsun-1944", "Side": "German",
                                              "SP": "7"}                                    # WB95 8.1.1
    assert pieces["Bridge destroyed"]["State"] == "destroyed" and pieces["Bridge"]["State"] == "intact"
    for name in ("Disorganized", "Field Fortification", "Improved Fortification", "Strategic Movement"):
        assert pieces[name]["Game"] == "korsun-1944"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_bad_dice_and_markers_are_refused_at_their_line(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)
    edit(folder / "game.toml", 'name = "Surrender 2K6"\ndice = 2', 'name = "Combat 2K6"\ndice = 0')
    edit(folder / "game.toml", 'kind = "Disorganized"', 'kind = "Demoralized"')
    edit(folder / "game.toml", 'sides = ["Soviet", "German"]', 'sides = ["Soviet", "Italian"]')
    errors = "\n".join(load_errors(folder))
    assert "game.toml" in errors
    assert "dice.name: 'Combat 2K6' names another [[dice]] button too" in errors
    assert "dice.dice: 0 should be a whole number from 1 to 10" in errors
    assert "markers.kind: 'Demoralized' is not a marker kind of the rules" in errors
    assert "markers.sides: should list sides of the game (Soviet, German)" in errors


def test_a_game_without_dice_keeps_its_one_die(tmp_path: Path) -> None:
    game = load_game(Path(__file__).resolve().parents[2] / "games" / "kiev")
    assert game.dice == () and game.markers == ()


@pytest.mark.parametrize("engine", ENGINES)
def test_the_engine_loads_the_module_without_an_error(built: tuple[Game, Path], engine: str) -> None:
    _, module = built
    report, errors = oracle_load_errors(module, engine)
    assert errors == []
    assert [p["name"] for p in report["pieces"] if p.get("missing_images")] == []
    names = {p["name"] for p in report["pieces"]}
    assert {"Out of Supply 12", "Soviet air 12 SP", "Bridge destroyed", "Attack 8"} <= names


# -- predefined setups (issue 13 item 4: every set-up unit on a hex its formation's line names) ------

def line_hexes(played: Game, counter: Counter) -> set[str]:
    """The hexes the book's set-up line names, read from the placement's quote of it
    (``Korsuń 1944 German Setup (75 INF (rest) 0733, 0931 (FF))``), not from the chosen hex; for a
    line naming a city ("602 INF-R Korsuń", ``[rules.setup_cities]``), that city's hexes on the map."""
    city = played.rules["setup_cities"].value.get(counter.id) if "setup_cities" in played.rules else None
    if city is not None:
        return {played.map.name(h) for h, place in played.map.places.items() if place.name == city}
    quoted = str(counter.sources.placement).split("(", 1)[-1]
    return set(re.findall(r"\b\d{4}\b", quoted))


def test_each_scenario_is_a_predefined_setup_in_the_books_order(built: tuple[Game, Path]) -> None:
    game, module = built
    menu = [s for s in build_xml(module).iter(SETUP) if s.get("isMenu") == "false"]
    assert [(s.get("name"), s.get("file")) for s in menu] == [
        ("Korsuń 1944 (25 turns)", "scenario-korsun-1944.vsav"), ("The Retreat (25 turns)", "scenario-the-retreat.vsav"),
        ("Deblockade (15 turns)", "scenario-deblockade.vsav")]
    with zipfile.ZipFile(module) as archive:
        assert {s.get("file") for s in menu} <= set(archive.namelist())
        help_text = " ".join(archive.read("help/playing.html").decode("utf-8").split())
    # the help page says how the module chose among a line's hexes, and what a scenario plays differently
    assert "go to the line's hexes in turn" in help_text and "more than 8 CELs" in help_text
    assert "Its turn 1 is 1944-02-03" in help_text and "starts the turn tracker at 'Air (Phase 7)'" in help_text
    assert "RG Szpoła in Shpola" in help_text and "602 INF-R in Korsun" in help_text
    assert "Roll with the Combat 2K6 button (rule 5.2.1)" in help_text


def test_the_chosen_hexes_are_the_lines_and_keep_8_cels_where_known(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)
    for name in ("korsun-1944", "deblockade"):
        played = scenario_game(load_game(folder), name)
        chosen = choose_hexes(played)
        assert chosen and all(played.map.name(h) in line_hexes(played, played.counter(c)) for c, h in chosen.items())
        # with every CEL unknown, each counter keeps the hex the data names for it
        assert all(played.counter(c).setup == h for c, h in chosen.items())
    # an owner's values (test values, not the real counters): 228 AG-B with 6 CELs alone on 5316, where the
    # data puts the third of 57 INF's regiments (3 CELs) too; 9 > 8 (WB95 3.2.1), so that one moves on
    with open(folder / "owner-values.csv", "a", encoding="utf-8") as out:
        out.write("ger-228,,,,reduced,,,,6,,owner: test values (not the real counters)\n")
        for n in (1, 2, 3):
            out.write(f"ger-57-{n},,,,reduced,,,,3,,owner: test values (not the real counters)\n")
    played = scenario_game(load_game(folder), "korsun-1944")
    assert played.map.name(played.counter("ger-57-3").setup) == "5316"
    chosen = choose_hexes(played)
    load = Tally()
    for counter_id, hex_ in chosen.items():
        load[played.map.name(hex_)] += played.counter(counter_id).steps if counter_id.startswith(("ger-57", "ger-228")) else 0
    assert played.map.name(chosen["ger-228"]) == "5316" and played.map.name(chosen["ger-57-3"]) != "5316"
    assert played.map.name(chosen["ger-57-3"]) in line_hexes(played, played.counter("ger-57-3"))
    assert max(load.values()) <= 8
    assert [c for c, h in chosen.items() if played.counter(c).setup != h] == ["ger-57-3"]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("scenario", ["korsun-1944", "the-retreat", "deblockade"])
def test_the_engine_starts_each_scenario_with_every_unit_on_its_lines_hex(
        built: tuple[Game, Path], scenario: str, engine: str, tmp_path: Path) -> None:
    game, module = built
    with zipfile.ZipFile(module) as archive:
        (tmp_path / "setup.vsav").write_bytes(archive.read(f"scenario-{scenario}.vsav"))
    report = run_oracle("replay", module, tmp_path / "setup.vsav", engine=engine)
    assert report["kind"] == "save" and report["undecodable"] == []
    played = scenario_game(game, scenario)
    where: dict[str, list[str]] = {}
    markers = []
    for piece in report["final_pieces"]:
        kind = PieceType.parse(piece["type"])
        props = kind.properties(kind.split_state(piece["state"]))
        if props.get("Unit"):
            where.setdefault(props["Unit"], []).append(piece["location"])
        elif props.get("Marker") == "FieldFortification":
            markers.append(piece["location"])
    # every set-up unit is placed (602 INF-R and the Resilience Groups on a hex of their city)
    assert [c.id for c in played.counters if c.role == "setup" and c.setup is None] == []
    on_map = [c for c in played.counters if c.role == "setup"]
    assert on_map and all(len(where.get(c.id, [])) == 1 and where[c.id][0] in line_hexes(played, c) for c in on_map)
    waiting = [c for c in played.counters if c.role == "reinforcement" and c.entry_turn is not None]
    assert all(where.get(c.id) == [f"Turn {c.entry_turn}"] for c in waiting)
    scenario_data = next(s for s in played.scenarios if s.name == scenario)
    assert sorted(markers) == sorted(played.map.name(h) for h in scenario_data.markers["FieldFortification"])
    # the turn tracker opens on the scenario's first phase: Deblockade's Germans move first (its Scenario Notes)
    first = "Air (Phase 7)" if scenario == "deblockade" else "Air (Phase 1)"
    assert report["final_turns"]["Game Turn"]["levels"] == {"Turn": "1", "Phase": first}
    # nothing else: every piece is one of the scenario's
    assert set(where) <= {c.id for c in played.counters}


# -- the map's north arrow ------------------------------------------------------------------------

def test_the_north_arrow_shows_the_maps_41_degree_turn(tmp_path: Path) -> None:
    from vmodgen.art.map_key import _turned

    folder = copy_game(tmp_path)
    game = load_game(folder)
    # map-notes.md: the registration turns the map 41 degrees, its north edge is real north-east
    assert game.map.art.north == -41.0
    tip = _turned((0, 0), (0, -1), game.map.art.north)
    assert tip[0] < 0 and tip[1] < 0            # up and to the left of up
    edit(folder / "map" / "grid.toml", "north = -41.0", "north = 200")
    assert any("art.north: 200 should be degrees from -180 to 180" in e for e in load_errors(folder))
