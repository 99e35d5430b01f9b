"""Write ``owner-values.csv``: TEST DATA for Korsun 1944, NOT the real counters.

The rulebook prints no counter values (strength, MPs, CELs); an owner of the game copies them from
the counters in the box into ``games/korsun-1944/owner-values.csv``. The tests need a filled-in file
to show that the checker judges fully what it reports as not checked without one
(tests/rules/wb95/test_engine_logs.py): this one gives every counter made-up values by its class,
close to the book's examples (1.3, 3.1.13, 6.6.3, 12.2.3: infantry 4 MPs, mechanized 7 MPs, artillery
5/3), each with two CELs where the rules allow a reverse (1.2), but one for the counters of a set-up hex
holding more than four (so that every scenario's set-up keeps within 8 CELs, 3.2.1), and no stars (15.1).
Its ``source`` column says TEST DATA.

    python tests/data/korsun-1944-test-values/make_test_values.py
"""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.model.scenarios import scenario_game

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
SOURCE = "owner: TEST DATA made up for the tests (tests/data/korsun-1944-test-values), not the real counters"
#: class -> (attack, defense, movement, back, back attack, back defense, back movement, CELs)
BY_CLASS = {
    "mechanized": ("8", "8", "7", "reduced", "4", "4", "7", "2"),
    "trucked": ("6", "6", "7", "reduced", "3", "3", "7", "2"),
    "non_motorized": ("6", "6", "4", "reduced", "3", "3", "4", "2"),
    "towed_artillery": ("5", "3", "-", "mode", "-", "-", "6", "1"),
    "hq": ("-", "-", "10", "none", "", "", "", "1"),
    "static": ("2", "2", "-", "none", "", "", "", "1"),
}


#: the most counters of two CELs a set-up hex may hold within 8 CELs [WB95 3.2.1]
FULL_STACK = 4
ONE_CEL = ("none", "", "", "", "1")
NO_STARS = "0"


def crowded(game: Game) -> set[str]:
    """Counters that share a set-up hex with more than FULL_STACK - 1 others, in any scenario."""
    found: set[str] = set()
    for scenario in game.scenarios:
        by_hex: dict[object, list[str]] = defaultdict(list)
        for counter in scenario_game(game, scenario.name).counters:
            if counter.role == "setup" and counter.setup is not None:
                by_hex[counter.setup].append(counter.id)
        found.update(k for keys in by_hex.values() if len(keys) > FULL_STACK for k in keys)
    return found


def main() -> None:
    game = load_game(REPO / "games" / "korsun-1944")
    single = crowded(game)
    path = HERE / "owner-values.csv"
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write("# TEST DATA, NOT THE REAL COUNTERS: made up by make_test_values.py for the checker's tests.\n")
        out = csv.writer(handle, lineterminator="\n")
        out.writerow(["id", "attack", "defense", "movement", "back", "back_attack", "back_defense", "back_movement",
                      "steps", "stars", "source"])
        for counter in game.counters:
            values = BY_CLASS[game.unit_types[counter.type].unit_class]
            if counter.id in single and values[3] == "reduced":
                values = values[:3] + ONE_CEL
            out.writerow([counter.id, *values, NO_STARS, SOURCE])
    print(f"wrote {path.relative_to(REPO)}: {len(game.counters)} counters")


if __name__ == "__main__":
    main()
