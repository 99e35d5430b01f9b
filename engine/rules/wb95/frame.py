"""The frame of the WB-95 check: a list of per-case checks, and every case no check judges reported
as not checked with its reason.

A :class:`CaseCheck` names the cases it judges and how: ``game`` over a game's phase records,
``position`` over a position without moves (a save). A check that cannot judge a case for some
unit or some phase (an unknown value, a log that does not tell) answers not checked there itself;
a case that no check claims is reported once per game (and, if it binds a position, once per
position) as not checked, with the reason :data:`vmodgen.engine.rules.wb95.cases.CASES` gives.
So a report never reads as a clean bill of health for a rule nobody looked at.

>>> from vmodgen.engine.rules.wb95.cases import CASES
>>> [j.verdict.case for j in check_game([], (), CASES)][:2]
['WB95 2.1.2', 'WB95 3.1.8']
>>> claimed = CaseCheck(("WB95 2.1.2",), game=lambda records: [])
>>> "WB95 2.1.2" in [j.verdict.case for j in check_game([], (claimed,), CASES)]
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict

GameCheck = Callable[[Sequence[PhaseRecord]], list[Judgement]]
PositionCheck = Callable[[str, Situation], list[Judgement]]


@dataclass(frozen=True)
class Case:
    """A WB-95 case a log could break: its number, what it governs, whether a position alone (a
    save with no moves) could break it, and why it is not checked while no check claims it."""

    case: str
    what: str
    position: bool = False
    reason: str = "not checked yet"


@dataclass(frozen=True)
class CaseCheck:
    """A check of ``cases``: ``game`` judges a game's phase records, ``position`` a position alone.
    Either may be absent (a case judged over phases only, or over a position only)."""

    cases: tuple[str, ...]
    game: GameCheck | None = None
    position: PositionCheck | None = None


def check_game(records: Sequence[PhaseRecord], checks: Sequence[CaseCheck], cases: Sequence[Case]) -> list[Judgement]:
    """Every check's judgements over the records, then each unclaimed case as not checked, in step
    order (the unclaimed ones at the first record's step)."""
    found: list[Judgement] = []
    for check in checks:
        if check.game is not None:
            found += check.game(records)
    claimed = {case for check in checks if check.game is not None for case in check.cases}
    step, turn, phase = (records[0].first_step, records[0].turn, records[0].phase.name) if records else (0, 0, "")
    found += [Judgement(step, None, "", "", Verdict.unchecked(c.case, f"{c.what}: {c.reason}"), turn, phase)
              for c in cases if c.case not in claimed]
    return sorted(found, key=lambda j: j.step)


def check_position(log: str, situation: Situation, checks: Sequence[CaseCheck],
                   cases: Sequence[Case]) -> list[Judgement]:
    """Every position check's judgements, then each unclaimed position case as not checked."""
    found: list[Judgement] = []
    for check in checks:
        if check.position is not None:
            found += check.position(log, situation)
    claimed = {case for check in checks if check.position is not None for case in check.cases}
    found += [Judgement(0, None, "", "", Verdict.unchecked(c.case, f"{c.what}: {c.reason}"))
              for c in cases if c.position and c.case not in claimed]
    return found


def unclaimed(checks: Sequence[CaseCheck], cases: Sequence[Case]) -> tuple[tuple[str, str], ...]:
    """The cases no check judges over a game, as (case, what)."""
    claimed = {case for check in checks if check.game is not None for case in check.cases}
    return tuple((c.case, c.what) for c in cases if c.case not in claimed)
