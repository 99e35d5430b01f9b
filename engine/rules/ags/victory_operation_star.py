"""Operation Star's victory [OS 25.0-25.4] from ``games/operation-star/victory.toml``.

- 25.1 Automatic Soviet Decisive Victory: 30 Attack Strength Points exited through Entry Area L
  (addenda) with a line to the eastern edge. The log shows a unit taken off the map, not why, so
  the report says "not achieved" when even every Soviet unit taken off the map from area L falls
  short, and unknown otherwise.
- 25.2 German points: Soviet brigades, divisions, HQs eliminated, guards rifle and corps steps;
  units with no Attack and no Defense Strength never count; a Soviet unit taken off the map
  outside combat may have exited without supply (eliminated) or not: a range. 23.13: Soviet
  reinforcements prevented from entering are eliminated: a printed reinforcement absent after its
  Game-Turn, and each unit short of the chart's count of untried arrivals, when the log begins
  with the game. 24.0, 24.1: a unit retreated off the map (its side's ``Off map`` box) is neither
  lost nor exited, unless Soviet and not back by the following Game-Turn (eliminated).
- 25.3 Soviet points: German infantry and mechanized steps lost; each town and city the Soviet
  Player occupies or last passed through, whose value is printed on the map only (unknown unless
  the Soviet Player surely holds none); Kharkov only with all its hexes.
- 25.4: the higher total wins, by its margin's level; equal totals are a draw.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.rules.ags.operation_star.off_map import RETREATED, settle_losses
from vmodgen.engine.rules.ags.victory_ledger import Losses, control, is_marker, line_to_edge, losses
from vmodgen.engine.rules.ags.victory_tally import Bounds, Points, Tally, at_end, difference, from_start, header, \
    settled, show, value
from vmodgen.engine.rules.record import PhaseRecord

GERMAN, SOVIET = "German", "Soviet"
KHARKOV = "Kharkov"
NOT_ENTERED = "prevented from entering (23.13), or held back against 23.1: the report's findings say which"


def summary(records: Sequence[PhaseRecord]) -> list[str]:
    game = records[0].start.game
    last_turn = int(value(game, "end", "turn"))
    lost = settle_losses(records, losses(records))      # OS 24.0, 24.1: units retreated off the map
    tally = Tally()
    if not from_start(records):
        for side in (GERMAN, SOVIET):
            tally.add(side, "losses before the log began (OS 25.2, 25.3)", (0, None), "the log does not begin with the game")
    for item, points, why in _german_points(records, game, lost):
        tally.add(GERMAN, item, points, why)
    for item, points, why in _soviet_points(records, game, lost):
        tally.add(SOVIET, item, points, why)
    automatic = _automatic(records, game, lost)
    return header(records, game, last_turn, "OS 25.0") + [automatic] + tally.lines + \
        _result(records, game, tally, last_turn, automatic)


def _automatic(records: Sequence[PhaseRecord], game: Game, lost: Losses) -> str:
    """OS 25.1 with the addenda's Entry Area L."""
    rule = game.victory["automatic_soviet_decisive"]
    need, area = int(rule["exit_attack_strength"]["value"]), str(rule["exit_area"]["value"])
    hexes = {h for a in game.map.areas if a.name == area for h in a.hexes}
    gone = [game.counter(k) for k, h in lost.removed_from.items() if h in hexes and game.counter(k).side == SOVIET]
    strengths = [c.front.attack for c in gone]
    head = f"  Automatic Soviet Decisive Victory (OS 25.1): "
    if all(s is not None for s in strengths) and sum(int(s) for s in strengths if s is not None) < need:
        return head + (f"not achieved (units taken off the map from Entry Area {area}: "
                       f"{sum(int(s) for s in strengths if s is not None)} Attack Strength Points at most, of {need})")
    end = records[-1].end or records[-1].start
    line = line_to_edge(end, SOVIET, {lost.removed_from[c.id] for c in gone}, str(rule["east_edge_printed"]["value"]))
    return head + (f"unknown ({', '.join(c.name for c in gone)} taken off the map from Entry Area {area}; whether each "
                   f"exited is not in the log; a line to the eastern edge {'exists' if line else 'does not exist'} now)")


def _german_points(records: Sequence[PhaseRecord], game: Game, lost: Losses) -> list[tuple[str, Points, str]]:
    """OS 25.2 and 23.13, by the ``german_vp`` entries of victory.toml."""
    found = []
    for counter in game.counters:
        if counter.side != SOVIET or is_marker(game, counter.id) or _no_strength(counter):
            continue
        rule = _rule(game, "german_vp", counter.type)
        if rule is None or counter.id not in lost.eliminated and counter.id not in lost.removed \
                and not lost.flipped.get(counter.id):
            continue
        points = _points(rule, counter, lost)
        why = lost.removed.get(counter.id, "")
        if why and not why.startswith(RETREATED):
            why += ": exited without supply (eliminated) or not, 25.2"
        found.append((f"{counter.name} {_lost(rule)} ({_case(rule)})", points, why))
    found += _blocked(records, game, lost)
    return found


def _soviet_points(records: Sequence[PhaseRecord], game: Game, lost: Losses) -> list[tuple[str, Points, str]]:
    """OS 25.3: German steps, then the places."""
    found: list[tuple[str, Points, str]] = []
    for counter in game.counters:
        if counter.side != GERMAN or is_marker(game, counter.id):
            continue
        rule = _rule(game, "soviet_vp", counter.type)
        if rule is not None and (counter.id in lost.eliminated or counter.id in lost.removed
                                 or lost.flipped.get(counter.id)):
            found.append((f"{counter.name} {_lost(rule)} ({_case(rule)})", _points(rule, counter, lost),
                          lost.removed.get(counter.id, "")))
    places = game.map.places
    start = str(value(game, "control", "at_start"))
    now, _ = control(records, places, {h: start for h in places})
    maybe = sorted({p.name for h, p in places.items() if SOVIET in now[h].sides})
    kharkov = [h for h, p in places.items() if p.name == KHARKOV]
    if kharkov and KHARKOV in maybe and any(now[h].known == GERMAN for h in kharkov):
        maybe.remove(KHARKOV)              # 25.3: all three hexes of Kharkov, or nothing
    if maybe:
        sure = [n for n in maybe if all(now[h].known == SOVIET for h, p in places.items() if p.name == n)]
        found.append(("towns and cities held (OS 25.3)", (0, None),
                      f"held by the Soviet Player: {', '.join(sure) or 'none for sure'}; perhaps: "
                      f"{', '.join(n for n in maybe if n not in sure) or 'none'}; their values are printed on the map "
                      "only (unknown)"))
    else:
        found.append(("towns and cities held (OS 25.3)", 0, "the Soviet Player holds none"))
    return found


def _blocked(records: Sequence[PhaseRecord], game: Game, lost: Losses) -> list[tuple[str, Points, str]]:
    """OS 23.13: Soviet reinforcements that did not enter on their Game-Turn are eliminated."""
    if not from_start(records):
        return []
    done = max(r.turn for r in records if r.phase.side == SOVIET and r.complete and r.phase.kind == "movement") \
        if any(r.phase.side == SOVIET and r.complete and r.phase.kind == "movement" for r in records) else 0
    found: list[tuple[str, Points, str]] = []
    for counter in game.counters:
        if counter.side == SOVIET and counter.entry_turn is not None and counter.entry_turn <= done \
                and counter.id not in lost.seen and not _no_strength(counter):
            rule = _rule(game, "german_vp", counter.type)
            if rule is not None:
                found.append((f"{counter.name}, not entered on Game-Turn {counter.entry_turn} (OS 23.13)",
                              _points(rule, counter, Losses(eliminated={counter.id: 0})), NOT_ENTERED))
    first_turn = {}
    for record in records:
        if record.phase.side == SOVIET:
            for key, track in record.tracks.items():
                if track.entered_map and key not in first_turn:
                    first_turn[key] = record.turn
    for row in game.reinforcements:
        if row.side != SOVIET or row.turn > done:
            continue
        types = set(game.unit_groups[row.type].types) if row.type in game.unit_groups else {row.type}
        pool = [c for c in game.counters if c.side == SOVIET and c.role == "pool" and c.type in types]
        came = sum(1 for c in pool if first_turn.get(c.id) == row.turn)
        if came >= row.count:
            continue
        values = {_value_of(game, c) for c in pool}
        short = row.count - came
        points: Points = (short * min(values), short * max(values)) if None not in values else (0, None)
        found.append((f"{short} of {row.count} untried {row.type} not entered on Game-Turn {row.turn} (OS 23.13)",
                      points if points[0] != points[1] else points[0],
                      f"drawn at random: which counters is not known; {NOT_ENTERED}"))
    return found


def _value_of(game: Game, counter: Counter) -> int | None:
    rule = _rule(game, "german_vp", counter.type)
    if rule is None or _no_strength(counter):
        return 0
    return _points(rule, counter, Losses(eliminated={counter.id: 0}))[1]


def _rule(game: Game, table: str, unit_type: str) -> dict | None:
    return next((r for r in game.victory.get(table, {}).values() if isinstance(r, dict)
                 and unit_type in r.get("types", [])), None)


def _points(rule: dict, counter: Counter, lost: Losses) -> Bounds:
    """An entry's points for a counter: per step lost, or for the unit eliminated."""
    each = int(rule["value"])
    if rule.get("per") == "step":
        low, high = lost.steps_range(counter)
        return each * low, each * high
    if counter.id in lost.eliminated:
        return each, each
    return (0, each) if counter.id in lost.removed else (0, 0)


def _lost(rule: dict) -> str:
    return "steps lost" if rule.get("per") == "step" else "eliminated"


def _no_strength(counter: Counter) -> bool:
    """OS 25.2: a unit with both an Attack and a Defense Strength of zero never counts."""
    return counter.front.attack == 0 and counter.front.defense == 0


def _case(rule: dict) -> str:
    return "OS " + str(rule.get("source", "")).removeprefix("rules: ").split(" ")[0]


def _result(records: Sequence[PhaseRecord], game: Game, tally: Tally, last_turn: int, automatic: str) -> list[str]:
    """OS 25.4: the higher total wins; the level by the difference; equal totals a draw."""
    margin = difference(tally.total(SOVIET), tally.total(GERMAN))
    lines = [f"  total (OS 25.4): Soviet {show(tally.total(SOVIET))}, German {show(tally.total(GERMAN))}; "
             f"Soviet minus German {show(margin)}"]
    if not at_end(records, game, last_turn):
        return lines + ["  winner: none yet (the log ends before the end of the game)"]
    if "not achieved" not in automatic:
        return lines + ["  winner: unknown (the Automatic Decisive Victory, OS 25.1, is not settled)"]
    return lines + [f"  winner (OS 25.4): {settled(margin, lambda points: level(game, points)) or 'unknown'}"]


def level(game: Game, points: int) -> str:
    """OS 25.4 for Soviet minus German points: the winner and the level of its margin."""
    levels = game.victory["levels"]
    if points == int(levels["draw"]["value"]):
        return "Draw"
    winner, margin = (SOVIET, points) if points > 0 else (GERMAN, -points)
    for name in ("tactical", "operational", "strategic"):
        bounds = levels[name]["value"]
        if margin >= bounds[0] and (len(bounds) == 1 or margin <= bounds[1]):
            return f"{winner} {name.capitalize()}"
    return winner
