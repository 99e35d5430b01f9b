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
from vmodgen.engine.rules.pgg.markers import INTERDICTION_RULES, PhaseMarkers, hexes_of, position_at
from vmodgen.engine.rules.record import MarkerAt, PhaseRecord, markers_at
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict, cite, hex_list, hex_name, optional_param

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
    Soviet Interdiction Marker on the map when the phase began (``blocks_german_supply``)."""
    rule = optional_param(record.start.game, "soviet_interdiction", {})
    if record.phase.side != "German" or not isinstance(rule, dict) or rule.get("blocks_german_supply") is not True:
        return {}
    return {"German": hexes_of(record.markers, INTERDICTION, placed_by="Soviet")}


def check_placements(records: Sequence[PhaseRecord]) -> list[Judgement]:
    """Every interdiction marker put down in the game's phases, against PGG 13.2, 13.33 and
    13.41-13.45; the Soviet marker's turns of use counted over the game."""
    found: list[Judgement] = []
    soviet_turns: list[int] = []
    for record in records:
        placed = [m for m in record.marker_moves if m.kind == INTERDICTION and m.hex is not None]
        if not placed:
            continue
        game = record.start.game
        for marker in placed:
            if marker.side in INTERDICTION_RULES:
                verdict = _placement(record, marker)
                if verdict is not None:
                    found.append(_judged(record, marker, verdict))
        found += _one_a_hex(record, placed)
        soviet = [m for m in placed if m.side == "Soviet" and record.phase.side == "Soviet"
                  and record.phase.kind == "interdiction"]
        if soviet and record.turn not in soviet_turns:
            soviet_turns.append(record.turn)
            rule = optional_param(game, "soviet_interdiction", {})
            allowed = int(rule.get("turns", 0)) if isinstance(rule, dict) else 0
            if allowed and len(soviet_turns) > allowed:
                found.append(_judged(record, soviet[0], Verdict.illegal(
                    cite(game, "PGG 13.41"), f"the Soviet Interdiction Marker was used on Game-Turns "
                                             f"{', '.join(map(str, soviet_turns))}: on {allowed} Game-Turns only")))
    return found


def _placement(record: PhaseRecord, marker: MarkerAt) -> Verdict | None:
    game = record.start.game
    phase = record.phase
    if marker.side == "German":
        rule = optional_param(game, "air_interdiction", {})
        before_play = record.turn == 1 and record.phase_index == 0 and not any(
            t.drops and t.drops[0].step < marker.step for t in record.tracks.values())
        if not (phase.kind == "interdiction" and phase.side == "German") and not before_play:
            return Verdict.illegal(cite(game, "PGG 13.2"), f"a German Air Interdiction Marker was put down in "
                                                           f"{hex_name(game, marker.hex)} in the {phase.name} phase; "  # type: ignore[arg-type]
                                                           "only in the German Air Interdiction Phase (or before the "
                                                           "first Soviet Player-Turn, PGG 5.0)", [marker.hex])  # type: ignore[list-item]
        limit = rule.get("east_limit_hexrow") if isinstance(rule, dict) else None
        if limit is not None and _column(record.start, marker.hex) > int(limit):  # type: ignore[arg-type]
            return _smolensk(record, marker, int(limit), str(rule.get("east_limit_until", "")))
        return None
    rule = optional_param(game, "soviet_interdiction", {})
    if not (phase.kind == "interdiction" and phase.side == "Soviet"):
        return Verdict.illegal(cite(game, "PGG 13.42"), f"the Soviet Interdiction Marker was put down in the "
                                                        f"{phase.name} phase; only at the end of the Soviet "
                                                        "Player-Turn (its Interdiction Phase)", [marker.hex])  # type: ignore[list-item]
    if isinstance(rule, dict) and record.turn == rule.get("not_on_turn"):
        return Verdict.illegal(cite(game, "PGG 13.41"), f"the Soviet Interdiction Marker was used on Game-Turn "
                                                        f"{record.turn}, the last", [marker.hex])  # type: ignore[list-item]
    now = position_at(record, marker.step)
    if any(now.units[k].side == "German" and now.unit_type(k).unit_class != MARKER
           for k in now.at(marker.hex)):  # type: ignore[arg-type]
        return Verdict.illegal(cite(game, "PGG 13.45"), f"the Soviet Interdiction Marker was put down in "
                                                        f"{hex_name(game, marker.hex)}, which holds German units",  # type: ignore[arg-type]
                               [marker.hex])  # type: ignore[list-item]
    return None


def _smolensk(record: PhaseRecord, marker: MarkerAt, limit: int, city: str) -> Verdict:
    """PGG 13.2: east of the limit only once the German controls both hexes of Smolensk (``city``);
    a Soviet unit in one is certain proof he does not; anything else is not judged (control and
    the turn after its capture are not followed)."""
    game = record.start.game
    now = position_at(record, marker.step)
    smolensk = _named(game, city)
    where = hex_name(game, marker.hex)  # type: ignore[arg-type]
    held = [h for h in smolensk if any(now.units[k].side == "Soviet" and now.unit_type(k).unit_class != MARKER
                                       for k in now.at(h))]
    if held:
        return Verdict.illegal(cite(game, "PGG 13.2"), f"a German Air Interdiction Marker was put down in {where}, "
                                                       f"east of hexrow {limit:02d}00, while Soviet units hold "
                                                       f"{hex_list(game, held)} ({city})", [marker.hex])  # type: ignore[list-item]
    return Verdict.unchecked(cite(game, "PGG 13.2"), f"a German Air Interdiction Marker was put down in {where}, east "
                                                     f"of hexrow {limit:02d}00: whether the German controls {city or 'the city'} "
                                                     "and has for a Game-Turn is not judged", [marker.hex])  # type: ignore[list-item]


def _one_a_hex(record: PhaseRecord, placed: list[MarkerAt]) -> list[Judgement]:
    """PGG 13.33: no more than one Air Interdiction Marker in a hex (at the end of the phase)."""
    game = record.start.game
    end = markers_at(record)
    found = []
    for hex_ in sorted({m.hex for m in placed if m.side == "German"}):  # type: ignore[type-var]
        here = [m for m in end.values() if m.kind == INTERDICTION and m.side == "German" and m.hex == hex_]
        if len(here) > 1:
            found.append(_judged(record, max(here, key=lambda m: m.step), Verdict.illegal(
                cite(game, "PGG 13.33"), f"{len(here)} Air Interdiction Markers in {hex_name(game, hex_)}: no more "  # type: ignore[arg-type]
                                         "than one a hex", [hex_])))  # type: ignore[list-item]
    return found


def _named(game: Game, name: str) -> list[Hex]:
    return sorted(h for h, place in game.map.places.items() if place.name == name)


def _column(situation: Situation, hex_: Hex) -> int:
    return int(situation.game.map.layout.name(hex_)[:2])


def _judged(record: PhaseRecord, marker: MarkerAt, verdict: Verdict) -> Judgement:
    return Judgement(marker.step, None, "", hex_name(record.start.game, marker.hex) if marker.hex else "", verdict,
                     record.turn, record.phase.name, record.phase.side)
