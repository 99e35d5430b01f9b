"""The WB-95 check frame: each check's judgements are reported, and every case no check claims is
reported once as not checked (once per position for the position cases)."""

from __future__ import annotations

import doctest

from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.verdict import Verdict
from vmodgen.engine.rules.wb95 import frame
from vmodgen.engine.rules.wb95.cases import CASES
from vmodgen.engine.rules.wb95.family import CHECKS, NOT_CHECKED, WB95
from vmodgen.engine.rules.wb95.frame import Case, CaseCheck

TWO = (Case("WB95 1", "one", position=True), Case("WB95 2", "two"))


def finding(*_: object) -> list[Judgement]:
    return [Judgement(7, "u", "", "", Verdict.illegal("WB95 1", "broke one"))]


def test_unclaimed_cases_are_not_checked_with_their_reason() -> None:
    judgements = frame.check_game([], (), TWO)
    assert [(j.verdict.case, j.verdict.status, j.verdict.message) for j in judgements] == [
        ("WB95 1", "unchecked", "one: not checked yet"), ("WB95 2", "unchecked", "two: not checked yet")]
    assert [j.verdict.case for j in frame.check_position("x.vsav", None, (), TWO)] == ["WB95 1"]


def test_a_claimed_case_reports_its_checks_judgements_only() -> None:
    checks = (CaseCheck(("WB95 1",), game=finding, position=finding),)
    assert [(j.verdict.case, j.verdict.status) for j in frame.check_game([], checks, TWO)] == [
        ("WB95 2", "unchecked"), ("WB95 1", "illegal")]
    assert [(j.verdict.case, j.verdict.status) for j in frame.check_position("x.vsav", None, checks, TWO)] == [
        ("WB95 1", "illegal")]
    assert frame.unclaimed(checks, TWO) == (("WB95 2", "two"),)


def test_the_family_reports_every_case_its_checks_leave() -> None:
    claimed = {case for check in CHECKS for case in check.cases}
    assert [case for case, _ in NOT_CHECKED] == [c.case for c in CASES if c.case not in claimed]
    assert [j.verdict.case for j in WB95.check_game([]) if j.verdict.is_unchecked] == [c for c, _ in NOT_CHECKED]


def test_the_frames_examples_run() -> None:
    result = doctest.testmod(frame)
    assert result.failed == 0 and result.attempted > 0
