"""Korsun's pocket rules. Isolation (Korsun 25.1, 25.14), which Korsun 27.1 counts through
:func:`isolated_at`, and which units an Air marker supplies (25.21, 25.28), on positions built by
hand: a German regiment ringed by six Soviet rifle divisions (out of supply: AGS 12.1) with another
regiment, in supply, three or four hexes away. The Air markers of the German Air Power Phase
(25.22, 25.24-25.26) on logs the real VASSAL engine wrote, with the same verdicts whether VASSAL 3.6
or 3.7 wrote them (3.7's copies in 3.7/); why each log is legal or not is in
tests/data/checks/korsun/pocket/scenarios.py, which wrote the scripts (make_logs.py the logs)."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

import pytest

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.exclusive import checking
from vmodgen.engine.rules.ags.family import AgsFamily
from vmodgen.engine.rules.ags.korsun import isolation
from vmodgen.engine.rules.ags.korsun.air_supply import AIR_SUPPLY, air_supplied
from vmodgen.engine.rules.ags.korsun.isolation import isolated_at, isolation_at
from vmodgen.engine.rules.ags.korsun.heavy_equipment import HEAVY_EQUIPMENT, heavy_equipment_at
from vmodgen.engine.rules.record import Battle, Drop, MarkerPlaced, PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.supply import OUT, UNKNOWN, SupplyTracer

from tests.games.engine_logs import WRITERS, EngineLogs

REPO = Path(__file__).resolve().parents[2]
POCKET, RING = "ger-iii-80-34", ["sov-xx-6", "sov-xx-31", "sov-xx-58", "sov-xx-84", "sov-xx-74", "sov-xx-136"]
FRIEND = "ger-iii-107-34"
LOGS = REPO / "tests" / "data" / "checks" / "korsun" / "pocket"
KORSUN_LOGS = EngineLogs("korsun", "pocket")
#: log: (case, marker the finding names, Game-Turn) of each finding; [] for a legal log
AIR_LOGS = {
    "air-supply-on-towns": [],
    "air-supply-off-town": [("Korsun 25.22", "marker-air-ger-1", 4)],
    "air-supply-soviet-town": [("Korsun 25.24", "marker-air-ger-1", 4)],
    "air-supply-four-markers": [("Korsun 25.25", "marker-air-ger-4", 4)],
    "air-supply-snow": [("Korsun 25.26", "marker-air-ger-1", 3)],
    "air-supply-pocket": [],
    "air-supply-pocket-no-heavy-equipment": [("Korsun 25.28", "ger-xx-88", 5)],
}


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(REPO / "games" / "korsun")


def pocket(game: Game, friend_at: str | None, ring: list[str] = RING, extra: dict[str, str] | None = None,
           centre: str = "1515") -> Situation:
    """The regiment in ``centre`` ringed by ``ring``, the friend in ``friend_at`` (German Air Power
    Phase of Game-Turn 6)."""
    hexes = game.map.layout
    units = {k: UnitState(game.counter(k), h) for k, h in zip(ring, hexes.neighbours(hexes.parse(centre)))}
    units[POCKET] = UnitState(game.counter(POCKET), hexes.parse(centre))
    if friend_at is not None:
        units[FRIEND] = UnitState(game.counter(FRIEND), hexes.parse(friend_at))
    for key, where in (extra or {}).items():
        units[key] = UnitState(game.counter(key), hexes.parse(where))
    return Situation(game, 6, [p.name for p in game.phases].index("German Air Power"), units)


def test_out_of_supply_and_four_hexes_from_a_supplied_unit_is_isolated(game: Game) -> None:
    found = isolation_at(pocket(game, "1519"))       # 1519 is four hexes from 1515
    assert found[POCKET].isolated is True
    assert "107/34 Inf Rgt, is 4 hexes away" in found[POCKET].reason
    assert found[FRIEND].isolated is False


def test_three_hexes_counting_the_supplied_units_hex_is_not_isolated(game: Game) -> None:
    # Korsun 25.1: the three hexes include the supplied unit's hex, not the isolated unit's
    assert isolated_at(pocket(game, "1518")) == {POCKET: False, FRIEND: False}


def test_out_of_supply_with_no_friend_at_all_is_isolated(game: Game) -> None:
    assert isolated_at(pocket(game, None)) == {POCKET: True}


def test_enemy_units_between_do_not_lengthen_the_count(game: Game) -> None:
    # Korsun 25.14: Soviet units (and their zones) on the way are ignored, the count is a hex distance
    between = pocket(game, "1518", extra={"sov-xx-138": "1516", "sov-xx-167": "1517"})
    assert isolated_at(between)[POCKET] is False


def test_an_open_ring_is_in_supply_not_isolated(game: Game) -> None:
    found = isolation_at(pocket(game, None, ring=RING[:2]))
    assert found[POCKET].isolated is False and "in supply" in found[POCKET].reason


def test_air_supplied_units_are_in_supply_and_count_for_their_neighbours(game: Game) -> None:
    # Korsun 25.23: in supply for the whole next Game-Turn; so a unit three hexes from it is not isolated
    far = pocket(game, "1518", extra={"ger-iii-253-34": "1509"})
    assert isolated_at(far, air_supplied={POCKET})[POCKET] is False


def test_keys_limit_the_answer_and_soviet_units_are_never_isolated(game: Game) -> None:
    assert isolated_at(pocket(game, "1519"), [POCKET, "sov-xx-6"]) == {POCKET: True}


def test_a_game_without_the_parameter_has_no_isolation() -> None:
    kiev = load_game(REPO / "games" / "kiev")
    assert isolated_at(Situation(kiev, 1, 0, {})) == {}


def test_doctests() -> None:
    assert doctest.testmod(isolation).failed == 0


# -- which units an Air marker supplies (25.21) and their Heavy Equipment (25.28) -----------------

def air_phase(situation: Situation, markers: dict[str, str]) -> PhaseRecord:
    """The German Air Power Phase of ``situation`` in which each counter-sheet marker of ``markers``
    is put on its hex (step 2, 3, ...), the phase over."""
    game = situation.game
    moves = [MarkerPlaced(step, f"piece-{key}", "marker", (("Unit", key),), game.map.layout.parse(where))
             for step, (key, where) in enumerate(sorted(markers.items()), start=2)]
    return PhaseRecord("built", situation.turn, situation.phase_index, 1, situation, end=situation,
                       last_step=len(moves) + 1, marker_moves=moves, complete=True)


def test_an_isolated_unit_in_the_town_is_air_supplied_and_needs_heavy_equipment(game: Game) -> None:
    # 1517 (Novo-Arkhangelsk) is a town: the ringed regiment there is isolated (the friend in 1521, four hexes off)
    ringed = pocket(game, "1521", centre="1517")
    assert isolated_at(ringed)[POCKET] is True
    record = air_phase(ringed, {"marker-air-ger-1": "1517"})
    found = AIR_SUPPLY.check_phase(record, {})
    assert [(j.verdict.case, j.unit, j.origin) for j in found] == [("Korsun 25.28", POCKET, "1517")]
    assert air_supplied([record]) == {7: frozenset({POCKET})}
    # with a Heavy Equipment marker put in its hex the air supply is legal
    marked = air_phase(ringed, {"marker-air-ger-1": "1517", "marker-heavy-equipment-1": "1517"})
    assert AIR_SUPPLY.check_phase(marked, {}) == []


def test_heavy_equipment_only_the_first_time(game: Game) -> None:
    ringed = pocket(game, "1521", centre="1517")
    memory: dict = {}
    AIR_SUPPLY.check_phase(air_phase(ringed, {"marker-air-ger-1": "1517", "marker-heavy-equipment-1": "1517"}), memory)
    assert AIR_SUPPLY.check_phase(air_phase(ringed, {"marker-air-ger-2": "1517"}), memory) == []


def test_a_ring_of_enemy_units_cuts_the_line_from_the_town(game: Game) -> None:
    # 25.21: the line runs through hexes neither Enemy-occupied nor -controlled; the ring occupies all six
    ringed = pocket(game, None)
    record = air_phase(ringed, {"marker-air-ger-1": "1517"})
    assert AIR_SUPPLY.check_phase(record, {}) == []
    assert air_supplied([record]) == {7: frozenset()}


def test_a_unit_out_of_supply_but_not_isolated_is_not_air_supplied(game: Game) -> None:
    # 25.21: isolated, not just out of supply (the friend in 1520 is three hexes from 1517)
    ringed = pocket(game, "1520", centre="1517")
    assert isolated_at(ringed)[POCKET] is False
    assert air_supplied([air_phase(ringed, {"marker-air-ger-1": "1517"})]) == {7: frozenset()}


# -- Korsun 25.23 in the supply every check reads ---------------------------------------------------

def test_an_isolated_unit_that_may_be_air_supplied_is_not_known_rather_than_out_of_supply(game: Game) -> None:
    # Game-Turn 6 (mud, Air Points): air supplied in this or the last German Air Power Phase, the
    # regiment would be in supply, so a move at half its allowance must not be a finding
    state = SupplyTracer(pocket(game, None)).state(POCKET)
    assert (state.status, state.case) == (UNKNOWN, "Korsun 25.23")
    assert "may be air supplied" in state.reason
    assert SupplyTracer(pocket(game, None), by_lines=True).state(POCKET).status == OUT


def test_on_snow_game_turns_and_when_not_isolated_out_of_supply_stays_out(game: Game) -> None:
    snow = phase_of(pocket(game, None), "German Movement", 2)        # Game-Turns 1 and 2: snow, no Air Points
    assert SupplyTracer(snow).state(POCKET).status == OUT
    ringed = pocket(game, "1520", centre="1517")                      # out of supply, three hexes from a friend
    assert SupplyTracer(ringed).state(POCKET).status == OUT


def test_a_28_0_roll_of_mud_on_a_snow_game_turn_lets_the_unit_be_air_supplied(game: Game) -> None:
    # Game-Turns 9 and 10 are snow on the track (no Air Points): out of supply. A die of 2 rolled before
    # Game-Turn 10's first move (Korsun 28.0) may make it mud, with Air Points: not known, never out
    snow = phase_of(pocket(game, None), "German Movement", 10)
    assert SupplyTracer(snow).state(POCKET).status == OUT
    with checking({"korsun_variable_weather": {"10": 2}}):
        assert SupplyTracer(snow).state(POCKET).status == UNKNOWN
    with checking({"korsun_variable_weather": {"10": 6}}):          # the roll gives snow too
        assert SupplyTracer(snow).state(POCKET).status == OUT


# -- Heavy Equipment: side 1, side 2, under (25.34), off when in supply again (25.35) ---------------

def phase_of(situation: Situation, name: str, turn: int) -> Situation:
    return Situation(situation.game, turn, [p.name for p in situation.game.phases].index(name), situation.units)


def moved(situation: Situation, name: str, turn: int, key: str, to: str) -> PhaseRecord:
    """A German Movement-kind phase in which ``key`` moves to ``to`` (and the position stays as
    it was otherwise: the rule reads only that the unit moved)."""
    start = phase_of(situation, name, turn)
    unit = start.units[key]
    track = UnitTrack(key, unit.hex, start.game.map.name(unit.hex), [Drop(2, to, start.game.map.layout.parse(to))])
    return PhaseRecord("built", turn, start.phase_index, 1, start, end=start, last_step=2, tracks={key: track},
                       complete=True)


def attack(situation: Situation, turn: int, from_hex: str, defender: str) -> PhaseRecord:
    start = phase_of(situation, "German Combat", turn)
    layout = start.game.map.layout
    battle = Battle(1, 2, {layout.parse(from_hex)}, {layout.parse(defender)}, die=3, die_step=3, before=start,
                    after=start)
    return PhaseRecord("built", turn, start.phase_index, 1, start, end=start, last_step=3, battles=[battle],
                       complete=True)


def test_a_unit_moved_twice_since_air_supply_may_not_attack(game: Game) -> None:
    ringed = pocket(game, "1521", centre="1517")       # isolated in Novo-Arkhangelsk (as above)
    supply = air_phase(ringed, {"marker-air-ger-1": "1517", "marker-heavy-equipment-1": "1517"})
    # the regiment "moves" twice on Game-Turn 7 (it stays ringed: the rule reads that it moved), then attacks
    records = [supply, moved(ringed, "German Movement", 7, POCKET, "1517"),
               moved(ringed, "German Mechanized Movement", 7, POCKET, "1517"), attack(ringed, 8, "1517", "1516")]
    records[1].tracks[POCKET].start = game.map.layout.parse("1418")     # it came from 1418 into 1517
    records[2].tracks[POCKET].start = game.map.layout.parse("1418")
    memory: dict = {}
    found = [j for r in records for j in HEAVY_EQUIPMENT.check_phase(r, memory)]
    assert [(j.verdict.case, j.unit, j.origin, j.turn) for j in found] == [("Korsun 25.34", POCKET, "1517", 8)]
    assert heavy_equipment_at(records) == {POCKET: "under"}
    # moved once only: side 2 up, it may attack
    once = [supply, records[1], attack(ringed, 8, "1517", "1516")]
    assert [j for r in once for j in HEAVY_EQUIPMENT.check_phase(r, {})] == []
    assert heavy_equipment_at(once) == {POCKET: "2"}


def test_a_marker_on_top_goes_when_the_unit_is_in_supply_again(game: Game) -> None:
    ringed = pocket(game, "1521", centre="1517")
    supply = air_phase(ringed, {"marker-air-ger-1": "1517", "marker-heavy-equipment-1": "1517"})
    assert heavy_equipment_at([supply]) == {POCKET: "1"}
    opened = pocket(game, "1521", ring=RING[:2], centre="1517")       # the ring broken: in supply (25.35)
    assert heavy_equipment_at([supply, moved(opened, "German Movement", 7, FRIEND, "1521")]) == {}


# -- the Air markers of the German Air Power Phase on engine-written logs (25.22, 25.24-25.26) -----


module = KORSUN_LOGS.module_fixture()


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", sorted(AIR_LOGS))
def test_air_markers_on_an_engine_written_log(module: Path, name: str, writer: str) -> None:
    report = KORSUN_LOGS.check(module, name, writer)
    assert [(f.rule, f.unit, f.turn) for f in report.findings] == AIR_LOGS[name]
    assert all(f.phase == "German Air Power" for f in report.findings)
    assert report.errors == []
    assert report.not_checked == []


def records_of(module: Path, name: str, writer: str, monkeypatch: pytest.MonkeyPatch) -> list[PhaseRecord]:
    """The phases the checker reads from a log (as the family is handed them)."""
    seen: list[PhaseRecord] = []
    check = AgsFamily.check_game

    def keep(self: AgsFamily, records: list[PhaseRecord]) -> list:
        seen.extend(records)
        return check(self, records)

    monkeypatch.setattr(AgsFamily, "check_game", keep)
    KORSUN_LOGS.check(module, name, writer)
    return seen


@pytest.mark.parametrize("writer", WRITERS)
def test_the_pocket_log_isolates_the_88th_and_air_supplies_it(module: Path, writer: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # what Korsun 27.1's tally reads: isolated_at at an instant, air_supplied, heavy_equipment_at
    records = records_of(module, "air-supply-pocket", writer, monkeypatch)
    (air_power,) = [r for r in records if r.turn == 5 and r.phase.name == "German Air Power"]
    isolated = isolated_at(air_power.start)
    assert [k for k, v in isolated.items() if v] == ["ger-xx-88"]
    assert all(v is False for k, v in isolated.items() if k != "ger-xx-88")
    (turn_4_air,) = [r for r in records if r.turn == 4 and r.phase.name == "German Air Power"]
    assert not any(isolated_at(turn_4_air.start).values())        # before the Soviet moves of Game-Turn 5
    supplied = air_supplied(records)
    assert supplied[6] == frozenset({"ger-xx-88"}) and not any(supplied[t] for t in supplied if t != 6)
    assert isolated_at(air_power.start, air_supplied={"ger-xx-88"})["ger-xx-88"] is False    # 25.23
    assert heavy_equipment_at(records) == {"ger-xx-88": "1"}


def load_scenarios() -> object:
    spec = importlib.util.spec_from_file_location("korsun_pocket_scenarios", LOGS / "scenarios.py")
    assert spec is not None and spec.loader is not None
    found = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(found)
    return found


@pytest.mark.parametrize("name", sorted(AIR_LOGS))
def test_the_committed_script_is_what_scenarios_py_writes(name: str) -> None:
    assert (LOGS / f"{name}.json").read_text() == load_scenarios().script(name)  # type: ignore[attr-defined]
