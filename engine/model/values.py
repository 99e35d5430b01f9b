"""Values as the data holds them: known, unknown, or not applicable, each with its source."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from vmodgen.engine.model.provenance import Provenance

T = TypeVar("T")


class NotApplicable:
    """A value the counter does not print (an HQ's attack strength): ``-`` in the data."""

    _instance: NotApplicable | None = None

    def __new__(cls) -> NotApplicable:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NOT_APPLICABLE"

    def __str__(self) -> str:
        return "-"


NOT_APPLICABLE = NotApplicable()

#: A printed number: an int, None when unknown, NOT_APPLICABLE when the counter has none.
Number = int | None | NotApplicable


def show(value: Number) -> str:
    """How a value reads on a counter or in a report: the number, ``?`` or ``-``."""
    if value is None:
        return "?"
    return str(value)


@dataclass(frozen=True)
class Sourced(Generic[T]):
    """A single value of game.toml with where it comes from."""

    value: T
    source: Provenance


@dataclass(frozen=True)
class Param:
    """A rule parameter (``[rules.<name>]``): any TOML value, with its source."""

    name: str
    value: Any
    source: Provenance
