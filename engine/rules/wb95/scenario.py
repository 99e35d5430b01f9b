"""Which scenario a log plays, as far as the log tells: the WB-95 set-up, reinforcement and
scenario rules differ between a game's scenarios (Korsun 1944: "Korsuń 1944" and "The Retreat" set
up alike, "Deblockade" on other hexes, with other counters and other arrival turns).

A log does not name its scenario. The candidates are the scenarios that hold every counter the
log's position holds (a scenario without a counter cannot have it in play), narrowed, when the log
begins at the start of the game, to those whose set-up the opening position fits best (the most
counters on their set-up line's hexes). A check judges a unit only when every candidate gives
the same answer, so that a guess about the scenario never makes a finding.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.scenarios import scenario_game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.situation import Situation


@dataclass(frozen=True)
class Played:
    """One scenario: its title and the game as it plays it."""

    title: str
    game: Game


def scenario_games(game: Game) -> tuple[Played, ...]:
    """The game as each of its scenarios plays it (the game itself when it has none)."""
    return of_map(game, "wb95 scenarios", lambda: tuple(Played(s.title, scenario_game(game, s.name))
                                                        for s in game.scenarios) or (Played(game.title, game),))


def candidates(situation: Situation, *, opening: Situation | None = None) -> tuple[Played, ...]:
    """The scenarios the position may be playing (see the module docstring); ``opening``: the
    set-up position when the log begins at the start of the game."""
    present = set(situation.units)
    found = [p for p in scenario_games(situation.game) if present <= {c.id for c in p.game.counters}]
    if opening is None or len(found) < 2:
        return tuple(found)
    scores = [fit(p.game, opening) for p in found]
    best = max(scores)
    return tuple(p for p, score in zip(found, scores) if score == best)


def line_hexes(played: Game) -> dict[str, frozenset[Hex]]:
    """Each set-up counter's hexes: those of every counter its set-up line names ("34 INF 1129,
    1227, 1325": the formation's counters go on those hexes as the player likes, Setup Aid). A
    line is the counters sharing one formation and placement source; a counter the book sets up in
    a city ("602 INF-R Korsuń", ``[rules.setup_cities]``) may stand on any hex of that city; a
    counter whose place the data gives no hex for is left out."""
    def work() -> dict[str, frozenset[Hex]]:
        lines: dict[tuple[str, str], list[Counter]] = defaultdict(list)
        for counter in played.counters:
            if counter.role == "setup" and counter.setup is not None:
                lines[(counter.formation, counter.sources.placement.detail)].append(counter)
        found = {c.id: frozenset(x.setup for x in line if x.setup is not None)
                 for line in lines.values() for c in line}
        for key, city in setup_cities(played).items():
            hexes = frozenset(h for h, place in played.map.places.items() if place.name == city)
            if key in found and hexes:
                found[key] = hexes
        return found
    return of_map(played, "wb95 line hexes", work)


def setup_cities(played: Game) -> dict[str, str]:
    """The counters the scenario sets up in a city, not on a hex: the city's name in the map's places
    (``[rules.setup_cities]``; Korsun 1944: 602 INF-R and the Resilience Groups)."""
    param = played.rules.get("setup_cities")
    value = param.value if param is not None else None
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


def fit(played: Game, opening: Situation) -> int:
    """How many of the scenario's set-up counters stand on their line's hexes in ``opening``."""
    hexes = line_hexes(played)
    return sum(1 for key, unit in opening.on_map() if unit.hex in hexes.get(key, ()))


def counter_in(played: Game, key: str) -> Counter | None:
    return of_map(played, "wb95 counters", lambda: {c.id: c for c in played.counters}).get(key)

