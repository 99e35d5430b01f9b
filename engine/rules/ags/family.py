"""The Army Group South family as a registered rules family: its vocabulary, and its check of
a game, phase by phase.

>>> judgements = AGS.check_game(records)          # doctest: +SKIP
>>> [j.verdict.case for j in judgements if j.verdict.is_illegal]   # doctest: +SKIP
['AGS 8.21', 'Kiev 19.3']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vmodgen.engine.hexes import Hex
from vmodgen.engine.rules.ags import kiev, korsun, operation_star, rostov, victory, vocabulary
from vmodgen.engine.rules.ags.air import TurnWeathers
from vmodgen.engine.rules.ags.combat_phase import check_combat_phase
from vmodgen.engine.rules.ags.corps_stacking import CORPS_STACKING
from vmodgen.engine.rules.ags.disruption import DISRUPTION
from vmodgen.engine.rules.ags.exclusive import checking, register_column_bonus_rule
from vmodgen.engine.rules.ags.exclusive import data_rules, move_condition_rules, phase_rules, register_attack_rule, \
    register_data_rule, register_move_condition_rule, register_move_rule, register_movement_phase_rule, \
    register_phase_rule
from vmodgen.engine.rules.ags.movement_phase import TurnLedger, check_movement_phase, move_condition
from vmodgen.engine.rules.ags.position import check_position
from vmodgen.engine.rules.ags.reveal import check_reveals
from vmodgen.engine.rules.ags.setup import check_setup
from vmodgen.engine.rules.ags.terrain_turns import TERRAIN_BY_TURN
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.family import DataProblem, RulesFamily
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.combat import register_defense_modifier
from vmodgen.engine.rules.supply import register_side_supply_rule, register_supply_override
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, cite, game_case, hex_name, optional_param


class AgsFamily(RulesFamily):
    """Army Group South Standard Rules (SPI 1979), with each game's exclusive rules as data."""

    name = "ags"
    title = "Army Group South"
    phase_kinds = vocabulary.PHASE_KINDS
    unit_classes = vocabulary.CLASSES
    movement_classes = vocabulary.MOVEMENT_CLASSES
    faces = vocabulary.FACES
    markers = vocabulary.MARKERS

    def validate(self, game: Game) -> list[DataProblem]:
        """The faces, and each game rule's own charts, read now (see ``exclusive.DataRule``)."""
        return super().validate(game) + [p for rule in data_rules() for p in rule.load_data(game)]

    def check_game(self, records: Sequence[PhaseRecord]) -> list[Judgement]:
        return check_game(records)

    def check_position(self, log: str, situation: Situation) -> list[Judgement]:
        return check_position(log, situation)

    def summary(self, records: Sequence[PhaseRecord]) -> list[str]:
        return victory.summary(records)       # Kiev 24, Rostov 26, OS 25, Korsun 27


def check_game(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """Every illegal or unchecked judgement over a game's phases, in step order."""
    ledger = TurnLedger()
    with checking(ledger.memory):         # a game's supply rule reads what a phase rule saw (Rostov 23.17)
        return _check_game(records, ledger)


def _check_game(records: Sequence[PhaseRecord], ledger: TurnLedger) -> list[Judgement]:
    found: list[Judgement] = []
    if records:
        found += check_setup(records[0])
    for record in records:
        for rule in phase_rules():        # exclusive.PhaseRule: each with its own memory
            found += rule.check_phase(record, ledger.memory.setdefault(rule.name, {}))
        kind = record.phase.kind
        if kind in vocabulary.MOVEMENT_KINDS:
            found += check_movement_phase(record, ledger)
        elif kind in vocabulary.COMBAT_KINDS:
            found += check_combat_phase(record, _conditions(record, ledger), _turn_weathers(record, ledger))
        else:
            found += _no_play_expected(record)
        found += check_reveals(record)    # AGS 13.2
    found += ledger.close()
    return sorted(found, key=lambda j: (j.step, j.unit or ""))


def _turn_weathers(record: PhaseRecord, ledger: TurnLedger) -> TurnWeathers | None:
    """The weathers the Game-Turn may have had, as a game's own phase rule reads them from the log
    (its ``weathers``: Korsun 28.0's roll), or None: the Game-Turn Record Track's."""
    for rule in phase_rules():
        read = getattr(rule, "weathers", None)
        weathers = read(record, ledger.memory.get(rule.name, {})) if read is not None else None
        if weathers is not None:
            return weathers
    return None


def _conditions(record: PhaseRecord, ledger: TurnLedger) -> Callable[[Hex], Condition | None] | None:
    """The weather a game's own rule gives for units starting the phase in a hex, or None when no
    registered rule gives one."""
    if not move_condition_rules():
        return None
    return lambda hex_: move_condition(record, hex_, ledger)


def _no_play_expected(record: PhaseRecord) -> list[Judgement]:
    """Phases where nothing moves (interphase, disruption removal, ...): a unit moved there is
    outside every movement rule, so it is reported for a person to look at."""
    game = record.start.game
    found = []
    placed: list[str] = []
    for key, track in record.tracks.items():
        if not track.map_drops or track.map_drops[-1].hex == track.start:
            continue
        if _set_up_placement(record, key, track.start):
            placed.append(key)
            continue
        last = track.drops[-1]
        moved_at_set_up = _set_up_move(record, key, track.start)
        if moved_at_set_up is not None:
            found.append(Judgement(last.step, key, track.start_location, last.location, moved_at_set_up, record.turn,
                                   record.phase.name, game.counter(key).side))
            continue
        found.append(Judgement(last.step, key, track.start_location, last.location, Verdict.illegal(
            cite(game, "AGS 4.2"), f"{game.counter(key).name} moved in the {record.phase.name} phase, in which no "
                                   "unit moves"), record.turn, record.phase.name, game.counter(key).side))
    if placed:
        first = min(record.tracks[k].drops[0].step for k in placed)
        names = ", ".join(game.counter(k).name for k in sorted(placed))
        side = game.counter(sorted(placed)[0]).side
        case = game_case(game, "unknown_setup", optional_param(game, "setup_cases", {}).get(side, "set-up"))
        found.append(Judgement(first, None, "", "", Verdict.unchecked(case, (
            f"placed at the set-up on hexes the game data does not know (printed on the map only): {names}; "
            "their set-up hexes were not checked")), record.turn, record.phase.name, side))
    return found


def _set_up_placement(record: PhaseRecord, key: str, start: object) -> bool:
    """A unit brought onto the map before the first phase of Game-Turn 1 is played whose set-up hex
    the data does not know (a set-up unit without a hex, or one drawn from a pool, Rostov 18.12,
    18.13): a set-up placement, not a move."""
    counter = record.start.game.counter(key)
    return (record.turn == 1 and record.phase_index == 0 and start is None
            and (counter.role == "pool" or (counter.role == "setup" and counter.setup is None)))


def _set_up_move(record: PhaseRecord, key: str, start: object) -> Verdict | None:
    """A unit with a printed set-up hex moved off it before anything of Game-Turn 1 is played (the
    first phase is one where nothing moves, Rostov's Weather Phase): the set-up is wrong, a finding
    citing the side's set-up case (``rules.setup_cases``: Rostov 18.11, 18.2), not a move in a
    phase (AGS 4.2)."""
    game = record.start.game
    counter = game.counter(key)
    if record.turn != 1 or record.phase_index != 0 or counter.role != "setup" or counter.setup != start:
        return None
    track = record.tracks[key]
    where = track.map_drops[-1].hex
    case = cite(game, optional_param(game, "setup_cases", {}).get(counter.side, "set-up"))
    return Verdict.illegal(case, f"{counter.name} was set up on {hex_name(game, where)} before Game-Turn 1 was "
                                 f"played; its set-up hex is {hex_name(game, counter.setup)}",
                           [h for h in (where, counter.setup) if h is not None])


AGS = AgsFamily()

#: the games' own modules (engine/rules/ags/<game>/), as python-chess lists its variants
for _rule in (*kiev.MOVEMENT_PHASE_RULES, *operation_star.MOVEMENT_PHASE_RULES, *korsun.MOVEMENT_PHASE_RULES, CORPS_STACKING,
              DISRUPTION):
    register_movement_phase_rule(_rule)
for _phase_rule in (*rostov.PHASE_RULES, *operation_star.PHASE_RULES, *korsun.PHASE_RULES, DISRUPTION):   # AGS 6.3
    register_phase_rule(_phase_rule)
for _condition in (*rostov.MOVE_CONDITION_RULES, TERRAIN_BY_TURN):
    register_move_condition_rule(_condition)
for _move in (*rostov.MOVE_RULES, *operation_star.MOVE_RULES, *korsun.MOVE_RULES):
    register_move_rule(_move)
for _data in rostov.DATA_RULES:
    register_data_rule(_data)
for _attack_rule in operation_star.ATTACK_RULES:
    register_attack_rule(_attack_rule)
for _supply in rostov.SUPPLY_RULES:
    register_side_supply_rule(_supply)
for _override in korsun.SUPPLY_OVERRIDES:
    register_supply_override(_override)
for _modifier in korsun.DEFENSE_MODIFIERS:
    register_defense_modifier(_modifier)
for _bonus in rostov.COLUMN_BONUS_RULES:
    register_column_bonus_rule(_bonus)
