"""Operation Star (games/operation-star): the data against the rulebook's own counts and charts,
and the module as the real VASSAL engine sees it (loads clean on both engines, names every hex as
we do, starts every set-up unit on its printed hex)."""

from __future__ import annotations

import csv
import hashlib
import json
import re
import zipfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.oracle import ENGINES, load_errors, run_oracle
from vmodgen.build import build_game
from vmodgen.engine.check.report import Report
from vmodgen.engine.check.runner import check_logs
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.operation_star.modes import StepTest
from vmodgen.engine.rules.ags.terrain_turns import TERRAIN_BY_TURN
from vmodgen.engine.rules.board import EDGES, edge_hexes
from vmodgen.engine.rules.reinforcements import entry_hexes, schedule_check, scheduled_areas
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.stacking import stacking_violations
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.terrain import defense_multiplier, entry_cost, hex_terrain, line_rate

GAME = Path(__file__).resolve().parents[2] / "games" / "operation-star"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(GAME)


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(GAME)


def roles(game: Game, side: str) -> Counter[str]:
    return Counter(c.role for c in game.counters if c.side == side)


def opening(game: Game, side: str, extra: dict[str, UnitState] | None = None) -> Situation:
    """The set-up position at the start of ``side``'s Movement Phase of Game-Turn 1."""
    index = next(i for i, p in enumerate(game.phases) if p.side == side and p.kind == "movement")
    units = {c.id: UnitState(c, c.setup, c.setup_face == "back") for c in game.counters if c.role == "setup"}
    return Situation(game, turn=1, phase_index=index, units=units | (extra or {}))


# ------------------------------------------------------------------------------ the data


def test_known_strength_soviet_set_up_is_the_31_of_case_18_11(game: Game) -> None:
    # AGS Operation Star 18.11: 73 Soviet units on the map, 42 untried and 31 of known strength
    assert roles(game, "Soviet")["setup"] == 31
    assert all(c.setup_face == "front" for c in game.counters if c.role == "setup")


def test_six_german_replacement_counters_of_case_18_22(game: Game) -> None:
    rpl = [c for c in game.counters if c.role == "replacement"]
    assert len(rpl) == 6 and {c.side for c in rpl} == {"German"}
    assert all(c.entry_turn is None and c.setup is None for c in rpl)


def test_untried_pool_covers_the_42_set_up_and_the_23_11_chart(game: Game) -> None:
    pool = [c for c in game.counters if c.role == "pool"]
    drawn = sum(r.count for r in game.reinforcements)
    assert all(c.back_kind == "untried" and c.setup_face == "back" for c in pool)
    assert len(pool) >= 42 + drawn                  # 18.11, 18.12, 23.11
    for row in game.reinforcements:                 # every chart row draws from untried units
        group = game.unit_groups[row.type]
        assert sum(1 for c in pool if c.type in group.types) >= row.count


def test_reinforcement_chart_rows_are_those_of_23_11(game: Game) -> None:
    chart = {(r.turn, r.type): r.count for r in game.reinforcements}
    assert sum(chart.values()) == 26
    assert {t for t, _ in chart} == {2, 3, 4, 5, 6}
    assert chart[(4, "soviet_antitank_brigade")] == 1
    assert all(r.areas == ("K",) for r in game.reinforcements)   # 23.1: Entry Area K


def test_reinforcements_enter_in_the_areas_the_counters_print(game: Game) -> None:
    areas = {a.name for a in game.map.areas}
    for counter in game.counters:
        if counter.role == "reinforcement":
            assert counter.entry_areas and set(counter.entry_areas) <= areas
            assert counter.side != "Soviet" or counter.entry_areas == ("K",)   # 23.1


def test_17th_panzer_has_two_units_after_the_addenda(game: Game) -> None:
    sizes = Counter(c.formation for c in game.counters if c.formation)
    assert sizes["17 Pz"] == 2      # addenda October 1979 [19.53] addition
    assert {sizes[f] for f in ("GD", "3 Pz", "19 Pz")} == {2}      # 19.53
    assert {n for f, n in sizes.items() if f not in ("GD", "3 Pz", "19 Pz", "17 Pz")} == {3}


def test_ineligible_units_of_19_53_have_no_formation(game: Game) -> None:
    by_id = {c.id: c for c in game.counters}
    assert [by_id[i].formation for i in ("ger-ii-1pz10", "ger-xx-27", "ger-iii-12-4")] == ["", "", ""]


def test_game_turn_one_begins_with_the_german_mechanized_movement_phase(game: Game) -> None:
    first = game.rules["first_turn_first_phase"].value
    names = [p.name for p in game.phases]
    assert names[0] == "German Movement" and first in names            # 19.11, 19.12
    assert game.phases[names.index(first)].side == "German"


def test_the_21_14_example_hexes_are_the_westward_neighbours_of_0304(game: Game) -> None:
    layout = game.map.layout
    start = layout.parse("0304")
    westward = {layout.parse(n) for n in ("0204", "0305", "0404")}
    assert westward <= set(layout.neighbours(start))
    # west is the direction of growing rows (20.1: row 01 is the eastern edge)
    assert all(layout.center(h)[1] > layout.center(start)[1] for h in westward)


def test_kharkov_has_three_city_hexes(game: Game) -> None:
    kharkov = [h for h, p in game.map.places.items() if p.name.startswith("Kharkov")]
    assert len(kharkov) == 3                        # 25.3
    assert all(game.map.places[h].kind == "city" for h in kharkov)


def test_place_victory_points_are_unknown_not_invented() -> None:
    text = (GAME / "map" / "places.csv").read_text(encoding="utf-8").splitlines()
    rows = list(csv.DictReader(line for line in text if not line.startswith("#")))
    assert rows and all(r["vp"] == "" for r in rows)   # 25.3: printed on the map only


def test_hq_def_side_is_a_mode_not_a_step(game: Game, module: Path) -> None:
    hqs = {c.id: c for c in game.counters if c.type == "hq"}
    always_offensive = set(game.rules["soviet_modes"].value["always_offensive"])     # 21.3
    assert always_offensive <= set(hqs)
    assert {i for i, c in hqs.items() if c.back_kind == "mode"} == set(hqs) - always_offensive
    assert all(c.steps == 1 and c.back == c.front for c in hqs.values() if c.back_kind == "mode")
    with zipfile.ZipFile(module) as archive:
        build = archive.read("buildFile.xml").decode()
    # the face layer (emb2) of each HQ piece: its flip commands, then its two images
    layers = dict((image, up) for up, image in re.findall(r"emb2;;\d+;;([^;]*);\d+;;[^;]*;.*?(sov-hq-[a-z0-9-]+)\.png,", build))
    assert layers and set(layers) == {i for i, c in hqs.items() if c.back_kind == "mode"}
    assert set(layers.values()) == {"Turn to DEF"}     # 21.0: turned over, never "Lose step"


def test_build_is_deterministic(tmp_path: Path) -> None:
    digests = {hashlib.sha256(build_game(GAME, tmp_path / str(i)).path.read_bytes()).hexdigest()
               for i in range(2)}
    assert len(digests) == 1


# ------------------------------------------------------------------------------ the opening position


def test_opening_position_is_legal_by_the_checkers_own_judgements(game: Game) -> None:
    for side in ("German", "Soviet"):
        situation = opening(game, side)
        tracer = SupplyTracer(situation)
        out = {key: tracer.state(key).reason for key, unit in situation.units.items()
               if unit.side == side and tracer.state(key).status != "in"}
        assert out == {}                        # 20.1 (Soviet, by HQs), 20.2 (German, by railroad)
        assert stacking_violations(situation) == []


def test_soviet_corps_never_share_a_hex_with_corps_or_divisions(game: Game) -> None:
    by_hex: dict = {}
    for counter in game.counters:
        if counter.role == "setup" and counter.side == "Soviet":
            by_hex.setdefault(counter.setup, []).append(counter.size)
    for sizes in by_hex.values():
        if "XXX" in sizes:
            assert sizes.count("XXX") == 1 and "XX" not in sizes        # 19.8


def test_german_supply_runs_along_the_railroad_to_the_map_edge(game: Game) -> None:
    # 20.2: eight hexes to a railroad hex, then any length along connected railroad to an edge
    layout = game.map.layout
    edge = set().union(*(edge_hexes(layout, e) for e in EDGES))
    rail = {h for line in game.map.lines if line.kind == "railroad" for h in line.hexes}
    inland = max(rail, key=lambda h: (min(layout.distance(h, e) for e in edge), h))
    assert min(layout.distance(inland, e) for e in edge) > 8
    probe = next(c for c in game.counters if c.id == "ger-xx-15")       # a reinforcement, not set up
    situation = opening(game, "German", {probe.id: UnitState(probe, inland, False)})
    assert SupplyTracer(situation).state(probe.id).status == "in"


def test_reinforcements_enter_by_any_edge_hex_of_their_area(game: Game) -> None:
    # 23.1, 23.2: any hex of the area; the map has no roads (10.25)
    situation = opening(game, "Soviet")
    k = next(a for a in game.map.areas if a.name == "K" and a.purpose == "entry")
    occupied = {c.setup for c in game.counters if c.role == "setup" and c.side == "German"}
    assert entry_hexes(situation, "Soviet", ["K"]) == frozenset(set(k.hexes) - occupied)
    assert len(entry_hexes(situation, "German", ["B"])) == len(game.map.area("B", "entry").hexes)


def test_only_the_german_player_may_withhold_reinforcements(game: Game) -> None:
    # 23.23: the German Player may withhold; 23.13: Soviet units that do not enter are lost
    assert schedule_check(game, 2, "German", []) == []
    missed = schedule_check(game, 2, "Soviet", [])
    assert any("48 Gd" in v.message for v in missed)


def test_a_withheld_german_reinforcement_may_enter_on_a_later_turn(game: Game) -> None:
    # 23.22, 23.23: a German unit held back enters on any later Game-Turn, by its printed area;
    # never before its turn
    late = next(c for c in game.counters if c.side == "German" and c.role == "reinforcement" and (c.entry_turn or 0) >= 2)
    assert scheduled_areas(game, late, late.entry_turn + 1) == late.entry_areas
    assert schedule_check(game, late.entry_turn + 1, "German", [late]) == []
    early = schedule_check(game, late.entry_turn - 1, "German", [late])
    assert [v.case for v in early] == ["Operation Star 23.0"] and "due on Game-Turn" in early[0].message


# ------------------------------------------------------------------------------ the real engine


@pytest.mark.parametrize("engine", ENGINES)
def test_engine_loads_operation_star_without_errors(module: Path, game: Game, engine: str) -> None:
    report, errors = load_errors(module, engine)
    assert errors == []
    assert [p["name"] for p in report["pieces"] if p["missing_images"]] == []
    assert report["at_start_pieces"] == len([c for c in game.counters if c.role != "marker"])


def _opening(module: Path, tmp_path: Path, engine: str) -> dict[str, tuple[str, str]]:
    script = tmp_path / "nothing.json"
    script.write_text(json.dumps({"actions": [{"chat": "opening position"}]}))
    report = run_oracle("write", module, script, tmp_path / "start.vlog", env={"ORACLE_PROPS": "Unit"},
                        engine=engine)
    return {p["properties"]["Unit"]: (p["map"], p["location"])
            for p in report["final_pieces"] if p["properties"].get("Unit")}


@pytest.mark.parametrize("engine", ENGINES)
def test_every_set_up_unit_starts_on_its_printed_hex(module: Path, game: Game, tmp_path: Path, engine: str) -> None:
    where = _opening(module, tmp_path, engine)
    expected = {c.id: (game.map.board, game.map.name(c.setup)) for c in game.counters if c.role == "setup"}
    assert {unit: where.get(unit) for unit in expected} == expected
    assert len(expected) == 71      # Operation Star 18.1 (31 Soviet of known strength) + 18.2 (40 German)


@pytest.mark.parametrize("engine", ENGINES)
def test_reinforcements_wait_in_their_turn_box(module: Path, game: Game, tmp_path: Path, engine: str) -> None:
    where = _opening(module, tmp_path, engine)
    for counter in game.counters:
        if counter.role == "reinforcement":     # 18.1, 18.21: placed on the Turn Record Track
            assert where[counter.id] == ("Turn Track", f"Turn {counter.entry_turn}")


# ------------------------------------------------------------------ Soviet doctrine (21.0), thaw (19.7), 19.8, 19.12
# Logs the real VASSAL engine wrote (3.6 and 3.7.26) from the scripts in
# tests/data/checks/operation-star (make_logs.py there): each illegal log is flagged with its
# case, the legal one checks clean.

LOGS = GAME.parents[1] / "tests" / "data" / "checks" / "operation-star"
LOG_FOLDERS = {"3.6": LOGS, "3.7": LOGS / "3.7"}
REINFORCEMENT_CASES = {"Operation Star 23.0", "Operation Star 23.1"}


def check(module: Path, engine: str, name: str) -> Report:
    return check_logs([LOG_FOLDERS[engine] / f"{name}.vlog"], module, GAME.parent)


def findings(report: Report) -> list[tuple[str, str, str, str]]:
    """The findings, less the Soviet reinforcements a log that plays on leaves off the map
    (23.0, 23.1: not brought on, which the logs do not try to)."""
    return [(f.rule, f.unit_name, f.origin, f.destination) for f in report.findings if f.rule not in REINFORCEMENT_CASES]


def test_offensive_steps_are_those_of_the_book_example(game: Game) -> None:
    # 21.14: "A Soviet unit in offensive mode could be moved only into hexes 0204, 0305, or 0404"
    # (from 0304); its other three neighbours lie east
    layout = game.map.layout
    steps = StepTest(game, game.rules["offensive_mode_direction"].value["toward_board_edge"])
    here = layout.parse("0304")
    allowed = sorted(layout.name(n) for n in layout.neighbours(here) if steps.allows(here, n))
    assert allowed == ["0204", "0305", "0404"]
    assert steps.reachable(here, layout.parse("0307")) and steps.reachable(here, layout.parse("0506"))
    assert not steps.reachable(here, layout.parse("0303")) and not steps.reachable(here, layout.parse("0604"))


@pytest.mark.parametrize("engine", LOG_FOLDERS)
def test_legal_mode_play_checks_clean(module: Path, engine: str) -> None:
    # HQ 40 turned DEF and back at once (no change), HQ 18 I.R. turned DEF, both at the
    # beginning of the Soviet Movement Phase; its 104 Rifle Bde (defensive) moves east, 25 Gd
    # (offensive, HQ 69) and, in the Mechanized Movement Phase, 176 Tank Bde (Popov) move west
    report = check(module, engine, "modes-legal")
    assert (report.findings, report.errors) == ([], [])


@pytest.mark.parametrize("engine", LOG_FOLDERS)
@pytest.mark.parametrize(("name", "expected"), [
    ("mode-change-late", [("Operation Star 21.0", "HQ 69", "0803", "")]),
    ("mode-change-german-phase", [("Operation Star 21.0", "HQ 40", "0102", "")]),
    ("mode-back-to-offensive", [("Operation Star 21.0", "HQ 6", "2505", "")]),
    ("offensive-east", [("Operation Star 21.14", "57 Gd Gd Rifle Div", "3009", "3008")]),
    ("offensive-disengages", [("Operation Star 21.13", "41 Gd Gd Rifle Div", "3205", "3106")]),
    # 21.13's pair on one unit: 33 Gd leaves the zone of the 683/335 (3603) for 3404 offensive,
    # then, with HQ 1 Guards turned DEF first, defensive: to 3403 (defensive-disengages, 22.0),
    # into 3404's zone (defensive-disengages-into-zoc, 22.11)
    ("offensive-disengages-33gd", [("Operation Star 21.13", "33 Gd Gd Rifle Div", "3504", "3404")]),
    ("defensive-disengages", []),
    ("defensive-mech-move", [("Operation Star 21.22", "15 Corps (tank/mech)", "1502", "1402")]),
    ("corps-stacked", [("Operation Star 19.8", "", "3209", "")]),
    ("corps-with-hq", []),      # 19.8's legal side: HQ Popov joins the 4 Gd Corps in 3209
    ("first-turn-german-move", [("Operation Star 19.12", "586/320 Inf Rgt", "2511", "2512")]),
    # 44 Gd (offensive, HQ 1 Guards) attacks at 1-2, die 1: 1/1, and retreats instead of losing a step
    ("offensive-attacker-retreats", [("Operation Star 21.11", "44 Gd Gd Rifle Div", "3503", "3502")]),
    ("offensive-attacker-takes-loss", []),
])
def test_each_exclusive_rule_broken_is_found_with_its_case(module: Path, engine: str, name: str, expected: list) -> None:
    assert findings(check(module, engine, name)) == expected


@pytest.mark.parametrize("engine", LOG_FOLDERS)
def test_thaw_halves_the_movement_allowance_from_game_turn_8(module: Path, engine: str) -> None:
    # 19.7: on Game-Turn 8 the 586/320 Inf Rgt (MA 7) has 3 MP: four clear hexes are too far,
    # three are not (the same four hexes are legal on Game-Turn 2: donets-short-of-river)
    report = check(module, engine, "thaw-march")
    assert findings(report) == [("AGS 5.11", "586/320 Inf Rgt", "2511", "2515")]
    assert "halved in mud (Operation Star 19.7): 3" in report.findings[-1].message
    assert findings(check(module, engine, "thaw-march-short")) == []


@pytest.mark.parametrize("engine", LOG_FOLDERS)
def test_a_defensive_attacker_attacks_at_half_strength(module: Path, engine: str) -> None:
    # 21.23: with HQ 1 Guards turned DEF, 33 Gd (attack 4) attacks the 683/335 Inf Rgt (4) at 2 to 4,
    # 1-2; die 1 is 1/1 there (at full strength, 1-1, it would be -/1): both losing a step is legal,
    # the attacker keeping its step is not
    report = check(module, engine, "defensive-attack")
    assert (report.findings, report.errors) == ([], [])
    assert [(b.odds, b.attack, b.result) for b in report.battles] == [("1-2", 2, "1/1")]
    wrong = check(module, engine, "defensive-attack-full-strength")
    assert [f.unit_name for f in wrong.findings] == ["33 Gd Gd Rifle Div"]


@pytest.mark.parametrize("engine", LOG_FOLDERS)
def test_a_defensive_unit_leaving_an_enemy_zone_is_no_21_13_finding(module: Path, engine: str) -> None:
    # 21.13 binds offensive units only: with HQ 1 Guards turned DEF at the beginning of the Soviet
    # Movement Phase, the 33 Gd (3504, in the 683/335's zone) traces only to DEF HQs and may
    # disengage (21.21, 22.0): across the Donets to 3403, clear of every German zone, for 1+3 MP and
    # the 2 of 22.0, its whole allowance of 6: clean, and judged (no "not checked" note). Ending in
    # 3404 instead, in the 682/335's zone, breaks the addenda's 22.11
    report = check(module, engine, "defensive-disengages")
    assert (report.findings, report.errors) == ([], [])
    assert [n.rule for n in report.not_checked if "33 Gd" in n.reason] == []
    assert findings(check(module, engine, "defensive-disengages-into-zoc")) == [
        ("Operation Star 22.11", "33 Gd Gd Rifle Div", "3504", "3404")]


@pytest.mark.parametrize("engine", LOG_FOLDERS)
def test_a_soviet_unit_cut_from_its_hq_moves_at_half_allowance(module: Path, engine: str) -> None:
    # 20.1 (Soviet supply by lines of communications to an HQ, AGS 11.3): on Game-Turn 2 the 25 Gd
    # (MA 6, 0701) marches four hexes west to 0705. With HQ 69 still at 0803 it is in supply and
    # offensive: clean. With HQ 69 moved to 1203 on Game-Turn 1 (beyond the 25 Gd's line) it starts
    # the phase out of supply, its allowance halved (AGS 5.25): 3 MP, the four hexes too far
    # (the Game-Turn 2 Soviet reinforcements left off the map are 23.0/23.1 findings, set aside)
    legal = check(module, engine, "soviet-supply-legal")
    assert (findings(legal), legal.errors) == ([], [])
    report = check(module, engine, "soviet-supply-out")
    assert findings(report) == [("AGS 5.11", "25 Gd Gd Rifle Div", "0701", "0705")]
    assert "halved out of supply (AGS 5.25): 3" in report.findings[0].message


def _thaw_condition(game: Game, turn: int):
    """The condition the checker judges a Game-Turn's moves and battles under (terrain_by_turn)."""
    record = SimpleNamespace(start=SimpleNamespace(game=game), turn=turn)
    return TERRAIN_BY_TURN.move_condition(record, None, {})  # type: ignore[arg-type]


def test_minor_rivers_cost_one_and_double_the_defender_from_game_turn_8(game: Game) -> None:
    # 19.31-19.34: a minor river hexside between two clear hexes (the first the map has) costs
    # nothing to cross and gives no defense through Game-Turn 7; from Game-Turn 8, 1 MP more and
    # the defender attacked only across it doubled, cited as 19.32/19.34
    infantry = game.unit_types[next(c for c in game.counters if c.side == "German").type]
    side = next(s for s, features in sorted(game.map.hexsides.items())
                if [f.feature for f in features] == ["minor_river"]
                and {hex_terrain(game, s.a).name, hex_terrain(game, s.b).name} == {"clear"}
                and s.a not in game.map.places and s.b not in game.map.places
                and line_rate(game, infantry, s.a, s.b) is None)
    assert _thaw_condition(game, 7) is None
    thaw = _thaw_condition(game, 8)
    assert thaw is not None and thaw.case == "Operation Star 19.32, 19.34"
    for turn_7, turn_8 in [(entry_cost(game, infantry, side_, side.a, side.b).mp,
                            entry_cost(game, infantry, side_, side.a, side.b, thaw).mp) for side_ in ("German", "Soviet")]:
        assert turn_8 == turn_7 + 1
    assert defense_multiplier(game, side.b, [side.a]).multiplier == 1
    doubled = defense_multiplier(game, side.b, [side.a], condition=thaw)
    assert (doubled.multiplier, doubled.bonuses) == (2, ("minor_river hexsides",))
