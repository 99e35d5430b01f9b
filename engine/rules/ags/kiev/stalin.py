"""Stalin's Directive [Kiev 22.0]: on the turns it is in effect, a Soviet unit may move only
along its north-south hexrow or to lower-numbered hexrows, unless it is relieved [22.2], west of
the Seim-Desna-Dnieper line, or an HQ [22.1]; road and rail moves may go any way if they end in
the same or a lower hexrow [22.22, 22.25]. Hexrows are the printed column numbers. Findings cite
the cases ``rules.game_cases`` names (``stalin_directive``, ``stalin_directive_movement``,
``stalin_directive_overrun``); a game without ``rules.stalin_directive_side`` has no directive.

The line is ``rules.stalin_directive_exempt_line``: the hexsides where it starts and ends and the
names of its rivers, followed along ``map/hexsides.csv``.

>>> directive_in_effect(game, 10, die=3, previous=True).in_effect      # doctest: +SKIP
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vmodgen.engine.hexes import Hex, Hexside, hexside_corners, hexside_run
from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.board import edge_hexes
from vmodgen.engine.rules.judgement import Judgement, judge
from vmodgen.engine.rules.overrun import Outcome
from vmodgen.engine.rules.pathfinding import StepRule
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, game_case, hex_name, optional_param, param



def directive_side(game: Game) -> str | None:
    """The side Stalin's Directive restricts (Kiev 22.0: the Soviet player only); None when the
    game has no such directive."""
    return optional_param(game, "stalin_directive_side", None)


@dataclass(frozen=True)
class DirectiveState:
    """Whether the directive is in effect on a Game-Turn (None: not known), and why."""

    in_effect: bool | None
    case: str
    reason: str


def directive_in_effect(game: Game, turn: int, *, die: int | None = None,
                        previous: bool | None = None) -> DirectiveState:
    """Kiev 22.0: automatic on some turns; on the roll turns, the Soviet die roll (``die``), plus
    one if the directive was in effect the turn before (``previous``), read on the table."""
    automatic = optional_param(game, "stalin_directive_automatic_turns", None)
    if automatic is None:
        return DirectiveState(False, game_case(game, "stalin_directive"), "the game has no Stalin's Directive")
    if turn in automatic:
        return DirectiveState(True, game_case(game, "stalin_directive"), f"Game-Turn {turn} is automatically under the directive")
    try:
        if turn not in param(game, "stalin_directive_roll_turns", game_case(game, "stalin_directive")):
            return DirectiveState(False, game_case(game, "stalin_directive"), f"the directive cannot apply on Game-Turn {turn}")
        if die is None:
            return DirectiveState(None, game_case(game, "stalin_directive"),
                                  f"the {directive_side(game)} die roll for Game-Turn {turn} is not known")
        modifier = int(param(game, "stalin_directive_roll_modifier_if_in_effect_last_turn", game_case(game, "stalin_directive")))
        if previous is None and modifier:
            return DirectiveState(None, game_case(game, "stalin_directive"), "whether the directive was in effect last turn is not "
                                                                 "known")
        modified = die + (modifier if previous else 0)
        table = param(game, "stalin_directive_table", game_case(game, "stalin_directive"))
    except CannotCheck as unknown:
        return DirectiveState(None, cite(game, unknown.case), unknown.reason)
    if modified in table.get("in_effect", []):
        return DirectiveState(True, game_case(game, "stalin_directive"), f"modified die roll {modified}: in effect")
    if modified in table.get("not_in_effect", []):
        return DirectiveState(False, game_case(game, "stalin_directive"), f"modified die roll {modified}: not in effect")
    return DirectiveState(None, game_case(game, "stalin_directive"), f"a modified die roll of {modified} is not on the table")


@dataclass(frozen=True)
class DirectiveLine:
    """The hexsides of the Seim-Desna-Dnieper line and the hexes west of it."""

    hexsides: frozenset[Hexside]
    west: frozenset[Hex]


def directive_line(game: Game) -> DirectiveLine:
    """Follow the named rivers from the start hexside to the end hexside (hexsides that share a
    corner follow each other), then flood the map from its west edge up to the line. Raises
    CannotCheck when the map data does not give a connected line that divides the map."""
    spec = param(game, "stalin_directive_exempt_line", game_case(game, "stalin_directive_movement"))
    layout = game.map.layout
    first = Hexside.between(*(layout.parse(n) for n in spec["from_hexside"]))
    last = Hexside.between(*(layout.parse(n) for n in spec["to_hexside"]))
    names = {spec["rivers"], *str(spec["rivers"]).split("-")}
    river = {side for side, features in game.map.hexsides.items() if any(f.name in names for f in features)}
    for end in (first, last):
        if end not in river:
            raise CannotCheck(f"map/hexsides.csv has no {spec['rivers']} hexside "
                              f"{hex_name(game, end.a)}/{hex_name(game, end.b)}", game_case(game, "stalin_directive_movement"))
    run = hexside_run(layout, river, first, last)
    if run is None:
        raise CannotCheck(f"the {spec['rivers']} hexsides of map/hexsides.csv do not join "
                          f"{hex_name(game, first.a)}/{hex_name(game, first.b)} to "
                          f"{hex_name(game, last.a)}/{hex_name(game, last.b)}", game_case(game, "stalin_directive_movement"))
    chain = set(run)
    chain |= _to_edge(game, chain, first) | _to_edge(game, chain, last)
    west = _flood(game, edge_hexes(layout, "west"), chain)
    if west & edge_hexes(layout, "east"):
        raise CannotCheck(f"the {spec['rivers']} line does not divide the map into west and east",
                          game_case(game, "stalin_directive_movement"))
    return DirectiveLine(frozenset(chain), frozenset(west))


def _to_edge(game: Game, chain: set[Hexside], end: Hexside) -> set[Hexside]:
    """The hexsides that carry the line from the free corner of an end hexside to the nearest
    map-edge corner: the rule names the end hexsides, and the river runs on off the map."""
    layout = game.map.layout
    shared = {c for side in chain if side != end for c in hexside_corners(game.map.layout, side)}
    free = [c for c in hexside_corners(game.map.layout, end) if c not in shared]
    added: set[Hexside] = set()
    for corner in free:
        previous: dict[frozenset[Hex], tuple[frozenset[Hex], Hexside] | None] = {corner: None}
        queue = deque([corner])
        while queue:
            here = queue.popleft()
            if any(not layout.contains(h) for h in here):
                while previous[here] is not None:
                    here, side = previous[here]  # type: ignore[misc]
                    added.add(side)
                break
            for a, b in ((x, y) for x in here for y in here if x < y):
                if not (layout.contains(a) and layout.contains(b)):
                    continue
                side = Hexside.between(a, b)
                for nxt in hexside_corners(game.map.layout, side):
                    if nxt not in previous:
                        previous[nxt] = (here, side)
                        queue.append(nxt)
    return added


def _flood(game: Game, start: set[Hex], walls: set[Hexside]) -> set[Hex]:
    seen = set(start)
    queue = deque(sorted(start))
    while queue:
        hex_ = queue.popleft()
        for other in game.map.layout.neighbours(hex_):
            if other not in seen and Hexside.between(hex_, other) not in walls:
                seen.add(other)
                queue.append(other)
    return seen


def bound_by_directive(situation: Situation, key: str, line: DirectiveLine) -> bool:
    """Whether the unit is restricted at all (Kiev 22.1 conditions 2 and 3; relief is a matter
    of the whole phase, see :func:`directive_check`)."""
    unit = situation.units[key]
    if unit.side != directive_side(situation.game) or unit.hex is None:
        return False
    exempt = param(situation.game, "stalin_directive_exempt_classes", game_case(situation.game, "stalin_directive_movement"))
    return situation.unit_type(key).unit_class not in exempt and unit.hex not in line.west


def directive_step_rule(situation: Situation, key: str, line: DirectiveLine) -> StepRule | None:
    """The step restriction for :func:`engine.rules.movement.movement_check` while the directive
    is in effect: off-road steps stay in the unit's hexrow or lower ones (Kiev 22.1, 22.25)."""
    if not bound_by_directive(situation, key, line):
        return None
    game = situation.game
    start = situation.units[key].hex
    assert start is not None

    def allows(a: Hex, b: Hex) -> bool:
        return b.col <= start.col or game.map.line_crosses("road", a, b)

    return StepRule(allows, game_case(game, "stalin_directive_movement"),
                    f"Stalin's Directive: off roads, no hexrow higher than {start.col:0{game.map.layout.col_digits}d}")


def directive_check(situation: Situation, ends: Mapping[str, Hex], line: DirectiveLine) -> list[Verdict]:
    """For a Soviet Movement Phase under the directive: every restricted unit that ended in a
    higher hexrow than it started must have been relieved (Kiev 22.2): another Soviet non-HQ
    unit from a higher hexrow ended in its hex, each reliever relieving one unit (22.21, 22.23).
    ``situation`` is the position at the start of the phase; ``ends`` the end hex of each unit
    that moved."""
    game = situation.game
    exempt = param(game, "stalin_directive_exempt_classes", game_case(game, "stalin_directive_movement"))
    relievers: dict[Hex, list[str]] = {}
    for key, end in ends.items():
        unit = situation.units[key]
        if (unit.side == directive_side(game) and unit.hex is not None and end.col < unit.hex.col
                and situation.unit_type(key).unit_class not in exempt):
            relievers.setdefault(end, []).append(key)
    found = []
    for key, end in sorted(ends.items()):
        unit = situation.units[key]
        if not bound_by_directive(situation, key, line) or end.col <= unit.hex.col:  # type: ignore[union-attr]
            continue
        start = unit.hex
        assert start is not None
        free = [r for r in relievers.get(start, []) if r != key]
        if free:
            relievers[start].remove(free[0])
            continue
        found.append(Verdict.illegal(game_case(game, "stalin_directive_movement"),
                                     f"{unit.counter.name} moved from {hex_name(game, start)} to "
                                     f"{hex_name(game, end)}, a higher-numbered hexrow, under Stalin's Directive "
                                     "without being relieved",
                                     [start, end]))
    return found


class StalinsDirective:
    """The directive as a rule of the movement phase (``engine.rules.ags.exclusive``): checked on
    where units end (with relief, 22.2), not on every step, since a relieved unit may move
    anywhere and which units were relieved is known only at the end of the phase. ``memory``
    holds whether it was in effect on each Game-Turn (the roll depends on the turn before)."""

    name = "stalins_directive"

    def check_movement_phase(self, record: PhaseRecord, memory: dict[str, Any], outcomes: list[Outcome],
                             ends: Mapping[str, Hex]) -> list[Judgement]:
        game = record.start.game
        directive = _directive(record, memory)
        # The line depends on the map alone: traced once per game, not once per phase.
        line = of_map(game, "stalin directive line", lambda: directive_line(game)) if directive else None
        found: list[Judgement] = []
        if directive and line is not None:
            ends = dict(ends)
            for outcome in outcomes:
                for key in sorted(k for k in ends if outcome.takes_part(k)):
                    # 22.24: an overrun may go any way; where that frees the rest of the move is
                    # not settled here, so the unit is left out of the directive check, and says so.
                    del ends[key]
                    found.append(judge(record, Verdict.unchecked(game_case(game, "stalin_directive_overrun"), (
                        f"{game.counter(key).name} took part in overrun {outcome.overrun.number}, which may go in "
                        "any direction: its move was not checked against Stalin's Directive")), record.tracks[key]))
            for verdict in directive_check(record.start, ends, line):
                found.append(judge(record, verdict, None, last_step=record.last_step))
        elif directive is None and _restricted_side_moved(record):
            found.append(judge(record, Verdict.unchecked(game_case(game, "stalin_directive"),
                                                         _directive_reason(record, memory)),
                               None, last_step=record.first_step or record.last_step))
        return found


STALINS_DIRECTIVE = StalinsDirective()


def _directive(record: PhaseRecord, memory: dict[str, Any]) -> bool | None:
    """Whether Stalin's Directive binds this phase's moves (22.0); None: unknown."""
    game = record.start.game
    if record.phase.side != directive_side(game):
        return False
    die = _directive_die(record)
    try:
        state = directive_in_effect(game, record.turn, die=die, previous=memory.get(str(record.turn - 1)))
    except CannotCheck:
        return None
    memory[str(record.turn)] = state.in_effect
    return state.in_effect


def _directive_reason(record: PhaseRecord, memory: dict[str, Any]) -> str:
    game = record.start.game
    die = _directive_die(record)
    state = directive_in_effect(game, record.turn, die=die, previous=memory.get(str(record.turn - 1)))
    side = directive_side(game)
    return (f"Stalin's Directive on Game-Turn {record.turn}: {state.reason}; {side} moves were not checked against "
            f"it (roll the die in the {record.phase.name} phase before moving)")


def _directive_die(record: PhaseRecord) -> int | None:
    """The phase's first die that no declared overrun took (22.0 rolls before moving)."""
    overrun_dice = {o.die_step for o in record.overruns}
    dice = [value for step, value in record.dice if step not in overrun_dice]
    return dice[0] if dice else None


def _restricted_side_moved(record: PhaseRecord) -> bool:
    game = record.start.game
    return any(game.counter(k).side == directive_side(game) for k in record.tracks)
