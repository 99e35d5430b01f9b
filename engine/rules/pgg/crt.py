"""Panzergruppe Guderian's Combat Results Table [PGG 9.5, 9.6]: a cell read as what each side must
do, in the shared terms of :mod:`vmodgen.engine.rules.results` (lose steps or retreat, eliminated,
engaged, nothing), so that the shared loss check judges what the players did with it.

The book prints each cell with the side it hits: ``A1`` (the attacker loses one step or retreats
one hex), ``D2``, ``Ae``/``De`` (all eliminated), ``D1/A1`` (a split result: the defender first,
PGG 9.66) and ``Eng`` (each side loses one step and stays, PGG 9.67). A game whose ``[crt]``
``result_order`` is ``attacker/defender`` (the Army Group South spelling) is read by the shared
reader instead.

>>> parse_cell("D1/A1")
(SideResult(kind='number', number=1), SideResult(kind='number', number=1))
>>> parse_cell("De")
(SideResult(kind='none', number=0), SideResult(kind='eliminated', number=0))
>>> parse_cell("Eng")[0].kind
'engaged'
"""

from __future__ import annotations

from vmodgen.engine.model.game import Game
from vmodgen.engine.rules.combat import crt_setting
from vmodgen.engine.rules.results import ELIMINATED, ENGAGED, NONE, NUMBER, CombatResult, SideResult, crt_result
from vmodgen.engine.rules.verdict import CannotCheck, cite

#: the ``[crt] result_order`` of a table printed as the book prints it
LABELLED = "labelled"


def pgg_result(game: Game, column: str, die: int) -> CombatResult:
    """The cell for a column and die roll [PGG 9.5]; raises CannotCheck for a cell it cannot read."""
    if crt_setting(game, "result_order") == "attacker/defender":
        return crt_result(game, column, die)
    if die not in game.crt.rows:
        raise CannotCheck(f"the CRT has no row for a die roll of {die}", cite(game, "PGG 9.5"))
    if column not in game.crt.columns:
        raise CannotCheck(f"the CRT has no column {column!r}", cite(game, "PGG 9.5"))
    text = game.crt.result(die, column)
    attacker, defender = parse_cell(text)
    return CombatResult(column, die, text, attacker, defender)


def parse_cell(text: str) -> tuple[SideResult, SideResult]:
    """(attacker, defender) of a printed cell [PGG 9.5 Explanation of Combat Results]."""
    cell = text.strip()
    if cell.lower() in ("eng", "engaged"):
        return SideResult(ENGAGED, 1), SideResult(ENGAGED, 1)
    if cell in ("-", ""):
        return SideResult(NONE), SideResult(NONE)
    found: dict[str, SideResult] = {}
    for part in cell.split("/"):
        part = part.strip()
        if len(part) < 2 or part[0].upper() not in "AD" or part[0].upper() in found:
            raise CannotCheck(f"the CRT cell {text!r} is not one this checker reads", "PGG 9.5")
        rest = part[1:]
        if rest.lower() == "e":
            found[part[0].upper()] = SideResult(ELIMINATED)
        elif rest.isdigit():
            found[part[0].upper()] = SideResult(NUMBER, int(rest))
        else:
            raise CannotCheck(f"the CRT cell {text!r} is not one this checker reads", "PGG 9.5")
    return found.get("A", SideResult(NONE)), found.get("D", SideResult(NONE))
