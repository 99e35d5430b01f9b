"""Engine-written Korsun logs for tests/games/test_korsun.py: the opening position, a few moves,
each written by the real VASSAL engine (``oracle write``) from the module built from games/korsun.

The hexes are picked by what the rulebook says: the 14th Guards Rifle Division (MA 5, 1502) moving
seven hexes breaks AGS 5.11; the 88th Infantry Division (MA 5, 1804) reaching 1908 in four clear
hexes with one crossing of the Ros on Game-Turn 4 (before that Korsun 21.13 holds it within two
hexes of its start line) is legal only because Korsun 19.24 charges German units one extra MP for
a minor river, not the two of the Standard TEC; a fourth German unit moved into the
three-regiment stack of the 14th Panzer Division in 2316 breaks AGS 7.0; the 27 Army HQ turned
to its inactive side (Korsun 23.11, "Make inactive" on the piece's menu) and moved keeps its
Leadership Rating, its movement and its one step (19.62).

The Soviet HQ logs follow Korsun 23.0: every log but ``hqs-all-active`` turns five HQs inactive at the
beginning of Game-Turn 1 (three may be active, 23.11), each other one breaks one case, as its
comment says; the mud logs (20.12) play on to Game-Turn 4.

    VASSAL_ORACLE=../shared/tools/oracle/oracle python tests/data/games/korsun/make_logs.py [NAME ...]
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
BOARD = "Korsun"
TO_GERMAN_MOVEMENT = 5      # Soviet Combat, Mechanized, Disruption Removal, Air Power, German Movement


def move(piece: str, hex_name: str) -> list[dict]:
    return [{"move": {"piece": piece, "map": BOARD, "location": hex_name}}, {"step": True}]


def next_phase(times: int = 1) -> list[dict]:
    return [{"turn": "next"}, {"step": True}] * times


def key(piece: str, command: str) -> list[dict]:
    return [{"key": {"piece": piece, "command": command}}, {"step": True}]


def add(slot: str, hex_name: str) -> list[dict]:
    return [{"add": {"slot": slot, "map": BOARD, "location": hex_name}}, {"step": True}]


def delete(piece: str) -> list[dict]:
    return [{"delete": {"piece": piece}}, {"step": True}]


def die(value: int) -> list[dict]:
    return [{"dice": {"button": "1d6", "result": [value]}}, {"step": True}]


def inactive(*hqs: str) -> list[dict]:
    return [a for hq in hqs for a in key(hq, "Make inactive")]


#: Korsun 23.11, 23.12: three HQs active on Game-Turn 1, the 5 Gd Tk and 2 Tk among them; the
#: other five turned inactive at the beginning of the Soviet Player-Turn, before any unit moves
HQ_CHOICE = inactive("HQ 4 Gd Army", "HQ 40 Army", "HQ 52 Army", "HQ 53 Army", "HQ 6 Tank Army")
#: the same choice with the 40 Army (ACTIVE_40) or the 52 Army (ACTIVE_52) HQ active in place of the 27 Army's
ACTIVE_40 = inactive("HQ 4 Gd Army", "HQ 27 Army", "HQ 52 Army", "HQ 53 Army", "HQ 6 Tank Army")
ACTIVE_52 = inactive("HQ 4 Gd Army", "HQ 27 Army", "HQ 40 Army", "HQ 53 Army", "HQ 6 Tank Army")
SOVIET_OPENING = HQ_CHOICE + move("14 Gd Rifle Div", "1402") + move("HQ 40 Army (inactive)", "0309")
TO_SOVIET_MECH = 2          # Soviet Combat, Soviet Mechanized Movement
TURN = 11                   # phases in a Game-Turn
#: Korsun 26.1: the Game-Turn 3 Soviet reinforcements, in area K (the Gd tank corps in area L)
TURN_THREE_ARRIVALS = (add("6 Gd Airborne Div", "3919") + add("7 Gd Airborne Div", "3916")
                       + add("94 Gd Rifle Div", "3913") + add("3 Gd Mech Corps", "3912")
                       + add("20 Tank Corps", "3922") + add("29 Tank Corps", "3917") + add("3 Gd Tank Corps", "0101"))
#: from the Soviet Movement Phase of Game-Turn 2 to the German Movement Phase of Game-Turn 4, the
#: Game-Turn 3 reinforcements entered and the 2 Tk HQ turned inactive on Game-Turn 4 (23.11)
TO_TURN_FOUR = (next_phase(TURN) + TURN_THREE_ARRIVALS + next_phase(TURN) + inactive("HQ 2 Tank Army")
                + next_phase(TO_GERMAN_MOVEMENT))

SCENARIOS = {
    # a whole Soviet Player-Turn and a German move; in the Mechanized Movement Phase the 5 Gd Mech
    # Corps (communications to the active 5 Gd Tank Army HQ) moves
    # Korsun 21.13 holds the 88th (area C) within two hexes of its start line on Game-Turns 1-3, so
    # its move across the Ros is played on Game-Turn 4 (the Game-Turn 3 reinforcements enter, 26.1;
    # the 2 Tk HQ is turned inactive, 23.11: two active); mud does not slow infantry (20.12)
    "legal": SOVIET_OPENING + next_phase(TO_SOVIET_MECH) + move("5 Gd Mech Corps", "2913")
    + next_phase(TURN - TO_SOVIET_MECH) + TO_TURN_FOUR + move("88 Inf Div", "1908") + next_phase(),
    "far": HQ_CHOICE + move("14 Gd Rifle Div", "0802") + next_phase(),
    "hq-inactive": inactive("HQ 27 Army", "HQ 4 Gd Army", "HQ 52 Army", "HQ 53 Army", "HQ 6 Tank Army")
    + move("HQ 27 Army (inactive)", "1601") + next_phase(),
    "overstack": SOVIET_OPENING + next_phase(TO_GERMAN_MOVEMENT) + move("15/11 Pz Rgt", "2316") + next_phase(),
    # 23.11: no HQ turned inactive, eight active on Game-Turn 1 where three are allowed
    "hqs-all-active": move("14 Gd Rifle Div", "1402") + next_phase(),
    # 23.12: the 2 Tk HQ inactive on Game-Turn 1 (three active: 27, 40, 5 Gd Tank)
    "turn-one-hq-inactive": inactive("HQ 2 Tank Army", "HQ 4 Gd Army", "HQ 52 Army", "HQ 53 Army", "HQ 6 Tank Army")
    + move("14 Gd Rifle Div", "1402") + next_phase(),
    # 23.12: the 27 Army HQ turned inactive after a Soviet unit had moved
    "hq-status-late": SOVIET_OPENING + key("HQ 27 Army", "Make inactive") + next_phase(),
    # 23.13: the inactive 52 Army HQ moves in the Soviet Mechanized Movement Phase
    "inactive-hq-mech": SOVIET_OPENING + next_phase(TO_SOVIET_MECH) + move("HQ 52 Army (inactive)", "3008")
    + next_phase(),
    # 23.14: on Game-Turn 2 the 2 Tk HQ is turned inactive, so the 5 Mech Corps in 0709 reaches only
    # inactive HQs (40, 6 Tank, 2 Tank) and moves in the Mechanized Movement Phase
    "only-inactive-hqs-mech": SOVIET_OPENING + next_phase(TURN) + inactive("HQ 2 Tank Army")
    + next_phase(TO_SOVIET_MECH) + move("5 Mech Corps", "0809") + next_phase(),
    # 23.14: the 6 Rifle Div (communications only to the inactive 40 Army HQ) attacks the 4/6 PzGren
    # Rgt in 0115: 4 to 3, 1-1, die 1: -/1, the regiment loses a step
    "only-inactive-hqs-attack": HQ_CHOICE + next_phase() + add("Attack 1", "0114") + add("Defend 1", "0115")
    + die(1) + key("4/6 PzGren Rgt", "Lose step") + delete("Attack 1") + delete("Defend 1") + next_phase(),
    # 23.14, the legal side of only-inactive-hqs-mech: on Game-Turn 1 the 2 Tk HQ is active, so the
    # 5 Mech Corps in 0709 (communications to the 40, 6 Tank and 2 Tank HQs) moves in the
    # Mechanized Movement Phase
    "active-hq-mech": SOVIET_OPENING + next_phase(TO_SOVIET_MECH) + move("5 Mech Corps", "0809") + next_phase(),
    # 23.14, the legal side of only-inactive-hqs-attack: the 40 Army HQ is active (the 27 Army HQ
    # inactive instead), so the 6 Rifle Div attacks the 4/6 PzGren Rgt in 0115: 1-1, die 1: -/1
    "active-hq-attack": ACTIVE_40 + next_phase() + add("Attack 1", "0114") + add("Defend 1", "0115")
    + die(1) + key("4/6 PzGren Rgt", "Lose step") + delete("Attack 1") + delete("Defend 1") + next_phase(),
    # 23.13, the legal side of inactive-hq-mech: the 52 Army HQ is active (the 27 Army HQ inactive
    # instead) and moves to 3008 in the Soviet Mechanized Movement Phase
    "active-hq-moves-mech": ACTIVE_52 + move("14 Gd Rifle Div", "1402") + next_phase(TO_SOVIET_MECH)
    + move("HQ 52 Army", "3008") + next_phase(),
    # 24.12: the 5 Gd Mech Corps moves onto the 89 Gd Rifle Div in 2714 (a corps counts three units)
    "corps-stacked": HQ_CHOICE + move("5 Gd Mech Corps", "2714") + next_phase(),
    # 19.24, the illegal side of legal's 88th Infantry: one clear hex beyond 1908, five hexes and
    # the Ros, 6 MP of its 5 (without the river's one MP it would be legal)
    "minor-river-too-far": SOVIET_OPENING + next_phase(TURN) + TO_TURN_FOUR + move("88 Inf Div", "2008") + next_phase(),
    # 24.12: the active 5 Gd Tank Army HQ (MA 9, 3215) joins the 5 Gd Mech Corps in 2914, three
    # hexes: a corps may share its hex with an HQ
    "corps-with-hq": HQ_CHOICE + move("HQ 5 Gd Tank Army", "2914") + next_phase(),
    # 20.12: Game-Turn 4 is a mud Turn, HQs have a Movement Allowance of four (two active HQs
    # allowed, 23.11: the 2 Tk HQ turned inactive); the 27 Army HQ needs 5 MP to 1101, 4 to 1201
    "mud-hq-too-far": HQ_CHOICE + next_phase(3 * TURN) + inactive("HQ 2 Tank Army") + move("HQ 27 Army", "1101")
    + next_phase(),
    "mud-hq-within": HQ_CHOICE + next_phase(3 * TURN) + inactive("HQ 2 Tank Army") + move("HQ 27 Army", "1201")
    + next_phase(),
}


def main(names: list[str]) -> None:
    oracle = os.environ.get("VASSAL_ORACLE")
    if not oracle:
        sys.exit("make_logs.py: set VASSAL_ORACLE to the oracle (../shared/tools/oracle/oracle)")
    sys.path.insert(0, str(ROOT))
    from vmodgen.build import build_game
    with tempfile.TemporaryDirectory() as tmp:
        module = build_game(ROOT / "games" / "korsun", Path(tmp)).path
        for engine, folder in (("3.6", HERE), ("3.7", HERE / "3.7")):
            folder.mkdir(exist_ok=True)
            for name, actions in SCENARIOS.items():
                if names and name not in names:
                    continue
                script = folder / f"{name}.json"
                script.write_text(json.dumps({"player_name": "tester", "actions": actions}, indent=1) + "\n")
                done = subprocess.run([oracle, "write", str(module), str(script), str(folder / f"{name}.vlog")],
                                      capture_output=True, text=True, env=dict(os.environ, ORACLE_ENGINE=engine))
                report = json.loads(done.stdout)
                if not report.get("ok"):
                    sys.exit(f"make_logs.py: {engine} {name}: {report.get('errors')}")
                print(engine, name, "written")


if __name__ == "__main__":
    main(sys.argv[1:])
