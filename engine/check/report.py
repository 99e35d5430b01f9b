"""The checker's report: findings (a rule was broken), what was not checked and why, and the
reader's own errors (a damaged log) — three different things, kept apart as python-chess keeps
illegal moves apart from unreadable ones. Text for people, JSON for programs."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from vmodgen.engine.check.integrity import DiceStats, IntegrityFlag


def step_name(log: str, step: int, several: bool) -> str:
    """A step as a report names it: with its log's name when the game spans several logs.

    >>> step_name("game.vlog", 12, False), step_name("game.vlog", 12, True)
    ('step 12', 'game.vlog step 12')
    """
    return f"{log} step {step}" if several else f"step {step}"

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
class BattleEntry:
    """One declared battle as a director reads it: where and when, both sides' hexes and units,
    odds, strengths, column shifts, die, CRT result, what was applied and the verdict."""

    log: str
    step: int
    turn: int
    phase: str
    number: int
    attacker_hexes: list[str]
    attackers: list[str]
    defender_hex: str
    defenders: list[str]
    odds: str
    attack: int | None
    defense: int | None
    shifts: list[str]
    die: int | None
    result: str
    applied: str
    verdict: str

    def to_text(self, several: bool) -> list[str]:
        step = step_name(self.log, self.step, several)
        totals = f"{self.attack} to {self.defense}, " if self.attack is not None else ""   # none: several columns
        odds = f"{totals}{self.odds}" if self.odds else "no odds"
        shifts = f", shifts {', '.join(self.shifts)}" if self.shifts else ""
        rolled = f"die {self.die}: {self.result}" if self.die is not None else "no die"
        lines = [f"  {step:>9}  T{self.turn} {self.phase}  battle {self.number}: "
                 f"{', '.join(self.attackers) or '-'} ({', '.join(self.attacker_hexes)}) against "
                 f"{', '.join(self.defenders) or '-'} ({self.defender_hex or '-'})",
                 f"             {odds}{shifts}, {rolled}; {self.verdict}"]
        if self.applied:
            lines.append(f"             {self.applied}")
        return lines


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
    integrity: list[IntegrityFlag] = field(default_factory=list)
    dice: list[DiceStats] = field(default_factory=list)
    files: list[str] = field(default_factory=list)      # the logs' paths, as given (the HTML report replays them)
    battles: list[BattleEntry] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)    # the family's lines on the game as a whole

    def to_json(self) -> str:
        """``{"findings", "not_checked", "errors", "integrity", "dice", "battles", "summary"}`` with every finding's
        step, side, unit, from, to, rule and message (stable keys, documented in the README)."""
        findings = [{"log": f.log, "step": f.step, "turn": f.turn, "phase": f.phase, "side": f.side,
                     "player": f.player, "unit": f.unit, "unit_name": f.unit_name, "from": f.origin, "to": f.destination,
                     "rule": f.rule, "message": f.message} for f in self.findings]
        return json.dumps({"game": self.game, "logs": self.logs, "steps": self.steps,
                           "findings": findings, "not_checked": [asdict(n) for n in self.not_checked],
                           "errors": [asdict(e) for e in self.errors],
                           "integrity": [asdict(f) for f in self.integrity],
                           "dice": [asdict(d) for d in self.dice],
                           "battles": [asdict(b) for b in self.battles],
                           "summary": self.summary}, indent=1, ensure_ascii=False)

    def to_text(self) -> str:
        several = len(self.logs) > 1
        lines = [f"{self.game}: {', '.join(self.logs)} — {self.steps} steps, "
                 f"Game-Turns {self.turns[0]} to {self.turns[1]}"]
        lines.append("")
        if self.findings:
            lines.append(f"{len(self.findings)} rule violation{'s' if len(self.findings) != 1 else ''}:")
            for f in self.findings:
                where = f"{f.origin} -> {f.destination}" if f.origin and f.destination else f.origin or f.destination
                step = step_name(f.log, f.step, several)
                lines.append(f"  {step:>9}  T{f.turn} {f.phase}  {f.who}  {f.unit_name or '-'}"
                             f"{('  ' + where) if where else ''}")
                lines.append(f"             {f.rule}: {f.message}")
        else:
            lines.append("No rule violations found.")
        if self.not_checked:
            lines.append("")
            lines.append(f"Not checked ({len(self.not_checked)}):")
            for n in self.not_checked:
                step = step_name(n.log, n.step, several)
                lines.append(f"  {step:>9}  T{n.turn} {n.phase}  {n.rule}: {n.reason}")
        if self.battles:
            lines.append("")
            lines.append(f"Battles ({len(self.battles)}):")
            for b in self.battles:
                lines += b.to_text(several)
        if self.summary:
            lines.append("")
            lines += self.summary
        if self.errors:
            lines.append("")
            lines.append(f"Damaged log entries ({len(self.errors)}), skipped and replay continued:")
            for e in self.errors:
                lines.append(f"  {e.log} step {e.step}: {e.problem}")
        if self.integrity:
            lines.append("")
            lines.append(f"Log integrity ({len(self.integrity)}):")
            for flag in self.integrity:
                step = step_name(flag.log, flag.step, several)
                lines.append(f"  {step:>9}  {flag.kind}: {flag.message}")
        return "\n".join(lines) + "\n"
