"""Korsun (AGS Counter Section Nr. 1, Exclusive rules 17.0-28.0): the game data says what the
book says (counts, the hexes the cases name), the reconstructed set-up obeys the set-up rules and
the checker's own supply and stacking judgements, and the module is what the real VASSAL engine
loads, numbers and sets up as we do."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

import vmodgen
from tests.oracle import ENGINES, load_errors, run_oracle
from vmodgen.build import build_game
from vmodgen.engine.check.runner import check_logs
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.stacking import stacking_violations
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.terrain import hex_terrain

REPO = Path(__file__).resolve().parents[2]
KORSUN = REPO / "games" / "korsun"
LOGS = REPO / "tests" / "data" / "games" / "korsun"        # written by make_logs.py beside them


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(KORSUN)


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(KORSUN)


def _set_up(game: Game, side: str | None = None) -> list:
    return [c for c in game.counters if c.role == "setup" and (side is None or c.side == side)]


def _opening(game: Game, phase_kind: str, side: str) -> Situation:
    index = next(i for i, p in enumerate(game.phases) if p.side == side and p.kind == phase_kind)
    units = {c.id: UnitState(c, c.setup, c.setup_face == "back") for c in _set_up(game)}
    return Situation(game, turn=1, phase_index=index, units=units)


# ---------------------------------------------------------------------------- the book's counts

def test_sheet_has_two_hundred_counters_and_the_books_set_up_totals(game: Game) -> None:
    assert len(game.counters) == 200                              # Counter Section Nr. 1 (200 pieces)
    assert len(_set_up(game, "Soviet")) == 48                     # Korsun 18.16
    assert len(_set_up(game, "German")) == 58                     # Korsun 18.26
    german_reinforcements = [c for c in game.counters if c.side == "German" and c.role == "reinforcement"]
    assert Counter((c.entry_turn, c.entry_areas) for c in german_reinforcements) == {
        (6, ("F",)): 7, (6, ("G",)): 3}                           # Korsun 26.2: 6F and 6G
    assert sum(1 for c in game.counters if c.role == "replacement") == 12   # one rpl per corps (19.61)


def test_soviet_schedule_draws_exactly_the_units_that_did_not_set_up(game: Game) -> None:
    # Korsun 26.1 names 15 units by type; 18.16: every Soviet unit not set up is a reinforcement.
    wanted: Counter[str] = Counter()
    for row in game.reinforcements:
        for unit_type in game.unit_groups[row.type].types:
            wanted[unit_type] += row.count
    pool = Counter(c.type for c in game.counters if c.role == "pool")
    assert pool == wanted
    assert sum(wanted.values()) == 15


def test_corps_come_in_pairs_with_their_replacement_counter(game: Game) -> None:
    # Korsun 24.11: the rpl counter has the corps' designation and type.
    corps = {c.id: c for c in game.counters if c.size == "XXX"}
    for key, counter in corps.items():
        if counter.role == "replacement":
            parent = corps[key.removesuffix("-rpl")]
            assert (parent.type, parent.front.movement) == (counter.type, counter.front.movement)
            assert counter.designation == f"rpl {parent.designation}"


def test_hexes_the_cases_name_hold_the_units_they_name(game: Game) -> None:
    name = game.map.name
    hq = {c.id: name(c.setup) for c in _set_up(game, "Soviet") if c.type == "hq"}
    assert hq["sov-hq-5gd-tank"] == "3215" and hq["sov-hq-2-tank"] == "0608"          # Korsun 23.12
    corps_hexes = {name(c.setup) for c in _set_up(game, "Soviet") if c.size == "XXX"}
    assert {"0611", "0709", "3217", "3317"} <= corps_hexes                                # Korsun 24.2
    assert [c.type for c in _set_up(game, "Soviet") if name(c.setup) == "1502"] == ["gd_rifle"]  # addenda
    assert game.rules["korsun_supported_hexes"].value == ["0611", "0709", "3217", "3317"]
    river = {name(h) for h in game.map.layout.hexes() if game.map.terrain(h) == "river_hex"}
    assert {"2907", "3911"} <= river                                                        # Korsun 19.25
    supply = {name(h) for a in game.map.areas if a.purpose == "supply" and a.side == "German" for h in a.hexes}
    assert supply == {"0117", "0626", "1726", "2226"}                                       # Korsun 19.72


def test_printed_hex_units_start_on_their_printed_hex(game: Game) -> None:
    # Korsun 18.21: the hex printed on the counter; the four 2306 units within three hexes of it.
    layout = game.map.layout
    for counter in _set_up(game, "German"):
        printed = re.search(r"\(printed (\d{4})\)", str(counter.sources.placement))
        if printed is None:
            continue
        distance = layout.distance(counter.setup, layout.parse(printed.group(1)))
        assert distance <= (3 if printed.group(1) == "2306" else 0), counter.id


# ------------------------------------------------------------------- the reconstructed start line

def _areas(game: Game) -> dict[str, set]:
    return {a.name: set(a.hexes) for a in game.map.areas if a.purpose == "setup"}


def test_start_line_runs_as_the_book_says(game: Game) -> None:
    layout, areas = game.map.layout, _areas(game)
    assert set(areas) == set("ABCDE")                                        # Korsun 18.22
    assert layout.parse("0115") in areas["A"]                                # starts at hexside 0114/0115
    assert layout.parse("2619") in areas["E"]                                # ends at hexside 2719/2619
    # Korsun 21.11 example: an area-A unit in 1214 may not move to 1315 or 1215 (more than four hexes).
    def reach(name: str) -> int:
        return min(layout.distance(layout.parse(name), h) for h in areas["A"])
    assert (reach("1214"), reach("1215"), reach("1315")) == (4, 5, 5)


def test_every_lettered_unit_is_in_its_area_and_covers_the_line(game: Game) -> None:
    layout, areas = game.map.layout, _areas(game)
    by_area: dict[str, list] = {letter: [] for letter in areas}
    for counter in _set_up(game, "German"):
        printed = re.search(r"\(printed ([A-E])\)", str(counter.sources.placement))
        if printed:
            by_area[printed.group(1)].append(counter)
    assert sum(len(v) for v in by_area.values()) == 40
    for letter, counters in by_area.items():
        hexes = areas[letter]
        for counter in counters:                                             # Korsun 18.22
            assert counter.setup in hexes or set(layout.neighbours(counter.setup)) & hexes, counter.id
        held = {c.setup for c in counters}
        covered = held | {n for h in held for n in layout.neighbours(h)}
        assert hexes <= covered, letter                                      # Korsun 18.24


def test_opening_position_is_legal_by_the_checkers_own_judgements(game: Game) -> None:
    for side in ("Soviet", "German"):
        situation = _opening(game, "movement", side)
        tracer = SupplyTracer(situation)
        out = {key: tracer.state(key).reason for key in situation.units if tracer.state(key).status != "in"}
        assert out == {}
        assert stacking_violations(situation) == []
    for counter in _set_up(game):
        assert hex_terrain(game, counter.setup).get("cost") != {"mech": "P", "inf": "P"}, counter.id


def test_soviet_corps_stand_alone_or_with_an_hq(game: Game) -> None:
    # Korsun 24.12: a corps counts as three units; only an HQ may share its hex.
    by_hex: dict = {}
    for counter in _set_up(game, "Soviet"):
        by_hex.setdefault(counter.setup, []).append(counter)
    for counters in by_hex.values():
        if any(c.size == "XXX" for c in counters):
            assert sum(1 for c in counters if c.type != "hq") == 1


# ------------------------------------------------------------------------------------- the module

def test_module_is_byte_identical_when_built_twice(tmp_path: Path, module: Path) -> None:
    again = build_game(KORSUN, tmp_path).path
    assert hashlib.sha256(again.read_bytes()).hexdigest() == hashlib.sha256(module.read_bytes()).hexdigest()


@pytest.mark.parametrize("engine", ENGINES)
def test_engine_loads_korsun_without_errors(module: Path, game: Game, engine: str) -> None:
    report, errors = load_errors(module, engine)
    assert errors == []
    assert [p["name"] for p in report["pieces"] if p["missing_images"]] == []
    on_map_markers = [c for c in game.counters if c.role == "marker" and c.setup is not None]
    assert len(on_map_markers) == 4                               # Korsun 24.2: the Supported markers
    assert report["at_start_pieces"] == len([c for c in game.counters if c.role != "marker"]) + 4


@pytest.mark.parametrize("engine", ENGINES)
def test_every_set_up_unit_starts_on_its_hex(module: Path, game: Game, tmp_path: Path, engine: str) -> None:
    script = tmp_path / "nothing.json"
    script.write_text(json.dumps({"actions": [{"chat": "opening position"}]}))
    report = run_oracle("write", module, script, tmp_path / "start.vlog", env={"ORACLE_PROPS": "Unit"},
                        engine=engine)
    where = {p["properties"]["Unit"]: (p["map"], p["location"])
             for p in report["final_pieces"] if p["properties"].get("Unit")}
    expected = {c.id: (game.map.board, game.map.name(c.setup)) for c in _set_up(game)}
    assert {unit: where.get(unit) for unit in expected} == expected
    assert len(expected) == 106                                   # Korsun 18.16 (48) + 18.26 (58)
    markers = {p["properties"]["Unit"]: p["location"] for p in report["final_pieces"]
               if p["properties"].get("Unit", "").startswith("marker-supported")}
    assert sorted(markers.values()) == ["0611", "0709", "3217", "3317"]         # Korsun 24.2
    for counter in game.counters:
        if counter.role == "reinforcement":
            assert where[counter.id] == ("Turn Track", f"Turn {counter.entry_turn}")


# ------------------------------------------------------------------- the checker on engine-written logs

@pytest.mark.parametrize("folder", [LOGS, LOGS / "3.7"], ids=["3.6", "3.7"])
def test_a_legal_game_to_game_turn_four_checks_clean(module: Path, folder: Path) -> None:
    # the Soviet Player-Turn of Game-Turn 1, then the 88th's move across the Ros on Game-Turn 4
    # (Korsun 21.13 holds it within two hexes of its start line until then)
    report = check_logs([folder / "legal.vlog"], module, REPO / "games")
    assert (report.findings, report.errors) == ([], [])
    assert report.turns == (1, 4)


@pytest.mark.parametrize("folder", [LOGS, LOGS / "3.7"], ids=["3.6", "3.7"])
def test_a_move_beyond_the_allowance_is_found(module: Path, folder: Path) -> None:
    report = check_logs([folder / "far.vlog"], module, REPO / "games")
    assert [(f.rule, f.unit, f.origin, f.destination) for f in report.findings] == [
        ("AGS 5.11", "sov-xx-14gd", "1502", "0802")]


@pytest.mark.parametrize("folder", [LOGS, LOGS / "3.7"], ids=["3.6", "3.7"])
def test_a_fourth_unit_in_a_hex_is_found(module: Path, folder: Path) -> None:
    report = check_logs([folder / "overstack.vlog"], module, REPO / "games")
    assert [f.rule for f in report.findings] == ["AGS 7.0"]
    assert "4 German combat units in 2316" in report.findings[0].message


def test_minor_river_costs_germans_one_mp_as_korsun_19_24_says(module: Path, tmp_path: Path) -> None:
    # legal.vlog's 88th Infantry (MA 5) reaches 1908 in four hexes across the Ros: legal at
    # Korsun's +1 (19.24); with the Standard TEC's Axis +2 (10.4) the same move is too long.
    standard = tmp_path / "games"
    shutil.copytree(KORSUN, standard / "korsun")
    chart = standard / "korsun" / "charts" / "terrain.toml"
    text = chart.read_text()
    assert "extra_cost = { German = 1, Soviet = 1 }" in text
    chart.write_text(text.replace("extra_cost = { German = 1, Soviet = 1 }", "extra_cost = { German = 2, Soviet = 1 }"))
    report = check_logs([LOGS / "legal.vlog"], module, standard)
    assert [(f.rule, f.unit, f.destination) for f in report.findings] == [("AGS 5.11", "ger-xx-88", "1908")]


@pytest.mark.parametrize("folder", [LOGS, LOGS / "3.7"], ids=["3.6", "3.7"])
def test_a_move_across_the_ros_one_hex_too_far_is_found(module: Path, folder: Path) -> None:
    # 19.24's illegal side: the 88th one clear hex beyond legal.vlog's 1908, five hexes and the
    # Ros's one MP: 6 of 5 (five clear hexes alone would be legal)
    report = check_logs([folder / "minor-river-too-far.vlog"], module, REPO / "games")
    assert [(f.rule, f.unit, f.destination) for f in report.findings] == [("AGS 5.11", "ger-xx-88", "2008")]
    assert "needs 6 MP" in report.findings[0].message and "it has 5" in report.findings[0].message


@pytest.mark.parametrize("folder", [LOGS, LOGS / "3.7"], ids=["3.6", "3.7"])
def test_an_hq_turned_inactive_keeps_its_values_and_its_step(module: Path, folder: Path) -> None:
    # Korsun 19.62, 23.1: the reverse side marked inactive is a status, not a step loss.
    log = folder / "hq-inactive.vlog"
    assert check_logs([log], module, REPO / "games").findings == []
    hq = next(v for v in vmodgen.replay(log, module).state.pieces() if v.properties.get("Unit") == "sov-hq-27")
    assert (hq.name, hq.location, hq.layers) == ("HQ 27 Army (inactive)", "1601", {"Face": 2})
    assert {k: hq.properties[k] for k in ("Step", "Movement", "Leadership")} == {
        "Step": "1", "Movement": "9", "Leadership": "4"}


@pytest.mark.parametrize("folder", [LOGS, LOGS / "3.7"], ids=["3.6", "3.7"])
@pytest.mark.parametrize(("name", "expected"), [
    # 23.11: eight HQs active on Game-Turn 1, three allowed (a finding about the phase, no unit)
    ("hqs-all-active", [("Korsun 23.11", "", "")]),
    # 23.12: the 2 Tk HQ must be active on Game-Turn 1
    ("turn-one-hq-inactive", [("Korsun 23.12", "sov-hq-2-tank", "0608")]),
    # 23.12: status changed after a Soviet unit had moved
    ("hq-status-late", [("Korsun 23.12", "sov-hq-27", "1603")]),
    # 23.13: an inactive HQ moved in the Mechanized Movement Phase
    ("inactive-hq-mech", [("Korsun 23.13", "sov-hq-52", "2908")]),
    # 23.14: a unit reaching only inactive HQs moved in the Mechanized Movement Phase
    ("only-inactive-hqs-mech", [("Korsun 23.14", "sov-xxx-5-mech", "0709")]),
    # 23.14: a unit reaching only inactive HQs attacked
    ("only-inactive-hqs-attack", [("Korsun 23.14", "sov-xx-6", "0114")]),
    # 24.12: a corps with a division in its hex (a finding about the hex)
    ("corps-stacked", [("Korsun 24.12", "", "2714")]),
])
def test_each_exclusive_rule_broken_is_found_with_its_case(module: Path, folder: Path, name: str,
                                                          expected: list) -> None:
    report = check_logs([folder / f"{name}.vlog"], module, REPO / "games")
    assert [(f.rule, f.unit, f.origin) for f in report.findings] == expected


@pytest.mark.parametrize("folder", [LOGS, LOGS / "3.7"], ids=["3.6", "3.7"])
@pytest.mark.parametrize("name", [
    # 23.13, the legal side of inactive-hq-mech: an active HQ moves in the Mechanized Movement Phase
    "active-hq-moves-mech",
    # 23.14, the legal side of only-inactive-hqs-mech: communications to an active HQ (2 Tk)
    "active-hq-mech",
    # 23.14, the legal side of only-inactive-hqs-attack: the same battle with the 40 Army HQ active
    "active-hq-attack",
])
def test_units_of_an_active_hq_move_and_attack_clean(module: Path, folder: Path, name: str) -> None:
    report = check_logs([folder / f"{name}.vlog"], module, REPO / "games")
    assert (report.findings, report.errors) == ([], [])
    assert [n.rule for n in report.not_checked if n.rule != "AGS 7.0"] == []


@pytest.mark.parametrize("folder", [LOGS, LOGS / "3.7"], ids=["3.6", "3.7"])
def test_a_corps_sharing_its_hex_with_an_hq_checks_clean(module: Path, folder: Path) -> None:
    # 24.12, the legal side of corps-stacked: a corps shares its hex with an HQ only
    report = check_logs([folder / "corps-with-hq.vlog"], module, REPO / "games")
    assert (report.findings, report.not_checked) == ([], [])


@pytest.mark.parametrize("folder", [LOGS, LOGS / "3.7"], ids=["3.6", "3.7"])
def test_mud_gives_hqs_and_mechanized_units_four_movement_points(module: Path, folder: Path) -> None:
    # 20.12: Game-Turn 4 is a mud Turn; the 27 Army HQ (MA 9) has four: 1101 needs five, 1201 four.
    # The logs leave the Game-Turn 3 reinforcements off the map (26.1 findings, not looked at here).
    moves = [f for f in check_logs([folder / "mud-hq-too-far.vlog"], module, REPO / "games").findings if f.unit]
    assert [(f.rule, f.unit, f.destination) for f in moves] == [("AGS 5.11", "sov-hq-27", "1101")]
    assert "it has 4 (MA 9, 4 MP in mud (Korsun 20.12))" in moves[0].message
    report = check_logs([folder / "mud-hq-within.vlog"], module, REPO / "games")
    assert [f.rule for f in report.findings if f.unit or f.rule != "Korsun 26.1"] == []


def test_hq_inactive_side_prints_the_front_values(game: Game) -> None:
    for counter in game.counters:
        if counter.type == "hq":
            assert (counter.back_kind, counter.back, counter.steps) == ("inactive", counter.front, 1), counter.id


# ------------------------------------------------------------------------- the rules coverage table

def test_coverage_table_names_only_tests_that_exist() -> None:
    table = (REPO / "docs" / "rules-coverage-korsun.md").read_text(encoding="utf-8")
    rows = [line for line in table.splitlines() if re.match(r"\| (AGS|Korsun) ", line)]
    assert {line.split("|")[2].strip() for line in rows} <= {
        "checked", "checked in bounds", "checked where known", "data", "not checkable from a log", "not yet",
        "heading"}
    source = "".join(p.read_text(encoding="utf-8") for pattern in ("test_korsun*.py", "test_ags_*.py")
                     for p in Path(__file__).parent.glob(pattern))      # the shared AGS rules' tests too
    named = {name for line in rows for name in re.findall(r"::(test_\w+)", line)}
    assert named and {name for name in named if f"def {name}(" not in source} == set()
    checked = [line for line in rows if line.split("|")[2].strip() == "checked"]
    assert all("::test_" in line for line in checked)


def test_map_marks_every_set_up_area_hex_with_its_letter(game: Game) -> None:
    from vmodgen.art.map_features import setup_area_marks
    from vmodgen.art.map_frame import MapFrame
    marks = setup_area_marks(MapFrame.of(game), game)
    assert Counter(name for name, _, _ in marks) == {name: len(hexes) for name, hexes in _areas(game).items()}
