"""Where a value of the game data comes from.

Every value in ``games/`` says it: printed in the rulebook, derived from real geography, a
reasoned reconstruction, or unknown. The build reports completeness by kind, and the checker
skips rules whose inputs are unknown instead of passing them silently.

>>> Provenance.parse("rules: 19.12")
Provenance(kind='rules', detail='19.12')
>>> Provenance.parse("unknown").is_known
False
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("rules", "geo", "reconstructed", "unknown")


class BadProvenance(ValueError):
    """A source text that does not say where a value comes from."""


@dataclass(frozen=True)
class Provenance:
    kind: str
    detail: str = ""

    @classmethod
    def parse(cls, text: str) -> Provenance:
        """Parse ``KIND: DETAIL`` (``unknown`` may stand alone)."""
        stripped = text.strip()
        if stripped == "unknown":
            return cls("unknown")
        kind, sep, detail = stripped.partition(":")
        kind = kind.strip()
        if not sep or kind not in KINDS:
            raise BadProvenance(
                f"{text!r} does not start with one of {', '.join(k + ':' for k in KINDS)}")
        if kind != "unknown" and not detail.strip():
            raise BadProvenance(f"{text!r} names no {kind} source (say which case, dataset or reason)")
        return cls(kind, detail.strip())

    @property
    def is_known(self) -> bool:
        return self.kind != "unknown"

    def __str__(self) -> str:
        return self.kind if not self.detail else f"{self.kind}: {self.detail}"
