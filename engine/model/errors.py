"""Errors in game data, reported as ``file:line: field: problem`` so a maintainer can go
straight to the cell to fix."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class DataError:
    path: Path
    line: int
    field: str
    problem: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else str(self.path)
        return f"{where}: {self.field}: {self.problem}" if self.field else f"{where}: {self.problem}"


class GameDataError(Exception):
    """All the errors found while loading one game; raised once, after reading everything."""

    def __init__(self, errors: list[DataError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


class ErrorLog:
    """Collects data errors while a loader reads on, so one run reports every problem."""

    def __init__(self) -> None:
        self.errors: list[DataError] = []

    def add(self, path: Path, line: int, field: str, problem: str) -> None:
        self.errors.append(DataError(path, line, field, problem))

    def raise_if_any(self) -> None:
        if self.errors:
            raise GameDataError(self.errors)
