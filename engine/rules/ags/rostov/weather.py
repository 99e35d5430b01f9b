"""Rostov weather [Rostov 20.0]: the weather of the two weather sections on each Game-Turn, and
what it does to movement: moderate weather doubles the cost to enter hexes, not the river
hexsides (20.22); severe weather does too, minor rivers do not exist (20.23), and only cavalry
moves in the Mechanized Movement Phases (20.23). A unit's weather is that of the hex it starts
the phase in (20.24).

The weather in force comes from the log: on Game-Turn 1 it is clear (20.33); on a later turn
whose Weather Phase the log shows, the Axis die rolled there is read on the optional Weather
Table with its modifiers (20.31, 20.32, 20.34), and a Weather Phase with no roll means the
weather of the Game-Turn Record Track (20.0). A turn whose Weather Phase the log does not show
has weather not known: moves are then judged under the cheapest weather (costs not doubled,
minor rivers frozen), so that what is found is illegal in any weather, and the Mechanized
Movement restriction is not checked.

The parameters are ``rules.weather`` of the game (tables, sections, conditions and cases); a
game without it has no weather rules here.

>>> weather_of(game, 4, "north", die=1)          # doctest: +SKIP
'severe'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from vmodgen.engine.model.errors import ErrorLog
from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.tables import read_csv
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.ags.exclusive import memory_of, problems_reading
from vmodgen.engine.rules.family import DataProblem
from vmodgen.engine.rules.movement import Allowance
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.record import PhaseRecord, UnitTrack
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.terrain import Condition
from vmodgen.engine.rules.verdict import Verdict, optional_table

UNKNOWN = "unknown"


@dataclass(frozen=True)
class WeatherTables:
    """The game's weather charts: the Record Track's weather by turn and section, the optional
    table by modified die, its modifiers by turn range and section."""

    track: dict[int, dict[str, str]]
    table: dict[int, str]
    modifiers: list[tuple[int, int, dict[str, int]]]


def spec(game: Game) -> dict[str, Any] | None:
    """``rules.weather``, or None when the game has no weather rules."""
    return optional_table(game, "weather")


def tables(game: Game) -> WeatherTables:
    """The charts named by ``rules.weather`` (read once per game; the loader has checked them)."""
    return of_map(game, "rostov weather tables", lambda: _read_tables(game))


def _read_tables(game: Game) -> WeatherTables:
    rules = spec(game) or {}
    log = ErrorLog()
    sections = list(rules["sections"])

    def rows(name: str, columns: tuple[str, ...]) -> list[Any]:
        return read_csv(Path(game.folder) / rules[name], columns, log)

    track = {int(r.get("turn")): {s: r.get(s) for s in sections} for r in rows("track", ("turn", *sections))}
    table = {int(r.get("die")): r.get("weather") for r in rows("table", ("die", "weather"))}
    modifiers = [(int(r.get("first_turn")), int(r.get("last_turn")), {s: int(r.get(s)) for s in sections})
                 for r in rows("modifiers", ("first_turn", "last_turn", *sections))]
    log.raise_if_any()
    return WeatherTables(track, table, modifiers)


def section_of(game: Game, hex_: Hex) -> str:
    """Rostov 20.1: the weather section of a hex, by its hexrow (the column number)."""
    rules = spec(game) or {}
    for name, columns in rules["sections"].items():
        if columns[0] <= hex_.col <= columns[1]:
            return str(name)
    raise ValueError(f"hexrow {hex_.col} is in no weather section of rules.weather.sections")


def weather_of(game: Game, turn: int, section: str, *, die: int | None, rolled: bool) -> str:
    """The weather of one section on one Game-Turn: clear on the turns without a roll (20.33);
    the die on the optional table with the turn's modifier, kept within the table (20.31, 20.32);
    the Record Track when no die was rolled (20.0)."""
    rules = spec(game) or {}
    if turn in rules.get("clear_turns", []):
        return str(rules["clear"])
    charts = tables(game)
    if not rolled:
        return charts.track[turn][section]
    if die is None:
        return UNKNOWN
    modifier = next((m[section] for first, last, m in charts.modifiers if first <= turn <= last), 0)
    low, high = min(charts.table), max(charts.table)
    return charts.table[max(low, min(high, die + modifier))]


def shown_weather(game: Game, turn: int, section: str, memory: dict[str, Any] | None) -> str:
    """The weather of a section as the log shows it: ``memory`` is what :class:`RostovWeather`
    read from the Weather Phases so far (None: no log); UNKNOWN on a turn whose Weather Phase
    the log does not show (Game-Turn 1 is clear without one, 20.33)."""
    memory = memory or {}
    if str(turn) not in memory and turn not in (spec(game) or {}).get("clear_turns", []):
        return UNKNOWN          # the log does not show this turn's Weather Phase
    rolled = memory.get(str(turn)) is not None
    return weather_of(game, turn, section, die=memory.get(str(turn)), rolled=rolled)


def log_weather(game: Game, turn: int, section: str) -> str:
    """:func:`shown_weather` in the game being checked now (exclusive.memory_of): for a rule asked
    about a position, without a record at hand (Axis supply, 23.17); UNKNOWN outside a check."""
    return shown_weather(game, turn, section, memory_of(RostovWeather.name))


def condition(game: Game, weather: str) -> Condition | None:
    """The terrain condition of a weather state (None: the chart as printed); for weather not
    known, the cheapest of all: the smallest multiplier and every hexside any state removes."""
    rules = spec(game) or {}
    states: dict[str, dict[str, Any]] = rules.get("conditions", {})
    if weather == UNKNOWN:
        multipliers = [Fraction(1)] + [Fraction(s.get("hex_cost_multiplier", 1)) for s in states.values()]
        absent = frozenset(f for s in states.values() for f in s.get("absent_hexsides", ()))
        return Condition(f"weather not known, judged in the cheapest ({rules.get('case', '')})", min(multipliers),
                         absent, str(rules.get("case", "")), known=False)
    state = states.get(weather)
    if state is None:
        return None
    return Condition(f"{weather} weather ({state.get('case', '')})", Fraction(state.get("hex_cost_multiplier", 1)),
                     frozenset(state.get("absent_hexsides", ())), str(state.get("case", "")))


class RostovWeather:
    """Reads the Weather Phase of each turn (``check_phase``), gives each move its weather
    (``move_condition``) and judges who may move in a Mechanized Movement Phase (``judge_move``)."""

    name = "rostov_weather"

    def load_data(self, game: Game) -> list[DataProblem]:
        return [] if spec(game) is None else problems_reading(game, lambda: tables(game))

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        if spec(record.start.game) is not None and record.phase.kind == "weather":
            # 20.31: the Axis Player rolls once; the first die of the phase is the roll.
            memory[str(record.turn)] = record.dice[0][1] if record.dice else None
        return []

    def weather(self, record: PhaseRecord, start: Hex, memory: dict[str, Any]) -> str | None:
        game = record.start.game
        if spec(game) is None:
            return None
        return shown_weather(game, record.turn, section_of(game, start), memory)

    def move_condition(self, record: PhaseRecord, start: Hex | None, memory: dict[str, Any]) -> Condition | None:
        weather = self.weather(record, start, memory) if start is not None else None
        return condition(record.start.game, weather) if weather is not None else None

    def judge_move(self, record: PhaseRecord, track: UnitTrack, before: Situation, allowance: Allowance,
                   move_condition: Condition | None, memory: dict[str, Any]) -> list[Judgement] | None:
        """Rostov 20.23: in severe weather no unit but cavalry moves in a Mechanized Movement
        Phase (the weather of the hex it starts the phase in, 20.24)."""
        game = record.start.game
        rules = spec(game)
        if rules is None or record.phase.kind != "mech_movement" or track.start is None or track.left_map:
            return None
        if not movement.may_move_in_phase(before, track.key).is_legal:
            return None       # the standard check says why it may not move at all
        weather = self.weather(record, track.start, memory)
        allowed = rules.get("mech_phase_types", {})
        unit = before.units[track.key]
        if weather == UNKNOWN and any(unit.counter.type not in types for types in allowed.values()):
            return [judge(record, Verdict.unchecked(str(rules["case"]), (
                f"{unit.counter.name} moved in the {record.phase.name} phase of Game-Turn {record.turn}, whose "
                "weather the log does not show (no Weather Phase): whether its weather let it move was not "
                "checked")), track)]
        if weather in allowed and unit.counter.type not in allowed[weather]:
            case = (rules.get("conditions", {}).get(weather) or {}).get("case", rules["case"])
            return [judge(record, Verdict.illegal(case, (
                f"{unit.counter.name} moved in the {record.phase.name} phase in {weather} weather: only "
                f"{' and '.join(allowed[weather])} may move in a Mechanized Movement Phase then"),
                [track.start]), track)]
        return None


ROSTOV_WEATHER = RostovWeather()
