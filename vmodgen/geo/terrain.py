"""Hex terrain: the kind of hand-drawn polygon that covers most of a hex, then hand-set hexes."""

from __future__ import annotations

from shapely.ops import unary_union
from shapely.geometry import Polygon

from vmodgen.geo import MapError
from vmodgen.geo.board import Board
from vmodgen.geo.registration import Registration, xy


def derive_terrain(spec: dict, board: Board, reg: Registration) -> list[list[str]]:
    """One row (hex, terrain, source) per hex of the board.

    A hex takes the polygon kind that covers the largest share of it if that share reaches
    ``[hex_terrain] share``; otherwise the default terrain. A ``[[hexes]]`` entry then sets a
    hex by hand (with its own reason), for what polygons cannot say well.
    """
    rules = spec.get("hex_terrain", {})
    default, threshold = rules.get("default", "clear"), rules.get("share", 0.5)
    default_source = rules.get("default_source", "reconstructed: no hand-drawn terrain covers "
                               f"{threshold:.0%} of the hex (sources/reconstruction.toml)")
    by_kind: dict[str, list[tuple[Polygon, str]]] = {}
    for item in spec.get("terrain", []):
        outline = Polygon([xy(reg(tuple(p))) for p in item["outline"]])
        by_kind.setdefault(item["kind"], []).append((outline, item["name"]))
    unions = {kind: unary_union([p for p, _ in polys]) for kind, polys in by_kind.items()}
    rows = {}
    for h in board.hexes:
        hex_poly = board.polygons[h]
        shares = {kind: u.intersection(hex_poly).area / hex_poly.area for kind, u in unions.items()}
        kind = max(sorted(shares), key=lambda k: shares[k]) if shares else None
        if kind is not None and shares[kind] >= threshold:
            names = [n for p, n in by_kind[kind] if p.intersection(hex_poly).area > 0]
            source = (f"reconstructed: {kind} covers {round(100 * shares[kind])}% of the hex "
                      f"(hand-drawn {'; '.join(names)}, sources/reconstruction.toml)")
            rows[h] = [board.layout.name(h), kind, source]
        else:
            rows[h] = [board.layout.name(h), default, default_source]
    for item in spec.get("hexes", []):
        hex_ = board.layout.parse(item["hex"])
        if hex_ not in rows:
            raise MapError(f"[[hexes]] {item['hex']}: not a hex of the board")
        rows[hex_] = [item["hex"], item["terrain"], item["source"]]
    return list(rows.values())
