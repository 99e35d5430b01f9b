"""Turn trackers: their level structure (from the module) and what a ``TURN`` state means.

A TurnTracker's state is ``currentLevel|level0|level1...``; a CounterTurnLevel's is
``current;currentSubLevel;loop;loopLimit;children...``, a ListTurnLevel's
``current;currentSubLevel;first;active,...;children...``. Only the active chain counts: the
top level ``currentLevel`` and, below each level, its ``currentSubLevel``. So the state
``0|3;0;false;-1;1\\;0\\;0\\;true,true`` of a tracker with a counter "Turn" holding a list
"Phase" (Movement, Combat) reads as Turn 3, Phase Combat.

>>> phase = TurnLevel("list", "Phase", values=("Movement", "Combat"))
>>> tracker = TurnTracker("TurnTracker0", "Game Turn", (TurnLevel("counter", "Turn", children=(phase,)),),
...                       "Turn $level1$ - $level2$")
>>> tracker.levels_of("0|3;0;false;-1;1\\\\;0\\\\;0\\\\;true,true")
{'Turn': '3', 'Phase': 'Combat'}
>>> tracker.turn_text("0|3;0;false;-1;1\\\\;0\\\\;0\\\\;true,true")
'Turn 3 - Combat'
"""

from __future__ import annotations

from dataclasses import dataclass

from vmodgen.engine.grids.formatted import expand
from vmodgen.engine.vassal.commands import java_int
from vmodgen.engine.vassal.sequence import decode as split


@dataclass(frozen=True)
class TurnLevel:
    """A CounterTurnLevel (``kind`` "counter": start, incr) or ListTurnLevel ("list": values)."""

    kind: str
    name: str
    start: int = 1
    values: tuple[str, ...] = ()
    turn_format: str = "$value$"
    children: tuple[TurnLevel, ...] = ()

    def value(self, current: int) -> str:
        if self.kind == "list":
            return self.values[current] if 0 <= current < len(self.values) else ""
        return str(current)

    def active_chain(self, state: str) -> list[tuple[TurnLevel, str]]:
        """This level's value and its active descendants', outermost first."""
        tokens = split(state, ";") if state else []
        current = _int(tokens, 0, self.start if self.kind == "counter" else 0)
        sub = _int(tokens, 1, 0)
        chain = [(self, self.value(current))]
        if self.children:
            child = self.children[sub] if 0 <= sub < len(self.children) else self.children[-1]
            index = self.children.index(child)
            chain += child.active_chain(tokens[4 + index] if 4 + index < len(tokens) else "")
        return chain


@dataclass(frozen=True)
class TurnTracker:
    """A TurnTracker; ``id`` is how TURN commands name it (``TurnTracker<n>`` in module order)."""

    id: str
    name: str
    levels: tuple[TurnLevel, ...]
    turn_format: str = "$level1$ $level2$ $level3$ $level4$"

    def chain(self, state: str) -> list[tuple[TurnLevel, str]]:
        tokens = split(state, "|") if state else []
        current = _int(tokens, 0, 0)
        if not self.levels:
            return []
        level = self.levels[current] if 0 <= current < len(self.levels) else self.levels[-1]
        index = self.levels.index(level)
        return level.active_chain(tokens[1 + index] if 1 + index < len(tokens) else "")

    def levels_of(self, state: str) -> dict[str, str]:
        """The active levels' values by level name, e.g. ``{"Turn": "3", "Phase": "Combat"}``."""
        return {level.name: value for level, value in self.chain(state)}

    def turn_text(self, state: str) -> str:
        """The tracker's display text (its turnFormat with ``$level1$``... filled in)."""
        values = {f"level{i}": "" for i in range(1, 16)}
        for i, (level, value) in enumerate(self.chain(state)[:15]):
            values[f"level{i + 1}"] = expand(level.turn_format, {"value": value})
        return expand(self.turn_format, values)


def _int(tokens: list[str], index: int, default: int) -> int:
    if index >= len(tokens):
        return default
    value = java_int(tokens[index])
    return default if value is None else value
