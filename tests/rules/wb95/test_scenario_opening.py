"""Where each Korsun 1944 scenario opens [WB95 SCENARIOS]: Deblockade's Germans move first, so its
predefined setup starts the turn tracker at its ``[rules.first_phase]`` (the air phase before the
German phases), and the checker takes a position there as the set-up; a counter the book sets up in
a city stands on any hex of it."""

from __future__ import annotations

from pathlib import Path

from vmodgen.engine.model.loader import load_game
from vmodgen.engine.model.scenarios import first_phase, scenario_game
from vmodgen.engine.rules.situation import Situation, UnitState
from vmodgen.engine.rules.wb95.common import opening_phases
from vmodgen.engine.rules.wb95.setup import check_position

REPO = Path(__file__).resolve().parents[3]
GAME = load_game(REPO / "games" / "korsun-1944")


def opening(name: str, moved: dict[str, str] | None = None) -> Situation:
    """Scenario ``name``'s set-up position at its first phase, with ``moved`` counters elsewhere."""
    played = scenario_game(GAME, name)
    units = {c.id: UnitState(c, c.setup if c.role == "setup" else None) for c in played.counters}
    for key, hex_ in (moved or {}).items():
        units[key] = UnitState(units[key].counter, GAME.map.layout.parse(hex_))
    return Situation(GAME, 1, first_phase(GAME, played), units)


def illegal(situation: Situation) -> list[str]:
    return [j.unit or "" for j in check_position("", situation) if j.verdict.status == "illegal"]


def test_deblockade_opens_on_the_air_phase_before_the_german_phases() -> None:
    played = scenario_game(GAME, "deblockade")
    index = first_phase(GAME, played)
    assert GAME.phases[index].name == "Air (Phase 7)" and GAME.phases[index + 1].side == "German"
    assert first_phase(GAME, scenario_game(GAME, "korsun-1944")) == 0
    assert opening_phases(GAME) == {0, index}


def test_a_deblockade_set_up_is_judged_at_its_first_phase() -> None:
    assert illegal(opening("deblockade")) == []
    # 602 INF-R has its own hex in Deblockade (3116); elsewhere in Korsun it is off its line
    assert illegal(opening("deblockade", {"ger-602": "3016"})) == ["ger-602"]


def test_a_unit_set_up_in_a_city_may_stand_on_any_of_its_hexes() -> None:
    # Korsuń 1944: "602 INF-R Korsuń", "6 x RG in Korsuń, ..., Smieła, ...": any hex of the city
    assert illegal(opening("korsun-1944", {"ger-602": "3016", "ger-rg-5": "5211"})) == []
    assert illegal(opening("korsun-1944", {"ger-rg-5": "5212"})) == ["ger-rg-5"]
