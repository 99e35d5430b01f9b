"""Units whose steps lie on two counters [``rules.replacement_counters``; Korsun 19.61, 24.11: a
corps's higher two steps are on its own counter, the lower two on the counter of the same
designation and type marked rpl, which takes the corps counter's place when its second step is
lost]. A step loss is counted across both: a corps counter taken off with its rpl counter put in
its hex lost the steps the rpl counter no longer shows, and one taken off without it lost its rpl
counter's steps too. Which counter is a corps's rpl counter is read from the counter names of the
game's data (``suffix``), so no unit is named here.

>>> from types import SimpleNamespace as NS
>>> corps = NS(id="c", name="5 Gd Tank Corps", type="tank", steps=2, role="")
>>> rpl = NS(id="r", name="5 Gd Tank Corps (rpl)", type="tank", steps=2, role="replacement")
>>> other = NS(id="o", name="18 Tank Corps (rpl)", type="tank", steps=2, role="replacement")
>>> rule = NS(value={"suffix": " (rpl)", "case": "Korsun 24.11"})
>>> game = NS(rules={"replacement_counters": rule}, counters=[corps, rpl, other])
>>> swap = steps_across(game, {"c": NS(counter=corps)}, {"c": None}, {"r": NS(counter=rpl, hex=None)})
>>> swap.extra, swap.missing, swap.wrong is None
(1, [], True)
>>> steps_across(game, {"c": NS(counter=corps)}, {"c": None}, {}).missing
['c']
>>> steps_across(game, {"c": NS(counter=corps)}, {"c": None}, {"o": NS(counter=other, hex=None)}).wrong.case
'Korsun 24.11'
>>> steps_across(game, {"c": NS(counter=corps)}, {"c": NS(counter=corps)}, {}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vmodgen.engine.rules.situation import UnitState
from vmodgen.engine.rules.verdict import Verdict, cite, optional_table


@dataclass(frozen=True)
class Swap:
    """What a side's result did to units on two counters: ``extra`` steps to add to the count of
    the loss check (the removed counters' partners, less the one step it already counts for each
    replacement put in), the removed counters whose partner was not put in (``missing``), and a
    finding when a replacement counter is not the partner of a removed counter (``wrong``)."""

    extra: int
    missing: list[str]
    wrong: Verdict | None
    case: str
    placed: tuple[str, ...] = ()


def partner(game: Any, counter: Any) -> Any | None:
    """The counter holding ``counter``'s lower steps (its name and the rule's suffix, same type)."""
    rule = optional_table(game, "replacement_counters")
    if rule is None or counter.name.endswith(str(rule["suffix"])):
        return None
    name = counter.name + str(rule["suffix"])
    return next((c for c in game.counters if c.name == name and c.type == counter.type), None)


def steps_across(game: Any, before: Mapping[str, UnitState], after: Mapping[str, UnitState | None],
                 replacements: Mapping[str, UnitState]) -> Swap | None:
    """The swap a result made, or None when no counter with a partner was taken off and no
    replacement counter put in (the ordinary count applies)."""
    rule = optional_table(game, "replacement_counters")
    if rule is None:
        return None
    case = cite(game, str(rule["case"]))
    removed = {k: partner(game, before[k].counter) for k in before if after.get(k) is None}
    removed = {k: p for k, p in removed.items() if p is not None}
    paired = [k for k, u in replacements.items() if u.counter.role == "replacement"]
    if not removed and not paired:
        return None
    wanted = {p.id for p in removed.values()}
    placed = {replacements[k].counter.id for k in paired}
    for key in paired:
        if replacements[key].counter.id not in wanted:
            counter = replacements[key].counter
            names = ", ".join(before[k].counter.name for k in removed) or "no corps counter taken off"
            hexes = [replacements[key].hex] if replacements[key].hex is not None else []
            return Swap(0, [], Verdict.illegal(case, (
                f"{counter.name} was put in for {names}: a corps counter is replaced, when its second step is "
                "lost, only by the rpl counter of its own designation and type"), hexes), case)
    extra = sum(p.steps for p in removed.values()) - len(paired)
    return Swap(extra, [k for k, p in removed.items() if p.id not in placed], None, case,
                tuple(replacements[k].counter.name for k in paired))
