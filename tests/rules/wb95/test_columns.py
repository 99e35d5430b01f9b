"""A battle's declared column [WB95 5.2.1 c-f] and the span its SPs allow [1.5, 1.6, 1.7]."""

from __future__ import annotations

import dataclasses
import doctest

from tests.rules.wb95.combat_fixtures import GER_INF, OWNER, SOV_INF, combat, h, korsun, position
from vmodgen.engine.model.units import Face
from vmodgen.engine.rules.record import MarkerPlaced
from vmodgen.engine.rules.wb95 import columns
from vmodgen.engine.rules.wb95.combat import check_combat_phase
from vmodgen.engine.rules.wb95.columns import declared, initial_column


def test_doctests() -> None:
    assert doctest.testmod(columns).failed == 0


def test_the_ratio_rounds_half_up_and_stays_on_the_table() -> None:
    table = korsun().crt.columns
    assert [table[initial_column(table, a, d)] for a, d in ((3, 2), (8, 3), (1, 1), (2, 3), (40, 2), (1, 9))] == \
        ["2:1", "3:1", "1:1", "1:2", "10:1", "1:4"]      # 1.7's examples: 3:2 = 2:1; 1.6: the ends


def with_sps(game, values: dict[str, int], stars: dict[str, int | None] | None = None):
    """The game with ``values`` as an owner's SPs (attack and defense alike) and ``stars`` (none
    where not given)."""
    stars = stars or {}
    counters = tuple(dataclasses.replace(c, front=Face(values[c.id], values[c.id], 4), stars=stars.get(c.id, 0),
                                         sources=dataclasses.replace(c.sources, front=OWNER))
                     if c.id in values else c for c in game.counters)
    return dataclasses.replace(game, counters=counters)


def battle_at(game, column: str | None, die: int = 7):
    """Soviet infantry in 1208 attacks German infantry in 1209 (clear), which retreats 2 hexes."""
    before = position(game, {GER_INF: "1209", SOV_INF: "1208"}, phase="Soviet Attack")
    after = position(game, {GER_INF: "1211", SOV_INF: "1208"}, phase="Soviet Attack")
    record = combat(before, [("1208", "1209", die, before, after)], end=after, complete=False)
    if column is not None:
        record.marker_moves.append(MarkerPlaced(5, "col", "CombatColumn", (("Column", column),), h(game, "1209")))
    return record


def test_the_latest_column_marker_on_the_defender_hex_is_the_declaration() -> None:
    game = korsun()
    record = battle_at(game, "2:1")
    record.marker_moves.append(MarkerPlaced(6, "col2", "CombatColumn", (("Column", "3:1"),), h(game, "1209")))
    record.marker_moves.append(MarkerPlaced(7, "col3", "CombatColumn", (("Column", "9:1"),), h(game, "1300")))
    assert declared(record, record.battles[0]) == "3:1"


def test_without_sps_the_column_rests_on_the_declaration() -> None:
    record = battle_at(korsun(), "3:1")
    found = check_combat_phase(record, column_of=lambda battle: declared(record, battle))
    assert [(j.verdict.status, j.verdict.case) for j in found if j.battle is None] == [("unchecked", "WB95 1.5")]
    assert next(j.battle for j in found if j.battle).verdict == "legal"


def test_a_column_the_sps_do_not_allow_is_found_and_says_it_rests_on_owner_values() -> None:
    game = with_sps(korsun(), {GER_INF: 6, SOV_INF: 6})        # 1:1 on clear terrain, no support in range
    record = battle_at(game, "3:1")
    found = [j for j in check_combat_phase(record, column_of=lambda battle: declared(record, battle))
             if j.battle is None]
    assert [(j.verdict.status, j.verdict.case) for j in found] == [("illegal", "WB95 1.5")]
    assert "1:1" in found[0].verdict.message and "owner" in found[0].verdict.message


def test_a_column_the_sps_allow_is_clean() -> None:
    game = with_sps(korsun(), {GER_INF: 2, SOV_INF: 6})        # 3:1, 7: -/D2
    record = battle_at(game, "3:1")
    found = check_combat_phase(record, column_of=lambda battle: declared(record, battle))
    assert [j for j in found if j.battle is None] == []


def test_the_attackers_stars_may_raise_the_column() -> None:
    game = with_sps(korsun(), {GER_INF: 6, SOV_INF: 6}, stars={SOV_INF: 2})    # 1:1, up to 2 CMs: 3:1
    record = battle_at(game, "3:1")
    found = check_combat_phase(record, column_of=lambda battle: declared(record, battle))
    assert [j for j in found if j.battle is None] == []


def test_unrecorded_stars_leave_a_column_beyond_the_sps_unchecked() -> None:
    game = with_sps(korsun(), {GER_INF: 6, SOV_INF: 6}, stars={SOV_INF: None})
    record = battle_at(game, "3:1")
    found = [j for j in check_combat_phase(record, column_of=lambda battle: declared(record, battle))
             if j.battle is None]
    assert [(j.verdict.status, j.verdict.case) for j in found] == [("unchecked", "WB95 1.5")]
    assert "stars (15.1)" in found[0].verdict.message
