"""Korsun 1944, WB-95 (issue 13 items 1 and 2): the game loads under the ``wb95`` family with zero errors
and says what the book says (three scenarios' set-ups, the reinforcement schedule, the tables, air
support, morale, victory), with no counter value invented; its format extensions (scenarios, an owner's
values file, the build's unknown line) are checked. Until k1944-map's map/ is merged, the game is loaded
from a copy with a provisional map (tests/games/korsun_1944_provisional_map.py)."""

from __future__ import annotations

import csv
import shutil
from collections import Counter as Tally
from pathlib import Path

import pytest

from tests.games.korsun_1944_provisional_map import write_provisional_map
from vmodgen.completeness import completeness, unknown_line, unknown_values
from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.model.scenarios import scenario_game
from vmodgen.engine.rules.families import find_family
from vmodgen.engine.rules.wb95.family import NOT_CHECKED, WB95
from vmodgen.engine.rules.wb95.scenario import line_hexes

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "games" / "korsun-1944"
RULEBOOK_TURNS = {"korsun-1944": 25, "the-retreat": 25, "deblockade": 15}


def copy_game(tmp_path: Path) -> Path:
    """A copy of the game that loads: with the committed map, or a provisional one until it is merged."""
    folder = tmp_path / FOLDER.name
    shutil.copytree(FOLDER, folder)
    if not (folder / "map" / "grid.toml").is_file():
        write_provisional_map(folder)
    return folder


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return load_game(copy_game(tmp_path_factory.mktemp("k1944")))


def load_errors(folder: Path) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(e) for e in caught.value.errors]


def rows(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8") as handle:
        return list(csv.DictReader(line for line in handle if not line.startswith("#")))


# -- the family (item 1) ----------------------------------------------------------------------

def test_the_game_plays_the_twelve_phases_of_wb95(game: Game) -> None:
    assert game.system == "wb95" and find_family("wb95") is WB95
    assert [p.kind for p in game.phases] == ["air", "barrage", "movement", "combat", "strategic_movement", "supply"] * 2
    assert [p.side for p in game.phases] == [""] + ["Soviet"] * 5 + [""] + ["German"] * 5
    both = [p.name for p in game.phases if WB95.phase_kind(p.kind).both_sides]
    assert both == ["Air (Phase 1)", "Soviet Attack", "Air (Phase 7)", "German Attack"]


def test_every_wb95_case_is_reported_not_checked_until_judged() -> None:
    judgements = WB95.check_game([])
    assert [j.verdict.case for j in judgements] == [case for case, _ in NOT_CHECKED]
    assert all(j.verdict.is_unchecked for j in judgements)


def test_a_phase_kind_of_another_family_is_refused(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('kind = "supply"', 'kind = "mech_movement"', 1),
                    encoding="utf-8")
    errors = load_errors(folder)
    assert len(errors) == 1 and "'mech_movement' is not a phase kind of the wb95 rules" in errors[0]


def test_a_face_of_another_family_is_refused(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)
    units = folder / "units.csv"
    units.write_text(units.read_text(encoding="utf-8").replace(",unknown,unknown,,,,unknown,", ",unknown,untried,,,,"
                                                               "unknown,", 1), encoding="utf-8")
    errors = load_errors(folder)
    assert len(errors) == 1 and "ger-75a: back 'untried' is not a face the wb95 rules know" in errors[0]


# -- the game data (item 2) -------------------------------------------------------------------

def test_no_counter_value_is_invented(game: Game) -> None:
    for counter in game.counters:
        assert not counter.sources.front.is_known
        assert counter.front.attack is None and counter.front.defense is None
        if counter.type == "hq":            # 9.1.2: an HQ counter has 10 MPs, the rules' value with its source
            assert counter.front.movement == 10 and str(counter.sources.movement).startswith("rules: 9.1.2")
        else:                               # 15.2.1: a Resilience Group has no MPs
            assert counter.front.movement is None or counter.type == "resilience_group"
    faces = Tally((c.type, c.back_kind, c.steps) for c in game.counters if c.back_kind != "unknown")
    assert {(t, b) for t, b, _ in faces} == {("hq", "none"), ("artillery", "mode")}       # 9.1.4; 1.2, 6.2.2
    assert all(steps == 1 for _, _, steps in faces)
    assert game.param("hq_movement") == 10 and game.rules["hq_movement"].source.detail.startswith("9.1.2")


def test_the_three_scenarios_in_the_books_order(game: Game) -> None:
    assert [(s.name, s.title, s.turns.value, s.first_side.value) for s in game.scenarios] == [
        ("korsun-1944", "Korsuń 1944", 25, "Soviet"), ("the-retreat", "The Retreat", 25, "Soviet"),
        ("deblockade", "Deblockade", 15, "German")]
    assert all(RULEBOOK_TURNS[s.name] == s.turns.value for s in game.scenarios)


def test_korsun_1944_set_up_and_schedule(game: Game) -> None:
    played = scenario_game(game, "korsun-1944")
    roles = Tally((c.side, c.role) for c in played.counters)
    assert roles == {("Soviet", "setup"): 88, ("German", "setup"): 60, ("German", "reinforcement"): 41,
                     ("Soviet", "reinforcement"): 40}
    hexes = {c.id: played.map.name(c.setup) for c in played.counters if c.setup is not None}
    assert hexes["ger-75a"] == "0535" and hexes["sov-27-206"] == "2400" and hexes["sov-53-213"] == "6430"
    assert [hexes[f"ger-88-{n}"] for n in range(1, 5)] == ["1618", "1615", "1512", "1309"]
    assert {hexes[f"sov-v-mot-{n}"] for n in range(1, 6)} == {"0624"}
    # every set-up unit is placed; the six RGs and 602 INF-R stand in cities the text names without a hex:
    # each starts on a hex of its city (the map's places), any of which its set-up line allows
    assert [c.id for c in played.counters if c.role == "setup" and c.setup is None] == []
    cities = played.rules["setup_cities"].value
    assert sorted(cities) == ["ger-602"] + [f"ger-rg-{n}" for n in range(1, 7)]
    places = played.map.places
    lines = line_hexes(played)
    for key, city in cities.items():
        assert places[played.counter(key).setup].name == city
        assert lines[key] == {h for h, p in places.items() if p.name == city} and len(lines[key]) >= 3
    entries = {c.id: (c.entry_turn, c.entry_areas) for c in played.counters if c.role == "reinforcement"}
    assert entries["ger-14-1"] == (1, ("E",)) and entries["ger-249"] == (3, ("A",))
    assert entries["ger-10"] == (16, ("F",)) and entries["sov-xi-g-1"] == (16, ("0112",))
    assert entries["sov-53-89"] == (8, ("6422",)) and entries["sov-252"] == (20, ("6422",))
    assert entries["sov-163"] == (None, ("0130",)) and entries["ger-16-1"] == (None, ())   # no date printed


def test_the_retreat_is_korsun_1944s_set_up(game: Game) -> None:
    first, retreat = scenario_game(game, "korsun-1944"), scenario_game(game, "the-retreat")
    assert first.counters == retreat.counters and first.phases == retreat.phases


def test_deblockade_set_up_initiative_and_losses(game: Game) -> None:
    played = scenario_game(game, "deblockade")
    assert played.turns.value == 15 and played.start_date.value == "1944-02-03"
    assert [p.side for p in played.phases][:3] == ["", "German", "German"]       # Germans move first
    assert played.phases[1].name == "German Artillery Barrage"
    roles = Tally((c.side, c.role) for c in played.counters)
    assert roles == {("Soviet", "setup"): 102, ("German", "setup"): 86, ("Soviet", "reinforcement"): 25,
                     ("German", "reinforcement"): 8}
    ids = {c.id for c in played.counters}
    assert not ids & {"ger-239", "ger-167", "ger-177", "ger-hq-xxxxii", "ger-911", "sov-4ga-eng",
                      "ger-rg-4", "ger-rg-5"}
    hexes = {c.id: played.map.name(c.setup) for c in played.counters if c.setup is not None}
    assert hexes["ger-249"] == "0931" and hexes["sov-40-42"] == "0729" and hexes["ger-16-2"] == "2130"
    entries = {c.id: c.entry_turn for c in played.counters if c.role == "reinforcement"}
    assert entries["ger-24"] == 1 and entries["ger-10"] == 6 and entries["sov-252"] == 10
    deblockade = game.scenarios[2]
    assert {(loss.counters, loss.steps) for loss in deblockade.losses} >= {
        (("ger-198-1", "ger-198-2", "ger-198-3"), 3), (("sov-v-g-arm-1", "sov-v-g-arm-2"), 1)}
    assert len(deblockade.markers["FieldFortification"]) == 86


def test_the_tables_are_the_books(game: Game) -> None:
    assert game.crt.columns == ("1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1",
                                "10:1")
    assert sorted(game.crt.rows) == list(range(2, 13))
    assert game.crt.result(6, "4:1") == "-/D2"           # the TABLES copy (counters-notes.md, glitch 1)
    assert game.crt.result(12, "1:4") == "A2D-2/-1" and game.crt.result(4, "1:4") == "A1T/-"
    charts = FOLDER / "charts"
    for name in ("air_attack", "artillery_fire", "attack_on_objects"):
        table = rows(charts / f"{name}.csv")
        assert [r["sps"] for r in table] == ["1-2", "3-5", "6-8", "9-12", "13-16", "17+"]
    assert rows(charts / "air_attack.csv")[5]["roll_2"] == "-2D"
    assert rows(charts / "artillery_fire.csv")[0]["roll_12"] == "•"
    support = rows(charts / "air_support.csv")
    assert len(support) == 25 and (support[0]["German"], support[0]["Soviet"]) == ("4", "12")
    assert [r["deblockade_turn"] for r in support if r["deblockade_turn"]] == [str(n) for n in range(1, 16)]
    terrain = game.terrain.types
    assert terrain["hills"].get("cost") == {"trucked": 3, "mechanized": 2.5, "non_motorized": 2}
    assert terrain["swamp"].get("cost")["trucked"] == "P"          # 9.1.3, 10.1.8 (glitch 7)
    assert terrain["river"].get("defense_cm") == 2 and terrain["dnieper"].get("attack") == "prohibited"


def test_morale_classes_and_victory(game: Game) -> None:
    classes = game.param("morale_class")
    assert {classes[c.id] for c in game.counters if c.id in classes} == {"SS", "Guards"}
    assert all(game.counter(i).side == ("German" if m == "SS" else "Soviet") for i, m in classes.items())
    assert game.param("morale_limits") == {"German": {"SS": 12, "default": 11}, "Soviet": {"Guards": 11, "default": 10}}
    assert game.victory["korsun-1944"]["option_i"]["german_wins"]["vp"] == 15
    assert set(game.victory) == {"korsun-1944", "the-retreat", "deblockade"}


def test_every_placement_cites_the_book_or_says_unknown(game: Game) -> None:
    for played in (scenario_game(game, s.name) for s in game.scenarios):
        for counter in played.counters:
            source = counter.sources.placement
            assert source.kind == "rules" or (source.kind == "unknown" and counter.id in (
                "ger-602", "sov-163", "ger-16-1", "ger-16-2") or counter.id.startswith("ger-rg")), counter.id


def test_the_committed_csvs_are_what_make_units_writes(tmp_path: Path) -> None:
    folder = tmp_path / FOLDER.name
    shutil.copytree(FOLDER, folder)
    script = folder / "sources" / "make_units.py"
    import runpy
    runpy.run_path(str(script), run_name="__main__")
    for name in ("units.csv", "scenarios/deblockade.csv"):
        assert (folder / name).read_bytes() == (FOLDER / name).read_bytes()


def test_the_1st_ukraine_front_moves_from_turn_3_in_korsun_1944_and_the_retreat(game: Game) -> None:
    # Korsuń 1944 Scenario Notes; the Soviet Setup's 1st Ukraine Front: 40 Army, 6 Armored Army (with
    # its V MOT and V G ARM corps), 27 Army. Deblockade (from 3 II) has no such note.
    held = {s.name: [(r.name, r.side, set(r.formations), r.from_turn) for r in s.movement_restrictions]
            for s in game.scenarios}
    front = ("1st Ukraine Front", "Soviet", {"40 Army", "6 Armored Army", "V MOT", "V G ARM", "27 Army"}, 3)
    assert held == {"korsun-1944": [front], "the-retreat": [front], "deblockade": []}
    armies = {c.formation for c in game.counters if c.side == "Soviet" and c.role == "setup"}
    assert {"4 Guards Army", "53 Army", "52 Army", "XX ARM"} <= armies - front[2]


# -- format extensions ------------------------------------------------------------------------

def test_a_scenario_placing_an_unknown_counter_off_the_board_is_refused(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)
    csv_path = folder / "scenarios" / "deblockade.csv"
    text = csv_path.read_text(encoding="utf-8")
    csv_path.write_text(text.replace("ger-75a,0535,", "ger-75a,9999,", 1)
                        + "nobody,0101,front,,,setup,rules: nowhere,\n", encoding="utf-8")
    toml = folder / "scenarios" / "deblockade.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('first_side = { value = "German"',
                                                             'first_side = { value = "Romanian"'), encoding="utf-8")
    errors = load_errors(folder)
    assert len(errors) == 3, errors
    assert "deblockade.toml" in errors[0] and "unknown side 'Romanian'" in errors[0]
    assert "deblockade.csv" in errors[1] and "setup: hex 9999 is off the board" in errors[1]
    assert "id: 'nobody' is not a counter of units.csv" in errors[2]


def test_a_bad_movement_restriction_is_refused(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)
    toml = folder / "scenarios" / "korsun-1944.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('"V G ARM", "27 Army"]', '"V G ARM", "99 Army"]')
                    .replace("from_turn = 3", "from_turn = 30"), encoding="utf-8")
    errors = load_errors(folder)
    assert len(errors) == 2, errors
    assert all("korsun-1944.toml" in e for e in errors)
    assert "no Soviet counter of this scenario is of formation '99 Army'" in errors[0]
    assert "30 should be a turn of the scenario after the first (2 to 25)" in errors[1]


def test_an_owners_values_reach_the_model_and_the_build_counts_them(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)
    with open(folder / "owner-values.csv", "a", encoding="utf-8") as out:
        out.write("ger-34-1,7,7,4,reduced,4,4,4,2,1,owner: owner's counters\n"
                  "sov-40-art1,5,3,6,mode,-,-,6,,,owner: owner's counters\n")
    before = unknown_values(load_game(copy_game(tmp_path / "plain")))
    filled = load_game(folder)
    infantry, artillery = filled.counter("ger-34-1"), filled.counter("sov-40-art1")
    assert (infantry.front.attack, infantry.front.movement, infantry.back_kind, infantry.steps) == (7, 4, "reduced", 2)
    assert infantry.back.attack == 4 and str(infantry.sources.front) == "owner: owner's counters"
    assert (artillery.front.attack, artillery.front.defense, artillery.back.movement) == (5, 3, 6)
    assert infantry.is_complete and artillery.is_complete
    assert (infantry.stars, artillery.stars) == (1, None)      # 15.1: entered, and not entered
    after = unknown_values(filled)
    assert before["attack"] - after["attack"] == 2 and before["back"] - after["back"] == 1
    assert "2 with values from the owner's counters" in completeness(filled).line(filled.id)
    assert unknown_line(filled).startswith(f"korsun-1944: still unknown (counters): attack {after['attack']}, ")
    # in a scenario too
    assert scenario_game(filled, "deblockade").counter("ger-34-1").front.attack == 7


def test_an_owners_half_face_or_unknown_counter_is_refused(tmp_path: Path) -> None:
    folder = copy_game(tmp_path)
    with open(folder / "owner-values.csv", "a", encoding="utf-8") as out:
        out.write("ger-34-1,7,,4,,,,,,,owner: owner's counters\nger-xx,1,1,1,,,,,,,owner: owner's counters\n"
                  "ger-34-2,7,7,4,reduced,3,3,4,,,owner: owner's counters\n")
    errors = load_errors(folder)
    assert len(errors) == 3
    assert "owner-values.csv" in errors[0] and "defense: empty: give the face's values together" in errors[0]
    assert "'ger-xx' is not a counter of units.csv" in errors[1]
    assert "steps: a counter with a reduced back has at least 2 steps" in errors[2]


def test_the_build_says_what_is_still_unknown_and_the_module_shows_it(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from vmodgen.art.counters import face_look
    from vmodgen.cli import main

    folder = copy_game(tmp_path / "games")
    with open(folder / "owner-values.csv", "a", encoding="utf-8") as out:
        out.write("ger-34-1,7,7,4,reduced,4,4,4,2,,owner: owner's counters\n")
    result = CliRunner().invoke(main, ["build", "korsun-1944", "--games-dir", str(folder.parent),
                                       "--out", str(tmp_path / "build")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "(0 with full values from the book, 1 with values from the owner's counters, " in lines[1]
    game = load_game(folder)
    assert lines[2] == unknown_line(game) and "attack 228, defense 228" in lines[2]
    assert face_look(game, game.counter("ger-34-2"), "front").values == "?-?-?"
    assert face_look(game, game.counter("ger-34-1"), "back").values == "4-4-4"
