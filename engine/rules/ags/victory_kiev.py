"""Kiev's Victory Points [Kiev 24.0-24.3] from ``games/kiev/victory.toml``: towns and cities by
who controls them (24.0, 24.1: the last to move through or occupy, never by a zone of control; the
German Player starts with two city hexes, the Soviet Player with all others), German losses for the
Soviet Player (24.2: whole divisions, else their regiments; the two HQs), Soviet losses for the
German Player (24.3: the AGSW HQ, 1 for each other unit; units out of supply at the end of the
game count as eliminated). The German Player wins by a margin of 133 (24.0).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.rules.ags.victory_ledger import Losses, control, is_marker, losses
from vmodgen.engine.rules.ags.victory_tally import Points, Tally, at_end, difference, from_start, header, settled, \
    show, value
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.supply import OUT, UNKNOWN, SupplyTracer

GERMAN, SOVIET = "German", "Soviet"
PASSED = "a unit of either side may have been the last to pass through"


def summary(records: Sequence[PhaseRecord]) -> list[str]:
    game = records[0].start.game
    last_turn = int(value(game, "end", "turn"))        # Kiev 24.0
    lost = losses(records)
    tally = Tally()
    _places(tally, records, game)
    if not from_start(records):
        for side in (SOVIET, GERMAN):
            tally.add(side, "units eliminated before the log began (Kiev 24.2, 24.3)", (0, None),
                      "the log does not begin with the game")
    for item, points, why in german_losses(game, lost):
        tally.add(SOVIET, item, points, why)
    for item, points, why in soviet_losses(records, game, lost, at_end(records, game, last_turn)):
        tally.add(GERMAN, item, points, why)
    return header(records, game, last_turn, "Kiev 24.0") + tally.lines + _result(records, game, tally, last_turn)


def _places(tally: Tally, records: Sequence[PhaseRecord], game: Game) -> None:
    """Kiev 24.0, 24.1: each side scores the town and city hexes it controls."""
    places = game.map.places
    start = {h: (GERMAN if game.map.name(h) in value(game, "control", "german_at_start") else SOVIET) for h in places}
    now, _ = control(records, places, start)
    for hex_, place in sorted(places.items()):
        item = f"{place.kind} {place.name} ({game.map.name(hex_)}) (Kiev 24.1)"
        owner = now[hex_].known
        if owner is not None:
            tally.add(owner, item, place.vp)
        else:
            tally.add_either(sorted(now[hex_].sides), item, place.vp, PASSED)


def german_losses(game: Game, lost: Losses) -> list[tuple[str, Points, str]]:
    """Kiev 24.2: each whole division (every unit of it eliminated) scores its value instead of its
    regiments'; otherwise each eliminated regiment scores by its type; the two HQs by themselves.
    A unit whose removal the log does not settle leaves a range."""
    rules = value(game, "soviet_vp")
    assert isinstance(rules, dict)
    regiment = {t: int(rule["value"]) for rule in rules.values() if isinstance(rule, dict) and "types" in rule
                for t in rule["types"]}
    found: list[tuple[str, Points, str]] = []
    grouped: set[str] = set()
    for name, rule in rules.items():
        if not isinstance(rule, dict):
            continue
        source = f"({_case(rule)})"
        if "unit" in rule:
            grouped.add(rule["unit"])
            found += _scored(f"{game.counter(rule['unit']).name} eliminated {source}", [game.counter(rule["unit"])], lost,
                             lambda gone: int(rule["value"]) if gone else 0)
        for formation in rule.get("formations", []) + ([rule["formation"]] if "formation" in rule else []):
            members = [c for c in game.counters if c.side == GERMAN and c.formation == formation]
            grouped.update(c.id for c in members)
            whole = int(rule["value"])
            found += _scored(f"{formation} division eliminated {source}", members, lost,
                             lambda gone, m=members, w=whole: w if len(gone) == len(m) else
                             sum(regiment.get(c.type, 0) for c in gone))
    for counter in game.counters:
        if counter.side == GERMAN and counter.id not in grouped and counter.type in regiment:
            found += _scored(f"{counter.name} eliminated ({_case(rules['other_regiment'])})", [counter], lost,
                             lambda gone, t=counter.type: regiment[t] if gone else 0)
    return found


def _scored(item: str, members: Sequence[Counter], lost: Losses, points_of: Callable[[list[Counter]], int]) -> list[tuple[str, Points, str]]:
    """The points of a group of units, over every way the units in doubt may have gone."""
    sure = [c for c in members if c.id in lost.eliminated]
    doubt = [c for c in members if c.id in lost.removed]
    if not sure and not doubt:
        return []
    outcomes = {points_of(sure + [c for c, gone in zip(doubt, pick) if gone])
                for pick in product((False, True), repeat=len(doubt))}
    names = ", ".join(sorted(c.name for c in sure))
    why = "; ".join(filter(None, [f"eliminated: {names}" if names else "",
                                  *(f"{c.name} {lost.removed[c.id]}" for c in doubt)]))
    points: Points = min(outcomes) if len(outcomes) == 1 else (min(outcomes), max(outcomes))
    return [(item, points, why)] if outcomes != {0} else []


def soviet_losses(records: Sequence[PhaseRecord], game: Game, lost: Losses, ended: bool
                  ) -> list[tuple[str, Points, str]]:
    """Kiev 24.3: the AGSW HQ 10, every other Soviet unit 1; at the end of the game a Soviet unit out
    of supply counts as eliminated (its supply unknown: a range)."""
    hq = game.victory["german_vp"]["agsw"]["unit"]
    worth = {hq: int(game.victory["german_vp"]["agsw"]["value"])}
    each = int(value(game, "german_vp", "other_soviet_unit"))
    units = [c for c in game.counters if c.side == SOVIET and not is_marker(game, c.id)]
    found = _scored("Soviet units eliminated (Kiev 24.3)", units, lost,
                    lambda gone: sum(worth.get(c.id, each) for c in gone))
    if ended:
        end = records[-1].end or records[-1].start
        tracer = SupplyTracer(end)
        out = [k for k, _ in end.on_map(SOVIET) if not is_marker(game, k)
               and tracer.state(k).status in (OUT, UNKNOWN)]
        sure = sum(worth.get(k, each) for k in out if tracer.state(k).status == OUT)
        doubt = sum(worth.get(k, each) for k in out if tracer.state(k).status == UNKNOWN)
        names = ", ".join(sorted(f"{game.counter(k).name} ({tracer.state(k).status})" for k in out))
        if out:
            found.append(("Soviet units out of supply at the end of the game (Kiev 24.3)",
                          sure if not doubt else (sure, sure + doubt), names))
    return found


def _case(rule: dict) -> str:
    """The case a ``victory.toml`` entry's source cites first: 'rules: 24.2 (...)' -> 'Kiev 24.2'."""
    return "Kiev " + str(rule.get("source", "")).removeprefix("rules: ").split(" ")[0]


def _result(records: Sequence[PhaseRecord], game: Game, tally: Tally, last_turn: int) -> list[str]:
    """Kiev 24.0: the German Player wins with a margin of at least 133; any other result is Soviet."""
    margin = int(value(game, "end", "german_wins_by_margin"))
    german_over = difference(tally.total(GERMAN), tally.total(SOVIET))
    lines = [f"  total (Kiev 24.0): German {show(tally.total(GERMAN))}, Soviet {show(tally.total(SOVIET))}; "
             f"German minus Soviet {show(german_over)} (the German Player wins with {margin} or more)"]
    winner = settled(german_over, lambda points: GERMAN if points >= margin else str(value(game, "end", "otherwise")))
    if not at_end(records, game, last_turn):
        lines.append("  winner: none yet (the log ends before the end of the game)")
    else:
        lines.append(f"  winner (Kiev 24.0): {winner or 'unknown'}")
    return lines
