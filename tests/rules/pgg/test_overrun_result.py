"""An overrun resolved and the overrunners' moves around it [PGG 6.51, 6.52, 6.54, 6.55, 6.56], on
the pgglike fixture (engine/rules/pgg/overrun_result.py). The 6 Inf Div (9, Movement Allowance 7,
in supply near the fixture's German supply hex 0105) overruns at 9 halved to 4 (PGG 6.55); the engine-
written logs of the same rules are tests/games/test_pgg_overruns.py."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.movement_phase import check_movement_phase
from vmodgen.engine.rules.record import Drop, Overrun, PhaseRecord, UnitTrack
from tests.rules.conftest import h
from tests.rules.pgg.conftest import at, moved

GERMAN = "German Initial Movement"
DIE_STEP = 31


def _overrun(pgg: Game, placement: dict[str, str], before_die: dict[str, list[str | None]], source: str,
             target: str, die: int, removed: list[str], after_die: dict[str, list[str]]) -> PhaseRecord:
    """A German Movement Phase: the moves ``before_die``, the overrun of ``target`` from ``source``
    rolled ``die``, ``removed`` taken off the map, then the moves ``after_die``."""
    start = at(pgg, placement, GERMAN, turn=8, tried=list(placement))
    record = moved(pgg, start, before_die)
    before = record.end
    assert before is not None
    after = before
    for key in removed:
        after = after.moved(key, None)
    step = DIE_STEP
    for key, drops in after_die.items():
        here = start.units[key].hex
        track = record.tracks.setdefault(key, UnitTrack(key, here, str(here), before=before))
        for name in drops:
            step += 1
            track.drops.append(Drop(step, name, h(name)))
            after = after.moved(key, h(name))
    record.overruns = [Overrun(1, DIE_STEP - 1, {h(source), h(target)}, die, DIE_STEP, before, after)]
    record.end = after
    return record


def judged(record: PhaseRecord) -> tuple[list[tuple[str | None, str]], list[str]]:
    """(unit, case) of the findings other than stacking, and the cases reported not checked."""
    ledger = Ledger()
    ledger.begin(record)
    found = check_movement_phase(record, ledger)
    return ([(j.unit, j.verdict.case) for j in found if j.verdict.is_illegal and j.verdict.case != "PGG 7.1"],
            [j.verdict.case for j in found if j.verdict.is_unchecked])


def _d1(pgg: Game, after_die: list[str]) -> PhaseRecord:
    """4 to 4 (1-1) against 7 and 5 Rifle Divs (2 each), die 1: D1; 5 Rifle Div is eliminated and
    7 Rifle Div holds 0605: the overrun did not dislodge them."""
    placement = {"ger-inf-6": "0405", "sov-r7": "0605", "sov-r5": "0605", "sov-ldr-a": "0805"}
    return _overrun(pgg, placement, {"ger-inf-6": ["0505"]}, "0505", "0605", 1, ["sov-r5"],
                    {"ger-inf-6": after_die})


def test_an_overrun_that_did_not_dislodge_stops_the_overrunners(pgg: Game) -> None:
    """PGG 6.52: the 6 Inf Div may not move on after an overrun that left a defender in the hex."""
    assert judged(_d1(pgg, []))[0] == []
    assert "PGG 6.5" not in judged(_d1(pgg, []))[1]      # resolved: no "overrun not checked" entry
    assert judged(_d1(pgg, ["0506"]))[0] == [("ger-inf-6", "PGG 6.52")]


def test_the_defenders_result_is_applied(pgg: Game) -> None:
    """PGG 6.55, 9.65: at 1-1 die 1 is D1; a defender left unharmed with the other is a finding."""
    placement = {"ger-inf-6": "0405", "sov-r7": "0605", "sov-r5": "0605", "sov-ldr-a": "0805"}
    record = _overrun(pgg, placement, {"ger-inf-6": ["0505"]}, "0505", "0605", 1, [], {})
    assert [case for _, case in judged(record)[0]] == ["PGG 9.65"]


def _dislodged(pgg: Game, after_die: list[str]) -> PhaseRecord:
    """4 to 1 (4-1) against 4 Rifle Div (1) in 0605, in the zone of 2 Rifle Div (0705); die 1: D2,
    4 Rifle Div eliminated: the 6 Inf Div must enter 0605 (PGG 6.51)."""
    placement = {"ger-inf-6": "0405", "sov-r4": "0605", "sov-r2": "0705", "sov-ldr-a": "0805"}
    return _overrun(pgg, placement, {"ger-inf-6": ["0505"]}, "0505", "0605", 1, ["sov-r4"],
                    {"ger-inf-6": after_die})


def test_the_overrunners_enter_the_vacated_hex_and_stop_in_an_enemy_zone(pgg: Game) -> None:
    """PGG 6.51: into the vacated hex (an enemy zone ignored, 6.56); PGG 6.56: no further move
    from an enemy zone after the overrun."""
    assert judged(_dislodged(pgg, ["0605"]))[0] == []
    assert judged(_dislodged(pgg, []))[0] == [("ger-inf-6", "PGG 6.51")]
    assert judged(_dislodged(pgg, ["0605", "0606"]))[0] == [("ger-inf-6", "PGG 6.56")]


def test_the_three_movement_points_of_an_overrun(pgg: Game) -> None:
    """PGG 6.51: 0405 to 0505 is one hex; by way of 0404, 0304, 0305 four more: 5 + 3 > 7."""
    placement = {"ger-inf-6": "0405", "sov-r4": "0605", "sov-r2": "0705", "sov-ldr-a": "0805"}
    far = _overrun(pgg, placement, {"ger-inf-6": ["0404", "0304", "0305", "0405", "0505"]}, "0505", "0605", 1,
                   ["sov-r4"], {"ger-inf-6": ["0605"]})
    assert judged(far)[0] == [("ger-inf-6", "PGG 6.51")]


def test_overrunners_that_began_the_phase_apart_are_not_judged(pgg: Game) -> None:
    """PGG 6.54: the 6 Inf Div and 1 Cav Div meet in 0505 and the hex is marked: which of them
    overran is not shown, so neither the result nor their moves are judged (no finding)."""
    placement = {"ger-inf-6": "0405", "ger-cav-1": "0504", "sov-r4": "0605", "sov-r2": "0705", "sov-ldr-a": "0805"}
    record = _overrun(pgg, placement, {"ger-inf-6": ["0505"], "ger-cav-1": ["0505"]}, "0505", "0605", 1,
                      [], {})
    findings, unchecked = judged(record)
    assert findings == []
    assert "PGG 6.54" in unchecked and "PGG 6.5" in unchecked
    one = _overrun(pgg, {k: v for k, v in placement.items() if k != "ger-cav-1"}, {"ger-inf-6": ["0505"]},
                   "0505", "0605", 1, [], {})
    assert judged(one)[0] == [("sov-r4", "PGG 9.65")]       # the same overrun by one unit is judged


def test_defenders_that_held_do_not_move(pgg: Game) -> None:
    """PGG 6.58: at 1-1 die 5 is A1, nothing for the defenders; 7 Rifle Div leaves 0605 all the
    same. The 6 Inf Div retreats one hex (PGG 9.65) and is judged with its moves."""
    placement = {"ger-inf-6": "0405", "sov-r7": "0605", "sov-r5": "0605", "sov-ldr-a": "0805"}
    held = _overrun(pgg, placement, {"ger-inf-6": ["0505"]}, "0505", "0605", 5, [], {"ger-inf-6": ["0405"]})
    assert judged(held)[0] == []
    left = _overrun(pgg, placement, {"ger-inf-6": ["0505"]}, "0505", "0605", 5, [],
                    {"ger-inf-6": ["0405"], "sov-r7": ["0705"]})
    assert judged(left)[0] == [("sov-r7", "PGG 6.58")]


def test_an_overrunning_infantry_division_takes_its_loss_by_its_strength_level(pgg: Game) -> None:
    """PGG 9.61, 9.65: at 1-1 die 5 is A1. The 6 Inf Div, with no Strength Level Marker, stands at
    full strength (9-7, four steps) before and after: it neither lost the step nor retreated."""
    placement = {"ger-inf-6": "0405", "sov-r7": "0605", "sov-r5": "0605", "sov-ldr-a": "0805"}
    kept = _overrun(pgg, placement, {"ger-inf-6": ["0505"]}, "0505", "0605", 5, [], {})
    assert judged(kept) == ([("ger-inf-6", "PGG 9.65")], [])


def test_an_overrunners_retreat_keeps_out_of_enemy_zones(pgg: Game) -> None:
    """PGG 9.71: at 1-1 die 5 is A1; the 6 Inf Div may retreat one hex from 0505, but not into
    0506, in the zone of control of the Rifle Divs in 0605 (before, only the length was checked)."""
    placement = {"ger-inf-6": "0405", "sov-r7": "0605", "sov-r5": "0605", "sov-ldr-a": "0805"}
    back = _overrun(pgg, placement, {"ger-inf-6": ["0505"]}, "0505", "0605", 5, [], {"ger-inf-6": ["0504"]})
    assert judged(back)[0] == []
    into_zone = _overrun(pgg, placement, {"ger-inf-6": ["0505"]}, "0505", "0605", 5, [], {"ger-inf-6": ["0506"]})
    assert judged(into_zone)[0] == [("ger-inf-6", "PGG 9.71")]


def _twice(pgg: Game, approach: list[str], second_die: int) -> PhaseRecord:
    """PGG 6.51, 6.56: the 6 Inf Div goes ``approach`` to 0505 and overruns 4 Rifle Div (1) in 0605,
    4-1 die 1: D2, 4 Rifle Div eliminated; it enters 0605 (in the zone of 5 Rifle Div, 0606) and
    overruns 5 Rifle Div (2) from there with ``second_die``; 5 Rifle Div is taken off the map and
    the 6 Inf Div enters 0606."""
    placement = {"ger-inf-6": "0405", "sov-r4": "0605", "sov-r5": "0606", "sov-ldr-a": "0805"}
    start = at(pgg, placement, GERMAN, turn=8, tried=list(placement))
    record = moved(pgg, start, {"ger-inf-6": approach})
    first_before = record.end
    assert first_before is not None
    track = record.tracks["ger-inf-6"]
    first_after = first_before.moved("sov-r4", None).moved("ger-inf-6", h("0605"))
    track.drops.append(Drop(32, "0605", h("0605")))
    second_after = first_after.moved("sov-r5", None).moved("ger-inf-6", h("0606"))
    track.drops.append(Drop(41, "0606", h("0606")))
    record.overruns = [Overrun(1, 30, {h("0505"), h("0605")}, 1, 31, first_before, first_after),
                       Overrun(2, 39, {h("0605"), h("0606")}, second_die, 40, first_after, second_after)]
    record.end = second_after
    return record


def test_a_unit_may_overrun_twice_with_the_movement_points_it_has(pgg: Game) -> None:
    """PGG 6.51, 6.54: 1 MP to 0505, 3 for each overrun, none to enter the emptied 0605: 7 of 7;
    by way of 0404 one more, 8 of 7 (found at the second overrun's die). (Before round 8 a unit in
    two overruns was not judged.)"""
    assert judged(_twice(pgg, ["0505"], 1)) == ([], [])
    assert judged(_twice(pgg, ["0404", "0505"], 1))[0] == [("ger-inf-6", "PGG 6.51")]
