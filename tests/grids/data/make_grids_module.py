"""Build ``grids.vmod``, a module whose maps exercise every grid the replay names locations with,
and record the real engine's name for a lattice of points on each map (``grids.engine.json``).

Maps: a square grid with alphabetic, descending, offset numbering and an edge buffer; a
sideways hex grid with descending columns; a hex grid with both directions descending on an
image board (its size comes from the picture); polygon zones (own grid, parent grid, overlaps,
concave shapes) over a hex background; an irregular grid with equidistant regions; and three
boards laid out by a default BoardPicker setup, one reversed, with a deck on one of them.

Run from the repository root with the oracle available (``python tests/grids/data/make_grids_module.py``).
"""

from __future__ import annotations

import json
import os
import random
import struct
import subprocess
import sys
import zlib
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
ORACLE = os.environ.get("VASSAL_ORACLE", str(REPO.parent / "shared" / "tools" / "oracle" / "oracle"))
P = "VASSAL.build.module.map.boardPicker."
NUM = "first=\"{first}\" sep=\"{sep}\" hType=\"{hType}\" hLeading=\"{hLeading}\" hOff=\"{hOff}\" hDescend=\"{hDescend}\" " \
      "vType=\"{vType}\" vLeading=\"{vLeading}\" vOff=\"{vOff}\" vDescend=\"{vDescend}\" locationFormat=\"{fmt}\""


def numbering(kind: str, **values: str) -> str:
    defaults = dict(first="H", sep="", hType="N", hLeading="1", hOff="1", hDescend="false", vType="N",
                    vLeading="1", vOff="1", vDescend="false", fmt="$gridLocation$")
    defaults.update(values)
    extra = f' stagger="{values.get("stagger", "true")}"' if kind == "Hex" else ""
    return f'<{P}board.mapgrid.{kind}GridNumbering {NUM.format(**defaults)}{extra}/>'


def hexgrid(attrs: str, number: str) -> str:
    return f'<{P}board.HexGrid {attrs}>{number}</{P}board.HexGrid>'


def square(attrs: str, number: str = "") -> str:
    return f'<{P}board.SquareGrid {attrs}>{number}</{P}board.SquareGrid>'


def board(name: str, size: str, grid: str, reversible: bool = False) -> str:
    return (f'<{P}Board name="{name}" {size} reversible="{str(reversible).lower()}">{grid}</{P}Board>')


def map_xml(name: str, boards: str, edge: tuple[int, int] = (0, 0), setup: str = "", extra: str = "") -> str:
    setup_xml = f"<setup>{setup}</setup>" if setup else ""
    return (f'<VASSAL.build.module.Map mapName="{name}" edgeWidth="{edge[0]}" edgeHeight="{edge[1]}" '
            f'allowMultiple="false" launch="false" buttonName="{name}" markMoved="Never">'
            f'<VASSAL.build.module.map.BoardPicker title="Choose Boards" addRowText="Add row" addColumnText="Add column" '
            f'boardPrompt="Select board" slotWidth="350" slotHeight="125" slotScale="0.2">{setup_xml}{boards}'
            f'</VASSAL.build.module.map.BoardPicker>'
            f'<VASSAL.build.module.map.StackMetrics disabled="false" exSepX="6" exSepY="18" unexSepX="2" unexSepY="4"/>'
            f'<VASSAL.build.module.map.PieceMover/><VASSAL.build.module.map.KeyBufferer/>{extra}'
            f'</VASSAL.build.module.Map>')


ZONES = (
    f'<{P}board.ZonedGrid>'
    f'<{P}board.mapgrid.Zone name="North" locationFormat="$name$/$gridLocation$" path="10,10;290,10;150,120" useParentGrid="false">'
    + square('x0="20" y0="20" dx="30.0" dy="25.0"', numbering("Square", sep=",", hLeading="0", vLeading="0"))
    + f'</{P}board.mapgrid.Zone>'
    f'<{P}board.mapgrid.Zone name="Lake" locationFormat="$name$" path="300,50;500,50;500,250;420,250;420,120;300,120" useParentGrid="false"/>'
    f'<{P}board.mapgrid.Zone name="Road" locationFormat="$name$ $gridLocation$" path="0,200;600,180;600,220;0,240" useParentGrid="true"/>'
    f'<{P}board.mapgrid.Zone name="Shadowed" locationFormat="never $name$" path="400,150;480,150;480,230;400,230" useParentGrid="false"/>'
    f'<{P}board.mapgrid.Zone name="Label" locationFormat="Town of $name$ ($unknown$)" path="100,300;200,300;200,380;100,380" useParentGrid="false"/>'
    + hexgrid('x0="25" y0="25" dx="43.30127" dy="50.0"', numbering("Hex"))
    + f'</{P}board.ZonedGrid>')

REGIONS = (f'<{P}board.RegionGrid snapto="true" visible="false" fontsize="9">'
           + "".join(f'<{P}board.Region name="{n}" originx="{x}" originy="{y}"/>' for n, x, y in [
               ("A", 100, 100), ("B", 200, 100), ("C", 150, 200), ("D", 300, 300), ("E", 100, 300),
               ("F", 200, 300), ("G", 150, 50), ("H", 50, 150), ("I", 250, 150), ("J", 350, 100),
               ("K", 350, 200), ("L", 10, 10), ("M", 390, 390), ("N", 200, 200), ("O", 100, 200),
               ("P", 300, 100), ("Q", 300, 200), ("R", 250, 250), ("S", 50, 250), ("T", 100, 100)])
           + f'</{P}board.RegionGrid>')

MAPS = [
    ("Square", map_xml("Square", board("Sq", 'width="400" height="300"', square(
        'x0="10" y0="15" dx="37.5" dy="41.0"',
        numbering("Square", first="V", sep="-", hType="A", hLeading="0", hOff="0", hDescend="true",
                  vLeading="2", vOff="-3", vDescend="true", fmt="Sq $gridLocation$ r$row$ c$column$"))), (30, 20)), (460, 340)),
    ("Sideways", map_xml("Sideways", board("Sw", 'width="500" height="420"', hexgrid(
        'sideways="true" x0="20" y0="30" dx="52.0" dy="60.0"',
        numbering("Hex", hType="N", hLeading="1", hOff="0", hDescend="true", vType="A", vOff="2")))), (520, 440)),
    ("Descending", map_xml("Descending", board("Ds", 'image="desc.png"', hexgrid(
        'x0="30" y0="40" dx="40.0" dy="46.0"',
        numbering("Hex", hDescend="true", vDescend="true", hLeading="0", vLeading="2", sep=".")))), (470, 370)),
    ("Zones", map_xml("Zones", board("Zn", 'width="600" height="400"', ZONES)), (620, 420)),
    ("Regions", map_xml("Regions", board("Rg", 'width="400" height="400"', REGIONS)), (420, 420)),
    ("Layout", map_xml("Layout", board("L1", 'width="300" height="200"', hexgrid('x0="20" y0="20" dx="35.0" dy="40.0"', numbering("Hex")))
                       + board("L2", 'width="250" height="200"', square('x0="10" y0="10" dx="40.0" dy="40.0"', numbering("Square", hType="A")), True)
                       + board("L3", 'width="300" height="150"', square('x0="25" y0="25" dx="50.0" dy="50.0"', numbering("Square", first="V"))),
                       (15, 25), "LayoutBoardPicker\tL1\t0\t0\tL2/rev\t1\t0\tL3\t0\t1",
                       '<VASSAL.build.module.map.DrawPile name="Pile" owningBoard="L3" x="40" y="40" width="30" height="30"/>'),
     (600, 420)),
]


def png(width: int, height: int) -> bytes:
    raw = b"".join(b"\x00" + b"\xc8\xe6\xbe" * width for _ in range(height))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def build() -> Path:
    body = "".join(xml for _, xml, _ in MAPS)
    build_xml = ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>'
                 '<VASSAL.build.GameModule name="Grid Test" version="1.0" VassalVersion="3.6.0" nextPieceSlotId="1" '
                 'description="Grids for the replay reader">'
                 '<VASSAL.build.module.BasicCommandEncoder/><VASSAL.build.module.Documentation/>'
                 '<VASSAL.build.module.PlayerRoster buttonText="Retire"/>'
                 '<VASSAL.build.module.GlobalOptions autoReport="Always" playerIdFormat="$PlayerName$"/>'
                 + body + '<VASSAL.build.module.Chatter/></VASSAL.build.GameModule>')
    moduledata = ('<?xml version="1.0" encoding="UTF-8" standalone="no"?><data version="1"><version>1.0</version>'
                  '<VassalVersion>3.6.0</VassalVersion><dateSaved>1700000000000</dateSaved>'
                  '<description>Grids for the replay reader</description><name>Grid Test</name></data>')
    path = HERE / "grids.vmod"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in (("buildFile.xml", build_xml.encode()), ("moduledata", moduledata.encode()),
                           ("images/desc.png", png(450, 350))):
            archive.writestr(zipfile.ZipInfo(name, date_time=(2023, 11, 14, 0, 0, 0)), data)
    return path


def points(width: int, height: int) -> list[tuple[int, int]]:
    rng = random.Random(f"{width}x{height}")
    lattice = [(x, y) for x in range(-5, width + 6, 17) for y in range(-5, height + 6, 19)]
    return lattice + [(rng.randrange(-10, width + 10), rng.randrange(-10, height + 10)) for _ in range(300)]


def main() -> None:
    module = build()
    answers = {}
    for name, _, size in MAPS:
        pts = points(*size)
        if name == "Layout":
            pts.append((15 + 40, 25 + 200 + 40))  # the deck's own point on L3
        args = [str(v) for p in pts for v in p]
        done = subprocess.run([ORACLE, "grid", str(module), "--map", name, *args], capture_output=True, text=True)
        report = json.loads(done.stdout)
        if report.get("fatal") or not report.get("points"):
            sys.exit(f"oracle grid {name}: {report.get('fatal') or report.get('errors') or done.stderr[-2000:]}")
        answers[name] = [[p["x"], p["y"], p["location"]] for p in report["points"]]
        print(name, len(answers[name]), "points", report.get("errors"))
    (HERE / "grids.engine.json").write_text(json.dumps(answers, indent=0) + "\n")


if __name__ == "__main__":
    main()
