"""PGG findings cite PGG's own cases. The shared mechanisms cite the Army Group South case of a rule
PGG states the same way; ``[rules.case_numbers]`` in the game's data maps each to PGG's number
(``verdict.cite``). A verdict still citing an AGS case after that has no PGG case behind it: it is
reported as not checked, never as a finding under another game's rules.

>>> from vmodgen.engine.rules.verdict import Verdict
>>> from types import SimpleNamespace
>>> game = SimpleNamespace(rules={"case_numbers": SimpleNamespace(value={"AGS 5.22": "PGG 6.21"})})
>>> pgg_verdict(game, Verdict.illegal("AGS 5.22", "moved into an enemy hex")).case
'PGG 6.21'
>>> unmapped = pgg_verdict(game, Verdict.illegal("AGS 10.13", "crossed a major river"))
>>> unmapped.status, unmapped.case
('unchecked', 'PGG 6.0')
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vmodgen.engine.rules.verdict import UNCHECKED, Verdict, cite

PREFIX = "PGG "


def pgg_verdict(game: Any, verdict: Verdict, fallback: str = "PGG 6.0") -> Verdict:
    """The verdict citing PGG's case; one whose case PGG's data does not map is not checked."""
    case = cite(game, verdict.case)
    if case.startswith(PREFIX) or verdict.is_legal:
        return replace(verdict, case=case)
    return replace(verdict, status=UNCHECKED, case=fallback,
                   message=f"{verdict.message} (the shared rule {verdict.case} has no PGG case in "
                           "rules.case_numbers: not judged under PGG)")
