"""PGG 14.12 on the pgglike fixture: when the Provisional area the die names is wholly held by
German units or their zones of control, the division may enter at the nearest unoccupied hex
toward the eastern edge. The fixture's areas: 1 = 1201 (the north-east corner), 2 = 1202,
6 = 1203, X = 1204-1206; column 12 is the eastern edge."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.piece_properties import entry_die_button
from vmodgen.engine.rules.pgg.entry import entry_check
from vmodgen.engine.rules.pgg.provisional import blocked, check_provisional, eastward
from vmodgen.engine.rules.record import Drop, PhaseRecord, Roll, UnitTrack
from tests.rules.conftest import h
from tests.rules.pgg.conftest import at

SOVIET = "Soviet Movement"
PROVISIONAL = entry_die_button("Soviet", "rifle")


def _phase(pgg: Game, german: dict[str, str], roll: int, arrivals: dict[str, str]) -> PhaseRecord:
    """A Soviet Movement Phase with German units placed, the entry die thrown, then each arrival
    put on the map from the pool."""
    start = at(pgg, {"sov-ldr-a": "1105", **german, **{k: None for k in arrivals}}, SOVIET, turn=1)
    record = PhaseRecord("test.vlog", start.turn, start.phase_index, 1, start, start, 99, complete=True)
    record.dice.append((2, roll))
    record.rolls.append(Roll(2, PROVISIONAL, roll))
    now = start
    for number, (key, hex_) in enumerate(arrivals.items()):
        record.tracks[key] = UnitTrack(key, None, "pool", [Drop(10 + number, hex_, h(hex_))], before=now)
        now = now.moved(key, h(hex_))
    record.end = now
    return record


def _findings(record: PhaseRecord) -> list[tuple[str | None, str]]:
    return [(j.unit, j.verdict.case) for j in check_provisional([record]) if not j.verdict.is_legal]


def test_the_nearest_unoccupied_hexes_toward_the_east_of_a_blocked_area(pgg: Game) -> None:
    """A German division beside 1201 puts it in a German zone: blocked; the nearest hexes no
    lower in column (the eastern edge has none beyond) are 1202 and 1203. A German unit two hexes
    off blocks nothing."""
    corner = frozenset([h("1201")])
    near = at(pgg, {"sov-ldr-a": "1105", "ger-inf-6": "1102"}, SOVIET)
    assert blocked(near, corner, "Soviet")
    assert eastward(near, corner, "Soviet") == {h("1202"), h("1203")}
    far = at(pgg, {"sov-ldr-a": "1105", "ger-inf-6": "1002"}, SOVIET)
    assert not blocked(far, corner, "Soviet")


def test_a_blocked_area_sends_the_division_to_the_nearest_free_hex_east(pgg: Game) -> None:
    """PGG 14.12: with area 1 blocked, the division rolled for it is taken at 1202 (legal), or put
    down in 1106, where it may have moved from 1202 in the same drag (legal); put in 0408, no
    entrance and beyond any move of its 6 MP from 1202 and 1203, it is a finding; with area 1
    free, 1202 is the wrong area (PGG 14.11)."""
    german = {"ger-inf-6": "1102"}
    assert _findings(_phase(pgg, german, 1, {"sov-p1": "1202"})) == []
    assert _findings(_phase(pgg, german, 1, {"sov-p1": "1106"})) == []
    assert _findings(_phase(pgg, german, 1, {"sov-p1": "0408"})) == [("sov-p1", "PGG 14.12")]
    assert _findings(_phase(pgg, {"ger-inf-6": "1002"}, 1, {"sov-p1": "1202"})) == [("sov-p1", "PGG 14.11")]


def test_a_blocked_area_and_no_division_taken_is_still_a_finding(pgg: Game) -> None:
    """PGG 14.13 holds when the area is blocked: a roll for area 1 and nothing brought on."""
    findings = check_provisional([_phase(pgg, {"ger-inf-6": "1102"}, 1, {})])
    assert [(j.unit, j.verdict.case) for j in findings if not j.verdict.is_legal] == [(None, "PGG 14.13")]
    assert "1202 and 1203" in findings[0].verdict.message


def test_the_entry_check_lets_a_pool_division_in_by_the_hexes_east_of_a_blocked_area(pgg: Game) -> None:
    """The movement check's side of PGG 14.12: the hexes east of a blocked Provisional area are
    entries for a pool division, never for a scheduled unit; an area held by a German unit itself
    is no entry."""
    start = at(pgg, {"sov-ldr-a": "1105", "ger-inf-6": "1201", "sov-p1": None}, SOVIET)
    allowed = entry_check(start, "sov-p1", "movement", True)
    assert allowed.is_legal
    assert h("1201") not in allowed.entries
    assert eastward(start, frozenset([h("1201")]), "Soviet") <= allowed.entries


def test_a_division_dragged_from_a_free_area_straight_on_is_no_finding(pgg: Game) -> None:
    """With area 1 free (the German two hexes off), the division put down in 1106 may have entered
    by 1201 and moved on in the same drag, as the movement check reads it: no PGG 14.13; put in
    0408, beyond any move of its 6 MP from 1201, no division was taken by area 1: PGG 14.13."""
    german = {"ger-inf-6": "1002"}
    assert _findings(_phase(pgg, german, 1, {"sov-p1": "1106"})) == []
    assert _findings(_phase(pgg, german, 1, {"sov-p1": "0408"})) == [(None, "PGG 14.13")]
