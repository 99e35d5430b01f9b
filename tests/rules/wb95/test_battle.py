"""One battle judged on the cells its column and roll allow [WB95 5.2.1]: losses in CELs [1.4,
5.3.7], retreats [5.3.2, 5.3.3], pursuit [5.4], with CELs unknown (not checked) or an owner's."""

from __future__ import annotations

import doctest

from tests.rules.wb95.combat_fixtures import (GER_ART, GER_INF, GER_INF2, SOV_INF, SOV_INF2, combat, korsun,
                                              position)
from vmodgen.engine.rules.wb95 import cels, pursuit
from vmodgen.engine.rules.wb95.combat import check_combat_phase


def judged(record, column="3:1"):
    """The verdicts on the battle's result (the note that a declared column rests on the declaration,
    1.5, is test_columns.py's)."""
    found = [j for j in check_combat_phase(record, column_of=lambda battle: column) if j.verdict.case != "WB95 1.5"]
    return [(j.verdict.status, j.verdict.case) for j in found if j.battle is None], found


def one_battle(game, before, after, die, column="3:1", attack="1208", defend="1209"):
    record = combat(before, [(attack, defend, die, before, after)], end=after, complete=False)
    return judged(record, column)


def test_a_defender_retreating_as_the_result_says_is_legal() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1208", SOV_INF: "1211"})          # 3:1, 7: -/D2
    verdicts, found = one_battle(game, before, after, 7)
    assert verdicts == []
    assert [j.battle.verdict for j in found if j.battle] == ["legal"]


def test_a_pursuit_into_the_emptied_hex_and_one_more_is_legal() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1210", SOV_INF: "1211"})          # retreat 2: pursue up to 1 past 1209
    assert one_battle(game, before, after, 7)[0] == []


def test_a_pursuit_beyond_the_retreat_is_found() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1211", SOV_INF: "1210"})          # 3:1, 8: -/D2; retreated 1 hex only
    verdicts, found = one_battle(game, before, after, 8)
    assert ("illegal", "WB95 5.4.6") in verdicts


def test_towed_artillery_never_pursues() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", GER_ART: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1209", GER_ART: "1209", SOV_INF: "1211"})
    assert ("illegal", "WB95 5.4.9") in one_battle(game, before, after, 7)[0]


def test_a_retreat_farther_than_the_result_is_found() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1208", SOV_INF: "1212"})          # D2, three hexes away
    assert ("illegal", "WB95 5.3.2") in one_battle(game, before, after, 7)[0]


def test_a_retreat_into_an_enemy_zone_no_friend_holds_is_found() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", GER_INF2: "1312", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1208", GER_INF2: "1312", SOV_INF: "1211"})   # 1211 touches 1312? no
    assert one_battle(game, before, after, 7)[0] == []
    before = position(game, {GER_INF: "1208", GER_INF2: "1311", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1208", GER_INF2: "1311", SOV_INF: "1211"})   # 1311 is next to 1211
    assert ("illegal", "WB95 5.3.3") in one_battle(game, before, after, 7)[0]
    with_friend = position(game, {GER_INF: "1208", GER_INF2: "1311", SOV_INF: "1211", SOV_INF2: "1211"})
    before = position(game, {GER_INF: "1208", GER_INF2: "1311", SOV_INF: "1209", SOV_INF2: "1211"})
    assert one_battle(game, before, with_friend, 7)[0] == []              # 5.3.4: a friend holds it


def test_a_defender_keeping_its_hex_without_losses_is_found() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    verdicts, found = one_battle(game, before, before, 7)                 # D2 not made, nothing lost
    assert verdicts == [("illegal", "WB95 5.3.7")]
    assert "asks at least 2" in found[0].verdict.message and "owner" not in found[0].verdict.message


def test_a_loss_beyond_the_result_is_found_on_an_owners_cels_and_says_so() -> None:
    game = korsun([GER_INF])                                              # 1:1, 8: -1/-1
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1208", SOV_INF: None}, back=[GER_INF])   # 232 INF: 1 or 2 CELs
    assert one_battle(game, before, after, 8, column="1:1")[0] == [("unchecked", "WB95 5.2.1")]
    game = korsun([GER_INF, SOV_INF])
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1208", SOV_INF: None}, back=[GER_INF])   # 232 INF: 2 CELs lost
    verdicts, found = one_battle(game, before, after, 8, column="1:1")
    assert verdicts == [("illegal", "WB95 5.2.1")]
    assert "asks at most 1" in found[0].verdict.message and "owner-values.csv" in found[0].verdict.message


def test_sustained_retreat_paid_in_cels_is_legal() -> None:
    game = korsun([SOV_INF])
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1208", SOV_INF: "1210"}, back=[SOV_INF])   # D2: one hex and one CEL
    assert one_battle(game, before, after, 7)[0] == []


def test_a_loss_resting_on_unknown_cels_is_not_checked() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1208", SOV_INF: "1210"}, back=[SOV_INF])
    verdicts, found = one_battle(game, before, after, 7)                  # flipped: 0 or 1 CEL lost
    assert verdicts == [("unchecked", "WB95 5.2.1")]
    assert "unknown" in found[0].verdict.message
    assert one_battle(korsun([SOV_INF]), position(korsun([SOV_INF]), {GER_INF: "1208", SOV_INF: "1209"}),
                      position(korsun([SOV_INF]), {GER_INF: "1208", SOV_INF: "1210"}, back=[SOV_INF]), 7)[0] == []


def test_a_result_no_column_allows_is_found_without_a_declared_column() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    verdicts, found = one_battle(game, before, before, 2, column=None)   # roll 2: every column hits the defender
    assert verdicts == [("illegal", "WB95 5.2.1")]
    assert "German units lost 0 CELs" in found[0].verdict.message    # every column: attacker -1
    after = position(game, {GER_INF: "1208", SOV_INF: "1210"})
    assert one_battle(game, before, after, 7, column=None)[0] == []     # roll 7 at 2:1: -/D1


def test_an_eliminated_defender_may_be_pursued_one_hex_beyond() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1210", SOV_INF: None})
    assert one_battle(game, before, after, 7)[0] == []                    # D2 met by elimination, 5.4.10


def test_a_retreat_no_column_allows_is_found_under_its_case() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    after = position(game, {GER_INF: "1208", SOV_INF: "1214"})           # roll 7: no column retreats 5
    verdicts, found = one_battle(game, before, after, 7, column=None)
    assert verdicts == [("illegal", "WB95 5.3.2")]
    assert "no column allows it" in found[0].verdict.message and "232 INF retreated 5 hexes" in found[0].verdict.message


def test_what_no_cell_allows_for_its_own_reason_is_found_as_a_whole() -> None:
    game = korsun()
    before = position(game, {GER_INF: "1208", SOV_INF: "1209"})
    verdicts, found = one_battle(game, before, before, 7, column=None)   # roll 7: every cell asks something
    assert verdicts == [("illegal", "WB95 5.2.1")]
    assert "no cell of the COMBAT TABLE" in found[0].verdict.message


def test_the_examples_of_cels_and_pursuit_run() -> None:
    assert doctest.testmod(cels).failed == 0 and doctest.testmod(pursuit).failed == 0
