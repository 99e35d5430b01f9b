"""A WB-95 Combat Phase as a whole: each unit fighting once [WB95 5.1.1], no move but retreat and
pursuit [3.1.1], one hex on one side of a combat [5.1.5], the mandatory attacks [5.1.3, 5.1.4]."""

from __future__ import annotations

from tests.rules.wb95.combat_fixtures import GER_INF, GER_INF2, SOV_INF, SOV_INF2, combat, h, korsun, position
from vmodgen.engine.rules.record import Drop, MarkerPlaced, UnitTrack
from vmodgen.engine.rules.wb95.combat import check_combat_phase
from vmodgen.engine.rules.wb95.combat_checks import CHECKS


def verdicts(record, fortified=None):
    found = check_combat_phase(record, column_of=lambda battle: "3:1", fortified=fortified)
    return [(j.verdict.status, j.verdict.case, j.unit) for j in found
            if j.battle is None and j.verdict.case != "WB95 1.5"]     # the declared column: test_columns.py


def test_a_unit_defending_twice_is_found() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", GER_INF2: "1308", SOV_INF: "1209"})
    stays = position(game, {GER_INF: "1208", GER_INF2: "1308", SOV_INF: "1209"})
    record = combat(before, [("1208", "1209", 8, before, stays), ("1308", "1209", 8, stays, stays)],
                    complete=False)   # 3:1, 8: -/D2 not made either time: 5.3.7 as well
    found = verdicts(record)
    assert ("illegal", "WB95 5.1.1", SOV_INF) in found


def test_a_lone_attacker_in_two_battles_is_found_a_stack_is_not_checked() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209", SOV_INF2: "1108"})
    after = position(game, {GER_INF: "1208", SOV_INF: "1211", SOV_INF2: "1110"})
    mid = position(game, {GER_INF: "1208", SOV_INF: "1211", SOV_INF2: "1108"})
    record = combat(before, [("1208", "1209", 7, before, mid), ("1208", "1108", 7, mid, after)], end=after,
                    complete=False)
    assert ("illegal", "WB95 5.1.1", GER_INF) in verdicts(record)
    stacked = {GER_INF: "1208", GER_INF2: "1208"}
    before = position(game, {**stacked, SOV_INF: "1209", SOV_INF2: "1108"})
    mid = position(game, {**stacked, SOV_INF: "1211", SOV_INF2: "1108"})
    after = position(game, {**stacked, SOV_INF: "1211", SOV_INF2: "1110"})
    record = combat(before, [("1208", "1209", 7, before, mid), ("1208", "1108", 7, mid, after)], end=after,
                    complete=False)
    found = verdicts(record)
    assert ("unchecked", "WB95 5.1.1", None) in found and not [f for f in found if f[0] == "illegal"]


def test_a_unit_moving_outside_every_battle_is_found() -> None:
    game = korsun()
    start = position(game, {GER_INF: "1208", SOV_INF: "1211"})
    end = position(game, {GER_INF: "1209", SOV_INF: "1211"})
    record = combat(start, end=end, complete=False)
    record.tracks[GER_INF] = UnitTrack(GER_INF, h(game, "1208"), "1208", [Drop(5, "1209", h(game, "1209"))])
    assert verdicts(record) == [("illegal", "WB95 3.1.1", GER_INF)]


def test_attackers_and_defenders_on_several_hexes_each_are_found() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", GER_INF2: "1308", SOV_INF: "1209", SOV_INF2: "1309"})
    record = combat(before, [("1208,1308", "1209,1309", 7, before, before)], complete=False)
    assert verdicts(record) == [("illegal", "WB95 5.1.5", None)]


def test_units_in_enemy_zones_must_attack_and_be_attacked() -> None:
    game = korsun()
    start = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    record = combat(start)                                     # no battle at all
    assert verdicts(record, fortified=lambda *_: False) == [("illegal", "WB95 5.1.3", GER_INF),
                                                            ("illegal", "WB95 5.1.4", SOV_INF)]
    assert verdicts(record, fortified=lambda *_: True) == [("illegal", "WB95 5.1.4", SOV_INF)]
    assert verdicts(record) == [("illegal", "WB95 5.1.3", GER_INF), ("illegal", "WB95 5.1.4", SOV_INF)]  # no marker


def test_a_fortification_marker_or_a_set_up_hex_excuses_the_attack() -> None:
    game = korsun()
    start = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    record = combat(start)
    record.markers_at_start["m"] = MarkerPlaced(0, "m", "FieldFortification", (), h(game, "1208"))
    assert verdicts(record) == [("illegal", "WB95 5.1.4", SOV_INF)]                      # 7.1.11
    on_set_up = position(game, {GER_INF: "0535", SOV_INF: "0534"})                     # A/75 sets up in FF
    found = verdicts(combat(on_set_up))
    assert ("unchecked", "WB95 5.1.3", None) in found and ("illegal", "WB95 5.1.4", SOV_INF) in found


def test_a_phase_whose_mandatory_attacks_were_made_is_clean() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1208", SOV_INF: "1211"})
    record = combat(before, [("1208", "1209", 7, before, after)], end=after)
    assert verdicts(record, fortified=lambda *_: False) == []


def test_a_declared_battle_without_a_roll_and_a_stray_roll_are_not_checked() -> None:
    game = korsun()
    start = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    record = combat(start, [("1208", "1209", 7, start, start)], complete=False)
    record.battles[0].die = None
    record.stray_dice.append(40)
    assert verdicts(record) == [("unchecked", "WB95 5.2.1", None)] * 2


def test_the_frame_runs_the_combat_checks() -> None:
    claimed = {case for check in CHECKS for case in check.cases}
    assert {"WB95 5.1.1", "WB95 5.1.3", "WB95 5.1.4", "WB95 5.2.1", "WB95 5.3", "WB95 5.4", "WB95 6.5.1"} <= claimed


def test_a_gun_that_may_be_towed_is_not_held_to_attack() -> None:
    game = korsun()
    gun = next(c.id for c in game.counters if c.side == "German" and game.unit_types[c.type].symbol == "anti_tank")
    start = position(game, {gun: "1208", SOV_INF: "1209"})
    found = verdicts(combat(start), fortified=lambda *_: False)
    assert ("unchecked", "WB95 5.1.3", None) in found and ("illegal", "WB95 5.1.4", SOV_INF) in found
    assert not [f for f in found if f[1] == "WB95 5.1.3" and f[0] == "illegal"]
