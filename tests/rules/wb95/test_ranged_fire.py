"""Artillery ranged fire [WB95 6.1, 6.4] on hand-made Combat Phase records: the cases the engine-written
logs (test_fire_engine_logs.py) do not reach, the adjacent target (6.4.3) and the target attacked
directly as well (6.4.5)."""

from __future__ import annotations

from tests.rules.wb95.combat_fixtures import GER_INF, SOV_INF, combat, h, korsun, position
from vmodgen.engine.rules.record import MarkerPlaced, Roll
from vmodgen.engine.rules.wb95.ranged_fire import check_ranged_fire

SOV_ART = "sov-53-art1"
FIRE_BUTTON = "Artillery fire 2K6"


def fire_record(gun_hex: str, target_hex: str, battle_on_target: bool = False):
    """Soviet Attack: a Soviet gun fires at German infantry (roll 7 at step 10, nothing done); with
    ``battle_on_target`` Soviet infantry in 1206 attacks the same German unit (roll at step 21)."""
    game = korsun()
    placement = {SOV_ART: gun_hex, GER_INF: target_hex, SOV_INF: "1206"}
    start = position(game, placement, phase="Soviet Attack")
    battles = [("1206", target_hex, 7, start, start)] if battle_on_target else []
    record = combat(start, battles, end=start, complete=False)
    record.marker_moves += [MarkerPlaced(8, "f1", "RangedFire", (("Fire", "1"),), h(game, gun_hex)),
                            MarkerPlaced(9, "t1", "RangedFire", (("Target", "1"),), h(game, target_hex))]
    record.rolls.append(Roll(10, FIRE_BUTTON, 7))
    return record


def cases(record) -> list[tuple[str, str]]:
    return [(j.verdict.status, j.verdict.case) for j in check_ranged_fire([record]) if j.verdict.status != "legal"]


def test_a_fire_within_range_is_read_on_every_row_without_sps() -> None:
    assert cases(fire_record("1209", "1211")) == [("unchecked", "WB95 6.4.2")]


def test_a_fire_on_an_adjacent_hex_is_found() -> None:
    assert ("illegal", "WB95 6.4.3") in cases(fire_record("1209", "1210"))


def test_a_target_also_attacked_directly_is_found() -> None:
    assert ("illegal", "WB95 6.4.5") in cases(fire_record("1209", "1207", battle_on_target=True))


def test_a_roll_with_no_fire_declared_is_not_checked() -> None:
    record = fire_record("1209", "1211")
    record.marker_moves.clear()
    assert cases(record) == [("unchecked", "WB95 6.4.2")]
    assert "no ranged attack declared" in check_ranged_fire([record])[0].verdict.message
