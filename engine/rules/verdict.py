"""What a rule says: legal, illegal, or cannot check (with the reason), citing its case.

Every rule function of ``engine.rules`` answers with a :class:`Verdict` (or a richer result that
carries one). A rule whose parameter is missing from the game data, or whose input is unknown,
never guesses: it answers ``unchecked`` and says why.

>>> Verdict.illegal("AGS 5.23", "entered enemy ZOC at 1410 and had to stop").status
'illegal'

Case numbers are written as the Army Group South Standard Rules print them ("AGS 5.23"). Where
a game's own exclusive rules state or change a shared mechanism, the case is the game's, named in
its data: ``[rules.game_cases]`` maps the mechanism to the case a finding cites
(``{ rail = "Kiev 19.3" }``, "Rostov 21.3" in another game); :func:`game_case` reads it, so the
shared rules name no game. A game of another family that reuses a mechanism maps standard cases
to its own numbers with an optional ``[rules.case_numbers]`` parameter
(``{ "AGS 5.23" = "PGG 8.13" }``); :func:`cite` applies it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game

LEGAL = "legal"
ILLEGAL = "illegal"
UNCHECKED = "unchecked"


@dataclass(frozen=True)
class Verdict:
    """A rule's answer: ``status`` is legal, illegal or unchecked; ``case`` the rule case; ``message``
    a plain sentence naming the hexes (for unchecked: the reason); ``hexes`` the hexes concerned."""

    status: str
    case: str
    message: str
    hexes: tuple[Hex, ...] = ()

    @classmethod
    def legal(cls, case: str, message: str, hexes: Iterable[Hex] = ()) -> Verdict:
        return cls(LEGAL, case, message, tuple(hexes))

    @classmethod
    def illegal(cls, case: str, message: str, hexes: Iterable[Hex] = ()) -> Verdict:
        return cls(ILLEGAL, case, message, tuple(hexes))

    @classmethod
    def unchecked(cls, case: str, reason: str, hexes: Iterable[Hex] = ()) -> Verdict:
        return cls(UNCHECKED, case, reason, tuple(hexes))

    @property
    def is_legal(self) -> bool:
        return self.status == LEGAL

    @property
    def is_illegal(self) -> bool:
        return self.status == ILLEGAL

    @property
    def is_unchecked(self) -> bool:
        return self.status == UNCHECKED


class CannotCheck(Exception):
    """Raised inside a rule when an input is unknown; public functions turn it into an
    ``unchecked`` answer carrying ``reason``."""

    def __init__(self, reason: str, case: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.case = case


def cite(game: Game, case: str) -> str:
    """The case as this game numbers it (see the module docstring)."""
    mapping = game.rules.get("case_numbers")
    if mapping is not None and isinstance(mapping.value, dict):
        return str(mapping.value.get(case, case))
    return case


def game_case(game: Game, rule: str, standard: str = "") -> str:
    """The case of one game's own rule for a shared mechanism, as a finding cites it
    (``rules.game_cases``, e.g. ``rail`` -> "Kiev 19.3"). A game whose data names no case for
    it cites ``standard``, the standard rule it would change, or, with none, the missing entry.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(rules={"game_cases": SimpleNamespace(value={"rail": "Kiev 19.3"})})
    >>> game_case(game, "rail", "AGS 5.3"), game_case(game, "mud", "AGS 5.3"), game_case(game, "mud")
    ('Kiev 19.3', 'AGS 5.3', 'rules.game_cases.mud')
    """
    cases = game.rules.get("game_cases")
    case = cases.value.get(rule) if cases is not None and isinstance(cases.value, dict) else None
    return cite(game, str(case) if case else standard or f"rules.game_cases.{rule}")


def param(game: Game, name: str, case: str = "") -> Any:
    """A rule parameter the rule cannot do without; CannotCheck names it when the data lacks it."""
    if name not in game.rules:
        raise CannotCheck(f"the game data has no rules.{name} parameter", case)
    return game.rules[name].value


def optional_param(game: Game, name: str, default: Any) -> Any:
    """A parameter whose absence means the game has no such exception to the standard rules."""
    return game.rules[name].value if name in game.rules else default


def optional_table(game: Game, name: str) -> dict[str, Any] | None:
    """A game rule's parameter table (``[rules.<name>] value = { ... }``), or None for a game whose
    data lacks it (the rule then finds nothing there)."""
    value = optional_param(game, name, None)
    return value if isinstance(value, dict) else None


def hex_name(game: Game, hex_: Hex) -> str:
    return game.map.name(hex_)


def hex_list(game: Game, hexes: Iterable[Hex]) -> str:
    """``"1408, 1410 and 1412"``."""
    names = [game.map.name(h) for h in hexes]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def mp(value: Fraction | int | float) -> str:
    """Movement points as a player writes them: ``9``, ``8.5``."""
    number = Fraction(value)
    return str(number.numerator) if number.denominator == 1 else f"{float(number):g}"
