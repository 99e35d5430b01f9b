"""PGG 10.4 (optional) on the pgglike fixture: a Soviet Leader completely surrounded by enemy
units and zones of control at the beginning of the Soviet Movement Phase may be taken off the map;
one a Game-Turn, two a game. Gen. A in 0606; the 6th Infantry in 0605 and the 25/7 Panzer in 0607
cover every hex around it with their zones (a Soviet unit beside it negates nothing here)."""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.pgg.evacuation import check_evacuations
from vmodgen.engine.rules.pgg.ledger import Ledger
from vmodgen.engine.rules.pgg.movement_phase import check_movement_phase
from tests.rules.conftest import h
from tests.rules.pgg.conftest import at, moved

SOVIET = "Soviet Movement"
SURROUNDED = {"sov-ldr-a": "0606", "ger-inf-6": "0605", "ger-25-7": "0607", "sov-r1": "0706", "sov-ldr-b": "1105"}


def _findings(record) -> list[tuple[str | None, str]]:
    found = check_evacuations([record])
    ledger = Ledger()
    ledger.begin(record)
    found += check_movement_phase(record, ledger)
    return [(j.unit, j.verdict.case) for j in found if not j.verdict.is_legal and j.verdict.case.startswith("PGG 10")]


def test_a_surrounded_leader_taken_off_first_is_an_evacuation(pgg: Game) -> None:
    start = at(pgg, SURROUNDED, SOVIET)
    assert _findings(moved(pgg, start, {"sov-ldr-a": [None], "sov-r1": ["0806"]})) == []


def test_a_leader_not_surrounded_may_not_be_evacuated(pgg: Game) -> None:
    """Without the Panzer in 0607, 0607 and 0707 are free."""
    start = at(pgg, {**SURROUNDED, "ger-25-7": None}, SOVIET)
    found = check_evacuations([moved(pgg, start, {"sov-ldr-a": [None]})])
    assert [(j.unit, j.verdict.case) for j in found] == [("sov-ldr-a", "PGG 10.4")]
    assert "0607 and 0707 free" in found[0].verdict.message


def test_an_evacuation_is_done_at_the_beginning_of_the_phase(pgg: Game) -> None:
    start = at(pgg, SURROUNDED, SOVIET)
    assert _findings(moved(pgg, start, {"sov-r1": ["0806"], "sov-ldr-a": [None]})) == [("sov-ldr-a", "PGG 10.4")]


def test_one_evacuation_a_game_turn(pgg: Game) -> None:
    """Gen. B, surrounded too in 1105 (the 6/7 and 7/7 PzGr in 1104 and 1106), is the second of
    the Game-Turn."""
    start = at(pgg, {**SURROUNDED, "ger-6-7": "1104", "ger-7-7": "1106"}, SOVIET)
    record = moved(pgg, start, {"sov-ldr-a": [None], "sov-ldr-b": [None]})
    found = check_evacuations([record])
    assert [(j.unit, j.verdict.case) for j in found] == [("sov-ldr-b", "PGG 10.4")]
    assert "evacuation 2 of Game-Turn 3" in found[0].verdict.message


def test_an_evacuated_leader_returns_through_entrance_hex_x(pgg: Game) -> None:
    """PGG 10.4: Gen. A, off the map, comes back through X (the fixture's 1204-1206); put down at
    0105, beyond any move from X, it is a finding of the entry (PGG 14.3)."""
    from vmodgen.engine.rules.pgg.entry import entry_check
    start = at(pgg, {"sov-ldr-a": None, "sov-r1": "0706"}, SOVIET)
    allowed = entry_check(start, "sov-ldr-a", "movement", False)
    assert allowed.is_legal and allowed.entries == {h("1204"), h("1205"), h("1206")}
    ledger = Ledger()
    back = moved(pgg, start, {"sov-ldr-a": ["1205"]})
    ledger.begin(back)
    assert [j.verdict.case for j in check_movement_phase(back, ledger) if j.verdict.is_illegal] == []
    wrong = moved(pgg, start, {"sov-ldr-a": ["0105"]})
    ledger = Ledger()
    ledger.begin(wrong)
    assert [j.verdict.case for j in check_movement_phase(wrong, ledger) if j.verdict.is_illegal] == ["PGG 14.3"]
