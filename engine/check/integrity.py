"""Log integrity: what a tournament director wants to know about the logs themselves, apart from
the rules: a die rolled, undone and rolled again; a log that starts earlier than where the file
before it ended (a restarted game); more player names than the game has sides, or a player
changing sides; and every player's dice, with a chi-square test of their fairness.

VASSAL keeps an undo in the log (3.6: the inverse commands; 3.7: between ``UNDO`` markers), and
the replay tells which step an undo took back (``Step.undoes``), so a reroll through undo shows.
Passwords never leave the replay: players are known here by name and side only.

>>> flags = [IntegrityFlag("game.vlog", 47, "reroll", "1d6 rolled 1 at step 45, undone, rolled again: 5")]
>>> flags[0].kind
'reroll'
>>> round(chi_square_p(11.0705, 5), 3)
0.05
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from vmodgen.engine.check.seams import position_of
from vmodgen.engine.replay import Chat, DiceRoll, GameState, Replay, Step

#: the default DiceButton report, ``*** 1d6 = 5 *** <player>`` (HTML-escaped in the log)
_DICE_REPORT = re.compile(r"\*\*\* .*? \*\*\* &lt;(.*?)&gt;")
#: a typed chat line, ``<player> - text``
_CHAT_NAME = re.compile(r"&lt;(.*?)&gt; - ")
#: a button of one die, ``1d6`` (others sum several dice, not uniform, so not tested for fairness)
_ONE_DIE = re.compile(r"1d(\d+)$", re.IGNORECASE)


@dataclass(frozen=True)
class IntegrityFlag:
    """Something about the logs a director should look at; ``kind`` is one of ``reroll``,
    ``undone-roll``, ``restart``, ``player-changed``, ``side-changed``."""

    log: str
    step: int
    kind: str
    message: str
    player: str = ""
    side: str = ""


@dataclass(frozen=True)
class DiceStats:
    """One player's rolls of one dice button (undone rolls left out): ``counts`` per face;
    ``chi_square``/``p_value`` test a fair die (None when there are too few rolls or the button
    sums several dice)."""

    player: str
    side: str
    button: str
    rolls: int
    counts: dict[int, int]
    chi_square: float | None
    p_value: float | None


@dataclass(frozen=True)
class Roll:
    log: str
    step: int
    button: str
    value: str
    player: str
    side: str
    undone: bool = False


@dataclass
class LogFacts:
    """What one replayed log says about itself, read in one pass of its steps.

    ``start``/``end``: (turn, phase index) when the turn tracker says (None otherwise);
    ``start_units``/``end_units``: what stands where (how many units show each face on each
    place, as a seam compares positions); ``names``: the
    player names seen, with the step each was first seen at; ``seats``: (step, name, side) of
    every roster entry."""

    log: str
    phases: tuple[str, ...] = ()
    start: tuple[int, int] | None = None
    end: tuple[int, int] | None = None
    start_units: dict[Hashable, object] = field(default_factory=dict)
    end_units: dict[Hashable, object] = field(default_factory=dict)
    rolls: list[Roll] = field(default_factory=list)
    names: dict[str, int] = field(default_factory=dict)
    seats: list[tuple[int, str, str]] = field(default_factory=list)


@dataclass
class Audit:
    flags: list[IntegrityFlag]
    dice: list[DiceStats]


def audit(logs: Sequence[tuple[str, Replay]], phases: Sequence[str], sides: int = 2) -> Audit:
    """Replay each (name, replay) and audit the logs as one game, in the order given. ``phases``
    are the game's phase names in order (to tell which of two positions is earlier); ``sides`` the
    number of sides a player can take."""
    return audit_facts([read_facts(name, replay, phases) for name, replay in logs], sides)


def audit_facts(facts: Sequence[LogFacts], sides: int = 2) -> Audit:
    """The flags and dice statistics of logs already read (one game, in order)."""
    return Audit(flags(facts, sides), dice_stats(r for f in facts for r in f.rolls))


def read_facts(name: str, replay: Replay, phases: Sequence[str]) -> LogFacts:
    """One pass over a log's steps, from its restored position (a fresh replay of the same game,
    whatever the one given has been through)."""
    reading = FactsReader(name, Replay(replay.game, replay.module), phases)
    for _ in reading.steps():
        pass
    return reading.facts


class FactsReader:
    """Reads a log's facts as its steps are replayed: given to another reader of the steps (the
    checker's timeline) in place of the replay, so that one replay serves both.

    ``replay`` must stand at its restored position. ``steps()`` yields the replay's steps and
    reads each once its consumer is done with it (the position is then the one after the step);
    ``facts`` are complete when the steps have all been taken."""

    def __init__(self, name: str, replay: Replay, phases: Sequence[str]) -> None:
        self.replay = replay
        self._order = {phase: i for i, phase in enumerate(phases)}
        self.facts = LogFacts(name, tuple(phases), _position(replay, self._order), start_units=_units(replay))
        self._rolled: dict[int, list[Roll]] = {}
        _seat(self.facts, replay, 0)

    @property
    def state(self) -> GameState:
        return self.replay.state

    def steps(self) -> Iterator[Step]:
        for step in self.replay.steps():
            yield step
            self._read(step)
        self.facts.end = _position(self.replay, self._order)
        self.facts.end_units = _units(self.replay)

    def _read(self, step: Step) -> None:
        facts, replay = self.facts, self.replay
        _seat(facts, replay, step.index)
        names = _names(step)
        for player in names:
            facts.names.setdefault(player, step.index)
        if step.undoes is not None and step.undoes in self._rolled:
            for roll in self._rolled.pop(step.undoes):
                facts.rolls[facts.rolls.index(roll)] = replace(roll, undone=True)
        if step.undo:
            return
        for event in step.events:
            if isinstance(event, DiceRoll):
                player = names[0] if names else ""
                roll = Roll(facts.log, step.index, event.button, event.result, player,
                            step.side or replay.state.side_of_name(player) or "")
                facts.rolls.append(roll)
                self._rolled.setdefault(step.index, []).append(roll)


def _position(replay: Replay, order: dict[str, int]) -> tuple[int, int] | None:
    levels = next(iter(replay.state.turn_levels().values()), None)
    if not levels:
        return None
    turn, phase = levels.get("Turn", ""), levels.get("Phase")
    if not turn.strip().lstrip("-").isdigit() or phase not in order:
        return None
    return int(turn), order[phase]


def _units(replay: Replay) -> dict[tuple[str, str], int]:
    """How many units show each face on each place: the position a seam compares (seams.py),
    so that hidden identities (which untried unit a pool handed out) never count as a change."""
    return dict(position_of(replay.state).units)


def _seat(facts: LogFacts, replay: Replay, step: int) -> None:
    """Roster entries as they are now (a password keys the seat; only name and side are kept)."""
    seen = {(name, side) for _, name, side in facts.seats}
    for player in replay.state.players.values():
        if (player.name, player.side) not in seen:
            facts.seats.append((step, player.name, player.side))
            facts.names.setdefault(player.name, step)


def _names(step: Step) -> list[str]:
    """Player names a step's chat shows (dice reports and typed lines), in order."""
    names = []
    for event in step.events:
        if isinstance(event, Chat):
            match = _DICE_REPORT.search(event.text) or _CHAT_NAME.match(event.text)
            name = html.unescape(match.group(1)) if match else None     # chat is HTML-escaped in the log
            if name and name not in names:
                names.append(name)
    return names


# -- flags ------------------------------------------------------------------------------------------

def flags(facts: Sequence[LogFacts], sides: int = 2) -> list[IntegrityFlag]:
    return [*rerolls(facts), *restarts(facts), *player_changes(facts, sides)]


def rerolls(facts: Sequence[LogFacts]) -> list[IntegrityFlag]:
    """A roll taken back by undo: ``reroll`` when the same button is rolled again later in
    the same log (the flag names both results), else ``undone-roll``."""
    found = []
    for log in facts:
        for roll in log.rolls:
            if not roll.undone:
                continue
            again = next((r for r in log.rolls if r.step > roll.step and r.button == roll.button
                          and not r.undone), None)
            if again is not None:
                found.append(IntegrityFlag(log.log, again.step, "reroll",
                                           f"{roll.button} rolled {roll.value} at step {roll.step}, undone, "
                                           f"and rolled again at step {again.step}: {again.value}",
                                           roll.player, roll.side))
            else:
                found.append(IntegrityFlag(log.log, roll.step, "undone-roll",
                                           f"{roll.button} rolled {roll.value} at step {roll.step} and undone",
                                           roll.player, roll.side))
    return found


def restarts(facts: Sequence[LogFacts]) -> list[IntegrityFlag]:
    """A log starting at an earlier turn or phase than where the previous file ended, or in the
    same phase with units standing elsewhere (the game was restarted from an older save)."""
    found = []
    for before, after in zip(facts, facts[1:]):
        if before.end is None or after.start is None:
            continue
        if after.start < before.end:
            found.append(IntegrityFlag(after.log, 0, "restart",
                                       f"starts at {_when(after, after.start)}, earlier than where {before.log} "
                                       f"ended ({_when(before, before.end)}): a restarted game"))
        elif after.start == before.end:
            moved = sorted(k for k in after.start_units.keys() & before.end_units.keys()
                           if after.start_units[k] != before.end_units[k])
            gone = before.end_units.keys() ^ after.start_units.keys()
            if moved or gone:
                found.append(IntegrityFlag(after.log, 0, "restart",
                                           f"starts in the phase {before.log} ended in, but {len(moved) + len(gone)} "
                                           f"piece(s) are not where that file left them: restarted from another "
                                           f"position"))
    return found


def _when(log: LogFacts, position: tuple[int, int]) -> str:
    """``Game-Turn 1, German Combat`` (the phase's number when its name is not known)."""
    turn, phase = position
    name = log.phases[phase] if phase < len(log.phases) else f"phase {phase + 1}"
    return f"Game-Turn {turn}, {name}"


def player_changes(facts: Sequence[LogFacts], sides: int = 2) -> list[IntegrityFlag]:
    """``side-changed``: a roster name seen with another side than before; ``player-changed``:
    a side's seat taken by another name, or more player names over the game than it has sides."""
    found = []
    side_of: dict[str, str] = {}
    holder: dict[str, str] = {}
    names: list[str] = []
    for log in facts:
        for step, name, side in log.seats:
            if not side:
                continue
            if name in side_of and side_of[name] != side:
                found.append(IntegrityFlag(log.log, step, "side-changed",
                                           f"{name} plays {side}, having played {side_of[name]}", name, side))
            if side in holder and holder[side] != name:
                found.append(IntegrityFlag(log.log, step, "player-changed",
                                           f"{side} is played by {name}, having been played by {holder[side]}",
                                           name, side))
            side_of[name], holder[side] = side, name
        for name, step in sorted(log.names.items(), key=lambda item: item[1]):
            if name in names:
                continue
            names.append(name)
            if len(names) > sides:
                found.append(IntegrityFlag(log.log, step, "player-changed",
                                           f"a player name not seen before in this game appears: {name} "
                                           f"({len(names)} names for {sides} sides: {', '.join(names)})",
                                           name, side_of.get(name, "")))
    return found


# -- dice -------------------------------------------------------------------------------------------

def dice_stats(rolls: Iterable[Roll]) -> list[DiceStats]:
    """Per player and button: rolls kept (undone ones left out), counts per face, fairness."""
    groups: dict[tuple[str, str, str], list[int]] = {}
    for roll in rolls:
        if roll.undone or not roll.value.strip().isdigit():
            continue
        groups.setdefault((roll.player or roll.side or "unknown", roll.side, roll.button), []).append(int(roll.value))
    stats = []
    for (player, side, button), values in sorted(groups.items()):
        one_die = _ONE_DIE.match(button)
        faces = int(one_die.group(1)) if one_die else max(values)
        counts = {face: values.count(face) for face in range(1, faces + 1)}
        for value in values:
            counts.setdefault(value, values.count(value))
        statistic = p_value = None
        if one_die and len(counts) == faces:
            statistic, p_value = fairness(list(counts.values()))
        stats.append(DiceStats(player, side, button, len(values), counts, statistic, p_value))
    return stats


def fairness(counts: Sequence[int]) -> tuple[float | None, float | None]:
    """Pearson's chi-square statistic of counts against a fair die, and its p-value; (None, None)
    with fewer than 5 expected rolls per face, where the test means nothing.

    >>> fairness([10, 10, 10, 10, 10, 10])
    (0.0, 1.0)
    >>> statistic, p = fairness([30, 6, 6, 6, 6, 6])
    >>> round(statistic, 1), p < 0.001
    (48.0, True)
    """
    total = sum(counts)
    expected = total / len(counts) if counts else 0
    if expected < 5:
        return None, None
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return statistic, chi_square_p(statistic, len(counts) - 1)


def chi_square_p(x: float, k: int) -> float:
    """P(X >= x) for a chi-square variable with ``k`` (a positive integer) degrees of freedom: the
    closed forms of the regularised upper incomplete gamma function Q(k/2, x/2) for integer k.

    >>> round(chi_square_p(3.8415, 1), 4), round(chi_square_p(5.9915, 2), 4), round(chi_square_p(9.2364, 5), 4)
    (0.05, 0.05, 0.1)
    """
    if x <= 0:
        return 1.0
    half = x / 2
    if k % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, k // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    root = math.sqrt(x)
    total = math.erfc(root / math.sqrt(2))
    term = math.sqrt(2 / math.pi) * math.exp(-half) * root
    for i in range(1, (k - 1) // 2 + 1):
        total += term
        term *= x / (2 * i + 1)
    return min(1.0, total)
