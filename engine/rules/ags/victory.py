"""The Victory Points of an Army Group South game as far as its log settles them, for the report
(``RulesFamily.summary``): Kiev 24.0-24.3, Rostov 26.0-26.3, Operation Star 25.0-25.4, Korsun
27.0-27.3. Never a finding. Each game's items come from its ``victory.toml``, read by its own
module (``victory_<game>.py``) with the shared tally (``victory_tally.py``) and what the log
shows lost and held (``victory_ledger.py``). A winner is stated only when the log reaches the end
of the game and every total the log leaves possible gives the same result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vmodgen.engine.rules.ags import victory_kiev, victory_korsun, victory_operation_star, victory_rostov
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.verdict import CannotCheck

#: each game's tally, by game id
TALLIES: dict[str, Callable[[Sequence[PhaseRecord]], list[str]]] = {
    "kiev": victory_kiev.summary, "rostov": victory_rostov.summary,
    "operation-star": victory_operation_star.summary, "korsun": victory_korsun.summary}


def summary(records: Sequence[PhaseRecord]) -> list[str]:
    """The report's lines for a game with a victory module (none for the others)."""
    if not records:
        return []
    tally = TALLIES.get(records[0].start.game.id)
    if tally is None or not records[0].start.game.victory:
        return []
    try:
        return tally(records)
    except (KeyError, TypeError, ValueError, CannotCheck) as error:
        # a module built by an older vmodgen carries victory data without a key this tally reads:
        # the findings stand, and the tally says why it is missing rather than stopping the check
        return [f"Victory Points: not worked out: the module's victory data lacks what this checker reads "
                f"({type(error).__name__}: {error}); a module rebuilt with this vmodgen has it"]
