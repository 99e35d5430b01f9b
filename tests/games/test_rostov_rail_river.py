"""Rostov 19.4 (an Axis line of supply never crosses a major river along a railroad alone) on logs
the real VASSAL engine wrote, and 23.17 (three-hex lines in a section whose weather is severe) read
with the weather the log shows, section by section (20.2).

The engine pair: tests/data/checks/rostov/rail-river-*.vlog (VASSAL 3.6) and 3.7/ (VASSAL
3.7.26), written by make_logs.py from the scripts rail_river_scripts.py made (which says how each
hex was picked). The positions below are built by hand, with the Weather Phase's memory as a
check of a log would hold it (``exclusive.checking``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.rostov_logs import ROSTOV, WRITERS, assert_clean, check_log, module  # noqa: F401 (module: the fixture)
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.exclusive import checking, memory_of
from vmodgen.engine.rules.ags.rostov import axis_supply
from vmodgen.engine.rules.ags.rostov.supply_weather import LineLengths, line_lengths
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.supply import SupplyTracer

GER_W = "ger-iii-ger-w"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(ROSTOV)


# ------------------------------------------------------------------------- the engine pair, 19.4

@pytest.mark.parametrize("writer", WRITERS)
def test_a_line_along_the_road_across_the_donets_checks_clean(module: Path, writer: str) -> None:
    # Game-Turn 2, roll 6: clear in both sections, six-hex lines. Ger/W at 1921 traces 4.5 hexes
    # across 2017/1918 along the road (23.16) to the counter at 1918: in supply, its 6 MP of 10 in
    # the Mechanized Movement Phase legal. Before the supply check read the weather, a roll might
    # have made the north severe (three hexes): this line was not known.
    assert_clean(check_log(module, "rail-river-road-legal", writer))


@pytest.mark.parametrize("writer", WRITERS)
def test_a_line_only_the_railroad_carries_across_the_donets_is_found(module: Path, writer: str) -> None:
    # The counter at 1820: two hexes to Ger/W, but across 1821/1921 along the railroad alone;
    # by the road crossing seven and a half. Out of supply: 6 MP is over its half allowance (5).
    report = check_log(module, "rail-river-rail-out", writer)
    assert [(f.rule, f.unit, f.origin, f.destination, f.turn, f.phase, f.step) for f in report.findings] == [
        ("Rostov 19.4", GER_W, "1921", "2024", 2, "Axis Mechanized Movement", 38)]
    message = report.findings[0].message
    assert "never crosses a major river along a railroad alone" in message
    assert "weather north clear, south clear" in message and "needs 6 MP" in message


# ------------------------------------------------------------------ 23.17 in the weather shown

def _position(game: Game, turn: int, where: dict[str, str]) -> Situation:
    """The Axis Mechanized Movement Phase of ``turn`` with only the named units on the map."""
    phase = next(i for i, p in enumerate(game.phases) if p.side == "Axis" and p.kind == "mech_movement")
    units = {key: UnitState(game.counter(key), game.map.layout.parse(hex_)) for key, hex_ in where.items()}
    return Situation(game, turn, phase, units)


def _state(situation: Situation, key: str, weather: dict[str, int | None] | None) -> tuple[str, str]:
    """The unit's supply with the Weather Phases a log showed (``weather``: the die by turn, None
    for no roll), or outside any check (``weather`` None)."""
    if weather is None:
        found = SupplyTracer(situation).state(key)
    else:
        with checking({"rostov_weather": {str(t): die for t, die in weather.items()}}):
            found = SupplyTracer(situation).state(key)
    return found.status, found.case


def test_severe_weather_shortens_lines_only_in_its_section(game: Game) -> None:
    # Game-Turn 8, Weather Phase without a roll: the Record Track's north severe, south moderate.
    # A unit five hexes from the west edge: in supply in the south (0706: a line that stays in the
    # south, six hexes), out in the north (2006: three hexes there, 23.17), the case saying why.
    south = _position(game, 8, {GER_W: "0706"})
    north = _position(game, 8, {GER_W: "2006"})
    assert _state(south, GER_W, {8: None}) == ("in", "Rostov 23.0")
    assert _state(north, GER_W, {8: None}) == ("out", "Rostov 23.17")
    # The same roll read from the 20.34 table: Game-Turn 2, die 1, north severe, south 3 moderate.
    assert _state(_position(game, 2, {GER_W: "2006"}), GER_W, {2: 1}) == ("out", "Rostov 23.17")
    assert _state(_position(game, 2, {GER_W: "2006"}), GER_W, {2: 6}) == ("in", "Rostov 23.0")


def test_a_turn_whose_weather_is_not_shown_keeps_the_bounds(game: Game) -> None:
    # Outside a check, or a log without Game-Turn 8's Weather Phase: any weather the turn may
    # have, so the five-hex line in the north is not known, never a finding.
    north = _position(game, 8, {GER_W: "2006"})
    assert _state(north, GER_W, None) == ("unknown", "Rostov 23.0")
    assert _state(north, GER_W, {7: None}) == ("unknown", "Rostov 23.0")
    assert memory_of("rostov_weather") is None


def test_a_line_between_sections_takes_the_north_weather(game: Game) -> None:
    # 23.17's second sentence: from one section to a source in the other, the north decides.
    rule = axis_supply.spec(game)
    lengths = LineLengths({"north": frozenset({"clear"}), "south": frozenset({"severe"})}, "north", "severe", 6, 3)
    assert [lengths.generous(a, b) for a, b in (("south", "south"), ("south", "north"), ("north", "south"),
                                               ("north", "north"))] == [3, 6, 6, 6]
    # The strict reading (in supply only by it): six hexes only along a line that stays in a
    # section that cannot be severe, three anywhere else ("in that section" read as the hexes).
    assert (lengths.strict_base(), lengths.strict_within()) == (3, ["north"])
    with checking({"rostov_weather": {"8": None}}):
        shown = line_lengths(game, 8, rule)
    assert shown.possible == {"north": frozenset({"severe"}), "south": frozenset({"moderate"})}
    assert [shown.generous(a, b) for a, b in (("south", "south"), ("south", "north"))] == [6, 3]
