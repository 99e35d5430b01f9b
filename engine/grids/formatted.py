"""VASSAL's ``$property$`` strings (FormattedString), as location names and reports use them.

The engine splits the format on ``$`` (with SequenceEncoder's escapes), treats every second
token as a property name when another token follows it, and substitutes the value; a name
with no value is dropped in localized text (grid location names) and kept as its bare name
otherwise (zone names).

>>> expand("$gridLocation$", {"gridLocation": "0302"})
'0302'
>>> expand("Hex $row$-$column$ $nope$", {"row": "3", "column": "2"}, localized=True)
'Hex 3-2 '
>>> expand("$name$ ($nope$)", {"name": "Kiev"})
'Kiev (nope)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from vmodgen.engine.sequence import decode


def expand(template: str, values: Mapping[str, str | None], lookup: Callable[[str], str | None] | None = None,
           localized: bool = False) -> str:
    """The text of ``template`` with ``values`` (then ``lookup``) substituted for ``$name$``."""
    if "$" not in template:
        return decode(template, "$")[0] if template else ""
    tokens = decode(template, "$")
    out: list[str] = []
    is_property = True
    for index, token in enumerate(tokens):
        is_property = not is_property
        if not token:
            continue
        if not is_property or index == len(tokens) - 1:
            out.append(token)
        elif token in values:
            value = values[token]
            if value is not None:
                out.append(value)
        else:
            value = lookup(token) if lookup else None
            if value is not None:
                out.append(value)
            elif not localized:
                out.append(token)
    return "".join(out)
