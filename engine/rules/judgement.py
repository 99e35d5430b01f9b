"""A rules family's answer about one thing that happened: which step, which unit, from where
to where, and the rule's verdict (illegal, or unchecked with the reason). A battle's whole
sequence is also summed up once (``battle``) for the report's list of battles."""

from __future__ import annotations

from dataclasses import dataclass

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.record import Battle, PhaseRecord, UnitTrack
from vmodgen.engine.rules.verdict import Verdict


@dataclass(frozen=True)
class BattleSummary:
    """One declared battle from declaration to advance: hexes and units (counter ids) of both
    sides, odds and strengths, column shifts applied (none in the AGS rules), the die, the CRT
    result, what was done about it, and the battle's verdict ("legal", "illegal: AGS 9.66",
    "not checked: ...")."""

    number: int
    attacker_hexes: tuple[Hex, ...]
    attackers: tuple[str, ...]
    defender_hex: Hex | None
    defenders: tuple[str, ...]
    odds: str = ""
    attack: int | None = None
    defense: int | None = None
    shifts: tuple[str, ...] = ()
    die: int | None = None
    result: str = ""
    applied: str = ""
    verdict: str = ""

    @classmethod
    def declared(cls, battle: Battle) -> BattleSummary:
        """A battle as its markers declare it: the attacking hexes, the one defending hex (None
        where the markers name several) and the die, before its units and odds are worked out."""
        defender = next(iter(battle.defender_hexes)) if len(battle.defender_hexes) == 1 else None
        return cls(battle.number, tuple(sorted(battle.attacker_hexes)), (), defender, (), die=battle.die)


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
    battle: BattleSummary | None = None   # set on the one judgement that sums up a battle


def judge(record: PhaseRecord, verdict: Verdict, track: UnitTrack | None, *, last_step: int | None = None) -> Judgement:
    """A verdict on a phase as a judgement: about the unit of ``track`` (at its last drop, unless
    ``last_step``), or, without a track, about the phase (at ``last_step`` or the phase's end)."""
    game = record.start.game
    if track is None:
        hexes = verdict.hexes
        origin = game.map.name(hexes[0]) if hexes else ""
        return Judgement(last_step or record.last_step, None, origin, "", verdict, record.turn, record.phase.name,
                         record.phase.side)
    step = last_step if last_step is not None else track.drops[-1].step
    return Judgement(step, track.key, track.start_location, track.drops[-1].location, verdict, record.turn,
                     record.phase.name, game.counter(track.key).side)
