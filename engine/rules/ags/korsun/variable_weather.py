"""Optional variable weather [Korsun 28.0]: from Game-Turn 4 the weather is no longer the Game-Turn
Record Track's but a die's, rolled before the Soviet Player-Turn (1-4 mud, 5-6 snow); the Soviet
Player-Turn opens the Game-Turn. A log does not say whether the players use the optional rule, and
Korsun has no Weather Phase: a 1d6 roll in the first phase of a Game-Turn >= 4 (the Soviet Movement
Phase), before anything else is done in it, is read as that roll. The Game-Turn's weather is then the
track's or the roll's, and each weather-dependent judgement is made under both: a finding only when
both weathers make it one, not checked (citing 28.0) where they differ. With no such roll the
track's weather stands, as without this rule.

Judged here: the Movement Allowance of mud (20.12, four for mechanized units and HQs, read by
``movement.movement_allowance``), as a move rule ahead of delay and disengagement (22.0), which it
asks under each weather, and for an overrunner's move (AGS 6.16), which the
movement phase judges under each weather ``judge_readings`` asks for; the family gives the Combat Phase the turn's
weathers for its Air Points (19.8, AGS 14.0: ``combat_phase._air_shifted``), and the air supply
check (:mod:`.air_supply`, 25.25, 25.26) reads the roll with :func:`remember_roll` itself. The parameters are
``rules.korsun_variable_weather`` (``from_turn``, the die faces of each weather, ``case``) and the
track's weather ``rules.korsun_weather``.

>>> from types import SimpleNamespace as NS
>>> game = NS(rules={"korsun_variable_weather": NS(value={"from_turn": 4, "mud": [1, 2, 3, 4], "snow": [5, 6],
...                                                      "case": "Korsun 28.0"}),
...                  "korsun_weather": NS(value={"snow": [1, 2, 3, 9], "mud": [4, 5]})})
>>> turn_weathers(game, 4, 5).weathers, turn_weathers(game, 9, 2).weathers
(('mud', 'snow'), ('snow', 'mud'))
>>> turn_weathers(game, 4, 2), turn_weathers(game, 3, 6), turn_weathers(game, 4, None)
(None, None, None)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.ags.air import TurnWeathers
from vmodgen.engine.rules.ags.korsun.delay import DELAY_AND_DISENGAGEMENT
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, cite, mp, optional_param


def turn_weathers(game: Game, turn: int, die: int | None) -> TurnWeathers | None:
    """The track's weather and the die's (28.0) when they differ; None when they agree, no die was
    read, the turn is before ``from_turn`` or the game lacks the rule."""
    spec = optional_param(game, "korsun_variable_weather", None)
    if spec is None or die is None or turn < int(spec["from_turn"]):
        return None
    track = next((w for w, turns in optional_param(game, "korsun_weather", {}).items() if turn in turns), None)
    rolled = next((w for w in ("mud", "snow") if die in spec[w]), None)
    if track is None or rolled is None or rolled == track:
        return None
    return TurnWeathers((track, rolled), str(spec["case"]), (
        f"the die rolled before Game-Turn {turn}'s first move, {die}, gives {rolled} under the optional variable "
        f"weather ({spec['case']}); the Game-Turn Record Track gives {track}, and the log does not say which rule "
        "the players use"))


def _first_action_step(record: PhaseRecord) -> int:
    """The log step of the first thing done in the phase other than a roll (a move, a flip, a marker)."""
    steps = [d.step for t in record.tracks.values() for d in t.drops] + [f.step for f in record.flips] \
        + [m.step for m in record.marker_moves]
    return min(steps, default=10**9)


def remember_roll(record: PhaseRecord, memory: dict[str, Any]) -> None:
    """In the first phase of a Game-Turn, keep in ``memory`` (by turn) the die rolled before anything
    else of the phase (28.0: the roll comes before the Soviet Player-Turn), or None."""
    if optional_param(record.start.game, "korsun_variable_weather", None) is None or record.phase_index != 0:
        return
    first = record.dice[0] if record.dice else None
    memory[str(record.turn)] = first[1] if first is not None and first[0] < _first_action_step(record) else None


def _judged(record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
            condition: Condition | None) -> list[Judgement]:
    """The move with ``allowance``: as delay or disengagement when that rule governs it (Korsun 22.0),
    else by the standard movement check."""
    delayed = DELAY_AND_DISENGAGEMENT.judge_move(record, track, before, allowance, condition, {})
    if delayed is not None:
        return delayed
    hexes = [d.hex for d in track.map_drops if d.hex is not None]
    verdict = movement.movement_check(before, track.key, hexes, allowance, condition=condition)
    return [] if verdict.is_legal else [judge(record, verdict, track)]


class VariableWeather:
    """Reads the 28.0 roll of each Game-Turn (``check_phase``, in the turn's first phase) and judges the
    moves whose allowance the two weathers make differ (``judge_move``)."""

    name = "korsun_variable_weather"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        remember_roll(record, memory)
        return []

    def weathers(self, record: PhaseRecord, memory: dict[str, Any]) -> TurnWeathers | None:
        """The Game-Turn's two weathers when a 28.0 roll was read and gives the other one."""
        return turn_weathers(record.start.game, record.turn, memory.get(str(record.turn)))

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        """Korsun 28.0 with 20.12: the move judged with the allowance of each weather, as delay or
        disengagement where that rule governs it (22.0), else by the standard check. Where the
        weathers agree, None: the track's judgement stands (the rules after this one give it); where
        they differ, the judgements of the weather that finds nothing and a note citing 28.0."""
        read = self.weathers(record, memory)
        if read is None or track.start is None or track.left_map \
                or not movement.may_move_in_phase(before, track.key).is_legal:
            return None
        allowances = [movement.movement_allowance(before, track.key, allowance.in_supply, mud=w == "mud")
                      for w in read.weathers]
        if len({a.mp for a in allowances}) < 2:
            return None         # the weather does not change this unit's allowance (20.11, 20.12)
        judged = [_judged(record, track, before, a, condition) for a in allowances]
        broken = [any(j.verdict.is_illegal for j in found) for found in judged]
        if all(broken) or not any(broken):
            return None
        clean = broken.index(False)
        finding = next(j for found in judged for j in found if j.verdict.is_illegal)
        name = before.units[track.key].counter.name
        sides = "; ".join(f"in {w}: {mp(a.mp) if a.mp is not None else '?'} MP ({a.explanation})"
                          for w, a in zip(read.weathers, allowances))
        return judged[clean] + [judge(record, Verdict.unchecked(cite(record.start.game, read.case), (
            f"{name}'s move is legal only in {read.weathers[clean]} ({sides}; in {read.weathers[1 - clean]}: "
            f"{finding.verdict.message}): {read.reason}, so the move was not checked")), track)]

    def judge_readings(self, record: PhaseRecord, track: UnitTrack, memory: dict[str, Any],
                       check: Callable[[bool | None], list[Judgement]]) -> list[Judgement] | None:
        """Korsun 28.0 with 20.12 for a move the shared check judges as a whole (an overrunner's,
        AGS 6.16): ``check`` under each weather; a finding only when both find one (the track's is
        given), else the judgements of the weather that finds none and a note citing 28.0. None when
        no roll read gives the other weather."""
        read = self.weathers(record, memory)
        if read is None:
            return None
        judged = [check(w == "mud") for w in read.weathers]
        broken = [any(j.verdict.is_illegal for j in found) for found in judged]
        if all(broken) or not any(broken):
            return judged[0]
        finding = next(j for found in judged for j in found if j.verdict.is_illegal)
        name = record.start.game.counter(track.key).name
        legal_in = read.weathers[broken.index(False)]
        return judged[broken.index(False)] + [judge(record, Verdict.unchecked(cite(record.start.game, read.case), (
            f"{name}'s move with its overrun is legal only in {legal_in} (in "
            f"{read.weathers[broken.index(True)]}: {finding.verdict.message}): {read.reason}, so the move was not "
            "checked")), track)]


VARIABLE_WEATHER = VariableWeather()
