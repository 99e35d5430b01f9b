"""Panzergruppe Guderian (issue 12 items 1, 2 and 4): the game's data loads under its own rules
family with zero errors and says what the book says (set-up by army with leaders, both
reinforcement schedules, the die-roll provisional arrivals, the German step ladder, the CRT), its
format extensions are checked, and its module is what the real engine loads and sets up as we do
(the family's judgements are tested in tests/rules/pgg/)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import zipfile
from collections import Counter as Tally
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.oracle import ENGINES, load_errors, run_oracle
from vmodgen.art.counters import face_look, value_text
from vmodgen.build import build_game
from vmodgen.traits import DynamicProperty
from vmodgen.unit_pieces import counter_piece
from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.families import find_family
from vmodgen.engine.rules.pgg.family import PGG

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "games" / "panzergruppe-guderian"
MINI = REPO / "tests" / "data" / "games" / "mini"

# map/ is pgg-map's (PGG.md); until its "PGG map ready:" commit is merged the game cannot load
pytestmark = pytest.mark.skipif(not (FOLDER / "map" / "grid.toml").is_file(), reason="map/ not merged yet")


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(FOLDER)


def data_errors(folder: Path) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(e) for e in caught.value.errors]


def copy_game(tmp_path: Path) -> Path:
    folder = tmp_path / FOLDER.name
    shutil.copytree(FOLDER, folder)
    return folder


# -- the family (item 1) ----------------------------------------------------------------------

def test_the_game_names_the_pgg_family_and_loads_with_zero_errors(game: Game) -> None:
    assert game.system == "pgg" and find_family("pgg") is PGG
    assert [p.kind for p in game.phases] == ["movement", "combat", "disruption_removal", "interdiction", "movement",
                                             "combat", "mech_movement", "disruption_removal", "interdiction",
                                             "interphase"]


def test_a_phase_kind_of_another_family_is_refused(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('kind = "interdiction"', 'kind = "weather"', 1))
    errors = data_errors(folder)
    assert len(errors) == 1 and "'weather' is not a phase kind of the pgg rules" in errors[0]


def test_a_stepped_counter_needs_its_strength_ladder(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('value = { infantry = ["9-7", "4-7", "2-7", "1-7"] }',
                                             'value = { infantry = ["9-7", "4-7"] }'))
    errors = data_errors(folder)
    assert len(errors) == 18 and all("no ladder of 4 levels (PGG 9.61)" in e for e in errors)


# -- the game data (item 2) -------------------------------------------------------------------

def test_the_soviet_set_up_is_the_books_by_army(game: Game) -> None:
    by_army: dict[str, Tally[str]] = {}
    for counter in game.counters:
        if counter.side == "Soviet" and counter.role == "setup":
            hexes = game.map.name(counter.setup)
            army = next(a for a, spread in ARMIES.items() if hexes in spread)
            by_army.setdefault(army, Tally())[counter.type] += 1
            assert counter.setup_face == ("front" if counter.type == "leader" else "back")
    assert by_army == {"24": Tally(rifle=5, armored=1, leader=1), "16": Tally(rifle=6, leader=1),
                       "19": Tally(rifle=4, leader=1), "13": Tally(rifle=7, armored=1, leader=1),
                       "20": Tally(rifle=6, armored=4, leader=1)}
    assert not [c for c in game.counters if c.side == "German" and c.setup is not None]    # PGG 5.0


ARMIES = {"24": ("4015",), "16": ("2216",), "19": ("1414",), "13": ("0123", "0124", "0125", "0126"),
          "20": tuple(f"01{r:02d}" for r in range(8, 16))}


def test_the_soviet_schedule_and_the_die_roll_arrivals(game: Game) -> None:
    scheduled = [r for r in game.reinforcements if r.areas_by == "choice" and not r.optional]
    assert sum(r.count for r in scheduled if r.type == "soviet_rifle") == 60                  # PGG 16.1
    assert sum(r.count for r in scheduled if r.type == "soviet_armored") == 5
    assert not [r for r in scheduled if r.turn == 12]
    provisional = [r for r in game.reinforcements if r.areas_by == "die"]
    assert [(r.turn, r.count, r.areas) for r in provisional] == [(t, 1, ("1", "2", "3", "4", "5", "6"))
                                                                 for t in range(1, 13)]    # PGG 14.11
    south_west = [r for r in game.reinforcements if r.optional]
    assert [(r.turn, r.count) for r in south_west] == [(t, 5) for t in range(2, 13)]       # PGG 14.21
    assert game.param("south_western_front")["per_game"] == 10


def test_the_leaders_arrive_as_the_book_says(game: Game) -> None:
    leaders = {c.id.removeprefix("sov-ldr-"): (c.entry_turn, c.entry_areas) for c in game.counters
               if c.type == "leader" and c.role == "reinforcement"}
    assert leaders == {"rokossovsky": (1, ("X",)), "yershakov": (1, ("V",)), "khomenko": (2, ("W",)),
                       "gerasimenko": (3, ("Z",)), "kachalov": (4, ("X",)), "maslennikov": (7, ("X",)),
                       "dolmatov": (8, ("X",)), "zakharkin": (9, ("X",)), "vishnevsky": (10, ("X",)),
                       "onuprienko": (11, ("X",))}
    lukin = game.counter("sov-ldr-lukin")
    assert (lukin.leadership, lukin.front.movement, str(lukin.sources.leadership)) == (3, 10, "rules: 11.22 (Lukin's rating is three)")
    assert [c.id for c in game.counters if c.type == "leader" and c.leadership is not None] == ["sov-ldr-lukin"]


def test_the_german_schedule_and_values(game: Game) -> None:
    german = [c for c in game.counters if c.side == "German" and c.role == "reinforcement"]
    assert len(german) == 61
    infantry = [c for c in german if c.type == "infantry"]
    assert len(infantry) == 18 and {(c.front.attack, c.front.defense, c.front.movement, c.steps) for c in infantry} == {(9, 9, 7, 4)}
    assert game.param("strength_levels") == {"infantry": ["9-7", "4-7", "2-7", "1-7"]}          # PGG 9.63
    mech = [c for c in german if c.type != "infantry"]
    # the book states no other German value: unknown, never guessed
    assert all(c.front.attack is None and c.steps == 2 and c.back_kind == "reduced" for c in mech)
    arrivals = Tally((c.entry_turn, c.entry_areas[0]) for c in german)
    assert arrivals == {(1, "C"): 13, (2, "A"): 6, (2, "B"): 2, (3, "D"): 3, (3, "E"): 15, (3, "H"): 9,
                        (5, "E"): 3, (6, "E"): 2, (7, "E"): 4, (8, "F"): 2, (9, "G"): 2}


def test_the_untried_pool_holds_what_the_book_states(game: Game) -> None:
    soviet = [c for c in game.counters if c.side == "Soviet" and c.type in ("rifle", "armored")]
    assert all(c.back_kind == "untried" for c in soviet)
    stated = Tally((c.front.attack, c.front.defense, c.front.movement) for c in soviet if c.sources.front.is_known)
    assert stated == {(0, 0, 6): 2, (0, 1, 6): 2, (6, 8, 6): 1, (1, 2, 6): 1}                   # PGG 10.36, 12.3
    assert {str(c.sources.front) for c in soviet if not c.sources.front.is_known} == {"unknown"}


def test_the_crt_is_the_books(game: Game) -> None:
    assert game.crt.columns[0] == "1-3" and game.crt.columns[-1] == "10-1"
    # the book's De/A1 and Eng, written attacker/defender (charts/crt.csv says how, cell by cell)
    assert game.crt.result(1, "6-1") == "1/E" and game.crt.result(6, "4-1") == "eng"              # PGG 9.5
    assert [game.crt.result(d, "1-3") for d in range(1, 7)] == ["1/-", "1/-", "1/-", "2/-", "E/-", "E/-"]
    # the note under the Explanation of Combat Results (18.0): below 1-3 as 1-3, above 10-1 as 10-1
    assert (game.crt_rules["below_table"]["value"], game.crt_rules["above_table"]["value"]) == ("1-3", "10-1")


# -- format extensions ------------------------------------------------------------------------

def test_a_die_row_must_list_six_areas_and_areas_by_is_checked(tmp_path: Path) -> None:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    (folder / "reinforcements.csv").write_text(
        "turn,side,type,count,areas,areas_by,optional,source\n"
        "2,Red,rifle,1,E,die,,reconstructed: test fixture\n"
        "2,Red,rifle,1,E,sometimes,yes,reconstructed: test fixture\n"
        "3,Red,rifle,1,E,choice,perhaps,reconstructed: test fixture\n")
    errors = [e.split(": ", 1)[1] for e in data_errors(folder)]
    assert errors == ["areas: a die names one of 6 areas: list 6, in the order of the rolls",
                      "areas_by: 'sometimes' should be one of choice, die",
                      "optional: 'perhaps' should be 'yes' or empty"]


# -- the module (item 4) ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(FOLDER)


def _read(module: Path, name: str) -> str:
    with zipfile.ZipFile(module) as archive:
        return archive.read(name).decode()


def test_module_is_byte_identical_when_built_twice(tmp_path: Path, module: Path) -> None:
    again = build_game(FOLDER, tmp_path).path
    assert hashlib.sha256(again.read_bytes()).hexdigest() == hashlib.sha256(module.read_bytes()).hexdigest()


def test_german_counters_print_one_combat_strength(game: Game) -> None:
    infantry = game.counter("ger-xx-6-inf")
    assert (value_text(game, infantry, "front"), face_look(game, infantry, "front").values) == ("9-7", "9-7")   # PGG 3.4
    assert value_text(game, game.counter("sov-rifle-85"), "front") == "6-8-6"
    assert value_text(game, game.counter("sov-rifle-85"), "back") == "?-?-6"
    assert value_text(game, game.counter("ger-iii-7pz-pz"), "back") == "?-?"


def test_module_carries_the_markers_leaders_and_entry_die_of_pgg(module: Path) -> None:
    build = _read(module, "buildFile.xml")
    levels = re.findall(r"mark;Marker.*?piece;;;level-infantry-german-(\d)\.png;([0-9-]+) strength level", build)
    assert sorted(set(levels)) == [("1", "1-7"), ("2", "2-7"), ("3", "4-7")]                    # PGG 9.61, 9.63
    assert "piece;;;disrupted.png;Disrupted" in build                                          # PGG 6.61
    assert 'name="Soviet rifle entry"' in build and "1 = area 1, 2 = area 2" in build          # PGG 14.11
    # fifteen leaders (PGG 5.1, 16.1), each in the palette and at its start: PGG 10.1
    assert build.count("AreaOfEffect;168,85,63;25;1;false;Show command radius") == 2 * 15


def test_a_leaders_radius_is_its_rating_or_set_by_the_player(game: Game) -> None:
    def radius(counter_id: str) -> DynamicProperty:
        piece = counter_piece(game, game.counter(counter_id), "1", False)
        return next(t for t in piece.traits if isinstance(t, DynamicProperty) and t.name == "Radius")
    lukin, konev = radius("sov-ldr-lukin"), radius("sov-ldr-konev")
    assert (lukin.value, lukin.commands) == ("3", ())                                # PGG 11.22
    assert konev.value == "0" and [c.value for c in konev.commands] == [str(n) for n in range(1, 9)]


def test_help_page_says_which_values_are_reconstructed(module: Path) -> None:
    page = _read(module, "help/playing.html")
    assert "Values the book does not give" in page
    assert "Rifle Div #85: reconstructed: every Soviet Rifle Division the book prints moves 6" in page
    assert "German panzer: 9 counters" in page and "Soviet leader: 14 counters" in page
    assert "rule 12.2" in page and "rule 13.2" not in page                 # PGG numbers the reveal rule 12.2


@pytest.mark.parametrize("engine", ENGINES)
def test_engine_loads_the_module_without_errors(module: Path, game: Game, engine: str) -> None:
    report, errors = load_errors(module, engine)
    assert errors == []
    assert [p["name"] for p in report["pieces"] if p["missing_images"]] == []
    assert report["at_start_pieces"] == len([c for c in game.counters if c.role != "marker"]) + 1   # + Game-Turn


@pytest.mark.parametrize("engine", ENGINES)
def test_every_set_up_unit_starts_on_its_book_hex(module: Path, game: Game, tmp_path: Path, engine: str) -> None:
    script = tmp_path / "nothing.json"
    script.write_text(json.dumps({"actions": [{"chat": "opening position"}]}))
    report = run_oracle("write", module, script, tmp_path / "start.vlog", env={"ORACLE_PROPS": "Unit"},
                        engine=engine)
    where = {p["properties"]["Unit"]: (p["map"], p["location"])
             for p in report["final_pieces"] if p["properties"].get("Unit")}
    expected = {c.id: (game.map.board, game.map.name(c.setup)) for c in game.counters if c.role == "setup"}
    assert {unit: where.get(unit) for unit in expected} == expected
    assert len(expected) == 39                                # PGG 5.1: 28 rifle, 6 armored, 5 Leaders
    for counter in game.counters:
        if counter.role == "reinforcement":
            assert where[counter.id] == ("Turn Track", f"Turn {counter.entry_turn}")
        if counter.role == "pool":
            assert where[counter.id] == ("Turn Track", f"Pool {game.pool_of(counter)}")


def test_the_turn_track_tells_scheduled_die_and_optional_arrivals_apart(game: Game) -> None:
    from vmodgen.art.boards import _scheduled
    assert _scheduled(game)[2] == ["Soviet by area W: 3 rifle divisions, 1 armored division",
                                   "Soviet by area X: 4 rifle divisions", "Soviet by die: 1 rifle division",
                                   "Soviet by area SW: up to 5 rifle divisions"]
