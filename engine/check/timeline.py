"""From replayed logs to phase records: the turn and phase each step was played in, where every
unit started each phase and where it was dropped, flips, dice, and battles declared by markers.

Several logs of one game continue one timeline; each log starts from its own restored
position (the position the game was saved in when logging began). Steps are numbered across all
logs (``seq``); :meth:`Timeline.step_ref` turns that back into (log, step of that log).
"""

from __future__ import annotations

from vmodgen.engine.check.identity import Identities, map_hex
from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.piece_properties import (BATTLE, GAME, MARKER, OVERRUN, PHASE_LEVEL, TURN_LEVEL, BattleMarker, Piece,
                                            battle_marker, entry_die_button, overrun_marker, showing_back)
from vmodgen.engine.replay import (DiceRoll, PieceAdded, PieceChanged, PieceMoved, PieceRemoved, PieceView, Replay,
                           Step, TurnChanged, Undo)
from vmodgen.engine.rules.families import find_family
from vmodgen.engine.rules.record import Battle, Drop, Flip, MarkerPlaced, Overrun, PhaseRecord, Roll, UnitTrack
from vmodgen.engine.rules.situation import SideView, Situation, UnitState

DELETED = "deleted"
_UNKNOWN = object()
_HEXES_KEPT = 4096


class Timeline:
    """Builds PhaseRecords as logs are fed to it, in game order."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.ids = Identities(game)
        self.family = find_family(game.system)
        self.phase_names = {p.name: i for i, p in enumerate(game.phases)}
        self.units: dict[str, UnitState] = {}
        # each side's units on the map as positions share them until one of that side's changes
        self._views: dict[str, SideView] = {}
        self._hexes: dict[tuple[str | None, str | None], Hex | None] = {}
        self.locations: dict[str, str] = {}
        self.markers: dict[str, tuple[int, str, object]] = {}
        self.overrun_markers: dict[str, tuple[int, object]] = {}
        self.game_markers: dict[str, MarkerPlaced] = {}     # the family's own marker kinds, by piece id
        # dice buttons that roll where an arrival enters (PGG 14.11), never a battle's or overrun's
        self._entry_dice = frozenset(entry_die_button(r.side, game.plain_name(r.type))
                                     for r in game.reinforcements if r.areas_by == "die")
        self.records: list[PhaseRecord] = []
        self.turn, self.phase_index = 1, 0
        self._record: PhaseRecord | None = None
        self._log = ""
        self._refs: list[tuple[str, int]] = [("", 0)]
        self._local: dict[int, int] = {}
        self._untried: dict[str, list[tuple[int, bool]]] = {}

    def untried_at(self, key: str, seq: int) -> bool:
        """Whether the unit showed its untried side at that step (its identity then hidden)."""
        shown = False
        for since, untried in self._untried.get(key, ()):
            if since > seq:
                break
            shown = untried
        return shown

    def step_ref(self, seq: int) -> tuple[str, int]:
        """(log name, step index in that log) of a timeline step number."""
        return self._refs[seq] if 0 < seq < len(self._refs) else (self._log, 0)

    # -- feeding ----------------------------------------------------------------------------------

    def add_log(self, name: str, replay: Replay) -> None:
        """Replay one log into the timeline (its restored position first, then every step)."""
        self._log = name
        self._local = {}
        self._sync(replay)
        for step in replay.steps():
            self._refs.append((name, step.index))
            self._local[step.index] = len(self._refs) - 1
            self._step(step, len(self._refs) - 1)

    def finish(self) -> list[PhaseRecord]:
        self._close(self._record.last_step if self._record else 0)
        return self.records

    # -- state ------------------------------------------------------------------------------------

    def situation(self) -> Situation:
        views = {side.name: self._views.get(side.name) or self._views.setdefault(side.name, SideView())
                 for side in self.game.sides}
        return Situation(self.game, self.turn, self.phase_index, dict(self.units), _views=views)

    def _set_unit(self, key: str, unit: UnitState) -> None:
        """Every change of ``units`` goes through here: a side whose unit changed gets a new view
        (its list of units on the map carried over when the unit stays on the map)."""
        was = self.units.get(key)
        if was is None or was != unit:
            view = self._views.pop(unit.side, None)
            if (view is not None and was is not None and was.hex is not None and unit.hex is not None
                    and was.side == unit.side):
                # Still on the map, in the same place among the units: the side's list is kept.
                self._views[unit.side] = view.replaced(key, unit)
        self.units[key] = unit

    def _sync(self, replay: Replay) -> None:
        """Take the restored position of a log as the truth: units, markers, turn and phase."""
        self.units = {}
        self._views = {}
        self.locations = {}
        self.markers = {}
        self.overrun_markers = {}
        self.game_markers = {}
        for piece in replay.state.pieces():
            self._place(piece)
        levels = next(iter(replay.state.turn_levels().values()), None)
        if levels is not None:
            self._set_phase(levels, step=0)
        if self._record is None or (self._record.turn, self._record.phase_index) != (self.turn, self.phase_index):
            self._close(0)
            self._open(0)

    def _game_marker(self, piece: Piece) -> str | None:
        """The kind of a marker of the family's own kinds (not battle or overrun markers)."""
        kind = piece.properties.get(MARKER)
        return kind if kind in self.family.markers and kind not in (BATTLE, OVERRUN) else None

    def _place_game_marker(self, piece: PieceView, kind: str, step: int, removed: bool = False) -> MarkerPlaced:
        own = tuple(sorted((k, v) for k, v in piece.properties.items() if k not in (MARKER, GAME)))
        placed = MarkerPlaced(step, piece.id, kind, own, None if removed else self._hex(piece.map, piece.location))
        if placed.hex is None:
            self.game_markers.pop(piece.id, None)
        else:
            self.game_markers[piece.id] = placed
        return placed

    def _place(self, piece: PieceView) -> str | None:
        kind = self._game_marker(piece)
        if kind is not None:
            self._place_game_marker(piece, kind, 0)
            return None
        number = self._overrun_marker(piece)
        if number is not None:
            self.overrun_markers[piece.id] = (number, self._hex(piece.map, piece.location))
            return None
        marker = self._battle_marker(piece)
        if marker is not None:
            self.markers[piece.id] = (marker.number, marker.role, self._hex(piece.map, piece.location))
            return None
        key = self.ids.unit_key(piece)
        if key is None:
            return None
        self._place_unit(piece, key)
        return key

    def _place_unit(self, piece: PieceView, key: str) -> None:
        """A piece known to be the game's unit ``key``: where it is and which face it shows."""
        unit = UnitState(self.ids.counter(key), self._hex(piece.map, piece.location), showing_back(piece))
        self._set_unit(key, unit)
        self.locations[key] = piece.location or ""
        history = self._untried.setdefault(key, [])
        if not history or history[-1][1] != unit.untried:
            history.append((len(self._refs) - 1, unit.untried))

    def _hex(self, map_name: str | None, location: str | None) -> Hex | None:
        """:func:`map_hex`, remembered: a long log names the same few hundred locations again and
        again. Bounded, since a hostile log may name a new one at every step."""
        where = (map_name, location)
        found = self._hexes.get(where, _UNKNOWN)
        if found is _UNKNOWN:
            if len(self._hexes) >= _HEXES_KEPT:
                self._hexes.clear()
            found = self._hexes[where] = map_hex(self.game, map_name, location)
        return found  # type: ignore[return-value]

    def _battle_marker(self, piece: Piece) -> BattleMarker | None:
        """A battle marker, where the game's rules family has them."""
        return battle_marker(piece) if BATTLE in self.family.markers else None

    def _overrun_marker(self, piece: Piece) -> int | None:
        """An overrun marker's number, where the game's rules family has them."""
        return overrun_marker(piece) if OVERRUN in self.family.markers else None

    # -- steps ------------------------------------------------------------------------------------

    def _step(self, step: Step, seq: int) -> None:
        record = self._record
        assert record is not None
        # The position before the step, made only for a step that may need it (a unit's first
        # move in the phase, a die): a log of a million moves of one unit, or of a million chat
        # lines, copies no position a million times.
        undo = next((e for e in step.events if isinstance(e, Undo)), None)
        before = self.situation() if self._needs_before(step, record, undo) else None
        if undo is not None and undo.undoes is not None and undo.undoes in self._local:
            self._retract(self._local[undo.undoes])
        elif undo is not None:
            record.notes.append((seq, "an undo whose undone step could not be told; "
                                      "its moves are taken as played"))
        for event in step.events:
            if isinstance(event, TurnChanged):
                record.complete = True
                self._close(seq - 1)
                self._set_phase(event.levels, seq)
                self._open(seq)
                record = self._record
                before = self.situation() if before is not None else None
            elif isinstance(event, (PieceMoved, PieceAdded, PieceRemoved, PieceChanged)):
                self._piece_event(event, seq, before, record, counted=undo is None)
            elif isinstance(event, DiceRoll) and undo is None:
                assert before is not None
                self._die(event, seq, before, record)
        record.last_step = seq

    def _needs_before(self, step: Step, record: PhaseRecord, undo: Undo | None) -> bool:
        """Whether any event of the step may read the position before it: a die, a new phase
        (whose units start tracks), an undo (which may take tracks back), or a unit's move that
        starts its track in the phase. Markers and flips never read it."""
        if undo is not None:
            return True
        for event in step.events:
            if isinstance(event, (DiceRoll, TurnChanged)):
                return True
            if isinstance(event, (PieceMoved, PieceAdded, PieceRemoved)):
                key = self.ids.unit_key(event.piece)
                if key is not None and key not in record.tracks:
                    return True
        return False

    def _piece_event(self, event: PieceMoved | PieceAdded | PieceRemoved | PieceChanged, seq: int,
                     before: Situation | None, record: PhaseRecord, counted: bool) -> None:
        piece = event.piece
        kind = self._game_marker(piece)
        if kind is not None:
            was = self.game_markers.get(piece.id)
            placed = self._place_game_marker(piece, kind, seq, removed=isinstance(event, PieceRemoved))
            if counted and (was is None or (was.hex, was.properties) != (placed.hex, placed.properties)):
                record.marker_moves.append(placed)
            return
        if self._overrun_marker(piece) is not None:
            if isinstance(event, PieceRemoved):
                self.overrun_markers.pop(piece.id, None)
                self._close_overruns(record)
            else:
                self._place(piece)
                self._declare_overruns(record, seq)
            return
        if self._battle_marker(piece) is not None:
            if isinstance(event, PieceRemoved):
                self.markers.pop(piece.id, None)
            else:
                self._place(piece)
                self._declare(record, seq)
            return
        key = self.ids.unit_key(piece)
        if key is None:
            return
        was = self.units.get(key)
        was_at = self.locations.get(key, "")
        if isinstance(event, PieceRemoved):
            location, hex_ = DELETED, None
            self._set_unit(key, UnitState(self.ids.counter(key), None, was.showing_back if was else False))
            self.locations[key] = DELETED
        else:
            self._place_unit(piece, key)
            location, hex_ = piece.location or "", self.units[key].hex
        if not counted:
            return
        if isinstance(event, PieceChanged):
            if was is not None and was.showing_back != self.units[key].showing_back:
                record.flips.append(Flip(seq, key, was.showing_back, self.units[key].showing_back))
            return
        track = record.tracks.get(key)
        if track is None:
            if isinstance(event, PieceAdded):
                start, start_location = None, "palette"      # a new piece, dragged from the palette
            else:
                start = was.hex if was is not None else None
                start_location = was_at
                if isinstance(event, PieceMoved):
                    start_location = event.from_location or start_location
            assert before is not None       # _needs_before saw this unit's first move
            track = record.tracks[key] = UnitTrack(key, start, start_location, before=before)
        track.drops.append(Drop(seq, location, hex_))

    def _die(self, event: DiceRoll, step: int, before: Situation, record: PhaseRecord) -> None:
        try:
            value = int(event.result)
        except ValueError:
            record.notes.append((step, f"die roll {event.result!r} is not a number"))
            return
        record.dice.append((step, value))
        record.rolls.append(Roll(step, event.button, value))
        if event.button in self._entry_dice or not self.family.battle_roll(self.game, event.button):
            return
        if self.family.moves_in(record.phase.kind):
            self._overrun_die(value, step, before, record)
            return
        if not self.family.battles_in(record.phase.kind):
            return
        waiting = [b for b in record.battles if b.die is None and b.attacker_hexes and b.defender_hexes]
        if not waiting:
            record.stray_dice.append(step)
            return
        for rolled in record.battles:
            if rolled.die is not None and rolled.after is None:
                rolled.after = before
        battle = min(waiting, key=lambda b: b.number)
        battle.die, battle.die_step, battle.before = value, step, before

    def _declare(self, record: PhaseRecord, step: int) -> None:
        """Battles take their hexes from the markers on the map until their die is rolled."""
        if not self.family.battles_in(record.phase.kind):
            return
        numbers = {number for number, _, hex_ in self.markers.values() if hex_ is not None}
        for number in sorted(numbers):
            battle = next((b for b in record.battles if b.number == number and b.die is None), None)
            if battle is None:
                if any(b.number == number for b in record.battles):
                    continue  # already rolled: a reused marker waits for its removal
                battle = Battle(number, step)
                record.battles.append(battle)
            battle.attacker_hexes = {h for n, role, h in self.markers.values()
                                     if n == number and role == "attack" and h is not None}
            battle.defender_hexes = {h for n, role, h in self.markers.values()
                                     if n == number and role == "defend" and h is not None}

    def _declare_overruns(self, record: PhaseRecord, step: int) -> None:
        """Overruns (attacks during movement, where the family has them) take their hexes from the
        overrun markers on the map until their die is rolled."""
        if not self.family.moves_in(record.phase.kind):
            return
        for number in sorted({n for n, hex_ in self.overrun_markers.values() if hex_ is not None}):
            if any(o.number == number and o.die is not None and not o.closed for o in record.overruns):
                continue  # already rolled: the markers wait for their removal
            overrun = next((o for o in record.overruns if o.number == number and o.die is None), None)
            if overrun is None:
                overrun = Overrun(number, step)
                record.overruns.append(overrun)
            overrun.hexes = {h for n, h in self.overrun_markers.values() if n == number and h is not None}

    def _close_overruns(self, record: PhaseRecord) -> None:
        """Once both markers of a rolled overrun are off the map, its number may be used again."""
        on_map = {n for n, hex_ in self.overrun_markers.values() if hex_ is not None}
        for overrun in record.overruns:
            if overrun.die is not None and overrun.number not in on_map:
                overrun.closed = True

    def _overrun_die(self, value: int, step: int, before: Situation, record: PhaseRecord) -> None:
        """A die in a movement phase belongs to the oldest declared overrun still waiting for one."""
        for rolled in record.overruns:
            if rolled.die is not None and rolled.after is None:
                rolled.after = before
        waiting = [o for o in record.overruns if o.die is None and len(o.hexes) >= 2]
        if waiting:
            overrun = min(waiting, key=lambda o: o.declared_step)
            overrun.die, overrun.die_step, overrun.before = value, step, before

    def _retract(self, undone: int) -> None:
        """An undo takes back everything its step recorded in the current phase."""
        record = self._record
        assert record is not None
        for key, track in list(record.tracks.items()):
            track.drops = [d for d in track.drops if d.step != undone]
            if not track.drops:
                del record.tracks[key]
        record.flips = [f for f in record.flips if f.step != undone]
        record.dice = [d for d in record.dice if d[0] != undone]
        record.rolls = [r for r in record.rolls if r.step != undone]
        record.marker_moves = [m for m in record.marker_moves if m.step != undone]
        record.stray_dice = [s for s in record.stray_dice if s != undone]
        for battle in record.battles:
            if battle.die_step == undone:
                battle.die = battle.die_step = None
                battle.before = battle.after = None
        for overrun in record.overruns:
            if overrun.die_step == undone:
                overrun.die = overrun.die_step = None
                overrun.before = overrun.after = None

    # -- phases -----------------------------------------------------------------------------------

    def _set_phase(self, levels: dict[str, str], step: int) -> None:
        turn, phase = levels.get(TURN_LEVEL), levels.get(PHASE_LEVEL)
        if turn is not None and turn.strip().lstrip("-").isdigit():
            self.turn = int(turn)
        if phase in self.phase_names:
            self.phase_index = self.phase_names[phase]
        elif phase is not None and self._record is not None:
            self._record.notes.append((step, f"the turn tracker shows phase {phase!r}, which the game's "
                                             "sequence of play does not name"))

    def _open(self, step: int) -> None:
        self._record = PhaseRecord(self._log, self.turn, self.phase_index, step, self.situation(),
                                   markers_at_start=dict(self.game_markers))

    def _close(self, last_step: int) -> None:
        record = self._record
        if record is None:
            return
        record.end = self.situation()
        record.last_step = max(record.last_step, last_step)
        for battle in record.battles:
            if battle.die is not None and battle.after is None:
                battle.after = record.end
        for overrun in record.overruns:
            if overrun.die is not None and overrun.after is None:
                overrun.after = record.end
        if (record.tracks or record.dice or record.battles or record.overruns or record.flips or record.notes
                or record.marker_moves or record.last_step):
            self.records.append(record)
        self._record = None

