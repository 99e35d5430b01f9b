"""The checker's report: findings (a rule was broken), what was not checked and why, and the
reader's own errors (a damaged log) — three different things, kept apart as python-chess keeps
illegal moves apart from unreadable ones. Text for people, JSON for programs."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field


@dataclass(frozen=True)
class Finding:
    """A move the rules forbid: log step, side, unit, hexes, rule case and one plain sentence."""

    log: str
    step: int
    turn: int
    phase: str
    side: str
    unit: str
    unit_name: str
    origin: str
    destination: str
    rule: str
    message: str
    player: str = ""       # the player's name for that side, where the log's roster has one

    @property
    def who(self) -> str:
        """The side as a player reads it: ``German (Alice)``, or just ``German``."""
        return f"{self.side} ({self.player})" if self.player else self.side


@dataclass(frozen=True)
class NotChecked:
    """Something the checker could not judge, and why (unknown values, an undeclared battle...)."""

    log: str
    step: int
    turn: int
    phase: str
    rule: str
    reason: str


@dataclass(frozen=True)
class ReaderError:
    log: str
    step: int
    problem: str


@dataclass
class Report:
    game: str
    logs: list[str]
    steps: int = 0
    turns: tuple[int, int] = (0, 0)
    findings: list[Finding] = field(default_factory=list)
    not_checked: list[NotChecked] = field(default_factory=list)
    errors: list[ReaderError] = field(default_factory=list)

    def to_json(self) -> str:
        """``{"findings": [...], "not_checked": [...], "errors": [...]}`` with every finding's
        step, side, unit, from, to, rule and message (stable keys, documented in the README)."""
        findings = [{"log": f.log, "step": f.step, "turn": f.turn, "phase": f.phase, "side": f.side,
                     "player": f.player, "unit": f.unit, "unit_name": f.unit_name, "from": f.origin, "to": f.destination,
                     "rule": f.rule, "message": f.message} for f in self.findings]
        return json.dumps({"game": self.game, "logs": self.logs, "steps": self.steps,
                           "findings": findings, "not_checked": [asdict(n) for n in self.not_checked],
                           "errors": [asdict(e) for e in self.errors]}, indent=1, ensure_ascii=False)

    def to_text(self) -> str:
        several = len(self.logs) > 1
        lines = [f"{self.game}: {', '.join(self.logs)} — {self.steps} steps, "
                 f"Game-Turns {self.turns[0]} to {self.turns[1]}"]
        lines.append("")
        if self.findings:
            lines.append(f"{len(self.findings)} rule violation{'s' if len(self.findings) != 1 else ''}:")
            for f in self.findings:
                where = f"{f.origin} -> {f.destination}" if f.origin and f.destination else f.origin or f.destination
                step = f"{f.log} step {f.step}" if several else f"step {f.step}"
                lines.append(f"  {step:>9}  T{f.turn} {f.phase}  {f.who}  {f.unit_name or '-'}"
                             f"{('  ' + where) if where else ''}")
                lines.append(f"             {f.rule}: {f.message}")
        else:
            lines.append("No rule violations found.")
        if self.not_checked:
            lines.append("")
            lines.append(f"Not checked ({len(self.not_checked)}):")
            for n in self.not_checked:
                step = f"{n.log} step {n.step}" if several else f"step {n.step}"
                lines.append(f"  {step:>9}  T{n.turn} {n.phase}  {n.rule}: {n.reason}")
        if self.errors:
            lines.append("")
            lines.append(f"Damaged log entries ({len(self.errors)}), skipped and replay continued:")
            for e in self.errors:
                lines.append(f"  {e.log} step {e.step}: {e.problem}")
        return "\n".join(lines) + "\n"
