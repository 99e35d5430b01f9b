"""A Combat Phase judged from its battles [AGS 9.14, 9.22, 9.65-9.69, 9.7, 9.8], on phase
records set up by hand (the checker builds them from logs)."""

from __future__ import annotations

from collections.abc import Mapping

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.ags.combat_phase import check_combat_phase
from vmodgen.engine.rules.record import Battle, PhaseRecord
from vmodgen.engine.rules.situation import Situation
from tests.rules.conftest import h, position

PHASE = "German Combat"


def record(game: Game, start: Situation, battles: list[Battle], end: Situation | None = None) -> PhaseRecord:
    index = next(i for i, p in enumerate(game.phases) if p.name == PHASE)
    done = PhaseRecord("test.vlog", 1, index, 1, start, end or start, last_step=99, battles=battles)
    return done


def rolled(number: int, attackers: list[str], defender: str, die: int, before: Situation,
           after: Situation) -> Battle:
    return Battle(number, number * 10, {h(a) for a in attackers}, {h(defender)}, die, number * 10 + 1, before, after)


def at(game: Game, placement: Mapping[str, str | None]) -> Situation:
    return position(game, placement, phase=PHASE)


def verdicts(found: list) -> list[tuple[str, str]]:
    return [(j.verdict.status, j.verdict.case) for j in found if j.battle is None]


def test_a_stack_of_two_marked_for_three_battles_attacked_twice(game: Game) -> None:
    here = at(game, {"ger-xx-10": "0504", "ger-xx-11": "0504", "sov-xx-1": "0503", "sov-xx-2": "0604",
                     "sov-xx-3": "0505"})
    battles = [rolled(n, ["0504"], d, 3, here, here) for n, d in ((1, "0503"), (2, "0604"), (3, "0505"))]
    found = check_combat_phase(record(game, here, battles))
    assert ("illegal", "AGS 9.14") in verdicts(found)
    assert verdicts(found).count(("unchecked", "AGS 9.22")) == 3


def test_a_stack_of_two_marked_for_two_battles_is_not_judged(game: Game) -> None:
    here = at(game, {"ger-xx-10": "0504", "ger-xx-11": "0504", "sov-xx-1": "0503", "sov-xx-2": "0604"})
    battles = [rolled(n, ["0504"], d, 3, here, here) for n, d in ((1, "0503"), (2, "0604"))]
    assert verdicts(check_combat_phase(record(game, here, battles))) == [("unchecked", "AGS 9.22")] * 2


def test_every_battle_has_one_summary(game: Game) -> None:
    before = at(game, {"ger-xx-10": "0404", "sov-xx-1": "0504"})
    after = at(game, {"ger-xx-10": "0504", "sov-xx-1": "0604"})
    found = check_combat_phase(record(game, before, [rolled(1, ["0404"], "0504", 1, before, after)], after))
    summaries = [j.battle for j in found if j.battle is not None]
    assert len(summaries) == 1 and summaries[0].attackers == ("ger-xx-10",)
    assert summaries[0].defenders == ("sov-xx-1",) and summaries[0].die == 1
    assert (summaries[0].result, summaries[0].verdict) == ("-/1", "legal")


def test_an_over_long_advance_makes_the_battle_illegal(game: Game) -> None:
    before = at(game, {"ger-xx-10": "0404", "sov-xx-1": "0504"})
    after = at(game, {"ger-xx-10": "0603", "sov-xx-1": "0604"})      # 0504 then 0603: two hexes
    found = check_combat_phase(record(game, before, [rolled(1, ["0404"], "0504", 1, before, after)], after))
    assert verdicts(found) == [("illegal", "AGS 9.85")]
    assert [j.battle.verdict for j in found if j.battle is not None] == ["illegal: AGS 9.85"]


def test_a_replacement_counter_is_the_step_a_loss_leaves(game: Game) -> None:
    """Kiev 19.24: a reduced infantry division losing a step is replaced by an rpl division."""
    before = position(game, {"ger-xx-10": "0404", "sov-xx-1": "0504", "ger-rpl-1": None}, phase=PHASE,
                      back=["ger-xx-10"])
    after = at(game, {"ger-xx-10": None, "ger-rpl-1": "0404", "sov-xx-1": "0504"})
    one = check_combat_phase(record(game, before, [rolled(1, ["0404"], "0504", 5, before, after)], after))
    assert [j.battle.result for j in one if j.battle] == ["1/-"] and verdicts(one) == []
    two = check_combat_phase(record(game, before, [rolled(1, ["0404"], "0504", 6, before, after)], after))
    assert [j.battle.result for j in two if j.battle] == ["2/-"] and verdicts(two) == [("illegal", "AGS 9.66")]


def test_the_defender_never_advances_in_a_split_result(game: Game) -> None:
    """1/1: the defender loses its step, the attacker retreats, and the defender moves into the
    hex the attacker left (AGS 9.68)."""
    before = at(game, {"ger-xx-10": "0404", "sov-xx-1": "0504", "sov-xx-2": "0504"})
    after = at(game, {"ger-xx-10": "0304", "sov-xx-1": None, "sov-xx-2": "0404"})
    found = check_combat_phase(record(game, before, [rolled(1, ["0404"], "0504", 1, before, after)], after))
    assert [j.battle.result for j in found if j.battle] == ["1/1"]
    assert verdicts(found) == [("illegal", "AGS 9.68")]
