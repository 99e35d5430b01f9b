"""The Operation Star turn track says the arrivals of both sides (18.21, 23.0-23.2): the German
printed reinforcements were in their boxes as counters but not in the box's note, which named only
the Soviet chart's draws."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from vmodgen.art.boards import _scheduled
from vmodgen.engine.model.loader import load_game

GAME = Path(__file__).resolve().parents[2] / "games" / "operation-star"


def test_every_printed_german_reinforcement_is_in_its_turn_box_note() -> None:
    game = load_game(GAME)
    notes = _scheduled(game)
    printed = Counter((c.entry_turn, c.entry_areas) for c in game.counters
                      if c.side == "German" and c.role == "reinforcement")
    assert sum(printed.values()) == 28 and {t for t, _ in printed} == {2, 3, 4, 5, 6}
    for turn in range(1, 11):
        german = [line for line in notes.get(turn, []) if line.startswith("German: ")]
        said = Counter()
        for item in german[0].removeprefix("German: ").split(", ") if german else []:
            count, _, area = item.partition(" by area ")
            said[(turn, tuple(area.split("/")))] += int(count.split()[0])
        assert said == Counter({k: n for k, n in printed.items() if k[0] == turn})
    assert "German: 1 unit by area B, 9 units by area C" in notes[4]
    # the Soviet chart's draws are still said, with the printed Soviet units after them (23.1, 23.11)
    assert notes[2][0] == "Soviet: 2 rifle divisions, 3 tank brigades, 1 unit by area K"


def test_kiev_track_notes_name_areas_only_where_a_turns_arrivals_differ() -> None:
    # rules.turn_track_printed_arrivals is optional: Kiev has none. Its Game-Turn 1 schedule (addenda
    # October 1979) brings the infantry by K-N and the armor by L-N: one line per area; other turns one line.
    kiev = load_game(GAME.parent / "kiev")
    assert "turn_track_printed_arrivals" not in kiev.rules
    notes = _scheduled(kiev)
    assert notes[1] == ["Soviet by area K/L/M/N: 5 infantry", "Soviet by area L/M/N: 3 armor"]
    assert all("by area" not in line for turn, lines in notes.items() if turn != 1 for line in lines)


def test_one_unit_of_a_group_is_named_in_the_singular() -> None:
    # the groups' one/many names of game.toml: "1 Gd rifle division", never "1 gd rifle divisions"
    korsun = _scheduled(load_game(GAME.parent / "korsun"))
    assert korsun[5] == ["Soviet: 1 Gd rifle division, 3 Gd tank brigades, 3 Gd mot brigades, 1 tank corps"]
    assert korsun[3][1] == "Soviet by area L: 1 Gd tank corps"
