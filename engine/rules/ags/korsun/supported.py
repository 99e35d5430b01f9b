"""Korsun's Supported markers [Korsun 24.22, 24.23]: how many may stay on the map.

The doubling itself (24.21) is the shared attack strength's (``rules.attack_support_markers``,
read by ``engine.rules.combat.supported``). This rule judges the markers' removal: at the beginning
of the Soviet Player-Turn of Game-Turn 2 two of the four are removed, and the units under the two
kept must be in supply (24.22); at that of Game-Turn 3 all are removed (24.23). A log shows the
removal as the markers leaving the map; it is judged at the end of the Soviet Movement Phase (the
first phase of the Player-Turn), so a marker still on the map then was not removed at its
beginning. A marker removed later in the phase is not told apart from one removed in time.

Parameters (``games/korsun/game.toml``): ``rules.korsun_supported_removal`` (side, phase, markers
kept per Game-Turn, cases) and the marker counters and corps types of ``rules.attack_support_markers``
(counter-sheet markers, followed as the family's markers by their ``Unit``: ``SHEET_MARKER`` in
``engine/rules/ags/vocabulary.py``).
A game without them has no such rule.
"""

from __future__ import annotations

from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.piece_properties import UNIT
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.supply import SupplyTracer
from vmodgen.engine.rules.verdict import CannotCheck, Verdict, cite, hex_list, hex_name, optional_table


class SupportedRemoval:
    """24.22, 24.23: no more Supported markers on the map than the Game-Turn keeps."""

    name = "korsun_supported_removal"

    def check_phase(self, record: PhaseRecord, memory: dict[str, Any]) -> list[Judgement]:
        game = record.start.game
        spec = optional_table(game, "korsun_supported_removal")
        support = optional_table(game, "attack_support_markers")
        kept = spec["kept"].get(str(record.turn)) if spec else None
        if spec is None or support is None or kept is None or record.phase.name != spec["phase"] \
                or record.end is None or not record.complete:
            return []
        kept_markers = {p: m for p, m in record.markers_at().items() if m.get(UNIT) in support["markers"] and m.hex is not None}
        on_map = sorted((m.hex for m in kept_markers.values()), key=lambda h: hex_name(game, h))  # type: ignore[misc]
        case = cite(game, spec["cases"][str(record.turn)])
        found = []
        if len(on_map) > int(kept):
            found.append(Judgement(record.last_step, None, "", "", Verdict.illegal(case, (
                f"{len(on_map)} Supported marker{'s are' if len(on_map) > 1 else ' is'} on the map after the "
                f"{spec['phase']} Phase of Game-Turn "
                f"{record.turn} (in {hex_list(game, on_map)}); {kept} may stay: the others are removed at the "
                f"beginning of the {spec['side']} Player-Turn"), on_map), record.turn, record.phase.name, spec["side"]))
        elif kept:
            # where each kept marker stood as the phase began: it moves with its unit (24.24)
            found += _kept_in_supply(record, [(record.markers_at_start.get(p) or m).hex for p, m in kept_markers.items()],
                                     support, case)
        return found


def _kept_in_supply(record: PhaseRecord, on_map: list[Hex | None], support: dict[str, Any], case: str) -> list[Judgement]:
    """24.22: a marker kept on Game-Turn 2 stands on a unit in supply as the Player-Turn begins
    (the units of its hex at the start of the phase: the supply tracer's judgement there)."""
    game = record.start.game
    start = record.start
    tracer = SupplyTracer(start, record.markers_at_start)
    found = []
    for where in on_map:
        if where is None:
            continue
        corps = [k for k in start.at(where) if start.units[k].counter.type in support["types"]]
        if not corps:
            continue
        try:
            supplied = [tracer.state(k).in_supply for k in corps]
        except CannotCheck as unknown:
            supplied = [None]
            reason = unknown.reason
        else:
            reason = "the supply tracer could not tell"
        if any(s is True for s in supplied):
            continue
        names = ", ".join(game.counter(k).name for k in corps)
        if all(s is False for s in supplied):
            verdict = Verdict.illegal(case, f"a Supported marker was kept on {names} in {hex_name(game, where)}, "
                                            f"out of supply as Game-Turn {record.turn} began; a Supported marker on a "
                                            "unit out of supply must be removed", [where])
        else:
            verdict = Verdict.unchecked(case, f"whether {names} in {hex_name(game, where)}, kept supported, was in "
                                              f"supply as Game-Turn {record.turn} began is not known ({reason})")
        found.append(Judgement(record.last_step, corps[0], hex_name(game, where), "", verdict, record.turn,
                               record.phase.name, game.counter(corps[0]).side))
    return found


SUPPORTED_REMOVAL = SupportedRemoval()
