"""Write ``owner-values.csv``: TEST DATA for Panzergruppe Guderian, NOT the real counters.

The rulebook prints no counter manifest: German panzer, panzer grenadier and motorized regiments and
almost every Soviet division have no values in ``games/panzergruppe-guderian/units.csv``, so the
checker reports their battles as not checked. The tests need a filled-in file to show that it then
judges them fully (tests/games/test_random_battles_panzergruppe_guderian.py): this one gives every
counter whose front the book leaves unknown made-up values by its type, in the range of the book's
examples (3.4, 10.36, 12.3: Soviet 6-8-6, 1-2-6, 0-1-6 Rifle Divisions moving six; 7.3: a panzer
division of three regiments), German mechanized regiments with a reduced back (two steps, 9.62). The
untried backs keep the book's values (an owner-values row gives no values to an untried back).
Leaders' ratings are not owner values and stay unknown. Its ``source`` column says TEST DATA.

    python tests/data/panzergruppe-guderian-test-values/make_test_values.py
"""

from __future__ import annotations

import csv
from pathlib import Path

from vmodgen.engine.model.loader import load_game

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
SOURCE = "owner: TEST DATA made up for the tests (tests/data/panzergruppe-guderian-test-values), not the real counters"
#: type -> (attack, defense, movement, back, back attack, back defense, back movement, steps);
#: an empty back keeps units.csv's (untried) back
BY_TYPE = {
    "panzer": ("6", "6", "10", "reduced", "3", "3", "10", "2"),
    "panzer_grenadier": ("4", "4", "10", "reduced", "2", "2", "10", "2"),
    "motorized_infantry": ("4", "4", "10", "reduced", "2", "2", "10", "2"),
    "ss_motorized": ("5", "5", "10", "reduced", "2", "2", "10", "2"),
    "rifle": ("3", "4", "6", "", "", "", "", ""),
    "armored": ("5", "4", "8", "", "", "", "", ""),
    "cavalry": ("3", "3", "8", "reduced", "1", "1", "8", "2"),
}


def main() -> None:
    game = load_game(REPO / "games" / "panzergruppe-guderian")
    path = HERE / "owner-values.csv"
    written = 0
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write("# TEST DATA, NOT THE REAL COUNTERS: made up by make_test_values.py for the checker's tests.\n")
        out = csv.writer(handle, lineterminator="\n")
        out.writerow(["id", "attack", "defense", "movement", "back", "back_attack", "back_defense", "back_movement",
                      "steps", "source"])
        for counter in game.counters:
            if counter.type in BY_TYPE and counter.front.attack is None:
                out.writerow([counter.id, *BY_TYPE[counter.type], SOURCE])
                written += 1
    print(f"wrote {path.relative_to(REPO)}: {written} counters")


if __name__ == "__main__":
    main()
