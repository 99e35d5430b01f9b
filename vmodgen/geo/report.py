"""The registration report: soft checks a maintainer reads after each derivation."""

from __future__ import annotations

import math

from shapely.geometry import Point

from vmodgen.geo.board import Board
from vmodgen.geo.geography import Towns
from vmodgen.geo.registration import Registration, xy
from vmodgen.geo.rivers import River, west_of_line


def registration_report(spec: dict, board: Board, reg: Registration, towns: Towns) -> list[str]:
    """Anchor residuals (the fit) and ``[[checks]]`` distances (never fitted)."""
    layout = board.layout
    report = [f"registration: {reg.km_per_hex:.2f} km per hex, map north turned "
              f"{reg.rotation_degrees:+.2f} degrees from the hex columns"]
    if "km_per_hex" in spec.get("registration", {}):
        # the book's scale held fixed: what the anchors alone would give is the check on them
        pairs = [(towns.lonlat(a["town"]), board.centre(layout.parse(a["hex"]))) for a in spec["anchors"]]
        free = Registration.fit(reg.projection, pairs)
        report.append(f"  scale held fixed ([registration]); the anchors alone give "
                      f"{free.km_per_hex:.2f} km per hex")
    squares = 0.0
    for anchor in spec["anchors"]:
        z = reg(towns.lonlat(anchor["town"]))
        miss = abs(z - board.centre(layout.parse(anchor["hex"])))
        squares += miss ** 2
        report.append(f"  anchor {anchor['hex']} {anchor['name']:10s} residual {miss:.2f} hex "
                      f"= {miss * reg.km_per_hex:.1f} km (lands in {layout.name(board.nearest(z))})")
    report.append(f"  rms {math.sqrt(squares / len(spec['anchors'])):.2f} hex")
    for check in spec.get("checks", []):
        z = reg(towns.lonlat(check["at"]))
        far = ", ".join(f"{h} {abs(board.centre(layout.parse(h)) - z):.1f}" for h in check["hexes"])
        report.append(f"  check {check['what'][:60]}...: {layout.name(board.nearest(z))}; hexes away: {far}")
    return report


def river_report(spec: dict, board: Board, rivers: dict[str, River]) -> list[str]:
    """``[[bank_checks]]`` (opposing set-ups across a river), the distance of the real rivers
    from the hexsides the rules name, and ``[line_check]`` (which side of a river line hexes are)."""
    layout = board.layout
    report = []
    for bank in spec.get("bank_checks", []):
        sides = {board.edges[board.pair(u, v)] for u, v in rivers[bank["river"]].edges()}
        for a, b in bank["pairs"]:
            pair = tuple(sorted((layout.parse(a), layout.parse(b))))
            report.append(f"  bank check {a}/{b}: {'on' if pair in sides else 'NOT on'} the {bank['river']}")
    for river_spec in spec.get("rivers", []):
        for via in river_spec.get("via", []):
            for name in ([via["hexside"]] if "hexside" in via else via["hexsides"]):
                a, b = (layout.parse(n) for n in name.split("/"))
                mid = (board.centre(a) + board.centre(b)) / 2
                miss = rivers[river_spec["name"]].line.distance(Point(xy(mid)))
                kind = via["source"].split(" (")[0] if via["source"].startswith("rules:") else "reconstructed"
                report.append(f"  {name} ({kind}): the real {river_spec['name']} passes {miss:.2f} hex "
                              "from its midpoint")
    check = spec.get("line_check")
    if check:
        west = west_of_line(board, rivers, tuple(check["rivers"]))
        for side_name in ("west", "east"):
            for name in check[side_name]:
                found = "west" if layout.parse(name) in west else "east"
                report.append(f"  {name} is {found} of the {'-'.join(check['rivers'])} line"
                              + ("" if found == side_name else f" (WRONG: should be {side_name})"))
    return report
