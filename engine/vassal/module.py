"""Reading what a replay needs from a VASSAL module (``.vmod``): maps, boards, grids, trackers...

The module's ``buildFile.xml`` (``buildFile`` in modules made before VASSAL 3.5, chosen by the
module's VassalVersion as the engine chooses) is a tree of elements named by VASSAL class. From
it this reader takes the maps (with the ids commands use: the map name, else ``Map<n>``), their
possible boards with grids and sizes (a board's size is its image's), decks and at-start stacks,
the turn trackers' level structure (``TurnTracker<n>``), the palette's piece slots, prototypes,
player sides, Global Properties and dice buttons. The XML is parsed without DTDs, entities or
network, and the archive through a byte budget.

>>> module = read_module("tests/data/modules/oracle-test.vmod")
>>> module.maps[0].name, [b.name for b in module.maps[0].boards]
('Main Map', ['Board'])
"""

from __future__ import annotations

import os
import re
import warnings
import zlib
from dataclasses import dataclass, field

from lxml import etree

from vmodgen.engine.files import UnreadableFile, check_regular, read_head
from vmodgen.engine.grids.board import Board, Deck, MapBoards, PlacedBoard
from vmodgen.engine.vassal.archive import SafeArchive, looks_like_zip
from vmodgen.engine.vassal.commands import AddPiece, BoardPlacement, SetBoards, decode_leaf
from vmodgen.engine.vassal.errors import ReadError
from vmodgen.engine.vassal.limits import MAX_BUILD_FILE, MAX_MODULE_FILE
from vmodgen.engine.vassal.module_grids import GridError, children, grid_of
from vmodgen.engine.vassal.safexml import parse_xml
from vmodgen.engine.vassal.sequence import decode as split
from vmodgen.engine.vassal.turns import TurnLevel, TurnTracker

MAPS = ("VASSAL.build.module.Map", "VASSAL.build.module.PrivateMap", "VASSAL.build.module.PlayerHand")
BOARD_PICKER = "VASSAL.build.module.map.BoardPicker"
BOARD = "VASSAL.build.module.map.boardPicker.Board"
DRAW_PILE = "VASSAL.build.module.map.DrawPile"
SETUP_STACK = "VASSAL.build.module.map.SetupStack"
STACK_METRICS = "VASSAL.build.module.map.StackMetrics"
SLOTS = ("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot")
TRACKER = "VASSAL.build.module.turn.TurnTracker"
LEVELS = {"VASSAL.build.module.turn.CounterTurnLevel": "counter", "VASSAL.build.module.turn.ListTurnLevel": "list"}
PROTOTYPE = "VASSAL.build.module.PrototypeDefinition"
ROSTER = "VASSAL.build.module.PlayerRoster"
GLOBAL_PROPERTY = "VASSAL.build.module.properties.GlobalProperty"
DICE = ("VASSAL.build.module.DiceButton", "VASSAL.build.module.SpecialDiceButton")
ZONE = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"
DEFAULT_BOARD_SIZE = (500, 500)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: (bit depth, colour type) pairs the PNG specification allows (Pillow opens exactly these)
PNG_MODES = frozenset({(1, 0), (2, 0), (4, 0), (8, 0), (16, 0), (8, 2), (16, 2), (1, 3), (2, 3), (4, 3), (8, 3),
                       (8, 4), (16, 4), (8, 6), (16, 6)})


@dataclass(frozen=True)
class PieceSlot:
    """A piece definition in the module: palette slot, at-start stack or deck entry."""

    name: str
    gpid: str
    type: str
    state: str
    where: str = "palette"


@dataclass(frozen=True)
class MapInfo:
    """A map: ``id`` (``Map<n>``) and ``name`` both identify it in commands."""

    id: str
    name: str
    kind: str
    edge: tuple[int, int]
    boards: tuple[Board, ...]
    default_setup: SetBoards | None
    decks: tuple[Deck, ...] = ()
    stacking: bool = True

    def board(self, name: str) -> Board | None:
        return next((b for b in self.boards if b.name == name), None)

    def layout(self, placements: list[BoardPlacement] | None) -> MapBoards:
        """The map's boards as placed by a BoardPicker command (or the module's default)."""
        if placements is None:
            placements = self.default_setup.boards if self.default_setup else []
        placed = [PlacedBoard(board, p.column, p.row, p.reversed)
                  for p in placements if (board := self.board(p.name)) is not None]
        return MapBoards(placed, self.edge, list(self.decks))


@dataclass
class ModuleInfo:
    path: str
    name: str
    version: str
    vassal_version: str
    build_file: str
    maps: list[MapInfo] = field(default_factory=list)
    turn_trackers: list[TurnTracker] = field(default_factory=list)
    piece_slots: list[PieceSlot] = field(default_factory=list)
    prototypes: dict[str, str] = field(default_factory=dict)
    sides: list[str] = field(default_factory=list)
    global_properties: dict[str, str] = field(default_factory=dict)
    dice_buttons: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def map_by_id(self, map_id: str | None) -> MapInfo | None:
        """As ``Map.getMapById``: the first map whose name or ``Map<n>`` id matches."""
        if map_id is None:
            return None
        return next((m for m in self.maps if map_id in (m.name, m.id)), None)

    def tracker_by_id(self, tracker_id: str) -> TurnTracker | None:
        return next((t for t in self.turn_trackers if t.id == tracker_id), None)


def read_module(path: str | os.PathLike[str]) -> ModuleInfo:
    """Read a ``.vmod`` (zip); ReadError when it cannot be read as a module."""
    path = os.fspath(path)
    try:
        check_regular(path, MAX_MODULE_FILE)
        head = read_head(path)
    except UnreadableFile as error:
        raise ReadError(path, str(error)) from None
    if not looks_like_zip(head):
        raise ReadError(path, "not a VASSAL module (not a zip archive)")
    with SafeArchive(path) as archive:
        build_file = _build_file_name(archive)
        root = parse_xml(archive.read(build_file, MAX_BUILD_FILE), path, build_file)
        module = ModuleInfo(path, root.get("name", ""), root.get("version", ""),
                            root.get("VassalVersion", ""), build_file)
        _read_tree(root, module, archive)
    return module


def _build_file_name(archive: SafeArchive) -> str:
    version = None
    if archive.has("moduledata"):
        data = parse_xml(archive.read("moduledata", 1 << 20), archive.path, "moduledata")
        version = data.findtext("VassalVersion")
    present = [name for name in ("buildFile.xml", "buildFile") if archive.has(name)]
    if not present:
        raise ReadError(archive.path, "archive has no buildFile.xml (not a VASSAL module)")
    if version is None or len(present) == 1:
        return present[0]
    return "buildFile" if _older_than(version, (3, 5)) else "buildFile.xml"


def _older_than(version: str, limit: tuple[int, int]) -> bool:
    numbers = [int(n) for n in re.findall(r"\d+", version)[:2]] + [0, 0]
    return (numbers[0], numbers[1]) < limit


def _read_tree(root: etree._Element, module: ModuleInfo, archive: SafeArchive) -> None:
    map_index = tracker_index = 0
    for element in root.iter():
        tag = element.tag
        if not isinstance(tag, str):
            continue
        if tag in MAPS:
            module.maps.append(_map(element, f"Map{map_index}", module, archive))
            map_index += 1
        elif tag == TRACKER:
            levels = tuple(_level(e) for e in children(element, *LEVELS))
            module.turn_trackers.append(TurnTracker(f"TurnTracker{tracker_index}", element.get("name", ""), levels,
                                                    element.get("turnFormat") or "$level1$ $level2$ $level3$ $level4$"))
            tracker_index += 1
        elif tag in SLOTS:
            _slot(element, module)
        elif tag == PROTOTYPE:
            module.prototypes[element.get("name", "")] = (element.text or "").strip()
        elif tag == ROSTER:
            module.sides += [(entry.text or "").strip() for entry in element if entry.tag == "entry"]
        elif tag == GLOBAL_PROPERTY:
            module.global_properties[_container(element) + element.get("name", "")] = element.get("initialValue", "")
        elif tag in DICE:
            module.dice_buttons.append(element.get("name", ""))


def _map(element: etree._Element, map_id: str, module: ModuleInfo, archive: SafeArchive) -> MapInfo:
    edge = (_int(element.get("edgeWidth"), 0), _int(element.get("edgeHeight"), 0))
    if element.get("edge") and "," in element.get("edge", ""):
        width, height = element.get("edge", "0,0").split(",", 1)
        edge = (_int(width, 0), _int(height, 0))
    boards: list[Board] = []
    default_setup = None
    name = element.get("mapName") or ""
    for picker in children(element, BOARD_PICKER):
        for board_element in children(picker, BOARD):
            boards.append(_board(board_element, module, archive))
        setup = next((e.text for e in picker if e.tag == "setup" and e.text), None)
        if setup:
            command = decode_leaf(setup.strip())
            default_setup = command if isinstance(command, SetBoards) else None
    if default_setup is None and len(boards) == 1 and not boards[0].reversible:
        default_setup = SetBoards(name or map_id, [BoardPlacement(boards[0].name, False, 0, 0)])
    decks = tuple(Deck(e.get("name", ""), _int(e.get("x"), 0), _int(e.get("y"), 0), e.get("owningBoard"))
                  for e in children(element, DRAW_PILE))
    stacking = all(e.get("disabled") != "true" for e in children(element, STACK_METRICS))
    return MapInfo(map_id, name, element.tag.rsplit(".", 1)[-1], edge, tuple(boards), default_setup, decks,
                   stacking)


def _board(element: etree._Element, module: ModuleInfo, archive: SafeArchive) -> Board:
    name = element.get("name", "")
    image = element.get("image") or None
    size = (_int(element.get("width"), DEFAULT_BOARD_SIZE[0]), _int(element.get("height"), DEFAULT_BOARD_SIZE[1]))
    if image:
        image_size = _image_size(archive, image)
        if image_size is None:
            module.problems.append(f"board {name!r}: image {image!r} is missing or unreadable; "
                                   f"its size is taken as {size[0]}x{size[1]}")
        else:
            size = image_size
    try:
        grid = grid_of(element, size)
    except GridError as error:
        module.problems.append(f"board {name!r}: {error}; the board has no grid here")
        grid = None
    return Board(name, size[0], size[1], grid, element.get("reversible") == "true", image)


def _image_size(archive: SafeArchive, image: str) -> tuple[int, int] | None:
    """An image's width and height from its header (the pixels are never decoded).

    A PNG's size is read from its header chunk here, as the engine reads it (it never looks past
    the header, ImageIOImageLoader.readSize); any other image, or a PNG whose header is not sound,
    is left to Pillow, whose import a check of a vmodgen module (PNG boards) would otherwise pay
    for on every run."""
    entry = "images/" + image
    if not archive.has(entry):
        return None
    try:
        with archive.open(entry) as stream:
            size = png_size(stream.read(len(PNG_SIGNATURE) + 25))
    except Exception:  # noqa: BLE001 - an unreadable image is Pillow's to judge, as before
        size = None
    if size is not None:
        return size
    from PIL import Image

    saved = Image.MAX_IMAGE_PIXELS
    try:
        Image.MAX_IMAGE_PIXELS = None
        with warnings.catch_warnings(), archive.open(entry) as stream:
            warnings.simplefilter("ignore")
            with Image.open(stream) as picture:
                return picture.size
    except Exception:  # noqa: BLE001 - any unreadable image only loses its size
        return None
    finally:
        Image.MAX_IMAGE_PIXELS = saved


def _level(element: etree._Element) -> TurnLevel:
    kind = LEVELS[element.tag]
    values = tuple(split(element.get("list") or "", ",")) if kind == "list" and element.get("list") else ()
    return TurnLevel(kind, element.get("name") or element.get("property") or "",
                     _int(element.get("start"), 1 if kind == "counter" else 0), values,
                     element.get("turnFormat") or "$value$",
                     tuple(_level(child) for child in children(element, *LEVELS)))


def _slot(element: etree._Element, module: ModuleInfo) -> None:
    command = decode_leaf((element.text or "").strip())
    if not isinstance(command, AddPiece):
        return
    parent = element.getparent()
    where = "palette"
    while parent is not None:
        if parent.tag == SETUP_STACK:
            where = f"at-start stack {parent.get('name', '')}"
            break
        if parent.tag == DRAW_PILE:
            where = f"deck {parent.get('name', '')}"
            break
        parent = parent.getparent()
    module.piece_slots.append(PieceSlot(element.get("entryName", ""), element.get("gpid", ""),
                                        command.type, command.state, where))


def _container(element: etree._Element) -> str:
    """``""`` for a module-level property, ``"MAP/"`` or ``"MAP:ZONE/"`` inside a map or zone."""
    parent = element.getparent()
    zone = None
    while parent is not None:
        if parent.tag == ZONE and zone is None:
            zone = parent.get("name", "")
        if parent.tag in MAPS:
            return f"{parent.get('mapName', '')}:{zone}/" if zone is not None else f"{parent.get('mapName', '')}/"
        parent = parent.getparent()
    return ""


def _int(text: str | None, default: int) -> int:
    try:
        return int(text) if text not in (None, "") else default
    except ValueError:
        return default


def png_size(head: bytes) -> tuple[int, int] | None:
    r"""Width and height from the first bytes of a PNG whose first chunk is a sound IHDR (its
    length, checksum, bit depth and colour type, filter method and sizes as Pillow checks them),
    else None.

    >>> header = bytes([0, 0, 0, 2, 0, 0, 0, 1, 8, 6, 0, 0, 0])
    >>> png_size(PNG_SIGNATURE + b"\0\0\0\x0dIHDR" + header + zlib.crc32(b"IHDR" + header).to_bytes(4, "big"))
    (2, 1)
    """
    start = len(PNG_SIGNATURE)
    chunk, data, checksum = head[start:start + 8], head[start + 8:start + 21], head[start + 21:start + 25]
    if head[:start] != PNG_SIGNATURE or chunk != b"\0\0\0\x0dIHDR" or len(checksum) < 4:
        return None
    if zlib.crc32(b"IHDR" + data) != int.from_bytes(checksum, "big"):
        return None
    width, height = int.from_bytes(data[0:4], "big"), int.from_bytes(data[4:8], "big")
    if (data[8], data[9]) not in PNG_MODES or data[11] or width <= 0 or height <= 0:
        return None
    return width, height
