"""Interdiction [PGG 13.0]: what the markers cost a move, and where and when they may be put down.

Effects: the Soviet Interdiction Marker's hex is closed to German supply lines through the German
Player-Turn [PGG 13.44, 13.46] (:func:`supply_barred`, read by the supply check). A German Air Interdiction Marker adds one Movement Point to the cost of a hex for a Soviet
unit entering it [PGG 13.31, 13.32] in the Soviet Movement Phase; the Soviet Interdiction Marker
does the same to German units through both German Movement Phases [PGG 13.43]. The shared path
search knows no marker, so a move it finds legal is asked again with the markers' price: every
set of interdicted hexes the move may enter is tried, the allowance less one point for each, the
others avoided. Only when no such route fits is the move a finding; a route that enters an
interdicted hex twice is charged once (the benefit of the doubt).

Placement: German Air Interdiction Markers only in the German Air Interdiction Phase, or before
the first Soviet Player-Turn [PGG 5.0, 13.2]; no further east than ``east_limit_hexrow`` while a
Soviet unit holds a hex of the city ``east_limit_until`` names (Smolensk) [PGG 13.2]; one a hex [PGG 13.33]. The Soviet Interdiction
Marker only at the end of the Soviet Player-Turn (the Soviet Interdiction Phase) [PGG 13.42],
never on Game-Turn Twelve [PGG 13.41], never in a German-occupied hex [PGG 13.45], on at most three
Game-Turns [PGG 13.41] (counted from the game's logs: Game-Turns before the first log are not
known).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.piece_properties import INTERDICTION
from vmodgen.engine.rules import movement
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.pathfinding import StepRule
from vmodgen.engine.rules.pgg.markers import PhaseMarkers, hexes_of, interdiction_rules, position_at
from vmodgen.engine.rules.record import MarkerPlaced, PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, cite, hex_list, hex_name

MARKER = "marker"


def priced_check(situation: Situation, key: str, drops: Sequence[Hex], allowance: movement.Allowance,
                 marks: PhaseMarkers, *, entries: frozenset[Hex] | None = None,
                 step_rule: StepRule | None = None, route: Sequence[Hex] = (),
                 cost: Fraction | None = None) -> Verdict | None:
    """An illegal verdict when no route within the allowance pays the interdiction markers' extra
    Movement Points [PGG 13.31, 13.32, 13.43]; None when one does or it cannot be told. ``route``
    and ``cost``: the cheapest route the plain search found, tried first."""
    if allowance.mp is None or not marks.interdicted or not marks.extra:
        return None
    interdicted = marks.interdicted
    if cost is not None and cost + marks.extra * sum(h in interdicted for h in route[1:]) <= allowance.mp:
        return None
    game = situation.game
    for size in range(len(interdicted) + 1):
        for entered in combinations(sorted(interdicted), size):
            rest = allowance.mp - marks.extra * size
            if rest < 0:
                continue
            verdict = movement.movement_check(situation, key, drops, movement.Allowance(rest, allowance.explanation),
                                              entries=entries, step_rule=_avoiding(step_rule, interdicted - set(entered)))
            if verdict.is_legal or verdict.is_unchecked:
                return None
    name = situation.units[key].counter.name
    return Verdict.illegal(cite(game, marks.case), f"{name} moved beyond its allowance ({allowance.explanation}) "
                                                   f"once the interdiction markers in {hex_list(game, interdicted)} add "
                                                   f"{marks.extra} Movement Point a hex entered", sorted(interdicted))


def _avoiding(rule: StepRule | None, hexes: set[Hex]) -> StepRule | None:
    if not hexes:
        return rule
    if rule is None:
        return StepRule(lambda a, b: b not in hexes, "PGG 13.32", "")
    return StepRule(lambda a, b: b not in hexes and rule.allows(a, b), rule.case, rule.description)


def supply_barred(record: PhaseRecord) -> dict[str, frozenset[Hex]]:
    """PGG 13.44, 13.46: in the German Player-Turn no German supply line passes the hex of the
    Soviet Interdiction Marker on the map when the phase began (a marker whose parameter says
    ``blocks_german_supply``: it bars the other side's lines in that side's phases)."""
    phasing = record.phase.side
    barred: frozenset[Hex] = frozenset()
    for side, (_, rule) in interdiction_rules(record.start.game).items():
        if phasing and side != phasing and rule.get("blocks_german_supply") is True:
            barred |= hexes_of(record.markers_at_start, INTERDICTION, placed_by=side)
    return {phasing: barred} if barred else {}


def check_placements(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """Every interdiction marker put down in the game's phases, against PGG 13.2, 13.33 and
    13.41-13.45; the Soviet marker's turns of use counted over the game."""
    found: list[Judgement] = []
    used: dict[str, list[int]] = {}          # PGG 13.41: the Game-Turns a side's marker was used
    for record in records:
        placed = [m for m in record.marker_moves if m.kind == INTERDICTION and m.hex is not None]
        if not placed:
            continue
        game = record.start.game
        rules = interdiction_rules(game)
        for marker in placed:
            if marker.side in rules:
                verdict = _placement(record, marker, *rules[marker.side])
                if verdict is not None:
                    found.append(_judged(record, marker, verdict))
        found += _one_a_hex(record, placed, rules)
        phase = record.phase
        own = [m for m in placed if m.side == phase.side and phase.kind == "interdiction"]
        allowed = int(rules[phase.side][1].get("turns", 0)) if phase.side in rules else 0
        turns = used.setdefault(phase.side, [])
        if own and allowed and record.turn not in turns:
            turns.append(record.turn)
            if len(turns) > allowed:
                found.append(_judged(record, own[0], Verdict.illegal(
                    cite(game, "PGG 13.41"), f"the {phase.side} Interdiction Marker was used on Game-Turns "
                                             f"{', '.join(map(str, turns))}: on {allowed} Game-Turns only")))
    return found


def _placement(record: PhaseRecord, marker: MarkerPlaced, name: str, rule: dict) -> Verdict | None:
    """The German Air Interdiction Markers (``name`` air_interdiction) [PGG 5.0, 13.2], the
    Soviet Interdiction Marker [PGG 13.41, 13.42, 13.45]."""
    game = record.start.game
    phase = record.phase
    own_phase = phase.kind == "interdiction" and phase.side == marker.side
    if name == "air_interdiction":
        before_play = record.turn == 1 and record.phase_index == 0 and not any(
            t.drops and t.drops[0].step < marker.step for t in record.tracks.values())
        if not own_phase and not before_play:
            return Verdict.illegal(cite(game, "PGG 13.2"), f"a German Air Interdiction Marker was put down in "
                                                           f"{hex_name(game, marker.hex)} in the {phase.name} phase; "  # type: ignore[arg-type]
                                                           "only in the German Air Interdiction Phase (or before the "
                                                           "first Soviet Player-Turn, PGG 5.0)", [marker.hex])  # type: ignore[list-item]
        limit = rule.get("east_limit_hexrow")
        if limit is not None and _column(record.start, marker.hex) > int(limit):  # type: ignore[arg-type]
            return _smolensk(record, marker, int(limit), str(rule.get("east_limit_until", "")))
        return None
    if not own_phase:
        return Verdict.illegal(cite(game, "PGG 13.42"), f"the Soviet Interdiction Marker was put down in the "
                                                        f"{phase.name} phase; only at the end of the Soviet "
                                                        "Player-Turn (its Interdiction Phase)", [marker.hex])  # type: ignore[list-item]
    if record.turn == rule.get("not_on_turn"):
        return Verdict.illegal(cite(game, "PGG 13.41"), f"the Soviet Interdiction Marker was used on Game-Turn "
                                                        f"{record.turn}, the last", [marker.hex])  # type: ignore[list-item]
    now = position_at(record, marker.step)
    if any(now.units[k].side != marker.side and now.unit_type(k).unit_class != MARKER
           for k in now.at(marker.hex)):  # type: ignore[arg-type]
        return Verdict.illegal(cite(game, "PGG 13.45"), f"the Soviet Interdiction Marker was put down in "
                                                        f"{hex_name(game, marker.hex)}, which holds German units",  # type: ignore[arg-type]
                               [marker.hex])  # type: ignore[list-item]
    return None


def _smolensk(record: PhaseRecord, marker: MarkerPlaced, limit: int, city: str) -> Verdict:
    """PGG 13.2: east of the limit only once the German controls both hexes of Smolensk (``city``);
    a Soviet unit in one is certain proof he does not; anything else is not judged (control and
    the turn after its capture are not followed)."""
    game = record.start.game
    now = position_at(record, marker.step)
    smolensk = _named(game, city)
    where = hex_name(game, marker.hex)  # type: ignore[arg-type]
    held = [h for h in smolensk if any(now.units[k].side != marker.side and now.unit_type(k).unit_class != MARKER
                                       for k in now.at(h))]
    if held:
        return Verdict.illegal(cite(game, "PGG 13.2"), f"a German Air Interdiction Marker was put down in {where}, "
                                                       f"east of hexrow {limit:02d}00, while Soviet units hold "
                                                       f"{hex_list(game, held)} ({city})", [marker.hex])  # type: ignore[list-item]
    return Verdict.unchecked(cite(game, "PGG 13.2"), f"a German Air Interdiction Marker was put down in {where}, east "
                                                     f"of hexrow {limit:02d}00: whether the German controls {city or 'the city'} "
                                                     "and has for a Game-Turn is not judged", [marker.hex])  # type: ignore[list-item]


def _one_a_hex(record: PhaseRecord, placed: list[MarkerPlaced], rules: dict[str, tuple[str, dict]]) -> list[Judgement]:
    """PGG 13.33: no more than one Air Interdiction Marker in a hex (at the end of the phase;
    the markers whose parameter says ``one_per_hex``)."""
    game = record.start.game
    end = record.markers_at()
    found = []
    sides = {side for side, (_, rule) in rules.items() if rule.get("one_per_hex") is True}
    for hex_, side in sorted({(m.hex, m.side) for m in placed if m.side in sides}):  # type: ignore[type-var]
        here = [m for m in end.values() if m.kind == INTERDICTION and m.side == side and m.hex == hex_]
        if len(here) > 1:
            found.append(_judged(record, max(here, key=lambda m: m.step), Verdict.illegal(
                cite(game, "PGG 13.33"), f"{len(here)} Air Interdiction Markers in {hex_name(game, hex_)}: no more "  # type: ignore[arg-type]
                                         "than one a hex", [hex_])))  # type: ignore[list-item]
    return found


def _named(game: Game, name: str) -> list[Hex]:
    return sorted(h for h, place in game.map.places.items() if place.name == name)


def _column(situation: Situation, hex_: Hex) -> int:
    return int(situation.game.map.layout.name(hex_)[:2])


def _judged(record: PhaseRecord, marker: MarkerPlaced, verdict: Verdict) -> Judgement:
    return Judgement(marker.step, None, "", hex_name(record.start.game, marker.hex) if marker.hex else "", verdict,
                     record.turn, record.phase.name, record.phase.side)
