"""Korsun Heavy Equipment in defense and movement (25.31-25.36) and the air supply of the Game-Turn
before (25.23), as the shared combat and movement checks read them
(engine/rules/ags/korsun/heavy_equipment_effects.py).

On logs the real VASSAL engine wrote (3.6, and 3.7's copies in 3.7/; why each is legal or not is in
tests/data/checks/korsun/pocket/scenarios.py, which wrote the scripts): a battle where the doubling
of the marker on top decides the odds, read with it (legal) and resolved without it (a finding);
the same unit out of supply a Game-Turn later at face value (25.32), read so (legal) and resolved
halved without the doubling (a finding). On positions built by hand: out of supply under the
marker (25.34, 25.36) with its halved defense and movement, and nothing outside a game's check."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.exclusive import checking
from vmodgen.engine.rules.ags.korsun.air_supply import AIR_SUPPLY
from vmodgen.engine.rules.ags.korsun.heavy_equipment import HEAVY_EQUIPMENT
from vmodgen.engine.rules.combat import defense_strength
from vmodgen.engine.rules.movement import movement_allowance
from vmodgen.engine.rules.record import Drop, MarkerPlaced, PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.supply import IN, OUT, SupplyTracer

from tests.games.engine_logs import WRITERS, EngineLogs

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "checks" / "korsun" / "pocket"
KORSUN_LOGS = EngineLogs("korsun", "pocket")
DIVISION = "ger-xx-88"
#: a German infantry regiment (defense 3) ringed by six Soviet rifle divisions in Novo-Arkhangelsk
#: (1517, a town), the nearest other German unit four hexes off: isolated (25.1)
POCKET, FRIEND = "ger-iii-80-34", "ger-iii-107-34"
RING = ["sov-xx-6", "sov-xx-31", "sov-xx-58", "sov-xx-84", "sov-xx-74", "sov-xx-136"]
CENTRE, ATTACKER = "1517", "1516"
LOG_NAMES = ["heavy-equipment-doubled", "heavy-equipment-undoubled", "heavy-equipment-face-value", "heavy-equipment-halved"]


module = KORSUN_LOGS.module_fixture()


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(REPO / "games" / "korsun")


# -- engine-written logs -----------------------------------------------------------------------

def turn_6_battle(report: object, turn: int = 6) -> object:
    (battle,) = [b for b in report.battles if b.turn == turn]  # type: ignore[attr-defined]
    return battle


@pytest.mark.parametrize("writer", WRITERS)
def test_the_doubled_defense_read_right_is_clean(module: Path, writer: str) -> None:
    # 10 to 6 (the reduced 88th's 3, doubled by its marker on top, Korsun 25.33): 1-1, die 3: 1/1
    report = KORSUN_LOGS.check(module, "heavy-equipment-doubled", writer)
    assert report.findings == [] and report.errors == [] and report.not_checked == []
    battle = turn_6_battle(report)
    assert (battle.defender_hex, battle.attack, battle.defense, battle.odds, battle.verdict) == ("1907", 10, 6, "1-1", "legal")
    # Game-Turn 5: out of supply and not air supplied the Game-Turn before, the division is halved (AGS 12.23)
    (first,) = [b for b in report.battles if b.turn == 5]
    assert (first.defense, first.odds, first.verdict) == (2, "3-1", "legal")


@pytest.mark.parametrize("writer", WRITERS)
def test_the_battle_resolved_without_the_doubling_is_a_finding(module: Path, writer: str) -> None:
    # resolved at 3-1 (10 to 3: -/1), two columns from 1-1 (1/1), so no Air Point explains it
    report = KORSUN_LOGS.check(module, "heavy-equipment-undoubled", writer)
    # the attackers (named by the first, in 1806) applied no loss where 1-1's 1/1 takes a step
    assert [(f.rule, f.unit, f.turn, f.phase, f.origin) for f in report.findings] == [
        ("AGS 9.66", "sov-hq-27", 6, "Soviet Combat", "1806")]
    (finding,) = report.findings
    battle = turn_6_battle(report)
    assert finding.step == battle.step
    assert "88 Inf Div 6 (x2, Heavy Equipment marker on top, side 1, Korsun 25.33)" in finding.message
    assert "applied short" in finding.message
    assert (battle.defender_hex, battle.defense, battle.odds) == ("1907", 6, "1-1")
    assert report.errors == [] and report.not_checked == []


@pytest.mark.parametrize("writer", WRITERS)
def test_out_of_supply_with_the_marker_on_top_is_face_value(module: Path, writer: str) -> None:
    # Game-Turn 7: air supplied for Game-Turn 6 only, the 88th is out of supply; doubled and halved: its 5 (25.32)
    report = KORSUN_LOGS.check(module, "heavy-equipment-face-value", writer)
    assert report.findings == [] and report.errors == [] and report.not_checked == []
    battle = turn_6_battle(report, 7)
    assert (battle.defender_hex, battle.attack, battle.defense, battle.odds, battle.verdict) == ("1907", 6, 5, "1-1", "legal")


@pytest.mark.parametrize("writer", WRITERS)
def test_the_battle_resolved_halved_without_the_doubling_is_a_finding(module: Path, writer: str) -> None:
    # resolved at 3-1 (6 to 2: -/1), two columns from 1-1 (1/1): the attackers kept their step
    report = KORSUN_LOGS.check(module, "heavy-equipment-halved", writer)
    assert [(f.rule, f.unit, f.turn, f.phase, f.origin) for f in report.findings] == [
        ("AGS 9.66", "sov-x-5gd-abn", 7, "Soviet Combat", "1807")]
    (finding,) = report.findings
    assert finding.step == turn_6_battle(report, 7).step
    assert "88 Inf Div 5 (x2, Heavy Equipment marker on top, side 1, Korsun 25.33)" in finding.message
    assert report.errors == [] and report.not_checked == []


def load_scenarios() -> object:
    spec = importlib.util.spec_from_file_location("korsun_pocket_scenarios", LOGS / "scenarios.py")
    assert spec is not None and spec.loader is not None
    found = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(found)
    return found


@pytest.mark.parametrize("name", LOG_NAMES)
def test_the_committed_script_is_what_scenarios_py_writes(name: str) -> None:
    assert (LOGS / f"{name}.json").read_text() == load_scenarios().script(name)  # type: ignore[attr-defined]


# -- built positions -----------------------------------------------------------------------------

def pocket(game: Game, turn: int, phase: str, ring: list[str] = RING) -> Situation:
    hexes = game.map.layout
    units = {k: UnitState(game.counter(k), h) for k, h in zip(ring, hexes.neighbours(hexes.parse(CENTRE)))}
    units[POCKET] = UnitState(game.counter(POCKET), hexes.parse(CENTRE))
    units[FRIEND] = UnitState(game.counter(FRIEND), hexes.parse("1521"))
    return Situation(game, turn, [p.name for p in game.phases].index(phase), units)


def air_phase(game: Game) -> PhaseRecord:
    """Game-Turn 6's German Air Power Phase: German Air 1 and a Heavy Equipment marker on 1517."""
    start = pocket(game, 6, "German Air Power")
    where = game.map.layout.parse(CENTRE)
    moves = [MarkerPlaced(2, "piece-air", "marker", (("Unit", "marker-air-ger-1"),), where),
             MarkerPlaced(3, "piece-he", "marker", (("Unit", "marker-heavy-equipment-1"),), where)]
    return PhaseRecord("built", 6, start.phase_index, 1, start, end=start, last_step=3, marker_moves=moves,
                       complete=True)


def moved(game: Game, turn: int, phase: str) -> PhaseRecord:
    """A German phase in which the regiment "moves" into 1517 from 1418 (the rule reads that it moved)."""
    start = pocket(game, turn, phase)
    track = UnitTrack(POCKET, game.map.layout.parse("1418"), "1418", [Drop(2, CENTRE, game.map.layout.parse(CENTRE))])
    return PhaseRecord("built", turn, start.phase_index, 1, start, end=start, last_step=2, tracks={POCKET: track},
                       complete=True)


def passing(situation: Situation) -> PhaseRecord:
    """A phase in which nothing happens (the rules keep each phase's states as it begins)."""
    return PhaseRecord("built", situation.turn, situation.phase_index, 1, situation, end=situation, last_step=1,
                       complete=True)


def run(records: list[PhaseRecord]) -> dict:
    """The phase rules' memories after ``records``, as the family keeps them."""
    memory: dict = {}
    for record in records:
        for rule in (AIR_SUPPLY, HEAVY_EQUIPMENT):
            rule.check_phase(record, memory.setdefault(rule.name, {}))
    return memory


def defense(situation: Situation, in_supply: bool) -> tuple[int, str]:
    layout = situation.game.map.layout
    found = defense_strength(situation, layout.parse(CENTRE), [layout.parse(ATTACKER)], {POCKET: in_supply})
    return found.value, found.explanation


def test_on_top_the_defense_is_doubled_and_out_of_supply_it_is_face_value(game: Game) -> None:
    combat = pocket(game, 8, "Soviet Combat")
    memory = run([air_phase(game), moved(game, 7, "German Movement"), passing(combat)])      # side 2 after one move
    with checking(memory):
        assert defense(combat, True) == (6, "80/34 Inf Rgt 6 (x2, Heavy Equipment marker on top, side 2, Korsun 25.33)")
        assert defense(combat, False)[0] == 3         # 25.32: doubled and halved, the printed 3
    assert defense(combat, True)[0] == 3              # a position checked alone: no history, no doubling


def test_under_the_marker_the_unit_is_out_of_supply_and_halved(game: Game) -> None:
    combat = pocket(game, 8, "Soviet Combat", ring=RING[:2])     # the ring broken: a line of supply again
    moving = pocket(game, 8, "German Movement", ring=RING[:2])
    memory = run([air_phase(game), moved(game, 7, "German Movement"), moved(game, 7, "German Mechanized Movement"),
                  passing(combat), passing(moving)])
    assert SupplyTracer(combat).state(POCKET).status == IN
    with checking(memory):
        state = SupplyTracer(combat).state(POCKET)
        assert (state.status, state.case) == (OUT, "Korsun 25.34")
        assert defense(combat, False) == (1, "80/34 Inf Rgt 1.5")   # halved, not doubled (25.34, 25.36)
        tracer = SupplyTracer(moving)
        allowance = movement_allowance(moving, POCKET, tracer.state(POCKET).in_supply, tracer.state(POCKET))
        full = movement_allowance(moving, POCKET, True)
        assert allowance.mp == full.mp // 2                         # AGS 5.25, as if out of supply


def test_the_move_that_puts_the_marker_under_is_not_itself_halved(game: Game) -> None:
    # 25.34 "From then on": the state at the phase's start (side 2) governs the phase's move
    records = [air_phase(game), moved(game, 7, "German Movement"), moved(game, 7, "German Mechanized Movement")]
    memory = run(records)
    start = pocket(game, 7, "German Mechanized Movement", ring=RING[:2])
    with checking(memory):
        assert SupplyTracer(start).state(POCKET).status == IN


def test_air_supplied_last_game_turn_is_in_supply_all_this_one(game: Game) -> None:
    memory = run([air_phase(game)])
    combat = pocket(game, 7, "Soviet Combat")
    with checking(memory):
        state = SupplyTracer(combat).state(POCKET)
        assert (state.status, state.case) == (IN, "Korsun 25.23")
    # not air supplied on Game-Turn 6 (no marker there), before Game-Turn 7's own Air Power Phase: its lines say
    with checking(run([passing(pocket(game, 6, "German Air Power"))])):
        assert SupplyTracer(combat).state(POCKET).status == OUT
