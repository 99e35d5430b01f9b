"""Korsun logs for the optional variable weather (Korsun 28.0), for tests/games/test_korsun_weather.py.
This script writes ``<name>.json``, an ``oracle write`` script; make_logs.py beside it has the real
VASSAL engine turn each into ``<name>.vlog``.

28.0: from Game-Turn 4 the Soviet Player rolls a die before the Soviet Player-Turn (1-4 mud, 5-6
snow). A log does not say whether the players use the optional rule, so a 1d6 roll at the start of a
Game-Turn >= 4, before anything else of the turn, may be that roll: each weather-dependent judgement is
made under the Game-Turn Record Track's weather and under the roll's.

- Game-Turn 4 (mud on the track, 20.12: HQs and mechanized units have four Movement Points): the
  27 Army HQ (MA 9) moves to 1101, five MP (the move of tests/data/games/korsun ``mud-hq-too-far``).
  With a 5 rolled first (snow: nine MP) the move is legal under 28.0 and too long under the track:
  not checked, citing 28.0. With a 2 rolled first (mud under both) the AGS 5.11 finding stands; with
  no roll (the track), as with the roll made only after the HQ moved (not the 28.0 roll: the roll
  comes before the Soviet Player-Turn), too.
  The 2 Tk HQ turned inactive (23.11: two active on Game-Turn 4); Game-Turn 3's reinforcements
  entered as in tests/data/checks/korsun/exclusive (26.1).
- Game-Turn 4, an overrun (AGS 6.16: three MP each): in the German Movement Phase the 15/11 Pz Rgt
  (MA 8; 20.12: four in mud) moves from 2415 through 2515 to 2614, two clear hexes out of any Soviet
  zone of control, and overruns the 25 Tank Bde in 2715 (clear, defense 2): 5 halved to 2 against
  2, 1-1, die 1: -/1, the brigade loses a step, the overrun fails and the regiment stops (6.22).
  2 + 3 = 5 MP: legal with the 5 rolled first (snow: eight), an AGS 6.16 finding with the 2 (mud:
  four) or with no roll.
- Game-Turn 4, delay (22.13: two MP more): in the German Movement Phase the 394/3 PzGren Rgt (MA 8)
  delays out of 2619 (the 3/3 Pz and 3/3 PzGren Rgts cover, 22.11) through 2520 and 2420 to 2320,
  three clear hexes out of any Soviet zone: 3 + 2 = 5 MP, legal with the 5 rolled first (snow:
  eight), a finding with the 2 (mud: four).
- Game-Turn 9 (snow on the track, 19.8: no Air Points): the whole 3rd Panzer Division attacks the
  20 Gd Tank Bde as in air-corps ``air-snow-one-column-right`` (4-1, die 3: -/1; 5-1's 1/2 applied,
  one column off as a German Air Point would shift it). With a 2 rolled at the start of the
  Game-Turn (mud: three Air Points each) the shift is not checked, citing 28.0; with a 6 rolled
  (snow under both) the Korsun 19.8 finding stands. Nothing else is done on Game-Turns 2-8 (their
  reinforcement and HQ findings, 26.1 and 23.11, are not what these logs test).
- Air supply (25.25, 25.26: an Air marker is an Air Point, none on snow Game-Turns): German Air 1
  on Korsun (2006) in the German Air Power Phase of Game-Turn 9 (snow on the track). With a 2 rolled
  first (mud: three Air Points) it is not checked, citing 28.0; with a 6 (snow either way) the 25.26
  finding stands. On Game-Turn 4 (mud on the track) with a 5 rolled first (snow), four markers: the
  first three are within the track's three Air Points and over the roll's none (not checked, 28.0),
  the fourth over both (25.25, the track's finding).

    python tests/data/checks/korsun/weather/scenarios.py
    python tests/data/checks/korsun/weather/make_logs.py [--engine 3.7] [NAME ...]
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
_SPEC = importlib.util.spec_from_file_location("korsun_exclusive_scenarios", HERE.parent / "exclusive" / "scenarios.py")
assert _SPEC is not None and _SPEC.loader is not None
ex = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(ex)

#: the beginning of Game-Turn 4's Soviet Movement Phase, Game-Turn 3's reinforcements on the map
TO_TURN_4 = ex.TO_TURN_3 + ex.enter(ex.TURN_3_K + ex.TURN_3_L) + ex.next_phase(ex.TURN)
HQ_FAR = ex.inactive("HQ 2 Tank Army") + ex.move("HQ 27 Army", "1101")


def turn_four(roll: int | None, after: bool = False) -> list[dict]:
    """The 27 Army HQ's five-MP move on Game-Turn 4, with the die rolled first, after the move, or not."""
    rolled = ex.die(roll) if roll is not None else []
    return TO_TURN_4 + (HQ_FAR + rolled if after else rolled + HQ_FAR) + ex.next_phase()


def turn_four_overrun(roll: int | None) -> list[dict]:
    """The 15/11 Pz Rgt's two hexes and overrun (5 MP) in Game-Turn 4's German Movement Phase."""
    rolled = ex.die(roll) if roll is not None else []
    return (TO_TURN_4 + rolled + ex.inactive("HQ 2 Tank Army") + ex.next_phase(ex.TO_GERMAN_MOVEMENT)
            + ex.move("15/11 Pz Rgt", "2515") + ex.move("15/11 Pz Rgt", "2614")
            + ex.overrun(1, "2614", "2715", 1, "25 Tank Bde") + ex.next_phase())


def turn_four_delay(roll: int) -> list[dict]:
    """The 394/3 PzGren Rgt's delay out of 2619 to 2320 (5 MP) in Game-Turn 4's German Movement Phase."""
    return (TO_TURN_4 + ex.die(roll) + ex.inactive("HQ 2 Tank Army") + ex.next_phase(ex.TO_GERMAN_MOVEMENT)
            + ex.move("394/3 PzGren Rgt", "2320") + ex.next_phase())


def turn_nine(roll: int) -> list[dict]:
    """Game-Turn 9, the die rolled first, then 5-1's 1/2 applied in the German Combat Phase to 4-1, die 3."""
    marks = [("Attack 1", "2619"), ("Defend 1", "2719")]
    battle = ([a for m in marks for a in ex.marker(*m)] + ex.die(3) + ex.key("3/3 PzGren Rgt", "Lose step")
              + ex.key("20 Gd Tank Bde", "Eliminate") + [a for slot, h in marks for a in ex.delete(f"{slot}@{h}")])
    return (ex.HQ_CHOICE + ex.next_phase(8 * ex.TURN) + ex.die(roll) + ex.next_phase(ex.TO_GERMAN_MOVEMENT + 1)
            + battle + ex.next_phase(2))


def air_power(prefix: list[dict], *towns: str) -> list[dict]:
    """German Air 1, 2, ... on ``towns`` in the German Air Power Phase of the Game-Turn ``prefix`` begins."""
    markers = [a for number, town in enumerate(towns, start=1) for a in ex.add(f"German Air {number}", town)]
    return prefix + ex.next_phase(9) + markers + ex.next_phase()


SCENARIOS = {
    "mud-turn-snow-rolled": turn_four(5),       # 28.0 snow: 5 MP of 9; the track's mud: of 4
    "mud-turn-mud-rolled": turn_four(2),        # mud both ways: AGS 5.11
    "mud-turn-no-roll": turn_four(None),        # the track: AGS 5.11
    "mud-turn-rolled-late": turn_four(5, after=True),   # rolled after the move: not the 28.0 roll
    "overrun-snow-rolled": turn_four_overrun(5),     # 28.0 snow: 5 MP of 8; mud: of 4
    "overrun-mud-rolled": turn_four_overrun(2),      # mud both ways: AGS 6.16
    "overrun-no-roll": turn_four_overrun(None),      # the track: AGS 6.16
    "air-supply-snow-turn-mud-rolled": air_power(ex.HQ_CHOICE + ex.next_phase(8 * ex.TURN) + ex.die(2), "2006"),
    "air-supply-snow-turn-snow-rolled": air_power(ex.HQ_CHOICE + ex.next_phase(8 * ex.TURN) + ex.die(6), "2006"),
    "air-supply-mud-turn-snow-rolled": air_power(TO_TURN_4 + ex.die(5) + ex.inactive("HQ 2 Tank Army"),
                                                 "2006", "1711", "0915", "2208"),
    "delay-snow-rolled": turn_four_delay(5),        # 28.0 snow: 3 + 2 MP of 8; mud: of 4
    "delay-mud-rolled": turn_four_delay(2),         # mud both ways: the delay finding
    "snow-turn-mud-rolled": turn_nine(2),       # 28.0 mud: an Air Point may explain the shift
    "snow-turn-snow-rolled": turn_nine(6),      # snow both ways: Korsun 19.8
}

if __name__ == "__main__":
    for name, actions in SCENARIOS.items():
        (HERE / f"{name}.json").write_text(json.dumps({"player_name": "tester", "actions": ex.resolved(actions)},
                                                      indent=1) + "\n")
