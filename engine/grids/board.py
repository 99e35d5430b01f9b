"""Boards placed on a map, and ``Map.locationName``: which board a map pixel is on, and its name.

A map shows the boards a game chose (the save's BoardPicker command) in a grid of cells: each
board's origin is the sum of the widths of the boards left of it in its row and the heights of
those above it in its column, shifted by the map's edge buffer. A reversed board (only a
``reversible`` one can be) is turned 180 degrees, so a point's board-local coordinates are
``(width - x, height - y)``. A point exactly on a deck's position is named by the deck; a
point on no board, or whose board's grid has no name for it, is ``offboard``.

>>> board = Board("Main", 320, 300, grid=None)
>>> layout = MapBoards([PlacedBoard(board, 0, 0)], edge=(10, 10))
>>> layout.location_name(50, 50), layout.location_name(5, 5)
('offboard', 'offboard')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

OFFBOARD = "offboard"


class MapGrid(Protocol):
    """What a board needs of its grid (hex, square, region or zoned): a name for a point."""

    def location_name(self, x: int, y: int) -> str | None: ...


@dataclass(frozen=True)
class Board:
    """A board a map may show: its size (image size, or width/height without image), its grid."""

    name: str
    width: int
    height: int
    grid: MapGrid | None = None
    reversible: bool = False
    image: str | None = None


@dataclass(frozen=True)
class PlacedBoard:
    """A board in a cell of the map's layout; ``x``/``y`` (its origin) are set by ``MapBoards``."""

    board: Board
    column: int
    row: int
    reversed: bool = False
    x: int = 0
    y: int = 0

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.board.width and self.y <= y < self.y + self.board.height

    def local(self, x: int, y: int) -> tuple[int, int]:
        lx, ly = x - self.x, y - self.y
        if self.reversed:
            return self.board.width - lx, self.board.height - ly
        return lx, ly

    def location_name(self, x: int, y: int) -> str | None:
        grid = self.board.grid
        return grid.location_name(*self.local(x, y)) if grid is not None else None


@dataclass(frozen=True)
class Deck:
    """A deck (DrawPile) at a fixed point of a board; a piece exactly there is 'in' the deck."""

    name: str
    x: int
    y: int
    owning_board: str | None = None


@dataclass
class MapBoards:
    """The boards of one map as a game laid them out."""

    boards: list[PlacedBoard]
    edge: tuple[int, int] = (0, 0)
    decks: list[Deck] = field(default_factory=list)

    def __post_init__(self) -> None:
        widths: dict[tuple[int, int], int] = {}
        heights: dict[tuple[int, int], int] = {}
        for placed in self.boards:
            widths[(placed.column, placed.row)] = placed.board.width
            heights[(placed.column, placed.row)] = placed.board.height
        laid = []
        for placed in self.boards:
            # Summed over the boards there are, not over the cells a (hostile) column names.
            x = sum(w for (c, r), w in widths.items() if r == placed.row and 0 <= c < placed.column)
            y = sum(h for (c, r), h in heights.items() if c == placed.column and 0 <= r < placed.row)
            laid.append(PlacedBoard(placed.board, placed.column, placed.row,
                                    placed.reversed and placed.board.reversible,
                                    x + self.edge[0], y + self.edge[1]))
        self.boards = laid

    def find_board(self, x: int, y: int) -> PlacedBoard | None:
        for placed in self.boards:
            if placed.contains(x, y):
                return placed
        return None

    def deck_at(self, x: int, y: int) -> Deck | None:
        for deck in self.decks:
            if self.deck_position(deck) == (x, y):
                return deck
        return None

    def deck_position(self, deck: Deck) -> tuple[int, int]:
        for placed in self.boards:
            if placed.board.name == deck.owning_board:
                return deck.x + placed.x, deck.y + placed.y
        return deck.x, deck.y

    def location_name(self, x: int, y: int) -> str:
        """``Map.locationName``: a deck's name, else the board grid's name, else ``offboard``."""
        deck = self.deck_at(x, y)
        if deck is not None:
            return deck.name
        placed = self.find_board(x, y)
        name = placed.location_name(x, y) if placed is not None else None
        return OFFBOARD if name is None else name
