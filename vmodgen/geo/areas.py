"""Entry and supply areas: stretches of the board edge, and the edge hexes lines run off from."""

from __future__ import annotations

from vmodgen.engine.hexes import Hex
from vmodgen.geo import MapError
from vmodgen.geo.board import Board

Exits = dict[Hex, set[tuple[str, str]]]


def derive_areas(spec: dict, board: Board, exits: Exits,
                 lines: list[list[str]]) -> tuple[list[list[str]], list[str]]:
    """Rows of areas.csv: each ``[[areas]]`` entry area, the supply hexes ``[[area_supply]]``
    takes from a side's areas, each ``[[edge_supply]]`` set of edge hexes, and each
    ``[[hex_areas]]`` group the book names hex by hex (a set-up area, Korsun 19.72's supply hexes).
    An ``[[edge_supply]]`` row may carry another ``purpose``: Panzergruppe Guderian 14.22's
    South-Western Front enters by every railroad hex of the south edge."""
    lay = board.layout
    on_line: dict[Hex, set[str]] = {}
    for kind, _, hexes, _ in lines:
        for name in hexes.split():
            on_line.setdefault(lay.parse(name), set()).add(kind)
    entry_kinds = spec.get("entry_lines", {})
    rows, report = [], []
    area_hexes: dict[str, list[Hex]] = {}
    for area in spec.get("areas", []):
        hexes = sorted({h for e in area["edges"] for h in board.edge_hexes(e["edge"], e["from"], e["to"])})
        area_hexes[area["area"]] = hexes
        purpose = area.get("purpose", "entry")
        rows.append([area["area"], area["side"], purpose, " ".join(lay.name(h) for h in hexes),
                     f"reconstructed: {area['reason']}"])
        if purpose != "entry":
            continue  # an exit or other edge area (Rostov 25.2's withdrawal area) needs no entry line
        usable = tuple(entry_kinds.get(area["side"], ("road", "railroad")))
        # an empty list: reinforcements may enter by any hex of the area (Operation Star 23.1, 23.2)
        entries = [h for h in hexes if not usable or on_line.get(h, set()) & set(usable)]
        report.append(f"  {area['area']} ({area['side']}): {len(hexes)} edge hexes, "
                      f"{len(entries)} with a {' or '.join(usable) or 'any hex'}: {' '.join(lay.name(h) for h in entries)}")
        if not entries:
            raise MapError(f"area {area['area']} has no edge hex with a {' or '.join(usable)} "
                           "for reinforcements to enter by ([entry_lines])")
    for rule in spec.get("area_supply", []):
        for area in spec.get("areas", []):
            if area["side"] != rule["side"]:
                continue
            supply = [h for h in area_hexes[area["area"]] if _runs_off(exits.get(h, ()), rule)]
            rows.append([area["area"], rule["side"], "supply", " ".join(lay.name(h) for h in supply),
                         rule["source"]])
    for rule in spec.get("edge_supply", []):
        barred = {h for name in rule.get("except_areas", []) for h in area_hexes.get(name, [])}
        supply = sorted(h for h, found in exits.items() if h not in barred and _runs_off(found, rule))
        rows.append([rule["area"], rule["side"], rule.get("purpose", "supply"),
                     " ".join(lay.name(h) for h in supply), rule["source"]])
    for area in spec.get("hex_areas", []):
        hexes = sorted(lay.parse(name) for name in area["hexes"])
        off = [lay.name(h) for h in hexes if not lay.contains(h)]
        if off:
            raise MapError(f"hex area {area['area']}: {' '.join(off)} not on the board")
        rows.append([area["area"], area["side"], area["purpose"], " ".join(lay.name(h) for h in hexes),
                     area["source"]])
    return rows, report


def _runs_off(found: set[tuple[str, str]] | tuple, rule: dict) -> bool:
    """Whether a line of one of the rule's ``kinds`` (default: any) runs off one of its ``edges``."""
    kinds = rule.get("kinds")
    return any(side in rule["edges"] and (kinds is None or kind in kinds) for kind, side in found)
