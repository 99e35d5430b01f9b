"""What a finding's picture shows, worked out from the game's logs: the position just before the
move, the unit's start and drops, the hexes it could legally have reached, and the enemy zones
of control it moved among.

The report keeps only hex names; the pictures need the position, so the logs are replayed again
through the checker's own timeline (``Report.files``). Reach is the rules' own movement search
(``engine.rules.pathfinding``: the same step rules the checker judged the move by), run once
from the start hex to every hex within the unit's allowance; it is drawn for movement-phase
findings of a named unit only (a hidden unit's allowance would reveal what it is).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from vmodgen.engine.check.report import Finding, Report
from vmodgen.engine.check.runner import game_data, game_id_of
from vmodgen.engine.check.timeline import Timeline
from vmodgen.engine.hexes import BadHexName, Hex
from vmodgen.engine.replay import Replay
from vmodgen.engine.rules.movement import may_move_in_phase, movement_allowance
from vmodgen.engine.rules import pathfinding
from vmodgen.engine.rules.families import find_family
from vmodgen.engine.rules.pathfinding import Constraints, MoveContext
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck
from vmodgen.engine.rules.zoc import enemy_zoc
from vmodgen.engine.vassal.module import ModuleInfo
from vmodgen.engine.vassal.savefile import read_game


@dataclass(frozen=True)
class Scene:
    """One finding's picture, in game hexes: the position, the unit (None when hidden or none),
    where it started, its drops in order, the hexes it could reach, the enemy zones."""

    situation: Situation
    unit: str | None
    start: Hex | None
    drops: tuple[Hex, ...]
    reach: frozenset[Hex]
    zoc: frozenset[Hex]


class Replayed:
    """A game's logs replayed through the checker's timeline, to find each finding's scene."""

    def __init__(self, report: Report, module: ModuleInfo, module_path: Path, games_dir: Path | None) -> None:
        replays = [Replay(read_game(path), module) for path in report.files]
        self.game = game_data(game_id_of(replays), module_path, games_dir)
        self.timeline = Timeline(self.game)
        for name, replay in zip(report.logs, replays):
            self.timeline.add_log(name, replay)
        self.records = self.timeline.finish()
        total = sum(len(r.game.steps) for r in replays)
        self.seq = {self.timeline.step_ref(seq): seq for seq in range(1, total + 1)}

    def scene(self, finding: Finding) -> Scene | None:
        """The finding's scene, or None when it names no hex of the game map."""
        seq = self.seq.get((finding.log, finding.step), 0)
        record = self._record(seq)
        track = self._track(record, finding.unit, seq) if record is not None and finding.unit else None
        origin, destination = self._hex(finding.origin), self._hex(finding.destination)
        if track is not None:
            situation = track.before or record.start
            start, drops = track.start, tuple(d.hex for d in track.map_drops if d.step <= seq)
        else:
            situation = record.start if record is not None else None
            start, drops = origin, (destination,) if destination is not None else ()
            if start is None and not drops and situation is not None and finding.unit in situation.units:
                start = situation.units[finding.unit].hex      # a finding about a unit where it stands
        if situation is None or (start is None and not drops):
            return None
        unit = finding.unit if finding.unit in situation.units else None
        side = situation.units[unit].side if unit else finding.side
        zoc = frozenset(enemy_zoc(situation, side, "movement")) if side in {s.name for s in self.game.sides} else frozenset()
        reach = frozenset()
        if unit and start is not None and record is not None and find_family(self.game.system).moves_in(record.phase.kind):
            reach = reachable(situation, unit)
        return Scene(situation, unit, start, drops, reach, zoc)

    def _record(self, seq: int) -> PhaseRecord | None:
        return next((r for r in self.records if r.first_step <= seq <= r.last_step), None)

    @staticmethod
    def _track(record: PhaseRecord, unit: str, seq: int) -> UnitTrack | None:
        track = record.tracks.get(unit)
        return track if track is not None and any(d.step <= seq for d in track.drops) else None

    def _hex(self, name: str) -> Hex | None:
        if not name:
            return None
        try:
            hex_ = self.game.map.layout.parse(name)
        except BadHexName:
            return None
        return hex_ if self.game.map.layout.contains(hex_) else None


def reachable(situation: Situation, key: str) -> frozenset[Hex]:
    """Every hex the unit could end its move in within its allowance (full allowance: the
    picture shows what the rules allow at most; overruns left out), by the checker's step rules
    (AGS 5.0: terrain costs, 5.23 zones of control stop the unit, river and HQ zones)."""
    if may_move_in_phase(situation, key).is_illegal:
        return frozenset()          # AGS 4.2: not this unit's phase, it could go nowhere
    try:
        allowance = movement_allowance(situation, key, in_supply=None).mp
        if allowance is None:
            return frozenset()
        context = MoveContext.build(situation, key, allowance)
    except CannotCheck:
        return frozenset()
    return pathfinding.reachable(context, Constraints(), allowance)

