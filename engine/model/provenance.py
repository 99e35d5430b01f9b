"""Where a value of the game data comes from.

Every value in ``games/`` says it: printed in the rulebook, derived from real geography, a
reasoned reconstruction, or unknown. The build reports completeness by kind, and the checker
skips rules whose inputs are unknown instead of passing them silently.

>>> Provenance.parse("rules: 19.12")
Provenance(kind='rules', detail='19.12', kinds=('rules',))
>>> Provenance.parse("unknown").is_known
False

A value can rest on several sources ("rules: 16.1; reconstructed: movement as on the front");
its kind is then the weakest of them, so the completeness report never overstates the book.

>>> Provenance.parse("rules: 16.1; reconstructed: movement as on the front").kind
'reconstructed'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

#: strongest first; ``owner``: entered by an owner of the game from the counters in the box, where the
#: book prints none (owner-values.csv: ``owner: owner's counters``)
KINDS = ("rules", "owner", "geo", "reconstructed", "unknown")
_PART = re.compile(r";\s*(?=(?:%s)\s*:)" % "|".join(KINDS))


class BadProvenance(ValueError):
    """A source text that does not say where a value comes from."""


@dataclass(frozen=True)
class Provenance:
    kind: str
    detail: str = ""
    kinds: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Provenance:
        """Parse ``KIND: DETAIL`` (``unknown`` may stand alone)."""
        return _parse(cls, text)

    @property
    def label(self) -> str:
        """Every kind it rests on, strongest first: ``geo+reconstructed``."""
        return "+".join(self.kinds or (self.kind,))

    @property
    def is_known(self) -> bool:
        return self.kind != "unknown"

    def __str__(self) -> str:
        if not self.detail:
            return self.kind
        return self.detail if self.detail.startswith(tuple(f"{k}:" for k in KINDS)) else f"{self.kind}: {self.detail}"


@lru_cache(maxsize=4096)
def _parse(cls: type[Provenance], text: str) -> Provenance:
    """:meth:`Provenance.parse`, once per text: a game's data repeats a few hundred source texts
    over thousands of values (a Provenance cannot change, so one is shared)."""
    stripped = text.strip()
    if stripped == "unknown":
        return cls("unknown", "", ("unknown",))
    kinds = []
    for part in _PART.split(stripped):
        kind, sep, detail = part.partition(":")
        kind = kind.strip()
        if not sep or kind not in KINDS:
            raise BadProvenance(
                f"{text!r} does not start with one of {', '.join(k + ':' for k in KINDS)}")
        if kind != "unknown" and not detail.strip():
            raise BadProvenance(f"{text!r} names no {kind} source (say which case, dataset or reason)")
        kinds.append(kind)
    weakest = max(kinds, key=KINDS.index)
    detail = stripped.partition(":")[2].strip() if len(kinds) == 1 else stripped
    return cls(weakest, detail, tuple(sorted(set(kinds), key=KINDS.index)))
