"""A rules family's answer about one thing that happened: which step, which unit, from where
to where, and the rule's verdict (illegal, or unchecked with the reason)."""

from __future__ import annotations

from dataclasses import dataclass

from vmodgen.engine.rules.verdict import Verdict


@dataclass(frozen=True)
class Judgement:
    step: int              # timeline step (engine.check.timeline numbers steps across logs)
    unit: str | None       # counter id, None for a judgement about a hex or a battle
    origin: str            # where the unit came from (hex name or box), "" when not a move
    destination: str
    verdict: Verdict
    turn: int = 0
    phase: str = ""
    side: str = ""         # the side whose play is judged
