"""PGG rules that read markers, judged from hand-made phase records on the pgglike fixture:
interdiction [PGG 13.2, 13.31-13.33, 13.41-13.45], rail cuts [PGG 6.37], disruption [PGG 6.61,
6.62], overruns in part [PGG 6.4, 6.51, 6.53] and the provisional entry die [PGG 14.11-14.13]."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.piece_properties import DISRUPTED, INTERDICTION, RAIL_CUT, entry_die_button
from vmodgen.engine.rules.pgg import disruption, interdiction, rail_cuts
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.movement_phase import check_movement_phase
from vmodgen.engine.rules.pgg.provisional import check_provisional
from vmodgen.engine.rules.record import Drop, MarkerPlaced, Overrun, PhaseRecord, Roll, UnitTrack
from tests.rules.conftest import h
from tests.rules.pgg.conftest import at, moved

SOVIET, GERMAN = "Soviet Movement", "German Initial Movement"
PROVISIONAL = entry_die_button("Soviet", "rifle")


def marker(piece: str, kind: str, side: str, hex_: str | None, step: int = 0) -> MarkerPlaced:
    return MarkerPlaced(step, piece, kind, (("Side", side),) if side else (), h(hex_) if hex_ else None)


def illegal(found: list) -> list[tuple[str | None, str]]:
    return [(j.unit, j.verdict.case) for j in found if j.verdict.is_illegal]


def movement(record: PhaseRecord, ledger: Ledger | None = None) -> list[tuple[str | None, str]]:
    ledger = ledger or Ledger()
    ledger.begin(record)
    return illegal(check_movement_phase(record, ledger))


# -- interdiction: the extra Movement Point [PGG 13.32, 13.43] ------------------------------------

def test_an_air_interdiction_marker_costs_a_soviet_unit_one_more_movement_point(pgg: Game) -> None:
    """1005 to 0505 costs the rifle division all of its 6 MP; an Air Interdiction Marker on 0705
    makes it 7 [PGG 13.32]. On 1003 (a move of 5 MP) the sixth point pays for it."""
    start = at(pgg, {"sov-r1": "1005", "sov-ldr-a": "1105"}, SOVIET)
    west = {"sov-r1": ["0905", "0805", "0705", "0605", "0505"]}
    north = {"sov-r1": ["1004", "1003", "1002", "1001"]}
    assert movement(moved(pgg, start, west)) == []
    record = moved(pgg, start, west)
    record.markers_at_start = {"air": marker("air", INTERDICTION, "German", "0705")}
    assert movement(record) == [("sov-r1", "PGG 13.32")]
    record = moved(pgg, start, north)
    record.markers_at_start = {"air": marker("air", INTERDICTION, "German", "1003")}
    assert movement(record) == []


def test_a_soviet_interdiction_marker_slows_german_units_not_soviet_ones(pgg: Game) -> None:
    """PGG 13.43: the Soviet marker costs German units the extra point; a Soviet unit ignores its
    own side's marker, a German unit the German markers."""
    start = at(pgg, {"sov-r1": "1005", "sov-ldr-a": "1105"}, SOVIET)
    record = moved(pgg, start, {"sov-r1": ["0905", "0805", "0705", "0605", "0505"]})
    record.markers_at_start = {"sov": marker("sov", INTERDICTION, "Soviet", "0705")}
    assert movement(record) == []
    german = at(pgg, {"ger-inf-6": "1005"}, GERMAN)
    path = {"ger-inf-6": ["0905", "0805", "0705", "0605", "0505"]}
    assert movement(moved(pgg, german, path)) == []
    record = moved(pgg, german, path)
    record.markers_at_start = {"sov": marker("sov", INTERDICTION, "Soviet", "0705")}
    assert movement(record) == [("ger-inf-6", "PGG 13.43")]
    record.markers_at_start = {"air": marker("air", INTERDICTION, "German", "0705")}
    assert movement(record) == []


# -- rail: cuts and interdicted rail hexes [PGG 6.37, 13.31] --------------------------------------

def test_a_rail_cut_bars_the_rail_move_that_explained_a_long_move(pgg: Game) -> None:
    """0308 to 1008 along the trunk line is too long on foot and legal by rail [PGG 6.3]; a Rail Cut
    Marker on 0608 bars it [PGG 6.37]; an Air Interdiction Marker there makes it 6 + 4 = 10 rail
    hexes, more than the fixture's 8 [PGG 13.31]."""
    start = at(pgg, {"sov-r1": "0308", "sov-ldr-a": "0408"}, SOVIET, turn=7)
    assert movement(moved(pgg, start, {"sov-r1": ["1008"]})) == []
    record = moved(pgg, start, {"sov-r1": ["1008"]})
    record.markers_at_start = {"cut": marker("cut", RAIL_CUT, "German", "0608")}
    assert movement(record) == [("sov-r1", "PGG 6.37")]
    record.markers_at_start = {"air": marker("air", INTERDICTION, "German", "0608")}
    assert movement(record) == [("sov-r1", "PGG 13.31")]
    record.markers_at_start = {"cut": marker("cut", RAIL_CUT, "German", "1108")}    # beyond the move: no matter
    assert movement(record) == []


def test_a_rail_cut_removed_during_the_phase_still_cuts_the_line(pgg: Game) -> None:
    """PGG 6.37: rail movement resumes over a repaired line the Turn after: a marker taken off
    after the phase's first move is still in force."""
    start = at(pgg, {"sov-r1": "0308", "sov-ldr-a": "0408"}, SOVIET, turn=7)
    record = moved(pgg, start, {"sov-r1": ["1008"]})
    record.markers_at_start = {"cut": marker("cut", RAIL_CUT, "German", "0608")}
    record.marker_moves = [marker("cut", RAIL_CUT, "German", None, step=50)]
    assert movement(record) == [("sov-r1", "PGG 6.37")]


def test_rail_cut_markers_go_on_railroad_hexes_in_german_movement(pgg: Game) -> None:
    german = moved(pgg, at(pgg, {"ger-inf-6": "0308"}, GERMAN), {})
    german.marker_moves = [marker("cut", RAIL_CUT, "German", "0508", step=5)]
    assert illegal(rail_cuts.check_placements([german])) == []
    german.marker_moves = [marker("cut", RAIL_CUT, "German", "0505", step=5)]
    assert illegal(rail_cuts.check_placements([german])) == [(None, "PGG 6.37")]
    soviet = moved(pgg, at(pgg, {"sov-r1": "1005"}, SOVIET), {})
    soviet.marker_moves = [marker("cut", RAIL_CUT, "German", "0508", step=5)]
    assert illegal(rail_cuts.check_placements([soviet])) == [(None, "PGG 6.37")]


# -- interdiction: where and when the markers go [PGG 13.2, 13.33, 13.41, 13.42, 13.45] ------------

def test_air_interdiction_markers_are_placed_in_the_german_air_interdiction_phase(pgg: Game) -> None:
    phase = moved(pgg, at(pgg, {"ger-inf-6": "0308"}, "German Air Interdiction"), {})
    phase.marker_moves = [marker("air1", INTERDICTION, "German", "0705", 5), marker("air2", INTERDICTION, "German", "0905", 6)]
    assert illegal(interdiction.check_placements([phase])) == []
    phase.marker_moves.append(marker("air3", INTERDICTION, "German", "0905", 7))
    assert illegal(interdiction.check_placements([phase])) == [(None, "PGG 13.33")]
    soviet = moved(pgg, at(pgg, {"sov-r1": "1005"}, SOVIET), {"sov-r1": ["0905"]})
    soviet.marker_moves = [marker("air1", INTERDICTION, "German", "0705", 50)]
    assert illegal(interdiction.check_placements([soviet])) == [(None, "PGG 13.2")]
    first = moved(pgg, at(pgg, {"sov-r1": "1005"}, SOVIET, turn=1), {"sov-r1": ["0905"]})
    first.marker_moves = [marker("air1", INTERDICTION, "German", "0705", 5)]     # before any move: PGG 5.0
    assert illegal(interdiction.check_placements([first])) == []


def test_air_interdiction_east_of_the_limit_while_the_soviets_hold_smolensk(pgg: Game) -> None:
    """PGG 13.2 (the fixture's limit is hexrow 10, its Capital stands for Smolensk): east of it
    with a Soviet unit in Smolensk is a finding; with none there it is not judged."""
    held = moved(pgg, at(pgg, {"sov-r1": "0305"}, "German Air Interdiction"), {})     # the fixture's Capital
    held.marker_moves = [marker("air1", INTERDICTION, "German", "1105", 5)]
    assert illegal(interdiction.check_placements([held])) == [(None, "PGG 13.2")]
    empty = moved(pgg, at(pgg, {"ger-inf-6": "0308"}, "German Air Interdiction"), {})
    empty.marker_moves = [marker("air1", INTERDICTION, "German", "1105", 5)]
    found = interdiction.check_placements([empty])
    assert [(j.verdict.status, j.verdict.case) for j in found] == [("unchecked", "PGG 13.2")]


def test_the_soviet_interdiction_marker_three_turns_never_the_last_nor_on_germans(pgg: Game) -> None:
    def placed(turn: int, hex_: str, units: dict | None = None) -> PhaseRecord:
        record = moved(pgg, at(pgg, units or {"sov-r1": "1005"}, "Soviet Interdiction", turn=turn), {})
        record.marker_moves = [marker("sov", INTERDICTION, "Soviet", hex_, 5)]
        return record

    assert illegal(interdiction.check_placements([placed(t, "0705") for t in (2, 4, 6)])) == []
    assert illegal(interdiction.check_placements([placed(t, "0705") for t in (2, 4, 6, 8)])) == [(None, "PGG 13.41")]
    assert illegal(interdiction.check_placements([placed(12, "0705")])) == [(None, "PGG 13.41")]
    assert illegal(interdiction.check_placements([placed(3, "0308", {"ger-inf-6": "0308"})])) == [(None, "PGG 13.45")]
    movement_phase = moved(pgg, at(pgg, {"sov-r1": "1005"}, SOVIET), {})
    movement_phase.marker_moves = [marker("sov", INTERDICTION, "Soviet", "0705", 5)]
    assert illegal(interdiction.check_placements([movement_phase])) == [(None, "PGG 13.42")]


# -- disruption [PGG 6.61, 6.62] ------------------------------------------------------------------

def test_a_disrupted_unit_may_not_move(pgg: Game) -> None:
    """PGG 6.62: the rifle division defended against an overrun (the ledger) and stands under a
    Disrupted marker: its move is a finding. Under no marker it may or may not be disrupted: not
    checked. A marker on a unit that defended no overrun proves nothing."""
    start = at(pgg, {"sov-r1": "1005", "sov-ldr-a": "1105"}, SOVIET)
    record = moved(pgg, start, {"sov-r1": ["0905"]})
    record.markers_at_start = {"d": marker("d", DISRUPTED, "", "1005")}
    ledger = Ledger(maybe_disrupted={"sov-r1"})
    assert movement(record, ledger) == [("sov-r1", "PGG 6.62")]
    record.markers_at_start = {}
    ledger.begin(record)
    found = check_movement_phase(record, ledger)
    assert [(j.verdict.status, j.verdict.case) for j in found if j.unit == "sov-r1"] == [("unchecked", "PGG 6.62")]
    record.markers_at_start = {"d": marker("d", DISRUPTED, "", "1005")}
    assert movement(record, Ledger()) == []


def test_a_disrupted_marker_goes_only_on_an_overrun_defender(pgg: Game) -> None:
    record = moved(pgg, at(pgg, {"sov-r1": "1005", "sov-r2": "0905"}, GERMAN), {})
    record.marker_moves = [marker("d", DISRUPTED, "", "1005", 5)]
    assert illegal(disruption.check_markers(record, Ledger(maybe_disrupted={"sov-r1"}))) == []
    record.marker_moves = [marker("d", DISRUPTED, "", "0905", 5)]
    assert illegal(disruption.check_markers(record, Ledger(maybe_disrupted={"sov-r1"}))) == [(None, "PGG 6.61")]


# -- overruns [PGG 6.4, 6.51, 6.53, 6.62] ---------------------------------------------------------

def _overrun(pgg: Game, placement: dict, source: str, target: str, turn: int = 8) -> PhaseRecord:
    start = at(pgg, placement, SOVIET, turn=turn)
    record = moved(pgg, start, {})
    # no position after the die: who may overrun is judged, not the result (tests/rules/pgg/test_overrun_result.py)
    record.overruns = [Overrun(1, 5, {h(source), h(target)}, 3, 6, start, None)]
    return record


def overrun_cases(record: PhaseRecord, ledger: Ledger | None = None) -> list[str]:
    return [case for _, case in movement(record, ledger) if case != "PGG 7.1"]


def test_an_overrun_needs_an_adjacent_target_and_combat_units(pgg: Game) -> None:
    assert overrun_cases(_overrun(pgg, {"sov-r1": "0905", "sov-ldr-a": "0905", "ger-inf-6": "0805"}, "0905", "0805")) == []
    assert overrun_cases(_overrun(pgg, {"sov-r1": "0905", "sov-ldr-a": "0905", "ger-inf-6": "0705"}, "0905", "0705")) \
        == ["PGG 6.51"]
    assert overrun_cases(_overrun(pgg, {"sov-ldr-a": "0905", "ger-inf-6": "0805"}, "0905", "0805")) == ["PGG 6.53"]


def test_no_soviet_overrun_into_the_westernmost_hexrows_before_turn_seven(pgg: Game) -> None:
    """PGG 6.4."""
    placement = {"sov-r1": "0305", "sov-ldr-a": "0305", "ger-inf-6": "0205"}
    assert overrun_cases(_overrun(pgg, placement, "0305", "0205", turn=3)) == ["PGG 6.4"]
    assert overrun_cases(_overrun(pgg, placement, "0305", "0205", turn=7)) == []


def test_a_disrupted_unit_may_not_overrun(pgg: Game) -> None:
    record = _overrun(pgg, {"sov-r1": "0905", "sov-ldr-a": "0905", "ger-inf-6": "0805"}, "0905", "0805")
    record.markers_at_start = {"d": marker("d", DISRUPTED, "", "0905")}
    assert overrun_cases(record, Ledger(maybe_disrupted={"sov-r1"})) == ["PGG 6.62"]


# -- provisional reinforcements [PGG 14.11-14.13] -------------------------------------------------

def _provisional(pgg: Game, rolls: list[int], arrivals: dict[str, str], *, turn: int = 1,
                 first_step: int = 1) -> PhaseRecord:
    """A Soviet Movement Phase: the entry die thrown (steps 2, 3, ...), then each arrival put on
    the map from the pool."""
    start = at(pgg, {"sov-ldr-a": "1105", **{k: None for k in arrivals}}, SOVIET, turn=turn)
    record = PhaseRecord("test.vlog", turn, start.phase_index, first_step, start, start, 99, complete=True)
    for number, value in enumerate(rolls):
        record.dice.append((2 + number, value))
        record.rolls.append(Roll(2 + number, PROVISIONAL, value))
    now = start
    for number, (key, hex_) in enumerate(arrivals.items()):
        record.tracks[key] = UnitTrack(key, None, "pool", [Drop(10 + number, hex_, h(hex_))], before=now)
        now = now.moved(key, h(hex_))
    record.end = now
    return record


def provisional(record: PhaseRecord) -> list[tuple[str | None, str]]:
    return illegal(check_provisional([record]))


def test_the_provisional_division_enters_where_the_die_says(pgg: Game) -> None:
    """The fixture's areas: 1 = 1201, 2 = 1202, 3 = 1210-1211 [PGG 14.11]."""
    assert provisional(_provisional(pgg, [3], {"sov-p1": "1211"})) == []
    assert provisional(_provisional(pgg, [2], {"sov-p1": "1211"})) == [("sov-p1", "PGG 14.11")]
    assert provisional(_provisional(pgg, [], {"sov-p1": "1211"})) == [("sov-p1", "PGG 14.11")]
    assert provisional(_provisional(pgg, [3, 1], {"sov-p1": "1211"})) == [(None, "PGG 14.11")]
    assert provisional(_provisional(pgg, [3], {"sov-p1": "1211", "sov-p2": "1210"})) == [("sov-p2", "PGG 14.11")]


def test_the_provisional_division_must_be_taken(pgg: Game) -> None:
    """PGG 14.13: a roll and no arrival; no roll at all in a phase whose start the log shows. A log
    that begins in the phase may hide the roll: not checked."""
    assert provisional(_provisional(pgg, [3], {})) == [(None, "PGG 14.13")]
    assert provisional(_provisional(pgg, [], {})) == [(None, "PGG 14.13")]
    hidden = check_provisional([_provisional(pgg, [], {}, first_step=0)])
    assert [(j.verdict.status, j.verdict.case) for j in hidden] == [("unchecked", "PGG 14.13")]


def test_the_soviet_interdiction_marker_cuts_german_supply(pgg: Game) -> None:
    """PGG 13.44: the division in 0908 traces supply to the road 0105-0605 that leads to the supply
    hex; the Soviet Interdiction Marker on 0605 cuts it: out of supply, it moves 3 of its 7 MP
    (PGG 6.25). In the Soviet Player-Turn the marker bars nothing."""
    start = at(pgg, {"ger-inf-6": "0908"}, GERMAN)
    path = {"ger-inf-6": ["1008", "1108", "1208", "1207"]}
    assert movement(moved(pgg, start, path)) == []
    record = moved(pgg, start, path)
    record.markers_at_start = {"sov": marker("sov", INTERDICTION, "Soviet", "0605")}
    ledger = Ledger()
    ledger.supply_barred = interdiction.supply_barred(record)
    assert movement(record, ledger) == [("ger-inf-6", "PGG 6.23")]
    soviet = moved(pgg, at(pgg, {"sov-r1": "1005"}, SOVIET), {})
    soviet.markers_at_start = record.markers_at_start
    assert interdiction.supply_barred(soviet) == {}


def test_a_provisional_hex_that_is_another_entrance_is_never_a_finding_of_its_own(pgg: Game) -> None:
    """Area X (1204-1206) stands in for the book's shared hexes (provisional area 6 is a South-Western
    Front railroad hex, PGG 14.22): a fixture area made of an X hex, rolled, is taken there; a
    division entering there with no roll may be X's reinforcement: the missing roll is the finding
    (PGG 14.13), not the division."""
    from dataclasses import replace

    from vmodgen.engine.model.mapdata import Area
    areas = tuple(a if a.name != "6" else Area("6", a.side, a.purpose, (h("1205"),), a.source) for a in pgg.map.areas)
    shared = replace(pgg, map=replace(pgg.map, areas=areas))
    assert provisional(_provisional(shared, [6], {"sov-p1": "1205"})) == []
    assert provisional(_provisional(shared, [], {"sov-p1": "1205"})) == [(None, "PGG 14.13")]


def test_south_western_front_divisions_a_turn_and_a_game(pgg: Game) -> None:
    """PGG 14.21 (the fixture allows two a turn, three a game, by 1207-1208)."""
    from vmodgen.engine.rules.pgg.south_western_front import check_counts

    def turn(number: int, keys: list[str]) -> PhaseRecord:
        return _provisional(pgg, [], {k: "1207" for k in keys}, turn=number)

    assert illegal(check_counts([turn(2, ["sov-p1", "sov-p2"])])) == []
    assert illegal(check_counts([turn(2, ["sov-p1", "sov-p2", "sov-p3"])])) == [("sov-p3", "PGG 14.21")]
    assert illegal(check_counts([turn(2, ["sov-p1", "sov-p2"]), turn(3, ["sov-p3", "sov-r7"])])) \
        == [("sov-r7", "PGG 14.21")]


def test_soviet_units_beyond_a_leaders_radius_may_not_overrun(pgg: Game) -> None:
    """PGG 6.55: the rifle division began the phase far from the only Leader (sov-ldr-a, radius 3
    in the fixture); with the Leader beside it the overrun is allowed."""
    near = {"sov-r1": "0905", "sov-ldr-a": "1005", "ger-inf-6": "0805"}
    far = {"sov-r1": "0905", "sov-ldr-a": "1010", "ger-inf-6": "0805"}
    assert overrun_cases(_overrun(pgg, near, "0905", "0805")) == []
    assert overrun_cases(_overrun(pgg, far, "0905", "0805")) == ["PGG 6.55"]


def test_a_disrupted_unit_stacked_with_an_overrunning_one_is_not_a_finding(pgg: Game) -> None:
    """PGG 6.54: the markers mark the hex; sov-r2 may have overrun alone."""
    record = _overrun(pgg, {"sov-r1": "0905", "sov-r2": "0905", "sov-ldr-a": "0905", "ger-inf-6": "0805"}, "0905", "0805")
    record.markers_at_start = {"d": marker("d", DISRUPTED, "", "0905")}
    assert overrun_cases(record, Ledger(maybe_disrupted={"sov-r1"})) == []
