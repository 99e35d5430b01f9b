"""A finding's picture: a piece of the module's own map image around the move, the counters
standing there (the module's own counter images, showing the face they showed, so a unit on its
untried side stays hidden), the hexes the unit could reach shaded yellow, enemy zones of control
hatched red, and the move drawn from its start through every drop to where it ended.

Hex centres come from the module's grid (``Board.grid.center_of`` of the hex's name), so the
picture lines up with what the players saw in VASSAL. Pillow writes PNG bytes deterministically.
"""

from __future__ import annotations

import io
import math
import zipfile
from collections.abc import Iterable
from pathlib import Path

from PIL import Image, ImageDraw

from vmodgen.engine.grids.hexgrid import HexGrid
from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.game import Game
from vmodgen.engine.vassal.module import ModuleInfo
from vmodgen.html.scenes import Scene
from vmodgen.unit_pieces import back_image, front_image

MARGIN_HEXES = 2.5
REACH = (255, 225, 0, 140)
REACH_EDGE = (190, 140, 0, 255)
ZOC = (220, 30, 30, 255)
MOVE = (20, 40, 200, 255)
START = (255, 255, 255, 255)


class MapArt:
    """The module's images for one game's map: the board image and the counters, read once."""

    def __init__(self, module_path: Path, module: ModuleInfo, game: Game) -> None:
        map_info = module.map_by_id(game.map.board)
        if map_info is None or not map_info.boards:
            raise ValueError(f"{module_path}: no map {game.map.board!r}")
        self.board = next((b for b in map_info.boards if b.image and b.grid is not None), map_info.boards[0])
        self.game = game
        self._zip = zipfile.ZipFile(module_path)
        self._names = set(self._zip.namelist())
        self._counters: dict[str, Image.Image | None] = {}
        self.image = self._read(self.board.image or "")
        if self.image is None:
            raise ValueError(f"{module_path}: the board image {self.board.image!r} is missing")

    def close(self) -> None:
        self._zip.close()

    def _read(self, name: str) -> Image.Image | None:
        entry = f"images/{name}"
        if entry not in self._names:
            return None
        with Image.open(io.BytesIO(self._zip.read(entry))) as image:
            return image.convert("RGBA")

    def counter(self, name: str) -> Image.Image | None:
        if name not in self._counters:
            self._counters[name] = self._read(name)
        return self._counters[name]

    def centre(self, hex_: Hex) -> tuple[float, float]:
        grid = self.board.grid
        assert grid is not None
        return grid.center_of(self.game.map.name(hex_))

    def radius(self) -> float:
        """The hex's centre-to-corner distance (VASSAL's hex grids: dx = 1.5 r across columns)."""
        grid = self.board.grid
        return grid.dx / 1.5 if isinstance(grid, HexGrid) else 30.0

    def hexagon(self, centre: tuple[float, float], shrink: float = 1.0) -> list[tuple[float, float]]:
        grid = self.board.grid
        r = self.radius() * shrink
        sideways = isinstance(grid, HexGrid) and grid.sideways
        corners = []
        for i in range(6):
            angle = math.pi / 3 * i + (math.pi / 6 if sideways else 0)
            corners.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
        return corners


def render(art: MapArt, scene: Scene) -> bytes:
    """The picture as PNG bytes."""
    path = [h for h in (scene.start, *scene.drops) if h is not None]
    box = _box(art, path)
    left, top = box[0], box[1]
    picture = art.image.crop(box)
    overlay = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)

    def at(hex_: Hex) -> tuple[float, float]:
        x, y = art.centre(hex_)
        return x - left, y - top

    for hex_ in sorted(scene.reach):
        draw.polygon(art.hexagon(at(hex_), 0.92), fill=REACH, outline=REACH_EDGE, width=2)
    for hex_ in sorted(scene.zoc):
        _hatch(draw, art.hexagon(at(hex_), 0.9), at(hex_), art.radius())
    picture = Image.alpha_composite(picture, overlay)
    _counters(art, scene, picture, (left, top), box)
    draw = ImageDraw.Draw(picture)
    if len(path) > 1:
        points = [at(h) for h in path]
        draw.line(points, fill=MOVE, width=5, joint="curve")
        for point in points[1:-1]:
            draw.ellipse(_dot(point, 7), fill=MOVE, outline=START, width=2)
        _arrow(draw, points[-2], points[-1], art.radius())
    if scene.start is not None:
        draw.ellipse(_dot(at(scene.start), 9), fill=START, outline=MOVE, width=4)
    elif path:      # a unit entering the map (a reinforcement): a ring where it was put down
        draw.ellipse(_dot(at(path[-1]), art.radius() * 0.8), outline=MOVE, width=5)
    out = io.BytesIO()
    picture.convert("RGB").save(out, "PNG", optimize=False)
    return out.getvalue()


def _box(art: MapArt, path: list[Hex]) -> tuple[int, int, int, int]:
    width, height = art.image.size
    margin = art.radius() * 2 * MARGIN_HEXES
    xs = [art.centre(h)[0] for h in path] or [width / 2]
    ys = [art.centre(h)[1] for h in path] or [height / 2]
    left, right = min(xs) - margin, max(xs) + margin
    top, bottom = min(ys) - margin, max(ys) + margin
    return (max(0, int(left)), max(0, int(top)), min(width, int(math.ceil(right))), min(height, int(math.ceil(bottom))))


def _counters(art: MapArt, scene: Scene, picture: Image.Image, origin: tuple[int, int],
              box: tuple[int, int, int, int]) -> None:
    """Each unit on the map where it stood, a stack fanned out a little as VASSAL draws it."""
    stacks: dict[Hex, list[str]] = {}
    for key, unit in sorted(scene.situation.units.items()):
        if unit.hex is not None:
            stacks.setdefault(unit.hex, []).append(key)
    for keys in stacks.values():
        keys.sort(key=lambda k: k == scene.unit)        # the moving unit on top of its stack
    for hex_, keys in sorted(stacks.items()):
        x, y = art.centre(hex_)
        if not (box[0] - 60 <= x <= box[2] + 60 and box[1] - 60 <= y <= box[3] + 60):
            continue
        for i, key in enumerate(keys):
            unit = scene.situation.units[key]
            image = art.counter(back_image(unit.counter) if unit.showing_back else front_image(unit.counter))
            if image is None:
                continue
            if key == scene.unit:
                image = _outlined(image)
            left = int(x - origin[0] - image.width / 2 + 4 * i)
            top = int(y - origin[1] - image.height / 2 - 4 * i)
            picture.paste(image, (left, top), image)      # clipped at the picture's edges


def _outlined(image: Image.Image) -> Image.Image:
    framed = image.copy()
    ImageDraw.Draw(framed).rectangle((0, 0, framed.width - 1, framed.height - 1), outline=MOVE, width=4)
    return framed


def _hatch(draw: ImageDraw.ImageDraw, corners: list[tuple[float, float]], centre: tuple[float, float],
           radius: float) -> None:
    """A red outline and diagonal strokes: a zone of control, visible over shading and counters."""
    draw.polygon(corners, outline=ZOC, width=3)
    for offset in (-0.5, 0.0, 0.5):
        d = offset * radius
        draw.line([(centre[0] + d - radius * 0.35, centre[1] + radius * 0.35),
                   (centre[0] + d + radius * 0.35, centre[1] - radius * 0.35)], fill=ZOC, width=2)


def _dot(point: tuple[float, float], r: float) -> tuple[float, float, float, float]:
    return (point[0] - r, point[1] - r, point[0] + r, point[1] + r)


def _arrow(draw: ImageDraw.ImageDraw, tail: tuple[float, float], head: tuple[float, float], size: float) -> None:
    angle = math.atan2(head[1] - tail[1], head[0] - tail[0])
    length = size * 0.6
    wings = [(head[0] - length * math.cos(angle + s), head[1] - length * math.sin(angle + s)) for s in (0.45, -0.45)]
    draw.polygon([head, *wings], fill=MOVE)


def legend_colours() -> Iterable[tuple[str, tuple[int, int, int, int]]]:
    return (("could reach", REACH), ("enemy zone of control", ZOC), ("the move", MOVE))
