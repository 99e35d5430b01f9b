"""Map windows of the module: the game map with its hex grid, and off-map board windows
(turn track with reinforcement and pool boxes, dead pile) whose boxes are named zones."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from vmodgen.engine.grids.layout import BoardGeometry
from vmodgen import keys
from vmodgen.traits import PieceDefinition
from vmodgen.unit_pieces import STRENGTH
from vmodgen.xmlbuild import Element, child

B = "VASSAL.build.module."
BOARD = B + "map.boardPicker.Board"
GRID = B + "map.boardPicker.board."

MOVE_FORMAT = "$pieceName$ moves $previousLocation$ &rarr; $location$ *"
ARRIVE_FORMAT = "$pieceName$ arrives in $location$ from $previousLocation$ *"
"""Onto a map from another one: a reinforcement from its turn box, a unit drawn from a pool, a
unit taken off the map to a box."""
Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class Slot:
    """A piece placed by the module: palette entry or member of an at-start stack."""

    name: str
    gpid: str
    piece: PieceDefinition
    size: int


@dataclass(frozen=True)
class SetupStack:
    """Pieces a new game starts with at one place: a grid location or board coordinates."""

    name: str
    slots: tuple[Slot, ...]
    location: str = ""
    x: int = 0
    y: int = 0


def map_window(parent: Element, name: str, button: str, hotkey: str = "", launch: bool = False,
               mark_moved: bool = True) -> Element:
    """A Map with every helper a player needs (VASSAL adds only a few of them itself)."""
    attrs = {
        "mapName": name, "buttonName": button, "tooltip": f"Show/hide the {name} window",
        "icon": "", "hotkey": hotkey, "launch": launch,
        "allowMultiple": False, "backgroundcolor": "255,255,255", "color": "0,0,0",
        "thickness": 3, "edgeWidth": 0, "edgeHeight": 0,
        "markMoved": "Always" if mark_moved else "Never",
        "markUnmovedText": "Clear moved" if mark_moved else "", "markUnmovedIcon": "",
        "markUnmovedTooltip": "Mark all pieces on this map as not moved",
        "markUnmovedHotkey": keys.NEW_PHASE if mark_moved else "",
        "markUnmovedReport": "",
        "moveWithinFormat": MOVE_FORMAT, "moveToFormat": ARRIVE_FORMAT,
        "createFormat": "$pieceName$ created in $location$ *", "changeFormat": "$message$",
        "moveKey": "", "showKey": "", "hideKey": "",
    }
    return child(parent, B + "Map", attrs)


def board_picker(map_el: Element, map_name: str, board_name: str, image: str) -> Element:
    picker = child(map_el, B + "map.BoardPicker", {
        "title": "Choose Boards", "addRowText": "Add row", "addColumnText": "Add column",
        "boardPrompt": "Select board", "slotWidth": 350, "slotHeight": 125, "slotScale": 0.2,
    })
    # A default layout, so a new game never asks which board to use.
    child(picker, "setup", text=f"{map_name}BoardPicker\t{board_name}\t0\t0")
    return child(picker, BOARD, {"name": board_name, "image": image, "reversible": False})


def hex_grid(board_el: Element, geometry: BoardGeometry, visible: bool = False) -> None:
    grid = geometry.grid
    attrs: dict[str, object] = dict(grid.to_attributes())
    attrs |= {"edgesLegal": False, "cornersLegal": False, "visible": visible,
              "dotsVisible": False, "color": "0,0,0"}
    grid_el = child(board_el, GRID + "HexGrid", attrs)
    assert grid.numbering is not None
    numbering = dict(grid.numbering.to_attributes())
    numbering |= {"visible": False, "fontSize": 9, "color": "0,0,0", "rotateText": 0,
                  "hDrawOff": 0, "vDrawOff": 0}
    child(grid_el, GRID + "mapgrid.HexGridNumbering", numbering)


def zones(board_el: Element, boxes: Mapping[str, Rect]) -> None:
    """One rectangular Zone per box, so a piece in a box is reported by the box's name."""
    zoned = child(board_el, GRID + "ZonedGrid")
    for name, (x, y, w, h) in boxes.items():
        path = f"{x},{y};{x + w},{y};{x + w},{y + h};{x},{y + h}"
        child(zoned, GRID + "mapgrid.Zone", {
            "name": name, "locationFormat": "$name$", "path": path, "useParentGrid": False,
            "useHighlight": False, "highlightProperty": "",
        })


def helpers(map_el: Element, overview: bool) -> None:
    """Mouse, keyboard, stacking, zoom and viewer components of a playable map."""
    child(map_el, B + "map.StackMetrics", {
        "bottom": "40,0", "disabled": False, "down": "37,0", "top": "38,0", "up": "39,0",
        "exSepX": 8, "exSepY": 18, "unexSepX": 3, "unexSepY": 5, "color": "",
    })
    for name in ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer",
                 "MapCenterer", "StackExpander", "PieceMover", "KeyBufferer", "SelectionHighlighters"):
        child(map_el, B + "map." + name)
    child(map_el, B + "map.HighlightLastMoved", {"color": "255,0,0", "enabled": True, "thickness": 2})
    child(map_el, B + "map.CounterDetailViewer", {
        "version": 3, "delay": 600, "hotkey": "", "showgraph": True, "showtext": True,
        "zoomlevel": 1.0, "graphicsZoom": 1.0, "minDisplayPieces": 2, "display": "from top-most layer only",
        "summaryReportFormat": "$LocationName$", "counterReportFormat": f"$PieceName$ ${STRENGTH}$",
        "emptyHexReportForma": "$LocationName$", "showNoStack": False, "showMoveSelectde": False,
        "showNonMovable": False, "unrotatePieces": False, "showDeck": False, "borderWidth": 0,
        "centerText": False, "fgColor": "0,0,0", "bgColor": "255,255,220",
    })
    child(map_el, B + "map.Zoomer", {"zoomStart": 3, "zoomLevels": "0.35,0.5,0.75,1.0,1.5",
                                     "inTooltip": "Zoom in", "outTooltip": "Zoom out",
                                     "pickTooltip": "Select zoom"})
    if overview:
        child(map_el, B + "map.GlobalMap", {"tooltip": "Show/hide the overview map", "buttonText": "Overview",
                                            "icon": "", "hotkey": "", "scale": 0.12, "color": "255,0,0"})


def setup_stacks(map_el: Element, board_name: str, stacks: Iterable[SetupStack]) -> None:
    for stack in stacks:
        use_grid = bool(stack.location)
        node = child(map_el, B + "map.SetupStack", {
            "name": stack.name, "owningBoard": board_name, "useGridLocation": use_grid,
            "location": stack.location, "x": stack.x, "y": stack.y,
        })
        for slot in stack.slots:
            piece_slot(node, slot)


def draw_pile(map_el: Element, board_name: str, name: str, slots: Iterable[Slot],
              box: Rect) -> None:
    """A deck that reshuffles before every draw: untried units are drawn at random by type
    (AGS 13.1), and their untried side is already the face a player sees, so never face down."""
    x, y, w, h = box
    pile = child(map_el, B + "map.DrawPile", {
        "name": name, "owningBoard": board_name, "x": x + w // 2, "y": y + h // 2,
        "width": max(w - 16, 20), "height": max(h - 40, 20),
        "allowMultiple": False, "allowSelect": False, "faceDown": "Never", "drawFaceUp": False,
        "shuffle": "Always", "shuffleCommand": "", "reversible": False, "draw": True,
        "color": "0,0,0", "reshufflable": False, "canSave": False, "maxStack": 10,
        "expressionCounting": False, "hotkeyOnEmpty": False,
        "shuffleFormat": "", "reverseFormat": "", "faceDownFormat": "",
    })
    for slot in slots:
        piece_slot(pile, slot)


def piece_slot(parent: Element, slot: Slot) -> None:
    child(parent, "VASSAL.build.widget.PieceSlot",
          {"entryName": slot.name, "gpid": slot.gpid, "height": slot.size, "width": slot.size},
          text=slot.piece.add_command())
